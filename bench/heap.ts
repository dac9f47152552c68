/** A gateway process's heap after a full GC, read for the soak. */
import type { Proc } from './processes';
import { sleep } from './settings';

/** A gateway process's heap after a full GC, in MB. */
export interface HeapMb {
  /** What is still live. */
  live: number;
  /** What V8 holds for its heap (committed). */
  committed: number;
  /** Committed per heap space (new_space, old_space, code_space, large_object_space...). */
  spaces: Record<string, number>;
}

/** The heap spaces whose committed size differs by 1 MB or more: `new_space 48 -> 32 MB, ...`. */
export function spaceMoves(a: HeapMb, b: HeapMb): string {
  const names = [...new Set([...Object.keys(a.spaces), ...Object.keys(b.spaces)])];
  const moved = names
    .map((n) => [n, a.spaces[n] ?? 0, b.spaces[n] ?? 0] as const)
    .filter(([, x, y]) => Math.abs(y - x) >= 1)
    .map(([n, x, y]) => `${n} ${x.toFixed(0)} -> ${y.toFixed(0)} MB`);
  return moved.length ? moved.join(', ') : 'no space moved by 1 MB';
}

/**
 * A gateway process's heap after a full GC. It runs `gc()` on SIGUSR2 and prints
 * `HEAP {"live","committed","spaces"}` in bytes (bench/gateway-process.ts with BENCH_EXPOSE_GC=1).
 */
export async function heapAfterGcMb(p: Proc): Promise<HeapMb> {
  const line = new Promise<HeapMb>((resolve) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /HEAP (\{.*\})\n/.exec(out);
      if (m) {
        p.child.stdout!.off('data', onData);
        const raw = JSON.parse(m[1]) as {
          live: number;
          committed: number;
          spaces: Record<string, number>;
        };
        const mb = (b: number) => b / 2 ** 20;
        resolve({
          live: mb(raw.live),
          committed: mb(raw.committed),
          spaces: Object.fromEntries(Object.entries(raw.spaces).map(([k, v]) => [k, mb(v)])),
        });
      }
    };
    p.child.stdout!.on('data', onData);
  });
  p.child.kill('SIGUSR2');
  return Promise.race([line, sleep(5000).then(() => ({ live: NaN, committed: NaN, spaces: {} }))]);
}
