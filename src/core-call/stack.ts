/**
 * What runs between a service and its core, and in what order: one list of layers per kind of
 * call, outermost first. Each layer is one file of this folder.
 *
 * - span: the call's span, when its request is traced (span.ts)
 * - maintenance: refused inside a planned window of the instance (maintenance.ts)
 * - cacheLookup: a fresh cached answer answers at once (cache-lookup.ts)
 * - admission: the request's token claim must succeed first (admission.ts)
 * - singleFlight: identical reads under way share one call (single-flight.ts)
 * - cacheFill: the answer stored once per shared call, or a stale one served on failure
 *   (cache-fill.ts)
 * - requestReads: the reads the request shares for the customer (request-reads.ts)
 * - ids: the arguments with the core's ids, the answer with the gateway's, when ids are opaque
 *   (ids.ts)
 * - retry: reads and streams repeated on a core unavailable, within the budget (retry.ts)
 * - circuit: each attempt through its operation's circuit breaker (circuit.ts)
 * - timeout: the call's time limit and the signal the core sees (timeout.ts)
 * - answerCheck: the core's answer against its contract, ADAPTER_OUTPUT_CHECK (answer-check.ts)
 *
 * then the adapter's port method (ports.ts), or the upstream of a passed-through request, whose
 * answer is streamed to the caller and so is neither cached, shared, repeated nor checked.
 *
 * Above the layers, when several cores serve the gateway, the operations several cores answer
 * together (the authorisation list, the customer search, the identity) are one step over each
 * instance's step, and every other operation goes to the instance serving its family
 * (fan-out/fan-out.ts).
 */
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { CacheStore } from '../stores/cache';
import { CachedCalls } from '../resilience/cached-calls';
import { circuitNames } from '../resilience/circuit-groups';
import { Circuits } from '../resilience/circuits';
import { maintenanceClock } from '../resilience/maintenance';
import { checkOperationSettings } from '../resilience/operation-settings';
import { type Operation, type OperationName, operations } from '../ports/operations';
import type { RedisKeys } from '../stores/redis-keys';
import { RequestScopes } from '../resilience/request-reads';
import { RetryBudget } from '../resilience/retry-budget';
import { SingleFlight } from '../resilience/single-flight';
import type { CallContext, CoreAdapter } from '../ports';
import type { GatewayIds } from '../ids/gateway-ids';
import { admissionLayer } from './admission';
import { answerCheckLayer, type AnswerCheckSettings } from './answer-check';
import { cacheFillLayer } from './cache-fill';
import { cacheLookupLayer, type Lifetimes } from './cache-lookup';
import { circuitLayer } from './circuit';
import { type Layer, type Send, type Step, through } from './core-call';
import type { CoreCallEvents } from './events';
import { idsLayer } from './ids';
import { maintenanceLayer } from './maintenance';
import { implemented, portsOf, portStep, scopeOf } from './ports';
import { requestReadsLayer } from './request-reads';
import { retryLayer } from './retry';
import { singleFlightLayer } from './single-flight';
import { type AroundCall, spanLayer } from './span';
import { timeoutLayer } from './timeout';

type LayerName =
  | 'span'
  | 'maintenance'
  | 'cacheLookup'
  | 'admission'
  | 'singleFlight'
  | 'cacheFill'
  | 'requestReads'
  | 'ids'
  | 'retry'
  | 'circuit'
  | 'timeout'
  | 'answerCheck';

/** The kinds of call: the port operations by their policy, and passed-through requests. */
export type CallKind = Operation['policy']['kind'] | 'passThrough';

/** Streams and writes: the layers of a read but the cache's and the single flight's. */
const UNCACHED: readonly LayerName[] = [
  'span',
  'maintenance',
  'admission',
  'requestReads',
  'ids',
  'retry',
  'circuit',
  'timeout',
  'answerCheck',
];

/** The layers of each kind of call, outermost first. */
export const LAYERS: { readonly [K in CallKind]: readonly LayerName[] } = {
  read: [
    'span',
    'maintenance',
    'cacheLookup',
    'admission',
    'singleFlight',
    'cacheFill',
    'requestReads',
    'ids',
    'retry',
    'circuit',
    'timeout',
    'answerCheck',
  ],
  stream: UNCACHED,
  write: UNCACHED,
  passThrough: ['span', 'maintenance', 'admission', 'retry', 'circuit', 'timeout'],
};

export interface CoreCallStackDeps {
  settings: Config['resilience'];
  cache: CacheStore;
  /** The deployment's Redis key names and digests (cache and single-flight keys). */
  keys: RedisKeys;
  /** Already labelled with the adapter instance. */
  logger: Logger;
  /** Clock for the cache and maintenance windows (ms). Circuits use real time (opossum timers). */
  now: () => number;
  /** Where the layers publish what they decide. */
  events: CoreCallEvents;
  /** ADAPTER_OUTPUT_CHECK; off when not given. */
  answerCheck?: AnswerCheckSettings;
  /** The tracing span around each call, when tracing is on. */
  aroundCall?: AroundCall;
  /** The deployment's ids; without them (or with raw ids) no ids layer. */
  ids?: GatewayIds;
  /**
   * The instance id the adapter runs as (circuits, cache keys, metrics, maintenance windows);
   * default the adapter's own `id`. Two instances of one adapter kind have their own.
   */
  adapterId?: string;
}

/** One adapter instance's calls through their layers. */
export interface CoreCallStack {
  /** The ports a service calls. */
  adapter: CoreAdapter;
  /** Every call of the instance, through the layers of its kind (what a fan-out asks). */
  step: Step;
  /** The operations the instance's adapter implements. */
  operations: ReadonlySet<OperationName>;
  /**
   * Circuit breakers by name (a group such as `balances`, or an operation the adapter keeps
   * apart), each created at its group's first call; for tests and health.
   */
  circuits: Circuits['byName'];
  /**
   * One passed-through request through the layers of `operation`'s circuit: its maintenance
   * windows, its circuit, the timeout (whose signal `send` gets) and its events. A GatewayError
   * below 500 that `send` throws is the caller's, never a core failure.
   */
  pass<T>(
    operation: OperationName,
    send: (ctx: CallContext) => Promise<T>,
    ctx: CallContext,
  ): Promise<T>;
  close(): void;
}

/** Each operation's cache lifetimes: the setting, else the operation's default; 0 for non-reads. */
function lifetimesOf(settings: Config['resilience']): Lifetimes {
  const known = new Map<string, { ttlMs: number; staleMs: number }>();
  return ({ operation: { name, policy } }) => {
    let found = known.get(name);
    if (!found) {
      found =
        policy.kind === 'read'
          ? {
              ttlMs: (settings.cacheTtlSeconds[name] ?? policy.ttlSeconds) * 1000,
              staleMs: (settings.cacheStaleSeconds[name] ?? policy.staleSeconds) * 1000,
            }
          : { ttlMs: 0, staleMs: 0 };
      known.set(name, found);
    }
    return found;
  };
}

/** Every layer of one instance, made once. */
function layersOf(
  inner: CoreAdapter,
  adapterId: string,
  deps: CoreCallStackDeps,
  circuits: Circuits,
) {
  const { settings, events, now, logger } = deps;
  const cached = new CachedCalls({
    adapterId,
    cache: deps.cache,
    keys: deps.keys,
    logger,
    now,
    onError: (operation) =>
      events.publish({ type: 'cache', adapter: adapterId, operation, result: 'error' }),
  });
  const circuitOpen: Parameters<typeof retryLayer>[3] = (call) =>
    circuits.for(call.operation.name).breaker.opened;
  const retry = { attempts: settings.retryAttempts, baseDelayMs: settings.retryBaseDelayMs };
  const layers: Record<LayerName, Layer | undefined> = {
    span: spanLayer(adapterId, deps.aroundCall),
    maintenance: maintenanceLayer(
      adapterId,
      maintenanceClock(settings.maintenanceWindows, adapterId, now),
      events,
    ),
    cacheLookup: cacheLookupLayer(adapterId, cached, lifetimesOf(settings), events, now),
    admission: admissionLayer,
    singleFlight: singleFlightLayer(adapterId, new SingleFlight(), events),
    cacheFill: cacheFillLayer(adapterId, cached, events, now),
    requestReads: requestReadsLayer(new RequestScopes()),
    ids: deps.ids && deps.ids.encoding !== 'raw' ? idsLayer(deps.ids.of(adapterId)) : undefined,
    retry: retryLayer(
      adapterId,
      retry,
      new RetryBudget(settings.retryBudgetPercent),
      circuitOpen,
      events,
    ),
    circuit: circuitLayer(adapterId, circuits, events),
    timeout: timeoutLayer(settings.timeoutMs),
    answerCheck: answerCheckLayer(
      adapterId,
      deps.answerCheck ?? { mode: 'off', sample: 0 },
      events,
      logger,
    ),
  };
  const last = portStep(inner);
  const stepOf = (kind: CallKind): Step =>
    through(
      LAYERS[kind].flatMap((name) => layers[name] ?? []),
      last,
    );
  return {
    read: stepOf('read'),
    stream: stepOf('stream'),
    write: stepOf('write'),
    passThrough: stepOf('passThrough'),
  };
}

/** The adapter instance `inner` behind the layers, as the services and the pass-through call it. */
export function coreCallStack(inner: CoreAdapter, deps: CoreCallStackDeps): CoreCallStack {
  checkOperationSettings(deps.settings);
  const adapterId = deps.adapterId ?? inner.id;
  const circuits = new Circuits({
    adapterId,
    settings: deps.settings,
    logger: deps.logger,
    circuitOf: circuitNames(inner),
    onState: (circuit, state, transition) =>
      deps.events.publish({
        type: 'circuit_state',
        adapter: adapterId,
        circuit,
        state,
        transition,
      }),
  });
  const steps = layersOf(inner, adapterId, deps, circuits);
  const byName = new Map(operations().map((op) => [op.name, op]));
  return {
    adapter: portsOf(inner, adapterId, (operation) => steps[operation.policy.kind]),
    step: (call) => steps[call.operation.policy.kind](call),
    operations: new Set(implemented(inner).map((op) => op.name)),
    circuits: circuits.byName,
    pass: <T>(name: OperationName, send: (ctx: CallContext) => Promise<T>, ctx: CallContext) =>
      steps.passThrough({
        operation: byName.get(name)!,
        args: [],
        scope: scopeOf(ctx),
        send: send as Send,
      }) as Promise<T>,
    close: () => circuits.close(),
  };
}
