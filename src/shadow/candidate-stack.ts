/**
 * A candidate instance behind its own core-call layers (src/core-call/stack.ts), as a live
 * instance is, under its own id: its circuits, retry budget, maintenance windows, timeout, answer
 * check, metrics label and, with the ids layer, its own side of the ids (the gateway's ids in,
 * the gateway's ids out, aliases followed). So the live core's circuits never see its failures.
 *
 * But nothing it answers is cached, nor is the cache read: every read is given a cache lifetime
 * of 0 (the cache lookup then only makes the single-flight key, and the fill stores nothing), and
 * the store it is given holds nothing. Its reads keep a read's other layers (retried within its
 * own budget, identical shadow reads under way shared), where a call re-labelled as a write would
 * lose them and lie to the layers about what it is; and LAYERS stays as it is.
 */
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { type CoreCallStack, type CoreCallStackDeps, coreCallStack } from '../core-call/stack';
import type { CoreAdapter } from '../ports';
import { operations } from '../ports/operations';
import type { CacheStore } from '../stores/cache';

/** What a candidate's layers are made with: a live instance's, but the cache and the id. */
export type CandidateStackDeps = Omit<CoreCallStackDeps, 'cache' | 'adapterId'>;

/** A store that never holds anything: a read of it misses, a write of it is dropped. */
const NO_CACHE: CacheStore = {
  kind: 'memory',
  get: async () => undefined,
  set: async () => undefined,
};

/** Every read's cache lifetime and stale window 0: each read goes to the core. */
const NONE_CACHED: Readonly<Record<string, number>> = Object.fromEntries(
  operations()
    .filter((op) => op.policy.kind === 'read')
    .map((op) => [op.name, 0]),
);

/** The resilience settings of a candidate: the live ones, with nothing cached. */
export function uncachedSettings(settings: Config['resilience']): Config['resilience'] {
  return { ...settings, cacheTtlSeconds: NONE_CACHED, cacheStaleSeconds: NONE_CACHED };
}

/**
 * The candidate `adapter` under `id` behind its own layers, nothing cached.
 * @param logger already labelled with the candidate
 */
export function candidateStack(
  id: string,
  adapter: CoreAdapter,
  deps: CandidateStackDeps & { logger: Logger },
): CoreCallStack {
  return coreCallStack(adapter, {
    ...deps,
    settings: uncachedSettings(deps.settings),
    cache: NO_CACHE,
    adapterId: id,
  });
}
