/**
 * What `/readyz` answers: this instance's own checks decide; shared dependencies are reported.
 */
import type CircuitBreaker from 'opossum';
import type { KeySet } from '../auth/key-set';
import type { CoreAdapter } from '../ports';
import type { RedisClient } from '../stores/redis';

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

/** One core adapter instance as readiness sees it. */
export interface ReadinessCore {
  id: string;
  /** The adapter itself (not the resilience wrapper): its own `isReady` and details. */
  adapter: CoreAdapter;
  circuits: ReadonlyMap<string, CircuitBreaker>;
}

/**
 * Readiness from this instance's own state only. Redis and the cores' circuits are shared by
 * every replica: they are reported, and an outage of theirs is answered with 503s where it
 * matters. Each core is reported under its id (`adapter.<id>`, `core.<id>`), beside the totals
 * (`adapter`, `core`), so that an operator sees which core is not ready.
 */
export function readinessProbe(parts: {
  keySet: KeySet;
  cores: readonly ReadinessCore[];
  redis: RedisClient | undefined;
  cacheRedis: RedisClient | undefined;
  stopping: () => boolean;
}): () => Readiness {
  const { keySet, cores, redis, cacheRedis } = parts;
  return () => {
    const adapterChecks = Object.fromEntries(
      cores.flatMap(({ id, adapter }) =>
        adapter.isReady ? [[`adapter.${id}`, adapter.isReady()]] : [],
      ),
    ) as Record<string, boolean>;
    const checks: Record<string, boolean> = {
      config: true,
      keySet: keySet.isReady(),
      ...(Object.keys(adapterChecks).length > 0
        ? { adapter: Object.values(adapterChecks).every(Boolean), ...adapterChecks }
        : {}),
      shuttingDown: parts.stopping(),
    };
    const ready = Object.entries(checks).every(([name, ok]) =>
      name === 'shuttingDown' ? !ok : ok,
    );
    const coreClosed = cores.map(
      ({ id, circuits }) =>
        [`core.${id}`, [...circuits.values()].every((circuit) => circuit.closed)] as const,
    );
    const dependencies: Record<string, boolean> = {
      ...(redis ? { redis: redis.status === 'ready' } : {}),
      ...(cacheRedis && cacheRedis !== redis ? { cacheRedis: cacheRedis.status === 'ready' } : {}),
      core: coreClosed.every(([, closed]) => closed),
      ...Object.fromEntries(coreClosed),
      ...Object.assign({}, ...cores.map(adapterDetails)),
    };
    return { ready, checks, dependencies };
  };
}

/** The adapter's readiness details, each named `<adapter id>.<name>`. */
function adapterDetails({ id, adapter }: ReadinessCore): Record<string, boolean> {
  const details = adapter.readinessDetails?.() ?? {};
  return Object.fromEntries(Object.entries(details).map(([name, ok]) => [`${id}.${name}`, ok]));
}
