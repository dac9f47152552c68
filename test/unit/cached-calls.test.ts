/** The cache layer: keys without raw ids, and a failing store that never fails a call. */
import crypto from 'node:crypto';
import pino from 'pino';
import { GatewayMetrics } from '../../src/observability/metrics';
import type { CacheEntry, CacheStore } from '../../src/stores/cache';
import { jsonTextOf, memoryCacheStore, redisCacheStore, serialize } from '../../src/stores/cache';
import type { RedisClient } from '../../src/stores/redis';
import {
  CachedCalls,
  KEY_MEMO_BYTES,
  KEY_MEMO_ENTRY_BYTES,
  KEYS_REMEMBERED,
} from '../../src/resilience/cached-calls';
import { redisKeys } from '../../src/stores/redis-keys';

const keys = redisKeys({ namespace: 'unit', secret: 'k'.repeat(43) });

const failingStore: CacheStore = {
  kind: 'redis',
  get: () => Promise.reject(new Error('store down')),
  set: () => Promise.reject(new Error('store down')),
};

function cachedCalls(cache: CacheStore, metrics = new GatewayMetrics({ processMetrics: false })) {
  return {
    metrics,
    calls: new CachedCalls({
      adapterId: 'demo',
      cache,
      keys,
      logger: pino({ level: 'silent' }),
      now: () => 1000,
      onError: (operation) =>
        metrics.cacheEvents.inc({ adapter: 'demo', operation, result: 'error' }),
    }),
  };
}

async function errorCount(metrics: GatewayMetrics): Promise<number> {
  const values = (await metrics.cacheEvents.get()).values;
  return values.filter((v) => v.labels.result === 'error').reduce((sum, v) => sum + v.value, 0);
}

describe('CachedCalls', () => {
  it('when a key is made, then it names namespace, adapter and operation and holds neither a raw customer id or argument nor their plain SHA-256', () => {
    const { calls } = cachedCalls(memoryCacheStore(10));
    const key = calls.key('banking.listBalances', ['c-1001', ['acc-b-1001-01']]);
    expect(key).toMatch(/^dhg:unit:cache:v1:demo:banking\.listBalances:[\w-]{43}:[\w-]{43}$/);
    expect(key).not.toContain('c-1001');
    expect(key).not.toContain('acc-b-1001-01');
    for (const plain of ['"c-1001"', '[["acc-b-1001-01"]]']) {
      expect(key).not.toContain(crypto.hash('sha256', plain, 'base64url'));
    }
    expect(calls.key('banking.listBalances', ['c-1002', ['acc-b-1001-01']])).not.toBe(key);
  });

  it('when keys are remembered, then each is the digest of its own customer and arguments, also past the limit', () => {
    const { calls } = cachedCalls(memoryCacheStore(10));
    const expected = (operation: string, customerId: unknown, rest: unknown[]) =>
      keys.key(
        'cache',
        'v1',
        'demo',
        operation,
        keys.digest(JSON.stringify(customerId) ?? 'undefined'),
        keys.digest(JSON.stringify(rest)),
      );
    const asked: [string, unknown[]][] = [
      ['banking.listBalances', ['c-1', ['a-1']]],
      ['banking.listBalances', ['c-2', ['a-1']]],
      ['banking.listAccounts', ['c-1', ['a-1']]],
      ['banking.listBalances', ['c-1', ['a-1'], { page: 2 }]],
      ['customer.getCustomerDetail', [undefined]],
      ['customer.getCustomerDetail', [null]],
      ['customer.getCustomerDetail', ['c\u0000x']],
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const [operation, args] of asked) {
        const [customerId, ...rest] = args;
        expect(calls.key(operation, args)).toBe(expected(operation, customerId, rest));
      }
    }
    for (let i = 0; i <= KEYS_REMEMBERED; i += 1)
      calls.key('customer.getCustomerDetail', [`c-${i}`]);
    expect(calls.key('customer.getCustomerDetail', ['c-7'])).toBe(
      expected('customer.getCustomerDetail', 'c-7', []),
    );
  });

  it('when a call names 1,000 ids of 256 characters, then its key is made each time and nothing of it is remembered', () => {
    const { calls } = cachedCalls(memoryCacheStore(10));
    const digest = jest.spyOn(keys, 'digest');
    try {
      const ids = Array.from({ length: 1000 }, (_, i) => `${i}-`.padEnd(256, 'x'));
      const first = calls.key('banking.listAccountsById', ['c-1', ids]);
      expect(calls.key('banking.listAccountsById', ['c-1', ids])).toBe(first);
      expect(digest).toHaveBeenCalledTimes(4);
      expect(calls.memoBytes).toBe(0);
    } finally {
      digest.mockRestore();
    }
  });

  it('when calls of long arguments keep coming, then the keys remembered stay within KEY_MEMO_BYTES, the least recently used forgotten first', () => {
    const { calls } = cachedCalls(memoryCacheStore(10));
    const args = (i: number) => ['c-1', [`${i}-`.padEnd(KEY_MEMO_ENTRY_BYTES / 4, 'x')]];
    const CALLS = 3000; // over 1.5 times what KEY_MEMO_BYTES holds of them
    for (let i = 0; i < CALLS; i += 1) calls.key('banking.listAccountsById', args(i));
    expect(calls.memoBytes).toBeLessThanOrEqual(KEY_MEMO_BYTES);
    expect(calls.memoBytes).toBeGreaterThan(KEY_MEMO_BYTES / 2);
    const digest = jest.spyOn(keys, 'digest');
    try {
      calls.key('banking.listAccountsById', args(CALLS - 1));
      expect(digest).not.toHaveBeenCalled();
      calls.key('banking.listAccountsById', args(0));
      expect(digest).toHaveBeenCalledTimes(2);
    } finally {
      digest.mockRestore();
    }
  });

  it('when a value is set, then it is read back with its time', async () => {
    const { calls } = cachedCalls(memoryCacheStore(10));
    calls.set('customer.getCustomerDetail', 'k', { name: 'x' }, 60_000);
    await new Promise((r) => setImmediate(r));
    expect(await calls.get('customer.getCustomerDetail', 'k')).toEqual({
      value: { name: 'x' },
      storedAt: 1000,
    });
  });

  it('when the store fails, then reads give nothing, writes do not throw, and both are counted', async () => {
    const { calls, metrics } = cachedCalls(failingStore);
    expect(await calls.get('customer.getCustomerDetail', 'k')).toBeUndefined();
    calls.set('customer.getCustomerDetail', 'k', {}, 1000);
    await new Promise((r) => setImmediate(r));
    expect(await errorCount(metrics)).toBe(2);
  });

  it('when an answer is stored, then callers get the read-only copy that later reads get', async () => {
    const { calls } = cachedCalls(memoryCacheStore(10));
    const answer = { name: 'x', tags: ['a'] };
    const served = calls.store('customer.getCustomerDetail', 'k', answer, 60_000) as typeof answer;
    await new Promise((r) => setImmediate(r));
    expect(served).toEqual(answer);
    expect(served).not.toBe(answer);
    expect(Object.isFrozen(served) && Object.isFrozen(served.tags)).toBe(true);
    expect((await calls.get('customer.getCustomerDetail', 'k'))!.value).toBe(served);
  });

  it('when an answer is stored, then its copy keeps the JSON it was made from, and the entry serialises as the value itself does', async () => {
    const writes: CacheEntry[] = [];
    const recording: CacheStore = {
      kind: 'redis',
      get: () => Promise.resolve(undefined),
      set: (_key, entry) => (writes.push(entry), Promise.resolve()),
    };
    const { calls } = cachedCalls(recording);
    const plain = { name: 'x', tags: ['a'], 3: 'three' };
    const plans = new Map([['acc-1', { supported: true, plans: [{ planId: 'p', n: 2 }] }]]);
    for (const answer of [plain, plans]) {
      calls.store('banking.listInstalmentPlans', 'k', answer, 60_000);
    }
    expect(writes).toHaveLength(2);
    expect(jsonTextOf(writes[0]!.value as object)).toBe(JSON.stringify(plain));
    [plain, plans].forEach((answer, i) => {
      const entry = writes[i]!;
      expect(serialize(entry)).toBe(serialize({ value: answer, storedAt: entry.storedAt }));
    });
  });

  it("when the Redis store is handed a read-only copy, then it stores the copy's text and writes the value no second time", async () => {
    const stored = new Map<string, string>();
    const redis = {
      get: async (key: string) => stored.get(key) ?? null,
      set: async (key: string, text: string) => (stored.set(key, text), 'OK'),
    } as unknown as RedisClient;
    const { calls } = cachedCalls(redisCacheStore(redis));
    const answer = { name: 'x' };
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      calls.store('customer.getCustomerDetail', 'k', answer, 60_000);
      await new Promise((r) => setImmediate(r));
      expect(stringify.mock.calls.filter(([v]) => v === answer)).toHaveLength(1);
      expect(stringify.mock.calls.some(([v]) => (v as CacheEntry)?.value !== undefined)).toBe(
        false,
      );
    } finally {
      stringify.mockRestore();
    }
    expect(stored.get('k')).toBe('{"value":{"name":"x"},"storedAt":1000}');
  });

  it('when an answer cannot be written as JSON, then it is served as it is, not stored, and counted', async () => {
    const { calls, metrics } = cachedCalls(memoryCacheStore(10));
    const answer = { n: 1n };
    expect(calls.store('customer.getCustomerDetail', 'k', answer, 60_000)).toBe(answer);
    await new Promise((r) => setImmediate(r));
    expect(await calls.get('customer.getCustomerDetail', 'k')).toBeUndefined();
    expect(await errorCount(metrics)).toBe(1);
  });
});
