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

  it('when seconds pass, then a sweep drops exactly the ids that expired and keeps the live ones', async () => {
    let clock = 10_000;
    const store = memoryReplayStore(() => clock, 60_000);
    for (let i = 0; i < 100; i += 1) await store.claim(`id-${i}`, 10_000 + i * 100); // 10.0 s .. 19.9 s
    await store.claim('past', 5_000); // already expired when claimed: swept at the next sweep
    expect(store.size()).toBe(101);
    clock = 15_000;
    store.sweep();
    // Entries are kept to the end of the second they expire in (rounded up, never early): ids
    // 0..40 expire at or before 14.0 s and go, with the one already expired when claimed; ids
    // 41..49 (14.1 s .. 14.9 s) stay until second 15 is swept.
    expect(store.size()).toBe(59);
    expect(await store.claim('id-49', 30_000)).toBe(true); // expired at 14.9 s: claimable again
    expect(await store.claim('id-50', 30_000)).toBe(true); // exp 15.0 s <= now: expired too
    expect(await store.claim('id-51', 30_000)).toBe(false); // live until 15.1 s
    clock = 20_000;
    store.sweep();
    // ids 91..99 (19.1 s .. 19.9 s) wait for second 20; the re-claimed ids live until 30 s
    // although their first expiry second has passed
    expect(store.size()).toBe(11);
    expect(await store.claim('id-49', 30_000)).toBe(false);
    clock = 31_000;
    store.sweep();
    expect(store.size()).toBe(0);
    await store.close();
  });

  it('when 100,000 ids are live, then a sweep after one second removes only the ids of that second', async () => {
    let clock = 0;
    const store = memoryReplayStore(() => clock, 60_000);
    for (let i = 0; i < 100_000; i += 1) await store.claim(`id-${i}`, 1_000 + (i % 300) * 1_000);
    clock = 2_000;
    store.sweep();
    expect(store.size()).toBe(100_000 - Math.ceil(100_000 / 300));
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
