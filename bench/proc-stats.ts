/**
 * What the benchmark runners share about processes: pinning the runner, resource use read from
 * /proc (Linux), the median of repeated measurements and the quantiles of latencies.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/**
 * Pins this runner (autocannon) to CPU 0, so a measured server can have CPU 1 to itself: on with
 * at least 2 CPUs and `taskset`, off with BENCH_PIN=0. True when pinned.
 */
export function pinRunnerToCpu0(): boolean {
  return (
    process.env.BENCH_PIN !== '0' &&
    os.cpus().length >= 2 &&
    spawnSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' }).status === 0
  );
}

/**
 * The command and arguments that run `node <nodeArgs>`: alone on CPU `cpu` (with `taskset`) when
 * `pinned`, else plain.
 */
export function nodeCommand(nodeArgs: string[], cpu: string, pinned: boolean): [string, string[]] {
  return pinned
    ? ['taskset', ['-c', cpu, process.execPath, ...nodeArgs]]
    : [process.execPath, nodeArgs];
}

/** The quantile `q` of sorted values (0 for none). */
export const quantile = (sorted: number[], q: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The median of the defined values (the mean of the middle two when even), or undefined. */
export function medianOf(values: (number | undefined)[]): number | undefined {
  const sorted = values.filter((v): v is number => v !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Resident set size in MB of a pid, from /proc (Linux) or `ps`. */
export function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    if (kb) return kb / 1024;
  } catch {
    // not Linux: fall through
  }
  return 0;
}

/**
 * CPU time (user + system, all threads: JavaScript, GC helpers, libuv) a pid has used, in ms, from
 * /proc (Linux; undefined elsewhere). Its change over a scenario divided by the answers is the
 * server's CPU cost per request: unlike req/s, what other work on the machine takes does not
 * count, so it compares builds and servers on a noisy machine.
 */
export function cpuMs(pid: number): number | undefined {
  try {
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS : undefined;
  } catch {
    return undefined;
  }
}

/** Clock ticks per second of /proc/<pid>/stat (`getconf CLK_TCK`, 100 on Linux). */
export const CLOCK_TICKS = (() => {
  const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(out.stdout?.trim()) || 100;
})();

/**
 * The Node options the gateway ships with (package.json `config.nodeOptions`, which `npm start`
 * puts in front of the operator's NODE_OPTIONS) of the checkout at `root`: the bench runs servers
 * with them, so it measures the gateway as it is started in production.
 */
export function shippedNodeOptions(root: string): string[] {
  const pkg = JSON.parse(fs.readFileSync(`${root}/package.json`, 'utf8')) as {
    config?: { nodeOptions?: string };
  };
  return (pkg.config?.nodeOptions ?? '').split(/\s+/).filter(Boolean);
}
