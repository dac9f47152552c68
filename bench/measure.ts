/**
 * Measuring one scenario: sign its token pool, probe it once, run its load while watching the
 * target's RSS and CPU, and add its row to the table.
 */
import { type Load, runLoad, runPaced } from './load';
import type { Proc } from './processes';
import { cpuMs } from './proc-stats';
import { rssPoller } from './processes';
import type { Row } from './rows';
import { CONNECTIONS, DURATION, log, PUBLIC_BASE_URL, sleep, WARMUP } from './settings';
import { type SigningKey, signTokens } from './tokens';

/** A scenario's load: `Load` without what `measure` fills in, and how it authenticates. */
export type ScenarioLoad = Omit<Load, 'tokens' | 'duration' | 'connections'> & {
  duration?: number;
  connections?: number;
  auth?: 'valid' | 'bad' | 'none';
  /**
   * Token lifetime in seconds (default 300); in a paced load, counted from each token's
   * own send time.
   */
  tokenSeconds?: number;
};

export type Measure = (scenario: string, load: ScenarioLoad) => Promise<Row>;

/** The holder's key, and one with the same kid that signs tokens the gateway must reject. */
export interface Signers {
  key: SigningKey;
  impostor: SigningKey;
}

/** One probe request (with a token of its own) shows what the scenario answers. */
async function probe(scenario: string, load: ScenarioLoad, signingKey: SigningKey): Promise<void> {
  const auth = load.auth ?? 'valid';
  const probePath = load.paths?.[0] ?? load.path;
  const probeToken =
    auth === 'none'
      ? undefined
      : (await signTokens(signingKey, PUBLIC_BASE_URL + probePath.split('?')[0], 1))[0];
  const res = await fetch(load.target.base + probePath, {
    method: load.method,
    body: load.body,
    headers: {
      ...(load.body ? { 'content-type': 'application/json' } : {}),
      ...(probeToken ? { authorization: `Bearer ${probeToken}` } : {}),
    },
  });
  const probeBody = (await res.text()).slice(0, 200);
  if (res.status !== (auth === 'bad' ? 401 : 200))
    log(`${scenario}: probe answered ${res.status} ${probeBody}`);
}

/** The load itself, paced when it has a rate, with the target's peak RSS and CPU µs per answer. */
async function runMeasured(
  load: ScenarioLoad,
  tokens: string[] | undefined,
  duration: number,
): Promise<Omit<Row, 'scenario'>> {
  const pid = load.target.child.pid!;
  const rss = rssPoller(pid);
  const cpuBefore = cpuMs(pid);
  const measured = load.overallRate
    ? await runPaced({ ...load, overallRate: load.overallRate, tokens, duration, connections: 1 })
    : await runLoad({ ...load, tokens, duration, connections: load.connections ?? CONNECTIONS });
  const peakRss = rss.stop();
  const cpuAfter = cpuMs(pid);
  const answered = measured.ok + measured.non2xx;
  const cpuUs =
    cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
      ? ((cpuAfter - cpuBefore) * 1000) / answered
      : undefined;
  return { measured, peakRss, cpuUs };
}

/** `measure` for one run: it appends each scenario's row to `rows`. */
export function makeMeasure(signers: Signers, rows: Row[]): Measure {
  // Rough rate estimates size the token pools; each measured rate refines its target's.
  const estimate = new Map<Proc, number>();
  // Warm-ups run before the JIT settles, so their rate underestimates: triple it, never below
  // 6000 req/s, so a pool cannot run out and turn requests into replays.
  const poolFor = (target: Proc, duration: number, rate?: number) =>
    Math.max(2000, (rate ?? Math.max(6000, (estimate.get(target) ?? 8000) * 3)) * duration + 1000);

  return async (scenario, load) => {
    const duration = load.duration ?? DURATION;
    const auth = load.auth ?? 'valid';
    const signingKey = auth === 'bad' ? signers.impostor : signers.key;
    // aud: the targets' fixed PUBLIC_BASE_URL and the path, no query
    const audOf = (p: string) => PUBLIC_BASE_URL + p.split('?')[0];
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
    await probe(scenario, load, signingKey);
    await sleep(300); // let the signing's garbage settle
    const { measured, peakRss, cpuUs } = await runMeasured(load, tokens, duration);
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
}

/** Load on a server before it is measured (JIT, key set, pools); its row leaves the table. */
export async function warm(
  measure: Measure,
  rows: Row[],
  target: Proc,
  p: string,
  method: 'GET' | 'POST' = 'GET',
  body?: string,
): Promise<void> {
  await measure(`warm-up ${target.name}`, {
    target,
    method,
    path: p,
    body,
    duration: WARMUP,
    connections: 10,
  });
  rows.pop();
}
