/**
 * Memory per request is bounded by the documented limits, never by the body
 * (docs/decisions/0065-memory-bounded-per-request.md). The built gateway runs in its own process
 * on a 64 MB heap (`--max-old-space-size=64`, a quarter of what the Kubernetes limit leaves it)
 * over a core that reads accounts by id, so a specific-accounts body's ids are arguments of a core
 * call, and takes hundreds of bodies of 1,000 ids: of 1,000 characters (refused) and of 256, the
 * maximum (taken). It must answer each as documented, stay up, and keep no more after a full
 * collection than the memos and the cache may hold.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_ID_LENGTH } from '../../src/api/ids';
import { type DevKey, loadDevKey } from '../../src/auth/dev-keys';
import { KEY_MEMO_BYTES } from '../../src/resilience/cached-calls';
import { buildOnce } from '../helpers/build-once';
import { holderClaims, signToken } from '../helpers/keys';

const ROOT = path.resolve(__dirname, '../..');
const HEAP_MB = 64;
/** `CACHE_MAX_MB` of the gateway under test. */
const CACHE_MB = 2;
/**
 * What the gateway may keep of the attack beyond its memos and cache: the replay store's entries
 * of its tokens (about 150 bytes each), and code V8 compiles and keeps.
 */
const OTHER_GROWTH = 4 * 1024 * 1024;
const REQUESTS = 300;
const WARM_UP = 20;
const IDS = 1000;
const PATH = '/v1/banking/customer/c-1001/accounts';
/** The audience base of the tokens: the gateway listens on a port it picks (PORT=0). */
const PUBLIC_BASE_URL = 'http://localhost';

interface Measure {
  heapUsed: number;
  rss: number;
}

describe('memory per request under a small heap', () => {
  let child: ChildProcess;
  let output = '';
  let port: number;
  let key: DevKey;

  const tokenFor = () => signToken(key, holderClaims('demo', `${PUBLIC_BASE_URL}${PATH}`));
  /** How the gateway ended, if it did, and its last words (from V8's fatal error, if any). */
  const gone = (cause?: unknown) => {
    const fatal = output.indexOf('FATAL ERROR');
    const last = fatal >= 0 ? output.slice(fatal, fatal + 1000) : output.slice(-1000);
    const why = cause instanceof Error ? `${cause.message} ${String(cause.cause ?? '')}` : '';
    return new Error(
      `the gateway did not answer (exit ${child.exitCode}, signal ${child.signalCode}; ${why}):\n${last}`,
    );
  };
  /**
   * One specific-accounts request naming `IDS` ids of `length` characters, unique to `n`: its
   * status and error message.
   */
  const post = async (n: number, length: number): Promise<string> => {
    const ids = Array.from({ length: IDS }, (_, i) => `${n}-${i}-`.padEnd(length, 'x'));
    const token = await tokenFor();
    try {
      const res = await fetch(`http://127.0.0.1:${port}${PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { accountIds: ids } }),
      });
      return `${res.status} ${((await res.json()) as { error?: string }).error}`;
    } catch (err) {
      throw gone(err);
    }
  };
  /** The gateway's heap after a full collection (test/helpers/memory-probe.cjs). */
  const measure = () =>
    new Promise<Measure>((resolve, reject) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        reject(gone());
        return;
      }
      const onExit = () => reject(gone());
      child.once('exit', onExit);
      child.once('message', (m) => {
        child.off('exit', onExit);
        resolve(m as Measure);
      });
      child.send('measure');
    });
  /** `count` requests, four at a time: how many got each answer. */
  const attack = async (from: number, count: number, length: number) => {
    const answers: Record<string, number> = {};
    for (let n = from; n < from + count; n += 4) {
      for (const answer of await Promise.all([0, 1, 2, 3].map((i) => post(n + i, length))))
        answers[answer] = (answers[answer] ?? 0) + 1;
    }
    return answers;
  };

  /** The port the gateway reports in its banner once it listens (a start fails the test). */
  const listeningPort = () =>
    new Promise<number>((resolve, reject) => {
      const onData = () => {
        const bound = /Data Holder Gateway on http:\/\/localhost:(\d+)/.exec(output);
        if (!bound) return;
        stop();
        resolve(Number(bound[1]));
      };
      const onExit = () => {
        stop();
        reject(gone());
      };
      const stop = () => {
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
      };
      child.stdout!.on('data', onData);
      child.once('exit', onExit);
    });

  beforeAll(async () => {
    await buildOnce();
    const keys = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-keys-'));
    key = await loadDevKey(keys);
    child = spawn(
      process.execPath,
      [
        `--max-old-space-size=${HEAP_MB}`,
        '--expose-gc',
        '--require',
        path.join(ROOT, 'test/helpers/memory-probe.cjs'),
        'dist/src/main.js',
      ],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          PORT: '0',
          PUBLIC_BASE_URL,
          HOST: '127.0.0.1',
          CORE_ADAPTER: path.join(ROOT, 'test/fixtures/adapters/by-id-core.js'),
          HOLDER_DEV_KEYS: 'true',
          DEV_KEYS_DIR: keys,
          // The path names the fixture core's customer by its own id.
          ID_ENCODING: 'raw',
          CACHE_MAX_MB: String(CACHE_MB),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      },
    );
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    port = await listeningPort();
  }, 180_000);
  afterAll(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('when hundreds of bodies of 1,000 long ids arrive, then each is answered, the gateway stays up and keeps no more than its memos and cache may hold', async () => {
    // Warm-up: the code of both answers compiled before the first measure.
    await attack(-2 * WARM_UP, WARM_UP, 1000);
    await attack(-WARM_UP, WARM_UP, MAX_ID_LENGTH);
    const before = await measure();
    const tooLong = await attack(0, REQUESTS, 1000);
    const atMaximum = await attack(REQUESTS, REQUESTS, MAX_ID_LENGTH);
    const after = await measure();
    expect(after.heapUsed - before.heapUsed).toBeLessThanOrEqual(
      KEY_MEMO_BYTES + CACHE_MB * 1024 * 1024 + OTHER_GROWTH,
    );
    expect(tooLong).toEqual({ '400 Invalid field: data.accountIds': REQUESTS });
    expect(atMaximum).toEqual({ '404 Account in query not found': REQUESTS });
    expect(child.exitCode).toBeNull();
  }, 300_000);
});
