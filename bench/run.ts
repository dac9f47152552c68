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
 *
 * Where things are: settings.ts reads the settings above, setup.ts starts the keys and processes,
 * measure.ts and load.ts measure one scenario, bench/scenarios/ holds one module per group, and
 * report.ts writes the results file.
 */
import { BENCH_ACCOUNTS } from './core-process';
import { makeMeasure, warm } from './measure';
import { resultsMarkdown, writeResults } from './report';
import type { Row } from './rows';
import type { Bench } from './scenarios/context';
import { balancesBody, fanout } from './scenarios/fanout';
import { fixed } from './scenarios/fixed';
import { rejected } from './scenarios/rejected';
import { soak } from './scenarios/soak';
import { throughput } from './scenarios/throughput';
import { BALANCES, DETAIL, log, OUT, want } from './settings';
import { openHarness, startServers } from './setup';
import { Targets } from './targets';

/** Warm-ups before any measurement: JIT, key set, connection pools. */
async function warmUp({ servers, measure, rows }: Bench): Promise<void> {
  const { memory, proxy, gwMiss, gwHit, gwInfo } = servers;
  await warm(measure, rows, memory, DETAIL);
  await warm(measure, rows, proxy, DETAIL);
  await warm(measure, rows, gwMiss, DETAIL);
  await warm(measure, rows, gwMiss, `${BALANCES}?page-size=100`, 'POST', balancesBody(10));
  await warm(measure, rows, gwHit, DETAIL);
  if (gwInfo) await warm(measure, rows, gwInfo, DETAIL);
}

/** The scenario groups BENCH_ONLY selects, in their fixed order. */
async function runGroups(bench: Bench): Promise<void> {
  /** The gateway's cache-miss req/s at full load (median), when the throughput group ran. */
  const missCapacity = want('throughput') ? await throughput(bench) : undefined;
  if (want('fanout')) await fanout(bench);
  if (want('rejected')) await rejected(bench);
  if (want('fixed')) await fixed(bench, missCapacity);
  if (want('soak')) await soak(bench);
}

async function main(): Promise<void> {
  const began = Date.now();
  const harness = await openHarness();
  const rows: Row[] = [];
  try {
    const servers = await startServers(harness);
    const bench: Bench = {
      servers,
      measure: makeMeasure(harness.signers, rows),
      rows,
      targets: new Targets(),
    };
    if (BENCH_ACCOUNTS < 50) throw new Error('the core needs 50 accounts');
    await warmUp(bench);
    await runGroups(bench);
    const md = resultsMarkdown(began, rows, bench.targets.lines);
    await writeResults(md);
    log(`wrote ${OUT}`);
    process.stdout.write(`\n${md}\n`);
  } finally {
    await harness.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench failed: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
