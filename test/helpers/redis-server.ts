/** A redis-server of the test's own, on its own port, that the test can stop and start again. */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import Redis from 'ioredis';
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

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const own: OwnRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
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

/**
 * A Redis that never held replay memory reads as one that lost it, and refuses every token for the
 * clock tolerance: this test wants a Redis that has kept its memory for longer than a token lives.
 * Only an absent start is set, so a Redis that has one keeps it.
 */
export async function replayMemoryLongKept(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.set('dhg:jti:epoch', String(Date.now() - 3_600_000), 'NX');
  await redis.quit();
}
