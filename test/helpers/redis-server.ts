/** A redis-server of the test's own, on its own port, that the test can stop and start again. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Redis, { Cluster } from 'ioredis';
import { replayEpochKey } from '../../src/auth/replay-store';
import { redisKeys } from '../../src/stores/redis-keys';
import { findBinary } from '../deploy/binaries';
import { PORT_TAKEN, startOnSomePort } from './ports';
import { waitFor } from './wait';

const run = promisify(execFile);

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
  return spawn('redis-server', [...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A redis-server child of the test, stopped by PID. */
interface ServerProcess {
  port: number;
  child: ChildProcess;
}

/** The `process_id` of the Redis (or Sentinel) answering on `port`; undefined when none does. */
async function processIdOn(port: number): Promise<number | undefined> {
  const answer = await run('redis-cli', ['-p', String(port), 'info', 'server']).catch(() => ({
    stdout: '',
  }));
  const id = /^process_id:(\d+)/m.exec(answer.stdout)?.[1];
  return id === undefined ? undefined : Number(id);
}

/**
 * Spawns redis-server with `args` (which tell it `port`) and waits until the server answering on
 * `port` is this one (INFO's process_id is the child's PID). PORT_TAKEN when its bind failed (its
 * log says the address is in use) or another server answers there; an exit for another reason
 * is an error, with its log.
 */
async function spawnProven(
  port: number,
  args: readonly string[],
): Promise<ServerProcess | typeof PORT_TAKEN> {
  const child = spawnRedisServer(args);
  let log = '';
  const keep = (d: Buffer) => (log = (log + d.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const outcome = await waitFor(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return 'exited';
    const id = await processIdOn(port);
    if (id === undefined) return undefined;
    return id === child.pid ? 'ours' : 'another';
  }, `redis-server ${child.pid} on port ${port}`);
  if (outcome === 'ours') return { port, child };
  await killServer({ port, child });
  if (outcome === 'another' || /address already in use/i.test(log)) return PORT_TAKEN;
  throw new Error(`redis-server on port ${port} exited (${child.exitCode}):\n${log}`);
}

/** A server started on a port of its own: another one while the candidate is taken. */
function startServer(what: string, args: (port: number) => readonly string[]) {
  return startOnSomePort(what, (port) => spawnProven(port, args(port)));
}

/** The server back on its port (clients know it): while another process holds it, again. */
function restartServer(port: number, args: readonly string[]): Promise<ServerProcess> {
  return waitFor(async () => {
    const server = await spawnProven(port, args);
    return server === PORT_TAKEN ? undefined : server;
  }, `redis-server back on port ${port}`);
}

async function killServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  // A process killed by a signal keeps exitCode null: check signalCode too.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const ONE_SERVER = (port: number) => [
  '--port',
  String(port),
  '--bind',
  '127.0.0.1',
  '--save',
  '',
  '--appendonly',
  'no',
];

export async function startOwnRedis(): Promise<OwnRedis> {
  let server = await startServer('redis-server', ONE_SERVER);
  const { port } = server;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      server = await restartServer(port, ONE_SERVER(port));
    },
    stop: () => killServer(server),
    pause() {
      server.child.kill('SIGSTOP');
    },
    resume() {
      server.child.kill('SIGCONT');
    },
  };
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
  const servers: ServerProcess[] = [];
  const stop = async () => {
    for (const server of servers) await killServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < 3; i += 1) {
      const node = (port: number) => [
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
      ];
      servers.push(await startServer('a Cluster node', node));
    }
    const ports = servers.map((server) => server.port);
    await run('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((p) => `127.0.0.1:${p}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    await waitFor(async () => {
      const states = await Promise.all(
        ports.map((p) => run('redis-cli', ['-p', String(p), 'cluster', 'info'])),
      );
      return states.every((s) => s.stdout.includes('cluster_state:ok'));
    }, 'cluster_state:ok on every node');
    return { ports, nodes: ports.map((p) => `127.0.0.1:${p}`).join(','), stop };
  } catch (err) {
    await stop();
    throw err;
  }
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

/** The master's and the replicas' servers, then three Sentinels watching them, in `dir`. */
async function startSentinelServers(
  dir: string,
  name: string,
  started: ServerProcess[],
): Promise<{ masterPort: number; replicaPorts: number[]; sentinelPorts: number[] }> {
  const common = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  const master = await startServer('a master', (port) => ['--port', String(port), ...common]);
  started.push(master);
  const replicaPorts: number[] = [];
  for (let i = 0; i < 2; i += 1) {
    const replica = await startServer('a replica', (port) => [
      '--port',
      String(port),
      ...common,
      '--replicaof',
      '127.0.0.1',
      String(master.port),
    ]);
    started.push(replica);
    replicaPorts.push(replica.port);
  }
  const sentinelPorts: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const sentinel = await startServer('a Sentinel', (port) => {
      const conf = path.join(dir, `sentinel-${port}.conf`);
      fs.writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor ${name} 127.0.0.1 ${master.port} 2`,
          `sentinel down-after-milliseconds ${name} 1000`,
          `sentinel failover-timeout ${name} 5000`,
          `sentinel parallel-syncs ${name} 1`,
          '',
        ].join('\n'),
      );
      return [conf, '--sentinel'];
    });
    started.push(sentinel);
    sentinelPorts.push(sentinel.port);
  }
  return { masterPort: master.port, replicaPorts, sentinelPorts };
}

/**
 * A master, two replicas and three Sentinels (quorum 2), with a quick failover; in a temp folder.
 * Two replicas, so that after a failover the new master still has one (WAIT needs it).
 */
export async function startOwnSentinel(): Promise<OwnSentinel> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-sentinel-'));
  const name = 'dhgmaster';
  const started: ServerProcess[] = [];
  const stop = async () => {
    for (const server of [...started].reverse()) await killServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  let sentinelPorts: number[];
  try {
    const ports = await startSentinelServers(dir, name, started);
    sentinelPorts = ports.sentinelPorts;
    for (const port of ports.replicaPorts)
      await waitFor(
        async () => (await info(port, 'replication')).includes('master_link_status:up'),
        `replica ${port} linked to its master`,
      );
    // The Sentinels must know the replicas before a failover can promote one.
    await waitFor(async () => {
      const { stdout } = await run('redis-cli', [
        '-p',
        String(sentinelPorts[0]),
        'sentinel',
        'replicas',
        name,
      ]);
      return ports.replicaPorts.every((p) => stdout.includes(String(p)));
    }, 'the Sentinels knowing both replicas');
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
      await killServer(started.find((server) => server.port === port)!);
      return port;
    },
    failedOver(oldPort, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      return waitFor(
        async () => {
          const port = await masterPortNow().catch(() => oldPort);
          if (port !== oldPort && (await info(port, 'replication')).includes('role:master'))
            return port;
          if (Date.now() > deadline) throw new Error('no failover in time');
          return undefined;
        },
        'a new master',
        100,
      );
    },
    stop,
  };
}
