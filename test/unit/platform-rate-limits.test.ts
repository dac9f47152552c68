/**
 * The rate limiter wrapper: points per window, Retry-After, hashed keys in Redis, what happens
 * when Redis cannot answer (refuse or allow, by rule), and the source an address counts as.
 */
import crypto from 'node:crypto';
import Redis from 'ioredis';
import pino from 'pino';
import { AuthUnavailableError, type GatewayError, RateLimitedError } from '../../src/errors';
import {
  addressSource,
  createRateLimiter,
  rateLimitRedisKey,
} from '../../src/endpoints/platform/rate-limits';
import { redisKeys } from '../../src/stores/redis-keys';

const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';
const logger = pino({ level: 'silent' });
/** This run's own namespace and digest key in the shared Redis. */
const keys = redisKeys({
  namespace: `test-${crypto.randomUUID()}`,
  secret: crypto.randomBytes(32).toString('base64'),
});

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  return undefined;
}

describe('rate limiter in memory', () => {
  it('when a subject uses its points, then the next request is RateLimitedError with the seconds left', async () => {
    const limiter = createRateLimiter(
      { purpose: 'unit', points: 3, windowSeconds: 30, onStoreError: 'refuse' },
      { keys, logger },
    );
    for (let i = 0; i < 3; i += 1) await limiter.consume('alice');
    const err = await errorOf(limiter.consume('alice'));
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as GatewayError).retryAfterSeconds).toBeGreaterThanOrEqual(29);
    expect((err as GatewayError).retryAfterSeconds).toBeLessThanOrEqual(30);
    await expect(limiter.consume('bob')).resolves.toBeUndefined();
  });
});

describe('rate limiter in Redis', () => {
  let redis: Redis;
  const subject = `subject-${crypto.randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });
  afterAll(async () => {
    await redis.del(rateLimitRedisKey(keys, 'unit-redis', subject));
    await redis.quit();
  });

  it('when a subject is counted, then its key is the keyed digest of the subject under dhg:<namespace>:rl:<purpose>, expiring with the window', async () => {
    const limiter = createRateLimiter(
      { purpose: 'unit-redis', points: 2, windowSeconds: 20, onStoreError: 'refuse' },
      { redis, keys, logger },
    );
    await limiter.consume(subject);
    const key = rateLimitRedisKey(keys, 'unit-redis', subject);
    expect(key).toBe(`dhg:${keys.namespace}:rl:unit-redis:${keys.digest(subject)}`);
    expect(key).toMatch(/:[\w-]{43}$/);
    expect(key).not.toContain(subject);
    expect(key).not.toContain(crypto.hash('sha256', subject, 'base64url'));
    expect(await redis.get(key)).toBe('1');
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(20);
    await limiter.consume(subject);
    expect(await errorOf(limiter.consume(subject))).toBeInstanceOf(RateLimitedError);
  });
});

describe('rate limiter when Redis is down', () => {
  let down: Redis;
  beforeAll(() => {
    down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
  });
  afterAll(() => down.disconnect());

  it('when the rule says refuse, then the request is AuthUnavailableError (503)', async () => {
    const limiter = createRateLimiter(
      { purpose: 'down', points: 5, windowSeconds: 60, onStoreError: 'refuse' },
      { redis: down, keys, logger },
    );
    expect(await errorOf(limiter.consume('x'))).toBeInstanceOf(AuthUnavailableError);
  });

  it('when the store keeps failing, then one warning says so, not one per request', async () => {
    const lines: { msg: string; purpose: string; err: { type: string } }[] = [];
    const capture = pino(
      { level: 'warn' },
      { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) },
    );
    const limiter = createRateLimiter(
      { purpose: 'down', points: 5, windowSeconds: 60, onStoreError: 'refuse' },
      { redis: down, keys, logger: capture },
    );
    for (let i = 0; i < 20; i += 1) await errorOf(limiter.consume(`x${i}`));
    expect(lines.map((l) => [l.msg, l.purpose])).toEqual([
      ['rate limit store failed; refusing requests', 'down'],
    ]);
    expect(lines[0]!.err.type).toEqual(expect.any(String));
  });

  it('when the rule says allow, then the request goes through', async () => {
    const limiter = createRateLimiter(
      { purpose: 'down', points: 5, windowSeconds: 60, onStoreError: 'allow' },
      { redis: down, keys, logger },
    );
    await expect(limiter.consume('x')).resolves.toBeUndefined();
  });
});

describe('the source an address counts as', () => {
  it.each([
    ['an IPv4 address', '203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped IPv6 address', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv6 address', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['another address of that /64', '2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['an address of the next /64', '2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['the IPv6 loopback', '::1', '::/64'],
    ['no address', '', ''],
  ])('when %s (%j) is counted, then it counts as %j', (_case, address, source) => {
    expect(addressSource(address)).toBe(source);
  });

  it('when two addresses of one /64 are counted by a limit of 2 per source, then the third request of that /64 is refused and another /64 is not', async () => {
    const limiter = createRateLimiter(
      { purpose: 'unit-source', points: 2, windowSeconds: 30, onStoreError: 'refuse' },
      { keys, logger },
    );
    await limiter.consume(addressSource('2001:db8:5:6::1'));
    await limiter.consume(addressSource('2001:db8:5:6:ffff::2'));
    expect(await errorOf(limiter.consume(addressSource('2001:db8:5:6::3')))).toBeInstanceOf(
      RateLimitedError,
    );
    await expect(limiter.consume(addressSource('2001:db8:5:7::1'))).resolves.toBeUndefined();
  });
});
