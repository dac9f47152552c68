/**
 * With Redis, a holder request's replay claim and its first cache read leave in one write and
 * come back in one round trip (ADR 0051), and the claim's rules hold as when it was awaited
 * first: a replayed token is 401 and gets nothing cached, reaches no core, answers before the
 * route's own errors; a store that cannot answer is 503 with no core call; one jti racing lets
 * exactly one request through. The shared test Redis, under namespaces of the test's own.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import Redis from 'ioredis';
import { countingDemoAdapter, type CountingAdapter } from '../helpers/counting-adapter';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { redisKeysOf } from '../../src/stores/redis-keys';
import { replayMemoryLongKept, startOwnRedis, type OwnRedis } from '../helpers/redis-server';
import { waitFor } from '../helpers/wait';

const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';
const REDIS_PORT = Number(new URL(REDIS_URL).port || 6379);
const CUSTOMER = 'c-1001';
const detail = (customer = CUSTOMER) => `/v1/common/customer/${customer}/detail`;
const REPLAYED = { status: 401, body: { error: 'Token replayed' } };

/** A namespace of the test's own, its replay memory long kept (tokens are not refused for it). */
async function ownNamespace(url: string): Promise<string> {
  const namespace = `one-trip-${crypto.randomBytes(6).toString('hex')}`;
  await replayMemoryLongKept(url, namespace);
  return namespace;
}

/** Deletes every key of `namespace`. */
async function dropNamespace(url: string, namespace: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `dhg:${namespace}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Records what this process writes to sockets connected to `port` while `fn` runs. */
async function writesTo(port: number, fn: () => Promise<unknown>): Promise<string[]> {
  const proto = net.Socket.prototype;
  const own = Object.getOwnPropertyDescriptor(proto, 'write');
  const original = proto.write;
  const writes: string[] = [];
  proto.write = function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
    if (this.remotePort === port) writes.push(String(chunk));
    return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as net.Socket['write'];
  try {
    await fn();
  } finally {
    if (own) Object.defineProperty(proto, 'write', own);
    else Reflect.deleteProperty(proto, 'write');
  }
  return writes;
}

describe('the replay claim and the cache read in one round trip', () => {
  let namespace: string;
  let core: CountingAdapter;
  let gw: TestGateway;
  beforeAll(async () => {
    namespace = await ownNamespace(REDIS_URL);
    core = countingDemoAdapter();
    gw = await startGateway(
      {
        REDIS_URL,
        REDIS_KEY_NAMESPACE: namespace,
        CACHE_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      },
      { adapter: core.adapter },
    );
  });
  afterAll(async () => {
    await gw.close();
    await dropNamespace(REDIS_URL, namespace);
  });

  const answer = async (target: string, jti: string) => {
    const res = await gw.get(target, { token: { jti } });
    return { status: res.status, body: res.body as unknown, text: res.text };
  };
  /** Calls `target` until its answer is served from the cache (the write is in the background). */
  const cached = (target: string) =>
    waitFor(async () => {
      expect((await gw.get(target)).status).toBe(200);
      const calls = core.calls.length;
      expect((await gw.get(target)).status).toBe(200);
      return core.calls.length === calls;
    }, `${target} served from the cache`);

  it('when a cache hit is served, then the claim and the cache read leave in one write', async () => {
    await cached(detail());
    const claimOrRead = /evalsha|:cache:v1:/i;
    const calls = core.calls.length;
    let status = 0;
    const writes = await writesTo(REDIS_PORT, async () => {
      status = (await gw.get(detail())).status;
    });
    expect(status).toBe(200);
    expect(core.calls.length).toBe(calls);
    const trips = writes.filter((w) => claimOrRead.test(w));
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatch(/evalsha/i);
    expect(trips[0]).toContain(`dhg:${namespace}:cache:v1:`);
  });

  it('when a replayed token asks for a cached answer, then it is 401 and nothing cached is sent', async () => {
    await cached(detail());
    const jti = crypto.randomUUID();
    expect((await answer(detail(), jti)).status).toBe(200);
    const calls = core.calls.length;
    const replayed = await answer(detail(), jti);
    expect({ status: replayed.status, body: replayed.body }).toEqual(REPLAYED);
    expect(replayed.text).toBe('{"error":"Token replayed"}');
    expect(core.calls.length).toBe(calls);
  });

  it('when a replayed token asks for what is not cached, then it is 401 and no core call is made', async () => {
    const jti = crypto.randomUUID();
    expect((await answer(detail(), jti)).status).toBe(200);
    const calls = core.calls.length;
    expect(await answer(detail('c-1002'), jti)).toMatchObject(REPLAYED);
    expect(core.calls.length).toBe(calls);
    // It was a miss indeed: a fresh token has the core asked.
    expect((await gw.get(detail('c-1002'))).status).toBe(200);
    expect(core.calls.length).toBeGreaterThan(calls);
  });

  it('when a replayed token meets an error of the route (an account the cached list lacks), then it is 401', async () => {
    const target = `/v1/banking/customer/${CUSTOMER}/accounts/acc-unknown/payments/scheduled`;
    await gw.get(target);
    const jti = crypto.randomUUID();
    expect((await answer(target, jti)).status).toBe(404);
    const calls = core.calls.length;
    expect(await answer(target, jti)).toMatchObject(REPLAYED);
    expect(core.calls.length).toBe(calls);
  });

  it.each([
    ['cached', CUSTOMER],
    ['not cached', 'c-1003'],
  ])(
    'when 20 requests race with one jti for what is %s, then exactly one passes',
    async (_kind, customer) => {
      if (customer === CUSTOMER) await cached(detail());
      const token = await gw.token(detail(customer));
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          gw.get(detail(customer), { headers: { authorization: `Bearer ${token}` } }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200))
        expect({ status: r.status, body: r.body as unknown }).toEqual(REPLAYED);
    },
  );
});

describe('a replay store that cannot answer, beside a cache that can', () => {
  let own: OwnRedis;
  let namespace: string;
  let core: CountingAdapter;
  let gw: TestGateway;
  beforeAll(async () => {
    own = await startOwnRedis();
    namespace = await ownNamespace(own.url);
    core = countingDemoAdapter();
    gw = await startGateway(
      {
        REDIS_URL: own.url,
        CACHE_REDIS_URL: REDIS_URL,
        REDIS_KEY_NAMESPACE: namespace,
        CACHE_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      },
      { adapter: core.adapter },
    );
  }, 20_000);
  afterAll(async () => {
    await gw.close();
    await own.stop();
    await dropNamespace(REDIS_URL, namespace);
  });

  it('when the replay store stops, then a cached or uncached request is 503 with Retry-After and reaches no core', async () => {
    expect((await gw.get(detail())).status).toBe(200);
    const cache = new Redis(REDIS_URL);
    try {
      const pattern = redisKeysOf(gw.gateway.config).key('cache:*');
      // The cache write is in the background.
      await waitFor(async () => (await cache.keys(pattern)).length > 0, 'the entry in the cache');
    } finally {
      cache.disconnect();
    }
    await own.stop(); // by its PID
    const calls = core.calls.length;
    for (const customer of [CUSTOMER, 'c-1002']) {
      const res = await gw.get(detail(customer));
      expect({ status: res.status, body: res.body as unknown }).toEqual({
        status: 503,
        body: { error: 'Service unavailable' },
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(core.calls.length).toBe(calls);
  });
});
