/**
 * The cache layer of the resilience stack: keys, reads and writes that never fail a call (a
 * cache store that cannot answer is counted, logged at debug and bypassed). What it serves is
 * read-only, from a hit or a miss alike (docs/decisions/0050-read-only-cached-values.md).
 */
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { describeError } from '../errors/error-log';
import { type CacheEntry, type CacheStore, readOnlyCopy } from '../stores/cache';
import type { RedisKeys } from '../stores/redis-keys';

export interface CachedCallsDeps {
  adapterId: string;
  cache: CacheStore;
  /** The deployment's key names and digests. */
  keys: RedisKeys;
  logger: Logger;
  /** Clock of the entries' `storedAt`, milliseconds. */
  now: () => number;
  /** Called when the store fails to read or write for `operation` (the failure is logged too). */
  onError(operation: string): void;
}

/** How many call keys are remembered at most (the least recently used go first). */
export const KEYS_REMEMBERED = 10_000;
/** Bytes the remembered keys may take at most, counted by {@link memoBytes}: 8 MiB. */
export const KEY_MEMO_BYTES = 8 * 1024 * 1024;
/**
 * Bytes of the largest call remembered (its arguments' JSON about 4,000 characters): a call naming
 * more (a body of many ids) has its key made each time, as it was before keys were remembered.
 */
export const KEY_MEMO_ENTRY_BYTES = 8 * 1024;

/**
 * What a remembered key costs, at most: two bytes a character of the call's text and of its key
 * (V8 keeps a string in one byte a character when it can), and the memo's own share of an entry.
 */
export function memoBytes(key: string, input: string): number {
  return 2 * (input.length + key.length) + 64;
}

export class CachedCalls {
  /** The key of each recent call, by its operation and arguments' JSON. */
  private readonly keys = new LRUCache<string, string>({
    max: KEYS_REMEMBERED,
    maxSize: KEY_MEMO_BYTES,
    maxEntrySize: KEY_MEMO_ENTRY_BYTES,
    sizeCalculation: (key, input) => memoBytes(key, input),
  });

  constructor(private readonly deps: CachedCallsDeps) {}

  /**
   * The key of one call (also its single-flight key): the deployment's namespace, adapter,
   * operation, and keyed digests of the customer id and the other arguments (no id is stored in
   * a key, nor one that hashing a guessed id could find). Two HMACs per call were the largest
   * part of a cache hit after the token check: the keys of recent calls are remembered, up to
   * `KEYS_REMEMBERED` of them and `KEY_MEMO_BYTES` in all, none over `KEY_MEMO_ENTRY_BYTES`, so
   * the memory stays the same few megabytes under any mix of ids and bodies.
   */
  key(operation: string, args: readonly unknown[]): string {
    const [customerId, ...rest] = args;
    const customerJson = JSON.stringify(customerId) ?? 'undefined';
    const restJson = JSON.stringify(rest);
    // JSON escapes control characters: a NUL cannot occur inside either part.
    const input = `${operation}\u0000${customerJson}\u0000${restJson}`;
    let key = this.keys.get(input);
    if (key === undefined) {
      const { keys, adapterId } = this.deps;
      const parts = [adapterId, operation, keys.digest(customerJson), keys.digest(restJson)];
      key = keys.key('cache', 'v1', ...parts);
      this.keys.set(input, key);
    }
    return key;
  }

  /** Bytes the remembered keys take, as {@link memoBytes} counts them. */
  get memoBytes(): number {
    return this.keys.calculatedSize;
  }

  /** The stored entry, or undefined (also when the store fails). */
  async get(operation: string, key: string): Promise<CacheEntry | undefined> {
    try {
      return await this.deps.cache.get(key);
    } catch (err) {
      this.failed(operation, err, 'cache read failed');
      return undefined;
    }
  }

  /** Stores a value for `lifetimeMs` in the background; a failure is counted, never thrown. */
  set(operation: string, key: string, value: unknown, lifetimeMs: number): void {
    this.deps.cache
      .set(key, { value, storedAt: this.deps.now() }, lifetimeMs)
      .catch((err: unknown) => this.failed(operation, err, 'cache write failed'));
  }

  /**
   * Stores a core's answer for `lifetimeMs` in the background and returns what its callers get:
   * the read-only copy a hit will read (so a miss serves what a hit does), or the answer itself,
   * uncached, when it cannot be copied (not JSON: counted as a failed write, as the store would).
   */
  store(operation: string, key: string, value: unknown, lifetimeMs: number): unknown {
    let copy: unknown;
    try {
      copy = readOnlyCopy(value);
    } catch (err) {
      this.failed(operation, err, 'cache write failed');
      return value;
    }
    // The copy keeps its JSON text: the Redis store writes that instead of the value again.
    this.set(operation, key, copy, lifetimeMs);
    return copy;
  }

  private failed(operation: string, err: unknown, message: string): void {
    this.deps.onError(operation);
    this.deps.logger.debug({ err: describeError(err), operation }, message);
  }
}
