/**
 * A Redis that loses its data must not reopen the replay window: two gateways share a
 * redis-server of the test's own, without persistence, which the test kills and starts again.
 * Both gateways run on one injected clock, so the test can step past the clock tolerance
 * without waiting for it.
 */
import { holderClaims, signToken } from '../helpers/keys';
import { captureLogger } from '../helpers/log-capture';
import { startGateway, TEST_BASE_URL, TEST_SUBDOMAIN, type TestGateway } from '../helpers/gateway';
import { startOwnRedis, type OwnRedis } from '../helpers/redis-server';
import { waitFor } from '../helpers/wait';

const PATH = '/v1/common/customer/c-1001/detail';
const TOLERANCE_SECONDS = 30;
const LOSS_MESSAGE = 'Token issued before replay protection was restored';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('replay protection across a Redis that lost its data', () => {
  let redis: OwnRedis;
  let a: TestGateway;
  let b: TestGateway;
  let clock = Date.now();
  const now = () => clock;

  const answer = async (gw: TestGateway, token: string) => {
    const res = await gw.get(PATH, { headers: bearer(token) });
    return { status: res.status, body: res.status === 200 ? 'ok' : res.body };
  };
  const refused = { status: 401, body: { error: LOSS_MESSAGE } };
  /** Both gateways reconnected to Redis (ioredis retries in the background after the restart). */
  const bothReady = () =>
    waitFor(
      () => [a, b].every((gw) => gw.gateway.readiness().dependencies.redis === true),
      'both gateways reconnected to Redis',
    );

  beforeAll(async () => {
    redis = await startOwnRedis();
    const env = { REDIS_URL: redis.url, JWT_CLOCK_TOLERANCE_SECONDS: TOLERANCE_SECONDS };
    a = await startGateway(env, { now });
    // The second instance trusts the first one's key set, as two replicas of one deployment do.
    b = await startGateway({ ...env, HOLDER_JWKS_URL: a.jwks.url }, { now });
    // A Redis that has remembered every claim for longer than a token lives: the first claim
    // starts its memory (its answer is the next test's subject), then the clock moves past the
    // longest token lifetime.
    await answer(a, await a.token(PATH));
    clock += (900 + TOLERANCE_SECONDS + 1) * 1000;
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.stop();
  });

  it('when Redis restarts empty, then tokens used before are refused by both instances, and new tokens pass once', async () => {
    const usedOnA = await a.token(PATH);
    const usedOnB = await a.token(PATH);
    const signedNotUsed = await a.token(PATH);
    expect(await answer(a, usedOnA)).toEqual({ status: 200, body: 'ok' });
    expect(await answer(b, usedOnB)).toEqual({ status: 200, body: 'ok' });
    expect(await answer(b, usedOnA)).toEqual({ status: 401, body: { error: 'Token replayed' } });

    await redis.stop();
    await redis.start();
    await bothReady();

    expect(await answer(b, usedOnA)).toEqual(refused);
    expect(await answer(a, usedOnB)).toEqual(refused);
    // A token signed before the loss could have been used before it: no store can tell.
    expect(await answer(a, signedNotUsed)).toEqual(refused);
    // Within the tolerance after the loss, an issuer clock ahead of ours could have stamped a
    // token used before it with this time: refused as well.
    expect(await answer(b, await a.token(PATH))).toEqual(refused);

    clock += (TOLERANCE_SECONDS + 1) * 1000;
    const fresh = await a.token(PATH);
    expect(await answer(b, fresh)).toEqual({ status: 200, body: 'ok' });
    expect(await answer(a, fresh)).toEqual({ status: 401, body: { error: 'Token replayed' } });
    expect(await answer(a, await a.token(PATH))).toEqual({ status: 200, body: 'ok' });
    // Refused again: the refusal recorded its jti in the new memory.
    expect(await answer(a, usedOnA)).toEqual({ status: 401, body: { error: 'Token replayed' } });
  });

  it('when a token says it was issued further ahead than the clock tolerance, then it is 401 Token not yet valid', async () => {
    const claims = holderClaims(TEST_SUBDOMAIN, TEST_BASE_URL + PATH, { now: clock });
    const ahead = { ...claims, iat: (claims.iat as number) + TOLERANCE_SECONDS + 60 };
    expect(await answer(a, await signToken(a.key, ahead))).toEqual({
      status: 401,
      body: { error: 'Token not yet valid' },
    });
  });
});

describe('replay protection on a brand-new Redis', () => {
  let redis: OwnRedis;
  let gw: TestGateway;
  let clock = Date.now();
  const capture = captureLogger('warn');

  beforeAll(async () => {
    redis = await startOwnRedis();
    gw = await startGateway(
      { REDIS_URL: redis.url, JWT_CLOCK_TOLERANCE_SECONDS: TOLERANCE_SECONDS },
      { now: () => clock, logger: capture.logger },
    );
  });
  afterAll(async () => {
    await gw?.close();
    await redis?.stop();
  });

  it('when the Redis holds no replay memory yet, then it is read as a loss: tokens pass only once the tolerance has passed', async () => {
    const early = await gw.token(PATH);
    const res = await gw.get(PATH, { headers: bearer(early) });
    expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({
      status: 401,
      body: { error: LOSS_MESSAGE },
    });
    clock += (TOLERANCE_SECONDS + 1) * 1000;
    expect((await gw.get(PATH)).status).toBe(200);
    // The operator is told once, when the memory began, and the log names no token.
    const started = capture.lines.filter((l) => l.includes('replay store memory begins now'));
    expect(started).toHaveLength(1);
    expect(JSON.parse(started[0]!)).toMatchObject({
      replayMemorySince: new Date(clock - (TOLERANCE_SECONDS + 1) * 1000).toISOString(),
    });
    expect(started[0]).not.toContain(early);
  });
});
