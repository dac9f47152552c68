/**
 * `npm run build`, once per jest run, whichever test asks first. Several suites run the built
 * gateway (`dist/`); built by each at the same time, one suite's tsc would rewrite files another
 * suite's process is loading. A lock folder serialises the builds and a stamp in dist/ names the
 * run that built it (DHG_TEST_RUN, set by the global setup); a test run alone builds once too.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { waitFor } from './wait';

const ROOT = path.resolve(__dirname, '../..');
const STAMP = path.join(ROOT, 'dist', '.test-run');
const LOCK = path.join(
  os.tmpdir(),
  `dhg-build-${crypto.createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.lock`,
);
/** A lock older than this was left by a killed run. */
const STALE_LOCK_MS = 5 * 60_000;

/** Takes the lock when it is free (or left stale); false while another run holds it. */
function tookLock(): boolean {
  try {
    fs.mkdirSync(LOCK);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    if (age > STALE_LOCK_MS) fs.rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
}

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  await waitFor(tookLock, `the build lock ${LOCK}`, 200);
  try {
    return await fn();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

export function buildOnce(): Promise<void> {
  const run = process.env.DHG_TEST_RUN ?? `${process.pid}-${Date.now()}`;
  return withLock(async () => {
    if (fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === run) return;
    await promisify(execFile)('npm', ['run', '--silent', 'build'], { cwd: ROOT });
    fs.writeFileSync(STAMP, run);
  });
}
