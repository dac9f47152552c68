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
import { redisKeys } from '../src/stores/redis-keys';
import { shippedNodeOptions } from './proc-stats';

const ROOT = path.resolve(__dirname, '../..');
const PATH = '/v1/common/customer/c-1001/detail';
const REQUESTS = Number(process.env.BENCH_WORKERS_REQUESTS ?? 30000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const COUNTS = (process.env.BENCH_WORKERS_LIST ?? '1,2').split(',').map(Number);
/** The gateway's PUBLIC_BASE_URL, and so its tokens' `aud` (+ path): fixed, whatever its port. */
const PUBLIC_BASE_URL = 'http://gateway.bench';

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Polls `check` until it answers a value (undefined or a throw: not yet), for up to a minute. */
async function until<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 600; i += 1) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen`);
}

/** The `process_id` of the Redis answering at `url`; undefined when none does. */
async function redisProcessId(url: string): Promise<number | undefined> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    const id = /^process_id:(\d+)/m.exec(await redis.info('server'))?.[1];
    return id === undefined ? undefined : Number(id);
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}

/**
 * A redis-server of the benchmark's own whose replay memory reads as long kept. redis-server
 * cannot listen on port 0: it is started on a port free a moment ago, and on another when its
 * bind fails or another server answers there; it is ours once INFO's process_id is its PID.
 */
async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  for (let i = 0; i < 20; i += 1) {
    const port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const url = `redis://127.0.0.1:${port}`;
    const outcome = await until(async () => {
      if (child.exitCode !== null || child.signalCode !== null) return 'exited';
      const id = await redisProcessId(url);
      if (id === undefined) return undefined;
      return id === child.pid ? 'ours' : 'another';
    }, `redis-server on port ${port}`);
    if (outcome === 'ours') {
      const redis = new Redis(url);
      // A new Redis has never accepted a token: no memory was lost.
      const epoch = replayEpochKey(redisKeys({ namespace: 'demo' }));
      await redis.set(epoch, String(Date.now() - 3_600_000), 'NX');
      redis.disconnect();
      return { url, child };
    }
    child.kill('SIGKILL'); // its bind failed (it exited), or another server holds the port
  }
  throw new Error('redis-server: no port could be bound');
}

/** The TCP ports process `pid` listens on, from /proc (Linux): its sockets in state LISTEN. */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    const target = (() => {
      try {
        return fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return '';
      }
    })();
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  const ports: number[] = [];
  for (const table of ['tcp', 'tcp6']) {
    const rows = fs.readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1);
    for (const row of rows) {
      const [, local, , state, , , , , , inode] = row.trim().split(/\s+/);
      if (state === '0A' && inode && inodes.has(inode))
        ports.push(parseInt(local!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/**
 * The ports a gateway started with WORKERS > 1, PORT=0 and METRICS_PORT=0 bound, once its workers
 * serve. At LOG_LEVEL=warn nothing it writes names them (the primary says them at info, and info
 * logs every request), so they are read from the primary's own listening sockets: its
 * METRICS_PORT, and the API port it holds for its workers (node:cluster, round-robin), told apart
 * by their answers to /metrics. Its workers serve once the aggregated /metrics answers (every worker asked).
 */
async function gatewayPorts(gateway: ChildProcess): Promise<{ port: number; metricsPort: number }> {
  const ports = await until(async () => {
    if (gateway.exitCode !== null) return 'exited';
    const bound = listeningPorts(gateway.pid!);
    return bound.length === 2 ? bound : undefined;
  }, 'the gateway listening on its two ports');
  if (ports === 'exited') throw new Error(`the gateway exited (${gateway.exitCode})`);
  // The API port does not serve /metrics when METRICS_PORT is set.
  const scraped = await Promise.all(
    ports.map((p) => fetch(`http://127.0.0.1:${p}/metrics`).then((r) => r.status)),
  );
  const port = ports[scraped.indexOf(404)];
  const metricsPort = ports.find((p) => p !== port);
  if (port === undefined || metricsPort === undefined)
    throw new Error(`no API port among ${ports.join(', ')} (/metrics: ${scraped.join(', ')})`);
  await until(
    async () => ((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).ok ? true : undefined),
    'every worker answering the metrics port',
  );
  return { port, metricsPort };
}

async function measure(
  workers: number,
  keysDir: string,
): Promise<{ rps: number; p99: number; non2xx: number }> {
  const redis = await startRedis();
  const gateway = spawn(process.execPath, ['dist/src/cli/main.js', 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: shippedNodeOptions(ROOT).join(' '),
      WORKERS: String(workers),
      PUBLIC_BASE_URL,
      PORT: '0',
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      REDIS_URL: redis.url,
      DEV_KEYS_DIR: keysDir,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: '0',
    },
    stdio: 'ignore',
  });
  try {
    const { port } = await gatewayPorts(gateway);
    const base = `http://127.0.0.1:${port}`;
    const key = await loadDevKey(keysDir);
    const now = Math.floor(Date.now() / 1000);
    const sign = () =>
      new SignJWT({ jti: crypto.randomUUID() })
        .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
        .setIssuer('demo')
        .setSubject('demo')
        .setAudience(`${PUBLIC_BASE_URL}${PATH}`)
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
