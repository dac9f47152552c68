/**
 * A client secret (and a token) appears nowhere but in the answer that hands it out: not on disk,
 * not in Redis, not in a log line (docs/api.md, Where secrets live).
 */
import fs from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';
import {
  PlatformClientRegistry,
  RedisClientStore,
  redisClientsKey,
} from '../../src/auth/platform-clients';
import { DEMO_PLATFORM_CLIENT_ID } from '../../src/endpoints/platform/platform.routes';
import { rateLimitRedisKey } from '../../src/endpoints/platform/rate-limits';
import { redisKeys } from '../../src/stores/redis-keys';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { captureLogger } from '../helpers/log-capture';
import {
  bearer,
  BOTH,
  platformDir,
  type PlatformDir,
  REDIS_URL,
  requestToken,
  runId,
} from './platform-helpers';

const PRODUCTS = '/v1/data-provider/cdr/products';

/** Every file under `dir`, with its content. */
function filesUnder(dir: string): { file: string; content: string }[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) =>
    entry.isFile()
      ? [
          {
            file: path.join(entry.parentPath, entry.name),
            content: fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'),
          },
        ]
      : [],
  );
}

/** Exercises every path a secret travels: the three token forms, use, a failure, rotation. */
async function useEverywhere(gw: TestGateway, id: string, secret: string): Promise<string[]> {
  const tokens: string[] = [];
  for (const form of ['json', 'form', 'basic'] as const) {
    const res = await requestToken(gw, form, id, secret);
    expect(res.status).toBe(200);
    tokens.push(res.body.token);
  }
  expect((await gw.get(PRODUCTS, { headers: bearer(tokens[0]!) })).status).toBe(200);
  expect((await requestToken(gw, 'json', id, `${secret}!`)).status).toBe(401);
  expect((await requestToken(gw, 'json', 'nobody', secret)).status).toBe(401);
  return tokens;
}

describe('secrets with the file registry', () => {
  let gw: TestGateway;
  let dir: PlatformDir;
  const capture = captureLogger();
  beforeAll(async () => {
    dir = platformDir();
    gw = await startGateway(dir.env, { logger: capture.logger });
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  it('when the registry starts empty in demo mode, then the demo client is made and only its hash is stored', async () => {
    const stored = JSON.parse(fs.readFileSync(dir.clientsFile, 'utf8'));
    expect(stored.clients).toEqual([
      {
        id: DEMO_PLATFORM_CLIENT_ID,
        scopes: [...BOTH],
        secretHash: expect.stringMatching(/^hmac-sha256\$[\w-]{8}\$[\w-]{43}$/),
        revoked: false,
        createdAt: expect.any(String),
      },
    ]);
    const notice = capture.lines.map((l) => JSON.parse(l)).find((l) => l.clientId);
    expect(notice).toMatchObject({
      level: 40,
      clientId: DEMO_PLATFORM_CLIENT_ID,
      msg: expect.stringContaining('npm run clients -- rotate demo-platform-client'),
    });
  });

  it('when a client gets, uses and mistypes its secret, then neither the secret nor a token is on disk or in a log', async () => {
    const { secret } = await dir.registry.create('careful', BOTH);
    const tokens = await useEverywhere(gw, 'careful', secret);
    const { secret: rotated } = await dir.registry.rotate('careful');
    const files = filesUnder(dir.dir);
    expect(files.map((f) => path.basename(f.file)).sort()).toEqual([
      'platform-clients.json',
      'platform-signing-key.json',
    ]);
    for (const { file, content } of files) {
      for (const needle of [secret, rotated, ...tokens]) {
        expect({ file, found: content.includes(needle) }).toEqual({ file, found: false });
      }
    }
    const log = capture.lines.join('\n');
    expect(log).toContain('/v1/token');
    for (const needle of [secret, rotated, ...tokens]) expect(log.includes(needle)).toBe(false);
  });
});

describe('secrets with the Redis registry', () => {
  const run = runId();
  const id = `careful-${run}`;
  // The gateway's namespace and (demo core, no secret) its development digest key.
  const keys = redisKeys({ namespace: `test-${run}` });
  let redis: Redis;
  let gw: TestGateway;
  let dir: PlatformDir;
  const capture = captureLogger();
  let secret: string;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.del(rateLimitRedisKey(keys, 'token-address', '127.0.0.1'));
    ({ secret } = await new PlatformClientRegistry(
      new RedisClientStore(redis, redisClientsKey(keys)),
    ).create(id, BOTH));
    dir = platformDir();
    gw = await startGateway(
      {
        REDIS_URL,
        REDIS_KEY_NAMESPACE: keys.namespace,
        DEV_KEYS_DIR: dir.env.DEV_KEYS_DIR,
        RATE_LIMIT_TOKEN_PER_ADDRESS: 100000,
      },
      { logger: capture.logger },
    );
  });
  afterAll(async () => {
    await gw?.close();
    await redis.hdel(redisClientsKey(keys), id);
    await redis.del(
      rateLimitRedisKey(keys, 'token-client', id),
      rateLimitRedisKey(keys, 'products-client', id),
    );
    await redis.quit();
    dir.remove();
  });

  it('when a client gets, uses and mistypes its secret, then neither the secret nor a token is in any Redis key or value, or in a log', async () => {
    const tokens = await useEverywhere(gw, id, secret);
    expect(JSON.parse((await redis.hget(redisClientsKey(keys), id))!)).toMatchObject({
      id,
      secretHash: expect.stringMatching(/^hmac-sha256\$/),
    });
    const stored = await redis.keys('*');
    expect(stored).toContain(rateLimitRedisKey(keys, 'token-client', id));
    for (const key of stored) {
      const type = await redis.type(key);
      const values =
        type === 'string'
          ? [await redis.get(key)]
          : type === 'hash'
            ? Object.entries(await redis.hgetall(key)).flat()
            : type === 'set'
              ? await redis.smembers(key)
              : type === 'list'
                ? await redis.lrange(key, 0, -1)
                : type === 'zset'
                  ? await redis.zrange(key, 0, -1)
                  : [];
      const text = [key, ...values].join('\n');
      for (const needle of [secret, ...tokens]) {
        expect({ key, found: text.includes(needle) }).toEqual({ key, found: false });
      }
    }
    const log = capture.lines.join('\n');
    expect(log).toContain('/v1/token');
    for (const needle of [secret, ...tokens]) expect(log.includes(needle)).toBe(false);
    expect(filesUnder(dir.dir).map((f) => path.basename(f.file))).toEqual([
      'platform-signing-key.json',
    ]);
  });
});
