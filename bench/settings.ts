/**
 * The benchmark's settings, read once from the environment; bench/run.ts's header lists them all.
 * Also the paths and the small helpers every part of the runner shares.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_CUSTOMER } from './core-process';
import { pinRunnerToCpu0, shippedNodeOptions } from './proc-stats';

export const env = process.env;
const num = (name: string, fallback: number) => {
  const v = Number(env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
export const DURATION = num('BENCH_DURATION', 10);
export const SOAK = num('BENCH_SOAK', 60);
export const SOAK_RATE = num('BENCH_SOAK_RATE', 1000);
/**
 * Lifetime of the soak's tokens (BENCH_SOAK_TOKEN_SECONDS, 45), counted from the second each one
 * is due to be sent: the tokens are signed before the soak, token i with `exp` = signing time +
 * i / rate + this lifetime, as a client signing each request just in time would. The replay store
 * keeps a jti until its `exp` plus the clock tolerance, so it holds about rate × SOAK_JTI_SECONDS
 * ids once the warm-up is longer than that, and stays there.
 */
export const SOAK_TOKEN_SECONDS = num('BENCH_SOAK_TOKEN_SECONDS', 45);
/** The gateways' `JWT_CLOCK_TOLERANCE_SECONDS`: the replay store keeps a jti this long past `exp`. */
export const CLOCK_TOLERANCE_SECONDS = 30;
/** How long the replay store keeps a soak token's jti after the token was sent. */
export const SOAK_JTI_SECONDS = SOAK_TOKEN_SECONDS + CLOCK_TOLERANCE_SECONDS;
/** Soak warm-up (BENCH_SOAK_WARMUP): by default long enough for the replay store to level off. */
export const SOAK_WARMUP = num('BENCH_SOAK_WARMUP', SOAK_JTI_SECONDS + 15);
/**
 * Load at the soak rate after the warm-up's full GC and before the soak's first reading
 * (BENCH_SOAK_SETTLE, 30 s). V8 sizes its old generation by how fast the program allocates and
 * how fast it collects; the first forced full GC, taken with the process idle for a second, sets
 * it on a smaller limit it then keeps (--trace-gc-nvp: a full GC every ~10 s with the limit at
 * ~60-125 MB before it, every ~1.4 s at ~42 MB after). Its heap still holds the pages of the
 * larger limit, which the following full GCs compact away. Reading at the start only after this
 * settling compares the two ends in the same regime.
 */
export const SOAK_SETTLE = num('BENCH_SOAK_SETTLE', 30);
export const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
export const FANOUT_CONNECTIONS = num('BENCH_FANOUT_CONNECTIONS', 10);
export const FIXED_RATE = num('BENCH_RATE', 1000);
export const WITH_INFO = env.BENCH_INFO !== '0';
/** BENCH_SERVER_OUT: a folder (made if missing) that keeps each server's stdout and stderr (`<name>.log`). */
export const SERVER_OUT = env.BENCH_SERVER_OUT;
if (SERVER_OUT) fs.mkdirSync(SERVER_OUT, { recursive: true });
/** BENCH_TRACE=1 logs every second of the paced loads (answers, p50, p99, max). */
export const TRACE = env.BENCH_TRACE === '1';
/** Scenario groups, all by default; BENCH_ONLY takes a comma list of them. */
export const GROUPS = ['throughput', 'fanout', 'rejected', 'fixed', 'soak'] as const;
export type Group = (typeof GROUPS)[number];
const ONLY = (env.BENCH_ONLY ?? '').split(',').filter(Boolean);
for (const g of ONLY) {
  if (!(GROUPS as readonly string[]).includes(g))
    throw new Error(`BENCH_ONLY: unknown group ${g} (one of ${GROUPS.join(', ')})`);
}
export const want = (g: Group) => ONLY.length === 0 || ONLY.includes(g);
/** Results file: bench/results.md for a whole run, bench/results-only.md for a BENCH_ONLY run. */
export const OUT = path.resolve(
  env.BENCH_OUT ??
    path.join(__dirname, '..', '..', 'bench', ONLY.length > 0 ? 'results-only.md' : 'results.md'),
);
/**
 * The results file's generated part ends at this line; what follows it (the record of changes and
 * their measured effect) is kept when a run rewrites the file.
 */
export const GENERATED_END =
  '<!-- end of generated results: the notes below are kept by `npm run bench` -->';
export const DIST = __dirname; // dist/bench
export const PIN = pinRunnerToCpu0();
/**
 * Node flags of the gateways and the baselines alike: the options the gateway ships with (`npm
 * start`), then BENCH_NODE_FLAGS (a later flag wins). The baselines get them too, so that the
 * ratios compare code, not runtime settings.
 */
export const SERVER_NODE_FLAGS = [
  ...shippedNodeOptions(path.join(__dirname, '..', '..')),
  ...(env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean),
];
/**
 * profile-window.ts's settings, passed on to the gateways and baselines (which `--require` it
 * through BENCH_NODE_FLAGS).
 */
export const PROFILE_ENV = Object.fromEntries(
  Object.entries(env).filter((e): e is [string, string] => e[0].startsWith('BENCH_PROFILE_')),
);
/**
 * With BENCH_PROFILE_KIND=gc, the folder where each paced row's answers are written (end as epoch
 * ms, latency ms), next to the servers' GC logs, for bench/gc-latency-report.ts.
 */
export const ANSWERS_DIR = env.BENCH_PROFILE_KIND === 'gc' ? env.BENCH_PROFILE_DIR : undefined;
export const SUBDOMAIN = 'bench';
/**
 * The PUBLIC_BASE_URL of every gateway and baseline, and so the `aud` of every token (+ path):
 * fixed, since each binds a port of its own choosing (PORT=0).
 */
export const PUBLIC_BASE_URL = 'http://gateway.bench';
export const DETAIL = `/v1/common/customer/${BENCH_CUSTOMER}/detail`;
/**
 * Cache-miss scenarios spread their requests over this many customer ids (BENCH_MISS_CUSTOMERS),
 * all the same data in the core: with one id, concurrent identical calls would share one core
 * call through the gateway's single-flight, and "every request reaches the core" would not hold.
 */
export const MISS_CUSTOMERS = num('BENCH_MISS_CUSTOMERS', 1000);
export const MISS_DETAILS = Array.from(
  { length: MISS_CUSTOMERS },
  (_, i) => `/v1/common/customer/${BENCH_CUSTOMER}-${i + 1}/detail`,
);
export const BALANCES = `/v1/banking/customer/${BENCH_CUSTOMER}/accounts/balances`;
export const MAX_TOKENS = 400_000;
/** Seconds of load that warm each server up (JIT, key set, pools) before it is measured. */
export const WARMUP = num('BENCH_WARMUP', 5);
/** Alternated rounds of the throughput scenarios (BENCH_REPEAT), each reported as its median. */
export const REPEAT = Math.floor(num('BENCH_REPEAT', 3));

export const log = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
