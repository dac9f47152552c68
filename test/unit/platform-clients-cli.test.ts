/**
 * `npm run clients`: each command over a registry, and one real run of the script showing the
 * secret printed once and stored nowhere.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  FileClientStore,
  type PlatformClient,
  PlatformClientRegistry,
  SCOPE_PRODUCTS_READ as READ,
  SCOPE_PRODUCTS_WRITE as WRITE,
} from '../../src/auth/platform-clients';
import { runClientsCommand } from '../../src/cli/clients';
import { scryptHash } from '../component/platform-helpers';

const ROOT = path.resolve(__dirname, '../..');

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

const secretOf = (lines: string[]) =>
  lines.find((l) => l.startsWith('client_secret'))!.split(/\s+/)[1]!;

describe('clients commands', () => {
  let dir: string;
  let file: string;
  let registry: PlatformClientRegistry;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-cli-'));
    file = path.join(dir, 'clients.json');
    registry = new PlatformClientRegistry(new FileClientStore(file));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('when a client is created with read,write, then its secret is printed once and only its hash is stored', async () => {
    const c = capture();
    await expect(
      runClientsCommand(['create', 'acme', '--scopes', 'read,write'], registry, c.io),
    ).resolves.toBe(0);
    const secret = secretOf(c.out);
    expect(c.out).toEqual([
      'client_id      acme',
      `client_secret  ${secret}`,
      `scopes         ${READ} ${WRITE}`,
    ]);
    expect(c.err.join('\n')).toContain('shown only now');
    expect(fs.readFileSync(file, 'utf8')).not.toContain(secret);
    await expect(registry.authenticate('acme', secret)).resolves.toMatchObject({
      scopes: [READ, WRITE],
    });
  });

  it('when a client is created without --scopes, then it may only read', async () => {
    const c = capture();
    await runClientsCommand(['create', 'reader'], registry, c.io);
    expect(c.out[2]).toBe(`scopes         ${READ}`);
  });

  it('when a secret is rotated, then the new one is printed and the old one fails', async () => {
    const first = capture();
    await runClientsCommand(['create', 'acme'], registry, first.io);
    const second = capture();
    await expect(runClientsCommand(['rotate', 'acme'], registry, second.io)).resolves.toBe(0);
    await expect(registry.authenticate('acme', secretOf(first.out))).resolves.toBeUndefined();
    await expect(registry.authenticate('acme', secretOf(second.out))).resolves.toBeDefined();
  });

  it('when clients are listed, then ids, scopes, state and dates show, never a hash or secret', async () => {
    const made = capture();
    await runClientsCommand(['create', 'acme', '--scopes', 'write'], registry, made.io);
    await runClientsCommand(['create', 'beta'], registry, capture().io);
    await runClientsCommand(['revoke', 'beta'], registry, capture().io);
    const c = capture();
    await expect(runClientsCommand(['list'], registry, c.io)).resolves.toBe(0);
    expect(c.out).toHaveLength(3);
    expect(c.out[0]).toBe('client_id\tscopes\tstate\tcreated\trotated\trevoked');
    expect(c.out[1]).toMatch(new RegExp(`^acme\\t${WRITE}\\tactive\\t\\S+Z\\t-\\t-$`));
    expect(c.out[2]).toMatch(new RegExp(`^beta\\t${READ}\\trevoked\\t\\S+Z\\t-\\t\\S+Z$`));
    const printed = c.out.join('\n');
    expect(printed).not.toContain('hmac');
    expect(printed).not.toContain(secretOf(made.out));
  });

  it.each([
    [['create', 'acme'], ['create', 'acme'], 1, 'client acme exists already'],
    [[], ['rotate', 'ghost'], 1, 'no client ghost'],
    [[], ['revoke', 'ghost'], 1, 'no client ghost'],
    [[], ['create', 'acme', '--scopes', 'admin'], 1, 'unknown scope "admin"'],
    [[], ['create', 'bad:id'], 1, 'client id must be'],
    [[], ['create', '--scopes', 'read'], 2, 'usage: data-holder-gateway clients'],
    [[], ['create'], 2, 'usage: data-holder-gateway clients'],
    [[], ['create', 'acme', '--scope', 'read'], 2, 'usage: data-holder-gateway clients'],
    [[], ['list', 'extra'], 2, 'usage: data-holder-gateway clients'],
    [[], ['delete', 'acme'], 2, 'usage: data-holder-gateway clients'],
    [[], ['migrate-hashes', 'acme'], 2, 'usage: data-holder-gateway clients'],
    [[], ['list', '--rotate'], 2, 'usage: data-holder-gateway clients'],
  ])(
    'when the commands are %j then %j, then it exits %i saying %j',
    async (before, args, code, message) => {
      if (before.length) await runClientsCommand(before, registry, capture().io);
      const c = capture();
      await expect(runClientsCommand(args, registry, c.io)).resolves.toBe(code);
      expect(c.err.join('\n')).toContain(message);
      expect(c.out).toEqual([]);
    },
  );
});

describe('clients migrate-hashes', () => {
  let dir: string;
  let file: string;
  let registry: PlatformClientRegistry;
  /** A client as a version before HMAC-SHA-256 stored it. */
  const legacy = (id: string, secret: string, revoked = false): PlatformClient => ({
    id,
    scopes: [READ],
    secretHash: scryptHash(secret, 2 ** 10),
    revoked,
    createdAt: '2025-01-01T00:00:00.000Z',
  });
  const hashOf = async (id: string) => (await registry.store.get(id))!.secretHash;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-cli-migrate-'));
    file = path.join(dir, 'clients.json');
    registry = new PlatformClientRegistry(new FileClientStore(file));
    await registry.store.add(legacy('old-active', 'a-secret'));
    await registry.store.add(legacy('old-revoked', 'r-secret', true));
    await registry.create('current', [READ]);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('when some clients still hold scrypt hashes, then the active ones are listed, the revoked ones get an HMAC hash, and nothing else changes', async () => {
    const c = capture();
    await expect(runClientsCommand(['migrate-hashes'], registry, c.io)).resolves.toBe(0);
    expect(c.out).toEqual(['old-active']);
    expect(c.err).toEqual([
      'revoked clients whose scrypt hash was replaced: old-revoked',
      '1 client(s) above still have an scrypt hash: each moves to HMAC-SHA-256 at its next token request, or now with --rotate (new secrets)',
    ]);
    expect(await hashOf('old-active')).toMatch(/^scrypt\$/);
    expect(await hashOf('old-revoked')).toMatch(/^hmac-sha256\$/);
    await expect(registry.authenticate('old-active', 'a-secret')).resolves.toBeDefined();
  });

  it('when --rotate is given, then each active client with an scrypt hash gets a new secret, printed once, and its old one fails', async () => {
    const c = capture();
    await expect(runClientsCommand(['migrate-hashes', '--rotate'], registry, c.io)).resolves.toBe(
      0,
    );
    expect(c.out[0]).toBe('client_id      old-active');
    const secret = secretOf(c.out);
    expect(await hashOf('old-active')).toMatch(/^hmac-sha256\$/);
    await expect(registry.authenticate('old-active', 'a-secret')).resolves.toBeUndefined();
    await expect(registry.authenticate('old-active', secret)).resolves.toBeDefined();
  });

  it('when every hash is HMAC-SHA-256 already, then it says so and prints nothing', async () => {
    await runClientsCommand(['migrate-hashes', '--rotate'], registry, capture().io);
    const c = capture();
    await expect(runClientsCommand(['migrate-hashes'], registry, c.io)).resolves.toBe(0);
    expect(c.out).toEqual([]);
    expect(c.err).toEqual(['every client secret has an HMAC-SHA-256 hash']);
  });
});

describe('npm run clients', () => {
  it('when the script creates a client, then stdout carries its secret and the registry file does not', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-cli-run-'));
    try {
      const file = path.join(dir, 'clients.json');
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [
          '-r',
          'ts-node/register/transpile-only',
          'src/cli/main.ts',
          'clients',
          'create',
          'ops',
          '--scopes',
          'read,write',
        ],
        {
          cwd: ROOT,
          env: { ...process.env, PLATFORM_CLIENTS_FILE: file, REDIS_URL: '', LOG_LEVEL: 'silent' },
        },
      );
      const secret = secretOf(stdout.split('\n'));
      expect(secret).toMatch(/^[\w-]{43}$/);
      expect(stderr).toContain(`registry: file ${file}`);
      expect(fs.readFileSync(file, 'utf8')).not.toContain(secret);
      const registry = new PlatformClientRegistry(new FileClientStore(file));
      await expect(registry.authenticate('ops', secret)).resolves.toMatchObject({
        scopes: [READ, WRITE],
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
