/**
 * Cache stores for core results: a bounded in-process LRU, or Redis (shared by every instance).
 * Every value a store hands out is read-only (docs/decisions/0050-read-only-cached-values.md): a
 * deep-frozen copy made once when it is stored, its Maps `ReadOnlyMap`s, so no writer or reader
 * can change what another reads. The in-process store hands the same copy to every reader; Redis
 * holds JSON text, optionally encrypted with AES-256-GCM, the cache key bound in as additional
 * data so an entry cannot be moved to another key (another customer) without failing
 * authentication.
 */
import crypto from 'node:crypto';
import type { RedisClient } from './redis';
import { LRUCache } from 'lru-cache';

/** A cached value and when it was stored (ms). */
export interface CacheEntry {
  value: unknown;
  storedAt: number;
}

export interface CacheStore {
  readonly kind: 'memory' | 'redis';
  /** The entry, or undefined. @throws when the store cannot answer */
  get(key: string): Promise<CacheEntry | undefined>;
  /** Stores an entry that disappears after `ttlMs`. @throws when the store cannot answer */
  set(key: string, entry: CacheEntry, ttlMs: number): Promise<void>;
}

const MAP_TAG = '__dhgMap';

const tagMaps = (_k: string, v: unknown): unknown =>
  v instanceof Map ? { [MAP_TAG]: [...v.entries()] } : v;

/**
 * JSON with Map support (ports return a Map for instalment plans). A read-only copy's value is
 * not written again: its kept text ({@link jsonTextOf}) is put in as it is.
 */
export function serialize(entry: CacheEntry): string {
  const { value } = entry;
  const valueJson = value !== null && typeof value === 'object' ? jsonTextOf(value) : undefined;
  if (valueJson === undefined) return JSON.stringify(entry, tagMaps);
  return `{"value":${valueJson},"storedAt":${JSON.stringify(entry.storedAt)}}`;
}

/** A Map that cannot be changed: the Map of a read-only value (instalment plans). */
export class ReadOnlyMap<K, V> extends Map<K, V> {
  constructor(entries: Iterable<readonly [K, V]>) {
    super();
    // Map's constructor would call the overridden `set`: fill through the base class instead.
    for (const [k, v] of entries) super.set(k, v);
    Object.freeze(this);
  }

  override set(): never {
    throw new TypeError('Cannot change a read-only cached Map');
  }

  override delete(): never {
    throw new TypeError('Cannot change a read-only cached Map');
  }

  override clear(): never {
    throw new TypeError('Cannot change a read-only cached Map');
  }
}

/**
 * The values made by `readOnlyCopy`, so a value already read-only is never copied again, each
 * with the JSON text it was copied from: what `JSON.stringify` writes of the copy, since
 * `JSON.stringify(JSON.parse(t)) === t` for any `t` that `JSON.stringify` wrote (undefined when
 * the value holds a Map, which the copy's text tags and `JSON.stringify` writes as `{}`).
 */
const readOnlyCopies = new WeakMap<object, string | undefined>();

/** JSON.parse reviver of values that hold a Map: children come first, so each is frozen already. */
function freezeRevived(_k: string, v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (MAP_TAG in v) return new ReadOnlyMap((v as Record<string, [unknown, unknown][]>)[MAP_TAG]);
  return Object.freeze(v);
}

/** Freezes a value just parsed from JSON (plain objects and arrays only), every level. */
function freezeParsed(v: unknown): void {
  if (v === null || typeof v !== 'object') return;
  Object.freeze(v);
  if (Array.isArray(v)) for (const item of v) freezeParsed(item);
  else for (const key in v) freezeParsed((v as Record<string, unknown>)[key]);
}

/** The cache's JSON text read back as a deep-frozen value, its Maps `ReadOnlyMap`s. */
export function deserialize(text: string): unknown {
  // A reviver runs for every key (slower than a walk): only used when the text holds a Map.
  if (text.includes(MAP_TAG)) return JSON.parse(text, freezeRevived);
  const value: unknown = JSON.parse(text);
  freezeParsed(value);
  return value;
}

/**
 * A deep-frozen copy of `value`, made through the cache's JSON (so it reads back as any cached
 * value does, with Maps as `ReadOnlyMap`s); a primitive, or a copy this made, as it is.
 * @throws when the value cannot be written as JSON (a BigInt, a cycle)
 */
export function readOnlyCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object' || readOnlyCopies.has(value)) return value;
  const json = JSON.stringify(value, tagMaps);
  const copy = deserialize(json) as T & object;
  readOnlyCopies.set(copy, json.includes(MAP_TAG) ? undefined : json);
  return copy;
}

const ENTRY_HEAD = '{"value":';
const STORED_AT = ',"storedAt":';

/**
 * An entry read back from its text, deep-frozen. Text in the form `serialize` writes
 * (`{"value":<value>,"storedAt":<ms>}`) has its value parsed from the value's own part, which is
 * then kept as that value's JSON text ({@link jsonTextOf}), so that the answer of a Redis hit is
 * not serialised again either: the text is one `JSON.stringify` wrote. Any other text is parsed
 * whole.
 */
export function deserializeEntry(text: string): CacheEntry {
  const at = text.lastIndexOf(STORED_AT);
  const storedAt = at > 0 && text.endsWith('}') ? text.slice(at + STORED_AT.length, -1) : '';
  if (text.startsWith(ENTRY_HEAD) && /^\d{1,16}$/.test(storedAt)) {
    const json = text.slice(ENTRY_HEAD.length, at);
    let value: unknown;
    try {
      value = deserialize(json);
    } catch {
      return deserialize(text) as CacheEntry;
    }
    if (value !== null && typeof value === 'object' && !json.includes(MAP_TAG)) {
      readOnlyCopies.set(value, json);
    }
    return Object.freeze({ value, storedAt: Number(storedAt) });
  }
  return deserialize(text) as CacheEntry;
}

/**
 * `JSON.stringify(value)` of a value `readOnlyCopy` made, kept from when it was made (the value
 * cannot change), or of a value a Redis hit read ({@link deserializeEntry}); undefined for any
 * other value, and for one that holds a Map.
 */
export function jsonTextOf(value: object): string | undefined {
  return readOnlyCopies.get(value);
}

/** Bytes of the in-process cache when none are given: 64 MiB (`CACHE_MAX_MB`). */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * What an in-process entry costs, at most: three bytes a character of the value's JSON (its kept
 * text, one byte a character when V8 can, and the parsed copy: together about two bytes a
 * character, measured on the demo data set), two a character of its key, and the store's share.
 */
export function entryBytes(key: string, entry: CacheEntry): number {
  const { value } = entry;
  const text =
    value !== null && typeof value === 'object'
      ? (jsonTextOf(value) ?? JSON.stringify(value, tagMaps))
      : JSON.stringify(value);
  return 3 * (text?.length ?? 0) + 2 * key.length + 128;
}

/**
 * The in-process store: each entry a read-only copy made once, at write, and the same copy
 * handed to every reader (parsing it on every read was most of a cache hit's cache cost). At
 * most `maxEntries` entries of `maxBytes` in all, as {@link entryBytes} counts them; the least
 * recently used go first, and an entry larger than the whole store is served but not kept.
 */
export function memoryCacheStore(
  maxEntries: number,
  maxBytes: number = DEFAULT_CACHE_BYTES,
): CacheStore & { readonly bytes: number } {
  const lru = new LRUCache<string, CacheEntry>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (entry, key) => entryBytes(key, entry),
    ttlAutopurge: false,
    allowStale: false,
  });
  return {
    kind: 'memory',
    get bytes() {
      return lru.calculatedSize;
    },
    async get(key) {
      return lru.get(key);
    },
    async set(key, entry, ttlMs) {
      const stored = Object.freeze({ value: readOnlyCopy(entry.value), storedAt: entry.storedAt });
      lru.set(key, stored, { ttl: Math.max(1, Math.ceil(ttlMs)) });
    },
  };
}

/** AES-256-GCM with the cache key as additional authenticated data. */
export class CacheCipher {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    this.key = Buffer.from(base64Key, 'base64');
    if (this.key.length !== 32) throw new Error('CACHE_ENCRYPTION_KEY must be 32 bytes, base64');
  }

  encrypt(cacheKey: string, plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(cacheKey, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** @throws when the value was altered, moved from another key, or made with another key */
  decrypt(cacheKey: string, sealed: string): string {
    const raw = Buffer.from(sealed, 'base64');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(cacheKey, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

export function redisCacheStore(redis: RedisClient, cipher?: CacheCipher): CacheStore {
  return {
    kind: 'redis',
    async get(key) {
      const stored = await redis.get(key);
      if (stored === null) return undefined;
      // Read-only like the in-process store's entries: services behave the same over either.
      return deserializeEntry(cipher ? cipher.decrypt(key, stored) : stored);
    },
    async set(key, entry, ttlMs) {
      const text = serialize(entry);
      await redis.set(
        key,
        cipher ? cipher.encrypt(key, text) : text,
        'PX',
        Math.max(1, Math.ceil(ttlMs)),
      );
    },
  };
}
