/** Driving autocannon: a load at full speed, or paced at a fixed rate, and what it measured. */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Proc } from './processes';
import { quantile } from './proc-stats';
import { ANSWERS_DIR, log, sleep, TRACE } from './settings';

let answersWritten = 0;

export interface Load {
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

export interface Measured {
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

export async function runLoad(load: Load): Promise<Measured> {
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
export async function runPaced(load: Load & { overallRate: number }): Promise<Measured> {
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
    const file = `answers-${load.target.child.pid!}-${answersWritten}.tsv`;
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
