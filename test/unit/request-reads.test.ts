/**
 * Reads shared within one request (`CallContext.reads`): one memo per request, customer and
 * adapter instance, handed to the adapter by the resilience stack; never shared between two
 * requests or two customers, failed reads forgotten, and the cache and single-flight unchanged.
 */
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import { GatewayMetrics } from '../../src/observability/metrics';
import { readOnce, type CallContext, type CoreAdapter } from '../../src/ports';
import { memoryCacheStore } from '../../src/stores/cache';
import { OPERATION_NAMES } from '../../src/ports/operations';
import { redisKeys } from '../../src/stores/redis-keys';
import {
  CUSTOMERS_PER_REQUEST,
  READ_KEY_MAX_LENGTH,
  READ_KEYS_BYTES,
  readKeyBytes,
  RequestMemo,
  RequestScopes,
} from '../../src/resilience/request-reads';
import { withResilience } from '../helpers/core-call';

const NO_CACHE = JSON.stringify(Object.fromEntries(OPERATION_NAMES.map((k) => [k, 0])));
/** A new request's context: one object per request, as the router makes it. */
const request = (id = 'r-1'): CallContext => ({
  signal: new AbortController().signal,
  requestId: id,
});

function resilient(adapter: CoreAdapter, env: Record<string, string> = {}) {
  return withResilience(adapter, {
    settings: configFrom({ RETRY_ATTEMPTS: 0, CACHE_TTL_SECONDS: NO_CACHE, ...env }).resilience,
    metrics: new GatewayMetrics({ processMetrics: false }),
    cache: memoryCacheStore(100),
    keys: redisKeys({ namespace: 'unit' }),
    logger: pino({ level: 'silent' }),
    now: Date.now,
  });
}

/** A core whose every port call reads the customer's "account list" through `readOnce`. */
function countingCore() {
  const reads: string[] = [];
  const seen: (CallContext['reads'] | undefined)[] = [];
  const list = async (customerId: string, ctx: CallContext) => {
    seen.push(ctx.reads);
    return readOnce(ctx, 'accounts', async () => {
      reads.push(customerId);
      return [`${customerId}-a`];
    });
  };
  const adapter = {
    id: 'memory',
    authorisation: { listShareableAccounts: async () => [] },
    customer: {
      getCustomerDetail: async () => ({}) as never,
      searchCustomersByEmail: async (_email: string, ctx: CallContext) => {
        seen.push(ctx.reads);
        return [];
      },
    },
    banking: {
      listAccounts: list,
      listBalances: async (customerId: string, _ids: string[], ctx: CallContext) =>
        (await list(customerId, ctx)).map((accountId) => ({ accountId })),
      listDirectDebits: async () => [],
      listScheduledPayments: async () => [],
      listInstalmentPlans: async () => new Map(),
      listPayees: async () => [],
    },
  } as unknown as CoreAdapter;
  return { adapter, reads, seen };
}

describe('request reads', () => {
  it('when a key is read twice in one memo, then the read runs once; a failed read is read again', async () => {
    const memo = new RequestMemo();
    let runs = 0;
    const read = async () => {
      runs += 1;
      if (runs === 1) throw new Error('core down');
      return runs;
    };
    await expect(memo.once('k', read)).rejects.toThrow('core down');
    expect(await memo.once('k', read)).toBe(2);
    expect(await memo.once('k', read)).toBe(2);
    expect(runs).toBe(2);
  });

  it('when keys past READ_KEYS_BYTES are read, then they are read each time and the memo keeps no more', async () => {
    const memo = new RequestMemo();
    const key = (i: number) => `/accounts/${i}`.padEnd(500, 'x');
    const fits = Math.floor(READ_KEYS_BYTES / readKeyBytes(key(0)));
    let runs = 0;
    const read = async () => (runs += 1);
    for (let round = 0; round < 2; round += 1)
      for (let i = 0; i < fits + 10; i += 1) await memo.once(key(i), read);
    expect({ runs, size: memo.size }).toEqual({ runs: fits + 20, size: fits });
    expect(memo.bytes).toBeLessThanOrEqual(READ_KEYS_BYTES);
  });

  it('when a key is longer than READ_KEY_MAX_LENGTH, then it is read each time and not kept; a failed read gives its bytes back', async () => {
    const memo = new RequestMemo();
    let runs = 0;
    const long = 'k'.repeat(READ_KEY_MAX_LENGTH + 1);
    await memo.once(long, async () => (runs += 1));
    await memo.once(long, async () => (runs += 1));
    await expect(memo.once('k', () => Promise.reject(new Error('core down')))).rejects.toThrow();
    expect({ runs, size: memo.size, bytes: memo.bytes }).toEqual({ runs: 2, size: 0, bytes: 0 });
  });

  it('when one request asks for more customers than CUSTOMERS_PER_REQUEST, then the others read without a memo', async () => {
    const scopes = new RequestScopes();
    const ctx = request();
    const memos = Array.from({ length: CUSTOMERS_PER_REQUEST + 1 }, (_, i) =>
      scopes.of(ctx, `c-${i}`),
    );
    expect(memos.slice(0, -1).every((m) => m instanceof RequestMemo)).toBe(true);
    let runs = 0;
    const last = memos.at(-1)!;
    await last.once('k', async () => (runs += 1));
    await last.once('k', async () => (runs += 1));
    expect({ memo: last instanceof RequestMemo, runs }).toEqual({ memo: false, runs: 2 });
  });

  it('when scopes are asked, then one memo per request object and customer', () => {
    const scopes = new RequestScopes();
    const a = request();
    const b = request();
    expect(scopes.of(a, 'c-1')).toBe(scopes.of(a, 'c-1'));
    expect(scopes.of(a, 'c-1')).not.toBe(scopes.of(a, 'c-2'));
    expect(scopes.of(a, 'c-1')).not.toBe(scopes.of(b, 'c-1'));
  });

  it('when one request makes the account check and the data call, then the core reads once', async () => {
    const { adapter, reads } = countingCore();
    const r = resilient(adapter);
    try {
      const ctx = request();
      await r.adapter.banking!.listAccounts('c-1', ctx);
      await r.adapter.banking!.listBalances('c-1', ['c-1-a'], ctx);
      expect(reads).toEqual(['c-1']);
    } finally {
      r.close();
    }
  });

  it('when two requests of the same customer come one after the other, then each reads for itself', async () => {
    const { adapter, reads } = countingCore();
    const r = resilient(adapter);
    try {
      await r.adapter.banking!.listBalances('c-1', ['c-1-a'], request('r-1'));
      await r.adapter.banking!.listBalances('c-1', ['c-1-a'], request('r-2'));
      expect(reads).toEqual(['c-1', 'c-1']);
    } finally {
      r.close();
    }
  });

  it('when one request context is used for two customers, then neither sees the other’s records', async () => {
    const { adapter, reads } = countingCore();
    const r = resilient(adapter);
    try {
      const ctx = request();
      const one = await r.adapter.banking!.listAccounts('c-1', ctx);
      const two = await r.adapter.banking!.listAccounts('c-2', ctx);
      expect([one, two, reads]).toEqual([['c-1-a'], ['c-2-a'], ['c-1', 'c-2']]);
    } finally {
      r.close();
    }
  });

  it('when two adapter instances serve one request, then each has its own reads', async () => {
    const first = countingCore();
    const second = countingCore();
    const r1 = resilient(first.adapter);
    const r2 = resilient(second.adapter);
    try {
      const ctx = request();
      await r1.adapter.banking!.listAccounts('c-1', ctx);
      await r2.adapter.banking!.listAccounts('c-1', ctx);
      expect([first.reads, second.reads]).toEqual([['c-1'], ['c-1']]);
    } finally {
      r1.close();
      r2.close();
    }
  });

  it('when a call has no customer (the customer search), then the adapter gets no reads', async () => {
    const { adapter, seen } = countingCore();
    const r = resilient(adapter);
    try {
      await r.adapter.customer.searchCustomersByEmail!('jane@example.com', request());
      await r.adapter.banking!.listAccounts('c-1', request());
      expect([seen[0], seen[1] instanceof RequestMemo]).toEqual([undefined, true]);
    } finally {
      r.close();
    }
  });

  it('when the answer is cached, then a later request is served from the cache, not from an old request’s reads', async () => {
    const { adapter, reads } = countingCore();
    const r = resilient(adapter, { CACHE_TTL_SECONDS: '{}' });
    try {
      await r.adapter.banking!.listAccounts('c-1', request('r-1'));
      await r.adapter.banking!.listAccounts('c-1', request('r-2'));
      await r.adapter.banking!.listBalances('c-1', ['c-1-a'], request('r-3'));
      expect(reads).toEqual(['c-1', 'c-1']);
    } finally {
      r.close();
    }
  });

  it('when the adapter is called without the gateway (no reads given), then readOnce reads every time', async () => {
    const { adapter, reads } = countingCore();
    const ctx = request();
    await adapter.banking!.listAccounts('c-1', ctx);
    await adapter.banking!.listAccounts('c-1', ctx);
    expect(reads).toEqual(['c-1', 'c-1']);
  });
});
