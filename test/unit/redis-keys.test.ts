/** The Redis key scheme: namespaced keys, and digests nobody can find by hashing a guess. */
import crypto from 'node:crypto';
import { redisKeys, redisKeysOf } from '../../src/stores/redis-keys';
import { configFrom } from '../../src/config/config';

const CACHE_KEY = Buffer.alloc(32, 3).toString('base64');

describe('redis keys', () => {
  it('when a key is made, then it starts with dhg:<namespace>: and joins its parts with colons', () => {
    expect(redisKeys({ namespace: 'bank-a' }).key('rl', 'token-address', 'x')).toBe(
      'dhg:bank-a:rl:token-address:x',
    );
  });

  it('when an id is digested, then the digest is an HMAC under the secret, never its plain SHA-256', () => {
    const keys = redisKeys({ namespace: 'n', secret: 's'.repeat(43) });
    const digest = keys.digest('c-1001');
    expect(digest).toMatch(/^[\w-]{43}$/);
    expect(digest).toBe(
      crypto.createHmac('sha256', 's'.repeat(43)).update('c-1001').digest('base64url'),
    );
    expect(digest).not.toBe(crypto.hash('sha256', 'c-1001', 'base64url'));
    expect(keys.source).toBe('REDIS_KEY_SECRET');
  });

  it('when the secrets differ, then the digests of one id differ: nobody without the secret can match them', () => {
    const a = redisKeys({ namespace: 'n', secret: 'a'.repeat(43) });
    const b = redisKeys({ namespace: 'n', secret: 'b'.repeat(43) });
    expect(a.digest('203.0.113.7')).not.toBe(b.digest('203.0.113.7'));
  });

  it('when no secret is set, then the key is derived from CACHE_ENCRYPTION_KEY (never the cipher key itself)', () => {
    const keys = redisKeys({ namespace: 'n', cacheEncryptionKey: CACHE_KEY });
    expect(keys.source).toBe('CACHE_ENCRYPTION_KEY');
    const raw = Buffer.from(CACHE_KEY, 'base64');
    expect(keys.digest('x')).not.toBe(
      crypto.createHmac('sha256', raw).update('x').digest('base64url'),
    );
    expect(keys.digest('x')).toBe(
      redisKeys({ namespace: 'other', cacheEncryptionKey: CACHE_KEY }).digest('x'),
    );
    // A secret, when given, wins over the derivation.
    expect(
      redisKeys({ namespace: 'n', secret: 's'.repeat(43), cacheEncryptionKey: CACHE_KEY }).source,
    ).toBe('REDIS_KEY_SECRET');
  });

  it('when neither is set, then a development key derived from the namespace is used: the same on every instance of it', () => {
    const a = redisKeys({ namespace: 'demo' });
    expect(a.source).toBe('development');
    expect(a.digest('x')).toBe(redisKeys({ namespace: 'demo' }).digest('x'));
    expect(a.digest('x')).not.toBe(redisKeys({ namespace: 'demo-2' }).digest('x'));
  });

  it('when built from the configuration, then it takes REDIS_KEY_NAMESPACE, REDIS_KEY_SECRET and CACHE_ENCRYPTION_KEY', () => {
    const keys = redisKeysOf(
      configFrom({ REDIS_KEY_NAMESPACE: 'bank-b', CACHE_ENCRYPTION_KEY: CACHE_KEY }),
    );
    expect(keys.namespace).toBe('bank-b');
    expect(keys.source).toBe('CACHE_ENCRYPTION_KEY');
  });
});
