/**
 * scripts/with-shipped-node.sh: a command run through it runs on the Node.js major the image ships
 * (the Dockerfile's `ARG NODE_IMAGE`), installed from the npm registry when the machine's Node is
 * another major (then cached, so only the first run downloads it). `.ci/run` runs the suite and
 * the user paths a second time through it; the benchmarks are read on that Node through it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readDockerfile } from './dockerfile';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/with-shipped-node.sh');
const shippedMajor = /^node:(\d+)/.exec(
  readDockerfile(path.join(ROOT, 'Dockerfile')).at(-1)!.image,
)![1];
/** The first run on a machine of another major downloads that Node (tens of MB). */
const INSTALL_MS = 300_000;

/** The script's exit status and output; a failing status is returned, not thrown. */
async function shipped(args: string[], cwd = ROOT, script = SCRIPT, env = process.env) {
  try {
    const { stdout, stderr } = await run('bash', [script, ...args], {
      cwd,
      env,
      timeout: INSTALL_MS,
    });
    return { status: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { status: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('scripts/with-shipped-node.sh', () => {
  it(
    "when it runs node with an empty cache, then it installs the image's major once and runs node on it",
    async () => {
      const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-shipped-node-cache-'));
      try {
        const env = { ...process.env, XDG_CACHE_HOME: cache };
        const first = await shipped(['node', '-p', 'process.versions.node'], ROOT, SCRIPT, env);
        const again = await shipped(['node', '-p', 'process.versions.node'], ROOT, SCRIPT, env);
        for (const run of [first, again]) {
          expect(run.status).toBe(0);
          expect(run.stdout.trim().split('.')[0]).toBe(shippedMajor);
        }
        // A machine already on that major installs nothing; another major installs it once,
        // leaving no staging folder behind.
        expect(again.stderr).toBe('');
        if (process.versions.node.split('.')[0] === shippedMajor) {
          expect(first.stderr).toBe('');
        } else {
          expect(first.stderr).toContain(`installing Node.js ${shippedMajor}`);
          const cached = fs.readdirSync(path.join(cache, 'data-holder-gateway'));
          expect(cached).toEqual([expect.stringMatching(new RegExp(`^node-${shippedMajor}-`))]);
        }
      } finally {
        fs.rmSync(cache, { recursive: true, force: true });
      }
    },
    INSTALL_MS,
  );

  it(
    "when it runs npm, then npm's scripts run on the image's major too",
    async () => {
      const { status, stdout } = await shipped([
        'npm',
        'exec',
        '--offline',
        '--call',
        'node -p process.versions.node',
      ]);
      expect(status).toBe(0);
      expect(stdout.trim().split('.')[0]).toBe(shippedMajor);
    },
    INSTALL_MS,
  );

  it('when it is given no command, then it exits 2 with its usage', async () => {
    expect(await shipped([])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'usage: scripts/with-shipped-node.sh <command> [args...]\n',
    });
  });

  it('when the Dockerfile names no node:<major> image, then it exits 1 saying so and runs nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-shipped-node-'));
    try {
      fs.mkdirSync(path.join(dir, 'scripts'));
      fs.copyFileSync(SCRIPT, path.join(dir, 'scripts/with-shipped-node.sh'));
      fs.writeFileSync(path.join(dir, 'Dockerfile'), 'ARG NODE_IMAGE=debian:bookworm-slim\n');
      const result = await shipped(
        ['touch', 'ran'],
        dir,
        path.join(dir, 'scripts/with-shipped-node.sh'),
      );
      expect(result).toEqual({
        status: 1,
        stdout: '',
        stderr: `with-shipped-node: no 'ARG NODE_IMAGE=node:<major>' line in ${dir}/Dockerfile\n`,
      });
      expect(fs.existsSync(path.join(dir, 'ran'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
