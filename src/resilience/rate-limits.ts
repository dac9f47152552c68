/**
 * Rate limits of the platform endpoints, with rate-limiter-flexible: fixed windows counted in
 * Redis when `REDIS_URL` is set (so every gateway instance shares one count), in process memory
 * otherwise.
 *
 * Keys are `dhg:<namespace>:rl:<purpose>:<keyed digest of the subject>` (redis-keys.ts): the client
 * id or address is never stored, cannot be recovered by hashing guesses, and a caller cannot make
 * keys of any length.
 *
 * When Redis cannot answer, each limiter does what its `onStoreError` says: `refuse` (503, for
 * the token endpoint, which guards against brute force: better unavailable than unguarded) or
 * `allow` (the product endpoints, whose callers already hold a valid token).
 */
import type { RedisClient } from './redis';
import type { RedisKeys } from './redis-keys';
import type { Logger } from 'pino';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AuthUnavailableError, RateLimitedError } from '../errors';
import { causeSignature, describeError, StackGate } from '../observability/error-log';

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
  redis?: RedisClient;
  /** The deployment's key names and digests. */
  keys: RedisKeys;
  logger: Logger;
}

/** A point counted by `reserve`, which its holder may give back. */
export interface Reservation {
  /**
   * Gives the point back, in the window it was counted in only (a point of a window that has ended
   * is gone with it, and must not lift the next one). Never throws: when the store fails, the point
   * stays counted and a warning is logged.
   */
  release(): Promise<void>;
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
  /**
   * Counts one request of `subject` as `consume` does, and throws as it does, but lets the caller
   * give the point back once the request turns out not to be one the limit is about (a token
   * request whose secret proved right, for the failure limit). Counting first and giving back
   * later keeps the limit exact under concurrent requests, where checking first and counting
   * later would let every request in flight through.
   */
  reserve(subject: string): Promise<Reservation>;
}

/** Nothing to give back: the store failed and the rule let the request through uncounted. */
const NOTHING_RESERVED: Reservation = { release: async () => undefined };

/** The prefix of a limiter's keys (rate-limiter-flexible adds `:<subject key>`). */
function rateLimitKeyPrefix(keys: RedisKeys, purpose: string): string {
  return keys.key('rl', purpose);
}

/** The full Redis key counting `subject` under `purpose`. */
export function rateLimitRedisKey(keys: RedisKeys, purpose: string, subject: string): string {
  return `${rateLimitKeyPrefix(keys, purpose)}:${keys.digest(subject)}`;
}

export function createRateLimiter(rule: RateLimitRule, deps: RateLimiterDeps): RateLimiter {
  const options = {
    keyPrefix: rateLimitKeyPrefix(deps.keys, rule.purpose),
    points: rule.points,
    duration: rule.windowSeconds,
  };
  const limiter: RateLimiterAbstract = deps.redis
    ? new RateLimiterRedis({ ...options, storeClient: deps.redis, rejectIfRedisNotReady: true })
    : new RateLimiterMemory(options);
  // A store that is down fails every request: one warning per message and cause per interval,
  // counting those held back, as every other repeated failure of the gateway is logged.
  const gate = new StackGate();
  const warn = (err: unknown, message: string) => {
    const omitted = gate.pass(`${message}\n${causeSignature(err)}`);
    if (omitted === undefined) return;
    deps.logger.warn({ err: describeError(err, omitted), purpose: rule.purpose }, message);
  };
  /** Counts a point; the time its window ends, or undefined when the store failed and it may pass. */
  const count = async (key: string): Promise<number | undefined> => {
    try {
      const res = await limiter.consume(key);
      return Date.now() + res.msBeforeNext;
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        throw new RateLimitedError({
          retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)),
        });
      }
      warn(
        err,
        rule.onStoreError === 'refuse'
          ? 'rate limit store failed; refusing requests'
          : 'rate limit store failed; letting requests through',
      );
      if (rule.onStoreError === 'refuse') throw new AuthUnavailableError({ cause: err });
      return undefined;
    }
  };
  return {
    rule,
    async consume(subject) {
      await count(deps.keys.digest(subject));
    },
    async reserve(subject) {
      const key = deps.keys.digest(subject);
      const windowEnds = await count(key);
      if (windowEnds === undefined) return NOTHING_RESERVED;
      let released = false;
      return {
        async release() {
          if (released || Date.now() >= windowEnds) return;
          released = true;
          try {
            await limiter.reward(key, 1);
          } catch (err) {
            warn(err, 'rate limit store failed; a point given back stays counted');
          }
        },
      };
    },
  };
}
