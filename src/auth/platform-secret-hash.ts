/**
 * How the platform client registry keeps client secrets (docs/decisions/0063-client-secrets-keyed-hash.md):
 * `hmac-sha256$<key id>$<digest>`, HMAC-SHA-256 of the secret under a key derived from
 * `PLATFORM_CLIENT_HASH_KEY`. Secrets are 256 random bits, so a slow KDF adds nothing against
 * guessing; an HMAC costs microseconds on the event loop and queues nothing on libuv's thread
 * pool, where every holder token signature is checked (docs/decisions/0053-one-thread-for-token-checks.md).
 *
 * Hashes of earlier versions (`scrypt$N$r$p$salt$key`) still verify, one at a time so that
 * holder checks wait behind one at most; the registry replaces each at its client's next success.
 */
import crypto from 'node:crypto';
import { type Config, ConfigError } from '../config/config';
import { isDemoOnly } from '../config/core-layout';

/** The setting holding the key. */
export const HASH_KEY_SETTING = 'PLATFORM_CLIENT_HASH_KEY';
/** The tag of current hashes. */
export const HMAC_TAG = 'hmac-sha256';
/** HKDF labels: the key serves this purpose only, whatever else the operator's value is used for. */
const FROM_SETTING = 'data-holder-gateway platform client secrets';
const DEVELOPMENT = 'data-holder-gateway development platform client secrets';

/** Where the key came from (`development`: a key anyone can derive; demo mode only). */
export type HashKeySource = typeof HASH_KEY_SETTING | 'development';

/** What checking a secret against a stored hash found. */
export interface SecretCheck {
  matches: boolean;
  /** The hash is scrypt, of an earlier version: worth replacing once the secret matched. */
  outdated: boolean;
  /** The hash was made under another key: this instance cannot tell a right secret. */
  otherKey: boolean;
}

interface ScryptHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** An scrypt hash of an earlier version, when `encoded` is a well-formed one of sane cost. */
function parseScrypt(encoded: string): ScryptHash | undefined {
  const parts = encoded.split('$');
  const [tag, n, r, p, salt, key] = parts;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  const wellFormed =
    parts.length === 6 &&
    tag === 'scrypt' &&
    Number.isInteger(N) &&
    N >= 2 &&
    N <= 2 ** 20 &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(R) &&
    R >= 1 &&
    R <= 32 &&
    Number.isInteger(P) &&
    P >= 1 &&
    P <= 16;
  const keyBytes = wellFormed ? Buffer.from(key!, 'base64url') : Buffer.alloc(0);
  if (!wellFormed || keyBytes.length === 0) return undefined;
  return { N, r: R, p: P, salt: Buffer.from(salt!, 'base64url'), key: keyBytes };
}

async function scryptMatches(secret: string, hash: ScryptHash): Promise<boolean> {
  const { N, r, p } = hash;
  const options = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  const derived = await new Promise<Buffer>((resolve, reject) =>
    crypto.scrypt(secret, hash.salt, hash.key.length, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
  return crypto.timingSafeEqual(derived, hash.key);
}

const equal = (a: Buffer, b: Buffer) => a.length === b.length && crypto.timingSafeEqual(a, b);

/** Hashes and checks client secrets under one key. */
export class SecretHasher {
  /** Identifies the key in each hash (a digest of a constant: it tells nothing of the key). */
  readonly keyId: string;
  private legacy: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly key: Buffer,
    readonly source: HashKeySource,
  ) {
    this.keyId = crypto.createHmac('sha256', key).update('key id').digest('base64url').slice(0, 8);
  }

  /** The hasher of the operator's key (the setting's text, at least 43 characters). */
  static fromSetting(value: string): SecretHasher {
    const key = Buffer.from(crypto.hkdfSync('sha256', value, Buffer.alloc(0), FROM_SETTING, 32));
    return new SecretHasher(key, HASH_KEY_SETTING);
  }

  /** The hasher of demo mode: a key anyone can derive, the same in every process. */
  static development(): SecretHasher {
    const key = Buffer.from(crypto.hkdfSync('sha256', DEVELOPMENT, Buffer.alloc(0), '', 32));
    return new SecretHasher(key, 'development');
  }

  private digest(secret: string): Buffer {
    return crypto.createHmac('sha256', this.key).update(secret, 'utf8').digest();
  }

  /** `hmac-sha256$<key id>$<digest base64url>`; never the secret itself. */
  hash(secret: string): string {
    return [HMAC_TAG, this.keyId, this.digest(secret).toString('base64url')].join('$');
  }

  /**
   * Checks `secret` against `stored` in constant time. A current hash costs one HMAC; a malformed
   * one the same, then no; an scrypt hash of an earlier version its full scrypt work, queued
   * behind any other scrypt check of this process (one on the thread pool at a time).
   */
  async check(secret: string, stored: string): Promise<SecretCheck> {
    const derived = this.digest(secret);
    const [tag, keyId, digest, ...rest] = stored.split('$');
    if (tag === HMAC_TAG && rest.length === 0 && digest !== undefined) {
      const sameKey = keyId === this.keyId;
      const matches = equal(Buffer.from(digest, 'base64url'), derived) && sameKey;
      return { matches, outdated: false, otherKey: !sameKey };
    }
    const legacy = parseScrypt(stored);
    if (!legacy) return { matches: false, outdated: false, otherKey: false };
    const run = this.legacy.then(() => scryptMatches(secret, legacy));
    this.legacy = run.catch(() => undefined);
    return { matches: await run, outdated: true, otherKey: false };
  }
}

/** Why this configuration has no key for client secrets, or undefined. */
export function clientHashKeyProblem(
  config: Pick<Config, 'platformClientHashKey' | 'cores' | 'devKeys'>,
): string | undefined {
  if (config.platformClientHashKey !== undefined || isDemoOnly(config.cores) || config.devKeys)
    return undefined;
  return `${HASH_KEY_SETTING}: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true (the same on every instance and for the clients command: openssl rand -base64 48)`;
}

/**
 * The hasher of the configured key: `PLATFORM_CLIENT_HASH_KEY`, or in demo mode (the demo core,
 * or `HOLDER_DEV_KEYS=true`) when that is unset, the development key.
 * @throws ConfigError naming PLATFORM_CLIENT_HASH_KEY when it is missing outside demo mode
 */
export function secretHasherOf(
  config: Pick<Config, 'platformClientHashKey' | 'cores' | 'devKeys'>,
): SecretHasher {
  const problem = clientHashKeyProblem(config);
  if (problem) throw new ConfigError([problem]);
  return config.platformClientHashKey === undefined
    ? SecretHasher.development()
    : SecretHasher.fromSetting(config.platformClientHashKey);
}
