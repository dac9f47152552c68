/**
 * The check of adapter answers against their operation's contract (`ADAPTER_OUTPUT_CHECK`), as a
 * wrapper around one adapter instance. The resilience stack wraps it in turn, so it checks what
 * the core answered, once per core call: a cache hit was checked when it was stored, and under
 * `enforce` an answer out of contract is never stored (docs/decisions, "Adapter answers checked
 * inside the resilience stack").
 *
 * `log` counts an answer out of contract in `dhg_adapter_nonconforming_total{adapter,operation}`
 * and logs where it failed (JSON pointers, keywords and schema paths: never a value, values are
 * customers' data), then serves it; `enforce` checks every answer and fails one out of contract
 * as a core error (502); `off` returns the adapter itself.
 */
import type { ValidateFunction } from 'ajv';
import type { Logger } from 'pino';
import { contractsAjv } from '../../contracts';
import { CoreAnswerInvalidError } from '../errors';
import type { GatewayMetrics } from '../observability/metrics';
import type { CallContext, CoreAdapter } from '../ports';
import { answerContractOf } from './answer-contracts';
import { operations } from './operations';

export type OutputCheckMode = 'off' | 'log' | 'enforce';

export interface OutputCheckDeps {
  mode: OutputCheckMode;
  /** Share of answers checked under `log` (0 to 1); `enforce` checks every answer. */
  sample: number;
  /** The instance id (metric label). */
  adapterId: string;
  metrics: GatewayMetrics;
  /** Already labelled with the adapter. */
  logger: Logger;
  /** Uniform random numbers in [0, 1) for sampling; default `Math.random`. */
  random?: () => number;
}

/** Where an answer is out of contract: a JSON pointer into the answer, the keyword, the rule. */
export interface AnswerMismatch {
  path: string;
  keyword: string;
  schemaPath: string;
}

/** Most mismatches logged for one answer: enough to find the fault, bounded for the log. */
const MAX_MISMATCHES = 20;

type AnyFn = (...args: unknown[]) => Promise<unknown>;

const validators = new Map<string, ValidateFunction | null>();

/** The compiled answer schema of an operation (shared by every instance), or null. */
function validatorOf(port: string, method: string): ValidateFunction | null {
  const name = `${port}.${method}`;
  let validate = validators.get(name);
  if (validate === undefined) {
    const schema = answerContractOf(port, method);
    validate = schema === null ? null : contractsAjv().compile(schema);
    validators.set(name, validate);
  }
  return validate;
}

/**
 * Where `answer` is out of the contract of `<port>.<method>`; [] when it conforms or is not
 * checked. A Map answer (instalment plans) is checked as the list of its values.
 */
export function answerMismatches(port: string, method: string, answer: unknown): AnswerMismatch[] {
  const validate = validatorOf(port, method);
  if (!validate) return [];
  if (port === 'banking' && method === 'listInstalmentPlans') {
    if (!(answer instanceof Map)) return [{ path: '/', keyword: 'type', schemaPath: 'Map' }];
    answer = [...answer.values()];
  }
  if (validate(answer)) return [];
  return (validate.errors ?? []).slice(0, MAX_MISMATCHES).map((e) => ({
    path: e.instancePath === '' ? '/' : e.instancePath,
    keyword: e.keyword,
    schemaPath: e.schemaPath,
  }));
}

/** The adapter with every checked operation wrapped; the adapter itself when the check is off. */
export function withOutputCheck(adapter: CoreAdapter, deps: OutputCheckDeps): CoreAdapter {
  if (deps.mode === 'off') return adapter;
  const random = deps.random ?? Math.random;
  const checks = (): boolean => deps.mode === 'enforce' || random() < deps.sample;

  const checkedMethod = (port: string, method: string, name: string, fn: AnyFn): AnyFn => {
    return async (...args: unknown[]) => {
      const answer = await fn(...args);
      if (!checks()) return answer;
      const mismatches = answerMismatches(port, method, answer);
      if (mismatches.length === 0) return answer;
      deps.metrics.adapterNonconforming.inc({ adapter: deps.adapterId, operation: name });
      const ctx = args[args.length - 1] as CallContext | undefined;
      deps.logger.warn(
        {
          operation: name,
          requestId: ctx?.requestId,
          mismatches,
          enforced: deps.mode === 'enforce',
        },
        'adapter answer out of contract',
      );
      if (deps.mode === 'enforce') throw new CoreAnswerInvalidError();
      return answer;
    };
  };

  const ports: Record<string, Record<string, AnyFn>> = {};
  for (const { port, method, name } of operations()) {
    const inner = adapter[port] as Record<string, unknown> | undefined;
    if (!inner || typeof inner[method] !== 'function') continue;
    const fn = (inner[method] as AnyFn).bind(inner);
    (ports[port] ??= {})[method] = validatorOf(port, method)
      ? checkedMethod(port, method, name, fn)
      : fn;
  }
  return {
    id: adapter.id,
    ...ports,
    ...(adapter.circuitPerOperation ? { circuitPerOperation: adapter.circuitPerOperation } : {}),
    ...(adapter.circuitGroups ? { circuitGroups: adapter.circuitGroups } : {}),
    ...(adapter.isReady ? { isReady: () => adapter.isReady!() } : {}),
    ...(adapter.readinessDetails ? { readinessDetails: () => adapter.readinessDetails!() } : {}),
    ...(adapter.close ? { close: () => adapter.close!() } : {}),
  } as unknown as CoreAdapter;
}
