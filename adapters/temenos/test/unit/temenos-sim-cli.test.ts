/**
 * `npm run temenos:sim` (scripts/temenos-sim.ts): started on port 0, it prints the port it bound
 * and `export` lines that reach it as written, and SIGTERM stops it with status 0.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { outputMatch } from '../../../../test/helpers/wait';

const ROOT = path.resolve(__dirname, '../../../..');
const SCRIPT = ['-r', 'ts-node/register/transpile-only', 'scripts/temenos-sim.ts'];

/** The `export NAME=value` lines of the output, unquoted. */
function exportsOf(output: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const m of output.matchAll(/^\s*export ([A-Z_]+)=(.*)$/gm)) {
    const raw = m[2]!;
    found[m[1]!] = raw.startsWith("'") ? raw.slice(1, -1).replace(/'\\''/g, "'") : raw;
  }
  return found;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('npm run temenos:sim', () => {
  it('when started with --port 0, then its export lines reach it and SIGTERM stops it', async () => {
    const child = spawn(process.execPath, [...SCRIPT, '--port', '0'], {
      cwd: ROOT,
      // The child's environment, with the simulator's password of this test.
      // eslint-disable-next-line no-restricted-properties
      env: { ...process.env, TEMENOS_SIM_PASSWORD: 'cli-secret' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const done = exited(child);
    try {
      const [output] = await outputMatch(child, /[\s\S]*Ctrl-C stops the simulator\./);
      const vars = exportsOf(output);
      const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)![1]);
      expect(port).toBeGreaterThan(0);
      expect(vars).toMatchObject({
        CORE_ADAPTER: 'temenos',
        TEMENOS_BASE_URL: `http://127.0.0.1:${port}`,
        TEMENOS_COMPANY_ID: 'AU0010001',
        TEMENOS_PASSWORD: 'cli-secret',
      });
      const login = Buffer.from(`${vars.TEMENOS_USERNAME}:${vars.TEMENOS_PASSWORD}`).toString(
        'base64',
      );
      const res = await fetch(`${vars.TEMENOS_BASE_URL}/api/v4.0.0/party/customers/100100`, {
        headers: { authorization: `Basic ${login}`, companyId: vars.TEMENOS_COMPANY_ID! },
      });
      expect(res.status).toBe(200);
      expect(output).toContain('GET /auth/v1/customer/100100/accounts');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await done).toBe(0);
  }, 60_000);

  it('when the port is no port number, then it stops with status 2 naming the option', () => {
    const run = spawnSync(process.execPath, [...SCRIPT, '--port=70000'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--port must be a port number');
  }, 60_000);
});
