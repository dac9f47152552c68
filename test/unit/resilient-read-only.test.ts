/**
 * What the resilience stack serves from a cached operation is read-only, from a miss, a hit, a
 * joined call or a stale answer alike (docs/decisions/0050-read-only-cached-values.md); an
 * operation that is not cached serves the adapter's own answer.
 */
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import { CoreUnavailableError } from '../../src/errors';
import { GatewayMetrics } from '../../src/observability/metrics';
import type { CallContext, CoreAdapter } from '../../src/ports';
import { memoryCacheStore, ReadOnlyMap } from '../../src/stores/cache';
import { redisKeys } from '../../src/stores/redis-keys';
import { withResilience } from '../helpers/core-call';

const ctx = (): CallContext => ({ signal: new AbortController().signal, requestId: 'r-1' });

/** A core answering fresh mutable objects, counting its calls; `fail` makes it unavailable. */
function core() {
  const state = { calls: 0, fail: false };
  const answer = async <T>(make: () => T): Promise<T> => {
    state.calls += 1;
    await new Promise((r) => setImmediate(r));
    if (state.fail) throw new CoreUnavailableError();
    return make();
  };
  const adapter = {
    id: 'memory',
    authorisation: { listShareableAccounts: async () => [] },
    customer: {
      getCustomerDetail: () => answer(() => ({ customerUType: 'person', person: { tags: ['a'] } })),
      searchCustomersByEmail: () => answer(() => [{ id: 'c-1', name: 'N' }]),
    },
    banking: {
      listAccounts: async () => [],
      listBalances: async () => [],
      listDirectDebits: async () => [],
      listScheduledPayments: async () => [],
      listInstalmentPlans: () =>
        answer(() => new Map([['a-1', { supported: true, plans: [{ planId: 'p' }] }]])),
      listPayees: async () => [],
    },
  } as unknown as CoreAdapter;
  return { adapter, state };
}

function resilient(adapter: CoreAdapter, now: () => number = Date.now) {
  return withResilience(adapter, {
    settings: configFrom({ RETRY_ATTEMPTS: 0 }).resilience,
    metrics: new GatewayMetrics({ processMetrics: false }),
    cache: memoryCacheStore(100),
    keys: redisKeys({ namespace: 'unit' }),
    logger: pino({ level: 'silent' }),
    now,
  });
}

describe('read-only answers of cached operations', () => {
  it('when callers share a miss and a later call hits, then all get one frozen value', async () => {
    const { adapter, state } = core();
    const r = resilient(adapter);
    try {
      const [first, joined] = await Promise.all([
        r.adapter.customer.getCustomerDetail('c-1', ctx()),
        r.adapter.customer.getCustomerDetail('c-1', ctx()),
      ]);
      await new Promise((resolve) => setImmediate(resolve));
      const hit = await r.adapter.customer.getCustomerDetail('c-1', ctx());
      expect(state.calls).toBe(1);
      expect(joined).toBe(first);
      expect(hit).toBe(first);
      const person = (first as unknown as { person: { tags: string[] } }).person;
      expect(Object.isFrozen(first) && Object.isFrozen(person.tags)).toBe(true);
      expect(() => person.tags.push('b')).toThrow(TypeError);
    } finally {
      r.close();
    }
  });

  it('when instalment plans are served from a miss, then their Map is read-only', async () => {
    const { adapter } = core();
    const r = resilient(adapter);
    try {
      const plans = await r.adapter.banking!.listInstalmentPlans('c-1', ['a-1'], ctx());
      expect(plans).toBeInstanceOf(ReadOnlyMap);
      expect(() => plans.delete('a-1')).toThrow(TypeError);
      expect(plans.get('a-1')).toEqual({ supported: true, plans: [{ planId: 'p' }] });
    } finally {
      r.close();
    }
  });

  it('when the core fails after the lifetime, then the stale answer served is the frozen one', async () => {
    const { adapter, state } = core();
    let clock = 1_000_000;
    const r = resilient(adapter, () => clock);
    try {
      const fresh = await r.adapter.customer.getCustomerDetail('c-1', ctx());
      await new Promise((resolve) => setImmediate(resolve));
      clock += 301_000;
      state.fail = true;
      const stale = await r.adapter.customer.getCustomerDetail('c-1', ctx());
      expect(state.calls).toBe(2);
      expect(stale).toBe(fresh);
      expect(Object.isFrozen(stale)).toBe(true);
    } finally {
      r.close();
    }
  });

  it('when an operation is not cached, then its callers get the adapter own answer', async () => {
    const { adapter } = core();
    const r = resilient(adapter);
    try {
      const found = await r.adapter.customer.searchCustomersByEmail!('a@example.com', ctx());
      expect(Object.isFrozen(found)).toBe(false);
    } finally {
      r.close();
    }
  });
});
