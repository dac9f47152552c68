/**
 * Shadow reads (SHADOW_ADAPTERS): a family's candidate core is asked a sampled share of the live
 * reads of the family, to compare before a migration what it would answer with what the live core
 * does. What the gateway assembles: each candidate behind its own uncached layers
 * (candidate-stack.ts), and a wrap of each live instance's step that shadows the reads of the
 * families it serves that have a candidate (shadowed-step.ts).
 *
 * The wrap goes over the instance's whole step, so the candidate is asked after the live answer,
 * from the cache or not, as the platform was answered. A read of the authorisation list (no
 * family: every account core answers it together) and an operation the candidate's adapter does
 * not implement are never shadowed.
 */
import type { Config } from '../config/config';
import type { CoreFamily } from '../config/core-layout';
import type { Step } from '../core-call/core-call';
import type { ServingInstance } from '../core-call/fan-out/fan-out';
import { portsOf } from '../core-call/ports';
import type { CoreCallStack } from '../core-call/stack';
import type { GatewayMetrics } from '../observability/metrics';
import type { CoreAdapter } from '../ports';
import { familyOfOperation } from '../ports/operations';
import { type CandidateStackDeps, candidateStack } from './candidate-stack';
import { shadowed } from './shadowed-step';
import { shadowReport, type ShadowReport } from './shadow-report';
import { Slots } from './slots';

/** A candidate instance, created (src/adapters.ts, createShadowInstances). */
export interface Candidate {
  readonly id: string;
  /** The families it shadows. */
  readonly families: readonly CoreFamily[];
  readonly adapter: CoreAdapter;
}

export interface ShadowReadsDeps extends CandidateStackDeps {
  metrics: GatewayMetrics;
  /** Uniform random numbers in [0, 1) for sampling; default `Math.random`. */
  random?: () => number;
}

export interface ShadowReads {
  /**
   * The step of a live instance serving `families`, with the reads of those that have a
   * candidate shadowed; `live` itself when none has one.
   */
  wrap(families: readonly CoreFamily[], live: Step): Step;
  /**
   * A live instance with its step wrapped, and its ports over the wrapped step (with one
   * instance, the gateway serves its ports, not its step); the instance itself when unwrapped.
   * @param instance its `raw` adapter is the one its ports are made over
   */
  wrapInstance<T extends ServingInstance & { readonly raw: CoreAdapter }>(instance: T): T;
  /** Each candidate's circuit breakers, by candidate id (tests, operators). */
  readonly circuits: ReadonlyMap<string, CoreCallStack['circuits']>;
  /** No shadow read starts any more; the candidates' circuits and adapters are closed. */
  close(): Promise<void>;
}

/** One candidate behind its layers, with its slots and its report. */
interface Shadow {
  readonly stack: CoreCallStack;
  readonly slots: Slots;
  readonly report: ShadowReport;
}

/**
 * The shadow reads of `candidates` with the settings `SHADOW_SAMPLE` and `SHADOW_CONCURRENCY`.
 * @param deps what the live instances' layers are made with (their cache is not used)
 */
export function shadowReads(
  settings: Config['shadow'],
  candidates: readonly Candidate[],
  deps: ShadowReadsDeps,
): ShadowReads {
  let open = true;
  const byFamily = new Map<CoreFamily, Shadow>();
  const byId = new Map<string, Shadow>();
  for (const { id, families, adapter } of candidates) {
    const logger = deps.logger.child({ adapter: id, shadow: true });
    const shadow: Shadow = {
      stack: candidateStack(id, adapter, { ...deps, logger }),
      slots: new Slots(settings.concurrency),
      report: shadowReport(deps.metrics, logger),
    };
    byId.set(id, shadow);
    for (const family of families) byFamily.set(family, shadow);
  }
  const options = { sample: settings.sample, random: deps.random, open: () => open };

  const wrap = (families: readonly CoreFamily[], live: Step): Step => {
    const steps = new Map<CoreFamily, Step>();
    for (const family of families) {
      const shadow = byFamily.get(family);
      if (!shadow) continue;
      const { slots, report } = shadow;
      steps.set(family, shadowed(live, shadow.stack.step, { ...options, slots, report }));
    }
    if (steps.size === 0) return live;
    return (call) => {
      const family = familyOfOperation(call.operation.name);
      const step = family && steps.get(family);
      const implemented = step && byFamily.get(family)!.stack.operations.has(call.operation.name);
      return implemented ? step(call) : live(call);
    };
  };

  return {
    wrap,
    wrapInstance(instance) {
      const step = wrap(instance.families, instance.step);
      if (step === instance.step) return instance;
      return { ...instance, step, adapter: portsOf(instance.raw, instance.id, () => step) };
    },
    circuits: new Map([...byId].map(([id, s]) => [id, s.stack.circuits])),
    async close() {
      open = false;
      for (const { stack } of byId.values()) stack.close();
      await Promise.allSettled(candidates.map((c) => c.adapter.close?.()));
    },
  };
}
