/** A redis-server of the test's own, on its own port, that the test can stop and start again. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Redis, { Cluster } from 'ioredis';
import { replayEpochKey } from '../../src/auth/replay-store';
import { redisKeys } from '../../src/resilience/redis-keys';
import { findBinary } from '../deploy/binaries';
import { freePort } from './ports';

export interface OwnRedis {
  url: string;
  port: number;
  /** Kills the server (SIGKILL: it loses its data); a second call does nothing. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open, commands get no answer. */
  pause(): void;
  /** Thaws a paused server (SIGCONT). */
  resume(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts redis-server. Without it on PATH, one line says what to install (`npm test` installs it
 * first: scripts/test-tools.cjs), with no stack trace and no unhandled spawn error.
 */
function spawnRedisServer(args: readonly string[]): ChildProcess {
  if (findBinary('redis-server') === undefined) {
    const missing = new Error(
      "redis-server is not on PATH: run npm test (it installs it), or install Debian's redis-server package",
    );
    missing.stack = missing.message;
    throw missing;
  }
  return spawn('redis-server', [...args], { stdio: 'ignore' });
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const own: OwnRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawnRedisServer([
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
      ]);
      for (let i = 0; i < 100 && !(await accepting(port)); i += 1) await sleep(50);
      if (!(await accepting(port))) throw new Error('redis-server did not start');
    },
    async stop() {
      // A process killed by a signal keeps exitCode null: check signalCode too.
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
  };
  await own.start();
  return own;
}

/** Where a test's Redis is: a URL, or the nodes of a Cluster, or Sentinels and a master name. */
export type RedisAt =
  string | { cluster: readonly number[] } | { sentinels: readonly number[]; name: string };

async function clientFor(at: RedisAt): Promise<Redis | Cluster> {
  if (typeof at === 'string') return new Redis(at, { maxRetriesPerRequest: 1 });
  if ('cluster' in at) {
    const cluster = new Cluster(at.cluster.map((port) => ({ host: '127.0.0.1', port })));
    await new Promise((resolve) => cluster.once('ready', resolve));
    return cluster;
  }
  return new Redis({
    sentinels: at.sentinels.map((port) => ({ host: '127.0.0.1', port })),
    name: at.name,
    maxRetriesPerRequest: 1,
  });
}

/**
 * A Redis that never held replay memory reads as one that lost it, and refuses every token for the
 * clock tolerance: this test wants a Redis that has kept its memory for longer than a token lives.
 * Only an absent start is set, so a Redis that has one keeps it. With Sentinel, the start is
 * replicated before this returns, so a failover keeps it. `namespace` is the gateway's
 * (`REDIS_KEY_NAMESPACE`, default its `HOLDER_SUBDOMAIN`).
 */
export async function replayMemoryLongKept(at: RedisAt, namespace: string): Promise<void> {
  const redis = await clientFor(at);
  await redis.set(replayEpochKey(redisKeys({ namespace })), String(Date.now() - 3_600_000), 'NX');
  if (typeof at === 'object' && 'sentinels' in at) await (redis as Redis).wait(1, 5000);
  await redis.quit();
}

const run = promisify(execFile);

/** A redis-server child of the test, stopped by PID. */
interface ServerProcess {
  port: number;
  child: ChildProcess;
}

function spawnServer(port: number, args: readonly string[]): ServerProcess {
  return { port, child: spawnRedisServer(args) };
}

async function waitAccepting(port: number): Promise<void> {
  for (let i = 0; i < 100 && !(await accepting(port)); i += 1) await sleep(50);
  if (!(await accepting(port))) throw new Error(`redis on port ${port} did not start`);
}

async function killServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function info(port: number, section: string): Promise<string> {
  const { stdout } = await run('redis-cli', ['-p', String(port), 'info', section]);
  return stdout;
}

export interface OwnCluster {
  ports: number[];
  /** `REDIS_CLUSTER_NODES` for a gateway. */
  nodes: string;
  stop(): Promise<void>;
}

/** Three masters, no replicas, slots spread by `redis-cli --cluster create`; in a temp folder. */
export async function startOwnCluster(): Promise<OwnCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-cluster-'));
  const ports = [await freePort(), await freePort(), await freePort()];
  const servers = ports.map((port) =>
    spawnServer(port, [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--cluster-enabled',
      'yes',
      '--cluster-config-file',
      path.join(dir, `nodes-${port}.conf`),
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
    ]),
  );
  const stop = async () => {
    for (const server of servers) await killServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) await waitAccepting(port);
    await run('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((p) => `127.0.0.1:${p}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    for (let i = 0; i < 100; i += 1) {
      const states = await Promise.all(
        ports.map((p) => run('redis-cli', ['-p', String(p), 'cluster', 'info'])),
      );
      if (states.every((s) => s.stdout.includes('cluster_state:ok'))) break;
      await sleep(100);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { ports, nodes: ports.map((p) => `127.0.0.1:${p}`).join(','), stop };
}

export interface OwnSentinel {
  /** `REDIS_SENTINELS` for a gateway. */
  sentinels: string;
  sentinelPorts: number[];
  name: string;
  /** The port of the current master, as the Sentinels say. */
  masterPort(): Promise<number>;
  /** Kills the current master by PID (SIGKILL: its memory is gone). */
  killMaster(): Promise<number>;
  /** Resolves once the Sentinels name another master than `oldPort` and it is a master. */
  failedOver(oldPort: number, timeoutMs: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A master, two replicas and three Sentinels (quorum 2), with a quick failover; in a temp folder.
 * Two replicas, so that after a failover the new master still has one (WAIT needs it).
 */
export async function startOwnSentinel(): Promise<OwnSentinel> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-sentinel-'));
  const name = 'dhgmaster';
  const masterPort = await freePort();
  const replicaPorts = [await freePort(), await freePort()];
  const common = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  const servers = new Map<number, ServerProcess>([
    [masterPort, spawnServer(masterPort, ['--port', String(masterPort), ...common])],
  ]);
  for (const port of replicaPorts) {
    const args = [
      '--port',
      String(port),
      ...common,
      '--replicaof',
      '127.0.0.1',
      String(masterPort),
    ];
    servers.set(port, spawnServer(port, args));
  }
  const sentinelPorts = [await freePort(), await freePort(), await freePort()];
  const sentinels: ServerProcess[] = [];
  const stop = async () => {
    for (const server of [...sentinels, ...servers.values()]) await killServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of servers.keys()) await waitAccepting(port);
    for (const port of sentinelPorts) {
      const conf = path.join(dir, `sentinel-${port}.conf`);
      fs.writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor ${name} 127.0.0.1 ${masterPort} 2`,
          `sentinel down-after-milliseconds ${name} 1000`,
          `sentinel failover-timeout ${name} 5000`,
          `sentinel parallel-syncs ${name} 1`,
          '',
        ].join('\n'),
      );
      sentinels.push(spawnServer(port, [conf, '--sentinel']));
    }
    for (const port of sentinelPorts) await waitAccepting(port);
    for (const port of replicaPorts) {
      for (let i = 0; i < 100; i += 1) {
        if ((await info(port, 'replication')).includes('master_link_status:up')) break;
        await sleep(100);
      }
    }
    // The Sentinels must know the replicas before a failover can promote one.
    for (let i = 0; i < 100; i += 1) {
      const { stdout } = await run('redis-cli', [
        '-p',
        String(sentinelPorts[0]),
        'sentinel',
        'replicas',
        name,
      ]);
      if (replicaPorts.every((p) => stdout.includes(String(p)))) break;
      await sleep(100);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const masterPortNow = async () => {
    const { stdout } = await run('redis-cli', [
      '-p',
      String(sentinelPorts[0]),
      'sentinel',
      'get-master-addr-by-name',
      name,
    ]);
    return Number(stdout.trim().split('\n')[1]);
  };
  return {
    sentinels: sentinelPorts.map((p) => `127.0.0.1:${p}`).join(','),
    sentinelPorts,
    name,
    masterPort: masterPortNow,
    async killMaster() {
      const port = await masterPortNow();
      await killServer(servers.get(port)!);
      return port;
    },
    async failedOver(oldPort, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const port = await masterPortNow().catch(() => oldPort);
        if (port !== oldPort && (await info(port, 'replication')).includes('role:master'))
          return port;
        await sleep(100);
      }
      throw new Error('no failover in time');
    },
    stop,
  };
}
