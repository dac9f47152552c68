/**
 * `npm run bench`: the gateway under autocannon load against a loopback core, next to two
 * Express + jose baselines, every target measured in the same run. Writes `bench/results.md`.
 *
 * Processes: this runner (autocannon + the holder key set), the loopback core, the gateway
 * (cache miss: TTL 0 for the operations used; cache hit: default TTLs; a fresh one for the
 * soak), and the two baselines. Tokens (ES256, unique jti, one per request) are signed before
 * each scenario starts.
 *
 * Settings (environment): BENCH_DURATION seconds per scenario (10), BENCH_SOAK seconds (60),
 * BENCH_SOAK_WARMUP seconds (90), BENCH_SOAK_SETTLE seconds of load after the warm-up's full GC
 * (30), BENCH_SOAK_TOKEN_SECONDS lifetime of the soak's tokens (45), BENCH_SOAK_RATE req/s during
 * the soak (1000),
 * BENCH_CONNECTIONS (50), BENCH_FANOUT_CONNECTIONS (10), BENCH_RATE fixed rate for the
 * added-latency check (1000), BENCH_MISS_CUSTOMERS customer ids of the cache-miss rows (1000),
 * BENCH_INFO=0 skips the LOG_LEVEL=info scenario, BENCH_OUT results file (bench/results.md),
 * BENCH_PIN=0 turns CPU pinning off, BENCH_NODE_FLAGS node flags of the gateways and baselines
 * (after the shipped ones, package.json `config.nodeOptions`),
 * BENCH_ONLY a comma list of the scenario groups to run (throughput, fanout, rejected, fixed,
 * soak; all by default): the targets of the groups left out are not judged, BENCH_WARMUP seconds
 * of load on each server before it is measured (5), BENCH_REPEAT alternated rounds of the
 * throughput and fixed-rate scenarios, each reported as its median (3), BENCH_TRACE=1 logs the
 * paced loads second by second, BENCH_SERVER_OUT a folder keeping each server's output (with
 * BENCH_NODE_FLAGS=--trace-gc, say), BENCH_PROFILE_* passed on to the gateways and baselines
 * for profile-window.ts (with
 * BENCH_NODE_FLAGS="--require <abs path>/dist/bench/profile-window.js").
 *
 * CPU pinning (default on Linux with `taskset` and at least 2 CPUs): this runner (autocannon) and
 * the loopback core share CPU 0, and the measured server (a gateway or a baseline) runs alone on
 * CPU 1, as a gateway would on its own core in production. Without it the three processes take
 * turns on both CPUs and the scheduler's time slices show up as milliseconds of p99.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import * as prettier from 'prettier';
import { exportJWK, generateKeyPair, type JWK, type KeyLike, SignJWT } from 'jose';
import { BENCH_ACCOUNTS, BENCH_CUSTOMER } from './core-process';
import {
  cpuMs,
  medianOf,
  nodeCommand,
  pinRunnerToCpu0,
  quantile,
  rssMb,
  shippedNodeOptions,
} from './proc-stats';

const env = process.env;
const num = (name: string, fallback: number) => {
  const v = Number(env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const DURATION = num('BENCH_DURATION', 10);
const SOAK = num('BENCH_SOAK', 60);
const SOAK_RATE = num('BENCH_SOAK_RATE', 1000);
/**
 * Lifetime of the soak's tokens (BENCH_SOAK_TOKEN_SECONDS, 45), counted from the second each one
 * is due to be sent: the tokens are signed before the soak, token i with `exp` = signing time +
 * i / rate + this lifetime, as a client signing each request just in time would. The replay store
 * keeps a jti until its `exp` plus the clock tolerance, so it holds about rate × SOAK_JTI_SECONDS
 * ids once the warm-up is longer than that, and stays there.
 */
const SOAK_TOKEN_SECONDS = num('BENCH_SOAK_TOKEN_SECONDS', 45);
/** The gateways' `JWT_CLOCK_TOLERANCE_SECONDS`: the replay store keeps a jti this long past `exp`. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** How long the replay store keeps a soak token's jti after the token was sent. */
const SOAK_JTI_SECONDS = SOAK_TOKEN_SECONDS + CLOCK_TOLERANCE_SECONDS;
/** Soak warm-up (BENCH_SOAK_WARMUP): by default long enough for the replay store to level off. */
const SOAK_WARMUP = num('BENCH_SOAK_WARMUP', SOAK_JTI_SECONDS + 15);
/**
 * Load at the soak rate after the warm-up's full GC and before the soak's first reading
 * (BENCH_SOAK_SETTLE, 30 s). V8 sizes its old generation by how fast the program allocates and
 * how fast it collects; the first forced full GC, taken with the process idle for a second, sets
 * it on a smaller limit it then keeps (--trace-gc-nvp: a full GC every ~10 s with the limit at
 * ~60-125 MB before it, every ~1.4 s at ~42 MB after). Its heap still holds the pages of the
 * larger limit, which the following full GCs compact away. Reading at the start only after this
 * settling compares the two ends in the same regime.
 */
const SOAK_SETTLE = num('BENCH_SOAK_SETTLE', 30);
const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
const FANOUT_CONNECTIONS = num('BENCH_FANOUT_CONNECTIONS', 10);
const FIXED_RATE = num('BENCH_RATE', 1000);
const WITH_INFO = env.BENCH_INFO !== '0';
/** BENCH_SERVER_OUT: a folder (made if missing) that keeps each server's stdout and stderr (`<name>.log`). */
const SERVER_OUT = env.BENCH_SERVER_OUT;
if (SERVER_OUT) fs.mkdirSync(SERVER_OUT, { recursive: true });
/** BENCH_TRACE=1 logs every second of the paced loads (answers, p50, p99, max). */
const TRACE = env.BENCH_TRACE === '1';
/** Scenario groups, all by default; BENCH_ONLY takes a comma list of them. */
const GROUPS = ['throughput', 'fanout', 'rejected', 'fixed', 'soak'] as const;
type Group = (typeof GROUPS)[number];
const ONLY = (env.BENCH_ONLY ?? '').split(',').filter(Boolean);
for (const g of ONLY) {
  if (!(GROUPS as readonly string[]).includes(g))
    throw new Error(`BENCH_ONLY: unknown group ${g} (one of ${GROUPS.join(', ')})`);
}
const want = (g: Group) => ONLY.length === 0 || ONLY.includes(g);
/** Results file: bench/results.md for a whole run, bench/results-only.md for a BENCH_ONLY run. */
const OUT = path.resolve(
  env.BENCH_OUT ??
    path.join(__dirname, '..', '..', 'bench', ONLY.length > 0 ? 'results-only.md' : 'results.md'),
);
/**
 * The results file's generated part ends at this line; what follows it (the record of changes and
 * their measured effect) is kept when a run rewrites the file.
 */
const GENERATED_END =
  '<!-- end of generated results: the notes below are kept by `npm run bench` -->';
const DIST = __dirname; // dist/bench
const PIN = pinRunnerToCpu0();
/**
 * Node flags of the gateways and the baselines alike: the options the gateway ships with (`npm
 * start`), then BENCH_NODE_FLAGS (a later flag wins). The baselines get them too, so that the
 * ratios compare code, not runtime settings.
 */
const SERVER_NODE_FLAGS = [
  ...shippedNodeOptions(path.join(__dirname, '..', '..')),
  ...(env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean),
];
/**
 * profile-window.ts's settings, passed on to the gateways and baselines (which `--require` it
 * through BENCH_NODE_FLAGS).
 */
const PROFILE_ENV = Object.fromEntries(
  Object.entries(env).filter((e): e is [string, string] => e[0].startsWith('BENCH_PROFILE_')),
);
/**
 * With BENCH_PROFILE_KIND=gc, the folder where each paced row's answers are written (end as epoch
 * ms, latency ms), next to the servers' GC logs, for bench/gc-latency-report.ts.
 */
const ANSWERS_DIR = env.BENCH_PROFILE_KIND === 'gc' ? env.BENCH_PROFILE_DIR : undefined;
let answersWritten = 0;
/** CPU of a process when pinned: the core shares CPU 0 with this runner, servers get CPU 1. */
const cpuOf = (script: string) => (script === 'core-process.js' ? '0' : '1');
const SUBDOMAIN = 'bench';
const DETAIL = `/v1/common/customer/${BENCH_CUSTOMER}/detail`;
/**
 * Cache-miss scenarios spread their requests over this many customer ids (BENCH_MISS_CUSTOMERS),
 * all the same data in the core: with one id, concurrent identical calls would share one core
 * call through the gateway's single-flight, and "every request reaches the core" would not hold.
 */
const MISS_CUSTOMERS = num('BENCH_MISS_CUSTOMERS', 1000);
const MISS_DETAILS = Array.from(
  { length: MISS_CUSTOMERS },
  (_, i) => `/v1/common/customer/${BENCH_CUSTOMER}-${i + 1}/detail`,
);
const BALANCES = `/v1/banking/customer/${BENCH_CUSTOMER}/accounts/balances`;
const MAX_TOKENS = 400_000;
/** Seconds of load that warm each server up (JIT, key set, pools) before it is measured. */
const WARMUP = num('BENCH_WARMUP', 5);
/** Alternated rounds of the throughput scenarios (BENCH_REPEAT), each reported as its median. */
const REPEAT = Math.floor(num('BENCH_REPEAT', 3));

const log = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- processes

interface Proc {
  name: string;
  child: ChildProcess;
  port: number;
  base: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

async function startProc(
  name: string,
  script: string,
  extraEnv: Record<string, string>,
  fixedPort?: number,
): Promise<Proc> {
  const port = fixedPort ?? (await freePort());
  const [command, args] = nodeCommand(
    [
      ...(script === 'core-process.js' ? [] : SERVER_NODE_FLAGS),
      ...(extraEnv.BENCH_EXPOSE_GC ? ['--expose-gc'] : []),
      path.join(DIST, script),
    ],
    cpuOf(script),
    PIN,
  );
  const child = spawn(command, args, {
    env: {
      PATH: env.PATH ?? '',
      ...(script === 'core-process.js' ? {} : PROFILE_ENV),
      ...extraEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${stderr}`)), 20_000);
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('READY')) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        if (SERVER_OUT) {
          const out = fs.createWriteStream(path.join(SERVER_OUT, `${name}.log`));
          child.stdout!.pipe(out);
          child.stderr!.pipe(out);
        } else child.stdout!.resume();
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}): ${stderr}`));
    });
  });
  child.removeAllListeners('exit');
  return {
    name,
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      children.delete(child);
    },
  };
}

function rssPoller(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

// ---------------------------------------------------------------- tokens

interface SigningKey {
  kid: string;
  privateKey: KeyLike;
  publicJwk: JWK;
}

async function makeKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
  };
}

async function signTokens(
  key: SigningKey,
  aud: string | string[],
  count: number,
  lifetimeSeconds = 300,
  /** Tokens sent per second: token j then expires j / sendRate seconds later than token 0. */
  sendRate?: number,
): Promise<string[]> {
  const auds = Array.isArray(aud) ? aud : [aud];
  const n = Math.min(MAX_TOKENS, Math.ceil(count));
  const out: string[] = new Array<string>(n);
  const now = Math.floor(Date.now() / 1000);
  const BATCH = 2000;
  for (let i = 0; i < n; i += BATCH) {
    const batch: Promise<string>[] = [];
    for (let j = i; j < Math.min(n, i + BATCH); j += 1) {
      batch.push(
        new SignJWT({
          iss: SUBDOMAIN,
          sub: SUBDOMAIN,
          aud: auds[j % auds.length],
          jti: crypto.randomUUID(),
        })
          .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
          .setIssuedAt(now)
          .setExpirationTime(now + lifetimeSeconds + (sendRate ? Math.floor(j / sendRate) : 0))
          .sign(key.privateKey),
      );
    }
    const signed = await Promise.all(batch);
    for (let j = 0; j < signed.length; j += 1) out[i + j] = signed[j];
  }
  return out;
}

// ---------------------------------------------------------------- load

interface Load {
  target: Proc;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Tokens, one per request; none: no Authorization header (the direct core). */
  tokens?: string[];
  /** Paths taken in turn instead of `path`; token i is signed for `paths[i % paths.length]`. */
  paths?: string[];
  connections: number;
  duration: number;
  overallRate?: number;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
  exhausted: boolean;
}

/**
 * Hands out a load's tokens in turn, each request with the path its token was signed for; the pool
 * starts over when it runs out, and `wrapped` then says so (a reused jti is a replay).
 */
function tokenRotation(load: Load, headers: Record<string, string>) {
  const tokens = load.tokens;
  let index = 0;
  const rotation = {
    wrapped: false,
    next<R extends object>(req: R): R {
      if (!tokens) return req;
      if (index >= tokens.length) {
        index = 0;
        rotation.wrapped = true;
      }
      const token = tokens[index];
      const pathOf = load.paths?.[index % load.paths.length];
      index += 1;
      return {
        ...req,
        ...(pathOf ? { path: pathOf } : {}),
        headers: { ...headers, authorization: `Bearer ${token}` },
      };
    },
  };
  return rotation;
}

/** The autocannon options both loads share: the target, the request, and its per-request setup. */
function requestOptions(
  load: Load,
  headers: Record<string, string>,
  setupRequest: NonNullable<autocannon.Request['setupRequest']>,
) {
  return {
    url: load.target.base,
    timeout: 10,
    requests: [{ method: load.method, path: load.path, body: load.body, headers, setupRequest }],
  };
}

async function runLoad(load: Load): Promise<Measured> {
  let exhausted = false;
  let instance: autocannon.Instance | undefined;
  const headers: Record<string, string> = load.body ? { 'content-type': 'application/json' } : {};
  const rotation = tokenRotation(load, headers);
  const started = Date.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        ...requestOptions(load, headers, (req) => {
          const out = rotation.next(req);
          if (rotation.wrapped && !exhausted) {
            exhausted = true;
            setImmediate(() => instance?.stop());
          }
          return out;
        }),
        connections: load.connections,
        duration: load.duration,
        overallRate: load.overallRate,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
  const seconds = (Date.now() - started) / 1000;
  const total = result['2xx'] + result.non2xx;
  return {
    rps: exhausted ? total / seconds : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    seconds,
    exhausted,
  };
}

/** BENCH_TRACE: one log line per second of a paced load, to see when its slow answers came. */
function logSeconds(trace: [number, number][]): void {
  const bySecond = new Map<number, number[]>();
  for (const [at, latency] of trace) {
    const second = Math.floor(at / 1000);
    const list = bySecond.get(second) ?? [];
    list.push(latency);
    bySecond.set(second, list);
  }
  for (const [second, list] of [...bySecond].sort((a, b) => a[0] - b[0])) {
    list.sort((a, b) => a - b);
    log(
      `  second ${second}: ${list.length} answers, p50 ${quantile(list, 0.5).toFixed(2)} ms, ` +
        `p99 ${quantile(list, 0.99).toFixed(2)} ms, max ${list[list.length - 1]!.toFixed(2)} ms`,
    );
  }
}

/**
 * A steady open-ish load at `load.overallRate` req/s. autocannon's own rate limit is a budget per
 * connection per second: each connection sends its whole budget back to back at the start of
 * every second, then waits, so "1000 req/s over 10 connections" is really 10 connections at full
 * speed for a fraction of each second. Here the rate is split over many single-connection
 * autocannon instances whose seconds start at evenly staggered moments, so the budgets arrive
 * spread over the second, one request at a time. Latencies are taken from every response
 * (autocannon's `response` event, fractional milliseconds), not from its whole-millisecond
 * histogram, leaving out each stream's first second (its new connection warming up).
 */
async function runPaced(load: Load & { overallRate: number }): Promise<Measured> {
  const streams = Math.max(1, Math.min(50, Math.floor(load.overallRate / 10)));
  const latencies: number[] = [];
  /** With ANSWERS_DIR: each answer's end (epoch ms, fractional) and latency. */
  const answers: string[] = [];
  /** [ms since the start, latency ms] of each response, kept with BENCH_TRACE. */
  const trace: [number, number][] = [];
  const counts = { ok: 0, non2xx: 0, errors: 0 };
  const headers: Record<string, string> = load.body ? { 'content-type': 'application/json' } : {};
  const rotation = tokenRotation(load, headers);
  const started = Date.now();
  const runs = Array.from({ length: streams }, async (_, i) => {
    await sleep((i * 1000) / streams);
    const streamStart = Date.now();
    const rate = Math.floor(load.overallRate / streams) + (i < load.overallRate % streams ? 1 : 0);
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          ...requestOptions(load, headers, (req) => rotation.next(req)),
          connections: 1,
          duration: load.duration,
          overallRate: rate,
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        // The first second of each stream opens its connection and warms it: counted in the
        // rate, left out of the latencies.
        if (Date.now() - streamStart >= 1000) {
          latencies.push(responseTime);
          if (TRACE) trace.push([Date.now() - started, responseTime]);
          if (ANSWERS_DIR) {
            const end = performance.timeOrigin + performance.now();
            answers.push(`${end.toFixed(3)}\t${responseTime.toFixed(3)}\n`);
          }
        }
        if (statusCode >= 200 && statusCode < 300) counts.ok += 1;
        else counts.non2xx += 1;
      });
    });
    counts.errors += result.errors + result.timeouts;
  });
  await Promise.all(runs);
  if (TRACE) logSeconds(trace);
  if (ANSWERS_DIR) {
    answersWritten += 1;
    const file = `answers-${load.target.port}-${answersWritten}.tsv`;
    fs.writeFileSync(path.join(ANSWERS_DIR, file), answers.join(''));
  }
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number(quantile(latencies, q).toFixed(2));
  return {
    rps: (counts.ok + counts.non2xx) / load.duration,
    p50: at(0.5),
    p99: at(0.99),
    ok: counts.ok,
    non2xx: counts.non2xx,
    errors: counts.errors,
    seconds,
    exhausted: rotation.wrapped,
  };
}

// ---------------------------------------------------------------- the run

interface Row {
  scenario: string;
  measured: Measured;
  peakRss: number;
  /** The measured server's CPU time per answered request, in µs (Linux). */
  cpuUs?: number;
  ratio?: { of: string; value: number };
  note?: string;
}

/**
 * One row for repeated runs of a scenario: the run with the median req/s (its latencies with it),
 * or with the median p99 (`by`, for paced rows, whose req/s is set), the peak RSS of all runs,
 * and each run's req/s (or p99) in the note. It takes the first run's place in `rows`, and the
 * other runs leave the table.
 */
function medianRow(rows: Row[], runs: Row[], scenario: string, by: 'rps' | 'p99' = 'rps'): Row {
  if (runs.length === 1) return runs[0]!;
  const sorted = [...runs].sort((a, b) => a.measured[by] - b.measured[by]);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const row: Row = {
    scenario: `${scenario}, median of ${runs.length}`,
    measured: median.measured,
    peakRss: Math.max(...runs.map((r) => r.peakRss)),
    cpuUs: medianOf(runs.map((r) => r.cpuUs)),
    note:
      by === 'rps'
        ? `runs: ${runs.map((r) => r.measured.rps.toFixed(0)).join(', ')} req/s`
        : `runs: p99 ${runs.map((r) => r.measured.p99.toFixed(2)).join(', ')} ms`,
  };
  rows.splice(rows.indexOf(runs[0]!), 1, row);
  for (const r of runs.slice(1)) rows.splice(rows.indexOf(r), 1);
  return row;
}

/** A gateway process's heap after a full GC, in MB. */
interface HeapMb {
  /** What is still live. */
  live: number;
  /** What V8 holds for its heap (committed). */
  committed: number;
  /** Committed per heap space (new_space, old_space, code_space, large_object_space...). */
  spaces: Record<string, number>;
}

/** The heap spaces whose committed size differs by 1 MB or more: `new_space 48 -> 32 MB, ...`. */
function spaceMoves(a: HeapMb, b: HeapMb): string {
  const names = [...new Set([...Object.keys(a.spaces), ...Object.keys(b.spaces)])];
  const moved = names
    .map((n) => [n, a.spaces[n] ?? 0, b.spaces[n] ?? 0] as const)
    .filter(([, x, y]) => Math.abs(y - x) >= 1)
    .map(([n, x, y]) => `${n} ${x.toFixed(0)} -> ${y.toFixed(0)} MB`);
  return moved.length ? moved.join(', ') : 'no space moved by 1 MB';
}

/**
 * A gateway process's heap after a full GC. It runs `gc()` on SIGUSR2 and prints
 * `HEAP {"live","committed","spaces"}` in bytes (bench/gateway-process.ts with BENCH_EXPOSE_GC=1).
 */
async function heapAfterGcMb(p: Proc): Promise<HeapMb> {
  const line = new Promise<HeapMb>((resolve) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /HEAP (\{.*\})\n/.exec(out);
      if (m) {
        p.child.stdout!.off('data', onData);
        const raw = JSON.parse(m[1]) as {
          live: number;
          committed: number;
          spaces: Record<string, number>;
        };
        const mb = (b: number) => b / 2 ** 20;
        resolve({
          live: mb(raw.live),
          committed: mb(raw.committed),
          spaces: Object.fromEntries(Object.entries(raw.spaces).map(([k, v]) => [k, mb(v)])),
        });
      }
    };
    p.child.stdout!.on('data', onData);
  });
  p.child.kill('SIGUSR2');
  return Promise.race([line, sleep(5000).then(() => ({ live: NaN, committed: NaN, spaces: {} }))]);
}

async function coreHits(core: Proc): Promise<number> {
  const res = await fetch(`${core.base}/__stats`);
  return ((await res.json()) as { hits: number }).hits;
}

async function main(): Promise<void> {
  const began = Date.now();
  const key = await makeKey('bench-es256');
  const impostor = await makeKey('bench-es256'); // same kid, other key: bad signature
  const jwksServer = http.createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ keys: [key.publicJwk] }));
  });
  await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
  const jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;

  // The platform token endpoints need a signing key outside demo mode: a throw-away one.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-bench-'));
  const platformKeyFile = path.join(tmp, 'platform-key.json');
  const platformKey = await generateKeyPair('ES256', { extractable: true });
  fs.writeFileSync(
    platformKeyFile,
    JSON.stringify({ ...(await exportJWK(platformKey.privateKey)), alg: 'ES256' }),
  );
  const procs: Proc[] = [];
  const rows: Row[] = [];
  try {
    const core = await startProc('core', 'core-process.js', {});
    procs.push(core);
    const coreUrl = core.base;
    const missTtl = JSON.stringify({
      'customer.getCustomerDetail': 0,
      'banking.listAccounts': 0,
      'banking.listBalances': 0,
    });
    const gatewayEnv = (extra: Record<string, string>) => ({
      CORE_ADAPTER: 'http-core',
      BENCH_CORE_URL: coreUrl,
      HOLDER_JWKS_URL: jwksUrl,
      HOLDER_SUBDOMAIN: SUBDOMAIN,
      JWT_ALGORITHMS: 'PS256,ES256',
      JWT_CLOCK_TOLERANCE_SECONDS: String(CLOCK_TOLERANCE_SECONDS),
      LOG_LEVEL: 'warn',
      PLATFORM_SIGNING_KEY_FILE: platformKeyFile,
      PLATFORM_CLIENTS_FILE: path.join(tmp, 'platform-clients.json'),
      NODE_ENV: 'production',
      ...extra,
    });

    const baselineEnv = (port: number) => ({
      BENCH_CORE_URL: coreUrl,
      HOLDER_JWKS_URL: jwksUrl,
      HOLDER_SUBDOMAIN: SUBDOMAIN,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'production',
    });
    const start = async (name: string, script: string, extra: (port: number) => object) => {
      // The process learns its port from PORT; the base URL must match it, so reserve it here.
      const port = await freePort();
      const p = await startProc(name, script, extra(port) as Record<string, string>, port);
      procs.push(p);
      return p;
    };
    const memory = await start('baseline-memory', 'baseline/memory.js', baselineEnv);
    const proxy = await start('baseline-proxy', 'baseline/proxy.js', baselineEnv);
    const gwMiss = await start('gateway-miss', 'gateway-process.js', (port) =>
      gatewayEnv({ PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, CACHE_TTL_SECONDS: missTtl }),
    );
    const gwHit = await start('gateway-hit', 'gateway-process.js', (port) =>
      gatewayEnv({ PUBLIC_BASE_URL: `http://127.0.0.1:${port}` }),
    );
    const gwInfo = WITH_INFO
      ? await start('gateway-miss-info', 'gateway-process.js', (port) =>
          gatewayEnv({
            PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
            CACHE_TTL_SECONDS: missTtl,
            LOG_LEVEL: 'info',
          }),
        )
      : undefined;
    log(`processes up: ${procs.map((p) => `${p.name}=${p.base}`).join(' ')}`);

    // Rough rate estimates size the token pools; each measured rate refines its target's.
    const estimate = new Map<Proc, number>();
    // Warm-ups run before the JIT settles, so their rate underestimates: triple it, never below
    // 6000 req/s, so a pool cannot run out and turn requests into replays.
    const poolFor = (target: Proc, duration: number, rate?: number) =>
      Math.max(
        2000,
        (rate ?? Math.max(6000, (estimate.get(target) ?? 8000) * 3)) * duration + 1000,
      );

    const measure = async (
      scenario: string,
      load: Omit<Load, 'tokens' | 'duration' | 'connections'> & {
        duration?: number;
        connections?: number;
        auth?: 'valid' | 'bad' | 'none';
        /**
         * Token lifetime in seconds (default 300); in a paced load, counted from each token's
         * own send time.
         */
        tokenSeconds?: number;
      },
    ): Promise<Row> => {
      const duration = load.duration ?? DURATION;
      const auth = load.auth ?? 'valid';
      const signingKey = auth === 'bad' ? impostor : key;
      const audOf = (p: string) => load.target.base + p.split('?')[0]; // aud: the path, no query
      const tokens =
        auth === 'none'
          ? undefined
          : await signTokens(
              signingKey,
              (load.paths ?? [load.path]).map(audOf),
              poolFor(load.target, duration, load.overallRate),
              load.tokenSeconds,
              load.overallRate,
            );
      // One probe request (with a token of its own) shows what the scenario answers.
      const probePath = load.paths?.[0] ?? load.path;
      const probeToken =
        auth === 'none' ? undefined : (await signTokens(signingKey, audOf(probePath), 1))[0];
      const probe = await fetch(load.target.base + probePath, {
        method: load.method,
        body: load.body,
        headers: {
          ...(load.body ? { 'content-type': 'application/json' } : {}),
          ...(probeToken ? { authorization: `Bearer ${probeToken}` } : {}),
        },
      });
      const probeBody = (await probe.text()).slice(0, 200);
      if (probe.status !== (auth === 'bad' ? 401 : 200))
        log(`${scenario}: probe answered ${probe.status} ${probeBody}`);
      await sleep(300); // let the signing's garbage settle
      const rss = rssPoller(load.target.child.pid!);
      const cpuBefore = cpuMs(load.target.child.pid!);
      const measured = load.overallRate
        ? await runPaced({
            ...load,
            overallRate: load.overallRate,
            tokens,
            duration,
            connections: 1,
          })
        : await runLoad({
            ...load,
            tokens,
            duration,
            connections: load.connections ?? CONNECTIONS,
          });
      const peakRss = rss.stop();
      const cpuAfter = cpuMs(load.target.child.pid!);
      const answered = measured.ok + measured.non2xx;
      const cpuUs =
        cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
          ? ((cpuAfter - cpuBefore) * 1000) / answered
          : undefined;
      if (!load.overallRate && auth !== 'bad')
        estimate.set(load.target, Math.max(estimate.get(load.target) ?? 0, measured.rps));
      const row: Row = { scenario, measured, peakRss, cpuUs };
      rows.push(row);
      log(
        `${scenario}: ${measured.rps.toFixed(0)} req/s p50 ${measured.p50} ms p99 ${measured.p99} ms ` +
          `rss ${peakRss.toFixed(0)} MB (2xx ${measured.ok}, non-2xx ${measured.non2xx}, errors ${measured.errors}` +
          `${measured.exhausted ? ', token pool exhausted' : ''})`,
      );
      return row;
    };
    const warm = (target: Proc, p: string, method: 'GET' | 'POST' = 'GET', body?: string) =>
      measure(`warm-up ${target.name}`, {
        target,
        method,
        path: p,
        body,
        duration: WARMUP,
        connections: 10,
      }).then(() => rows.pop());

    const balancesBody = (n: number) =>
      JSON.stringify({
        data: {
          accountIds: Array.from(
            { length: n },
            (_, i) => `acc-bench-${String(i + 1).padStart(2, '0')}`,
          ),
        },
      });
    if (BENCH_ACCOUNTS < 50) throw new Error('the core needs 50 accounts');

    // Warm-ups: JIT, key set, connection pools.
    await warm(memory, DETAIL);
    await warm(proxy, DETAIL);
    await warm(gwMiss, DETAIL);
    await warm(gwMiss, `${BALANCES}?page-size=100`, 'POST', balancesBody(10));
    await warm(gwHit, DETAIL);
    if (gwInfo) await warm(gwInfo, DETAIL);

    const targets: string[] = [];
    const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
    const target = (name: string, pass: boolean, detail: string) =>
      targets.push(`| ${name} | ${pass ? 'PASS' : '**MISS**'} | ${detail} |`);
    const shortOf = (ratio: number) =>
      `${pct(ratio)}${ratio < 0.8 ? `, ${((0.8 - ratio) * 100).toFixed(1)} points short` : ''}`;

    /** The gateway's cache-miss req/s at full load (median), when the throughput group ran. */
    let missCapacity: number | undefined;
    if (want('throughput')) {
      const direct = await measure('core, direct (the limit)', {
        target: core,
        method: 'GET',
        path: `/customers/${BENCH_CUSTOMER}/detail`,
        auth: 'none',
      });
      // The baselines and the gateway are measured in alternated rounds (BENCH_REPEAT, 3) and
      // each is reported as its median: a single run of one baseline moves by ±8%.
      const runs = { mem: [] as Row[], proxy: [] as Row[], miss: [] as Row[], hit: [] as Row[] };
      let missCoreCalls = 0;
      let missAnswers = 0;
      for (let round = 1; round <= REPEAT; round += 1) {
        const tag = REPEAT > 1 ? ` (run ${round})` : '';
        runs.mem.push(
          await measure(`baseline: Express + jose, from memory${tag}`, {
            target: memory,
            method: 'GET',
            path: DETAIL,
          }),
        );
        runs.proxy.push(
          await measure(`baseline: Express + jose + undici to core${tag}`, {
            target: proxy,
            method: 'GET',
            path: DETAIL,
          }),
        );
        const missHitsBefore = await coreHits(core);
        const missRun = await measure(`gateway, cache miss (detail)${tag}`, {
          target: gwMiss,
          method: 'GET',
          path: DETAIL,
          paths: MISS_DETAILS,
        });
        runs.miss.push(missRun);
        missCoreCalls += (await coreHits(core)) - missHitsBefore - 1; // less the probe
        missAnswers += missRun.measured.ok + missRun.measured.non2xx;
        runs.hit.push(
          await measure(`gateway, cache hit (detail)${tag}`, {
            target: gwHit,
            method: 'GET',
            path: DETAIL,
          }),
        );
      }
      const bMem = medianRow(rows, runs.mem, 'baseline: Express + jose, from memory');
      const bProxy = medianRow(rows, runs.proxy, 'baseline: Express + jose + undici to core');
      const miss = medianRow(rows, runs.miss, 'gateway, cache miss (detail)');
      missCapacity = miss.measured.rps;
      const hit = medianRow(rows, runs.hit, 'gateway, cache hit (detail)');
      miss.ratio = { of: 'proxy baseline', value: miss.measured.rps / bProxy.measured.rps };
      miss.note = [miss.note, `${missCoreCalls} core calls for ${missAnswers} answers`]
        .filter(Boolean)
        .join('; ');
      hit.ratio = { of: 'memory baseline', value: hit.measured.rps / bMem.measured.rps };
      bMem.ratio = { of: 'core direct', value: bMem.measured.rps / direct.measured.rps };
      bProxy.ratio = { of: 'core direct', value: bProxy.measured.rps / direct.measured.rps };
      if (gwInfo) {
        const info = await measure('gateway, cache miss, LOG_LEVEL=info', {
          target: gwInfo,
          method: 'GET',
          path: DETAIL,
          paths: MISS_DETAILS,
        });
        info.ratio = { of: 'miss at warn', value: info.measured.rps / miss.measured.rps };
      }
      const perRun = (a: Row[], b: Row[]) =>
        a.map((r, i) => pct(r.measured.rps / b[i]!.measured.rps)).join(', ');
      const hitRatio = hit.ratio.value;
      const missRatio = miss.ratio.value;
      /** Capacity by CPU cost: requests per CPU-second of the server over the baseline's. */
      const byCpu = (gateway: Row, baseline: Row) =>
        gateway.cpuUs && baseline.cpuUs
          ? `; by CPU per request ${pct(baseline.cpuUs / gateway.cpuUs)} (${gateway.cpuUs.toFixed(0)} vs ${baseline.cpuUs.toFixed(0)} µs, medians)`
          : '';
      target(
        'cache hit ≥ 80% of the in-memory baseline req/s',
        hitRatio >= 0.8,
        `${shortOf(hitRatio)}${REPEAT > 1 ? ` (medians; run by run ${perRun(runs.hit, runs.mem)})` : ''}${byCpu(hit, bMem)}`,
      );
      target(
        'cache miss ≥ 80% of the proxying baseline req/s',
        missRatio >= 0.8,
        `${shortOf(missRatio)}${REPEAT > 1 ? ` (medians; run by run ${perRun(runs.miss, runs.proxy)})` : ''}${byCpu(miss, bProxy)}`,
      );
    }

    if (want('fanout')) {
      const fan: Row[] = [];
      for (const n of [1, 10, 50]) {
        fan.push(
          await measure(`gateway, balances fan-out ${n} (${FANOUT_CONNECTIONS} conn.)`, {
            target: gwMiss,
            method: 'POST',
            path: `${BALANCES}?page-size=100`,
            body: balancesBody(n),
            connections: FANOUT_CONNECTIONS,
          }),
        );
      }
      for (const r of fan.slice(1))
        r.ratio = { of: 'fan-out 1 (p50)', value: r.measured.p50 / fan[0]!.measured.p50 };
      await sleep(1500); // requests cut off at the end of the fan-out still finish their core calls
      const fanRatio = fan[2]!.measured.p50 / fan[0]!.measured.p50;
      const fanRatio99 = fan[2]!.measured.p99 / fan[0]!.measured.p99;
      target(
        'fan-out 50 accounts ≤ 3× the latency of 1 account',
        fanRatio <= 3,
        `p50 ${fanRatio.toFixed(2)}×, p99 ${fanRatio99.toFixed(2)}×${fanRatio > 3 ? ` (${(fanRatio / 3).toFixed(2)}× the allowance)` : ''}`,
      );
    }

    if (want('rejected')) {
      // Rejected against accepted on the same process, measured back to back and alternated
      // (accepted, rejected, accepted, rejected), so that neither side profits from running
      // earlier on a smaller heap and replay store: each is the mean of its two runs.
      let rejectedCoreHits = 0;
      const pairs: { accepted: Row; rejected: Row }[] = [];
      for (let round = 1; round <= 2; round += 1) {
        const accepted = await measure(`gateway, accepted tokens (cache miss), pair ${round}`, {
          target: gwMiss,
          method: 'GET',
          path: DETAIL,
          paths: MISS_DETAILS,
        });
        await sleep(500);
        const hitsBefore = await coreHits(core);
        const rejectedRun = await measure(
          `gateway, rejected tokens (bad signature), pair ${round}`,
          { target: gwMiss, method: 'GET', path: DETAIL, paths: MISS_DETAILS, auth: 'bad' },
        );
        rejectedCoreHits += (await coreHits(core)) - hitsBefore;
        pairs.push({ accepted, rejected: rejectedRun });
      }
      const meanOf = (side: 'accepted' | 'rejected', key: 'rps' | 'p99') =>
        pairs.reduce((sum, p) => sum + p[side].measured[key], 0) / pairs.length;
      const rejected = {
        rps: meanOf('rejected', 'rps'),
        p99: meanOf('rejected', 'p99'),
        ok: pairs.reduce((sum, p) => sum + p.rejected.measured.ok, 0),
      };
      const accepted = { rps: meanOf('accepted', 'rps'), p99: meanOf('accepted', 'p99') };
      for (const p of pairs) {
        p.rejected.ratio = {
          of: 'accepted, same pair',
          value: p.rejected.measured.rps / p.accepted.measured.rps,
        };
      }
      pairs[pairs.length - 1]!.rejected.note = `${rejectedCoreHits} core calls in both runs`;
      const rejOk =
        rejected.rps >= accepted.rps &&
        rejected.p99 <= accepted.p99 &&
        rejectedCoreHits === 0 &&
        rejected.ok === 0;
      target(
        'rejected tokens cost no more than accepted ones, never touch the core',
        rejOk,
        `${rejected.rps.toFixed(0)} vs ${accepted.rps.toFixed(0)} req/s accepted (cache miss, same process, means of two alternated pairs), p99 ${rejected.p99.toFixed(1)} vs ${accepted.p99.toFixed(1)} ms, ${rejectedCoreHits} core calls, ${rejected.ok} accepted`,
      );
    }

    if (want('fixed')) {
      // Alternated rounds (BENCH_REPEAT) of the direct core call, the bare proxying baseline (what
      // Express + jose + undici alone add: the floor under the gateway's added p99 on this
      // machine) and the gateway, all at the same rate; each round's added p99 is against that
      // round's direct call, and the target takes their median: a slow moment of the machine
      // moves one round's p99 by many milliseconds.
      const fixedRuns = { direct: [] as Row[], proxy: [] as Row[], miss: [] as Row[] };
      for (let round = 1; round <= REPEAT; round += 1) {
        const tag = REPEAT > 1 ? ` (run ${round})` : '';
        fixedRuns.direct.push(
          await measure(`core, direct, at ${FIXED_RATE} req/s${tag}`, {
            target: core,
            method: 'GET',
            path: `/customers/${BENCH_CUSTOMER}/detail`,
            auth: 'none',
            overallRate: FIXED_RATE,
          }),
        );
        fixedRuns.proxy.push(
          await measure(`baseline: Express + jose + undici proxy, at ${FIXED_RATE} req/s${tag}`, {
            target: proxy,
            method: 'GET',
            path: DETAIL,
            overallRate: FIXED_RATE,
          }),
        );
        fixedRuns.miss.push(
          await measure(`gateway, cache miss, at ${FIXED_RATE} req/s${tag}`, {
            target: gwMiss,
            method: 'GET',
            path: DETAIL,
            paths: MISS_DETAILS,
            overallRate: FIXED_RATE,
          }),
        );
      }
      const addedOf = (runs: Row[]) =>
        runs.map((r, i) => r.measured.p99 - fixedRuns.direct[i]!.measured.p99);
      const proxyAdded = addedOf(fixedRuns.proxy);
      const missAdded = addedOf(fixedRuns.miss);
      const addedP99 = medianOf(missAdded)!;
      const byRound = (added: number[]) =>
        added.length > 1
          ? ` (median; run by run ${added.map((a) => `+${a.toFixed(2)}`).join(', ')})`
          : '';
      medianRow(rows, fixedRuns.direct, `core, direct, at ${FIXED_RATE} req/s`, 'p99');
      const proxy1k = medianRow(
        rows,
        fixedRuns.proxy,
        `baseline: Express + jose + undici proxy, at ${FIXED_RATE} req/s`,
        'p99',
      );
      const miss1k = medianRow(
        rows,
        fixedRuns.miss,
        `gateway, cache miss, at ${FIXED_RATE} req/s`,
        'p99',
      );
      proxy1k.note = `+${medianOf(proxyAdded)!.toFixed(2)} ms p99 over direct${byRound(proxyAdded)}`;
      // How close the fixed rate is to what this gateway can do at all on this machine: queueing
      // delay, and so p99, grows steeply as that share nears 1.
      const load = missCapacity
        ? `; the rate is ${pct(FIXED_RATE / missCapacity)} of the gateway's cache-miss req/s at full load`
        : '';
      miss1k.note = `+${addedP99.toFixed(2)} ms p99 over direct${byRound(missAdded)}${load}`;
      target(
        `added p99 over the direct core call at ${FIXED_RATE} req/s ≤ 2 ms`,
        addedP99 <= 2,
        `+${addedP99.toFixed(2)} ms${addedP99 > 2 ? `, ${(addedP99 - 2).toFixed(2)} ms over` : ''}${byRound(missAdded)}${load}`,
      );
    }

    if (want('soak')) {
      // Soak: a fresh cache-miss gateway (every request reaches the core), warmed up at the soak
      // rate for BENCH_SOAK_WARMUP seconds, then loaded at that rate for BENCH_SOAK seconds. RSS
      // is read after the warm-up and after the soak; the live heap after a full GC (the process
      // runs with --expose-gc and answers SIGUSR2) tells memory still in use from memory V8 has
      // not handed back yet.
      for (const p of [gwHit, ...(gwInfo ? [gwInfo] : [])]) await p.stop(); // idle, but hold RAM
      const gwSoak = await start('gateway-soak', 'gateway-process.js', (port) =>
        gatewayEnv({
          PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
          CACHE_TTL_SECONDS: missTtl,
          BENCH_EXPOSE_GC: '1',
        }),
      );
      /** `seconds` of the soak's load (cache miss, paced at SOAK_RATE) on the soak gateway. */
      const soakLoad = (scenario: string, seconds: number) =>
        measure(scenario, {
          target: gwSoak,
          method: 'GET',
          path: DETAIL,
          paths: MISS_DETAILS,
          duration: seconds,
          overallRate: SOAK_RATE,
          tokenSeconds: SOAK_TOKEN_SECONDS,
        });
      /** RSS 1 s after the full GC that measures the live heap: every reading in the same state. */
      const reading = async () => {
        await sleep(1000);
        const heap = await heapAfterGcMb(gwSoak);
        await sleep(1000);
        return { heap, rss: rssMb(gwSoak.child.pid!) };
      };
      await soakLoad(`soak warm-up ${SOAK_WARMUP} s at ${SOAK_RATE} req/s`, SOAK_WARMUP);
      rows.pop();
      // The warm-up ends with a full GC (read here, for the record), then SOAK_SETTLE seconds of
      // load in the regime that GC leaves V8 in; then the soak between two readings.
      const { heap: heapWarm, rss: rssWarm } = await reading();
      await soakLoad(`soak settling ${SOAK_SETTLE} s at ${SOAK_RATE} req/s`, SOAK_SETTLE);
      rows.pop();
      const { heap: heapStart, rss: rssStart } = await reading();
      const soak = await soakLoad(`soak ${SOAK} s at ${SOAK_RATE} req/s (cache miss)`, SOAK);
      const { heap: heapEnd, rss: rssEnd } = await reading();
      // Where RSS moves: V8's committed heap, or the rest (code, native allocations, buffers).
      const mb = (a: number, b: number) => `${a.toFixed(0)} MB -> ${b.toFixed(0)} MB`;
      soak.note =
        `RSS ${mb(rssStart, rssEnd)}; after a full GC, live heap ${mb(heapStart.live, heapEnd.live)}, ` +
        `V8 heap committed ${mb(heapStart.committed, heapEnd.committed)} (${spaceMoves(heapStart, heapEnd)}), ` +
        `RSS outside the V8 heap ${mb(rssStart - heapStart.committed, rssEnd - heapEnd.committed)}; ` +
        `at the warm-up's end, before settling: RSS ${rssWarm.toFixed(0)} MB, ` +
        `V8 heap committed ${heapWarm.committed.toFixed(0)} MB (${spaceMoves(heapWarm, heapStart)} by the start)`;
      const soakGrowth = rssEnd / rssStart - 1;
      target(
        'RSS after the soak within 10% of after warm-up, under 256 MB',
        Math.abs(soakGrowth) <= 0.1 && rssEnd < 256,
        `${rssStart.toFixed(1)} → ${rssEnd.toFixed(1)} MB (${soakGrowth >= 0 ? '+' : ''}${(soakGrowth * 100).toFixed(1)}%), peak ${soak.peakRss.toFixed(1)} MB`,
      );
    }

    // ------------------------------------------------------------ results.md
    const fmt = (r: Row) =>
      `| ${r.scenario} | ${r.measured.rps.toFixed(0)} | ${r.measured.p50} | ${r.measured.p99} | ${r.peakRss.toFixed(0)} | ${r.cpuUs === undefined ? '' : r.cpuUs.toFixed(0)} | ${
        r.ratio ? `${r.ratio.value.toFixed(2)} (vs ${r.ratio.of})` : ''
      } | ${[
        r.measured.non2xx ? `${r.measured.non2xx} non-2xx` : '',
        r.measured.errors ? `${r.measured.errors} errors` : '',
        r.measured.exhausted ? 'token pool exhausted' : '',
        r.note ?? '',
      ]
        .filter(Boolean)
        .join('; ')} |`;
    const cpus = os.cpus();
    const overrides = Object.entries(env)
      .filter(([k]) => k.startsWith('BENCH_'))
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    const command = `${overrides ? `${overrides} ` : ''}npm run ${env.npm_lifecycle_event ?? 'bench'}`;
    const md = [
      '# Benchmark results',
      '',
      `- Date: ${new Date().toISOString()} (run took ${((Date.now() - began) / 1000).toFixed(0)} s)`,
      `- Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} CPUs (nproc), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}`,
      `- Node ${process.version}; command: \`${command}\``,
      `- ${DURATION} s per scenario, ${CONNECTIONS} connections (fan-out ${FANOUT_CONNECTIONS}), autocannon in the runner process; ` +
        'loopback core, gateways and baselines each in their own process, all on this machine. ' +
        (PIN
          ? 'Pinned with `taskset`: runner and core on CPU 0, the measured server alone on CPU 1.'
          : 'Not pinned: the processes share the CPUs.'),
      '- Gateway: `dist/` build, `LOG_LEVEL=warn` (one row at `info`), replay store in process memory (no `REDIS_URL`), ' +
        'in-process cache; cache miss = `CACHE_TTL_SECONDS` 0 for the operations used. Tokens: ES256, unique `jti`, ' +
        'signed before each scenario. Request: `GET /v1/common/customer/c-bench/detail` unless stated.',
      '- Peak RSS: the measured process (the core for "direct"), polled every 100 ms. CPU µs/req: that process\'s CPU time (user + system, all its threads, from `/proc`) over the scenario, per answered request; other work on the machine does not count in it, so it compares servers and builds where req/s is disturbed.',
      `- Cache miss rows spread their requests over ${MISS_CUSTOMERS} customer ids (the same data in the core), so that no two concurrent requests share a core call through single-flight; the miss row's note counts the core calls.`,
      `- Fixed-rate rows (${FIXED_RATE} req/s and the soak) are paced: the rate is split over up to 50 single-connection autocannon instances whose seconds start evenly staggered (autocannon's own rate limit sends each connection's budget in one burst at the start of every second); latencies are every response's own, in fractional ms, each stream's first second left out.`,
      `- Soak: a fresh cache-miss gateway, warmed up ${SOAK_WARMUP} s at ${SOAK_RATE} req/s, then ${SOAK} s at that rate, with tokens signed beforehand that each expire ${SOAK_TOKEN_SECONDS} s after the second they are due to be sent (less the signing time), so the replay store, which holds a jti until its exp plus ${CLOCK_TOLERANCE_SECONDS} s, reaches its steady size (about rate × ${SOAK_JTI_SECONDS} s) within the warm-up; the warm-up ends with a full GC, which puts V8 on a smaller old-generation limit, followed by ${SOAK_SETTLE} s at the rate so that its heap settles in that regime; at the start and the end of the soak, the live heap after a full GC and the RSS 1 s after that GC.`,
      `- Node flags of the gateways and baselines alike: ${SERVER_NODE_FLAGS.length > 0 ? `\`${SERVER_NODE_FLAGS.join(' ')}\`` : 'none'} (the gateway's shipped options, package.json \`config.nodeOptions\`, then BENCH_NODE_FLAGS).`,
      '',
      '| scenario | req/s | p50 ms | p99 ms | peak RSS MB | CPU µs/req | ratio | notes |',
      '| --- | --: | --: | --: | --: | --: | --- | --- |',
      ...rows.map(fmt),
      '',
      '## Targets',
      '',
      '| target | result | measured |',
      '| --- | --- | --- |',
      ...targets,
      '',
    ].join('\n');
    const previous = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : '';
    const kept = previous.includes(GENERATED_END)
      ? previous.slice(previous.indexOf(GENERATED_END) + GENERATED_END.length)
      : '\n';
    // Formatted as the project's `prettier --check` expects, so a run leaves the lint green.
    const formatted = await prettier.format(`${md}\n${GENERATED_END}${kept}`, {
      ...(await prettier.resolveConfig(OUT)),
      filepath: OUT,
    });
    fs.writeFileSync(OUT, formatted);
    log(`wrote ${OUT}`);
    process.stdout.write(`\n${md}\n`);
  } finally {
    for (const p of procs.reverse()) await p.stop();
    jwksServer.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench failed: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
