/**
 * Tracing's entry points for the rest of the gateway: the request and core-call hooks, the
 * resilience decisions and the log fields. Tracing is off unless `OTEL_TRACES_EXPORTER` says where
 * spans go; off, nothing of OpenTelemetry is loaded (the SDK is required by `startTracing` only)
 * and every hook here is one check of a module variable, so a request pays nothing measurable
 * (docs/benchmarks.md, "Tracing").
 *
 * OpenTelemetry's own state (tracer provider, context manager, propagators) is global to the
 * process, so this module's is too: one gateway per process traces (a worker each).
 * decisions/0047-opentelemetry-traces.md gives the design.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config/config';
import type { Decision, DecisionValues, TracingOptions, TracingRuntime } from './tracing-types';

type Res = ServerResponse & { locals?: Record<string, unknown> };

let runtime: TracingRuntime | undefined;

/** Whether spans are being made. */
export function tracingOn(): boolean {
  return runtime !== undefined;
}

/**
 * Starts tracing when the configuration asks for it (or an exporter is given): loads the SDK,
 * registers it globally and returns how to stop it; otherwise returns undefined and loads nothing.
 */
export async function startTracing(
  settings: Config['tracing'],
  options: TracingOptions,
): Promise<(() => Promise<void>) | undefined> {
  const wanted = options.exporter !== undefined || settings.exporter !== 'none';
  if (!wanted || settings.disabled || runtime) return undefined;
  const { createTracingRuntime } = await import('./tracing-sdk');
  const started = createTracingRuntime(settings, options);
  runtime = started;
  return async () => {
    if (runtime === started) runtime = undefined;
    await started.shutdown();
  };
}

/** Runs `next` inside the request's server span (tracing on), or just runs it. */
export function traceRequest(req: IncomingMessage, res: Res, next: () => void): void {
  if (runtime === undefined) next();
  else runtime.request(req, res, next);
}

/** `run` inside a span of core call `operation` (tracing on, in a traced request), or just `run`. */
export function traceCoreCall(
  adapterId: string,
  operation: string,
  run: () => Promise<unknown>,
): Promise<unknown> {
  return runtime === undefined ? run() : runtime.around(adapterId, operation, run);
}

/**
 * A Redis-backed store with a client span per call of `methods` (tracing on), named by `group`
 * (`redis replay_store.claim`), or the store itself.
 */
export function traceRedis<T extends object>(
  group: string,
  target: T,
  methods: readonly (keyof T & string)[],
): T {
  return runtime === undefined ? target : runtime.redis(group, target, methods);
}

/** Records a resilience decision on the current span; nothing when tracing is off. */
export function traceDecision<D extends Decision>(
  decision: D,
  ...value: DecisionValues[D] extends undefined ? [] : [DecisionValues[D]]
): void {
  if (runtime !== undefined) runtime.decide(decision, value[0] as DecisionValues[D]);
}

/** The current sampled span's `trace_id` and `span_id` (exemplars); undefined when off. */
export function currentTraceIds(): Record<string, string> | undefined {
  return runtime?.logFields() as Record<string, string> | undefined;
}

const NO_FIELDS = Object.freeze({});

/**
 * pino's `mixin`: the current span's `trace_id` and `span_id` on every line written inside a
 * traced request. Off, it returns one frozen empty object that `mergeTraceFields` skips.
 */
export function traceLogMixin(): object {
  return runtime?.logFields() ?? NO_FIELDS;
}

/** pino's `mixinMergeStrategy` for `traceLogMixin`: adds nothing when it has nothing. */
export function mergeTraceFields(mergeObject: object, mixinObject: object): object {
  return mixinObject === NO_FIELDS ? mergeObject : Object.assign(mixinObject, mergeObject);
}
