/**
 * Cache stores for core results: a bounded in-process LRU, or Redis (shared by every instance).
 * Values are serialized (so no caller can alias a cached object), and in Redis optionally
 * encrypted with AES-256-GCM, the cache key bound in as additional data so an entry cannot be
 * moved to another key (another customer) without failing authentication.
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

/** JSON with Map support (ports return a Map for instalment plans). */
export function serialize(entry: CacheEntry): string {
  return JSON.stringify(entry, (_k, v: unknown) =>
    v instanceof Map ? { [MAP_TAG]: [...v.entries()] } : v,
  );
}

export function deserialize(text: string): CacheEntry {
  // A reviver runs for every key: only pay for it when the text holds a Map (a profile showed
  // the reviver as the top gateway frame on cache hits).
  if (!text.includes(MAP_TAG)) return JSON.parse(text) as CacheEntry;
  return JSON.parse(text, (_k, v: unknown) =>
    v && typeof v === 'object' && MAP_TAG in v
      ? new Map((v as Record<string, [unknown, unknown][]>)[MAP_TAG])
      : v,
  ) as CacheEntry;
}

export function memoryCacheStore(maxEntries: number): CacheStore {
  const lru = new LRUCache<string, string>({
    max: maxEntries,
    ttlAutopurge: false,
    allowStale: false,
  });
  return {
    kind: 'memory',
    async get(key) {
      const text = lru.get(key);
      return text === undefined ? undefined : deserialize(text);
    },
    async set(key, entry, ttlMs) {
      lru.set(key, serialize(entry), { ttl: Math.max(1, Math.ceil(ttlMs)) });
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
      return deserialize(cipher ? cipher.decrypt(key, stored) : stored);
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
