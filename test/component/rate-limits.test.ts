/**
 * Rate limits of the platform endpoints (decisions.md section 5): per client id and per source
 * address on the token endpoint, per client on the products, 429 with Retry-After; shared through
 * the real Redis by two gateway instances; the token endpoint refuses (503) when Redis is down.
 *
 * Runs do not collide in Redis: every client id carries a unique run id (so do the per-client
 * keys), and the per-address key of 127.0.0.1 is deleted before the Redis tests, which allow the
 * address a limit no test reaches.
 */
import Redis from 'ioredis';
import { RedisClientStore, PlatformClientRegistry } from '../../src/auth/platform-clients';
import { rateLimitRedisKey } from '../../src/resilience/rate-limits';
import { startGateway, type TestGateway, type TestResponse } from '../helpers/gateway';
import {
  bearer,
  BOTH,
  platformDir,
  type PlatformDir,
  READ,
  REDIS_URL,
  requestToken,
  runId,
  tokenFor,
} from './platform-helpers';

const PRODUCTS = '/v1/data-provider/cdr/products';
const RATE_LIMITED = {
  status: 429,
  body: {
    error: 'rate_limited',
    error_description: 'Too many requests; retry after the time in Retry-After',
  },
};

const expectRateLimited = (res: TestResponse, windowSeconds: number) => {
  expect({ status: res.status, body: res.body }).toEqual(RATE_LIMITED);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
};

describe('token endpoint limits (in process)', () => {
  let gw: TestGateway;
  let dir: PlatformDir;
  let secret: string;
  beforeAll(async () => {
    dir = platformDir();
    gw = await startGateway({
      ...dir.env,
      RATE_LIMIT_TOKEN_PER_CLIENT: 30,
      RATE_LIMIT_TOKEN_PER_ADDRESS: 1000,
    });
    ({ secret } = await dir.registry.create('victim', BOTH));
    await dir.registry.create('bystander', BOTH);
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  it('when 200 wrong secrets are tried for one client id, then after 30 they are cut off with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last: TestResponse | undefined;
    for (let i = 0; i < 200; i += 1) {
      last = await requestToken(gw, i % 2 ? 'json' : 'basic', 'victim', `guess-${i}`);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(170).fill(429));
    expectRateLimited(last!, 60);
  });

  it('when the client id is cut off, then even its right secret is refused until the window ends', async () => {
    expectRateLimited(await requestToken(gw, 'json', 'victim', secret), 60);
  });

  it('when one client id is cut off, then another client from the same address is not', async () => {
    const res = await requestToken(gw, 'json', 'bystander', 'wrong');
    expect(res.status).toBe(401);
  });
});

describe('token endpoint limits per address (in process)', () => {
  let gw: TestGateway;
  let dir: PlatformDir;
  beforeAll(async () => {
    dir = platformDir();
    gw = await startGateway({
      ...dir.env,
      RATE_LIMIT_TOKEN_PER_ADDRESS: 5,
      RATE_LIMIT_WINDOW_SECONDS: 2,
    });
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  it('when one address sends more requests than its limit, whatever the client ids and even malformed, then it is 429; after the window it passes again', async () => {
    const answers = [
      await requestToken(gw, 'json', 'a', 'x'),
      await requestToken(gw, 'form', 'b', 'x'),
      await requestToken(gw, 'basic', 'c', 'x'),
      await gw.request('POST', '/v1/token', {
        headers: { authorization: '', 'content-type': 'application/json' },
        rawBody: '{',
      }),
      await gw.request('POST', '/v1/token', {
        headers: { authorization: '', 'content-type': 'text/plain' },
        rawBody: 'x',
      }),
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 400, 415]);
    const over = await requestToken(gw, 'json', 'd', 'x');
    expectRateLimited(over, 2);
    await new Promise((resolve) =>
      setTimeout(resolve, Number(over.headers.get('retry-after')) * 1000 + 100),
    );
    expect((await requestToken(gw, 'json', 'e', 'x')).status).toBe(401);
  });
});

describe('product limits per client (in process)', () => {
  let gw: TestGateway;
  let dir: PlatformDir;
  beforeAll(async () => {
    dir = platformDir();
    gw = await startGateway({ ...dir.env, RATE_LIMIT_PRODUCTS_PER_CLIENT: 3 });
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  it('when a client exceeds its product requests, then it is 429 and other clients are not', async () => {
    const tokens: string[] = [];
    for (const id of ['busy', 'calm']) {
      const { secret } = await dir.registry.create(id, [READ]);
      tokens.push(await tokenFor(gw, id, secret));
    }
    const [busy, calm] = tokens as [string, string];
    for (let i = 0; i < 3; i += 1) {
      expect((await gw.get(PRODUCTS, { headers: bearer(busy) })).status).toBe(200);
    }
    expectRateLimited(await gw.get(PRODUCTS, { headers: bearer(busy) }), 60);
    expect((await gw.get(PRODUCTS, { headers: bearer(calm) })).status).toBe(200);
  });
});

describe('limits shared through Redis', () => {
  const run = runId();
  let redis: Redis;
  let registry: PlatformClientRegistry;
  let a: TestGateway;
  let b: TestGateway;
  let dirA: PlatformDir;
  let dirB: PlatformDir;
  const clientIds: string[] = [];
  const clients: Record<'token' | 'products', { id: string; secret: string }> = {
    token: { id: '', secret: '' },
    products: { id: '', secret: '' },
  };

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.del(rateLimitRedisKey('token-address', '127.0.0.1'));
    registry = new PlatformClientRegistry(new RedisClientStore(redis));
    // Made before the gateways start, so the registry is never empty (no demo client is made).
    for (const name of ['token', 'products'] as const) {
      const id = `shared-${name}-${run}`;
      clientIds.push(id);
      clients[name] = { id, secret: (await registry.create(id, BOTH)).secret };
    }
    dirA = platformDir();
    dirB = platformDir();
    const env = {
      REDIS_URL,
      RATE_LIMIT_TOKEN_PER_CLIENT: 10,
      RATE_LIMIT_TOKEN_PER_ADDRESS: 100000,
      RATE_LIMIT_PRODUCTS_PER_CLIENT: 4,
    };
    // One signing key for both instances, as a deployment would configure it.
    a = await startGateway({ ...env, DEV_KEYS_DIR: dirA.env.DEV_KEYS_DIR });
    b = await startGateway({ ...env, DEV_KEYS_DIR: dirA.env.DEV_KEYS_DIR });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    if (clientIds.length > 0) {
      await redis.hdel('dhg:platform:clients', ...clientIds);
      await redis.del(...clientIds.map((id) => rateLimitRedisKey('token-client', id)));
      await redis.del(...clientIds.map((id) => rateLimitRedisKey('products-client', id)));
    }
    await redis.quit();
    dirA.remove();
    dirB.remove();
  });

  it('when two instances share Redis, then wrong secrets sent to either count against one limit', async () => {
    const { id } = clients.token;
    const statuses: number[] = [];
    for (let i = 0; i < 14; i += 1) {
      statuses.push((await requestToken(i % 2 ? b : a, 'json', id, `guess-${i}`)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(4).fill(429)]);
    expectRateLimited(await requestToken(a, 'json', id, 'again'), 60);
    expectRateLimited(await requestToken(b, 'json', id, 'again'), 60);
  });

  it('when two instances share Redis, then product requests to either count against one limit', async () => {
    const { id, secret } = clients.products;
    const token = await tokenFor(a, id, secret);
    const statuses: number[] = [];
    for (const gw of [a, b, a, b, a, b]) {
      statuses.push((await gw.get(PRODUCTS, { headers: bearer(token) })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe('when Redis cannot be reached', () => {
  let gw: TestGateway;
  let dir: PlatformDir;
  beforeAll(async () => {
    dir = platformDir();
    gw = await startGateway({ ...dir.env, REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  it('when a token is requested, then it is refused with 503 and Retry-After, never let through unguarded', async () => {
    const res = await requestToken(gw, 'json', 'anyone', 'anything');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 503,
      body: { error: 'temporarily_unavailable', error_description: 'Service unavailable' },
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
