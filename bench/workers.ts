/**
 * `npm run bench:workers`: requests per second of the built command line (`serve`, demo core)
 * with WORKERS=1 and WORKERS=2 on this host, one after the other, each on a fresh Redis of its
 * own. Every request carries its own token (ES256, unique jti, signed before the load), so each
 * one costs a verification and a replay claim in Redis, as in production.
 *
 * Settings (environment): BENCH_WORKERS_REQUESTS requests per run (30000), BENCH_CONNECTIONS
 * (50), BENCH_WORKERS_LIST the worker counts to measure (1,2). Prints a Markdown table.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import Redis from 'ioredis';
import { loadDevKey } from '../src/auth/dev-keys';
import { replayEpochKey } from '../src/auth/replay-store';
import { redisKeys } from '../src/resilience/redis-keys';
import { shippedNodeOptions } from './proc-stats';

const ROOT = path.resolve(__dirname, '../..');
const PATH = '/v1/common/customer/c-1001/detail';
const REQUESTS = Number(process.env.BENCH_WORKERS_REQUESTS ?? 30000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const COUNTS = (process.env.BENCH_WORKERS_LIST ?? '1,2').split(',').map(Number);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} did not happen`);
}

/** A redis-server of the benchmark's own whose replay memory reads as long kept. */
async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  await until(async () => {
    const redis = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on('error', () => {});
    try {
      await redis.connect();
      // A new Redis has never accepted a token: no memory was lost.
      await redis.set(
        replayEpochKey(redisKeys({ namespace: 'demo' })),
        String(Date.now() - 3_600_000),
        'NX',
      );
      return true;
    } finally {
      redis.disconnect();
    }
  }, 'redis start');
  return { url, child };
}

async function measure(
  workers: number,
  keysDir: string,
): Promise<{ rps: number; p99: number; non2xx: number }> {
  const redis = await startRedis();
  const [port, metricsPort] = [await freePort(), await freePort()];
  const gateway = spawn(process.execPath, ['dist/src/cli/main.js', 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: shippedNodeOptions(ROOT).join(' '),
      WORKERS: String(workers),
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      REDIS_URL: redis.url,
      DEV_KEYS_DIR: keysDir,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: '0',
    },
    stdio: 'ignore',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await until(async () => (await fetch(`${base}/livez`)).ok, 'gateway start');
    await sleep(3000); // every worker up
    const key = await loadDevKey(keysDir);
    const now = Math.floor(Date.now() / 1000);
    const sign = () =>
      new SignJWT({ jti: crypto.randomUUID() })
        .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
        .setIssuer('demo')
        .setSubject('demo')
        .setAudience(`http://localhost:${port}${PATH}`)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(key.privateKey);
    const signed = (count: number) => Promise.all(Array.from({ length: count }, sign));
    const load = (tokens: string[]) => {
      let next = 0;
      return autocannon({
        url: base,
        connections: CONNECTIONS,
        amount: tokens.length,
        timeout: 10,
        requests: [
          {
            method: 'GET',
            path: PATH,
            setupRequest: (req) => ({
              ...req,
              headers: { authorization: `Bearer ${tokens[next++ % tokens.length]}` },
            }),
          },
        ],
      });
    };
    await load(await signed(Math.min(3000, REQUESTS))); // warm-up: JIT, pools
    const tokens = await signed(REQUESTS);
    // autocannon's own duration is whole seconds: too coarse for a run of a few seconds.
    const began = process.hrtime.bigint();
    const result = await load(tokens);
    const seconds = Number(process.hrtime.bigint() - began) / 1e9;
    return {
      rps: Math.round(result['2xx'] / seconds),
      p99: result.latency.p99,
      non2xx: result.non2xx + result.errors,
    };
  } finally {
    gateway.kill('SIGTERM');
    await new Promise((r) => gateway.once('exit', r));
    redis.child.kill('SIGKILL');
  }
}

async function main(): Promise<void> {
  const keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-bench-keys-'));
  const rows: string[] = [];
  for (const workers of COUNTS) {
    const { rps, p99, non2xx } = await measure(workers, keysDir);
    rows.push(`| ${workers} | ${rps} | ${p99} | ${non2xx} |`);
    process.stderr.write(`workers ${workers}: ${rps} req/s, p99 ${p99} ms, non-2xx ${non2xx}\n`);
  }
  fs.rmSync(keysDir, { recursive: true, force: true });
  process.stdout.write(
    [
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${REQUESTS} requests, ${CONNECTIONS} connections, demo core, REDIS_URL, one token per request`,
      '',
      '| WORKERS | req/s (2xx) | p99 ms | non-2xx or errors |',
      '| --- | --- | --- | --- |',
      ...rows,
      '',
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
