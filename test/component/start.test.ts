/**
 * The quick start, for real: the built gateway runs as its own process on the demo core with no
 * configuration but a port, prints how to call it, and the curl command that `npm run token`
 * prints returns 200. SIGTERM stops it with exit code 0.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startOnSomePort } from '../helpers/ports';
import { listeningOrTaken, waitFor } from '../helpers/wait';
import { buildOnce } from '../helpers/build-once';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

describe('npm start on the demo core', () => {
  let child: ChildProcess;
  let output = '';
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    await buildOnce();
    // Only what `npm start` on a fresh machine has: no gateway variables but the port and a
    // throw-away key folder (so the test never touches the developer's .dev/).
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !/^(HOLDER_|PUBLIC_BASE_URL|REDIS_URL|CORE_ADAPTER|DEMO_DATA_FILE|HOST$)/.test(k),
      ),
    );
    const keys = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-keys-'));
    // A port of its own, not 0: the banner's commands name it. Another port if it was taken.
    await startOnSomePort('npm start', async (port) => {
      env = { ...clean, PORT: String(port), DEV_KEYS_DIR: keys, LOG_LEVEL: 'warn' };
      output = '';
      child = spawn(process.execPath, ['dist/src/main.js'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      return listeningOrTaken(child);
    });
    await waitFor(() => output.includes('API description'), 'the whole banner');
  }, 60_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('when started with no configuration on a port other than 3000, then it prints how to call it, the port included', () => {
    expect(output).toContain('serving the demo core');
    expect(output).toContain(
      `  PORT=${env.PORT} npm run --silent token -- GET /auth/v1/customer/c-1001/accounts | sh`,
    );
  });

  it('when the line the banner prints is run as it is, in a shell without PORT, then the gateway answers 200 with the data', async () => {
    const line = output
      .split('\n')
      .find((l) => l.includes('token -- GET /auth/v1/customer/c-1001/accounts'))!
      .trim();
    const { PORT: _port, ...elsewhere } = env;
    // The command the token command prints, as `| sh` would run it, with the status appended.
    const { stdout: command } = await run('sh', ['-c', line.replace(/ \| sh$/, '')], {
      cwd: ROOT,
      env: elsewhere,
    });
    expect(command).toMatch(
      new RegExp(
        `^curl -sS -X GET -H 'Authorization: Bearer [\\w-]+\\.[\\w-]+\\.[\\w-]+' 'http://localhost:${env.PORT}/auth/v1/customer/c-1001/accounts'\n$`,
      ),
    );
    const { stdout } = await run(
      'sh',
      ['-c', command.replace('curl -sS', 'curl -sS -w "\\n%{http_code}"')],
      { env: elsewhere },
    );
    const [body, status] = stdout.split('\n');
    expect(status).toBe('200');
    expect(JSON.parse(body!).accounts.length).toBeGreaterThan(0);
  }, 30_000);

  it('when the printed POST command is run, then it answers 200 too', async () => {
    const { stdout: command } = await run(
      'npx',
      [
        'ts-node',
        '--transpile-only',
        'src/cli/main.ts',
        'token',
        'POST',
        '/v1/banking/customer/c-1001/accounts/balances',
        '{"data":{"accountIds":["acc-b-1001-01"]}}',
      ],
      { cwd: ROOT, env },
    );
    const { stdout } = await run(
      'sh',
      ['-c', command.replace('curl -sS', 'curl -sS -w "\\n%{http_code}"')],
      { env },
    );
    const [body, status] = stdout.split('\n');
    expect(status).toBe('200');
    expect(JSON.parse(body!).data.balances[0].accountId).toBe('acc-b-1001-01');
  }, 30_000);

  it('when sent SIGTERM, then it exits with code 0', async () => {
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
