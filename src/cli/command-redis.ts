/**
 * The gateway's Redis for a command line: connected with an offline queue (a command waits for
 * the connection rather than failing at once, as the gateway's own calls do), a command timeout
 * long enough for batches of thousands of fields, and closed when the command is done.
 */
import type { Config } from '../config/config';
import { createLogger } from '../observability/logger';
import { connectRedis, type RedisClient, redisTargetOf, waitForRedis } from '../stores/redis';
import type { Output } from './clients';

/** How long a command waits for Redis to answer before it gives up. */
const CONNECT_MS = 5000;
const COMMAND_MS = 10_000;

/** Exit code of a command whose Redis does not answer. */
export const NO_REDIS = 2;

/**
 * Runs `run` with the configured Redis, or with none when none is configured; when the one
 * configured does not answer, says so and returns {@link NO_REDIS}.
 */
export async function withCommandRedis(
  config: Config,
  io: Output,
  run: (redis: RedisClient | undefined) => Promise<number>,
): Promise<number> {
  const target = redisTargetOf(config);
  if (!target) return run(undefined);
  // Its connection errors on stderr, never among a command's output on stdout.
  const logger = createLogger(config.logLevel, process.stderr);
  const redis = connectRedis(target, logger, config.redis, {
    enableOfflineQueue: true,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_MS,
    commandTimeout: COMMAND_MS,
  });
  try {
    if (!(await waitForRedis(redis, CONNECT_MS))) {
      io.err(
        `Redis does not answer (${target.mode}); check REDIS_URL (or the Redis Cluster or Sentinel settings)`,
      );
      return NO_REDIS;
    }
    return await run(redis);
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
