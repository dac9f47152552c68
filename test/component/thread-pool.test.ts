/**
 * libuv's thread pool of a started gateway: `serve` starts with one thread (token signature
 * checks run there; more threads only add wake-ups, docs/operations.md "Thread pool"), an
 * operator's UV_THREADPOOL_SIZE wins, and a value that is not a size is refused at start-up.
 * Threads are counted in /proc after a request has had its token checked on the pool.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadDevKey } from '../../src/auth/dev-keys';
import { buildOnce } from '../helpers/build-once';
import { holderClaims, signToken } from '../helpers/keys';
import { listeningPortOf, waitFor } from '../helpers/wait';

const ROOT = path.resolve(__dirname, '../..');
const DETAIL = '/v1/common/customer/c-1001/detail';

interface Started {
  child: ChildProcess;
  /** The port it bound (PORT=0), once it listens; rejects if it exits first. */
  port: Promise<number>;
  keysDir: string;
  output: () => string;
}

async function startGateway(extraEnv: Record<string, string>): Promise<Started> {
  const keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-keys-'));
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(HOLDER_|PUBLIC_BASE_URL|REDIS_URL|CORE_ADAPTER|DEMO_DATA_FILE|HOST$|UV_THREADPOOL_SIZE$)/.test(
          k,
        ),
    ),
  );
  const env = {
    ...clean,
    PORT: '0',
    // Tokens' audience: the default base URL would name port 0.
    PUBLIC_BASE_URL: 'http://localhost',
    DEV_KEYS_DIR: keysDir,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = listeningPortOf(child);
  // A start refused (the test of a bad size) is seen through the exit, not this promise.
  port.catch(() => undefined);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return { child, port, keysDir, output: () => output };
}

async function untilServing(started: Started): Promise<number> {
  const port = await started.port;
  await waitFor(() => started.output().includes('API description'), 'the whole banner');
  return port;
}

/** Answers one holder call (its token checked on the pool), then counts the process's threads. */
async function threadsAfterACall(started: Started): Promise<number> {
  const port = await untilServing(started);
  const key = await loadDevKey(started.keysDir);
  const base = `http://localhost:${port}`;
  const token = await signToken(key as never, holderClaims('demo', `http://localhost${DETAIL}`));
  const res = await fetch(base + DETAIL, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return fs.readdirSync(`/proc/${started.child.pid}/task`).length;
}

function stop(started: Started | undefined): void {
  if (started && started.child.exitCode === null) started.child.kill('SIGKILL');
}

describe("serve's thread pool", () => {
  const running: Started[] = [];

  beforeAll(() => buildOnce(), 120_000);
  afterAll(() => running.forEach(stop));

  it('when UV_THREADPOOL_SIZE is unset, then the gateway runs 3 threads fewer than with the 4 of Node, and answers', async () => {
    const shipped = await startGateway({});
    const nodeDefault = await startGateway({ UV_THREADPOOL_SIZE: '4' });
    running.push(shipped, nodeDefault);
    const [one, four] = await Promise.all([
      threadsAfterACall(shipped),
      threadsAfterACall(nodeDefault),
    ]);
    expect(four - one).toBe(3);
  }, 60_000);

  it("when the operator sets UV_THREADPOOL_SIZE, then the operator's size is the one in force", async () => {
    const two = await startGateway({ UV_THREADPOOL_SIZE: '2' });
    const four = await startGateway({ UV_THREADPOOL_SIZE: '4' });
    running.push(two, four);
    const [twoThreads, fourThreads] = await Promise.all([
      threadsAfterACall(two),
      threadsAfterACall(four),
    ]);
    expect(fourThreads - twoThreads).toBe(2);
  }, 60_000);

  it('when UV_THREADPOOL_SIZE is not a size, then serve refuses to start with exit code 1 and names it', async () => {
    const bad = await startGateway({ UV_THREADPOOL_SIZE: 'lots' });
    running.push(bad);
    const code = await new Promise<number | null>((resolve) => bad.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(bad.output()).toContain('UV_THREADPOOL_SIZE');
  }, 30_000);
});
