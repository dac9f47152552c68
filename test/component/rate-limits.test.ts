/**
 * Rate limits of the platform endpoints, as the interface sets them: on the token endpoint per
 * source (every request, and failed authentications apart; an IPv6 address by its /64) and per
 * client id (tokens issued), per client on the products; 429 with Retry-After; shared through the
 * real Redis by two gateway instances; the token endpoint refuses (503) when Redis is down. Limits
 * bound load and never lock a client out: wrong secrets, from any address, never refuse the right
 * one (docs/decisions/0063-client-secrets-keyed-hash.md).
 *
 * Runs do not collide in Redis: every client id carries a unique run id (so do the per-client
 * keys), and requests come from random loopback addresses (so do the per-address keys).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import Redis from 'ioredis';
import {
  PlatformClientRegistry,
  RedisClientStore,
  redisClientsKey,
} from '../../src/auth/platform-clients';
import { rateLimitRedisKey } from '../../src/endpoints/platform/rate-limits';
import { redisKeys } from '../../src/stores/redis-keys';
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

const INVALID_CLIENT = {
  status: 401,
  body: { error: 'invalid_client', error_description: 'Client authentication failed' },
};

/**
 * A random loopback address, 127.x.y.z: Linux routes all of 127/8 to the loopback interface, so a
 * request sent from it reaches the gateway with its own source address, whose counts no other
 * test (nor another run sharing Redis) touches.
 */
function loopbackAddress(): string {
  const [a, b, c] = crypto.randomBytes(3);
  return `127.${1 + (a! % 254)}.${b!}.${1 + (c! % 254)}`;
}

/** `POST /v1/token` (JSON) sent from `address`, as a caller on another host would. */
function requestTokenFrom(
  gw: TestGateway,
  address: string,
  clientId: string,
  clientSecret: string,
): Promise<TestResponse> {
  const { hostname, port } = new URL(gw.origin);
  const body = JSON.stringify({ client_id: clientId, client_secret: clientSecret });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        localAddress: address,
        method: 'POST',
        path: '/v1/token',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') headers.set(name, value);
          }
          resolve({ status: res.statusCode ?? 0, headers, body: JSON.parse(text), text });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

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
  let regularSecret: string;
  beforeAll(async () => {
    dir = platformDir();
    gw = await startGateway({
      ...dir.env,
      RATE_LIMIT_TOKEN_PER_CLIENT: 30,
      RATE_LIMIT_TOKEN_PER_ADDRESS: 1000,
      RATE_LIMIT_TOKEN_FAILURES_PER_ADDRESS: 30,
    });
    ({ secret } = await dir.registry.create('victim', BOTH));
    ({ secret: regularSecret } = await dir.registry.create('regular', BOTH));
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  it('when 40 wrong secrets are sent for a client id from another address, then the client with its right secret still gets its token', async () => {
    const attacker = loopbackAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push((await requestTokenFrom(gw, attacker, 'victim', `guess-${i}`)).status);
    }
    expect(statuses).toEqual([...Array(30).fill(401), ...Array(10).fill(429)]);
    const res = await requestToken(gw, 'json', 'victim', secret);
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
  });

  it('when one address sends more wrong credentials than its failure limit, whatever the client ids, then its further failures are 429 with Retry-After while a right secret from that very address still gets its token', async () => {
    const shared = loopbackAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const id = ['victim', 'regular', `unknown-${i}`][i % 3]!;
      statuses.push((await requestTokenFrom(gw, shared, id, `guess-${i}`)).status);
    }
    expect(statuses).toEqual(Array(30).fill(401));
    expectRateLimited(await requestTokenFrom(gw, shared, 'victim', 'guess-30'), 60);
    expectRateLimited(await requestTokenFrom(gw, shared, 'unknown-x', 'guess-31'), 60);
    // Another client behind the same address: its right secret is never refused for others' failures.
    const right = await requestTokenFrom(gw, shared, 'regular', regularSecret);
    expect(right.status).toBe(200);
    expect(typeof right.body.token).toBe('string');
    expectRateLimited(await requestTokenFrom(gw, shared, 'regular', 'guess-32'), 60);
  });

  it('when 40 wrong secrets arrive at once from one address, then 30 are answered 401 and the rest 429, none slipping past the limit', async () => {
    const address = loopbackAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => requestTokenFrom(gw, address, 'victim', `guess-${i}`)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(30).fill(401), ...Array(10).fill(429)]);
  });

  it('when a client gets tokens between wrong tries from its address, then only the wrong tries count toward the failure limit', async () => {
    const address = loopbackAddress();
    const statuses: number[] = [];
    const send = async (id: string, secretTried: string) =>
      statuses.push((await requestTokenFrom(gw, address, id, secretTried)).status);
    for (let i = 0; i < 29; i += 1) await send(`unknown-${i}`, 'wrong');
    await send('regular', regularSecret);
    await send('regular', regularSecret);
    await send('unknown-29', 'wrong');
    await send('unknown-30', 'wrong');
    expect(statuses).toEqual([...Array(29).fill(401), 200, 200, 401, 429]);
  });
});

describe('tokens issued per client id (in process)', () => {
  let gw: TestGateway;
  let dir: PlatformDir;
  let busySecret: string;
  beforeAll(async () => {
    dir = platformDir();
    gw = await startGateway({ ...dir.env, RATE_LIMIT_TOKEN_PER_CLIENT: 3 });
    ({ secret: busySecret } = await dir.registry.create('busy', BOTH));
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  it('when a client id gets more tokens than its limit, then its right secret is 429 while wrong secrets for it still answer 401', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await requestToken(gw, 'json', 'busy', busySecret)).status);
    }
    expect(statuses).toEqual([200, 200, 200]);
    expectRateLimited(await requestToken(gw, 'json', 'busy', busySecret), 60);
    // The id's count answers only the holder of its secret: nobody else learns of it.
    const wrong = await requestTokenFrom(gw, loopbackAddress(), 'busy', 'guess');
    expect({ status: wrong.status, body: wrong.body }).toEqual(INVALID_CLIENT);
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

describe('token endpoint limits per IPv6 /64 (in process, behind a trusted proxy)', () => {
  let gw: TestGateway;
  let dir: PlatformDir;
  let secret: string;
  beforeAll(async () => {
    dir = platformDir();
    gw = await startGateway({
      ...dir.env,
      // The test's requests come from loopback and name their client in X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_TOKEN_PER_ADDRESS: 4,
      RATE_LIMIT_TOKEN_FAILURES_PER_ADDRESS: 2,
    });
    ({ secret } = await dir.registry.create('app', BOTH));
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  const from = (address: string, clientSecret: string) =>
    gw.request('POST', '/v1/token', {
      headers: { authorization: '', 'x-forwarded-for': address },
      body: { client_id: 'app', client_secret: clientSecret },
    });

  it('when addresses of one /64 each send a request, then they count as one source for requests and failures, and another /64 does not share their counts', async () => {
    const prefix = `2001:db8:${crypto.randomBytes(2).toString('hex')}:1`;
    const answers = [
      await from(`${prefix}::1`, 'guess-1'),
      await from(`${prefix}:ffff::2`, 'guess-2'),
      await from(`${prefix}::3`, 'guess-3'),
      await from(`${prefix}:1234:5678:9abc:def0`, secret),
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 401, 429, 200]);
    expectRateLimited(answers[2]!, 60);
    expectRateLimited(await from(`${prefix}::5`, secret), 60);
    const elsewhere = await from(`2001:db8:${crypto.randomBytes(2).toString('hex')}:2::1`, 'guess');
    expect({ status: elsewhere.status, body: elsewhere.body }).toEqual(INVALID_CLIENT);
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
  // The gateways' namespace and (demo core, no secret) their development digest key.
  const keys = redisKeys({ namespace: `test-${run}` });
  // Own source addresses: their per-address keys are this run's alone in the shared Redis.
  const guesser = loopbackAddress();
  const caller = loopbackAddress();
  let redis: Redis;
  let registry: PlatformClientRegistry;
  let a: TestGateway;
  let b: TestGateway;
  let dirA: PlatformDir;
  const clientIds: string[] = [];
  type Name = 'guessed' | 'issued' | 'products';
  const clients: Record<Name, { id: string; secret: string }> = {
    guessed: { id: '', secret: '' },
    issued: { id: '', secret: '' },
    products: { id: '', secret: '' },
  };

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    registry = new PlatformClientRegistry(new RedisClientStore(redis, redisClientsKey(keys)));
    // Made before the gateways start, so the registry is never empty (no demo client is made).
    for (const name of ['guessed', 'issued', 'products'] as const) {
      const id = `shared-${name}-${run}`;
      clientIds.push(id);
      clients[name] = { id, secret: (await registry.create(id, BOTH)).secret };
    }
    dirA = platformDir();
    const env = {
      REDIS_URL,
      REDIS_KEY_NAMESPACE: keys.namespace,
      RATE_LIMIT_TOKEN_PER_CLIENT: 4,
      RATE_LIMIT_TOKEN_PER_ADDRESS: 100000,
      RATE_LIMIT_TOKEN_FAILURES_PER_ADDRESS: 10,
      RATE_LIMIT_PRODUCTS_PER_CLIENT: 4,
    };
    // One signing key for both instances, as a deployment would configure it.
    a = await startGateway({ ...env, DEV_KEYS_DIR: dirA.env.DEV_KEYS_DIR });
    b = await startGateway({ ...env, DEV_KEYS_DIR: dirA.env.DEV_KEYS_DIR });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis.del(
      ...[guesser, caller].flatMap((address) => [
        rateLimitRedisKey(keys, 'token-address', address),
        rateLimitRedisKey(keys, 'token-failures-address', address),
      ]),
    );
    if (clientIds.length > 0) {
      await redis.del(redisClientsKey(keys));
      await redis.del(...clientIds.map((id) => rateLimitRedisKey(keys, 'token-client', id)));
      await redis.del(...clientIds.map((id) => rateLimitRedisKey(keys, 'products-client', id)));
    }
    await redis.quit();
    dirA.remove();
  });

  it('when two instances share Redis, then wrong secrets from one address sent to either count against one limit, and the right secret still passes, from there or elsewhere', async () => {
    const { id, secret } = clients.guessed;
    const statuses: number[] = [];
    for (let i = 0; i < 14; i += 1) {
      statuses.push((await requestTokenFrom(i % 2 ? b : a, guesser, id, `guess-${i}`)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(4).fill(429)]);
    expect((await requestTokenFrom(a, guesser, id, secret)).status).toBe(200);
    expect((await requestTokenFrom(b, guesser, id, secret)).status).toBe(200);
    expect((await requestTokenFrom(a, caller, id, secret)).status).toBe(200);
  });

  it('when two instances share Redis, then tokens issued to one client id by either count against one limit', async () => {
    const { id, secret } = clients.issued;
    const statuses: number[] = [];
    for (const gw of [a, b, a, b, a]) {
      statuses.push((await requestTokenFrom(gw, caller, id, secret)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expectRateLimited(await requestTokenFrom(b, caller, id, secret), 60);
  });

  it('when two instances share Redis, then product requests to either count against one limit', async () => {
    const { id, secret } = clients.products;
    const { token } = (await requestTokenFrom(a, caller, id, secret)).body as { token: string };
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
