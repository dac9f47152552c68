/**
 * The Redis modes: one server (REDIS_URL), Cluster (REDIS_CLUSTER_NODES) or Sentinel
 * (REDIS_SENTINELS + REDIS_SENTINEL_NAME); exactly one, each mode's settings only with it, and
 * WORKERS above 1 only with one of them.
 */
import { ConfigError, configFrom } from '../../src/config/config';
import { redisTargetOf } from '../../src/stores/redis';

function problemsOf(vars: Record<string, string | number>): string[] {
  try {
    configFrom(vars);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('Redis modes in the configuration', () => {
  it('when Cluster nodes are given, then they land as a list and the target is the Cluster', () => {
    const config = configFrom({
      REDIS_CLUSTER_NODES: 'r1:7000, r2.example:7001,[::1]:7002',
      REDIS_USERNAME: 'gateway',
      REDIS_PASSWORD: 'pw',
    });
    expect(config.redis).toMatchObject({
      clusterNodes: [
        { host: 'r1', port: 7000 },
        { host: 'r2.example', port: 7001 },
        { host: '::1', port: 7002 },
      ],
      username: 'gateway',
      password: 'pw',
      waitReplicas: 0,
    });
    expect(redisTargetOf(config)).toEqual({ mode: 'cluster', nodes: config.redis.clusterNodes });
  });

  it('when Sentinels are given, then the target is the named master and a claim waits for one replica by default', () => {
    const config = configFrom({
      REDIS_SENTINELS: 's1:26379,s2:26379',
      REDIS_SENTINEL_NAME: 'main',
      REDIS_SENTINEL_PASSWORD: 'spw',
    });
    expect(redisTargetOf(config)).toEqual({
      mode: 'sentinel',
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26379 },
      ],
      name: 'main',
    });
    expect(config.redis).toMatchObject({
      waitReplicas: 1,
      waitTimeoutMs: 100,
      sentinelPassword: 'spw',
    });
    expect(
      configFrom({ REDIS_SENTINELS: 's1:1', REDIS_SENTINEL_NAME: 'm', REDIS_WAIT_REPLICAS: 0 })
        .redis.waitReplicas,
    ).toBe(0);
  });

  it('when nothing is set, then there is no Redis, and REDIS_URL alone is one server', () => {
    expect(redisTargetOf(configFrom({}))).toBeUndefined();
    expect(redisTargetOf(configFrom({ REDIS_URL: 'redis://r:6379' }))).toEqual({
      mode: 'single',
      url: 'redis://r:6379',
    });
  });

  it('when two modes are set, then start-up is refused naming both', () => {
    expect(problemsOf({ REDIS_URL: 'redis://r:6379', REDIS_CLUSTER_NODES: 'a:1' })).toEqual([
      'REDIS_URL, REDIS_CLUSTER_NODES: set one Redis mode only (one server, Cluster or Sentinel)',
    ]);
    expect(
      problemsOf({ REDIS_CLUSTER_NODES: 'a:1', REDIS_SENTINELS: 'b:2', REDIS_SENTINEL_NAME: 'm' }),
    ).toEqual([
      'REDIS_CLUSTER_NODES, REDIS_SENTINELS: set one Redis mode only (one server, Cluster or Sentinel)',
    ]);
  });

  it.each([
    [{ REDIS_SENTINELS: 's:26379' }, 'REDIS_SENTINEL_NAME: required with REDIS_SENTINELS'],
    [{ REDIS_SENTINEL_NAME: 'm' }, 'REDIS_SENTINEL_NAME: only with REDIS_SENTINELS'],
    [
      { REDIS_URL: 'redis://r:1', REDIS_PASSWORD: 'x' },
      'REDIS_PASSWORD: only with REDIS_CLUSTER_NODES or REDIS_SENTINELS (put it in REDIS_URL)',
    ],
    [{ REDIS_CLUSTER_NODES: 'a:70000' }, 'REDIS_CLUSTER_NODES: port out of range in a:70000'],
    [
      { REDIS_CLUSTER_NODES: 'a:1', REDIS_WAIT_REPLICAS: 1 },
      'REDIS_WAIT_REPLICAS: not supported with REDIS_CLUSTER_NODES',
    ],
    [
      { WORKERS: 2, METRICS_PORT: 9100 },
      'WORKERS: more than 1 needs a shared Redis (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS): the in-process replay store is not shared between workers',
    ],
    [
      { WORKERS: 2, REDIS_URL: 'redis://r:1' },
      "WORKERS: more than 1 needs METRICS_PORT, where the primary serves every worker's metrics",
    ],
  ])('when %j, then start-up is refused: %s', (vars, problem) => {
    expect(problemsOf(vars)).toEqual([problem]);
  });

  it('when a node list is not host:port items, then it is refused by its name', () => {
    expect(problemsOf({ REDIS_CLUSTER_NODES: 'a:1,,b' })[0]).toMatch(
      /^REDIS_CLUSTER_NODES: must match pattern/,
    );
    expect(problemsOf({ REDIS_SENTINELS: 'redis://s:1', REDIS_SENTINEL_NAME: 'm' })[0]).toMatch(
      /^REDIS_SENTINELS: must match pattern/,
    );
  });
});
