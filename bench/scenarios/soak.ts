/**
 * Soak: a fresh cache-miss gateway (every request reaches the core), warmed up at the soak rate
 * for BENCH_SOAK_WARMUP seconds, then loaded at that rate for BENCH_SOAK seconds. RSS is read
 * after the warm-up and after the soak; the live heap after a full GC (the process runs with
 * --expose-gc and answers SIGUSR2) tells memory still in use from memory V8 has not handed back
 * yet.
 */
import { heapAfterGcMb, type HeapMb, spaceMoves } from '../heap';
import type { Proc } from '../processes';
import { rssMb } from '../proc-stats';
import type { Row } from '../rows';
import {
  DETAIL,
  MISS_DETAILS,
  SOAK,
  SOAK_RATE,
  SOAK_SETTLE,
  SOAK_TOKEN_SECONDS,
  SOAK_WARMUP,
  sleep,
} from '../settings';
import type { Bench } from './context';

interface Reading {
  heap: HeapMb;
  rss: number;
}

/** RSS 1 s after the full GC that measures the live heap: every reading in the same state. */
async function reading(gateway: Proc): Promise<Reading> {
  await sleep(1000);
  const heap = await heapAfterGcMb(gateway);
  await sleep(1000);
  return { heap, rss: rssMb(gateway.child.pid!) };
}

/** Where RSS moves: V8's committed heap, or the rest (code, native allocations, buffers). */
function soakNote(warm: Reading, start: Reading, end: Reading): string {
  const mb = (a: number, b: number) => `${a.toFixed(0)} MB -> ${b.toFixed(0)} MB`;
  return (
    `RSS ${mb(start.rss, end.rss)}; after a full GC, live heap ${mb(start.heap.live, end.heap.live)}, ` +
    `V8 heap committed ${mb(start.heap.committed, end.heap.committed)} (${spaceMoves(start.heap, end.heap)}), ` +
    `RSS outside the V8 heap ${mb(start.rss - start.heap.committed, end.rss - end.heap.committed)}; ` +
    `at the warm-up's end, before settling: RSS ${warm.rss.toFixed(0)} MB, ` +
    `V8 heap committed ${warm.heap.committed.toFixed(0)} MB (${spaceMoves(warm.heap, start.heap)} by the start)`
  );
}

export async function soak({ servers, measure, rows, targets }: Bench): Promise<void> {
  const { gwHit, gwInfo } = servers;
  for (const p of [gwHit, ...(gwInfo ? [gwInfo] : [])]) await p.stop(); // idle, but hold RAM
  const gwSoak = await servers.startMissGateway('gateway-soak', { BENCH_EXPOSE_GC: '1' });
  /** `seconds` of the soak's load (cache miss, paced at SOAK_RATE) on the soak gateway. */
  const soakLoad = (scenario: string, seconds: number): Promise<Row> =>
    measure(scenario, {
      target: gwSoak,
      method: 'GET',
      path: DETAIL,
      paths: MISS_DETAILS,
      duration: seconds,
      overallRate: SOAK_RATE,
      tokenSeconds: SOAK_TOKEN_SECONDS,
    });
  await soakLoad(`soak warm-up ${SOAK_WARMUP} s at ${SOAK_RATE} req/s`, SOAK_WARMUP);
  rows.pop();
  // The warm-up ends with a full GC (read here, for the record), then SOAK_SETTLE seconds of
  // load in the regime that GC leaves V8 in; then the soak between two readings.
  const warm = await reading(gwSoak);
  await soakLoad(`soak settling ${SOAK_SETTLE} s at ${SOAK_RATE} req/s`, SOAK_SETTLE);
  rows.pop();
  const start = await reading(gwSoak);
  const row = await soakLoad(`soak ${SOAK} s at ${SOAK_RATE} req/s (cache miss)`, SOAK);
  const end = await reading(gwSoak);
  row.note = soakNote(warm, start, end);
  const soakGrowth = end.rss / start.rss - 1;
  targets.judge(
    'RSS after the soak within 10% of after warm-up, under 256 MB',
    Math.abs(soakGrowth) <= 0.1 && end.rss < 256,
    `${start.rss.toFixed(1)} → ${end.rss.toFixed(1)} MB (${soakGrowth >= 0 ? '+' : ''}${(soakGrowth * 100).toFixed(1)}%), peak ${row.peakRss.toFixed(1)} MB`,
  );
}
