/**
 * A live step with a shadow: a sampled share of its reads is also asked of a candidate step,
 * after the live answer is back and off its path. The caller gets the live answer (the same
 * object) or the live failure, as without a shadow; the candidate's call is never awaited by it,
 * its failure is counted and swallowed, and its answer is only compared with the live one.
 *
 * Only reads are shadowed: a write would change the candidate core, and a stream is the core's
 * bytes, not a record to compare. A live failure is not shadowed: there is no answer to compare.
 */
import type { CoreCall, Step } from '../core-call/core-call';
import { compareAnswers } from './compare';
import type { ShadowReport } from './shadow-report';
import type { Slots } from './slots';

export interface ShadowOptions {
  /** Share of live reads also asked of the candidate (SHADOW_SAMPLE, 0 to 1). */
  sample: number;
  /** The candidate's shadow reads under way (SHADOW_CONCURRENCY), shared by its every wrap. */
  slots: Slots;
  report: ShadowReport;
  /** Uniform random numbers in [0, 1) for sampling; default `Math.random`. */
  random?: () => number;
  /** False once the shadow reads are closed: no shadow call starts then. */
  open?: () => boolean;
}

/** The candidate's answer to `call`, compared with `live` (a copy made when it came back). */
async function shadowOf(
  call: CoreCall,
  live: unknown,
  candidate: Step,
  options: ShadowOptions,
): Promise<void> {
  const { operation, scope } = call;
  const { report } = options;
  try {
    let answer: unknown;
    try {
      answer = await candidate(call);
    } catch (err) {
      report.failed(operation, scope.requestId, err);
      report.read(operation, 'error');
      return;
    }
    const comparison = compareAnswers(live, answer);
    if (comparison.count > 0) report.differed(operation, scope.requestId, comparison);
    report.read(operation, comparison.count > 0 ? 'different' : 'same');
  } catch {
    // Nothing of a shadow read may reach the live request, nor be an unhandled rejection.
  } finally {
    options.slots.release();
  }
}

/** Starts the shadow of a sampled read whose live answer is `answer`, if a slot is free. */
function startShadow(call: CoreCall, answer: unknown, candidate: Step, options: ShadowOptions) {
  if (!(options.open?.() ?? true)) return;
  if (!options.slots.take()) {
    options.report.read(call.operation, 'skipped');
    return;
  }
  let live: unknown;
  try {
    // A copy now: the caller may go on to change the answer it got, and that is not the core's.
    live = structuredClone(answer);
  } catch {
    options.slots.release();
    options.report.read(call.operation, 'error');
    return;
  }
  // The same arguments, without the caller's signal: the caller's answer is sent by then, and the
  // candidate's own timeout bounds its call. Started on the next turn, so that even the candidate
  // layers' first synchronous steps run after the caller has its answer.
  const shadowCall: CoreCall = {
    operation: call.operation,
    args: call.args,
    scope: { ...call.scope, signal: undefined },
  };
  setImmediate(() => void shadowOf(shadowCall, live, candidate, options));
}

/** `live`, with a sampled share of its reads also asked of `candidate` and compared. */
export function shadowed(live: Step, candidate: Step, options: ShadowOptions): Step {
  const random = options.random ?? Math.random;
  return (call) => {
    if (call.operation.policy.kind !== 'read' || call.send) return live(call);
    return live(call).then((answer) => {
      try {
        if (random() < options.sample) startShadow(call, answer, candidate, options);
      } catch {
        // A shadow that cannot start changes nothing of the live answer.
      }
      return answer;
    });
  };
}
