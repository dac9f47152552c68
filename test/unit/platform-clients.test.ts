/**
 * The platform client registry: the file store (atomic, 0600, sees other processes' writes), the
 * Redis store (optimistic updates), the registry's rules, and the scrypt hashes of earlier
 * versions replaced at their client's next success.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import {
  ClientRegistryError,
  ClientStoreError,
  FileClientStore,
  parseScopes,
  type PlatformClient,
  PlatformClientRegistry,
  RedisClientStore,
  SCOPE_PRODUCTS_READ as READ,
  SCOPE_PRODUCTS_WRITE as WRITE,
} from '../../src/auth/platform-clients';
import { SecretHasher } from '../../src/auth/platform-secret-hash';
import { scryptHash } from '../component/platform-helpers';

const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

describe('the file store', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-clients-'));
    file = path.join(dir, 'nested', 'clients.json');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('when a client is added, then the file is made with mode 0600 and no temporary file is left', async () => {
    const registry = new PlatformClientRegistry(new FileClientStore(file));
    await registry.create('acme', [READ]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['clients.json']);
  });

  it('when another process revokes a client, then this one sees it on the next look-up', async () => {
    const gateway = new PlatformClientRegistry(new FileClientStore(file));
    const cli = new PlatformClientRegistry(new FileClientStore(file));
    const { secret } = await cli.create('acme', [READ]);
    await expect(gateway.authenticate('acme', secret)).resolves.toMatchObject({ id: 'acme' });
    await cli.revoke('acme');
    await expect(gateway.active('acme')).resolves.toBeUndefined();
    await expect(gateway.authenticate('acme', secret)).resolves.toBeUndefined();
  });

  it('when many clients are added at once in one process, then every one is kept', async () => {
    const registry = new PlatformClientRegistry(new FileClientStore(file));
    const ids = Array.from({ length: 12 }, (_, i) => `client-${String(i).padStart(2, '0')}`);
    await Promise.all(ids.map((id) => registry.create(id, [READ])));
    const reread = new PlatformClientRegistry(new FileClientStore(file));
    expect((await reread.list()).map((c) => c.id)).toEqual(ids);
  });

  it('when the file does not exist, then the registry is empty', async () => {
    await expect(new FileClientStore(file).list()).resolves.toEqual([]);
  });

  it.each([
    ['not JSON', '{'],
    ['JSON of another shape', '{"clients":[{"id":"x"}]}'],
  ])('when the file is %s, then a look-up fails with ClientStoreError', async (_case, content) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    await expect(new FileClientStore(file).get('x')).rejects.toBeInstanceOf(ClientStoreError);
  });
});

describe('the registry', () => {
  let dir: string;
  let registry: PlatformClientRegistry;
  const now = Date.UTC(2026, 2, 1, 12, 0, 0);
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-registry-'));
    registry = new PlatformClientRegistry(
      new FileClientStore(path.join(dir, 'clients.json')),
      () => now,
    );
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('when a client is made, then it gets a 43-character secret, its scopes in order, and a creation date', async () => {
    const { client, secret } = await registry.create('acme', [WRITE, READ]);
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(client).toEqual({
      id: 'acme',
      scopes: [READ, WRITE],
      secretHash: expect.stringMatching(/^hmac-sha256\$[\w-]{8}\$[\w-]{43}$/),
      revoked: false,
      createdAt: '2026-03-01T12:00:00.000Z',
    });
  });

  it.each(['', 'has space', 'colon:inside', '-leading-dash', 'x'.repeat(129), 'ünïcode'])(
    'when the client id is %j, then making it fails',
    async (id) => {
      await expect(registry.create(id, [READ])).rejects.toBeInstanceOf(ClientRegistryError);
    },
  );

  it('when a client id is taken, then making it again fails', async () => {
    await registry.create('acme', [READ]);
    await expect(registry.create('acme', [READ])).rejects.toThrow('client acme exists already');
  });

  it('when credentials are checked, then only the right secret of an active client passes', async () => {
    const { secret } = await registry.create('acme', [READ]);
    const { secret: otherSecret } = await registry.create('other', [READ]);
    await expect(registry.authenticate('acme', secret)).resolves.toMatchObject({ id: 'acme' });
    await expect(registry.authenticate('acme', otherSecret)).resolves.toBeUndefined();
    await expect(registry.authenticate('nobody', secret)).resolves.toBeUndefined();
    await registry.revoke('acme');
    await expect(registry.authenticate('acme', secret)).resolves.toBeUndefined();
  });

  it('when a secret is rotated, then the old one fails, the new one passes, and the date is kept', async () => {
    const { secret: old } = await registry.create('acme', [READ]);
    const { secret: fresh, client } = await registry.rotate('acme');
    expect(fresh).not.toBe(old);
    expect(client.rotatedAt).toBe('2026-03-01T12:00:00.000Z');
    await expect(registry.authenticate('acme', old)).resolves.toBeUndefined();
    await expect(registry.authenticate('acme', fresh)).resolves.toMatchObject({ id: 'acme' });
  });

  it('when a revoked client is rotated, then it stays revoked', async () => {
    await registry.create('acme', [READ]);
    await registry.revoke('acme');
    const { secret } = await registry.rotate('acme');
    await expect(registry.authenticate('acme', secret)).resolves.toBeUndefined();
  });

  it('when an unknown client is rotated or revoked, then it fails naming it', async () => {
    await expect(registry.rotate('ghost')).rejects.toThrow('no client ghost');
    await expect(registry.revoke('ghost')).rejects.toThrow('no client ghost');
  });
});

describe('scrypt hashes of earlier versions', () => {
  let dir: string;
  let file: string;
  let registry: PlatformClientRegistry;
  const warnings: { obj: unknown; msg: string }[] = [];
  const logger = {
    warn: (obj: unknown, msg: string) => warnings.push({ obj, msg }),
  } as unknown as Pick<Logger, 'warn'>;
  const hasher = SecretHasher.fromSetting('k'.repeat(43));
  /** A client as an earlier version stored it. */
  const legacy = (id: string, secret: string, revoked = false): PlatformClient => ({
    id,
    scopes: [READ],
    secretHash: scryptHash(secret, 2 ** 10),
    revoked,
    createdAt: '2025-01-01T00:00:00.000Z',
  });
  const stored = async (id: string) => (await new FileClientStore(file).get(id))!.secretHash;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-legacy-'));
    file = path.join(dir, 'clients.json');
    registry = new PlatformClientRegistry(new FileClientStore(file), Date.now, {
      hasher,
      logger,
    });
    warnings.length = 0;
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('when a client with an scrypt hash authenticates, then its hash becomes HMAC-SHA-256 and its secret keeps working', async () => {
    await registry.store.add(legacy('old', 'old-secret'));
    await expect(registry.authenticate('old', 'old-secret')).resolves.toMatchObject({ id: 'old' });
    expect(await stored('old')).toBe(hasher.hash('old-secret'));
    await expect(registry.authenticate('old', 'old-secret')).resolves.toMatchObject({ id: 'old' });
    await expect(registry.authenticate('old', 'wrong')).resolves.toBeUndefined();
  });

  it('when a wrong secret is tried against an scrypt hash, or a revoked client’s right one, then the hash stays', async () => {
    await registry.store.add(legacy('old', 'old-secret'));
    await registry.store.add(legacy('gone', 'gone-secret', true));
    const [before, beforeGone] = [await stored('old'), await stored('gone')];
    await expect(registry.authenticate('old', 'wrong')).resolves.toBeUndefined();
    await expect(registry.authenticate('gone', 'gone-secret')).resolves.toBeUndefined();
    expect([await stored('old'), await stored('gone')]).toEqual([before, beforeGone]);
  });

  it('when the hash cannot be stored, then the client still gets in, a warning says so, and the next success tries again', async () => {
    await registry.store.add(legacy('old', 'old-secret'));
    const failing = jest
      .spyOn(registry.store, 'update')
      .mockRejectedValueOnce(new ClientStoreError('disk full'));
    await expect(registry.authenticate('old', 'old-secret')).resolves.toMatchObject({ id: 'old' });
    expect(warnings.map((w) => w.msg)).toEqual([
      'the scrypt hash of a platform client secret could not be replaced; it is tried again at its next token request',
    ]);
    expect(await stored('old')).toMatch(/^scrypt\$/);
    failing.mockRestore();
    await registry.authenticate('old', 'old-secret');
    expect(await stored('old')).toBe(hasher.hash('old-secret'));
  });

  it('when revoked clients still hold scrypt hashes, then retiring them gives each an HMAC hash of a secret nobody has, and leaves active ones alone', async () => {
    await registry.store.add(legacy('active', 'a-secret'));
    await registry.store.add(legacy('gone', 'g-secret', true));
    await expect(registry.retireRevokedScryptHashes()).resolves.toEqual(['gone']);
    expect(await stored('gone')).toMatch(/^hmac-sha256\$/);
    expect(await stored('active')).toMatch(/^scrypt\$/);
    await expect(registry.authenticate('gone', 'g-secret')).resolves.toBeUndefined();
    await expect(registry.retireRevokedScryptHashes()).resolves.toEqual([]);
  });

  it('when a hash was made under another key, then the right secret fails and a warning names the client, once', async () => {
    const other = new PlatformClientRegistry(new FileClientStore(file), Date.now, {
      hasher: SecretHasher.fromSetting('o'.repeat(43)),
    });
    const { secret } = await other.create('elsewhere', [READ]);
    await expect(registry.authenticate('elsewhere', secret)).resolves.toBeUndefined();
    await expect(registry.authenticate('elsewhere', secret)).resolves.toBeUndefined();
    expect(warnings).toEqual([
      {
        obj: { clientId: 'elsewhere' },
        msg: 'the secret of this platform client was hashed under another PLATFORM_CLIENT_HASH_KEY: every instance and the clients command need the same key',
      },
    ]);
  });
});

describe('scopes from the command line', () => {
  it.each([
    ['read', [READ]],
    ['write', [WRITE]],
    ['write,read', [READ, WRITE]],
    [`${READ}, write`, [READ, WRITE]],
    ['read,read', [READ]],
  ])('when the scopes are %j, then they are %j', (text, scopes) => {
    expect(parseScopes(text)).toEqual(scopes);
  });

  it.each(['', 'admin', 'read,admin', ','])('when the scopes are %j, then it fails', (text) => {
    expect(() => parseScopes(text)).toThrow(ClientRegistryError);
  });
});

describe('the Redis store', () => {
  const key = `dhg:test:platform-clients:${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  let redis: Redis;
  let registry: PlatformClientRegistry;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    registry = new PlatformClientRegistry(new RedisClientStore(redis, key));
  });
  afterAll(async () => {
    await redis.del(key);
    await redis.quit();
  });

  it('when clients are made, rotated and revoked, then Redis holds them by id, hashes only', async () => {
    const { secret } = await registry.create('acme', [READ, WRITE]);
    await registry.create('beta', [READ]);
    expect(Object.keys(await redis.hgetall(key)).sort()).toEqual(['acme', 'beta']);
    expect(await redis.hget(key, 'acme')).not.toContain(secret);
    await expect(registry.authenticate('acme', secret)).resolves.toMatchObject({ id: 'acme' });
    await expect(registry.create('acme', [READ])).rejects.toThrow('exists already');
    await registry.revoke('beta');
    expect((await registry.list()).map((c) => [c.id, c.revoked])).toEqual([
      ['acme', false],
      ['beta', true],
    ]);
  });

  it('when updates of one client race, then none is lost', async () => {
    await registry.create('racer', [READ]);
    const store = new RedisClientStore(redis, key);
    await Promise.all(
      Array.from({ length: 8 }, () =>
        store.update('racer', (c) => ({ ...c, rotatedAt: `${c.rotatedAt ?? ''}x` })),
      ),
    );
    expect(JSON.parse((await redis.hget(key, 'racer'))!).rotatedAt).toBe('x'.repeat(8));
  });
});
