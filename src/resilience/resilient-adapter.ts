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
 * the per-operation settings use that name.
 */
import type CircuitBreaker from 'opossum';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { CoreTimeoutError, CoreUnavailableError } from '../errors';
import type { GatewayMetrics } from '../observability/metrics';
import type { CallContext, CoreAdapter } from '../ports';
import type { CacheStore } from './cache';
import { CachedCalls } from './cached-calls';
import { Circuits } from './circuits';
import { isCoreFailure } from './core-failure';
import { maintenanceClock } from './maintenance';
import { RetryBudget } from './retry-budget';
import { SingleFlight } from './single-flight';
import { withTimeout } from './timeout';

/** Default cache time-to-live per operation, seconds (0: not cached). */
export const DEFAULT_CACHE_TTL_SECONDS: Readonly<Record<string, number>> = {
  'authorisation.listShareableAccounts': 60,
  'customer.getCustomerDetail': 300,
  'banking.listAccounts': 60,
  'banking.listBalances': 5,
  'banking.listDirectDebits': 60,
  'banking.listScheduledPayments': 60,
  'banking.listInstalmentPlans': 60,
  'banking.listPayees': 60,
  'energy.listAccounts': 60,
  'energy.listInvoices': 300,
  'energy.listConcessions': 300,
  'fdx.getAccountInfo': 60,
  'fdx.listTransactions': 30,
  'fdx.listStatements': 300,
  'fdx.listAssetTransferNetworks': 300,
};

/** Default stale-if-error window per operation, seconds (balances: off). */
export const DEFAULT_CACHE_STALE_SECONDS: Readonly<Record<string, number>> = {
  'authorisation.listShareableAccounts': 600,
  'customer.getCustomerDetail': 3600,
  'banking.listAccounts': 600,
  'banking.listDirectDebits': 600,
  'banking.listScheduledPayments': 600,
  'banking.listInstalmentPlans': 600,
  'banking.listPayees': 600,
  'energy.listAccounts': 600,
  'energy.listInvoices': 3600,
  'energy.listConcessions': 3600,
  'fdx.getAccountInfo': 600,
  'fdx.listStatements': 3600,
  'fdx.listAssetTransferNetworks': 3600,
};

/** Operations that change the core: never cached, never retried, never coalesced. */
const WRITES = new Set([
  'products.createProduct',
  'products.updateProduct',
  'products.deleteProduct',
]);
/** Operations whose result is a stream: never cached or coalesced. */
const STREAMS = new Set(['fdx.getStatementDocument']);
const PORTS = ['authorisation', 'customer', 'banking', 'energy', 'fdx', 'products'] as const;

export interface ResilienceDeps {
  settings: Config['resilience'];
  metrics: GatewayMetrics;
  cache: CacheStore;
  logger: Logger;
  /** Clock for the cache and maintenance windows (ms). Circuits use real time (opossum timers). */
  now: () => number;
}

export interface ResilientAdapter {
  adapter: CoreAdapter;
  /** Circuit breakers by name (`default` or an operation), for tests and health. */
  circuits: ReadonlyMap<string, CircuitBreaker>;
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
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The outcome label of a failed core call. */
const outcomeOf = (err: unknown) =>
  err instanceof CoreTimeoutError ? 'timeout' : isCoreFailure(err) ? 'failure' : 'client_error';

/** Method names of a port: own functions and those of its class chain (ports may be classes). */
function portMethods(port: object): string[] {
  const names = new Set<string>();
  for (let o: object | null = port; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (name !== 'constructor' && typeof (port as Record<string, unknown>)[name] === 'function')
        names.add(name);
    }
  }
  return [...names];
}

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
        throw refused;
      }
      try {
        const result = await breaker.fire(() =>
          withTimeout(settings.timeoutMs, callerSignal, (signal) => {
            const ctx: CallContext = { signal, requestId: call.requestId };
            return call.fn(...call.args, ctx);
          }),
        );
        observe('success');
        return result;
      } catch (raw) {
        observe(outcomeOf(raw));
        const again =
          !WRITES.has(operation) &&
          raw instanceof CoreUnavailableError &&
          raw.retryAfterSeconds === undefined &&
          attempt < settings.retryAttempts &&
          !breaker.opened &&
          !callerSignal?.aborted &&
          budget.take();
        if (!again) throw raw;
        metrics.coreRetries.inc({ adapter: adapterId, operation });
        await sleep(Math.random() * settings.retryBaseDelayMs * 2 ** attempt);
      }
    }
  };
}

export function withResilience(inner: CoreAdapter, deps: ResilienceDeps): ResilientAdapter {
  const { settings, metrics, now } = deps;
  const adapterId = inner.id;
  const ttl = { ...DEFAULT_CACHE_TTL_SECONDS, ...settings.cacheTtlSeconds };
  const stale = { ...DEFAULT_CACHE_STALE_SECONDS, ...settings.cacheStaleSeconds };
  const flights = new SingleFlight();
  const maintenance = maintenanceClock(settings.maintenanceWindows, adapterId, now);
  const circuits = new Circuits({
    adapterId,
    settings,
    metrics,
    logger: deps.logger,
    separate: inner.circuitPerOperation ?? [],
  });
  const callCore = coreCaller(adapterId, deps, circuits);
  const cached = new CachedCalls({
    adapterId,
    cache: deps.cache,
    metrics,
    logger: deps.logger,
    now,
  });

  const wrap = (operation: string, fn: AnyFn): AnyFn => {
    const ttlMs = (ttl[operation] ?? 0) * 1000;
    const staleMs = (stale[operation] ?? 0) * 1000;
    const coalesce = !WRITES.has(operation) && !STREAMS.has(operation);
    return async (...allArgs: unknown[]) => {
      const ctx = allArgs[allArgs.length - 1] as CallContext;
      const args = allArgs.slice(0, -1);
      const retryAfter = maintenance();
      if (retryAfter !== undefined) {
        metrics.coreDuration.observe({ adapter: adapterId, operation, outcome: 'maintenance' }, 0);
        throw new CoreUnavailableError({ retryAfterSeconds: retryAfter });
      }
      const { requestId } = ctx;
      if (!coalesce) return callCore({ operation, fn, args, callerSignal: ctx.signal, requestId });

      const key = cached.key(operation, args);
      const entry = ttlMs > 0 ? await cached.get(operation, key) : undefined;
      if (entry && now() - entry.storedAt < ttlMs) {
        cached.count(operation, 'hit');
        return entry.value;
      }
      if (ttlMs > 0) cached.count(operation, 'miss');
      // Shared by every concurrent identical caller: not tied to one caller's signal.
      return flights.run(key, async () => {
        try {
          const value = await callCore({ operation, fn, args, callerSignal: undefined, requestId });
          if (ttlMs > 0) cached.set(operation, key, value, ttlMs + staleMs);
          return value;
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

  const wrapped: Record<string, unknown> = { id: inner.id };
  for (const portName of PORTS) {
    const port = inner[portName] as Record<string, unknown> | undefined;
    if (!port) continue;
    const out: Record<string, AnyFn> = {};
    for (const method of portMethods(port)) {
      out[method] = wrap(`${portName}.${method}`, (port[method] as AnyFn).bind(port));
    }
    wrapped[portName] = out;
  }
  if (inner.isReady) wrapped.isReady = () => inner.isReady!();
  if (inner.close) wrapped.close = () => inner.close!();

  return {
    adapter: wrapped as unknown as CoreAdapter,
    circuits: circuits.byName,
    close: () => circuits.close(),
  };
}
