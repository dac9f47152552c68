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

/** In-process store: a Map from id to expiry, swept once a minute. */
export function memoryReplayStore(now: () => number = Date.now): ReplayStore & { size(): number } {
  const seen = new Map<string, number>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [id, exp] of seen) if (exp <= t) seen.delete(id);
  }, 60_000);
  sweep.unref();
  return {
    async claim(id, expiresAtMs) {
      const existing = seen.get(id);
      if (existing !== undefined && existing > now()) return false;
      seen.set(id, expiresAtMs);
      return true;
    },
    async close() {
      clearInterval(sweep);
    },
    size: () => seen.size,
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
