/**
 * `npm test`'s pretest step (scripts/test-tools.cjs): it finds promtool, prometheus and
 * redis-server on PATH, and when it can neither find nor install them it stops with one line
 * saying what to install. "Cannot install" is simulated with a PATH that holds no apt-get, or with
 * DHG_TEST_TOOLS_INSTALL=no.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, '../../scripts/test-tools.cjs');

let bin: string;

beforeAll(() => {
  bin = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-test-tools-'));
});

afterAll(() => fs.rmSync(bin, { recursive: true, force: true }));

/** Puts executable stand-ins for `programs` in the PATH folder, and nothing else. */
function onlyOnPath(programs: string[]): void {
  for (const entry of fs.readdirSync(bin)) fs.rmSync(path.join(bin, entry));
  for (const program of programs)
    fs.writeFileSync(path.join(bin, program), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
}

function runStep(env: Record<string, string>) {
  const done = spawnSync(process.execPath, [SCRIPT], {
    env: { PATH: bin, ...env },
    encoding: 'utf8',
  });
  return { status: done.status, stdout: done.stdout, stderr: done.stderr };
}

describe('npm test pretest step: the programs the suite needs', () => {
  test('when every program is on PATH, then it exits 0 and prints nothing', () => {
    onlyOnPath(['promtool', 'prometheus', 'redis-server']);
    expect(runStep({})).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  test('when the Prometheus binaries are missing and installing is turned off, then one line says what to install', () => {
    onlyOnPath(['redis-server', 'apt-get']);
    expect(runStep({ DHG_TEST_TOOLS_INSTALL: 'no' })).toEqual({
      status: 1,
      stdout: '',
      stderr:
        'npm test needs promtool, prometheus on PATH: install them (Debian/Ubuntu: apt-get install prometheus)' +
        ' (not installed here: DHG_TEST_TOOLS_INSTALL=no), then run npm test again.\n',
    });
  });

  test('when nothing is on PATH and there is no apt-get, then one line names every program and package', () => {
    onlyOnPath([]);
    const reason = process.getuid?.() === 0 ? 'no apt-get' : 'not root';
    expect(runStep({})).toEqual({
      status: 1,
      stdout: '',
      stderr:
        'npm test needs promtool, prometheus, redis-server on PATH: install them' +
        ' (Debian/Ubuntu: apt-get install prometheus redis-server)' +
        ` (not installed here: ${reason}), then run npm test again.\n`,
    });
  });

  test('when a program is there but not executable, then it counts as missing', () => {
    onlyOnPath(['promtool', 'prometheus']);
    fs.writeFileSync(path.join(bin, 'redis-server'), 'not a program', { mode: 0o644 });
    const outcome = runStep({ DHG_TEST_TOOLS_INSTALL: 'no' });
    expect(outcome.status).toBe(1);
    expect(outcome.stderr).toMatch(/^npm test needs redis-server on PATH: .*\n$/);
  });
});
