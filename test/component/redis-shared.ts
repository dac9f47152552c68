/**
 * What two gateway instances on one Redis (any mode) must share: the replay store, the cache and
 * the rate limits. Used by the Cluster and Sentinel tests with instances they start.
 */
import crypto from 'node:crypto';
import pino from 'pino';
import { connectRedis, redisTargetOf, waitForRedis } from '../../src/stores/redis';
import { redisKeysOf } from '../../src/stores/redis-keys';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { loopbackAdapter, startLoopbackCore, type LoopbackCore } from '../helpers/loopback-core';
import { waitFor } from '../helpers/wait';
import { platformDir, requestToken } from './platform-helpers';

/** Two gateway instances on one Redis and one loopback core; `b` trusts `a`'s key set. */
export interface TwoInstances {
  a: TestGateway;
  b: TestGateway;
  core: LoopbackCore;
  close(): Promise<void>;
}

/**
 * Starts two instances with the Redis settings given (`redisEnv`), an encrypted shared cache, no
 * retries, and a token rate limit of `tokenLimit` per address.
 */
export async function startTwoInstances(
  redisEnv: Record<string, string | number>,
  tokenLimit: number,
): Promise<TwoInstances> {
  const core = await startLoopbackCore();
  const dir = platformDir();
  const env = {
    ...dir.env,
    ...redisEnv,
    CACHE_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    RATE_LIMIT_TOKEN_PER_ADDRESS: tokenLimit,
    RETRY_ATTEMPTS: 0,
  };
  const a = await startGateway(env, { adapter: loopbackAdapter(core) });
  const b = await startGateway(
    { ...env, HOLDER_JWKS_URL: a.jwks.url },
    { adapter: loopbackAdapter(core) },
  );
  return {
    a,
    b,
    core,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await core.close();
      dir.remove();
    },
  };
}

export const DETAIL = '/v1/common/customer/c-1001/detail';
const REPLAYED = { status: 401, body: { error: 'Token replayed' } };

const answer = async (gw: TestGateway, token: string) => {
  const res = await gw.get(DETAIL, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: res.status === 200 ? 'ok' : res.body };
};

/** Tokens used on one instance are refused on the other, both ways. */
export async function expectReplayRefusedAcross(a: TestGateway, b: TestGateway): Promise<void> {
  for (const [first, second] of [
    [a, b],
    [b, a],
  ] as const) {
    const token = await a.token(DETAIL);
    expect(await answer(first, token)).toEqual({ status: 200, body: 'ok' });
    expect(await answer(second, token)).toEqual(REPLAYED);
    expect(await answer(first, token)).toEqual(REPLAYED);
  }
}

/** A result (of `customer`, a detail path) cached by one instance is served by the other without calling the core. */
export async function expectCacheShared(
  a: TestGateway,
  b: TestGateway,
  core: LoopbackCore,
  customer: string,
): Promise<void> {
  const before = core.hits;
  const first = await a.get(customer);
  expect(first.status).toBe(200);
  expect(core.hits).toBe(before + 1);
  // The cache write is not awaited by the request: wait for it to land.
  await cachedInRedis(a, customer);
  const second = await b.get(customer, {
    headers: { authorization: `Bearer ${await a.token(customer)}` },
  });
  expect(second.body).toEqual(first.body);
  expect(core.hits).toBe(before + 1);
}

/** Resolves once `gw`'s Redis holds the cached detail of `detailPath`'s customer. */
async function cachedInRedis(gw: TestGateway, detailPath: string): Promise<void> {
  const { config } = gw.gateway;
  const keys = redisKeysOf(config);
  const digest = (v: unknown) => keys.digest(JSON.stringify(v));
  const customerId = /\/customer\/([^/]+)\//.exec(detailPath)![1]!;
  const key = keys.key(
    'cache:v1:loopback:customer.getCustomerDetail',
    digest(customerId),
    digest([]),
  );
  const redis = connectRedis(redisTargetOf(config)!, pino({ level: 'silent' }), config.redis);
  try {
    expect(await waitForRedis(redis, 30_000)).toBe(true);
    await waitFor(async () => (await redis.exists(key)) === 1, `${key} in Redis`);
  } finally {
    redis.disconnect();
  }
}

/** With RATE_LIMIT_TOKEN_PER_ADDRESS=limit, requests to either instance count against one limit. */
export async function expectRateLimitShared(
  a: TestGateway,
  b: TestGateway,
  limit: number,
): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i < limit + 1; i += 1) {
    const res = await requestToken(i % 2 === 0 ? a : b, 'json', 'no-such-client', 'x');
    statuses.push(res.status);
  }
  expect(statuses).toEqual([...Array(limit).fill(401), 429]);
}
