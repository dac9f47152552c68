/**
 * The rate limiter wrapper: points per window, Retry-After, hashed keys in Redis, what happens
 * when Redis cannot answer (refuse or allow, by rule), and reservations given back.
 */
import crypto from 'node:crypto';
import Redis from 'ioredis';
import pino from 'pino';
import { AuthUnavailableError, type GatewayError, RateLimitedError } from '../../src/errors';
import { createRateLimiter, rateLimitRedisKey } from '../../src/resilience/rate-limits';
import { redisKeys } from '../../src/resilience/redis-keys';
import { type OwnRedis, startOwnRedis } from '../helpers/redis-server';

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

  it('when the rule says refuse, then a reservation is AuthUnavailableError (503)', async () => {
    const limiter = createRateLimiter(
      { purpose: 'down', points: 5, windowSeconds: 60, onStoreError: 'refuse' },
      { redis: down, keys, logger },
    );
    expect(await errorOf(limiter.reserve('x'))).toBeInstanceOf(AuthUnavailableError);
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

describe('reservations', () => {
  it('when a reserved point is released (twice, even), then the subject may use it again, once', async () => {
    const limiter = createRateLimiter(
      { purpose: 'unit-reserve', points: 2, windowSeconds: 30, onStoreError: 'refuse' },
      { keys, logger },
    );
    await limiter.reserve('alice');
    const second = await limiter.reserve('alice');
    await second.release();
    await second.release();
    await expect(limiter.reserve('alice')).resolves.toBeDefined();
    expect(await errorOf(limiter.reserve('alice'))).toBeInstanceOf(RateLimitedError);
  });

  it('when a reservation is released after its window ended, then nothing is given back to the next window', async () => {
    const limiter = createRateLimiter(
      { purpose: 'unit-reserve-late', points: 1, windowSeconds: 1, onStoreError: 'refuse' },
      { keys, logger },
    );
    const late = await limiter.reserve('bob');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await limiter.reserve('bob');
    await late.release();
    expect(await errorOf(limiter.reserve('bob'))).toBeInstanceOf(RateLimitedError);
  });
});

describe('reservations in Redis', () => {
  let own: OwnRedis;
  let stopped = false;
  let redis: Redis;
  beforeAll(async () => {
    own = await startOwnRedis();
    redis = new Redis(own.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    await redis.connect();
  });
  afterAll(async () => {
    redis.disconnect();
    if (!stopped) await own.stop();
  });

  it('when a reservation is released, then the stored count goes back down; when the store has failed by then, then the release is dropped without an error', async () => {
    const limiter = createRateLimiter(
      { purpose: 'unit-reserve', points: 5, windowSeconds: 30, onStoreError: 'refuse' },
      { redis, keys, logger },
    );
    const key = rateLimitRedisKey(keys, 'unit-reserve', 'carol');
    const first = await limiter.reserve('carol');
    const second = await limiter.reserve('carol');
    expect(await redis.get(key)).toBe('2');
    await first.release();
    expect(await redis.get(key)).toBe('1');
    await own.stop();
    stopped = true;
    await expect(second.release()).resolves.toBeUndefined();
  });
});
