/**
 * What `/readyz` answers: this instance's own checks decide; shared dependencies are reported.
 */
import type CircuitBreaker from 'opossum';
import type { KeySet } from '../auth/key-set';
import type { CoreAdapter } from '../ports';
import type { RedisClient } from '../resilience/redis';

/** What `/readyz` reports. */
export interface Readiness {
  /** Every check passed (and not shutting down). */
  ready: boolean;
  /** This instance's own state: each decides readiness. */
  checks: Record<string, boolean>;
  /**
   * Shared dependencies, for operators only: every replica shares them, so an outage pulling all
   * of them out of rotation would turn documented 503s into a total outage.
   */
  dependencies: Record<string, boolean>;
}

/**
 * Readiness from this instance's own state only. Redis and the core's circuits are shared by every
 * replica: they are reported, and an outage of theirs is answered with 503s where it matters.
 */
export function readinessProbe(parts: {
  keySet: KeySet;
  coreAdapter: CoreAdapter;
  redis: RedisClient | undefined;
  cacheRedis: RedisClient | undefined;
  circuits: ReadonlyMap<string, CircuitBreaker>;
  stopping: () => boolean;
}): () => Readiness {
  const { keySet, coreAdapter, redis, cacheRedis, circuits } = parts;
  return () => {
    const checks: Record<string, boolean> = {
      config: true,
      keySet: keySet.isReady(),
      ...(coreAdapter.isReady ? { adapter: coreAdapter.isReady() } : {}),
      shuttingDown: parts.stopping(),
    };
    const ready = Object.entries(checks).every(([name, ok]) =>
      name === 'shuttingDown' ? !ok : ok,
    );
    const dependencies: Record<string, boolean> = {
      ...(redis ? { redis: redis.status === 'ready' } : {}),
      ...(cacheRedis && cacheRedis !== redis ? { cacheRedis: cacheRedis.status === 'ready' } : {}),
      core: [...circuits.values()].every((circuit) => circuit.closed),
      ...adapterDetails(coreAdapter),
    };
    return { ready, checks, dependencies };
  };
}

/** The adapter's readiness details, each named `<adapter id>.<name>`. */
function adapterDetails(adapter: CoreAdapter): Record<string, boolean> {
  const details = adapter.readinessDetails?.() ?? {};
  return Object.fromEntries(
    Object.entries(details).map(([name, ok]) => [`${adapter.id}.${name}`, ok]),
  );
}
