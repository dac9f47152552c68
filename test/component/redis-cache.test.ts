/**
 * The cache in a real Redis of the test's own: a Redis outage never blocks or fails a request
 * (the cache is bypassed, with bounded latency), caching resumes when Redis returns, and values
 * are encrypted at rest when CACHE_ENCRYPTION_KEY is set.
 */
import crypto from 'node:crypto';
import Redis from 'ioredis';
import { redisKeysOf } from '../../src/stores/redis-keys';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { loopbackAdapter, startLoopbackCore, type LoopbackCore } from '../helpers/loopback-core';
import { startOwnRedis, type OwnRedis } from '../helpers/redis-server';
import { waitFor } from '../helpers/wait';

const DETAIL = '/v1/common/customer/c-1001/detail';

describe('cache in Redis', () => {
  let redis: OwnRedis;
  let core: LoopbackCore;
  let gw: TestGateway;
  const key = crypto.randomBytes(32).toString('base64');
  /** The Redis key of a customer's cached detail. */
  const entryKey = (customerId: string) => {
    const keys = redisKeysOf(gw.gateway.config);
    const digest = (v: unknown) => keys.digest(JSON.stringify(v));
    return keys.key('cache:v1:loopback:customer.getCustomerDetail', digest(customerId), digest([]));
  };
  /** The value stored at `key` once the gateway's write (fire-and-forget) has reached Redis. */
  const written = (client: Redis, key: string) =>
    waitFor(() => client.get(key), `${key} written to Redis`);

  beforeAll(async () => {
    redis = await startOwnRedis();
    core = await startLoopbackCore();
    gw = await startGateway(
      { CACHE_REDIS_URL: redis.url, CACHE_ENCRYPTION_KEY: key, RETRY_ATTEMPTS: 0 },
      { adapter: loopbackAdapter(core) },
    );
  }, 20_000);
  afterAll(async () => {
    await gw.close();
    await core.close();
    await redis.stop();
  });

  it('when an entry is cached, then the second call is served from Redis and the value there is encrypted', async () => {
    const first = await gw.get(DETAIL);
    expect(first.status).toBe(200);
    const client = new Redis(redis.url);
    try {
      await written(client, entryKey('c-1001'));
      expect((await gw.get(DETAIL)).body).toEqual(first.body);
      expect(core.hits).toBe(1);
      const { key: keyOf } = redisKeysOf(gw.gateway.config);
      const keys = await client.keys(keyOf('cache:v1:loopback:customer.getCustomerDetail:*'));
      expect(keys).toHaveLength(1);
      expect(keys[0]).not.toContain('c-1001');
      const stored = (await client.get(keys[0]!))!;
      expect(stored).not.toContain('Citizen');
      expect(stored).not.toContain('customerUType');
    } finally {
      client.disconnect();
    }
  });

  it("when an encrypted entry is moved to another customer's key, then it fails authentication and is not served", async () => {
    const client = new Redis(redis.url);
    try {
      const a = await gw.get(DETAIL);
      // Put customer c-1001's sealed value under customer c-1002's key.
      const sealed = await written(client, entryKey('c-1001'));
      await client.set(entryKey('c-1002'), sealed, 'PX', 60_000);
      const hitsBefore = core.hits;
      const b = await gw.get('/v1/common/customer/c-1002/detail');
      expect(b.status).toBe(200);
      expect(b.body.data.person.firstName).not.toBe(a.body.data.person.firstName);
      expect(core.hits).toBe(hitsBefore + 1);
    } finally {
      client.disconnect();
    }
  });

  it('when Redis stops, then requests keep succeeding from the core with bounded latency, and caching resumes when it returns', async () => {
    await redis.stop();
    const before = core.hits;
    for (let i = 0; i < 10; i += 1) {
      const started = Date.now();
      const res = await gw.get('/v1/common/customer/c-1003/detail');
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
    }
    expect(core.hits - before).toBe(10);
    const errors = await (await fetch(`${gw.origin}/metrics`)).text();
    expect(errors).toMatch(
      /dhg_cache_events_total\{adapter="loopback",operation="customer.getCustomerDetail",result="error"\} [1-9]/,
    );

    await redis.start();
    const client = new Redis(redis.url);
    try {
      await waitFor(async () => {
        await gw.get('/v1/common/customer/c-1003/detail'); // stores, once Redis answers again
        return (await client.exists(entryKey('c-1003'))) === 1;
      }, 'the entry of c-1003 stored in Redis again');
      const hits = core.hits;
      await gw.get('/v1/common/customer/c-1003/detail');
      expect(core.hits).toBe(hits); // served from Redis, not the core
    } finally {
      client.disconnect();
    }
  }, 30_000);
});
