/**
 * The cache fill layer (reads, inside the single flight, so once per shared call): a core's
 * answer is stored for its lifetime and served as the read-only copy a hit would serve; when the
 * core fails, the entry the lookup found is served stale while it is within its stale time.
 */
import type { CachedCalls } from '../resilience/cached-calls';
import { isCoreFailure } from '../resilience/core-failure';
import type { Layer } from './core-call';
import type { CoreCallEvents } from './events';

export function cacheFillLayer(
  adapter: string,
  cached: CachedCalls,
  events: CoreCallEvents,
  now: () => number,
): Layer {
  return (next) => (call) => {
    const lookup = call.cached;
    if (!lookup) return next(call);
    const { key, entry, ttlMs, staleMs } = lookup;
    const operation = call.operation.name;
    return next(call).then(
      (value) => (ttlMs > 0 ? cached.store(operation, key, value, ttlMs + staleMs) : value),
      (err: unknown) => {
        if (entry && isCoreFailure(err) && now() - entry.storedAt < ttlMs + staleMs) {
          events.publish({ type: 'cache', adapter, operation, result: 'stale' });
          return entry.value;
        }
        throw err;
      },
    );
  };
}
