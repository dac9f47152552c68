/**
 * What the layers of the core call decide (src/core-call/events.ts), made into metrics and
 * trace events: each decision is published once, and reported here to both.
 */
import type { CoreCallEvent, CoreCallEvents } from '../core-call/events';
import type { GatewayMetrics } from './metrics';
import { traceDecision } from './tracing';

/** The metrics of one event. */
function count(metrics: GatewayMetrics, event: CoreCallEvent): void {
  switch (event.type) {
    case 'attempt':
      metrics.coreDuration.observe(
        { adapter: event.adapter, operation: event.operation, outcome: event.outcome },
        event.seconds,
      );
      return;
    case 'cache':
      metrics.cacheEvents.inc({
        adapter: event.adapter,
        operation: event.operation,
        result: event.result,
      });
      return;
    case 'retry':
      metrics.coreRetries.inc({ adapter: event.adapter, operation: event.operation });
      return;
    case 'answer_nonconforming':
      metrics.adapterNonconforming.inc({ adapter: event.adapter, operation: event.operation });
      return;
    case 'circuit_state':
      metrics.setCircuitState(event.adapter, event.circuit, event.state);
      if (event.transition)
        metrics.circuitTransitions.inc({
          adapter: event.adapter,
          circuit: event.circuit,
          to: event.state,
        });
      return;
    default:
  }
}

/** The trace decision of one event, on the current span. */
function trace(event: CoreCallEvent): void {
  switch (event.type) {
    case 'cache':
      if (event.result !== 'error') traceDecision('cache', event.result);
      return;
    case 'single_flight_join':
      traceDecision('single_flight_join');
      return;
    case 'retry':
      traceDecision('retry', event.attempt);
      return;
    case 'circuit_refused':
      traceDecision('circuit_refused', event.circuit);
      return;
    case 'maintenance_window':
      traceDecision('maintenance_window', event.retryAfterSeconds);
      return;
    default:
  }
}

/** Reports every event of `events` to `metrics` and to the current trace. */
export function observeCoreCalls(events: CoreCallEvents, metrics: GatewayMetrics): () => void {
  return events.on((event) => {
    count(metrics, event);
    trace(event);
  });
}
