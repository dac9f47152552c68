/**
 * Redis connections. A Redis outage must never hang a request: no offline queue (a command while
 * disconnected fails at once), a short command timeout, and reconnects in the background.
 *
 * One server or a Sentinel-managed master pipelines automatically: the commands issued in one turn
 * of the event loop leave in one write, so a holder request's replay claim and first cache read
 * share one round trip (ADR 0051).
 */
import Redis, { Cluster, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { causeSignature, describeError, StackGate } from '../errors/error-log';

/** A connection to one server, a Sentinel-managed master or a Cluster: the same commands. */
export type RedisClient = Redis | Cluster;

/** Timeout of one Redis command, milliseconds, unless REDIS_COMMAND_TIMEOUT_MS says otherwise. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/** Where the shared Redis is, as configured: exactly one of the three modes. */
export type RedisTarget =
  | { mode: 'single'; url: string }
  | { mode: 'cluster'; nodes: readonly { host: string; port: number }[] }
  | { mode: 'sentinel'; sentinels: readonly { host: string; port: number }[]; name: string };

/** The configured Redis (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS), if any. */
export function redisTargetOf(config: Config): RedisTarget | undefined {
  if (config.redisUrl) return { mode: 'single', url: config.redisUrl };
  if (config.redis.clusterNodes) return { mode: 'cluster', nodes: config.redis.clusterNodes };
  if (config.redis.sentinels && config.redis.sentinelName)
    return { mode: 'sentinel', sentinels: config.redis.sentinels, name: config.redis.sentinelName };
  return undefined;
}

/**
 * Commands of one event-loop turn sent as one pipeline. ioredis runs one such pipeline at a time
 * per connection: a command issued meanwhile waits for its answers, so under a frozen Redis it
 * fails after at most twice the command timeout. A Cluster keeps it off: there, before its slot
 * map is known, ioredis holds auto-pipelined commands until the Cluster is ready, with no timeout.
 */
const AUTO_PIPELINING: RedisOptions = { enableAutoPipelining: true };

/** Fail fast, never queue: what every connection of the gateway uses. */
const FAIL_FAST: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: 2000,
  retryStrategy: (times) => Math.min(times * 200, 2000),
  lazyConnect: false,
};

/**
 * A client for the target. A Sentinel client reconnects to whichever server the Sentinels name as
 * master (and drops a connection to a demoted one: READONLY). ioredis's `failoverDetector` stays
 * off: when its +switch-master arrives while the client is between two connection attempts, the
 * client ends for good (seen in the failover test); a failover closes clients' connections anyway. A Cluster client follows MOVED/ASK
 * redirections and refreshes its slot map.
 */
export function connectRedis(
  target: RedisTarget,
  logger: Logger,
  auth: Partial<
    Pick<Config['redis'], 'username' | 'password' | 'sentinelPassword' | 'commandTimeoutMs'>
  > = {},
  given: RedisOptions = {},
): RedisClient {
  const credentials = { username: auth.username, password: auth.password };
  const options: RedisOptions = {
    ...(auth.commandTimeoutMs !== undefined ? { commandTimeout: auth.commandTimeoutMs } : {}),
    ...given,
  };
  let client: RedisClient;
  if (target.mode === 'single') {
    client = new Redis(target.url, { ...FAIL_FAST, ...AUTO_PIPELINING, ...options });
  } else if (target.mode === 'sentinel') {
    client = new Redis({
      ...FAIL_FAST,
      ...AUTO_PIPELINING,
      ...credentials,
      sentinels: target.sentinels.map(({ host, port }) => ({ host, port })),
      name: target.name,
      sentinelPassword: auth.sentinelPassword,
      sentinelRetryStrategy: (times) => Math.min(times * 200, 2000),
      reconnectOnError: (err) => err.message.startsWith('READONLY'),
      ...options,
    });
  } else {
    const { retryStrategy: _perNode, ...nodeOptions } = FAIL_FAST;
    client = new Cluster(
      target.nodes.map(({ host, port }) => ({ host, port })),
      {
        enableOfflineQueue: options.enableOfflineQueue ?? false,
        clusterRetryStrategy: (times) => Math.min(times * 200, 2000),
        redisOptions: { ...nodeOptions, ...credentials, ...options },
      },
    );
  }
  logErrors(client, logger);
  return client;
}

/** The connection of REDIS_URL-style callers (a separate cache Redis): one server. */
export function createRedis(url: string, logger: Logger, commandTimeoutMs?: number): Redis {
  return connectRedis({ mode: 'single', url }, logger, { commandTimeoutMs }) as Redis;
}

/**
 * ioredis retries in a loop, each failure an 'error': one line (with its stack) per cause and
 * interval, counting those held back.
 */
function logErrors(client: RedisClient, logger: Logger): void {
  const gate = new StackGate();
  client.on('error', (err: Error) => {
    const omitted = gate.pass(causeSignature(err));
    if (omitted !== undefined) {
      logger.warn({ err: describeError(err, omitted) }, 'redis connection error');
    }
  });
}

/**
 * Resolves once the connection is ready, or after `timeoutMs` (false): start-up waits briefly so
 * the first requests do not fail for a connection still being made, but never blocks on an outage.
 */
export function waitForRedis(redis: RedisClient, timeoutMs = 2000): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}
