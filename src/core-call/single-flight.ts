/**
 * The single-flight layer: identical reads under way at once (same cache key) share one call.
 * The shared call belongs to no one caller: it runs without the first caller's signal, so one
 * caller going away does not fail the others.
 */
import type { SingleFlight } from '../resilience/single-flight';
import type { Layer } from './core-call';
import type { CoreCallEvents } from './events';

export function singleFlightLayer(
  adapter: string,
  flights: SingleFlight,
  events: CoreCallEvents,
): Layer {
  return (next) => (call) => {
    const key = call.cached?.key;
    if (key === undefined) return next(call);
    const joined = flights.joins(key);
    if (joined) {
      events.publish({ type: 'single_flight_join', adapter, operation: call.operation.name });
      return joined;
    }
    return flights.run(key, () => next({ ...call, scope: { ...call.scope, signal: undefined } }));
  };
}
