/**
 * Fixed rate: the direct core call, the bare proxying baseline and the gateway (cache miss), all
 * paced at BENCH_RATE, judged by the p99 the gateway adds over the direct call.
 */
import { BENCH_CUSTOMER } from '../core-process';
import { medianOf } from '../proc-stats';
import { medianRow, type Row } from '../rows';
import { DETAIL, FIXED_RATE, MISS_DETAILS, REPEAT } from '../settings';
import { pct } from '../targets';
import type { Bench } from './context';

interface Rounds {
  direct: Row[];
  proxy: Row[];
  miss: Row[];
}

/**
 * Alternated rounds (BENCH_REPEAT) of the direct core call, the bare proxying baseline (what
 * Express + jose + undici alone add: the floor under the gateway's added p99 on this machine) and
 * the gateway, all at the same rate.
 */
async function measureRounds({ servers, measure }: Bench): Promise<Rounds> {
  const runs: Rounds = { direct: [], proxy: [], miss: [] };
  for (let round = 1; round <= REPEAT; round += 1) {
    const tag = REPEAT > 1 ? ` (run ${round})` : '';
    runs.direct.push(
      await measure(`core, direct, at ${FIXED_RATE} req/s${tag}`, {
        target: servers.core,
        method: 'GET',
        path: `/customers/${BENCH_CUSTOMER}/detail`,
        auth: 'none',
        overallRate: FIXED_RATE,
      }),
    );
    runs.proxy.push(
      await measure(`baseline: Express + jose + undici proxy, at ${FIXED_RATE} req/s${tag}`, {
        target: servers.proxy,
        method: 'GET',
        path: DETAIL,
        overallRate: FIXED_RATE,
      }),
    );
    runs.miss.push(
      await measure(`gateway, cache miss, at ${FIXED_RATE} req/s${tag}`, {
        target: servers.gwMiss,
        method: 'GET',
        path: DETAIL,
        paths: MISS_DETAILS,
        overallRate: FIXED_RATE,
      }),
    );
  }
  return runs;
}

const byRound = (added: number[]) =>
  added.length > 1
    ? ` (median; run by run ${added.map((a) => `+${a.toFixed(2)}`).join(', ')})`
    : '';

/**
 * Runs the group. Each round's added p99 is against that round's direct call, and the target
 * takes their median: a slow moment of the machine moves one round's p99 by many milliseconds.
 * `missCapacity` is the gateway's cache-miss req/s at full load, when the throughput group ran.
 */
export async function fixed(bench: Bench, missCapacity: number | undefined): Promise<void> {
  const { rows, targets } = bench;
  const runs = await measureRounds(bench);
  const addedOf = (list: Row[]) =>
    list.map((r, i) => r.measured.p99 - runs.direct[i]!.measured.p99);
  const proxyAdded = addedOf(runs.proxy);
  const missAdded = addedOf(runs.miss);
  const addedP99 = medianOf(missAdded)!;
  medianRow(rows, runs.direct, `core, direct, at ${FIXED_RATE} req/s`, 'p99');
  const proxy1k = medianRow(
    rows,
    runs.proxy,
    `baseline: Express + jose + undici proxy, at ${FIXED_RATE} req/s`,
    'p99',
  );
  const miss1k = medianRow(rows, runs.miss, `gateway, cache miss, at ${FIXED_RATE} req/s`, 'p99');
  proxy1k.note = `+${medianOf(proxyAdded)!.toFixed(2)} ms p99 over direct${byRound(proxyAdded)}`;
  // How close the fixed rate is to what this gateway can do at all on this machine: queueing
  // delay, and so p99, grows steeply as that share nears 1.
  const load = missCapacity
    ? `; the rate is ${pct(FIXED_RATE / missCapacity)} of the gateway's cache-miss req/s at full load`
    : '';
  miss1k.note = `+${addedP99.toFixed(2)} ms p99 over direct${byRound(missAdded)}${load}`;
  targets.judge(
    `added p99 over the direct core call at ${FIXED_RATE} req/s ≤ 2 ms`,
    addedP99 <= 2,
    `+${addedP99.toFixed(2)} ms${addedP99 > 2 ? `, ${(addedP99 - 2).toFixed(2)} ms over` : ''}${byRound(missAdded)}${load}`,
  );
}
