/**
 * The start of the Redis replay store's memory, read and set by an operator
 * (`data-holder-gateway replay-store`). A store no gateway has used yet reads as one that lost its
 * data, and refuses every token for the clock tolerance (ADR 0016); marking it as new instead
 * (`init`) records that its memory covers all time, which is true of a store that never held a
 * claim, for a deployment whose tokens no gateway has accepted before (ADR 0045).
 */
import { Cluster, type Redis } from 'ioredis';
import type { RedisKeys } from '../stores/redis-keys';
import { replayEpochKey, replayKeyPrefix } from './replay-store';

/** What the store remembers. */
export type ReplayMemory =
  | { state: 'new' }
  | { state: 'remembers'; sinceMs: number }
  | { state: 'claims-without-start'; claims: number };

/** The value `init` writes: memory since the epoch, so no token can predate it. */
export const ALL_TIME_MS = 0;

/** Keys under the replay prefix (the start of memory and claims), at most `limit` counted. */
async function replayKeyCount(
  redis: Redis | Cluster,
  prefix: string,
  limit = 100,
): Promise<number> {
  // Every replay key shares one hash tag, so in a Cluster they live on one master; scan each.
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  // The prefix holds `{` and `}`: glob-escape every special character.
  const match = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
  let count = 0;
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', match, 'COUNT', 1000);
      cursor = next;
      count += keys.length;
      if (count >= limit) return count;
    } while (cursor !== '0');
  }
  return count;
}

/** What the replay store remembers, without changing it. */
export async function replayMemoryOf(
  redis: Redis | Cluster,
  keys: RedisKeys,
): Promise<ReplayMemory> {
  const since = await redis.get(replayEpochKey(keys));
  if (since !== null && Number.isFinite(Number(since)))
    return { state: 'remembers', sinceMs: Number(since) };
  const claims = await replayKeyCount(redis, replayKeyPrefix(keys));
  return claims === 0 ? { state: 'new' } : { state: 'claims-without-start', claims };
}

/**
 * Marks a store that holds nothing under the replay prefix as remembering all time. Refused (and
 * nothing written) when the store has a start of memory or any claim: a gateway has used it.
 * The write is `SET NX`: a gateway that claims first writes the start itself, and `init` fails.
 */
export async function initReplayMemory(
  redis: Redis | Cluster,
  keys: RedisKeys,
): Promise<{ marked: true } | { marked: false; found: ReplayMemory }> {
  const found = await replayMemoryOf(redis, keys);
  if (found.state !== 'new') return { marked: false, found };
  const set = await redis.set(replayEpochKey(keys), String(ALL_TIME_MS), 'NX');
  if (set === 'OK') return { marked: true };
  return { marked: false, found: await replayMemoryOf(redis, keys) };
}
