/**
 * Client secrets' hashes (docs/decisions/0063-client-secrets-keyed-hash.md): HMAC-SHA-256 under
 * the configured key, checked in constant time; scrypt hashes of earlier versions still checked,
 * one at a time; the key required outside demo mode.
 */
import crypto from 'node:crypto';
import { ConfigError, configFrom } from '../../src/config/config';
import {
  clientHashKeyProblem,
  SecretHasher,
  secretHasherOf,
} from '../../src/auth/platform-secret-hash';
import { scryptHash } from '../component/platform-helpers';

const KEY = 'k'.repeat(43);

describe('HMAC-SHA-256 hashes', () => {
  const hasher = SecretHasher.fromSetting(KEY);

  it('when a secret is hashed, then the hash names the scheme and the key, holds no secret, and only that secret matches', async () => {
    const hash = hasher.hash('s3cret-value');
    expect(hash).toMatch(/^hmac-sha256\$[\w-]{8}\$[\w-]{43}$/);
    expect(hash.split('$')[1]).toBe(hasher.keyId);
    expect(hash).not.toContain('s3cret-value');
    await expect(hasher.check('s3cret-value', hash)).resolves.toEqual({
      matches: true,
      outdated: false,
      otherKey: false,
    });
    for (const other of ['s3cret-valuE', '', 's3cret-value ']) {
      await expect(hasher.check(other, hash)).resolves.toMatchObject({ matches: false });
    }
  });

  it('when one secret is hashed under two keys, then the hashes differ and neither key checks the other key’s hash', async () => {
    const other = SecretHasher.fromSetting('o'.repeat(43));
    const mine = hasher.hash('same');
    const theirs = other.hash('same');
    expect(mine).not.toBe(theirs);
    expect(mine).toBe(hasher.hash('same'));
    await expect(hasher.check('same', theirs)).resolves.toEqual({
      matches: false,
      outdated: false,
      otherKey: true,
    });
    await expect(SecretHasher.development().check('same', mine)).resolves.toMatchObject({
      matches: false,
      otherKey: true,
    });
  });

  it('when the development hasher is made twice, then both make the same hashes', () => {
    expect(SecretHasher.development().hash('x')).toBe(SecretHasher.development().hash('x'));
    expect(SecretHasher.development().source).toBe('development');
    expect(hasher.source).toBe('PLATFORM_CLIENT_HASH_KEY');
  });

  it.each([
    ['empty', ''],
    ['another scheme', 'bcrypt$10$abc'],
    ['an HMAC hash with a part too many', `hmac-sha256$x$y$z`],
    ['an HMAC hash without a digest', 'hmac-sha256$abcdefgh'],
    ['an scrypt cost that is not a power of two', 'scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA'],
    ['a huge scrypt cost', `scrypt$${2 ** 30}$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA`],
    ['an scrypt hash without a key', 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$'],
  ])('when the stored hash is %s, then nothing matches', async (_case, stored) => {
    await expect(hasher.check('anything', stored)).resolves.toMatchObject({ matches: false });
  });
});

describe('scrypt hashes of earlier versions', () => {
  const hasher = SecretHasher.fromSetting(KEY);

  it('when the right secret is checked against one, then it matches and is marked outdated; a wrong one does not match', async () => {
    const stored = scryptHash('old-secret', 2 ** 10);
    await expect(hasher.check('old-secret', stored)).resolves.toEqual({
      matches: true,
      outdated: true,
      otherKey: false,
    });
    await expect(hasher.check('old-secreT', stored)).resolves.toMatchObject({ matches: false });
  });

  it('when several are checked at once, then they run one after the other, in order', async () => {
    const stored = scryptHash('s', 2 ** 10);
    const finished: number[] = [];
    const original = crypto.scrypt;
    let running = 0;
    let most = 0;
    const spy = jest.spyOn(crypto, 'scrypt').mockImplementation(((...args: unknown[]) => {
      running += 1;
      most = Math.max(most, running);
      const callback = args.at(-1) as (err: Error | null, key: Buffer) => void;
      (original as (...a: unknown[]) => void)(
        ...args.slice(0, -1),
        (err: Error | null, key: Buffer) => {
          running -= 1;
          callback(err, key);
        },
      );
    }) as typeof crypto.scrypt);
    try {
      await Promise.all(
        [0, 1, 2, 3].map(async (i) => {
          await hasher.check(i % 2 ? 'wrong' : 's', stored);
          finished.push(i);
        }),
      );
    } finally {
      spy.mockRestore();
    }
    expect(most).toBe(1);
    expect(finished).toEqual([0, 1, 2, 3]);
  });
});

describe('the key', () => {
  const production = {
    CORE_ADAPTER: 'fineract',
    FINERACT_BASE_URL: 'http://127.0.0.1:9/api',
    FINERACT_USERNAME: 'u',
    FINERACT_PASSWORD: 'p',
    HOLDER_SUBDOMAIN: 'bank',
    HOLDER_JWKS_URL: 'http://127.0.0.1:9/jwks.json',
    ID_KEY_FILE: '/etc/dhg/id.key',
  };

  it('when a real core runs without PLATFORM_CLIENT_HASH_KEY, then it is a configuration problem naming the setting', () => {
    const config = configFrom(production);
    const line =
      'PLATFORM_CLIENT_HASH_KEY: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true (the same on every instance and for the clients command: openssl rand -base64 48)';
    expect(clientHashKeyProblem(config)).toBe(line);
    expect(() => secretHasherOf(config)).toThrow(ConfigError);
    expect(() => secretHasherOf(config)).toThrow(line);
  });

  it('when a real core runs with PLATFORM_CLIENT_HASH_KEY, then hashes are made under it', () => {
    const config = configFrom({ ...production, PLATFORM_CLIENT_HASH_KEY: KEY });
    expect(clientHashKeyProblem(config)).toBeUndefined();
    expect(secretHasherOf(config).hash('x')).toBe(SecretHasher.fromSetting(KEY).hash('x'));
  });

  it('when the demo core runs without it, then the development key is used', () => {
    const hasher = secretHasherOf(configFrom({}));
    expect(hasher.source).toBe('development');
  });

  it('when PLATFORM_CLIENT_HASH_KEY is shorter than 43 characters, then the configuration is refused', () => {
    expect(() => configFrom({ PLATFORM_CLIENT_HASH_KEY: 'short' })).toThrow(
      'PLATFORM_CLIENT_HASH_KEY',
    );
  });
});
