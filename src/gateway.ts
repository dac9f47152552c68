/**
 * Assembles one gateway from its configuration: the core adapter, the key set, the replay store,
 * the services and the app. `main.ts` listens; tests call this with their own configuration.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Express } from 'express';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { createConfiguredAdapter } from './adapters';
import { type DevKey, loadDevKey } from './auth/dev-keys';
import { createHolderVerifier } from './auth/holder-auth';
import { type KeySet, remoteKeySet, staticKeySet } from './auth/key-set';
import { memoryReplayStore, redisReplayStore, type ReplayStore } from './auth/replay-store';
import type { Config } from './config/config';
import { projectRoot } from './config/project-root';
import { buildRoutes } from './http/families';
import { PagingTokens } from './http/paging-token';
import type { RouteSpec } from './http/route-spec';
import { createLogger } from './observability/logger';
import type { CoreAdapter } from './ports';
import { createRedis, waitForRedis } from './resilience/redis';

export interface GatewayOptions {
  /** Clock in milliseconds (tests inject one); default `Date.now`. */
  now?: () => number;
  logger?: Logger;
  /** An adapter to use instead of the configured one (tests, embedders). */
  adapter?: CoreAdapter;
}

export interface Gateway {
  app: Express;
  config: Config;
  logger: Logger;
  adapter: CoreAdapter;
  keySet: KeySet;
  routes: readonly RouteSpec[];
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
  const adapter =
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
      onFetch: (outcome, err) =>
        outcome === 'error' &&
        logger.warn({ err: { message: (err as Error)?.message } }, 'key set fetch failed'),
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
    replayStore = redisReplayStore(redis, now);
  } else {
    replayStore = memoryReplayStore(now);
  }

  const verifyHolder = createHolderVerifier({
    keySet,
    replayStore,
    subdomain: config.holderSubdomain,
    publicBaseUrl: config.publicBaseUrl,
    ...config.jwt,
    now,
  });
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
  const app = buildApp({
    routes,
    verifyHolder,
    logger,
    now: () => new Date(now()),
    devJwks: devKey ? { keys: [devKey.publicJwk] } : undefined,
    version: packageVersion(),
  });

  return {
    app,
    config,
    logger,
    adapter,
    keySet,
    routes,
    devKey,
    async close() {
      for (const fn of closers.reverse()) await fn();
      await replayStore.close();
      await adapter.close?.();
      if (redis) await redis.quit().catch(() => redis!.disconnect());
    },
  };
}
