import crypto from 'node:crypto';
import Redis from 'ioredis';
import {
  couldPredateMemory,
  memoryReplayStore,
  redisReplayStore,
  replayEpochKey,
  replayKeyPrefix,
} from '../../src/auth/replay-store';
import { type RedisKeys, redisKeys } from '../../src/stores/redis-keys';
import { startOwnRedis, type OwnRedis } from '../helpers/redis-server';

const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

/** A namespace and digest key of this test's own in the shared Redis. */
const testKeys = (): RedisKeys =>
  redisKeys({
    namespace: `test-${crypto.randomUUID()}`,
    secret: crypto.randomBytes(32).toString('base64'),
  });

describe('the rule after a loss of replay memory', () => {
  // Memory began at L = 1,000,000 s; tokens live at most 900 s; clocks agree within 30 s.
  const L = 1_000_000;
  const window = { maxLifetimeSeconds: 900, clockToleranceSeconds: 30 };
  const predates = (token: { exp: number; iat?: number }) =>
    couldPredateMemory(token, L * 1000, window);

  it('when a token was issued before the memory began and is still live, then it could have been used before', () => {
    expect(predates({ iat: L - 100, exp: L + 200 })).toBe(true);
  });

  it('when a token says it was issued within the clock tolerance after the memory began, then it could still have been used before', () => {
    expect(predates({ iat: L + 29, exp: L + 329 })).toBe(true);
    expect(predates({ iat: L + 30, exp: L + 330 })).toBe(false);
  });

  it('when a token expires later than any token accepted before the memory began could, then it passes whatever its iat', () => {
    expect(predates({ exp: L + 930 })).toBe(true);
    expect(predates({ exp: L + 931 })).toBe(false);
    expect(predates({ iat: L - 5, exp: L + 931 })).toBe(false);
  });

  it('when a token carries no iat, then only its exp can clear it', () => {
    expect(predates({ exp: L + 60 })).toBe(true);
  });
});

describe('in-process replay store', () => {
  it('when the in-process store claims, then it reports no start of memory: it promises nothing across a restart', async () => {
    const store = memoryReplayStore(() => 1000);
    expect(await store.claim('a', 5000)).toEqual({ fresh: true });
    await store.close();
  });

  it('when an id is claimed twice before it expires, then only the first claim succeeds', async () => {
    let clock = 1000;
    const store = memoryReplayStore(() => clock);
    expect((await store.claim('a', 5000)).fresh).toBe(true);
    expect((await store.claim('a', 5000)).fresh).toBe(false);
    clock = 5001;
    expect((await store.claim('a', 9000)).fresh).toBe(true);
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
    expect((await store.claim('id-49', 30_000)).fresh).toBe(true); // expired at 14.9 s: claimable again
    expect((await store.claim('id-50', 30_000)).fresh).toBe(true); // exp 15.0 s <= now: expired too
    expect((await store.claim('id-51', 30_000)).fresh).toBe(false); // live until 15.1 s
    clock = 20_000;
    store.sweep();
    // ids 91..99 (19.1 s .. 19.9 s) wait for second 20; the re-claimed ids live until 30 s
    // although their first expiry second has passed
    expect(store.size()).toBe(11);
    expect((await store.claim('id-49', 30_000)).fresh).toBe(false);
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
    const store = redisReplayStore(redis, Date.now, testKeys());
    const id = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => store.claim(id, Date.now() + 60_000)),
    );
    expect(results.filter((r) => r.fresh)).toHaveLength(1);
  });

  it('when an id is claimed, then Redis holds its keyed digest under the namespace, expiring with the token, never the id nor its plain SHA-256', async () => {
    const keys = testKeys();
    const prefix = replayKeyPrefix(keys);
    expect(prefix).toBe(`dhg:${keys.namespace}:{jti}:`);
    const store = redisReplayStore(redis, Date.now, keys);
    const id = `raw-jti-${crypto.randomUUID()}`;
    await store.claim(id, Date.now() + 10_000);
    const stored = (await redis.keys(`${prefix}*`)).filter((k) => k !== replayEpochKey(keys));
    expect(stored).toEqual([`${prefix}${keys.digest(id)}`]);
    expect(stored[0]).not.toContain(id);
    for (const encoding of ['hex', 'base64url'] as const) {
      expect(stored[0]).not.toContain(crypto.hash('sha256', id, encoding));
    }
    const ttl = await redis.pttl(stored[0]!);
    expect(ttl).toBeGreaterThan(8_000);
    expect(ttl).toBeLessThanOrEqual(10_000);
  });

  it('when a claim must reach a replica and none acknowledges it in time, then it fails with 503 and the id stays claimed', async () => {
    const keys = testKeys();
    // The test Redis has no replica: WAIT 1 answers 0 after its timeout.
    const waiting = redisReplayStore(redis, Date.now, keys, undefined, undefined, {
      replicas: 1,
      timeoutMs: 20,
    });
    await expect(waiting.claim('x', Date.now() + 10_000)).rejects.toMatchObject({ status: 503 });
    const plain = redisReplayStore(redis, Date.now, keys);
    expect(await plain.claim('x', Date.now() + 10_000)).toMatchObject({ fresh: false });
    // A replay needs no replica: it is refused at once.
    expect(await waiting.claim('x', Date.now() + 10_000)).toMatchObject({ fresh: false });
    await redis.del(replayEpochKey(keys));
  });

  it('when Redis cannot be reached, then a claim fails with 503, never succeeds', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => {});
    const store = redisReplayStore(down, Date.now, testKeys());
    await expect(store.claim('x', Date.now() + 1000)).rejects.toMatchObject({
      status: 503,
      message: 'Service unavailable',
    });
    down.disconnect();
  });
});

describe('Redis replay store: the start of its memory', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(() => redis.quit());

  it('when two stores share a Redis, then the first claim starts the memory and both report that time', async () => {
    const keys = testKeys();
    let clockA = 1_700_000_000_000;
    let clockB = clockA + 5_000;
    const a = redisReplayStore(redis, () => clockA, keys);
    const b = redisReplayStore(redis, () => clockB, keys);
    const started = 1_700_000_000_000;
    expect(await a.claim('x', Date.now() + 10_000)).toEqual({
      fresh: true,
      memorySinceMs: started,
    });
    clockA += 60_000;
    clockB += 60_000;
    expect(await b.claim('x', Date.now() + 10_000)).toEqual({
      fresh: false,
      memorySinceMs: started,
    });
    expect(await a.claim('y', Date.now() + 10_000)).toEqual({
      fresh: true,
      memorySinceMs: started,
    });
    // The start of memory has no expiry: only a loss of data removes it.
    expect(await redis.pttl(replayEpochKey(keys))).toBe(-1);
    await redis.del(replayEpochKey(keys));
  });

  it('when the start of memory is not a number, then it is taken as lost and begins again', async () => {
    const keys = testKeys();
    await redis.set(replayEpochKey(keys), 'not-a-time');
    const store = redisReplayStore(redis, () => 1_700_000_000_000, keys);
    expect(await store.claim('x', Date.now() + 10_000)).toEqual({
      fresh: true,
      memorySinceMs: 1_700_000_000_000,
    });
    await redis.del(replayEpochKey(keys));
  });

  describe('on a redis-server that is killed and started again', () => {
    let own: OwnRedis;
    let client: Redis;
    beforeAll(async () => {
      own = await startOwnRedis();
      client = new Redis(own.url, { retryStrategy: () => 50 });
      client.on('error', () => {});
    });
    afterAll(async () => {
      client.disconnect();
      await own.stop();
    });

    it('when the Redis restarts empty, then a claimed id is fresh again but the memory starts at the restart', async () => {
      let clock = 1_700_000_000_000;
      const store = redisReplayStore(client, () => clock, testKeys());
      const before = await store.claim('used', Date.now() + 60_000);
      expect(before).toEqual({ fresh: true, memorySinceMs: 1_700_000_000_000 });
      await own.stop();
      await own.start();
      clock += 7_000;
      const after = await store.claim('used', Date.now() + 60_000);
      expect(after).toEqual({ fresh: true, memorySinceMs: 1_700_000_007_000 });
    });
  });
});
