/** Characters of the longest key coalesced (a cache key is about 150). */
export const FLIGHT_KEY_MAX_LENGTH = 512;
/** Calls under way that are coalesced at once; past it, a new key's call runs on its own. */
export const MAX_FLIGHTS = 10_000;

/**
 * Concurrent identical calls share one promise: one core call serves them all. Its memory is
 * bounded whatever its callers send: at most `MAX_FLIGHTS` keys of at most
 * `FLIGHT_KEY_MAX_LENGTH` characters (a call over either runs uncoalesced, as it would alone).
 */
export class SingleFlight {
  private readonly inflight = new Map<string, Promise<unknown>>();

  /** `fn`'s promise, or the one already under way for `key`. */
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const existing = this.inflight.get(key);
    if (existing) return existing as Promise<T>;
    if (key.length > FLIGHT_KEY_MAX_LENGTH || this.inflight.size >= MAX_FLIGHTS) return fn();
    const promise = fn().finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  /** The call under way for `key`, which a caller may join; undefined when there is none. */
  joins(key: string): Promise<unknown> | undefined {
    return this.inflight.get(key);
  }

  /** Calls under way. */
  get size(): number {
    return this.inflight.size;
  }
}
