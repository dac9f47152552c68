/**
 * Assembles one gateway from its configuration: the core adapter, the key set, the replay store,
 * the services and the app. `main.ts` listens; tests call this with their own configuration.
 */
import type { Logger } from 'pino';
import { type AppDeps, buildApp, type GatewayHttp } from './http/app';
import { type CoreInstance, createCoreInstances, createShadowInstances } from './adapters';
import { servedPorts, type ServingInstance } from './core-call/fan-out/fan-out';
import type { GatewayIds } from './ids/gateway-ids';
import { gatewayIdsOf } from './ids/ids-of-config';
import { type ShadowReads, shadowReads } from './shadow/shadow-reads';
import { CORE_FAMILIES, type CoreFamily } from './config/core-layout';
import { passThroughProxies, type PassThroughEntry } from './proxy/pass-through';
import { PROXY_KIND } from './proxy/proxy-adapter';
import { type ProxySettings, proxySettingsFrom } from './proxy/proxy-settings';
import { type DevKey, loadDevKey } from './auth/dev-keys';
import { AuthError, createHolderVerifier, type HolderVerifier } from './auth/holder-auth';
import { type KeySet, remoteKeySet, staticKeySet } from './auth/key-set';
import { memoryReplayStore, redisReplayStore, type ReplayStore } from './auth/replay-store';
import type { Config } from './config/config';
import { gatewayVersion } from './config/version';
import { buildRoutes } from './endpoints/families';
import { PagingTokens } from './api/paging-token';
import type { RouteSpec } from './routes/route-spec';
import { describeError } from './errors/error-log';
import { createLogger } from './observability/logger';
import type { CoreAdapter } from './ports';
import type CircuitBreaker from 'opossum';
import { CacheCipher, type CacheStore, memoryCacheStore, redisCacheStore } from './stores/cache';
import {
  connectRedis,
  createRedis,
  type RedisClient,
  redisTargetOf,
  waitForRedis,
} from './stores/redis';
import { type RedisKeys, redisKeysOf } from './stores/redis-keys';
import { type CoreCallStack, type CoreCallStackDeps, coreCallStack } from './core-call/stack';
import { CoreCallEvents } from './core-call/events';
import { observeCoreCalls } from './observability/core-call-observers';
import { GatewayMetrics } from './observability/metrics';
import {
  startTracing,
  traceCoreCall,
  traceDecision,
  traceRedis,
  tracingOn,
} from './observability/tracing';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { type ServiceLevels, serviceLevels } from './service-levels/service-levels';
import type { TrafficIncrement } from './service-levels/traffic-ledger';
import {
  MaintenanceWindows,
  MaintenanceWindowStore,
  maintenanceWindowsKey,
} from './resilience/maintenance-windows';
import { type Readiness, readinessProbe } from './service-levels/readiness';
import { WatchedRefusalFile } from './refusals/refusal-file';
import { RefusalList } from './refusals/refusal-list';
import { SharingRefusals } from './refusals/sharing-refusals';

export interface GatewayOptions {
  /** Clock in milliseconds (tests inject one); default `Date.now`. */
  now?: () => number;
  logger?: Logger;
  /** An adapter to use instead of the configured one (tests, embedders). */
  adapter?: CoreAdapter;
  /** The configured adapter instances, already created (by the start-up checks of `serve`). */
  instances?: CoreInstance[];
  /** The shadow candidates (SHADOW_ADAPTERS), already created (by the same checks). */
  shadowInstances?: CoreInstance[];
  /** Metrics registry owner; default a new one (with process metrics). */
  metrics?: GatewayMetrics;
  /** Core families passed through to upstreams that already speak the interface (docs/proxying.md). */
  passThrough?: readonly PassThroughEntry[];
  /** The Redis hash of the maintenance windows added at run time (tests: a key of their own). */
  maintenanceKey?: string;
  /** Where the traffic Get Metrics reports goes; default this gateway's ledger (workers: the primary). */
  trafficSink?: (increment: TrafficIncrement) => void;
  /** Spans go here, each as it ends, tracing on whatever `OTEL_TRACES_EXPORTER` says (tests). */
  traceExporter?: SpanExporter;
}

export interface Gateway {
  /** Every request of the gateway's port; serve it with `createHttpServer` (src/http/http-server.ts). */
  app: GatewayHttp['app'];
  /** The admin port's requests (`METRICS_PORT`): probes and `/metrics`. */
  adminApp: GatewayHttp['adminApp'];
  config: Config;
  logger: Logger;
  /**
   * The adapter as the routes see it: wrapped by the resilience stack; over several cores, each
   * port from its family's core and the authorisation list merged.
   */
  adapter: CoreAdapter;
  /** The ids the gateway hands out (ID_ENCODING): the cores' own, or opaque ones. */
  ids: GatewayIds;
  /** The adapter instances and the families each serves, in layout order. */
  cores: readonly { id: string; kind: string; families: readonly CoreFamily[] }[];
  keySet: KeySet;
  routes: readonly RouteSpec[];
  metrics: GatewayMetrics;
  /** Circuit breakers by adapter instance id, then by circuit name, for tests and operators. */
  circuits: ReadonlyMap<string, ReadonlyMap<string, CircuitBreaker>>;
  /**
   * Whether this instance can serve, by its checks (config loaded, key set usable, adapter open,
   * not stopping); `dependencies` (Redis, the core's circuits, the adapter's readiness details) are
   * reported but never decide it.
   */
  readiness(): Readiness;
  /** Turns readiness false: the first step of a graceful shutdown. */
  beginShutdown(): void;
  /** The development signing key (demo mode without HOLDER_JWKS_URL). */
  devKey?: DevKey;
  /** Planned maintenance windows: the setting's and those added at run time. */
  maintenance: MaintenanceWindows;
  /** The traffic ledger and status reporter behind the admin listener's reports. */
  serviceLevels: ServiceLevels;
  /** Releases the adapter, Redis and timers. */
  close(): Promise<void>;
}

/** The cache: in Redis when one is configured (encrypted when a key is), else in process. */
function cacheStore(
  config: Config,
  cacheRedis: RedisClient | undefined,
  logger: Logger,
): CacheStore {
  const { cacheEncryptionKey, cacheEncryption, cacheMaxEntries, cacheMaxMb } = config.resilience;
  if (!cacheRedis) return memoryCacheStore(cacheMaxEntries, cacheMaxMb * 1024 * 1024);
  // The configuration refuses a Redis cache without a key unless the operator opted out: say so.
  if (!cacheEncryptionKey && cacheEncryption === 'off') {
    logger.warn('CACHE_ENCRYPTION=off: cached customer data is stored in Redis in clear');
  }
  const store = redisCacheStore(
    cacheRedis,
    cacheEncryptionKey ? new CacheCipher(cacheEncryptionKey) : undefined,
  );
  return traceRedis('cache', store, ['get', 'set']);
}

/** The key set holder tokens are checked against: the development key, or the holder's JWKS. */
async function holderKeySet(
  config: Config,
  metrics: GatewayMetrics,
  logger: Logger,
  now: () => number,
): Promise<{ keySet: KeySet; devKey?: DevKey }> {
  if (config.devKeys) {
    const devKey = await loadDevKey(config.devKeysDir);
    return { keySet: staticKeySet({ keys: [devKey.publicJwk] }), devKey };
  }
  const keySet = remoteKeySet({
    url: config.holderJwksUrl!,
    ...config.jwks,
    now,
    onFetch: (outcome, err) => {
      metrics.keySetFetches.inc({ outcome });
      if (outcome === 'error')
        logger.warn({ url: config.holderJwksUrl, err: describeError(err) }, 'key set fetch failed');
    },
    onStaleServe: () => metrics.keySetStaleServes.inc(),
  });
  if (!(await keySet.warmUp()))
    logger.warn(
      { url: config.holderJwksUrl },
      'key set not reachable at start-up; retrying on demand',
    );
  return { keySet };
}

/**
 * The deployment's key scheme; a development digest key (demo core, no secret) is said once when
 * keys land in a Redis, where anyone could derive it.
 */
function deploymentKeys(config: Config, logger: Logger): RedisKeys {
  const keys = redisKeysOf(config);
  const inRedis = redisTargetOf(config) !== undefined || config.resilience.cacheRedisUrl;
  if (inRedis && keys.source === 'development') {
    logger.warn(
      'REDIS_KEY_SECRET and CACHE_ENCRYPTION_KEY unset: ids and addresses in Redis keys are digested with a development key anyone can derive (demo core only)',
    );
  }
  return keys;
}

/** What lives in Redis (or in process without one): the replay store, and the cache's Redis. */
async function sharedStores(
  config: Config,
  keys: RedisKeys,
  metrics: GatewayMetrics,
  logger: Logger,
  now: () => number,
): Promise<{ redis?: RedisClient; cacheRedis?: RedisClient; replayStore: ReplayStore }> {
  const redisTarget = redisTargetOf(config);
  let redis: RedisClient | undefined;
  let replayStore: ReplayStore;
  if (redisTarget) {
    redis = connectRedis(redisTarget, logger, config.redis);
    if (!(await waitForRedis(redis)))
      logger.warn('redis not reachable at start-up; requests that need it are refused until it is');
    replayStore = redisReplayStore(
      redis,
      now,
      keys,
      () => {
        metrics.replayStoreErrors.inc();
        traceDecision('replay_store', 'error');
      },
      (sinceMs) =>
        logger.warn(
          { replayMemorySince: new Date(sinceMs).toISOString() },
          'replay store memory begins now (Redis new or lost its data): tokens that could have been used before are refused',
        ),
      { replicas: config.redis.waitReplicas, timeoutMs: config.redis.waitTimeoutMs },
    );
    replayStore = traceRedis('replay_store', replayStore, ['claim']);
  } else {
    replayStore = memoryReplayStore(now);
  }
  // The cache may live on its own Redis: its outage is bypassed, while the replay store's refuses.
  let cacheRedis: RedisClient | undefined = redis;
  if (config.resilience.cacheRedisUrl && config.resilience.cacheRedisUrl !== config.redisUrl) {
    cacheRedis = createRedis(
      config.resilience.cacheRedisUrl,
      logger,
      config.redis.commandTimeoutMs,
    );
    await waitForRedis(cacheRedis);
  }
  return { redis, cacheRedis, replayStore };
}

/** The holder token check, counting each refusal by its reason. */
function countedHolderVerifier(
  config: Config,
  parts: { keySet: KeySet; replayStore: ReplayStore; metrics: GatewayMetrics; now: () => number },
): HolderVerifier {
  const verify = createHolderVerifier({
    keySet: parts.keySet,
    replayStore: parts.replayStore,
    subdomain: config.holderSubdomain,
    publicBaseUrl: config.publicBaseUrl,
    ...config.jwt,
    now: parts.now,
  });
  const count = (err: unknown) => {
    if (err instanceof AuthError) parts.metrics.authFailures.inc({ reason: err.reason });
  };
  return async (authorization, path) => {
    try {
      const verified = await verify(authorization, path);
      verified.admission.catch(count); // a refused claim (replayed...) counts like the others
      return verified;
    } catch (err) {
      count(err);
      throw err;
    }
  };
}

/**
 * The holder's refusals to share: the operator's list (`SHARING_REFUSALS_FILE`, read now, a bad
 * file stops start-up, then re-read when it changes) and the status of refused body ids.
 * @throws ConfigError naming the file and its bad entries
 */
function sharingRefusals(
  config: Config,
  metrics: GatewayMetrics,
  logger: Logger,
): { refusals: SharingRefusals; close: () => void } {
  const { file, bodyIdNotFoundStatus } = config.refusals;
  if (!file) {
    return {
      refusals: new SharingRefusals(() => RefusalList.EMPTY, bodyIdNotFoundStatus),
      close: () => undefined,
    };
  }
  const watched = new WatchedRefusalFile(file, {
    logger,
    onReload: (outcome) => metrics.sharingRefusalListReloads.inc({ outcome }),
  });
  logger.info({ file, entries: watched.current().size }, 'sharing refusal list read');
  return {
    refusals: new SharingRefusals(() => watched.current(), bodyIdNotFoundStatus),
    close: () => watched.close(),
  };
}

/** The configured adapter instances, or the one an embedder gave (serving every family). */
async function coreInstances(
  config: Config,
  options: GatewayOptions,
  logger: Logger,
): Promise<CoreInstance[]> {
  if (options.instances) return options.instances;
  if (!options.adapter) return createCoreInstances(config, logger);
  const { id } = options.adapter;
  return [
    { id, kind: id, families: CORE_FAMILIES, named: [], block: {}, adapter: options.adapter },
  ];
}

/** The resilience settings of an instance: a pass-through instance may have its own timeout. */
function settingsOf(
  settings: CoreCallStackDeps['settings'],
  proxy: ProxySettings | undefined,
): CoreCallStackDeps['settings'] {
  return proxy?.timeoutMs === undefined ? settings : { ...settings, timeoutMs: proxy.timeoutMs };
}

/**
 * Each instance behind its own core-call layers (circuits, cache keys and metrics by id), the
 * answer check just above the adapter: the cache stores only what the check saw.
 */
function resilientInstances(
  instances: readonly CoreInstance[],
  deps: StackDeps,
  outputCheck: Config['adapterOutputCheck'],
): (ServingInstance & { resilient: CoreCallStack; raw: CoreAdapter })[] {
  return instances.map(({ id, kind, families, adapter, block }) => {
    const proxy = kind === PROXY_KIND ? proxySettingsFrom(block) : undefined;
    const logger = deps.logger.child({ adapter: id });
    const settings = settingsOf(deps.settings, proxy);
    const resilient = coreCallStack(adapter, {
      ...deps,
      settings,
      logger,
      adapterId: id,
      answerCheck: outputCheck,
    });
    return {
      id,
      families,
      adapter: resilient.adapter,
      step: resilient.step,
      operations: resilient.operations,
      resilient,
      raw: adapter,
    };
  });
}

/** The families of every `proxy` instance, passed through to its upstream. */
function passThroughEntries(instances: readonly CoreInstance[]): PassThroughEntry[] {
  return instances
    .filter((i) => i.kind === PROXY_KIND)
    .flatMap(({ id, families, block }) => {
      const settings = proxySettingsFrom(block);
      return families.map((family) => ({ family, id, settings }));
    });
}

/**
 * Everything kept in Redis (or in process without one): key names, stores, planned windows; and
 * the resilience settings over the live window list.
 */
async function stateStores(
  config: Config,
  options: GatewayOptions,
  metrics: GatewayMetrics,
  logger: Logger,
  now: () => number,
) {
  const redisKeys = deploymentKeys(config, logger);
  const stores = await sharedStores(config, redisKeys, metrics, logger, now);
  const ids = await idsOrClose(config, stores, redisKeys, metrics, logger);
  const key = options.maintenanceKey ?? maintenanceWindowsKey(redisKeys);
  const maintenance = await maintenanceWindows(config, stores.redis, key, logger);
  // The resilience stack's maintenance clocks read the live list, run-time windows included.
  const resilience = { ...config.resilience, maintenanceWindows: maintenance.list };
  return { ...stores, redisKeys, maintenance, resilience, ids };
}

/**
 * The deployment's ids (ID_ENCODING, ID_KEY_FILE), each refusal counted; a key that cannot be
 * used stops the start, with the stores' connections closed.
 */
async function idsOrClose(
  config: Config,
  stores: Awaited<ReturnType<typeof sharedStores>>,
  keys: RedisKeys,
  metrics: GatewayMetrics,
  logger: Logger,
): Promise<GatewayIds> {
  try {
    return await gatewayIdsOf(config, {
      redis: stores.redis,
      keys,
      logger,
      onRefused: (kind, reason) => metrics.idsRejected.inc({ kind, reason }),
    });
  } catch (err) {
    await stores.replayStore.close();
    for (const client of new Set([stores.redis, stores.cacheRedis])) client?.disconnect();
    throw err;
  }
}

/** What every instance's core-call layers are made with, and the metrics their events feed. */
type StackDeps = Omit<CoreCallStackDeps, 'adapterId' | 'answerCheck'> & { metrics: GatewayMetrics };

/** What every instance's core-call layers are made with: one event stream, observed once. */
function stackDepsOf(
  config: Config,
  state: Pick<
    Awaited<ReturnType<typeof stateStores>>,
    'resilience' | 'cacheRedis' | 'redisKeys' | 'ids'
  >,
  metrics: GatewayMetrics,
  logger: Logger,
  now: () => number,
): StackDeps {
  const cache = cacheStore(config, state.cacheRedis, logger);
  const events = new CoreCallEvents();
  observeCoreCalls(events, metrics);
  const keys = state.redisKeys;
  // Without tracing, no span layer at all (not one that passes each call on).
  const aroundCall = tracingOn() ? traceCoreCall : undefined;
  const { ids } = state;
  return { settings: state.resilience, metrics, cache, keys, logger, now, events, aroundCall, ids };
}

/**
 * The shadow candidates of SHADOW_ADAPTERS (none for an embedder's own adapter), each behind its
 * own uncached layers, asked a sample of the live reads (src/shadow/).
 */
async function shadowReadsOf(
  config: Config,
  options: GatewayOptions,
  deps: StackDeps,
): Promise<ShadowReads> {
  const candidates =
    options.shadowInstances ??
    (options.adapter ? [] : await createShadowInstances(config, deps.logger));
  return shadowReads(config.shadow, candidates, {
    ...deps,
    answerCheck: config.adapterOutputCheck,
  });
}

/**
 * The cores as the services and the proxies call them: each instance behind its layers (its reads
 * shadowed when it has a candidate), the ports over them, the pass-through proxies.
 */
async function coreSide(
  config: Config,
  options: GatewayOptions,
  instances: readonly CoreInstance[],
  deps: StackDeps,
) {
  const shadow = await shadowReadsOf(config, options, deps);
  const served = resilientInstances(instances, deps, config.adapterOutputCheck).map((s) =>
    shadow.wrapInstance(s),
  );
  const adapter = servedPorts(served, deps.logger, deps.ids);
  const { stacks, passThrough } = passThroughOf(instances, options, served, deps);
  const circuits = stacks.circuits();
  const cores = served.map((s) => ({ ...s, circuits: circuits.get(s.id)! }));
  return { shadow, served, adapter, stacks, passThrough, circuits, cores };
}

/** The pass-through proxies (configured and the embedder's), each on its instance's stack. */
function passThroughOf(
  instances: readonly CoreInstance[],
  options: GatewayOptions,
  served: readonly { id: string; resilient: CoreCallStack }[],
  deps: StackDeps,
) {
  const stacks = passThroughStacks(served, deps);
  const passThrough = passThroughProxies(
    [...passThroughEntries(instances), ...(options.passThrough ?? [])],
    {
      stackOf: stacks.stackOf,
      defaultTimeoutMs: deps.settings.timeoutMs,
      metrics: deps.metrics,
      logger: deps.logger,
      ids: deps.ids,
    },
  );
  return { stacks, passThrough };
}

/**
 * The operator's refusal list, then the core instances. The list comes first, before anything
 * opens a connection, so a bad refusal file stops start-up with nothing to close; an instance that
 * fails to start closes the list's watcher.
 */
async function refusalsAndInstances(
  config: Config,
  options: GatewayOptions,
  metrics: GatewayMetrics,
  logger: Logger,
): Promise<{ refusals: SharingRefusals; closeRefusals: () => void; instances: CoreInstance[] }> {
  const { refusals, close: closeRefusals } = sharingRefusals(config, metrics, logger);
  try {
    return { refusals, closeRefusals, instances: await coreInstances(config, options, logger) };
  } catch (err) {
    closeRefusals();
    throw err;
  }
}

/**
 * The resilience stack of each pass-through instance: the instance's own when it is one of the
 * configured cores (its ports and its passed-through calls share circuits), else one made for it
 * (an embedder's `passThrough` entry), with no ports.
 */
function passThroughStacks(
  served: readonly { id: string; resilient: CoreCallStack }[],
  deps: StackDeps,
) {
  const own = new Map<string, CoreCallStack>();
  return {
    own,
    stackOf(id: string, settings: ProxySettings): CoreCallStack {
      const known = served.find((s) => s.id === id)?.resilient ?? own.get(id);
      if (known) return known;
      const made = coreCallStack({ id } as CoreAdapter, {
        ...deps,
        settings: settingsOf(deps.settings, settings),
        logger: deps.logger.child({ adapter: id }),
        adapterId: id,
      });
      own.set(id, made);
      return made;
    },
    /** Circuit breakers by instance id: the configured instances', then those made here. */
    circuits(): Map<string, ReadonlyMap<string, CircuitBreaker>> {
      return new Map<string, ReadonlyMap<string, CircuitBreaker>>([
        ...served.map((s) => [s.id, s.resilient.circuits] as const),
        ...[...own].map(([id, stack]) => [id, stack.circuits] as const),
      ]);
    },
  };
}

/**
 * The setting's windows and, with Redis, those added at run time, read now and then. The
 * resilience stack's maintenance clocks read its live list, so windows added at run time apply.
 */
async function maintenanceWindows(
  config: Config,
  redis: RedisClient | undefined,
  key: string,
  logger: Logger,
): Promise<MaintenanceWindows> {
  const windows = new MaintenanceWindows(
    config.resilience.maintenanceWindows,
    redis && new MaintenanceWindowStore(redis, key),
    logger,
  );
  await windows.start(config.serviceLevels.maintenanceRefreshSeconds * 1000);
  return windows;
}

/** The API app and the admin app (when METRICS_PORT is set) over the routes. */
function appsOf(
  config: Config,
  parts: Pick<
    AppDeps,
    'routes' | 'verifyHolder' | 'logger' | 'metrics' | 'readiness' | 'refusals' | 'ids'
  > & {
    now: () => number;
    devKey: DevKey | undefined;
    passThrough: AppDeps['passThrough'];
    levels: ServiceLevels;
  },
) {
  const { levels, devKey, now, ...rest } = parts;
  return buildApp({
    ...rest,
    now: () => new Date(now()),
    devJwks: devKey ? { keys: [devKey.publicJwk] } : undefined,
    version: gatewayVersion(),
    openApiServer: { publicBaseUrl: config.publicBaseUrl, holderSubdomain: config.holderSubdomain },
    separateMetrics: config.metricsPort !== undefined,
    trustProxy: config.trustProxy,
    adminReports: { reports: levels.reports, publicBaseUrl: config.publicBaseUrl },
    onAnswered: levels.onAnswered,
    customerPresentByDefault: config.serviceLevels.customerPresentByDefault,
  });
}

/** What a gateway opened and closes, the last opened first. */
interface Opened {
  maintenance: { close(): void };
  closers: (() => Promise<void> | void)[];
  served: readonly { resilient: CoreCallStack }[];
  stacks: { own: ReadonlyMap<string, CoreCallStack> };
  replayStore: { close(): Promise<void> };
  adapter: CoreAdapter;
  redis?: RedisClient;
  cacheRedis?: RedisClient;
}

async function closeOpened(opened: Opened): Promise<void> {
  opened.maintenance.close();
  for (const fn of opened.closers.reverse()) await fn();
  for (const s of opened.served) s.resilient.close();
  for (const stack of opened.stacks.own.values()) stack.close();
  await opened.replayStore.close();
  await opened.adapter.close?.();
  for (const client of new Set([opened.redis, opened.cacheRedis])) {
    if (client) await client.quit().catch(() => client.disconnect());
  }
}

export async function createGateway(
  config: Config,
  options: GatewayOptions = {},
): Promise<Gateway> {
  const now = options.now ?? Date.now;
  const logger = options.logger ?? createLogger(config.logLevel);
  const stopTracing = await startTracing(config.tracing, {
    exporter: options.traceExporter,
    logger,
  });
  const metrics = options.metrics ?? new GatewayMetrics({ exemplars: tracingOn() });
  metrics.buildInfo.set({ version: gatewayVersion() }, 1);
  const started = await refusalsAndInstances(config, options, metrics, logger);
  const { closeRefusals, instances } = started;
  const { keySet, devKey } = await holderKeySet(config, metrics, logger, now);
  const state = await stateStores(config, options, metrics, logger, now);
  const { redisKeys, redis, cacheRedis, replayStore, maintenance, ids } = state;
  const refusals = started.refusals.withCoreIds((kind, id, c) => ids.madeFrom(kind, id, c));
  const stackDeps = stackDepsOf(config, state, metrics, logger, now);
  const side = await coreSide(config, options, instances, stackDeps);
  const { shadow, served, adapter, stacks, passThrough, circuits, cores } = side;
  let stopping = false;
  const readiness = readinessProbe({ keySet, cores, redis, cacheRedis, stopping: () => stopping });
  const closers: (() => Promise<void> | void)[] = [closeRefusals, () => passThrough.close()];
  const routes = await buildRoutes({
    passThrough: new Set(passThrough.byFamily.keys()),
    adapter,
    config,
    logger,
    now,
    redis,
    redisKeys,
    paging: new PagingTokens(config.pagingSecret),
    onClose: (fn) => closers.push(fn),
    refusals,
  });
  const levels = serviceLevels({ routes, cores, windows: maintenance, metrics, now, options });
  const { app, adminApp } = appsOf(config, {
    routes,
    verifyHolder: countedHolderVerifier(config, { keySet, replayStore, metrics, now }),
    logger,
    now,
    devKey,
    metrics,
    readiness,
    passThrough: passThrough.byFamily,
    refusals,
    levels,
    ids,
  });

  return {
    app,
    adminApp,
    config,
    logger,
    adapter,
    ids,
    cores: instances.map(({ id, kind, families }) => ({ id, kind, families })),
    keySet,
    routes,
    devKey,
    metrics,
    circuits,
    readiness,
    maintenance,
    serviceLevels: levels,
    beginShutdown() {
      stopping = true;
    },
    async close() {
      stopping = true;
      levels.close();
      await shadow.close();
      await closeOpened({ ...state, closers, served, stacks, adapter });
      await stopTracing?.();
    },
  };
}
