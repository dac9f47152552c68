/** Maintenance windows of one adapter: calls inside one are refused without a core call. */
import type { Config } from '../config/config';

type Window = Config['resilience']['maintenanceWindows'][number];

/** Parsed bounds of each window object, so a call parses none. */
const bounds = new WeakMap<Window, { start: number; end: number }>();

function boundsOf(window: Window): { start: number; end: number } {
  let parsed = bounds.get(window);
  if (!parsed) {
    parsed = { start: Date.parse(window.start), end: Date.parse(window.end) };
    bounds.set(window, parsed);
  }
  return parsed;
}

/**
 * Seconds until the current maintenance window of `adapterId` ends (at least 1), or undefined
 * outside every window. Windows without an adapter apply to every adapter. `windows` is read at
 * every call: the gateway's list changes in place when windows are added at run time
 * (maintenance-windows.ts).
 */
export function maintenanceClock(
  windows: readonly Window[],
  adapterId: string,
  now: () => number,
): () => number | undefined {
  return () => {
    const t = now();
    for (const window of windows) {
      if (window.adapter !== undefined && window.adapter !== adapterId) continue;
      const { start, end } = boundsOf(window);
      if (t >= start && t < end) return Math.max(1, Math.ceil((end - t) / 1000));
    }
    return undefined;
  };
}
