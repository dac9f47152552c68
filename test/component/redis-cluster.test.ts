/**
 * Two gateway instances on a real Redis Cluster of the test's own (three masters on loopback
 * ports): replay refused across them, cache and rate limits shared. The replay script touches the
 * claimed id and the start of memory in one call: their hash tag keeps them in one slot, else the
 * Cluster would refuse it (CROSSSLOT) and every request would be 503.
 */
import { Cluster } from 'ioredis';
import { replayEpochKey, replayKeyPrefix } from '../../src/auth/replay-store';
import { redisKeys } from '../../src/stores/redis-keys';
import { TEST_SUBDOMAIN, type TestGateway } from '../helpers/gateway';
import type { LoopbackCore } from '../helpers/loopback-core';
import { replayMemoryLongKept, startOwnCluster, type OwnCluster } from '../helpers/redis-server';
import {
  expectCacheShared,
  expectRateLimitShared,
  expectReplayRefusedAcross,
  startTwoInstances,
  type TwoInstances,
} from './redis-shared';

const LIMIT = 3;

describe('two gateway instances on Redis Cluster', () => {
  let cluster: OwnCluster;
  let core: LoopbackCore;
  let twins: TwoInstances | undefined;
  let a: TestGateway;
  let b: TestGateway;

  beforeAll(async () => {
    cluster = await startOwnCluster();
    await replayMemoryLongKept({ cluster: cluster.ports }, TEST_SUBDOMAIN);
    ({ a, b, core } = twins = await startTwoInstances(
      { REDIS_CLUSTER_NODES: cluster.nodes },
      LIMIT,
    ));
  }, 60_000);
  afterAll(async () => {
    await twins?.close();
    await cluster?.stop();
  });

  it('when a token is used on one instance, then the other refuses it as a replay', async () => {
    await expectReplayRefusedAcross(a, b);
  });

  it('when one instance caches a result, then the other serves it without calling the core', async () => {
    await expectCacheShared(a, b, core, '/v1/common/customer/c-1002/detail');
  });

  it('when requests go to both instances, then one rate limit counts them all', async () => {
    await expectRateLimitShared(a, b, LIMIT);
  });

  it('the keys spread over the masters, while every replay key shares the slot of the start of memory', async () => {
    const client = new Cluster(cluster.ports.map((port) => ({ host: '127.0.0.1', port })));
    try {
      await new Promise((resolve) => client.once('ready', resolve));
      const keysPerMaster = await Promise.all(client.nodes('master').map((n) => n.keys('dhg:*')));
      const all = keysPerMaster.flat();
      const keys = redisKeys({ namespace: TEST_SUBDOMAIN });
      const epochSlot = await client.cluster('KEYSLOT', replayEpochKey(keys));
      const replayKeys = all.filter((k) => k.startsWith(replayKeyPrefix(keys)));
      expect(replayKeys.length).toBeGreaterThanOrEqual(4); // the start and three claims
      for (const key of replayKeys) expect(await client.cluster('KEYSLOT', key)).toBe(epochSlot);
      // Cache and rate-limit keys are not pinned to that slot: more than one master holds keys.
      expect(keysPerMaster.filter((keys) => keys.length > 0).length).toBeGreaterThan(1);
    } finally {
      client.disconnect();
    }
  });
});
