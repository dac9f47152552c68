/**
 * What the gateway keeps in Redis, read back after real traffic: every key under its deployment's
 * namespace, so two deployments sharing one Redis and one adapter id never serve each other's
 * cached customer data; and no customer id, account id or address in any key or value, neither
 * in clear nor as a plain SHA-256 that hashing a guess would find.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Redis from 'ioredis';
import {
  PlatformClientRegistry,
  RedisClientStore,
  redisClientsKey,
} from '../../src/auth/platform-clients';
import type { CoreAdapter, CustomerDetail } from '../../src/ports';
import { redisKeysOf } from '../../src/stores/redis-keys';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { captureLogger } from '../helpers/log-capture';
import { type OwnRedis, replayMemoryLongKept, startOwnRedis } from '../helpers/redis-server';
import { waitFor } from '../helpers/wait';
import { bearer, READ, REDIS_URL, runId } from './platform-helpers';

const DETAIL = '/v1/common/customer/c-1001/detail';

const SAMPLE = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../adapters/demo/data/sample.json'), 'utf8'),
) as { customers: { customerId: string; detail: CustomerDetail }[] };

/** Every key of `redis` matching `pattern`, by SCAN. */
async function keysMatching(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

/** Waits until a key matching `pattern` exists (cache writes are not awaited by requests). */
async function untilKey(redis: Redis, pattern: string): Promise<void> {
  await waitFor(
    async () => (await keysMatching(redis, pattern)).length > 0,
    `a key matching ${pattern}`,
  );
}

/**
 * A core of one deployment: customer c-1001's detail, with the deployment's own first name, under
 * the adapter id every deployment here shares.
 */
function deploymentCore(firstName: string): CoreAdapter & { calls: number } {
  const detail = structuredClone(SAMPLE.customers.find((c) => c.customerId === 'c-1001')!.detail);
  (detail as { person: { firstName: string } }).person.firstName = firstName;
  const core = {
    id: 'shared-core',
    calls: 0,
    authorisation: { listShareableAccounts: async () => [] },
    customer: {
      getCustomerDetail: async () => {
        core.calls += 1;
        return structuredClone(detail);
      },
    },
  };
  return core;
}

const firstNameOf = (res: { body: { data: { person: { firstName: string } } } }) =>
  res.body.data.person.firstName;

describe('two deployments sharing one Redis and one adapter id', () => {
  const run = runId();
  const namespaces = { a: `test-${run}-a`, b: `test-${run}-b` };
  // One cache key for both: only the namespace tells their entries apart.
  const cacheKey = crypto.randomBytes(32).toString('base64');
  const cores = {
    a: deploymentCore('Alpha'),
    a2: deploymentCore('Alpha-2'),
    b: deploymentCore('Beta'),
  };
  let redis: Redis;
  let a: TestGateway;
  let a2: TestGateway;
  let b: TestGateway;

  const start = (namespace: string, adapter: CoreAdapter) =>
    startGateway(
      {
        REDIS_URL,
        REDIS_KEY_NAMESPACE: namespace,
        CACHE_ENCRYPTION_KEY: cacheKey,
        RETRY_ATTEMPTS: 0,
      },
      { adapter },
    );

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    for (const namespace of Object.values(namespaces))
      await replayMemoryLongKept(REDIS_URL, namespace);
    a = await start(namespaces.a, cores.a);
    a2 = await start(namespaces.a, cores.a2);
    b = await start(namespaces.b, cores.b);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), a2?.close(), b?.close()]);
    for (const namespace of Object.values(namespaces)) {
      const keys = await keysMatching(redis, `dhg:${namespace}:*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await redis.quit();
  });

  it("when one deployment has cached a customer's detail, then the other calls its own core and answers its own data, while a second instance of the first is served from the cache", async () => {
    const first = await a.get(DETAIL);
    expect({ status: first.status, firstName: firstNameOf(first) }).toEqual({
      status: 200,
      firstName: 'Alpha',
    });
    await untilKey(redis, `dhg:${namespaces.a}:cache:v1:shared-core:customer.getCustomerDetail:*`);

    const other = await b.get(DETAIL);
    expect({ status: other.status, firstName: firstNameOf(other) }).toEqual({
      status: 200,
      firstName: 'Beta',
    });
    expect(cores.b.calls).toBe(1);

    // The same deployment's other instance reads the entry: the cache is shared where it should be.
    const sameDeployment = await a2.get(DETAIL);
    expect({ status: sameDeployment.status, firstName: firstNameOf(sameDeployment) }).toEqual({
      status: 200,
      firstName: 'Alpha',
    });
    expect(cores.a2.calls).toBe(0);
    expect(cores.a.calls).toBe(1);
  });
});

describe('what the gateway leaves in Redis after traffic', () => {
  const namespace = `test-${runId()}`;
  const address = `127.${crypto.randomInt(1, 255)}.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;
  const accountIds = ['acc-b-1001-01', 'acc-b-1001-02'];
  let own: OwnRedis;
  let redis: Redis;
  let gw: TestGateway;

  /** `POST /v1/token` from `address`. */
  const tokenRequest = (id: string, secret: string) =>
    new Promise<{ status: number; body: { token?: string } }>((resolve, reject) => {
      const { hostname, port } = new URL(gw.origin);
      const body = JSON.stringify({ client_id: id, client_secret: secret });
      const req = http.request(
        {
          host: hostname,
          port,
          localAddress: address,
          method: 'POST',
          path: '/v1/token',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString()),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  beforeAll(async () => {
    own = await startOwnRedis();
    await replayMemoryLongKept(own.url, namespace);
    redis = new Redis(own.url);
    gw = await startGateway({
      REDIS_URL: own.url,
      REDIS_KEY_NAMESPACE: namespace,
      CACHE_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    });
  }, 20_000);
  afterAll(async () => {
    await gw?.close();
    redis?.disconnect();
    await own?.stop();
  });

  it('when customers, accounts and tokens have been served, then every key is under the namespace and none holds a customer id, account id or address, in clear or as a plain SHA-256', async () => {
    expect((await gw.get(DETAIL)).status).toBe(200);
    expect((await gw.get('/v1/banking/customer/c-1001/accounts')).status).toBe(200);
    const balances = await gw.post('/v1/banking/customer/c-1001/accounts/balances', {
      data: { accountIds },
    });
    expect(balances.status).toBe(200);
    const registry = new PlatformClientRegistry(
      new RedisClientStore(redis, redisClientsKey(redisKeysOf(gw.gateway.config))),
    );
    const { secret } = await registry.create('app', [READ]);
    expect((await tokenRequest('app', 'wrong')).status).toBe(401);
    const issued = await tokenRequest('app', secret);
    expect(issued.status).toBe(200);
    expect(
      (await gw.get('/v1/data-provider/cdr/products', { headers: bearer(issued.body.token!) }))
        .status,
    ).toBe(200);
    await untilKey(redis, `dhg:${namespace}:cache:v1:demo:banking.listBalances:*`);

    const keys = await keysMatching(redis, '*');
    const prefix = `dhg:${namespace}:`;
    expect(keys.filter((key) => !key.startsWith(prefix))).toEqual([]);
    const kinds = new Set(
      keys.map((key) => key.slice(prefix.length).split(':').slice(0, 2).join(':')),
    );
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'cache:v1',
        'platform:clients',
        'rl:products-client',
        'rl:token-address',
        'rl:token-client',
        'rl:token-failures-address',
        '{jti}:epoch',
      ]),
    );
    expect(keys.filter((key) => key.startsWith(`${prefix}{jti}:`)).length).toBeGreaterThan(1);

    const plain = ['c-1001', ...accountIds, address];
    const sha256 = (text: string) =>
      (['hex', 'base64', 'base64url'] as const).map((encoding) =>
        crypto.hash('sha256', text, encoding),
      );
    const needles = plain.flatMap((id) => [
      id,
      ...sha256(id),
      ...sha256(JSON.stringify(id)),
      ...sha256(JSON.stringify([id])),
    ]);
    needles.push(...sha256(JSON.stringify([accountIds])), ...sha256(JSON.stringify(accountIds)));
    for (const key of keys) {
      const type = await redis.type(key);
      const values =
        type === 'string'
          ? [(await redis.get(key))!]
          : Object.entries(await redis.hgetall(key)).flat();
      const text = [key, ...values].join('\n');
      const found = needles.filter((needle) => text.includes(needle));
      expect({ key, found }).toEqual({ key, found: [] });
    }
  });
});

describe('the digest key of a demo deployment', () => {
  const warning =
    'REDIS_KEY_SECRET and CACHE_ENCRYPTION_KEY unset: ids and addresses in Redis keys are digested with a development key anyone can derive (demo core only)';
  const keyWarningsOf = (lines: string[]) =>
    lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40 && entry.msg.startsWith('REDIS_KEY_SECRET'))
      .map((entry) => entry.msg);
  const namespace = `test-${runId()}`;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });
  afterAll(async () => {
    // The demo client each start registers in the namespace's empty registry.
    const keys = await keysMatching(redis, `dhg:${namespace}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it.each([
    ['Redis and no key', { REDIS_URL }, [warning]],
    [
      'Redis and CACHE_ENCRYPTION_KEY',
      { REDIS_URL, CACHE_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64') },
      [],
    ],
    ['no Redis', {}, []],
  ])(
    'when the demo core starts with %s, then a development digest key is said only when it lands in Redis',
    async (_name, env, expected) => {
      const { logger, lines } = captureLogger('warn');
      const gw = await startGateway({ ...env, REDIS_KEY_NAMESPACE: namespace }, { logger });
      await gw.close();
      expect(keyWarningsOf(lines)).toEqual(expected);
    },
  );
});
