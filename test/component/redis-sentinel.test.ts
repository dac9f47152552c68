/**
 * Two gateway instances on a real Sentinel-managed Redis of the test's own (a master, two
 * replicas, three Sentinels on loopback ports): replay refused across them, cache and rate limits
 * shared; then the master is killed by PID under a steady load. Every token accepted before,
 * during or after the failover must still be refused as a replay afterwards (each claim waited
 * for a replica: REDIS_WAIT_REPLICAS=1 by default with Sentinel), no replay may pass at any time,
 * and both instances serve again without a restart.
 */
import crypto from 'node:crypto';
import { TEST_SUBDOMAIN, type TestGateway } from '../helpers/gateway';
import type { LoopbackCore } from '../helpers/loopback-core';
import { replayMemoryLongKept, startOwnSentinel, type OwnSentinel } from '../helpers/redis-server';
import { waitFor } from '../helpers/wait';
import {
  DETAIL,
  expectCacheShared,
  expectRateLimitShared,
  expectReplayRefusedAcross,
  startTwoInstances,
  type TwoInstances,
} from './redis-shared';

const LIMIT = 3;

/** What a steady load saw: accepted tokens, replays that passed, answers by status. */
interface LoadRecord {
  accepted: string[];
  replaysPassed: number;
  statuses: Map<number, number>;
}

/**
 * `workers` loops, each sending a fresh token to one instance or the other, and every third
 * request a replay of a token accepted before, until `stop()`.
 */
function steadyLoad(gateways: readonly TestGateway[], signer: TestGateway, workers: number) {
  const record: LoadRecord = { accepted: [], replaysPassed: 0, statuses: new Map() };
  let running = true;
  const loop = async (worker: number) => {
    for (let i = 0; running; i += 1) {
      const gw = gateways[(worker + i) % gateways.length]!;
      const replay = i % 3 === 2 && record.accepted.length > 0;
      const token = replay
        ? record.accepted[crypto.randomInt(record.accepted.length)]!
        : await signer.token(DETAIL);
      // A keep-alive connection the gateway closed as this request went out: no answer (0).
      const res = await gw
        .get(DETAIL, { headers: { authorization: `Bearer ${token}` } })
        .catch(() => ({ status: 0 }));
      record.statuses.set(res.status, (record.statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200 && replay) record.replaysPassed += 1;
      if (res.status === 200 && !replay) record.accepted.push(token);
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
  return {
    record,
    async stop() {
      running = false;
      await done;
    },
  };
}

describe('two gateway instances on Redis Sentinel', () => {
  let redis: OwnSentinel;
  let core: LoopbackCore;
  let twins: TwoInstances | undefined;
  let a: TestGateway;
  let b: TestGateway;

  beforeAll(async () => {
    redis = await startOwnSentinel();
    await replayMemoryLongKept(
      { sentinels: redis.sentinelPorts, name: redis.name },
      TEST_SUBDOMAIN,
    );
    ({ a, b, core } = twins = await startTwoInstances(
      { REDIS_SENTINELS: redis.sentinels, REDIS_SENTINEL_NAME: redis.name },
      LIMIT,
    ));
  }, 60_000);
  afterAll(async () => {
    await twins?.close();
    await redis?.stop();
  });

  it('when a token is used on one instance, then the other refuses it as a replay', async () => {
    await expectReplayRefusedAcross(a, b);
  });

  it('when one instance caches a result, then the other serves it without calling the core', async () => {
    await expectCacheShared(a, b, core, '/v1/common/customer/c-1003/detail');
  });

  it('when requests go to both instances, then one rate limit counts them all', async () => {
    await expectRateLimitShared(a, b, LIMIT);
  });

  it('when the master is killed under load, then no accepted token is forgotten, no replay passes, and both instances recover', async () => {
    const load = steadyLoad([a, b], a, 4);
    // Under way: tokens accepted, so that replays of them are being sent too.
    await waitFor(() => load.record.accepted.length >= 8, 'tokens accepted under the load');
    const acceptedBefore = load.record.accepted.length;
    expect(acceptedBefore).toBeGreaterThan(0);
    const oldMaster = await redis.killMaster();
    await redis.failedOver(oldMaster, 30_000);
    // Recovered: both instances accept fresh tokens again.
    const recovered = async () => {
      for (const gw of [a, b]) {
        const token = await a.token(DETAIL);
        const res = await gw.get(DETAIL, { headers: { authorization: `Bearer ${token}` } });
        if (res.status !== 200) return false;
      }
      return true;
    };
    expect(await waitFor(recovered, 'both instances accepting fresh tokens')).toBe(true);
    const acceptedAtRecovery = load.record.accepted.length;
    // The load goes on past the recovery: more tokens accepted.
    await waitFor(
      () => load.record.accepted.length > acceptedAtRecovery,
      'tokens accepted after the recovery',
    );
    await load.stop();
    const { accepted, replaysPassed, statuses } = load.record;
    expect(accepted.length).toBeGreaterThan(acceptedAtRecovery);
    expect(replaysPassed).toBe(0);
    // Only answers the interface documents: served, refused replays, refused while Redis failed over.
    expect([...statuses.keys()].every((s) => [0, 200, 401, 503].includes(s))).toBe(true);

    // Every token accepted at any time is remembered by the new master, on both instances.
    const forgotten: number[] = [];
    for (const [i, token] of accepted.entries()) {
      const gw = i % 2 === 0 ? a : b;
      const res = await gw.get(DETAIL, { headers: { authorization: `Bearer ${token}` } });
      if (!(res.status === 401 && res.body?.error === 'Token replayed')) forgotten.push(res.status);
    }
    expect({ accepted: accepted.length, forgotten }).toEqual({
      accepted: accepted.length,
      forgotten: [],
    });
  }, 60_000);
});
