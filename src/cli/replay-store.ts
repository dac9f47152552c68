/**
 * `data-holder-gateway replay-store <status|init>`: the replay store in the Redis the environment
 * configures, as the gateway would use it. `init` marks a store no gateway has used yet, so that a
 * new deployment accepts tokens from its first request instead of refusing them for the clock
 * tolerance (docs/operations.md, "What the replay store needs from Redis").
 */
import { type ReplayMemory, initReplayMemory, replayMemoryOf } from '../auth/replay-memory';
import { loadConfig } from '../config/config';
import { redisKeysOf } from '../stores/redis-keys';
import { createLogger } from '../observability/logger';
import { connectRedis, redisTargetOf } from '../stores/redis';
import { type Output, PROCESS_OUTPUT } from './clients';

export const REPLAY_STORE_USAGE = `usage: data-holder-gateway replay-store <status|init>
  status   what the replay store in Redis remembers: since when, or that no gateway has used it
  init     for a new deployment, before its first gateway starts: marks a store that holds no
           claim as remembering all time, so tokens are accepted from the first request; refused
           for a store a gateway has used (docs/decisions/0045-replay-store-init.md)
Uses the Redis the environment configures (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS)
and its key namespace (REDIS_KEY_NAMESPACE, else HOLDER_SUBDOMAIN), as the gateways have them.
Exit codes: 0 done, 1 refused, 2 usage or no Redis configured.`;

function describe(memory: ReplayMemory): string {
  switch (memory.state) {
    case 'new':
      return 'new: no gateway has used this store (a gateway starting on it refuses every token for the clock tolerance; `replay-store init` marks it instead)';
    case 'remembers':
      return memory.sinceMs === 0
        ? 'remembers every claim: marked new by replay-store init'
        : `remembers every claim since ${new Date(memory.sinceMs).toISOString()}`;
    default:
      return `holds ${memory.claims}${memory.claims >= 100 ? ' or more' : ''} ${memory.claims === 1 ? 'claim' : 'claims'} but no start of memory (restored from a backup?): the next claim starts its memory and refuses tokens that could predate it`;
  }
}

/** Runs `replay-store <args>`. Resolves with the exit code. */
export async function replayStoreCommand(
  args: readonly string[],
  io: Output = PROCESS_OUTPUT,
  env?: Record<string, string | undefined>,
): Promise<number> {
  const [command, ...rest] = args;
  if (command === '--help' || command === '-h') {
    io.out(REPLAY_STORE_USAGE);
    return 0;
  }
  if ((command !== 'status' && command !== 'init') || rest.length > 0) {
    io.err(REPLAY_STORE_USAGE);
    return 2;
  }
  const config = loadConfig(env);
  const target = redisTargetOf(config);
  if (!target) {
    io.err(
      'replay-store needs a Redis (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS): without one the replay store is in process',
    );
    return 2;
  }
  // The deployment's key scheme, as its gateways name the replay keys.
  const keys = redisKeysOf(config);
  // A command line waits for its connection: the offline queue holds commands until it is up.
  const redis = connectRedis(target, createLogger(config.logLevel), config.redis, {
    enableOfflineQueue: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  });
  try {
    if (command === 'status') {
      io.out(describe(await replayMemoryOf(redis, keys)));
      return 0;
    }
    const result = await initReplayMemory(redis, keys);
    if (result.marked) {
      io.out(
        'marked: the replay store remembers every claim; tokens are accepted from the first request',
      );
      return 0;
    }
    io.err(`refused: the store is not new; it ${describe(result.found)}`);
    return 1;
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
