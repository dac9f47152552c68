/**
 * The registry's copy beside Redis (docs/decisions/0063-client-secrets-keyed-hash.md): it follows
 * Redis, and puts back what Redis lost, never over what Redis holds.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import { CopiedClientStore } from '../../src/auth/platform-client-copy';
import {
  FileClientStore,
  PlatformClientRegistry,
  RedisClientStore,
  SCOPE_PRODUCTS_READ as READ,
} from '../../src/auth/platform-clients';
import { REDIS_URL } from '../component/platform-helpers';

describe('the copy of a registry in Redis', () => {
  let redis: Redis;
  let dir: string;
  let copyFile: string;
  let key: string;
  let store: CopiedClientStore;
  let registry: PlatformClientRegistry;
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  const logger = {
    warn: (obj: Record<string, unknown>, msg: string) => warnings.push({ obj, msg }),
  } as unknown as Pick<Logger, 'warn'>;
  const copied = () => JSON.parse(fs.readFileSync(copyFile, 'utf8')).clients as { id: string }[];

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });
  afterAll(() => redis.quit());
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-copy-'));
    copyFile = path.join(dir, 'clients.json');
    key = `dhg:test:platform-copy:${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    store = new CopiedClientStore(new RedisClientStore(redis, key), copyFile, logger);
    registry = new PlatformClientRegistry(store);
    warnings.length = 0;
  });
  afterEach(async () => {
    await redis.del(key);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('when clients are made, rotated and revoked through it, then the copy holds each as Redis does, mode 0600', async () => {
    await registry.create('acme', [READ]);
    await registry.create('beta', [READ]);
    await registry.rotate('acme');
    await registry.revoke('beta');
    const inRedis = Object.values(await redis.hgetall(key)).map((v) => JSON.parse(v));
    expect(copied()).toEqual(inRedis.sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect(fs.statSync(copyFile).mode & 0o777).toBe(0o600);
  });

  it('when Redis has lost the registry, then a client asked for is put back from the copy at once, with a warning, and its secret works', async () => {
    const { secret } = await registry.create('acme', [READ]);
    await registry.create('beta', [READ]);
    await redis.del(key);
    await expect(registry.authenticate('acme', secret)).resolves.toMatchObject({ id: 'acme' });
    expect(Object.keys(await redis.hgetall(key))).toEqual(['acme']);
    expect(warnings).toEqual([
      {
        obj: { clients: ['acme'], copy: copyFile },
        msg: 'platform clients Redis had lost were restored from the copy of the registry',
      },
    ]);
    await store.sync();
    expect(Object.keys(await redis.hgetall(key)).sort()).toEqual(['acme', 'beta']);
  });

  it('when Redis has lost a revoked client, then it comes back revoked', async () => {
    const { secret } = await registry.create('gone', [READ]);
    await registry.revoke('gone');
    await redis.del(key);
    await expect(registry.authenticate('gone', secret)).resolves.toBeUndefined();
    expect(JSON.parse((await redis.hget(key, 'gone'))!)).toMatchObject({ revoked: true });
  });

  it('when Redis holds a client the copy holds otherwise, then Redis wins and the copy follows it', async () => {
    await registry.create('acme', [READ]);
    // Another instance revokes it in Redis; this copy has not seen it yet.
    const elsewhere = new PlatformClientRegistry(new RedisClientStore(redis, key));
    await elsewhere.revoke('acme');
    expect(copied()).toEqual([expect.objectContaining({ id: 'acme', revoked: false })]);
    await store.sync();
    expect(JSON.parse((await redis.hget(key, 'acme'))!)).toMatchObject({ revoked: true });
    expect(copied()).toEqual([expect.objectContaining({ id: 'acme', revoked: true })]);
  });

  /**
   * A sync of this store that reads Redis, then lets `meanwhile` (another process's change, made
   * through a store of its own over the same Redis and copy) run before it writes the copy.
   */
  const syncAround = async (meanwhile: (other: PlatformClientRegistry) => Promise<unknown>) => {
    const redisStore = new RedisClientStore(redis, key);
    const other = new PlatformClientRegistry(new CopiedClientStore(redisStore, copyFile, logger));
    const slow = Object.create(redisStore) as RedisClientStore;
    let first = true;
    slow.list = async () => {
      const read = await redisStore.list();
      if (first) await meanwhile(other);
      first = false;
      return read;
    };
    await new CopiedClientStore(slow, copyFile, logger).sync();
  };

  it('when a revocation lands between a sync’s read of Redis and its write of the copy, then the copy keeps the revocation, and a loss of Redis brings the client back revoked', async () => {
    await registry.create('acme', [READ]);
    await syncAround((other) => other.revoke('acme'));
    expect(copied()).toEqual([expect.objectContaining({ id: 'acme', revoked: true })]);
    await redis.del(key);
    expect(await store.get('acme')).toMatchObject({ id: 'acme', revoked: true });
  });

  it('when a rotation lands between a sync’s read of Redis and its write of the copy, then the copy keeps the new secret’s hash', async () => {
    await registry.create('acme', [READ]);
    let rotatedHash = '';
    await syncAround(async (other) => {
      await other.rotate('acme');
      rotatedHash = JSON.parse((await redis.hget(key, 'acme'))!).secretHash as string;
    });
    expect(copied()).toEqual([expect.objectContaining({ id: 'acme', secretHash: rotatedHash })]);
  });

  it('when an id Redis lost is made again, then it is refused as taken, and the copy’s client comes back', async () => {
    const { secret } = await registry.create('acme', [READ]);
    await redis.del(key);
    await expect(registry.create('acme', [READ])).rejects.toThrow('client acme exists already');
    await expect(registry.authenticate('acme', secret)).resolves.toMatchObject({ id: 'acme' });
  });

  it('when the copy cannot be read, then Redis still serves and one warning says so', async () => {
    const { secret } = await registry.create('acme', [READ]);
    fs.writeFileSync(copyFile, '{');
    await expect(registry.authenticate('acme', secret)).resolves.toMatchObject({ id: 'acme' });
    await store.sync();
    await store.sync();
    expect(warnings.map((w) => w.msg)).toEqual([
      'the copy of the platform client registry cannot be read',
    ]);
    // The next sync writes it whole again from Redis.
    expect(copied().map((c) => c.id)).toEqual(['acme']);
  });

  it('when a sync finds nothing changed, then it leaves the file as it is', async () => {
    await registry.create('acme', [READ]);
    const before = fs.statSync(copyFile);
    await store.sync();
    const after = fs.statSync(copyFile);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    await expect(new FileClientStore(copyFile).list()).resolves.toHaveLength(1);
  });
});
