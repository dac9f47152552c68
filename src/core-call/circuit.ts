/**
 * The circuit layer: each attempt goes through its operation's circuit breaker (circuits.ts in
 * resilience). An open circuit refuses the attempt with 503 and `Retry-After` before it reaches
 * the core; every attempt's outcome and duration is published.
 */
import { CoreTimeoutError } from '../errors';
import type { Circuits } from '../resilience/circuits';
import { isCoreFailure, isRecordInvalid } from '../resilience/core-failure';
import type { Layer } from './core-call';
import type { AttemptOutcome, CoreCallEvents } from './events';

/** The outcome of a failed attempt. */
const outcomeOf = (err: unknown): AttemptOutcome =>
  err instanceof CoreTimeoutError
    ? 'timeout'
    : isCoreFailure(err)
      ? 'failure'
      : isRecordInvalid(err)
        ? 'invalid_record'
        : 'client_error';

export function circuitLayer(adapter: string, circuits: Circuits, events: CoreCallEvents): Layer {
  return (next) => (call) => {
    const operation = call.operation.name;
    const { name, breaker } = circuits.for(operation);
    const started = process.hrtime.bigint();
    const attempt = (outcome: AttemptOutcome) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      events.publish({ type: 'attempt', adapter, operation, outcome, seconds });
    };
    const refused = circuits.refusal(name, breaker);
    if (refused) {
      attempt('rejected');
      events.publish({ type: 'circuit_refused', adapter, operation, circuit: name });
      return Promise.reject(refused);
    }
    return breaker
      .fire(() => next(call))
      .then(
        (value) => {
          attempt('success');
          return value;
        },
        (err: unknown) => {
          attempt(outcomeOf(err));
          throw err;
        },
      );
  };
}
