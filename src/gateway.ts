/**
 * Assembles one gateway from its configuration: the core adapter, the key set, the replay store,
 * the services and the app. `main.ts` listens; tests call this with their own configuration.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Express } from 'express';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import type { RequestListener } from 'node:http';
import { buildApp } from './app';
import { createConfiguredAdapter } from './adapters';
import { type DevKey, loadDevKey } from './auth/dev-keys';
import { AuthError, createHolderVerifier, type HolderVerifier } from './auth/holder-auth';
import { type KeySet, remoteKeySet, staticKeySet } from './auth/key-set';
import { memoryReplayStore, redisReplayStore, type ReplayStore } from './auth/replay-store';
import type { Config } from './config/config';
import { projectRoot } from './config/project-root';
import { buildRoutes } from './http/families';
import { PagingTokens } from './http/paging-token';
import type { RouteSpec } from './http/route-spec';
import { createLogger, describeError } from './observability/logger';
import type { CoreAdapter } from './ports';
import type CircuitBreaker from 'opossum';
import { CacheCipher, memoryCacheStore, redisCacheStore } from './resilience/cache';
import { createRedis, waitForRedis } from './resilience/redis';
import { withResilience } from './resilience/resilient-adapter';
import { GatewayMetrics } from './observability/metrics';

export interface GatewayOptions {
  /** Clock in milliseconds (tests inject one); default `Date.now`. */
  now?: () => number;
  logger?: Logger;
  /** An adapter to use instead of the configured one (tests, embedders). */
  adapter?: CoreAdapter;
  /** Metrics registry owner; default a new one (with process metrics). */
  metrics?: GatewayMetrics;
}

export interface Gateway {
  /** Every HTTP request: `http.createServer(gateway.listener)`. */
  listener: RequestListener;
  /** The Express part of it (probes, documents, 404); API routes do not pass through it. */
  app: Express;
  config: Config;
  logger: Logger;
  /** The adapter as the routes see it: wrapped by the resilience stack. */
  adapter: CoreAdapter;
  keySet: KeySet;
  routes: readonly RouteSpec[];
  metrics: GatewayMetrics;
  /** Circuit breakers by name, for tests and operators. */
  circuits: ReadonlyMap<string, CircuitBreaker>;
  /** Readiness and its checks (config loaded, key set fetched, Redis reachable, not stopping). */
  readiness(): { ready: boolean; checks: Record<string, boolean> };
  /** Turns readiness false: the first step of a graceful shutdown. */
  beginShutdown(): void;
  /** The development signing key (demo mode without HOLDER_JWKS_URL). */
  devKey?: DevKey;
  /** Releases the adapter, Redis and timers. */
  close(): Promise<void>;
}

function packageVersion(): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(projectRoot(), 'package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

export async function createGateway(
  config: Config,
  options: GatewayOptions = {},
): Promise<Gateway> {
  const now = options.now ?? Date.now;
  const logger = options.logger ?? createLogger(config.logLevel);
  const metrics = options.metrics ?? new GatewayMetrics();
  const coreAdapter =
    options.adapter ??
    (await createConfiguredAdapter(config, logger.child({ adapter: config.coreAdapter })));

  let devKey: DevKey | undefined;
  let keySet: KeySet;
  if (config.devKeys) {
    devKey = await loadDevKey(config.devKeysDir);
    keySet = staticKeySet({ keys: [devKey.publicJwk] });
  } else {
    keySet = remoteKeySet({
      url: config.holderJwksUrl!,
      ...config.jwks,
      now,
      onFetch: (outcome, err) => {
        metrics.keySetFetches.inc({ outcome });
        if (outcome === 'error') {
          logger.warn({ err: describeError(err) }, 'key set fetch failed');
        }
      },
    });
    if (!(await keySet.warmUp()))
      logger.warn('key set not reachable at start-up; retrying on demand');
  }

  let redis: Redis | undefined;
  let replayStore: ReplayStore;
  if (config.redisUrl) {
    redis = createRedis(config.redisUrl, logger);
    if (!(await waitForRedis(redis)))
      logger.warn('redis not reachable at start-up; requests that need it are refused until it is');
    replayStore = redisReplayStore(redis, now, undefined, () => metrics.replayStoreErrors.inc());
  } else {
    replayStore = memoryReplayStore(now);
  }

  // The cache may live on its own Redis: its outage is bypassed, while the replay store's refuses.
  let cacheRedis: Redis | undefined = redis;
  if (config.resilience.cacheRedisUrl && config.resilience.cacheRedisUrl !== config.redisUrl) {
    cacheRedis = createRedis(config.resilience.cacheRedisUrl, logger);
    await waitForRedis(cacheRedis);
  }
  const resilient = withResilience(coreAdapter, {
    settings: config.resilience,
    metrics,
    cache: cacheRedis
      ? redisCacheStore(
          cacheRedis,
          config.resilience.cacheEncryptionKey
            ? new CacheCipher(config.resilience.cacheEncryptionKey)
            : undefined,
        )
      : memoryCacheStore(config.resilience.cacheMaxEntries),
    logger,
    now,
  });
  const adapter = resilient.adapter;

  const verify = createHolderVerifier({
    keySet,
    replayStore,
    subdomain: config.holderSubdomain,
    publicBaseUrl: config.publicBaseUrl,
    ...config.jwt,
    now,
  });
  const verifyHolder: HolderVerifier = async (authorization, path) => {
    try {
      return await verify(authorization, path);
    } catch (err) {
      if (err instanceof AuthError) metrics.authFailures.inc({ reason: err.reason });
      throw err;
    }
  };
  let stopping = false;
  const readiness = () => {
    const checks: Record<string, boolean> = {
      config: true,
      keySet: keySet.isReady(),
      ...(redis ? { redis: redis.status === 'ready' } : {}),
      ...(coreAdapter.isReady ? { core: coreAdapter.isReady() } : {}),
      shuttingDown: stopping,
    };
    const ready = Object.entries(checks).every(([name, ok]) =>
      name === 'shuttingDown' ? !ok : ok,
    );
    return { ready, checks };
  };
  const closers: (() => Promise<void> | void)[] = [];
  const routes = await buildRoutes({
    adapter,
    config,
    logger,
    now,
    redis,
    paging: new PagingTokens(config.pagingSecret),
    onClose: (fn) => closers.push(fn),
  });
  const { app, listener } = buildApp({
    routes,
    verifyHolder,
    logger,
    now: () => new Date(now()),
    devJwks: devKey ? { keys: [devKey.publicJwk] } : undefined,
    version: packageVersion(),
    metrics,
    readiness,
  });

  return {
    app,
    listener,
    config,
    logger,
    adapter,
    keySet,
    routes,
    devKey,
    metrics,
    circuits: resilient.circuits,
    readiness,
    beginShutdown() {
      stopping = true;
    },
    async close() {
      stopping = true;
      for (const fn of closers.reverse()) await fn();
      resilient.close();
      await replayStore.close();
      await adapter.close?.();
      for (const client of new Set([redis, cacheRedis])) {
        if (client) await client.quit().catch(() => client.disconnect());
      }
    },
  };
}
