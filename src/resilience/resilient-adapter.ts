/**
 * The resilience stack, wrapped around every port call of an adapter in one place, so that every
 * adapter (a holder's own included) gets it without writing any of it. Outermost first:
 *
 *   maintenance window -> cache (with stale-if-error) -> single-flight -> retry (idempotent reads,
 *   jitter, budget, never while open) -> circuit breaker (opossum) -> timeout with AbortSignal
 *   -> the adapter
 *
 * Operations are named `<port>.<method>` (e.g. `banking.listBalances`); the metric labels, the
 * cache keys and the per-operation settings use that name.
 */
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import CircuitBreaker from 'opossum';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { CoreTimeoutError, CoreUnavailableError, GatewayError } from '../errors';
import { describeError } from '../observability/logger';
import type { GatewayMetrics } from '../observability/metrics';
import type { CallContext, CoreAdapter } from '../ports';
import type { CacheEntry, CacheStore } from './cache';

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
/** Buckets of a circuit's rolling window. */
const WINDOW_BUCKETS = 10;

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

/** A core failure (not the caller's mistake, not a core 4xx). */
function isCoreFailure(err: unknown): boolean {
  return !(err instanceof GatewayError) || err.status >= 500;
}

/** Retries ration themselves: each call earns `percent`/100 of a retry, up to 10 in the bank. */
class RetryBudget {
  private tokens = 10;
  constructor(private readonly percent: number) {}
  earn(): void {
    this.tokens = Math.min(10, this.tokens + this.percent / 100);
  }
  take(): boolean {
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Concurrent identical calls share one promise. */
class SingleFlight {
  private readonly inflight = new Map<string, Promise<unknown>>();
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const existing = this.inflight.get(key);
    if (existing) return existing as Promise<T>;
    const promise = fn().finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }
}

/** Rejects with CoreTimeoutError after `ms`, aborting the call's signal. */
async function withTimeout<T>(
  ms: number,
  callerSignal: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const signal = callerSignal
    ? AbortSignal.any([callerSignal, controller.signal])
    : controller.signal;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new CoreTimeoutError();
      controller.abort(err);
      reject(err);
    }, ms);
  });
  try {
    return await Promise.race([call(signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function withResilience(inner: CoreAdapter, deps: ResilienceDeps): ResilientAdapter {
  const { settings, metrics, cache, logger, now } = deps;
  const adapterId = inner.id;
  const ttl = { ...DEFAULT_CACHE_TTL_SECONDS, ...settings.cacheTtlSeconds };
  const stale = { ...DEFAULT_CACHE_STALE_SECONDS, ...settings.cacheStaleSeconds };
  const budget = new RetryBudget(settings.retryBudgetPercent);
  const flights = new SingleFlight();
  const windows = settings.maintenanceWindows
    .filter((w) => w.adapter === undefined || w.adapter === adapterId)
    .map((w) => ({ start: Date.parse(w.start), end: Date.parse(w.end) }));

  // ---- circuits ----------------------------------------------------------------------------
  const circuits = new Map<string, CircuitBreaker>();
  const openedAt = new Map<string, number>();
  const separate = new Set(inner.circuitPerOperation ?? []);
  // Windows turn on our clock (opossum's rotateBucketController) so that a circuit that closes
  // can empty its own window: failures and trials from before a recovery must not dilute a relapse.
  const rotators = new Map<string, EventEmitter>();
  const rotation = setInterval(
    () => {
      for (const rotator of rotators.values()) rotator.emit('rotate');
    },
    Math.floor((settings.windowSeconds * 1000) / WINDOW_BUCKETS),
  );
  rotation.unref();
  const circuitFor = (operation: string): [string, CircuitBreaker] => {
    const name = separate.has(operation) ? operation : 'default';
    let breaker = circuits.get(name);
    if (!breaker) {
      const rotator = new EventEmitter();
      breaker = new CircuitBreaker((call: () => Promise<unknown>) => call(), {
        timeout: false, // our own per-call timeout aborts the request (see withTimeout)
        errorThresholdPercentage: settings.errorPercentage,
        volumeThreshold: settings.minVolume,
        resetTimeout: settings.resetSeconds * 1000,
        rollingCountTimeout: settings.windowSeconds * 1000,
        rollingCountBuckets: WINDOW_BUCKETS,
        rotateBucketController: rotator,
        errorFilter: (err: unknown) => !isCoreFailure(err),
        name: `${adapterId}:${name}`,
      });
      rotators.set(name, rotator);
      const label = { adapter: adapterId, circuit: name };
      metrics.setCircuitState(adapterId, name, 'closed');
      breaker.on('open', () => {
        openedAt.set(name, Date.now());
        metrics.setCircuitState(adapterId, name, 'open');
        metrics.circuitTransitions.inc({ ...label, to: 'open' });
        logger.warn({ circuit: name }, 'circuit opened');
      });
      breaker.on('halfOpen', () => {
        metrics.setCircuitState(adapterId, name, 'half_open');
        metrics.circuitTransitions.inc({ ...label, to: 'half_open' });
      });
      breaker.on('close', () => {
        for (let i = 0; i < WINDOW_BUCKETS; i += 1) rotator.emit('rotate');
        metrics.setCircuitState(adapterId, name, 'closed');
        metrics.circuitTransitions.inc({ ...label, to: 'closed' });
        logger.info({ circuit: name }, 'circuit closed');
      });
      circuits.set(name, breaker);
    }
    return [name, breaker];
  };

  /** Seconds until an open circuit lets a trial call through (at least 1). */
  const secondsUntilTrial = (name: string): number => {
    const since = Date.now() - (openedAt.get(name) ?? Date.now());
    return Math.max(1, Math.ceil((settings.resetSeconds * 1000 - since) / 1000));
  };

  // ---- one core call: retry -> circuit -> timeout -> adapter -------------------------------
  const callCore = async (
    operation: string,
    fn: AnyFn,
    args: unknown[],
    callerSignal: AbortSignal | undefined,
    requestId: string,
  ): Promise<unknown> => {
    const [circuitName, breaker] = circuitFor(operation);
    const retryable = !WRITES.has(operation);
    budget.earn();
    for (let attempt = 0; ; attempt += 1) {
      const started = process.hrtime.bigint();
      const observe = (outcome: string) =>
        metrics.coreDuration.observe(
          { adapter: adapterId, operation, outcome },
          Number(process.hrtime.bigint() - started) / 1e9,
        );
      // Refused here rather than by opossum, which would count the refusal as a `fire` and so
      // dilute the error rate with calls that never reached the core. Same rule as opossum's:
      // open, or half-open with the one trial call already under way.
      if (!breaker.closed && !breaker.pendingClose) {
        observe('rejected');
        throw new CoreUnavailableError({ retryAfterSeconds: secondsUntilTrial(circuitName) });
      }
      try {
        const result = await breaker.fire(() =>
          withTimeout(settings.timeoutMs, callerSignal, (signal) => {
            const ctx: CallContext = { signal, requestId };
            return fn(...args, ctx);
          }),
        );
        observe('success');
        return result;
      } catch (raw) {
        observe(
          raw instanceof CoreTimeoutError
            ? 'timeout'
            : isCoreFailure(raw)
              ? 'failure'
              : 'client_error',
        );
        const again =
          retryable &&
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

  // ---- cache and single-flight -----------------------------------------------------------
  const cacheKey = (operation: string, args: unknown[]): string => {
    const [customerId, ...rest] = args;
    const digest = (v: unknown) => crypto.hash('sha256', JSON.stringify(v), 'base64url');
    return `dhg:cache:v1:${adapterId}:${operation}:${digest(customerId)}:${digest(rest)}`;
  };

  const cacheGet = async (operation: string, key: string): Promise<CacheEntry | undefined> => {
    try {
      return await cache.get(key);
    } catch (err) {
      metrics.cacheEvents.inc({ adapter: adapterId, operation, result: 'error' });
      logger.debug({ err: describeError(err), operation }, 'cache read failed');
      return undefined;
    }
  };

  const cacheSet = (operation: string, key: string, value: unknown, lifetimeMs: number): void => {
    cache.set(key, { value, storedAt: now() }, lifetimeMs).catch((err: unknown) => {
      metrics.cacheEvents.inc({ adapter: adapterId, operation, result: 'error' });
      logger.debug({ err: describeError(err), operation }, 'cache write failed');
    });
  };

  const maintenance = (): number | undefined => {
    const t = now();
    const window = windows.find((w) => t >= w.start && t < w.end);
    return window ? Math.max(1, Math.ceil((window.end - t) / 1000)) : undefined;
  };

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
      if (!coalesce) return callCore(operation, fn, args, ctx.signal, ctx.requestId);

      const key = cacheKey(operation, args);
      const label = { adapter: adapterId, operation };
      const entry = ttlMs > 0 ? await cacheGet(operation, key) : undefined;
      if (entry && now() - entry.storedAt < ttlMs) {
        metrics.cacheEvents.inc({ ...label, result: 'hit' });
        return entry.value;
      }
      if (ttlMs > 0) metrics.cacheEvents.inc({ ...label, result: 'miss' });
      // Shared by every concurrent identical caller: not tied to one caller's signal.
      return flights.run(key, async () => {
        try {
          const value = await callCore(operation, fn, args, undefined, ctx.requestId);
          if (ttlMs > 0) cacheSet(operation, key, value, ttlMs + staleMs);
          return value;
        } catch (err) {
          if (entry && isCoreFailure(err) && now() - entry.storedAt < ttlMs + staleMs) {
            metrics.cacheEvents.inc({ ...label, result: 'stale' });
            return entry.value;
          }
          throw err;
        }
      });
    };
  };

  /** Method names of a port: own functions and those of its class chain (ports may be classes). */
  const portMethods = (port: object): string[] => {
    const names = new Set<string>();
    for (let o: object | null = port; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
      for (const name of Object.getOwnPropertyNames(o)) {
        if (name !== 'constructor' && typeof (port as Record<string, unknown>)[name] === 'function')
          names.add(name);
      }
    }
    return [...names];
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
    circuits,
    close() {
      clearInterval(rotation);
      for (const breaker of circuits.values()) breaker.shutdown();
    },
  };
}
