/**
 * The retry layer: a read or a stream that failed with a core unavailable (no `Retry-After` of
 * its own) is tried again, with jittered backoff, while attempts and the retry budget allow, the
 * circuit is not open and the caller is still there. Writes and passed-through requests are
 * never repeated, but every call earns the budget (it is a share of all calls).
 */
import { CoreUnavailableError } from '../errors';
import type { RetryBudget } from '../resilience/retry-budget';
import type { CoreCall, Layer } from './core-call';
import type { CoreCallEvents } from './events';

export interface RetrySettings {
  attempts: number;
  baseDelayMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a failed call may be repeated at all. */
const repeatable = (call: CoreCall): boolean =>
  call.send === undefined && call.operation.policy.kind !== 'write';

export function retryLayer(
  adapter: string,
  settings: RetrySettings,
  budget: RetryBudget,
  circuitOpen: (call: CoreCall) => boolean,
  events: CoreCallEvents,
): Layer {
  return (next) => async (call) => {
    budget.earn();
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await next(call);
      } catch (err) {
        const again =
          repeatable(call) &&
          err instanceof CoreUnavailableError &&
          err.retryAfterSeconds === undefined &&
          attempt < settings.attempts &&
          !circuitOpen(call) &&
          !call.scope.signal?.aborted &&
          budget.take();
        if (!again) throw err;
        events.publish({
          type: 'retry',
          adapter,
          operation: call.operation.name,
          attempt: attempt + 1,
        });
        await sleep(Math.random() * settings.baseDelayMs * 2 ** attempt);
      }
    }
  };
}
