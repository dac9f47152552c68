/**
 * Rate limits of the platform endpoints (decisions.md section 5), with rate-limiter-flexible:
 * fixed windows counted in Redis when `REDIS_URL` is set (so every gateway instance shares one
 * count), in process memory otherwise.
 *
 * Keys are `dhg:rl:<purpose>:<sha256 of the subject>`: the client id or address itself is never
 * stored, and a caller cannot make keys of any length.
 *
 * When Redis cannot answer, each limiter does what its `onStoreError` says: `refuse` (503, for
 * the token endpoint, which guards against brute force: better unavailable than unguarded) or
 * `allow` (the product endpoints, whose callers already hold a valid token).
 */
import crypto from 'node:crypto';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AuthUnavailableError, RateLimitedError } from '../errors';
import { describeError } from '../observability/logger';

/** Prefix of every rate-limit key in Redis. */
export const RATE_LIMIT_KEY_PREFIX = 'dhg:rl:';

export interface RateLimitRule {
  /** What is limited, e.g. `token-client`; part of the key. */
  purpose: string;
  /** Requests allowed per window. */
  points: number;
  /** Window length, seconds. */
  windowSeconds: number;
  /** When the store fails: `refuse` answers 503, `allow` lets the request through. */
  onStoreError: 'refuse' | 'allow';
}

export interface RateLimiterDeps {
  /** Shared Redis connection; absent: in-process memory. */
  redis?: Redis;
  logger: Logger;
}

/** One limit: `consume` counts a request for a subject and throws once the window is full. */
export interface RateLimiter {
  readonly rule: RateLimitRule;
  /**
   * Counts one request of `subject`.
   * @throws RateLimitedError (429, `retryAfterSeconds` until the window ends) when over the limit
   * @throws AuthUnavailableError (503) when the store fails and the rule says `refuse`
   */
  consume(subject: string): Promise<void>;
}

/** The stored key of a subject (without the limiter's prefix): a SHA-256, base64url. */
export function subjectKey(subject: string): string {
  return crypto.createHash('sha256').update(subject, 'utf8').digest('base64url');
}

/** The full Redis key counting `subject` under `purpose`. */
export function rateLimitRedisKey(purpose: string, subject: string): string {
  return `${RATE_LIMIT_KEY_PREFIX}${purpose}:${subjectKey(subject)}`;
}

export function createRateLimiter(rule: RateLimitRule, deps: RateLimiterDeps): RateLimiter {
  const options = {
    keyPrefix: `${RATE_LIMIT_KEY_PREFIX}${rule.purpose}`,
    points: rule.points,
    duration: rule.windowSeconds,
  };
  const limiter: RateLimiterAbstract = deps.redis
    ? new RateLimiterRedis({ ...options, storeClient: deps.redis, rejectIfRedisNotReady: true })
    : new RateLimiterMemory(options);
  let lastWarned = 0;
  return {
    rule,
    async consume(subject) {
      try {
        await limiter.consume(subjectKey(subject));
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          throw new RateLimitedError({
            retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)),
          });
        }
        if (Date.now() - lastWarned > 10_000) {
          lastWarned = Date.now();
          deps.logger.warn(
            { err: describeError(err), purpose: rule.purpose },
            rule.onStoreError === 'refuse'
              ? 'rate limit store failed; refusing requests'
              : 'rate limit store failed; letting requests through',
          );
        }
        if (rule.onStoreError === 'refuse') throw new AuthUnavailableError({ cause: err });
      }
    },
  };
}
