/**
 * The names of everything the gateway keeps in Redis (docs/decisions/0040-redis-key-scheme.md):
 * `dhg:<namespace>:<kind>:...`, where the namespace is the deployment's (two deployments sharing a
 * Redis never read each other's entries) and every customer id, account id, client id or address
 * in a key is an HMAC-SHA256 digest under a key Redis never sees. A plain SHA-256 could be
 * reversed by hashing guesses (ids and addresses are short and structured); an HMAC cannot
 * without its key.
 */
import crypto from 'node:crypto';

/** Where the HMAC key of the digests came from. */
export type KeyDigestSource = 'REDIS_KEY_SECRET' | 'CACHE_ENCRYPTION_KEY' | 'development';

export interface RedisKeys {
  /** The deployment's namespace: the second part of every key. */
  readonly namespace: string;
  /** Where the digest key came from (`development`: a key anyone can derive). */
  readonly source: KeyDigestSource;
  /** `dhg:<namespace>:<parts joined by ':'>`. */
  key(...parts: string[]): string;
  /** The keyed digest of `value`: HMAC-SHA256, base64url (43 characters). */
  digest(value: string): string;
}

/** What the keys are made from: the configured namespace and secrets. */
export interface RedisKeySettings {
  namespace: string;
  /** `REDIS_KEY_SECRET`, used as the HMAC key as it is. */
  secret?: string;
  /** `CACHE_ENCRYPTION_KEY` (base64), from which the HMAC key is derived when no secret is set. */
  cacheEncryptionKey?: string;
}

/** HKDF labels: a derived key serves one purpose, never the cipher's own. */
const FROM_CACHE_KEY = 'data-holder-gateway redis key digests';
const DEVELOPMENT = 'data-holder-gateway development redis key digests';

/** The HMAC key: the operator's secret, else derived from the cache encryption key, else public. */
function digestKey(settings: RedisKeySettings): { key: Buffer; source: KeyDigestSource } {
  if (settings.secret !== undefined) {
    return { key: Buffer.from(settings.secret, 'utf8'), source: 'REDIS_KEY_SECRET' };
  }
  const derive = (ikm: Buffer, info: string) =>
    Buffer.from(crypto.hkdfSync('sha256', ikm, Buffer.alloc(0), info, 32));
  if (settings.cacheEncryptionKey !== undefined) {
    const ikm = Buffer.from(settings.cacheEncryptionKey, 'base64');
    return { key: derive(ikm, FROM_CACHE_KEY), source: 'CACHE_ENCRYPTION_KEY' };
  }
  // The configuration allows this only where nothing secret is at stake (the demo core, or no
  // Redis): the same on every instance of the deployment, so they still share their counts.
  const ikm = Buffer.from(settings.namespace, 'utf8');
  return { key: derive(ikm, DEVELOPMENT), source: 'development' };
}

export function redisKeys(settings: RedisKeySettings): RedisKeys {
  const { key, source } = digestKey(settings);
  const prefix = `dhg:${settings.namespace}:`;
  return {
    namespace: settings.namespace,
    source,
    key: (...parts) => prefix + parts.join(':'),
    digest: (value) => crypto.createHmac('sha256', key).update(value, 'utf8').digest('base64url'),
  };
}

/** The configured key scheme (`REDIS_KEY_NAMESPACE`, `REDIS_KEY_SECRET`, `CACHE_ENCRYPTION_KEY`). */
export function redisKeysOf(config: {
  redis: { keyNamespace: string; keySecret?: string };
  resilience: { cacheEncryptionKey?: string };
}): RedisKeys {
  return redisKeys({
    namespace: config.redis.keyNamespace,
    secret: config.redis.keySecret,
    cacheEncryptionKey: config.resilience.cacheEncryptionKey,
  });
}
