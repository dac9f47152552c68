import { traceDecision } from '../observability/tracing';

/** Concurrent identical calls share one promise: one core call serves them all. */
export class SingleFlight {
  private readonly inflight = new Map<string, Promise<unknown>>();

  /** `fn`'s promise, or the one already under way for `key`. */
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const existing = this.inflight.get(key);
    if (existing) {
      traceDecision('single_flight_join');
      return existing as Promise<T>;
    }
    const promise = fn().finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  /** Calls under way. */
  get size(): number {
    return this.inflight.size;
  }
}
