/**
 * REDIS_COMMAND_TIMEOUT_MS: how long one Redis command may wait. A command sent while Redis is
 * paused (SIGSTOP) fails once the configured timeout passes, and succeeds when Redis resumes first.
 */
import type Redis from 'ioredis';
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import {
  connectRedis,
  redisTargetOf,
  type RedisClient,
  waitForRedis,
} from '../../src/stores/redis';
import { type OwnRedis, startOwnRedis } from '../helpers/redis-server';
import { waitFor } from '../helpers/wait';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silent = pino({ level: 'silent' });

describe('REDIS_COMMAND_TIMEOUT_MS', () => {
  let own: OwnRedis;
  const clients: RedisClient[] = [];
  const client = async (timeoutMs?: number) => {
    const config = configFrom({
      REDIS_URL: own.url,
      ...(timeoutMs === undefined ? {} : { REDIS_COMMAND_TIMEOUT_MS: timeoutMs }),
    });
    const redis = connectRedis(redisTargetOf(config)!, silent, config.redis);
    clients.push(redis);
    expect(await waitForRedis(redis)).toBe(true);
    return { redis, config };
  };
  /** A PING sent while Redis is paused for `pauseMs`: 'PONG', or the error's message. */
  const pingDuringPause = async (redis: RedisClient, pauseMs: number) => {
    own.pause();
    const answer = redis.ping().then(
      (pong) => pong,
      (err: Error) => err.message,
    );
    await sleep(pauseMs);
    own.resume();
    return answer;
  };

  beforeAll(async () => {
    own = await startOwnRedis();
  });
  afterAll(async () => {
    for (const redis of clients) redis.disconnect();
    await own.stop();
  });

  it('when not set, then a command waits 500 ms', async () => {
    const { config } = await client();
    expect(config.redis.commandTimeoutMs).toBe(500);
  });

  it('when Redis stays paused past the timeout, then the command fails; within it, it succeeds', async () => {
    const short = (await client(200)).redis;
    const long = (await client(5000)).redis;
    expect(await pingDuringPause(short, 1000)).toMatch(/timed out/i);
    expect(await pingDuringPause(long, 1000)).toBe('PONG');
  });

  // Auto-pipelining (ADR 0051) sends one pipeline at a time: a command issued meanwhile waits for
  // the earlier one's answers (or timeouts) before its own timeout starts.
  it('when a command is issued while an earlier one waits on a paused Redis, then it fails within twice the timeout', async () => {
    // Long enough that a loaded machine's timer delays stay small beside the margin (half of it).
    const timeoutMs = 1000;
    const { redis } = await client(timeoutMs);
    own.pause();
    try {
      const first = redis.ping().catch((err: Error) => err.message);
      // The first is sent: it waits for its answer, so the second waits behind it.
      await waitFor(() => (redis as Redis).commandQueue.length > 0, 'the first PING sent');
      const started = Date.now();
      const second = await redis.ping().then(
        (pong) => pong,
        (err: Error) => err.message,
      );
      const waited = Date.now() - started;
      expect(await first).toMatch(/timed out/i);
      expect(second).toMatch(/timed out/i);
      expect(waited).toBeGreaterThanOrEqual(timeoutMs);
      expect(waited).toBeLessThan(2.5 * timeoutMs);
    } finally {
      own.resume();
    }
  });

  it('when out of range, then the configuration names it', () => {
    expect(() => configFrom({ REDIS_COMMAND_TIMEOUT_MS: 10 })).toThrow(/REDIS_COMMAND_TIMEOUT_MS/);
  });
});
