/**
 * Losing Redis's data loses no platform client (docs/decisions/0063-client-secrets-keyed-hash.md,
 * docs/operations.md "Where platform clients live"): with the registry in Redis, the gateway and
 * the `clients` command keep a copy in `PLATFORM_CLIENTS_FILE`, and put back from it what Redis
 * lost. The Redis is the test's own: killed (it keeps nothing: no persistence) and started empty,
 * or flushed.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import {
  PlatformClientRegistry,
  RedisClientStore,
  redisClientsKey,
} from '../../src/auth/platform-clients';
import { redisKeysOf } from '../../src/stores/redis-keys';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { captureLogger } from '../helpers/log-capture';
import { type OwnRedis, startOwnRedis } from '../helpers/redis-server';
import { waitFor } from '../helpers/wait';
import { BOTH, platformDir, type PlatformDir, requestToken } from './platform-helpers';

const ROOT = path.resolve(__dirname, '../..');

describe('platform clients through a loss of Redis', () => {
  let own: OwnRedis;
  let redis: Redis;
  let dir: PlatformDir;
  let gw: TestGateway;
  let key: string;
  const capture = captureLogger('warn');
  const secrets: Record<string, string> = {};
  let env: Record<string, string>;

  /** Ids of the clients Redis holds now. */
  const inRedis = async () => Object.keys(await redis.hgetall(key)).sort();
  const copied = () =>
    (JSON.parse(fs.readFileSync(dir.clientsFile, 'utf8')).clients as { id: string }[])
      .map((c) => c.id)
      .sort();
  const untilConnected = () =>
    waitFor(
      () => gw.gateway.readiness().dependencies.redis,
      'the gateway connected to Redis again',
    );
  /** `data-holder-gateway clients <args>` as a separate process with the gateway's environment. */
  const cli = async (...args: string[]) =>
    promisify(execFile)(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', 'src/cli/main.ts', 'clients', ...args],
      { cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'warn' } },
    );

  beforeAll(async () => {
    own = await startOwnRedis();
    redis = new Redis(own.url, { maxRetriesPerRequest: 1 });
    dir = platformDir();
    // The gateway and the command name the same namespace, as one deployment's would.
    env = {
      ...dir.env,
      REDIS_URL: own.url,
      REDIS_KEY_NAMESPACE: 'loss',
      RATE_LIMIT_TOKEN_PER_ADDRESS: '100000',
    };
    gw = await startGateway(env, { logger: capture.logger });
    key = redisClientsKey(redisKeysOf(gw.gateway.config));
  }, 30_000);
  afterAll(async () => {
    await gw?.close();
    redis?.disconnect();
    await own?.stop();
    dir?.remove();
  });

  it('when clients are made before the gateway starts, by the clients command, and revoked, then the copy holds every one, hashes only', async () => {
    // Made straight in Redis, as another instance would: the gateway copies it when it starts.
    const elsewhere = new PlatformClientRegistry(new RedisClientStore(redis, key));
    ({ secret: secrets.early } = await elsewhere.create('early', BOTH));
    await gw.close();
    gw = await startGateway(env, { logger: capture.logger });
    expect(copied()).toEqual(['demo-platform-client', 'early']);

    const made = await cli('create', 'late', '--scopes', 'read,write');
    secrets.late = /client_secret\s+(\S+)/.exec(made.stdout)![1]!;
    expect(made.stderr).toContain(`registry: redis ${key} (copy in ${dir.clientsFile})`);
    ({ secret: secrets.gone } = await elsewhere.create('gone', BOTH));
    await cli('revoke', 'gone');
    expect(copied()).toEqual(['demo-platform-client', 'early', 'gone', 'late']);
    const text = fs.readFileSync(dir.clientsFile, 'utf8');
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
    for (const id of ['early', 'late'])
      expect((await requestToken(gw, 'json', id, secrets[id]!)).status).toBe(200);
  }, 120_000);

  it('when Redis is killed and comes back empty, then every client gets its token at once, the revoked one stays refused, and the whole registry is back', async () => {
    await own.stop();
    await own.start();
    await untilConnected();
    await waitFor(
      () => redis.ping().catch(() => false),
      "the test's client connected to Redis again",
    );
    expect(await inRedis()).toEqual([]);
    for (const id of ['early', 'late']) {
      const res = await requestToken(gw, 'json', id, secrets[id]!);
      expect(res.status).toBe(200);
    }
    const gone = await requestToken(gw, 'json', 'gone', secrets.gone!);
    expect({ status: gone.status, body: gone.body }).toEqual({
      status: 401,
      body: { error: 'invalid_client', error_description: 'Client authentication failed' },
    });
    expect(JSON.parse((await redis.hget(key, 'gone'))!)).toMatchObject({ revoked: true });
    // The clients nobody asked for come back with the gateway's next comparison with its copy.
    await waitFor(async () => (await inRedis()).length >= 4, 'four clients in Redis again');
    expect(await inRedis()).toEqual(['demo-platform-client', 'early', 'gone', 'late']);
    const restored = capture.lines
      .map((l) => JSON.parse(l) as { msg: string; clients?: string[] })
      .filter((l) => l.msg.startsWith('platform clients Redis had lost'));
    expect(restored.flatMap((l) => l.clients).sort()).toEqual([
      'demo-platform-client',
      'early',
      'gone',
      'late',
    ]);
  }, 120_000);

  it('when Redis is flushed while no gateway runs, then the clients command puts the registry back from the copy before it runs', async () => {
    await gw.close();
    await redis.flushall();
    const listed = await cli('list');
    expect(listed.stderr).toContain(
      'platform clients Redis had lost were restored from the copy of the registry',
    );
    expect(
      listed.stdout
        .split('\n')
        .filter(Boolean)
        .slice(1)
        .map((l) => l.split('\t')[0]),
    ).toEqual(['demo-platform-client', 'early', 'gone', 'late']);
    expect(await inRedis()).toEqual(['demo-platform-client', 'early', 'gone', 'late']);
    gw = await startGateway(env, { logger: capture.logger });
    expect((await requestToken(gw, 'json', 'late', secrets.late!)).status).toBe(200);
  }, 120_000);
});
