/**
 * The maintenance window layer: inside a window planned for the instance, a call is refused with
 * 503 and `Retry-After` (the window's end) before anything else happens to it.
 */
import { CoreUnavailableError } from '../errors';
import type { Layer } from './core-call';
import type { CoreCallEvents } from './events';

/** Seconds until the window under way ends, or undefined outside every window. */
export type WindowClock = () => number | undefined;

export function maintenanceLayer(
  adapter: string,
  clock: WindowClock,
  events: CoreCallEvents,
): Layer {
  return (next) => (call) => {
    const retryAfterSeconds = clock();
    if (retryAfterSeconds === undefined) return next(call);
    const operation = call.operation.name;
    events.publish({ type: 'maintenance_window', adapter, operation, retryAfterSeconds });
    events.publish({ type: 'attempt', adapter, operation, outcome: 'maintenance', seconds: 0 });
    return Promise.reject(new CoreUnavailableError({ retryAfterSeconds }));
  };
}
