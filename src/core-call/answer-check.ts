/**
 * The answer check layer (`ADAPTER_OUTPUT_CHECK`), just above the adapter, so it checks what the
 * core answered once per core call: a cache hit was checked when it was stored, and under
 * `enforce` an answer out of contract is never stored (docs/decisions/0044).
 *
 * `log` publishes an answer out of contract (counted by the metrics) and logs where it failed
 * (JSON pointers, keywords and schema paths: never a value, values are customers' data), then
 * serves it; `enforce` checks every answer and fails one out of contract as a core error (502);
 * `off` adds no layer.
 */
import type { Logger } from 'pino';
import { CoreAnswerInvalidError } from '../errors';
import {
  answerMismatches,
  hasAnswerContract,
  type OutputCheckMode,
} from '../resilience/output-check';
import type { CoreCall, Layer } from './core-call';
import type { CoreCallEvents } from './events';

export interface AnswerCheckSettings {
  mode: OutputCheckMode;
  /** Share of answers checked under `log` (0 to 1); `enforce` checks every answer. */
  sample: number;
  /** Uniform random numbers in [0, 1) for sampling; default `Math.random`. */
  random?: () => number;
}

export function answerCheckLayer(
  adapter: string,
  settings: AnswerCheckSettings,
  events: CoreCallEvents,
  logger: Logger,
): Layer {
  if (settings.mode === 'off') return (next) => next;
  const random = settings.random ?? Math.random;
  const enforced = settings.mode === 'enforce';
  const checked = new Map<string, boolean>();
  const isChecked = ({ port, method, name }: CoreCall['operation']): boolean => {
    let known = checked.get(name);
    if (known === undefined) checked.set(name, (known = hasAnswerContract(port, method)));
    return known;
  };
  return (next) => (call) => {
    if (call.send || !isChecked(call.operation)) return next(call);
    // Drawn before the call: most answers under `log` go unchecked, and pay for nothing more.
    if (!enforced && random() >= settings.sample) return next(call);
    return next(call).then((answer) => {
      const { port, method, name: operation } = call.operation;
      const mismatches = answerMismatches(port, method, answer);
      if (mismatches.length === 0) return answer;
      events.publish({ type: 'answer_nonconforming', adapter, operation });
      const requestId = call.scope.requestId;
      logger.warn({ operation, requestId, mismatches, enforced }, 'adapter answer out of contract');
      if (enforced) throw new CoreAnswerInvalidError();
      return answer;
    });
  };
}
