/**
 * The command line as a holder installs it: the production copy docs/operations.md lists (dist/,
 * package.json, the lock file, the SDK, the launchers in scripts/, the data files) of this tree's
 * build, copied to a temporary folder and installed with `npm ci --omit=dev`, so no compiler and
 * no ts-node. Every subcommand runs there: --help, check
 * (valid and invalid environments), clients (against a temporary registry, also through
 * `npm run clients`), token, serve (answers /livez, exits 0 on SIGTERM) and `npm start`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildOnce } from '../helpers/build-once';
import { productionCopyPaths } from '../helpers/documented';
import { listeningPortOf, waitFor } from '../helpers/wait';

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

describe('the command line after npm ci --omit=dev', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;

  /** Runs a command in the installed copy; resolves with its exit code and output. */
  const cli = async (
    args: string[],
    extra: Record<string, string> = {},
    command = process.execPath,
  ): Promise<Outcome> => {
    try {
      const { stdout, stderr } = await execFileP(command, args, {
        cwd: dir,
        env: { ...env, ...extra },
      });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };
  const main = (args: string[], extra?: Record<string, string>) =>
    cli(['dist/src/cli/main.js', ...args], extra);

  /** Starts a server command on a port it picks (PORT=0); resolves once /livez answers 200. */
  const startServer = async (args: string[], command: string) => {
    const child = spawn(command, args, {
      cwd: dir,
      env: { ...env, PORT: '0', HOST: '127.0.0.1', SHUTDOWN_DELAY_MS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    try {
      // The port from its start banner (the development key set of a fresh host is on).
      const port = await listeningPortOf(child);
      await waitFor(
        () =>
          fetch(`http://127.0.0.1:${port}/livez`).then(
            (r) => r.status === 200,
            () => false,
          ),
        `${args.join(' ')} answering /livez`,
      );
      return child;
    } catch (err) {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
      throw err;
    }
  };
  const exitOf = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  beforeAll(async () => {
    await buildOnce();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-install-'));
    // The production copy docs/operations.md lists (and the image holds, test/deploy).
    for (const item of productionCopyPaths()) {
      fs.cpSync(path.join(ROOT, item), path.join(dir, item), { recursive: true });
    }
    await execFileP('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: dir,
    });
    // Only what a fresh host has: no gateway variables from the developer's shell.
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DEV_KEYS_DIR: path.join(dir, 'keys'),
      PLATFORM_CLIENTS_FILE: path.join(dir, 'clients.json'),
      LOG_LEVEL: 'warn',
    };
  }, 150_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('has no compiler and no ts-node: a production install', () => {
    expect(fs.existsSync(path.join(dir, 'node_modules', 'typescript'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'node_modules', 'ts-node'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'node_modules', 'ioredis'))).toBe(true);
  });

  it('when asked for help, then the command line and each command explain themselves and exit 0', async () => {
    const top = await main(['--help']);
    expect(top.code).toBe(0);
    for (const command of ['serve', 'check', 'clients', 'token', 'new-adapter']) {
      expect(top.stdout).toContain(`  ${command} `);
      const own = await main([command, '--help']);
      expect({ command, code: own.code }).toEqual({ command, code: 0 });
      expect(own.stdout).toContain(`usage: data-holder-gateway ${command}`);
    }
    expect((await main(['token', '--help'])).stdout).toContain('Development only');
    const unknown = await main(['deploy']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command: deploy');
  }, 60_000);

  it('when new-adapter runs in a production copy, then it says it needs a clone and writes nothing', async () => {
    const target = path.join(dir, '..', `${path.basename(dir)}-adapter`);
    const res = await main(['new-adapter', 'acme', target]);
    expect(res).toEqual({
      code: 1,
      stdout: '',
      stderr: 'new-adapter: the template adapter is missing: run it in a clone of the gateway\n',
    });
    expect(fs.existsSync(target)).toBe(false);
  });

  it('when maintenance is asked for help or run without Redis, then it explains itself or exits 1 saying why', async () => {
    expect((await main(['--help'])).stdout).toContain('  maintenance ');
    const help = await main(['maintenance', '--help']);
    expect({ code: help.code, usage: help.stdout.split('\n')[0] }).toEqual({
      code: 0,
      usage: 'usage: data-holder-gateway maintenance <command>',
    });
    const noRedis = await main(['maintenance', 'list']);
    expect({ code: noRedis.code, stderr: noRedis.stderr }).toEqual({
      code: 1,
      stderr:
        'maintenance windows are kept in Redis: set REDIS_URL (or a Redis Cluster or Sentinel)\n',
    });
    // Three processes started one after the other.
  }, 60_000);

  it('when check runs on a valid environment, then it exits 0', async () => {
    const res = await main(['check']);
    expect(res).toMatchObject({ code: 0, stdout: 'configuration valid (core adapter demo)\n' });
  });

  it('when check runs on a bad environment, then it exits 1 naming every problem, adapter settings too', async () => {
    const res = await main(['check'], { PORT: 'eighty', WORKERS: '2', REDIS_SENTINELS: 's:1' });
    expect(res.code).toBe(1);
    for (const name of ['PORT', 'WORKERS', 'REDIS_SENTINEL_NAME'])
      expect(res.stderr).toContain(`  - ${name}: `);
    const fineract = await main(['check'], {
      CORE_ADAPTER: 'fineract',
      HOLDER_DEV_KEYS: 'true',
      FINERACT_BASE_URL: 'not a url',
    });
    expect(fineract.code).toBe(1);
    expect(fineract.stderr).toMatch(/ {2}- FINERACT_\w+: /);
  });

  it('when serve is started with WORKERS=2 but no Redis, then it exits 1 naming the settings', async () => {
    const res = await main(['serve'], { WORKERS: '2', METRICS_PORT: '0' });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS');
  });

  it('when a client is created, then its secret is printed once, and npm run clients lists it', async () => {
    const created = await main(['clients', 'create', 'ops', '--scopes', 'read,write']);
    expect(created.code).toBe(0);
    const secret = /client_secret\s+(\S+)/.exec(created.stdout)?.[1];
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(fs.readFileSync(env.PLATFORM_CLIENTS_FILE!, 'utf8')).not.toContain(secret);
    const listed = await cli(['run', '--silent', 'clients', '--', 'list'], {}, 'npm');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^ops\t/m);
    expect((await main(['clients', 'create', 'ops'])).code).toBe(1);
    expect((await main(['clients', 'create', 'x', '--scope', 'read'])).code).toBe(2);
  });

  it('when token is asked for a path, then it prints a curl command with a signed token', async () => {
    const res = await main(['token', 'GET', '/v1/common/customer/c-1001/detail']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(
      /^curl -sS -X GET -H 'Authorization: Bearer [\w-]+\.[\w-]+\.[\w-]+' /,
    );
  });

  it('when serve runs, then it answers /livez, and SIGTERM stops it with exit code 0', async () => {
    const child = await startServer(['dist/src/cli/main.js', 'serve'], process.execPath);
    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  it('when npm start runs without a compiler, then it serves the shipped dist/', async () => {
    const child = await startServer(['start'], 'npm');
    const exited = exitOf(child);
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }, 60_000);
});
