import crypto from 'node:crypto';
import Redis from 'ioredis';
import { memoryReplayStore, redisReplayStore } from '../../src/auth/replay-store';

const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

describe('in-process replay store', () => {
  it('when an id is claimed twice before it expires, then only the first claim succeeds', async () => {
    let clock = 1000;
    const store = memoryReplayStore(() => clock);
    expect(await store.claim('a', 5000)).toBe(true);
    expect(await store.claim('a', 5000)).toBe(false);
    clock = 5001;
    expect(await store.claim('a', 9000)).toBe(true);
    await store.close();
  });
});

describe('Redis replay store (real Redis)', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(() => redis.quit());

  it('when 50 claims of one id race, then exactly one succeeds', async () => {
    const store = redisReplayStore(redis);
    const id = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => store.claim(id, Date.now() + 60_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('when an id is claimed, then Redis holds a hash of it that expires with the token, never the raw id', async () => {
    const prefix = `dhg:test:${crypto.randomUUID()}:`;
    const store = redisReplayStore(redis, Date.now, prefix);
    const id = `raw-jti-${crypto.randomUUID()}`;
    await store.claim(id, Date.now() + 10_000);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain(id);
    const ttl = await redis.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(8_000);
    expect(ttl).toBeLessThanOrEqual(10_000);
  });

  it('when Redis cannot be reached, then a claim fails with 503, never succeeds', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => {});
    const store = redisReplayStore(down);
    await expect(store.claim('x', Date.now() + 1000)).rejects.toMatchObject({
      status: 503,
      message: 'Service unavailable',
    });
    down.disconnect();
  });
});
