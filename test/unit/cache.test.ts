import crypto from 'node:crypto';
import {
  type CacheEntry,
  CacheCipher,
  deserialize,
  deserializeEntry,
  entryBytes,
  jsonTextOf,
  memoryCacheStore,
  readOnlyCopy,
  ReadOnlyMap,
  redisCacheStore,
  serialize,
} from '../../src/stores/cache';
import type { RedisClient } from '../../src/stores/redis';

type Plans = Map<string, { supported: boolean; plans?: { planId: string }[] }>;

/** Every object and array of `value`, at any depth, Maps' keys and values included, is frozen. */
function expectDeeplyFrozen(value: unknown, path = '$'): void {
  if (value === null || typeof value !== 'object') return;
  expect([path, Object.isFrozen(value)]).toEqual([path, true]);
  if (value instanceof Map) {
    expect(value).toBeInstanceOf(ReadOnlyMap);
    for (const [k, v] of value) expectDeeplyFrozen(v, `${path}.get(${String(k)})`);
  } else for (const [k, v] of Object.entries(value)) expectDeeplyFrozen(v, `${path}.${k}`);
}

/** A Redis client holding strings in a Map: what the Redis store calls, and nothing else. */
function redisInMemory(): RedisClient {
  const data = new Map<string, string>();
  return {
    get: async (key: string) => data.get(key) ?? null,
    set: async (key: string, value: string) => {
      data.set(key, value);
      return 'OK';
    },
  } as unknown as RedisClient;
}

describe('cache values', () => {
  it('when a value holds a Map, then it comes back as a Map with its entries', () => {
    const value = new Map([
      ['acc-1', { supported: true, plans: [{ planId: 'p' }] }],
      ['acc-2', { supported: false }],
    ]);
    const back = deserialize(serialize({ value, storedAt: 5 })) as CacheEntry;
    expect(back.storedAt).toBe(5);
    expect(back.value).toBeInstanceOf(Map);
    expect([...(back.value as Map<string, unknown>).entries()]).toEqual([...value.entries()]);
  });

  it('when a value holds no Map, then it comes back equal and unshared', () => {
    const value = { data: { list: [1, 2, { a: 'x' }] } };
    const back = deserialize(serialize({ value, storedAt: 1 })) as CacheEntry;
    expect(back.value).toEqual(value);
    expect(back.value).not.toBe(value);
  });

  it('when a plain value is copied read-only, then the copy is equal, unshared and frozen at every level', () => {
    const value = { data: { list: [1, { a: 'x', b: [true] }], note: null } };
    const copy = readOnlyCopy(value);
    expect(copy).toEqual(value);
    expect(copy).not.toBe(value);
    expectDeeplyFrozen(copy);
    expect(readOnlyCopy(copy)).toBe(copy);
    expect(readOnlyCopy('text')).toBe('text');
    expect(readOnlyCopy(undefined)).toBeUndefined();
  });

  it('when a value cannot be written as JSON, then copying it read-only throws', () => {
    expect(() => readOnlyCopy({ n: 1n })).toThrow(TypeError);
  });
});

describe('the in-process store: one read-only value for every reader', () => {
  it('when an entry is read twice, then both reads are the same deeply frozen object', async () => {
    const store = memoryCacheStore(10);
    await store.set('k', { value: { n: [1, { m: 'x' }] }, storedAt: 7 }, 60_000);
    const first = await store.get('k');
    const second = await store.get('k');
    expect(second!.value).toBe(first!.value);
    expect(first).toEqual({ value: { n: [1, { m: 'x' }] }, storedAt: 7 });
    expectDeeplyFrozen(first);
  });

  it('when a reader tries to change a cached value, then it throws and the value stays as stored', async () => {
    const store = memoryCacheStore(10);
    await store.set('k', { value: { n: [2, 1], rec: { a: 'x' } }, storedAt: 1 }, 60_000);
    const read = (await store.get('k'))!.value as { n: number[]; rec: Record<string, string> };
    expect(() => read.n.push(2)).toThrow(TypeError);
    expect(() => read.n.sort()).toThrow(TypeError);
    expect(() => read.n.reverse()).toThrow(TypeError);
    expect(() => {
      read.rec.a = 'changed';
    }).toThrow(TypeError);
    expect(() => delete read.rec.a).toThrow(TypeError);
    expect(() => Object.assign(read.rec, { b: 'y' })).toThrow(TypeError);
    expect((await store.get('k'))!.value).toEqual({ n: [2, 1], rec: { a: 'x' } });
  });

  it('when the writer changes its value after storing it, then the cached value does not change', async () => {
    const store = memoryCacheStore(10);
    const value = { n: [1], rec: { a: 'x' } };
    await store.set('k', { value, storedAt: 1 }, 60_000);
    value.n.push(2);
    value.rec.a = 'changed';
    expect(Object.isFrozen(value)).toBe(false);
    expect((await store.get('k'))!.value).toEqual({ n: [1], rec: { a: 'x' } });
  });

  it('when a value holds a Map, then readers get a read-only Map whose set, delete and clear throw', async () => {
    const store = memoryCacheStore(10);
    const value: Plans = new Map([
      ['acc-1', { supported: true, plans: [{ planId: 'p' }] }],
      ['acc-2', { supported: false }],
    ]);
    await store.set('k', { value, storedAt: 1 }, 60_000);
    value.delete('acc-2');
    const read = (await store.get('k'))!.value as Plans;
    expect(read).toBeInstanceOf(Map);
    expect([...read.entries()]).toEqual([
      ['acc-1', { supported: true, plans: [{ planId: 'p' }] }],
      ['acc-2', { supported: false }],
    ]);
    expectDeeplyFrozen(read);
    expect(() => read.set('acc-3', { supported: false })).toThrow(TypeError);
    expect(() => read.delete('acc-1')).toThrow(TypeError);
    expect(() => read.clear()).toThrow(TypeError);
    expect(() => read.get('acc-1')!.plans!.push({ planId: 'q' })).toThrow(TypeError);
    expect(read.size).toBe(2);
  });

  it('when a read-only copy is stored, then the store keeps it as it is (no second copy)', async () => {
    const store = memoryCacheStore(10);
    const copy = readOnlyCopy({ n: [1] });
    await store.set('k', { value: copy, storedAt: 1 }, 60_000);
    expect((await store.get('k'))!.value).toBe(copy);
  });
});

describe('the Redis store', () => {
  it.each([
    ['a plain value', { n: [1, { m: 'x' }] }],
    ['a Map', new Map([['acc-1', { supported: true, plans: [{ planId: 'p' }] }]])],
  ])(
    'when %s is read, then it is read-only as the in-process store answers it',
    async (_n, value) => {
      const store = redisCacheStore(redisInMemory());
      await store.set('k', { value, storedAt: 3 }, 60_000);
      const entry = await store.get('k');
      expect(entry!.storedAt).toBe(3);
      expect(entry!.value).toEqual(readOnlyCopy(value));
      expectDeeplyFrozen(entry!.value);
    },
  );
});

describe('entries read back from Redis', () => {
  it('when an entry is read back, then its value keeps the text JSON.stringify writes of it, and the entry is frozen', async () => {
    const store = redisCacheStore(redisInMemory());
    const value = { '3': 'index key', name: 'Zoë "Z"', n: [1.5, -0, 1e21], at: new Date(0) };
    await store.set('k', { value, storedAt: 1795726044123 }, 60_000);
    const entry = (await store.get('k'))!;
    expect(entry.storedAt).toBe(1795726044123);
    expect(jsonTextOf(entry.value as object)).toBe(JSON.stringify(entry.value));
    expect(JSON.parse(jsonTextOf(entry.value as object)!)).toEqual(
      JSON.parse(JSON.stringify(value)),
    );
    expect(Object.isFrozen(entry)).toBe(true);
    expectDeeplyFrozen(entry.value);
  });

  it('when the entry holds a Map, then its value is a read-only Map and keeps no text', () => {
    const text = serialize({ value: new Map([['acc-1', { plans: [] }]]), storedAt: 3 });
    const entry = deserializeEntry(text);
    expect(entry.value).toBeInstanceOf(ReadOnlyMap);
    expect(jsonTextOf(entry.value as object)).toBeUndefined();
  });

  it.each([
    ['members in another order', '{"storedAt":3,"value":{"a":1}}', { a: 1 }, 3],
    ['a fractional time', '{"value":{"a":1},"storedAt":3.5}', { a: 1 }, 3.5],
    ['spaces', '{ "value": {"a":1}, "storedAt": 3 }', { a: 1 }, 3],
    ['a second value member', '{"value":{"a":1},"value":{"b":2},"storedAt":3}', { b: 2 }, 3],
  ])(
    'when the text has %s, then it is parsed whole, as JSON.parse reads it, and no text is kept',
    (_name, text, value, storedAt) => {
      const entry = deserializeEntry(text);
      expect(entry).toEqual({ value, storedAt });
      expect(jsonTextOf(entry.value as object)).toBeUndefined();
    },
  );

  it('when the value part is the text of a primitive, then the entry reads back with no text kept', () => {
    expect(deserializeEntry('{"value":"plain","storedAt":3}')).toEqual({
      value: 'plain',
      storedAt: 3,
    });
  });
});

describe('the in-process store bounded by bytes', () => {
  const entry = (i: number, size: number) => ({
    value: { id: i, text: 'x'.repeat(size) },
    storedAt: 1,
  });

  it('when entries of 10 kB keep coming, then the store holds no more than its bytes, the least recently used going first', async () => {
    const store = memoryCacheStore(1000, 100_000);
    for (let i = 0; i < 20; i += 1) await store.set(`k${i}`, entry(i, 10_000), 60_000);
    expect(store.bytes).toBeLessThanOrEqual(100_000);
    expect(await store.get('k0')).toBeUndefined();
    expect(await store.get('k19')).toEqual(entry(19, 10_000));
  });

  it('when one entry is larger than the whole store, then it is not kept and the others stay', async () => {
    const store = memoryCacheStore(1000, 100_000);
    await store.set('small', entry(1, 10), 60_000);
    await store.set('huge', entry(2, 100_000), 60_000);
    expect(await store.get('huge')).toBeUndefined();
    expect(await store.get('small')).toEqual(entry(1, 10));
  });

  it("when an entry is counted, then it is three bytes a character of its JSON and two of its key, a Map's by its tagged JSON", () => {
    const plain = readOnlyCopy({ a: 'x'.repeat(100) });
    const text = JSON.stringify(plain).length;
    expect(entryBytes('key', { value: plain, storedAt: 1 })).toBe(3 * text + 2 * 3 + 128);
    const plans = readOnlyCopy(new Map([['acc-1', { supported: true }]]));
    const tagged =
      serialize({ value: plans, storedAt: 1 }).length - '{"value":,"storedAt":1}'.length;
    expect(entryBytes('key', { value: plans, storedAt: 1 })).toBe(3 * tagged + 2 * 3 + 128);
    expect(entryBytes('key', { value: undefined, storedAt: 1 })).toBe(2 * 3 + 128);
  });
});

describe('cache encryption', () => {
  it('when a sealed value is opened under another key, then it fails', () => {
    const cipher = new CacheCipher(crypto.randomBytes(32).toString('base64'));
    const sealed = cipher.encrypt('key-a', 'secret text');
    expect(cipher.decrypt('key-a', sealed)).toBe('secret text');
    expect(() => cipher.decrypt('key-b', sealed)).toThrow();
  });
});

describe('the JSON text of read-only copies', () => {
  /** Values whose JSON text is easy to get wrong: key order, numbers, escapes, dropped members. */
  const awkward = {
    b: 1,
    '10': 'ten',
    '2': 'two',
    a: [undefined, () => 0, -0, 1e21, 0.1 + 0.2, NaN, Infinity, null],
    text: 'quote " backslash \\ tab \t nul \u0000 lone \ud800 é 😀 </script>',
    skipped: undefined,
    when: new Date(Date.UTC(2026, 10, 26)),
    ['__proto__']: { odd: true },
    nested: { empty: {}, none: [], deep: [[{ x: 'y' }]] },
  };

  it('when a value is copied read-only, then its kept text is what JSON.stringify writes of the copy', () => {
    const copy = readOnlyCopy(awkward);
    expect(jsonTextOf(copy)).toBe(JSON.stringify(copy));
    expect(jsonTextOf(copy)).toBe(JSON.stringify(awkward));
  });

  it('when a value holds a Map, or was not copied, then no text is kept for it', () => {
    expect(jsonTextOf(readOnlyCopy({ plans: new Map([['acc-1', { supported: true }]]) }))).toBe(
      undefined,
    );
    expect(jsonTextOf(awkward)).toBe(undefined);
    expect(jsonTextOf(Object.freeze({ data: 1 }))).toBe(undefined);
  });
});
