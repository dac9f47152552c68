/**
 * The runner's child processes: start one on a port it picks (PORT=0, read back from its `READY
 * <port>` line), stop it, and read its memory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nodeCommand, rssMb } from './proc-stats';
import { DIST, env, PIN, PROFILE_ENV, SERVER_NODE_FLAGS, SERVER_OUT, sleep } from './settings';

/** CPU of a process when pinned: the core shares CPU 0 with this runner, servers get CPU 1. */
const cpuOf = (script: string) => (script === 'core-process.js' ? '0' : '1');

export interface Proc {
  name: string;
  child: ChildProcess;
  port: number;
  base: string;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

/**
 * Starts `script` on the port it binds (PORT=0): every script prints `READY <port>` with the port
 * it bound once it listens.
 */
export async function startProc(
  name: string,
  script: string,
  extraEnv: Record<string, string>,
): Promise<Proc> {
  const [command, args] = nodeCommand(
    [
      ...(script === 'core-process.js' ? [] : SERVER_NODE_FLAGS),
      ...(extraEnv.BENCH_EXPOSE_GC ? ['--expose-gc'] : []),
      path.join(DIST, script),
    ],
    cpuOf(script),
    PIN,
  );
  const child = spawn(command, args, {
    env: {
      PATH: env.PATH ?? '',
      ...(script === 'core-process.js' ? {} : PROFILE_ENV),
      ...extraEnv,
      PORT: '0',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${stderr}`)), 20_000);
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const ready = /^READY (\d+)\n/m.exec(out);
      if (ready) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        if (SERVER_OUT) {
          const out = fs.createWriteStream(path.join(SERVER_OUT, `${name}.log`));
          child.stdout!.pipe(out);
          child.stderr!.pipe(out);
        } else child.stdout!.resume();
        resolve(Number(ready[1]));
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

export function rssPoller(pid: number) {
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

export async function coreHits(core: Proc): Promise<number> {
  const res = await fetch(`${core.base}/__stats`);
  return ((await res.json()) as { hits: number }).hits;
}
