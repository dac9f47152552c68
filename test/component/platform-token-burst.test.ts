/**
 * A burst of wrong client secrets at `POST /v1/token` must not slow holder requests
 * (docs/decisions/0063-client-secrets-keyed-hash.md): holder token signatures are checked on
 * libuv's thread pool (one thread, as `serve` starts it), and a secret check that queues work
 * there (scrypt did, about 100 ms a guess) makes every holder request wait behind the guesses.
 *
 * Two measures, each within one run: the thread-pool jobs the guesses queue (counted by their
 * async resources, in this process), and, against the built gateway as `serve` runs it, holder
 * latency while guesses keep arriving against holder latency while as many malformed token
 * requests (refused before any check) keep arriving. The rounds alternate, so the machine's speed
 * drifting during the run moves both alike.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHook } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { loadDevKey } from '../../src/auth/dev-keys';
import { buildOnce } from '../helpers/build-once';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { holderClaims, signToken } from '../helpers/keys';
import { listeningPortOf, waitFor } from '../helpers/wait';
import { BOTH, platformDir, type PlatformDir, requestToken } from './platform-helpers';

const ROOT = path.resolve(__dirname, '../..');
const DETAIL = '/v1/common/customer/c-1001/detail';
/** Token requests kept in flight during a burst. */
const IN_FLIGHT = 16;
/** Pause of each sender between its requests: a steady stream, not a flood. */
const PACE_MS = 5;
/** Holder requests measured per round, and rounds of each kind. */
const PER_ROUND = 15;
const ROUNDS = 4;
/** How much slower holder requests may be under guesses than under as many refused requests. */
const MAX_RATIO = 3;

/**
 * libuv thread-pool work of node:crypto: the async resources of its jobs (verify is SIGNREQUEST).
 * RANDOMBYTESREQUEST is left out: the request ids' crypto.randomUUID refills its cache with a job
 * run synchronously, once per 128 ids, whatever the request.
 */
const CRYPTO_JOB =
  /^(CHECKPRIME|CIPHER|DERIVEBITS|HASH|HKDF|HMAC|KEYEXPORT|KEYGEN|KEYPAIRGEN|PBKDF2|RANDOMPRIME|SCRYPT|SIGN)REQUEST$/;

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

describe('wrong client secrets and the thread pool', () => {
  let gw: TestGateway;
  let dir: PlatformDir;
  beforeAll(async () => {
    dir = platformDir();
    gw = await startGateway({
      ...dir.env,
      RATE_LIMIT_TOKEN_PER_ADDRESS: 1_000_000,
      RATE_LIMIT_TOKEN_FAILURES_PER_ADDRESS: 1_000_000,
    });
    await dir.registry.create('app', BOTH);
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  it(`when ${IN_FLIGHT * 10} wrong secrets are tried at once, then they queue no crypto work on the thread pool`, async () => {
    const types: string[] = [];
    const hook = createHook({
      init: (_id, type) => {
        if (CRYPTO_JOB.test(type)) types.push(type);
      },
    });
    hook.enable();
    try {
      const answers = await Promise.all(
        Array.from({ length: IN_FLIGHT * 10 }, () =>
          requestToken(gw, 'json', 'app', 'not-the-secret'),
        ),
      );
      expect(new Set(answers.map((r) => r.status))).toEqual(new Set([401]));
    } finally {
      hook.disable();
    }
    expect(types).toEqual([]);
  });
});

/** The audience base of holder tokens: the gateway listens on a port it picks (PORT=0). */
const PUBLIC_BASE_URL = 'http://127.0.0.1';

/** The built gateway, started as `serve` starts it (one thread-pool thread), on the demo core. */
async function serve(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(HOLDER_|PUBLIC_BASE_URL|REDIS_|CORE_ADAPTER|DEMO_DATA_FILE|UV_THREADPOOL_SIZE$)/.test(
          k,
        ),
    ),
  );
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: ROOT,
    env: {
      ...clean,
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = listeningPortOf(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const port = await listening;
  await waitFor(() => output.includes('API description'), 'the whole banner');
  return { base: `http://127.0.0.1:${port}`, child };
}

describe('holder requests during a burst of wrong client secrets', () => {
  let dir: PlatformDir;
  let served: { base: string; child: ChildProcess } | undefined;
  beforeAll(async () => {
    await buildOnce();
    dir = platformDir();
    await dir.registry.create('app', BOTH);
    served = await serve({
      ...dir.env,
      RATE_LIMIT_TOKEN_PER_ADDRESS: '1000000',
      RATE_LIMIT_TOKEN_FAILURES_PER_ADDRESS: '1000000',
    });
  }, 300_000);
  afterAll(() => {
    served?.child.kill('SIGKILL');
    dir.remove();
  });

  const post = (body: object) =>
    fetch(`${served!.base}/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, text: await res.text() }));
  const wrongSecret = () => post({ client_id: 'app', client_secret: 'not-the-secret' });
  /** Refused with 400 before any client is looked up or any secret checked. */
  const refusedUnchecked = () => post({ client_id: 'app' });

  /** Keeps IN_FLIGHT senders of `send` going until stopped; counts their statuses. */
  function keepSending(send: () => Promise<{ status: number }>) {
    let running = true;
    const statuses: number[] = [];
    const lane = async () => {
      while (running) {
        statuses.push((await send()).status);
        await new Promise((r) => setTimeout(r, PACE_MS));
      }
    };
    const lanes = Array.from({ length: IN_FLIGHT }, lane);
    return {
      statuses,
      async stop() {
        running = false;
        await Promise.all(lanes);
      },
    };
  }

  /** Times PER_ROUND holder requests (tokens signed beforehand) while `send` keeps going. */
  async function holderTimes(send: () => Promise<{ status: number }>) {
    const key = await loadDevKey(path.join(dir.dir, 'keys'));
    const url = served!.base + DETAIL;
    const audience = PUBLIC_BASE_URL + DETAIL;
    const tokens = await Promise.all(
      Array.from({ length: PER_ROUND }, () =>
        signToken(key as never, holderClaims('demo', audience)),
      ),
    );
    const load = keepSending(send);
    // The load is under way before the first measured request.
    await waitFor(() => load.statuses.length >= IN_FLIGHT, 'the load under way', 1);
    const times: number[] = [];
    for (const token of tokens) {
      const started = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      times.push(performance.now() - started);
      expect(res.status).toBe(200);
    }
    await load.stop();
    return { times, statuses: load.statuses };
  }

  it(`when wrong secrets keep arriving ${IN_FLIGHT} at a time, then holder requests are at most ${MAX_RATIO} times slower (p95) than while as many refused requests keep arriving`, async () => {
    const under = { guesses: [] as number[], refused: [] as number[] };
    let guesses = 0;
    // Warm: the key set made, the customer's detail cached.
    await holderTimes(refusedUnchecked);
    for (let round = 0; round < ROUNDS; round += 1) {
      const refused = await holderTimes(refusedUnchecked);
      expect(new Set(refused.statuses)).toEqual(new Set([400]));
      under.refused.push(...refused.times);
      const guessed = await holderTimes(wrongSecret);
      expect(new Set(guessed.statuses)).toEqual(new Set([401]));
      under.guesses.push(...guessed.times);
      guesses += guessed.statuses.length;
    }
    const ratio = p95(under.guesses) / p95(under.refused);
    // Printed so a run shows the margin it had.
    process.stdout.write(
      `holder p95 under ${guesses} wrong secrets ${p95(under.guesses).toFixed(2)} ms, under refused requests ${p95(under.refused).toFixed(2)} ms: ratio ${ratio.toFixed(2)}\n`,
    );
    expect(ratio).toBeLessThan(MAX_RATIO);
  }, 180_000);
});
