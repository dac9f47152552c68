/** Configured maintenance windows of one adapter: calls inside one are refused without a core call. */
import type { Config } from '../config/config';

type Window = Config['resilience']['maintenanceWindows'][number];

/**
 * Seconds until the current maintenance window of `adapterId` ends (at least 1), or undefined
 * outside every window. Windows without an adapter apply to every adapter.
 */
export function maintenanceClock(
  windows: readonly Window[],
  adapterId: string,
  now: () => number,
): () => number | undefined {
  const own = windows
    .filter((w) => w.adapter === undefined || w.adapter === adapterId)
    .map((w) => ({ start: Date.parse(w.start), end: Date.parse(w.end) }));
  return () => {
    const t = now();
    const window = own.find((w) => t >= w.start && t < w.end);
    return window ? Math.max(1, Math.ceil((window.end - t) / 1000)) : undefined;
  };
}
