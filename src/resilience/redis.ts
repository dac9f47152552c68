/**
 * Redis connections. A Redis outage must never hang a request: no offline queue (a command while
 * disconnected fails at once), a short command timeout, and reconnects in the background.
 */
import Redis from 'ioredis';
import type { Logger } from 'pino';
import { causeSignature, describeError, StackGate } from '../observability/error-log';

/** Timeout of one Redis command, milliseconds. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

export function createRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  });
  // ioredis retries in a loop, each failure an 'error': one line (with its stack) per cause and
  // interval, counting those held back.
  const gate = new StackGate();
  redis.on('error', (err: Error) => {
    const omitted = gate.pass(causeSignature(err));
    if (omitted !== undefined) {
      logger.warn({ err: describeError(err, omitted) }, 'redis connection error');
    }
  });
  return redis;
}

/**
 * Resolves once the connection is ready, or after `timeoutMs` (false): start-up waits briefly so
 * the first requests do not fail for a connection still being made, but never blocks on an outage.
 */
export function waitForRedis(redis: Redis, timeoutMs = 2000): Promise<boolean> {
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
