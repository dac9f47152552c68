/**
 * The cache lookup layer (reads): a fresh entry answers at once; otherwise the call goes on with
 * its key (also the single-flight key) and the entry found, which the cache fill serves stale if
 * the core fails. An operation cached for 0 seconds is never looked up, but still keyed.
 */
import type { CachedCalls } from '../resilience/cached-calls';
import type { CachedLookup, CoreCall, Layer } from './core-call';
import type { CoreCallEvents } from './events';

/** How long each operation's answers stay fresh, and then may be served stale (ms). */
export type Lifetimes = (call: CoreCall) => { ttlMs: number; staleMs: number };

export function cacheLookupLayer(
  adapter: string,
  cached: CachedCalls,
  lifetimes: Lifetimes,
  events: CoreCallEvents,
  now: () => number,
): Layer {
  return (next) => async (call) => {
    const operation = call.operation.name;
    const { ttlMs, staleMs } = lifetimes(call);
    const key = cached.key(operation, call.args);
    const entry = ttlMs > 0 ? await cached.get(operation, key) : undefined;
    if (entry && now() - entry.storedAt < ttlMs) {
      events.publish({ type: 'cache', adapter, operation, result: 'hit' });
      return entry.value;
    }
    if (ttlMs > 0) events.publish({ type: 'cache', adapter, operation, result: 'miss' });
    const lookup: CachedLookup = { key, entry, ttlMs, staleMs };
    return next({ ...call, cached: lookup });
  };
}
