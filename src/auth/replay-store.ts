/**
 * The `jti` replay store: an atomic set-if-absent whose entry lives until the token's `exp`.
 * In-process by default; Redis when `REDIS_URL` is set, so that every gateway instance shares it.
 * When the store cannot answer, the request is refused (503).
 *
 * A Redis that loses its data (restart without persistence, flush, failover to an empty replica)
 * forgets every claim. The Redis store therefore also keeps the time its memory began, and reports
 * it with every claim: tokens that could have been used before that time are refused
 * ({@link couldPredateMemory}). The in-process store cannot outlive its process and reports none.
 */
import type { Cluster, Redis, Result } from 'ioredis';
import { AuthUnavailableError } from '../errors';
import type { RedisKeys } from '../stores/redis-keys';

/** The answer to one claim. */
export interface ClaimResult {
  /** True when the id was not recorded before (the token may pass), false for a replay. */
  fresh: boolean;
  /**
   * Since when (epoch milliseconds) the store has remembered every claim. Absent for the
   * in-process store, which remembers only since its process started and promises nothing across
   * a restart.
   */
  memorySinceMs?: number;
}

export interface ReplayStore {
  /**
   * Records `id` until `expiresAtMs`.
   * @throws AuthUnavailableError when the store cannot be reached
   */
  claim(id: string, expiresAtMs: number): Promise<ClaimResult>;
  /** Stops timers; does not close shared connections. */
  close(): Promise<void>;
}

/** The limits every accepted token met, in seconds. */
export interface TokenLimits {
  /** Longest accepted `exp - now`. */
  maxLifetimeSeconds: number;
  /** Allowed difference between the issuer's clock and ours. */
  clockToleranceSeconds: number;
}

/**
 * Whether a token could have been accepted before the store's memory began at `sinceMs`, so that
 * a claim of its `jti` proves nothing. A token accepted at a time t < L had
 * `exp <= t + maxLifetime + tolerance` and `iat <= t + tolerance` (both are checked on every
 * request); a token outside either bound was certainly never accepted before L.
 * @param token `exp` and optional `iat`, seconds since the epoch
 */
export function couldPredateMemory(
  token: { exp: number; iat?: number },
  sinceMs: number,
  limits: TokenLimits,
): boolean {
  const since = sinceMs / 1000;
  const tolerance = limits.clockToleranceSeconds;
  if (token.exp > since + limits.maxLifetimeSeconds + tolerance) return false;
  return token.iat === undefined || token.iat < since + tolerance;
}

/**
 * In-process store: a Map from id to expiry, plus an index of ids by the second they expire in.
 * A sweep every second drops only the seconds that have passed, so its work is proportional to the
 * ids that expired since the last one (about the request rate), never a walk over every live id:
 * no pause grows with the load, and memory follows the live tokens instead of rising until a
 * once-a-minute walk.
 */
export function memoryReplayStore(
  now: () => number = Date.now,
  sweepEveryMs = 1000,
): ReplayStore & { size(): number; sweep(): void } {
  /** Id → the second its entry expires in (rounded up: a small integer, stored unboxed by V8). */
  const seen = new Map<string, number>();
  const bySecond = new Map<number, string[]>();
  /** Every second below this one has been swept. */
  let nextSecond = Math.floor(now() / 1000);

  const sweep = () => {
    const t = now();
    const upTo = Math.floor(t / 1000); // seconds strictly below hold only expired ids
    for (; nextSecond < upTo; nextSecond += 1) {
      const ids = bySecond.get(nextSecond);
      if (!ids) continue;
      bySecond.delete(nextSecond);
      for (const id of ids) {
        const exp = seen.get(id);
        if (exp !== undefined && exp * 1000 <= t) seen.delete(id);
      }
    }
  };
  const timer = setInterval(sweep, sweepEveryMs);
  timer.unref();
  return {
    async claim(id, expiresAtMs) {
      const existing = seen.get(id);
      if (existing !== undefined && existing * 1000 > now()) return { fresh: false };
      const expSecond = Math.ceil(expiresAtMs / 1000);
      seen.set(id, expSecond);
      const second = Math.max(nextSecond, expSecond);
      const ids = bySecond.get(second);
      if (ids) ids.push(id);
      else bySecond.set(second, [id]);
      return { fresh: true };
    },
    async close() {
      clearInterval(timer);
    },
    size: () => seen.size,
    sweep,
  };
}

/**
 * One script, so that the claim and the start of memory are read in one atomic step: every
 * instance sharing the Redis sees the same start, and none claims into a memory it has not
 * checked. KEYS: the id's key, the start-of-memory key. ARGV: the entry's ttl (ms), now (ms).
 * Returns [1 fresh | 0 replay, start of memory (ms), 1 when this call started the memory].
 * The start key has no expiry: only a loss of data removes it. A start that is not a number is
 * taken as lost too, so the rule never compares against garbage.
 */
const CLAIM_SCRIPT = `
local since = redis.call('GET', KEYS[2])
local started = 0
if not since or not tonumber(since) then
  since = ARGV[2]
  started = 1
  redis.call('SET', KEYS[2], since)
end
local fresh = redis.call('SET', KEYS[1], '1', 'PX', ARGV[1], 'NX') and 1 or 0
return {fresh, since, started}
`;
const CLAIM_COMMAND = 'dhgReplayClaim';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    dhgReplayClaim(
      key: string,
      sinceKey: string,
      ttlMs: number,
      nowMs: number,
    ): Result<[number, string, number], Context>;
  }
}

/**
 * The prefix of replay keys, `dhg:<namespace>:{jti}:`. Its hash tag `{jti}` puts the start of
 * memory and every claim in one Cluster slot, so that one script may touch both (keys of
 * different slots in one script fail with CROSSSLOT). One slot is one master: ample for claims
 * (see ADR 0027). A namespace never holds a brace, so the tag stays `{jti}`.
 */
export function replayKeyPrefix(keys: RedisKeys): string {
  return `${keys.key('{jti}')}:`;
}

/** The key of the start of memory. */
export function replayEpochKey(keys: RedisKeys): string {
  return keys.key('{jti}', 'epoch');
}

/**
 * How many replicas must hold a new claim before it counts (Redis WAIT), and how long to wait.
 * Replication is asynchronous: without it, a claim acknowledged by a master that dies before
 * replicating is forgotten by the replica promoted in its place, and the token could be replayed.
 */
export interface ReplicaAck {
  replicas: number;
  timeoutMs: number;
}

/**
 * Redis store: ids are stored as keyed digests, so no claim value lands in Redis nor can be
 * found by hashing a guess; the start of memory is kept at {@link replayEpochKey} (a digest never
 * has that name).
 * @param keys the deployment's namespace and digests
 * @param onMemoryStart called when a claim found no start of memory and began one: the Redis is
 *   new or lost its data
 * @param replicaAck replicas that must acknowledge a fresh claim; fewer in time: the claim fails
 *   (503), and the id stays claimed, so that the token can never pass twice
 */
export function redisReplayStore(
  redis: Redis | Cluster,
  now: () => number,
  keys: RedisKeys,
  onError?: (err: unknown) => void,
  onMemoryStart?: (sinceMs: number) => void,
  replicaAck?: ReplicaAck,
): ReplayStore {
  // Defining it again on a shared connection only replaces it with the same script.
  redis.defineCommand(CLAIM_COMMAND, { numberOfKeys: 2, lua: CLAIM_SCRIPT });
  const prefix = replayKeyPrefix(keys);
  const sinceKey = replayEpochKey(keys);
  const waitFor = replicaAck && replicaAck.replicas > 0 ? replicaAck : undefined;
  /** The claim, replicated when asked: a failure refuses the request, never lets it through. */
  const claimed = async (key: string, ttl: number, t: number) => {
    const reply = await redis.dhgReplayClaim(key, sinceKey, ttl, Math.floor(t));
    if (waitFor && (reply[0] === 1 || reply[2] === 1)) {
      const acked = await redis.wait(waitFor.replicas, waitFor.timeoutMs);
      if (acked < waitFor.replicas) {
        throw new Error(`claim reached ${acked} of ${waitFor.replicas} replicas in time`);
      }
    }
    return reply;
  };
  return {
    async claim(id, expiresAtMs) {
      const key = prefix + keys.digest(id);
      const t = now();
      const ttl = Math.max(1, Math.ceil(expiresAtMs - t));
      let reply: [number, string, number];
      try {
        reply = await claimed(key, ttl, t);
      } catch (err) {
        onError?.(err);
        throw new AuthUnavailableError({ cause: err, retryAfterSeconds: 1 });
      }
      const [fresh, since, started] = reply;
      const memorySinceMs = Number(since);
      if (started === 1) onMemoryStart?.(memorySinceMs);
      return { fresh: fresh === 1, memorySinceMs };
    },
    async close() {},
  };
}
