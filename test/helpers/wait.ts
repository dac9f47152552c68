/**
 * Waits on states, never on time: a test polls what it waits for (a log line, a readiness answer,
 * a metric) until it holds, and its own timeout is the only limit.
 */
import type { ChildProcess } from 'node:child_process';
import { PORT_TAKEN } from './ports';

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    // Unreferenced: a poll left behind by a timed-out test keeps no process alive.
    setTimeout(resolve, ms).unref();
  });

/** What a probe answers once the state holds. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/**
 * Calls `probe` until it answers a truthy value, and resolves with that value. A probe that
 * throws ends the wait with its error, `what` (the state waited for) in the message.
 */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  what: string,
  everyMs = 25,
): Promise<Truthy<T>> {
  for (;;) {
    let value: T;
    try {
      value = await probe();
    } catch (err) {
      throw new Error(`while waiting for ${what}: ${(err as Error).message ?? String(err)}`, {
        cause: err,
      });
    }
    if (value) return value as Truthy<T>;
    await pause(everyMs);
  }
}

/**
 * The first match of one of `patterns` in what `child` writes on stdout and stderr from now on
 * (call it before the process can have written it: right after `spawn`); rejects, with what it
 * wrote, when the process exits first.
 */
export function outputMatch(
  child: ChildProcess,
  patterns: RegExp | readonly RegExp[],
): Promise<RegExpExecArray> {
  const list = Array.isArray(patterns) ? patterns : [patterns as RegExp];
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      for (const pattern of list) {
        const match = pattern.exec(output);
        if (!match) continue;
        stop();
        resolve(match);
        return;
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      stop();
      const wanted = list.join(' or ');
      reject(new Error(`exited (${code ?? signal}) before writing ${wanted}:\n${output}`));
    };
    const stop = () => {
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * How a started gateway says where it listens: its start banner (with the development key set),
 * or its `gateway listening` log line (LOG_LEVEL info), a worker's `worker listening`.
 */
export const LISTENING = [
  /Data Holder Gateway on http:\/\/localhost:(\d+)/,
  /"port":(\d+)[^\n]*"msg":"(?:gateway|worker) listening"/,
] as const;

/**
 * The port a gateway started with PORT=0 bound, read from its banner or its log line; rejects
 * when it exits first. Its stdout must be piped, and this called right after `spawn`.
 */
export async function listeningPortOf(child: ChildProcess): Promise<number> {
  return Number((await outputMatch(child, LISTENING))[1]);
}

/**
 * For a gateway told a port other than 0 (`startOnSomePort`): its port once it listens, or
 * `PORT_TAKEN` when it exited because another process held that port; rejects on any other exit.
 */
export async function listeningOrTaken(child: ChildProcess): Promise<number | typeof PORT_TAKEN> {
  try {
    return await listeningPortOf(child);
  } catch (err) {
    if ((err as Error).message.includes('EADDRINUSE')) return PORT_TAKEN;
    throw err;
  }
}
