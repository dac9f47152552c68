/**
 * `data-holder-gateway replay-store init`: a brand-new Redis refuses every token for the clock
 * tolerance; one marked by `init` before the first gateway starts accepts the first token, and
 * still refuses its replay. `init` refuses a store a gateway has used, or one holding claims.
 */
import Redis from 'ioredis';
import { replayEpochKey } from '../../src/auth/replay-store';
import { loadConfig } from '../../src/config/config';
import { redisKeysOf } from '../../src/stores/redis-keys';
import { replayStoreCommand } from '../../src/cli/replay-store';
import { startGateway, TEST_SUBDOMAIN, type TestGateway } from '../helpers/gateway';
import { startOwnRedis, type OwnRedis } from '../helpers/redis-server';

const PATH = '/v1/common/customer/c-1001/detail';
const LOSS = { error: 'Token issued before replay protection was restored' };
/** The deployment's environment, as the test gateways have it: the command line is given the same. */
const envOf = (url: string) => ({ REDIS_URL: url, HOLDER_SUBDOMAIN: TEST_SUBDOMAIN });
/** The replay keys as a gateway of this deployment names them. */
const keysOf = (url: string) => redisKeysOf(loadConfig(envOf(url)));

async function run(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await replayStoreCommand(
    args,
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    { LOG_LEVEL: 'silent', ...env },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('replay-store init', () => {
  let redis: OwnRedis;
  let gw: TestGateway | undefined;

  beforeEach(async () => {
    redis = await startOwnRedis();
  });
  afterEach(async () => {
    await gw?.close();
    gw = undefined;
    await redis.stop();
  });

  const answer = async (token: string) => {
    const res = await gw!.get(PATH, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: res.status === 200 ? 'ok' : res.body };
  };

  it('when a gateway starts on a brand-new Redis, then its first token is refused (the documented window)', async () => {
    expect(await run(['status'], envOf(redis.url))).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^new: no gateway has used this store/),
    });
    gw = await startGateway({ REDIS_URL: redis.url });
    expect(await answer(await gw.token(PATH))).toEqual({ status: 401, body: LOSS });
  });

  it('when the store is marked by init before the first gateway starts, then the first token is accepted and its replay refused', async () => {
    expect(await run(['init'], envOf(redis.url))).toEqual({
      code: 0,
      out: 'marked: the replay store remembers every claim; tokens are accepted from the first request',
      err: '',
    });
    expect((await run(['status'], envOf(redis.url))).out).toBe(
      'remembers every claim: marked new by replay-store init',
    );
    gw = await startGateway({ REDIS_URL: redis.url });
    const token = await gw.token(PATH);
    expect(await answer(token)).toEqual({ status: 200, body: 'ok' });
    expect(await answer(token)).toEqual({ status: 401, body: { error: 'Token replayed' } });
  });

  it('when a gateway has used the store, then init is refused and changes nothing', async () => {
    gw = await startGateway({ REDIS_URL: redis.url });
    await answer(await gw.token(PATH));
    const client = new Redis(redis.url);
    const before = await client.get(replayEpochKey(keysOf(redis.url)));
    const res = await run(['init'], envOf(redis.url));
    expect(res.code).toBe(1);
    expect(res.err).toMatch(
      /^refused: the store is not new; it remembers every claim since \d{4}-/,
    );
    expect(await client.get(replayEpochKey(keysOf(redis.url)))).toBe(before);
    await client.quit();
  });

  it('when the store holds claims but no start of memory (a restored backup), then init is refused and writes nothing', async () => {
    const client = new Redis(redis.url);
    await client.set(
      `${replayEpochKey(keysOf(redis.url)).slice(0, -'epoch'.length)}some-claim`,
      '1',
    );
    const res = await run(['init'], envOf(redis.url));
    expect(res).toEqual({
      code: 1,
      out: '',
      err: 'refused: the store is not new; it holds 1 claim but no start of memory (restored from a backup?): the next claim starts its memory and refuses tokens that could predate it',
    });
    expect(await client.get(replayEpochKey(keysOf(redis.url)))).toBeNull();
    await client.quit();
  });

  it('when no Redis is configured, then it exits 2 saying so', async () => {
    expect(await run(['init'], {})).toEqual({
      code: 2,
      out: '',
      err: 'replay-store needs a Redis (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS): without one the replay store is in process',
    });
  });
});
