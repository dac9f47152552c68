/**
 * Throughput at full load: the direct core call, the two baselines and the gateway (cache miss,
 * cache hit, and cache miss at LOG_LEVEL=info), judged against the baselines.
 */
import { BENCH_CUSTOMER } from '../core-process';
import { coreHits } from '../processes';
import { medianRow, type Row } from '../rows';
import { DETAIL, MISS_DETAILS, REPEAT } from '../settings';
import { pct, shortOf } from '../targets';
import type { Bench } from './context';

interface Rounds {
  mem: Row[];
  proxy: Row[];
  miss: Row[];
  hit: Row[];
  /** Core calls the cache-miss runs made, less their probes, and the answers they got. */
  missCoreCalls: number;
  missAnswers: number;
}

/**
 * The baselines and the gateway are measured in alternated rounds (BENCH_REPEAT, 3) and each is
 * reported as its median: a single run of one baseline moves by ±8%.
 */
async function measureRounds({ servers, measure }: Bench): Promise<Rounds> {
  const { core, memory, proxy, gwMiss, gwHit } = servers;
  const runs: Rounds = { mem: [], proxy: [], miss: [], hit: [], missCoreCalls: 0, missAnswers: 0 };
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
    runs.missCoreCalls += (await coreHits(core)) - missHitsBefore - 1; // less the probe
    runs.missAnswers += missRun.measured.ok + missRun.measured.non2xx;
    runs.hit.push(
      await measure(`gateway, cache hit (detail)${tag}`, {
        target: gwHit,
        method: 'GET',
        path: DETAIL,
      }),
    );
  }
  return runs;
}

/** Capacity by CPU cost: requests per CPU-second of the server over the baseline's. */
const byCpu = (gateway: Row, baseline: Row) =>
  gateway.cpuUs && baseline.cpuUs
    ? `; by CPU per request ${pct(baseline.cpuUs / gateway.cpuUs)} (${gateway.cpuUs.toFixed(0)} vs ${baseline.cpuUs.toFixed(0)} µs, medians)`
    : '';

const perRun = (a: Row[], b: Row[]) =>
  a.map((r, i) => pct(r.measured.rps / b[i]!.measured.rps)).join(', ');

/** Runs the group; returns the gateway's cache-miss req/s at full load (median). */
export async function throughput(bench: Bench): Promise<number> {
  const { servers, measure, rows, targets } = bench;
  const direct = await measure('core, direct (the limit)', {
    target: servers.core,
    method: 'GET',
    path: `/customers/${BENCH_CUSTOMER}/detail`,
    auth: 'none',
  });
  const runs = await measureRounds(bench);
  const bMem = medianRow(rows, runs.mem, 'baseline: Express + jose, from memory');
  const bProxy = medianRow(rows, runs.proxy, 'baseline: Express + jose + undici to core');
  const miss = medianRow(rows, runs.miss, 'gateway, cache miss (detail)');
  const hit = medianRow(rows, runs.hit, 'gateway, cache hit (detail)');
  const missRatio = miss.measured.rps / bProxy.measured.rps;
  const hitRatio = hit.measured.rps / bMem.measured.rps;
  miss.ratio = { of: 'proxy baseline', value: missRatio };
  miss.note = [miss.note, `${runs.missCoreCalls} core calls for ${runs.missAnswers} answers`]
    .filter(Boolean)
    .join('; ');
  hit.ratio = { of: 'memory baseline', value: hitRatio };
  bMem.ratio = { of: 'core direct', value: bMem.measured.rps / direct.measured.rps };
  bProxy.ratio = { of: 'core direct', value: bProxy.measured.rps / direct.measured.rps };
  if (servers.gwInfo) {
    const info = await measure('gateway, cache miss, LOG_LEVEL=info', {
      target: servers.gwInfo,
      method: 'GET',
      path: DETAIL,
      paths: MISS_DETAILS,
    });
    info.ratio = { of: 'miss at warn', value: info.measured.rps / miss.measured.rps };
  }
  targets.judge(
    'cache hit ≥ 80% of the in-memory baseline req/s',
    hitRatio >= 0.8,
    `${shortOf(hitRatio)}${REPEAT > 1 ? ` (medians; run by run ${perRun(runs.hit, runs.mem)})` : ''}${byCpu(hit, bMem)}`,
  );
  targets.judge(
    'cache miss ≥ 80% of the proxying baseline req/s',
    missRatio >= 0.8,
    `${shortOf(missRatio)}${REPEAT > 1 ? ` (medians; run by run ${perRun(runs.miss, runs.proxy)})` : ''}${byCpu(miss, bProxy)}`,
  );
  return miss.measured.rps;
}
