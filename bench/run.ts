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
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { exportJWK, generateKeyPair } from 'jose';
import { BENCH_ACCOUNTS, BENCH_CUSTOMER } from './core-process';
import { heapAfterGcMb, spaceMoves } from './heap';
import { type Load, runLoad, runPaced } from './load';
import { coreHits, freePort, type Proc, rssPoller, startProc } from './processes';
import { cpuMs, medianOf, rssMb } from './proc-stats';
import { medianRow, type Row } from './rows';
import {
  BALANCES,
  CLOCK_TOLERANCE_SECONDS,
  CONNECTIONS,
  DETAIL,
  DURATION,
  env,
  FANOUT_CONNECTIONS,
  FIXED_RATE,
  GENERATED_END,
  log,
  MISS_CUSTOMERS,
  MISS_DETAILS,
  OUT,
  PIN,
  REPEAT,
  SERVER_NODE_FLAGS,
  sleep,
  SOAK,
  SOAK_JTI_SECONDS,
  SOAK_RATE,
  SOAK_SETTLE,
  SOAK_TOKEN_SECONDS,
  SOAK_WARMUP,
  SUBDOMAIN,
  want,
  WARMUP,
  WITH_INFO,
} from './settings';
import { makeKey, signTokens } from './tokens';

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
