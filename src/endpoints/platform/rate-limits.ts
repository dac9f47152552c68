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
 * the token endpoint's requests, which bound guessing: better unavailable than unguarded) or
 * `allow` (the product endpoints, whose callers already hold a valid token).
 *
 * A per-address limit counts sources ({@link addressSource}): an IPv6 address by its /64.
 */
import ipaddr from 'ipaddr.js';
import type { RedisClient } from '../../stores/redis';
import type { RedisKeys } from '../../stores/redis-keys';
import type { Logger } from 'pino';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AuthUnavailableError, RateLimitedError } from '../../errors';
import { causeSignature, describeError, StackGate } from '../../errors/error-log';

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

/**
 * What a source address counts as in a per-address limit: an IPv4 address itself (an IPv4-mapped
 * IPv6 one too, as a dual-stack socket reports it), an IPv6 address its /64, the block a host or
 * subscriber is routinely given whole (one caller changing its last 64 bits stays one source).
 * Anything else (no address) counts as itself.
 */
export function addressSource(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}

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
  /** Counts a point; throws when over the limit, or when the store failed and the rule refuses. */
  const count = async (key: string): Promise<void> => {
    try {
      await limiter.consume(key);
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
    }
  };
  return {
    rule,
    consume: (subject) => count(deps.keys.digest(subject)),
  };
}
