/**
 * The `jti` replay store: an atomic set-if-absent whose entry lives until the token's `exp`.
 * In-process by default; Redis (`SET key NX PX ttl`) when `REDIS_URL` is set, so that every
 * gateway instance shares it. When the store cannot answer, the request is refused (503).
 */
import crypto from 'node:crypto';
import type Redis from 'ioredis';
import { AuthUnavailableError } from '../errors';

export interface ReplayStore {
  /**
   * Records `id` until `expiresAtMs`. Resolves true when it was not recorded before (the token may
   * pass), false when it was (a replay).
   * @throws AuthUnavailableError when the store cannot be reached
   */
  claim(id: string, expiresAtMs: number): Promise<boolean>;
  /** Stops timers; does not close shared connections. */
  close(): Promise<void>;
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
      if (existing !== undefined && existing * 1000 > now()) return false;
      const expSecond = Math.ceil(expiresAtMs / 1000);
      seen.set(id, expSecond);
      const second = Math.max(nextSecond, expSecond);
      const ids = bySecond.get(second);
      if (ids) ids.push(id);
      else bySecond.set(second, [id]);
      return true;
    },
    async close() {
      clearInterval(timer);
    },
    size: () => seen.size,
    sweep,
  };
}

/** Redis store: one `SET NX PX` per token; ids are hashed so no raw claim value lands in Redis. */
export function redisReplayStore(
  redis: Redis,
  now: () => number = Date.now,
  prefix = 'dhg:jti:',
  onError?: (err: unknown) => void,
): ReplayStore {
  return {
    async claim(id, expiresAtMs) {
      const key = prefix + crypto.createHash('sha256').update(id).digest('base64url');
      const ttl = Math.max(1, expiresAtMs - now());
      try {
        return (await redis.set(key, '1', 'PX', ttl, 'NX')) === 'OK';
      } catch (err) {
        onError?.(err);
        throw new AuthUnavailableError({ cause: err, retryAfterSeconds: 1 });
      }
    },
    async close() {},
  };
}
