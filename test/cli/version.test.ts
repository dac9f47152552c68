/**
 * Which build runs: `--version` (and `-v`, `version`) prints package.json's version, the
 * `gateway listening` log line carries it, and `/metrics` has `dhg_build_info{version}`.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildOnce } from '../helpers/build-once';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'dist', 'src', 'cli', 'main.js');
const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
};

beforeAll(() => buildOnce(), 300_000);

describe('the version', () => {
  it.each(['--version', '-v', 'version'])(
    'when asked with %s, then it prints the version alone',
    async (arg) => {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, arg]);
      expect({ stdout, stderr }).toEqual({ stdout: `${version}\n`, stderr: '' });
    },
  );

  it('when the gateway starts, then its listening line and its metrics name the version', async () => {
    const child = spawn(process.execPath, [CLI, 'serve'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DEV_KEYS_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-keys-')),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      const listening = await new Promise<{ port: number; version: string }>((resolve, reject) => {
        child.stdout!.on('data', () => {
          const line = out
            .split('\n')
            .filter((l) => l.startsWith('{'))
            .map((l) => JSON.parse(l) as { msg: string; port: number; version: string })
            .find((l) => l.msg === 'gateway listening');
          if (line) resolve(line);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect(listening.version).toBe(version);
      const metrics = await (await fetch(`http://127.0.0.1:${listening.port}/metrics`)).text();
      expect(metrics.split('\n')).toContain(`dhg_build_info{version="${version}"} 1`);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
