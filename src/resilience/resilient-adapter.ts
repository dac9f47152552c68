/**
 * The resilience stack, wrapped around every port call of an adapter in one place, so that every
 * adapter (a holder's own included) gets it without writing any of it. Outermost first:
 *
 *   maintenance window -> cache (with stale-if-error) -> single-flight -> retry (idempotent reads,
 *   jitter, budget, never while open) -> circuit breaker (opossum) -> timeout with AbortSignal
 *   -> the adapter
 *
 * Each layer is its own module (maintenance.ts, cached-calls.ts, single-flight.ts,
 * retry-budget.ts, circuits.ts, timeout.ts); this one composes them per operation. Operations are
 * named `<port>.<method>` (e.g. `banking.listBalances`); the metric labels, the cache keys and
 * the per-operation settings use that name. Circuits are per group of operations (operations.ts).
 *
 * A passed-through request (src/proxy/) goes through the same stack as the port operation its
 * route serves (`pass`): maintenance window -> circuit breaker -> timeout -> the upstream call.
 * Its answer is streamed to the caller, never held, so it is neither cached, coalesced nor
 * retried; everything else (circuits, outcomes, metrics, log lines) is the adapters' own.
 *
 * No call reaches a core before its request is admitted (the claim of its token's `jti`, which
 * the call context carries: src/auth/admission.ts); a cache read does not wait for it, so that
 * with Redis the read and the claim share one round trip (ADR 0051).
 */
import type CircuitBreaker from 'opossum';
import type { Logger } from 'pino';
import { admissionOf } from '../auth/admission';
import type { Config } from '../config/config';
import { CoreTimeoutError, CoreUnavailableError } from '../errors';
import type { GatewayMetrics } from '../observability/metrics';
import { ConfigError } from '../config/config-error';
import type { CallContext, CoreAdapter, RequestReads } from '../ports';
import type { CacheStore } from './cache';
import type { RedisKeys } from './redis-keys';
import { CachedCalls } from './cached-calls';
import { circuitNames } from './circuit-groups';
import { Circuits } from './circuits';
import { isCoreFailure, isRecordInvalid } from './core-failure';
import { maintenanceClock } from './maintenance';
import {
  NEVER_CACHED,
  OPERATION_NAMES,
  type Operation,
  type OperationName,
  operations,
} from './operations';
import { RequestScopes } from './request-reads';
import { RetryBudget } from './retry-budget';
import { SingleFlight } from './single-flight';
import { withTimeout } from './timeout';
import { traceDecision, traceStack } from '../observability/tracing';

export interface ResilienceDeps {
  settings: Config['resilience'];
  metrics: GatewayMetrics;
  cache: CacheStore;
  /** The deployment's Redis key names and digests (cache and single-flight keys). */
  keys: RedisKeys;
  logger: Logger;
  /** Clock for the cache and maintenance windows (ms). Circuits use real time (opossum timers). */
  now: () => number;
  /**
   * The instance id the adapter runs as (circuits, cache keys, metrics, maintenance windows);
   * default the adapter's own `id`. Two instances of one adapter kind have their own.
   */
  adapterId?: string;
}

export interface ResilientAdapter {
  adapter: CoreAdapter;
  /**
   * Circuit breakers by name (a group such as `balances`, or an operation the adapter keeps
   * apart), each created at its group's first call; for tests and health.
   */
  circuits: ReadonlyMap<string, CircuitBreaker>;
  /**
   * One call that is no port method (a passed-through request) through the stack as `operation`:
   * its maintenance windows, its circuit, the timeout (whose signal `send` gets) and its metrics.
   * A GatewayError below 500 that `send` throws is the caller's, never a core failure.
   */
  pass<T>(
    operation: OperationName,
    send: (ctx: CallContext) => Promise<T>,
    ctx: CallContext,
  ): Promise<T>;
  close(): void;
}

type AnyFn = (...args: unknown[]) => Promise<unknown>;

/** One core call as the stack makes it. */
interface CoreCall {
  operation: string;
  fn: AnyFn;
  args: unknown[];
  /** The caller's signal; undefined for a call shared by several callers. */
  callerSignal: AbortSignal | undefined;
  requestId: string;
  /** The adapter's reads shared within the caller's request for this customer (request-reads.ts). */
  reads: RequestReads | undefined;
  /** Whether a failed attempt may be repeated (reads, not writes). */
  retryable: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The outcome label of a failed core call. */
const outcomeOf = (err: unknown) =>
  err instanceof CoreTimeoutError
    ? 'timeout'
    : isCoreFailure(err)
      ? 'failure'
      : isRecordInvalid(err)
        ? 'invalid_record'
        : 'client_error';

/** The inner layers: retry -> circuit -> timeout -> adapter, with a duration per attempt. */
function coreCaller(adapterId: string, deps: ResilienceDeps, circuits: Circuits) {
  const { settings, metrics } = deps;
  const budget = new RetryBudget(settings.retryBudgetPercent);
  return async (call: CoreCall): Promise<unknown> => {
    const { operation, callerSignal } = call;
    const { name, breaker } = circuits.for(operation);
    budget.earn();
    for (let attempt = 0; ; attempt += 1) {
      const started = process.hrtime.bigint();
      const observe = (outcome: string) =>
        metrics.coreDuration.observe(
          { adapter: adapterId, operation, outcome },
          Number(process.hrtime.bigint() - started) / 1e9,
        );
      const refused = circuits.refusal(name, breaker);
      if (refused) {
        observe('rejected');
        traceDecision('circuit_refused', name);
        throw refused;
      }
      try {
        const result = await breaker.fire(() =>
          withTimeout(settings.timeoutMs, callerSignal, (signal) => {
            const { requestId, reads } = call;
            const ctx: CallContext = reads ? { signal, requestId, reads } : { signal, requestId };
            return call.fn(...call.args, ctx);
          }),
        );
        observe('success');
        return result;
      } catch (raw) {
        observe(outcomeOf(raw));
        const again =
          call.retryable &&
          raw instanceof CoreUnavailableError &&
          raw.retryAfterSeconds === undefined &&
          attempt < settings.retryAttempts &&
          !breaker.opened &&
          !callerSignal?.aborted &&
          budget.take();
        if (!again) throw raw;
        metrics.coreRetries.inc({ adapter: adapterId, operation });
        traceDecision('retry', attempt + 1);
        await sleep(Math.random() * settings.retryBaseDelayMs * 2 ** attempt);
      }
    }
  };
}

/** The port methods of the table on `inner`, each through `wrap`, with the adapter's own hooks. */
function wrappedAdapter(
  inner: CoreAdapter,
  adapterId: string,
  wrap: (op: Operation, fn: AnyFn) => AnyFn,
): CoreAdapter {
  // Exactly the operations of the table: the ports' own methods, whatever else a port object has.
  const wrapped: Record<string, unknown> = { id: adapterId };
  for (const op of operations()) {
    const port = inner[op.port] as Record<string, unknown> | undefined;
    if (!port || typeof port[op.method] !== 'function') continue;
    const out = (wrapped[op.port] ??= {}) as Record<string, AnyFn>;
    out[op.method] = wrap(op, (port[op.method] as AnyFn).bind(port));
  }
  if (inner.isReady) wrapped.isReady = () => inner.isReady!();
  if (inner.readinessDetails) wrapped.readinessDetails = () => inner.readinessDetails!();
  if (inner.close) wrapped.close = () => inner.close!();
  return wrapped as unknown as CoreAdapter;
}

/**
 * Throws when a per-operation setting names an operation no port has (a typo would be ignored),
 * or gives a cache lifetime to an operation that is never cached.
 */
export function checkOperationSettings(settings: ResilienceDeps['settings']): void {
  const known = new Set(OPERATION_NAMES);
  const problems = (
    [
      ['CACHE_TTL_SECONDS', settings.cacheTtlSeconds],
      ['CACHE_STALE_SECONDS', settings.cacheStaleSeconds],
    ] as const
  ).flatMap(([env, values]) =>
    Object.entries(values).flatMap(([name, seconds]) => {
      if (!known.has(name))
        return [
          `${env}: unknown operation "${name}" (operations are <port>.<method>, e.g. banking.listBalances)`,
        ];
      if (NEVER_CACHED.has(name) && seconds > 0)
        return [`${env}: "${name}" is never cached (it carries personal data); only 0 is allowed`];
      return [];
    }),
  );
  if (problems.length > 0) throw new ConfigError(problems);
}

export function withResilience(inner: CoreAdapter, deps: ResilienceDeps): ResilientAdapter {
  const { settings, metrics, now } = deps;
  checkOperationSettings(settings);
  const adapterId = deps.adapterId ?? inner.id;
  const flights = new SingleFlight();
  const scopes = new RequestScopes();
  const maintenance = maintenanceClock(settings.maintenanceWindows, adapterId, now);
  const circuits = new Circuits({
    adapterId,
    settings,
    metrics,
    logger: deps.logger,
    circuitOf: circuitNames(inner),
  });
  const callCore = coreCaller(adapterId, deps, circuits);
  const cached = new CachedCalls({
    adapterId,
    cache: deps.cache,
    keys: deps.keys,
    metrics,
    logger: deps.logger,
    now,
  });

  /** Refuses a call of `operation` inside a maintenance window of the instance. */
  const refuseInWindow = (operation: string): void => {
    const retryAfter = maintenance();
    if (retryAfter === undefined) return;
    metrics.coreDuration.observe({ adapter: adapterId, operation, outcome: 'maintenance' }, 0);
    traceDecision('maintenance_window', retryAfter);
    throw new CoreUnavailableError({ retryAfterSeconds: retryAfter });
  };

  const wrap = ({ name: operation, policy, takesCustomer }: Operation, fn: AnyFn): AnyFn => {
    const read = policy.kind === 'read';
    /** The reads of the caller's request for the call's customer; none for a call without one. */
    const readsOf = (ctx: CallContext, args: unknown[]) =>
      takesCustomer && typeof args[0] === 'string' ? scopes.of(ctx, args[0]) : undefined;
    const ttlMs = read ? (settings.cacheTtlSeconds[operation] ?? policy.ttlSeconds) * 1000 : 0;
    const staleMs = read
      ? (settings.cacheStaleSeconds[operation] ?? policy.staleSeconds) * 1000
      : 0;
    return async (...allArgs: unknown[]) => {
      const ctx = allArgs[allArgs.length - 1] as CallContext;
      const args = allArgs.slice(0, -1);
      refuseInWindow(operation);
      const { requestId } = ctx;
      const admission = admissionOf(ctx);
      if (!read) {
        if (admission) await admission;
        const retryable = policy.kind !== 'write';
        const call = { operation, fn, args, requestId, reads: readsOf(ctx, args), retryable };
        return callCore({ ...call, callerSignal: ctx.signal });
      }

      const key = cached.key(operation, args);
      const entry = ttlMs > 0 ? await cached.get(operation, key) : undefined;
      if (entry && now() - entry.storedAt < ttlMs) {
        cached.count(operation, 'hit');
        return entry.value;
      }
      if (ttlMs > 0) cached.count(operation, 'miss');
      // Before the flight starts: a refused caller must neither start one nor fail its joiners.
      if (admission) await admission;
      // Shared by every concurrent identical caller: not tied to one caller's signal. The reads
      // are the first caller's: its joiners are the same customer (the key holds the id).
      return flights.run(key, async () => {
        try {
          const value = await callCore({
            operation,
            fn,
            args,
            callerSignal: undefined,
            requestId,
            reads: readsOf(ctx, args),
            retryable: true,
          });
          // Joined callers share the answer: read-only, as a hit's is.
          return ttlMs > 0 ? cached.store(operation, key, value, ttlMs + staleMs) : value;
        } catch (err) {
          if (entry && isCoreFailure(err) && now() - entry.storedAt < ttlMs + staleMs) {
            cached.count(operation, 'stale');
            return entry.value;
          }
          throw err;
        }
      });
    };
  };

  return traceStack(adapterId, {
    adapter: wrappedAdapter(inner, adapterId, wrap),
    circuits: circuits.byName,
    async pass(operation, send, ctx) {
      refuseInWindow(operation);
      await admissionOf(ctx);
      return (await callCore({
        operation,
        fn: send as AnyFn,
        args: [],
        callerSignal: ctx.signal,
        requestId: ctx.requestId,
        reads: undefined,
        retryable: false,
      })) as Awaited<ReturnType<typeof send>>;
    },
    close: () => circuits.close(),
  });
}
