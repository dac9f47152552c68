/**
 * `npm run bench`: the gateway under autocannon load against a loopback core, next to two
 * Express + jose baselines, every target measured in the same run. Writes `bench/results.md`.
 *
 * Processes: this runner (autocannon + the holder key set), the loopback core, the gateway twice
 * (cache miss: TTL 0 for the operations used; cache hit: default TTLs), and the two baselines.
 * Tokens (ES256, unique jti, one per request) are signed before each scenario starts.
 *
 * Settings (environment): BENCH_DURATION seconds per scenario (10), BENCH_SOAK seconds (60),
 * BENCH_SOAK_RATE req/s during the soak (1000), BENCH_CONNECTIONS (50), BENCH_FANOUT_CONNECTIONS
 * (10), BENCH_RATE fixed rate for the added-latency check (1000), BENCH_INFO=0 skips the
 * LOG_LEVEL=info scenario, BENCH_OUT results file (bench/results.md).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { exportJWK, generateKeyPair, type JWK, type KeyLike, SignJWT } from 'jose';
import { BENCH_ACCOUNTS, BENCH_CUSTOMER } from './core-process';

const env = process.env;
const num = (name: string, fallback: number) => {
  const v = Number(env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const DURATION = num('BENCH_DURATION', 10);
const SOAK = num('BENCH_SOAK', 60);
const SOAK_RATE = num('BENCH_SOAK_RATE', 1000);
const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
const FANOUT_CONNECTIONS = num('BENCH_FANOUT_CONNECTIONS', 10);
const FIXED_RATE = num('BENCH_RATE', 1000);
const WITH_INFO = env.BENCH_INFO !== '0';
const OUT = path.resolve(env.BENCH_OUT ?? path.join(__dirname, '..', '..', 'bench', 'results.md'));
const DIST = __dirname; // dist/bench
const SUBDOMAIN = 'bench';
const DETAIL = `/v1/common/customer/${BENCH_CUSTOMER}/detail`;
const BALANCES = `/v1/banking/customer/${BENCH_CUSTOMER}/accounts/balances`;
const MAX_TOKENS = 400_000;

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
  const child = spawn(process.execPath, [path.join(DIST, script)], {
    env: { PATH: env.PATH ?? '', ...extraEnv, PORT: String(port), HOST: '127.0.0.1' },
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
        child.stdout!.resume();
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

/** Resident set size in MB of a pid, from /proc (Linux) or `ps`. */
function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    if (kb) return kb / 1024;
  } catch {
    // not Linux: fall through
  }
  return 0;
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

async function signTokens(key: SigningKey, aud: string, count: number): Promise<string[]> {
  const n = Math.min(MAX_TOKENS, Math.ceil(count));
  const out: string[] = new Array<string>(n);
  const now = Math.floor(Date.now() / 1000);
  const BATCH = 2000;
  for (let i = 0; i < n; i += BATCH) {
    const batch: Promise<string>[] = [];
    for (let j = i; j < Math.min(n, i + BATCH); j += 1) {
      batch.push(
        new SignJWT({ iss: SUBDOMAIN, sub: SUBDOMAIN, aud, jti: crypto.randomUUID() })
          .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
          .setIssuedAt(now)
          .setExpirationTime(now + 300)
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

async function runLoad(load: Load): Promise<Measured> {
  const tokens = load.tokens;
  let next = 0;
  let exhausted = false;
  let instance: autocannon.Instance | undefined;
  const headers: Record<string, string> = load.body ? { 'content-type': 'application/json' } : {};
  const started = Date.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: load.target.base,
        connections: load.connections,
        duration: load.duration,
        overallRate: load.overallRate,
        timeout: 10,
        requests: [
          {
            method: load.method,
            path: load.path,
            body: load.body,
            headers,
            setupRequest: (req) => {
              if (!tokens) return req;
              if (next >= tokens.length) {
                if (!exhausted) {
                  exhausted = true;
                  setImmediate(() => instance?.stop());
                }
                next = 0;
              }
              const token = tokens[next];
              next += 1;
              return { ...req, headers: { ...headers, authorization: `Bearer ${token}` } };
            },
          },
        ],
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

// ---------------------------------------------------------------- the run

interface Row {
  scenario: string;
  measured: Measured;
  peakRss: number;
  ratio?: { of: string; value: number };
  note?: string;
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
      },
    ): Promise<Row> => {
      const duration = load.duration ?? DURATION;
      const auth = load.auth ?? 'valid';
      const tokens =
        auth === 'none'
          ? undefined
          : await signTokens(
              auth === 'bad' ? impostor : key,
              load.target.base + load.path.split('?')[0], // aud: the path, no query
              poolFor(load.target, duration, load.overallRate),
            );
      // One probe request (with the pool's first token) shows what the scenario answers.
      const probe = await fetch(load.target.base + load.path, {
        method: load.method,
        body: load.body,
        headers: {
          ...(load.body ? { 'content-type': 'application/json' } : {}),
          ...(tokens ? { authorization: `Bearer ${tokens.shift()}` } : {}),
        },
      });
      const probeBody = (await probe.text()).slice(0, 200);
      if (probe.status !== (auth === 'bad' ? 401 : 200))
        log(`${scenario}: probe answered ${probe.status} ${probeBody}`);
      await sleep(300); // let the signing's garbage settle
      const rss = rssPoller(load.target.child.pid!);
      const measured = await runLoad({
        ...load,
        tokens,
        duration,
        connections: load.connections ?? CONNECTIONS,
      });
      const peakRss = rss.stop();
      if (!load.overallRate && auth !== 'bad')
        estimate.set(load.target, Math.max(estimate.get(load.target) ?? 0, measured.rps));
      const row: Row = { scenario, measured, peakRss };
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
        duration: 2,
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

    const direct = await measure('core, direct (the limit)', {
      target: core,
      method: 'GET',
      path: `/customers/${BENCH_CUSTOMER}/detail`,
      auth: 'none',
    });
    const bMem = await measure('baseline: Express + jose, from memory', {
      target: memory,
      method: 'GET',
      path: DETAIL,
    });
    const bProxy = await measure('baseline: Express + jose + undici to core', {
      target: proxy,
      method: 'GET',
      path: DETAIL,
    });
    const miss = await measure('gateway, cache miss (detail)', {
      target: gwMiss,
      method: 'GET',
      path: DETAIL,
    });
    miss.ratio = { of: 'proxy baseline', value: miss.measured.rps / bProxy.measured.rps };
    const hit = await measure('gateway, cache hit (detail)', {
      target: gwHit,
      method: 'GET',
      path: DETAIL,
    });
    hit.ratio = { of: 'memory baseline', value: hit.measured.rps / bMem.measured.rps };
    bMem.ratio = { of: 'core direct', value: bMem.measured.rps / direct.measured.rps };
    bProxy.ratio = { of: 'core direct', value: bProxy.measured.rps / direct.measured.rps };
    if (gwInfo) {
      const info = await measure('gateway, cache miss, LOG_LEVEL=info', {
        target: gwInfo,
        method: 'GET',
        path: DETAIL,
      });
      info.ratio = { of: 'miss at warn', value: info.measured.rps / miss.measured.rps };
    }
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
      r.ratio = { of: 'fan-out 1 (p50)', value: r.measured.p50 / fan[0].measured.p50 };
    await sleep(1500); // requests cut off at the end of the fan-out still finish their core calls
    const hitsBefore = await coreHits(core);
    const rejected = await measure('gateway, rejected tokens (bad signature)', {
      target: gwMiss,
      method: 'GET',
      path: DETAIL,
      auth: 'bad',
    });
    const rejectedCoreHits = (await coreHits(core)) - hitsBefore;
    rejected.ratio = { of: 'cache miss', value: rejected.measured.rps / miss.measured.rps };
    rejected.note = `${rejectedCoreHits} core calls`;
    const direct1k = await measure(`core, direct, at ${FIXED_RATE} req/s`, {
      target: core,
      method: 'GET',
      path: `/customers/${BENCH_CUSTOMER}/detail`,
      auth: 'none',
      overallRate: FIXED_RATE,
      connections: 10,
    });
    const miss1k = await measure(`gateway, cache miss, at ${FIXED_RATE} req/s`, {
      target: gwMiss,
      method: 'GET',
      path: DETAIL,
      overallRate: FIXED_RATE,
      connections: 10,
    });
    miss1k.note = `+${(miss1k.measured.p99 - direct1k.measured.p99).toFixed(2)} ms p99 over direct`;

    // Soak: the miss gateway (every request reaches the core), at a fixed rate.
    await sleep(1000);
    const rssStart = rssMb(gwMiss.child.pid!);
    const soak = await measure(`soak ${SOAK} s at ${SOAK_RATE} req/s (cache miss)`, {
      target: gwMiss,
      method: 'GET',
      path: DETAIL,
      duration: SOAK,
      overallRate: SOAK_RATE,
      connections: Math.min(CONNECTIONS, 20),
    });
    await sleep(1000);
    const rssEnd = rssMb(gwMiss.child.pid!);
    soak.note = `RSS ${rssStart.toFixed(0)} MB -> ${rssEnd.toFixed(0)} MB`;

    // ------------------------------------------------------------ targets
    const pct = (v: number) => `${(v * 100).toFixed(0)}%`;
    const target = (name: string, pass: boolean, detail: string) =>
      `| ${name} | ${pass ? 'PASS' : '**MISS**'} | ${detail} |`;
    const hitRatio = hit.measured.rps / bMem.measured.rps;
    const missRatio = miss.measured.rps / bProxy.measured.rps;
    const addedP99 = miss1k.measured.p99 - direct1k.measured.p99;
    const fanRatio = fan[2].measured.p50 / fan[0].measured.p50;
    const fanRatio99 = fan[2].measured.p99 / fan[0].measured.p99;
    const rejOk =
      rejected.measured.rps >= miss.measured.rps &&
      rejected.measured.p99 <= miss.measured.p99 &&
      rejectedCoreHits === 0 &&
      rejected.measured.ok === 0;
    const soakGrowth = rssEnd / rssStart - 1;
    const targets = [
      target(
        'cache hit ≥ 80% of the in-memory baseline req/s',
        hitRatio >= 0.8,
        `${pct(hitRatio)}${hitRatio < 0.8 ? `, ${((0.8 - hitRatio) * 100).toFixed(0)} points short` : ''}`,
      ),
      target(
        'cache miss ≥ 80% of the proxying baseline req/s',
        missRatio >= 0.8,
        `${pct(missRatio)}${missRatio < 0.8 ? `, ${((0.8 - missRatio) * 100).toFixed(0)} points short` : ''}`,
      ),
      target(
        `added p99 over the direct core call at ${FIXED_RATE} req/s ≤ 2 ms`,
        addedP99 <= 2,
        `+${addedP99.toFixed(2)} ms${addedP99 > 2 ? `, ${(addedP99 - 2).toFixed(2)} ms over` : ''}`,
      ),
      target(
        'fan-out 50 accounts ≤ 3× the latency of 1 account',
        fanRatio <= 3,
        `p50 ${fanRatio.toFixed(2)}×, p99 ${fanRatio99.toFixed(2)}×${fanRatio > 3 ? ` (${(fanRatio / 3).toFixed(2)}× the allowance)` : ''}`,
      ),
      target(
        'rejected tokens cost no more than accepted ones, never touch the core',
        rejOk,
        `${rejected.measured.rps.toFixed(0)} vs ${miss.measured.rps.toFixed(0)} req/s accepted on the same process (cache miss; cache hit ${hit.measured.rps.toFixed(0)}), p99 ${rejected.measured.p99} vs ${miss.measured.p99} ms, ${rejectedCoreHits} core calls, ${rejected.measured.ok} accepted`,
      ),
      target(
        'RSS after the soak within 10% of after warm-up, under 256 MB',
        Math.abs(soakGrowth) <= 0.1 && rssEnd < 256,
        `${rssStart.toFixed(1)} → ${rssEnd.toFixed(1)} MB (${soakGrowth >= 0 ? '+' : ''}${(soakGrowth * 100).toFixed(1)}%), peak ${soak.peakRss.toFixed(1)} MB`,
      ),
    ];

    // ------------------------------------------------------------ results.md
    const fmt = (r: Row) =>
      `| ${r.scenario} | ${r.measured.rps.toFixed(0)} | ${r.measured.p50} | ${r.measured.p99} | ${r.peakRss.toFixed(0)} | ${
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
        'loopback core, gateways and baselines each in their own process, all on this machine (they share its CPUs).',
      '- Gateway: `dist/` build, `LOG_LEVEL=warn` (one row at `info`), replay store in process memory (no `REDIS_URL`), ' +
        'in-process cache; cache miss = `CACHE_TTL_SECONDS` 0 for the operations used. Tokens: ES256, unique `jti`, ' +
        'signed before each scenario. Request: `GET /v1/common/customer/c-bench/detail` unless stated.',
      '- Peak RSS: the measured process (the core for "direct"), polled every 100 ms.',
      '',
      '| scenario | req/s | p50 ms | p99 ms | peak RSS MB | ratio | notes |',
      '| --- | --: | --: | --: | --: | --- | --- |',
      ...rows.map(fmt),
      '',
      '## Targets',
      '',
      '| target | result | measured |',
      '| --- | --- | --- |',
      ...targets,
      '',
    ].join('\n');
    fs.writeFileSync(OUT, md);
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
