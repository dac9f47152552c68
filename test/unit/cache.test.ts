import crypto from 'node:crypto';
import { CacheCipher, deserialize, memoryCacheStore, serialize } from '../../src/resilience/cache';

describe('cache values', () => {
  it('when a value holds a Map, then it comes back as a Map with its entries', () => {
    const value = new Map([
      ['acc-1', { supported: true, plans: [{ planId: 'p' }] }],
      ['acc-2', { supported: false }],
    ]);
    const back = deserialize(serialize({ value, storedAt: 5 }));
    expect(back.storedAt).toBe(5);
    expect(back.value).toBeInstanceOf(Map);
    expect([...(back.value as Map<string, unknown>).entries()]).toEqual([...value.entries()]);
  });

  it('when a value holds no Map, then it comes back equal and unshared', () => {
    const value = { data: { list: [1, 2, { a: 'x' }] } };
    const back = deserialize(serialize({ value, storedAt: 1 }));
    expect(back.value).toEqual(value);
    expect(back.value).not.toBe(value);
  });

  it('when an entry is read from the in-process store, then callers cannot change what others read', async () => {
    const store = memoryCacheStore(10);
    await store.set('k', { value: { n: [1] }, storedAt: 1 }, 60_000);
    const first = (await store.get('k'))!.value as { n: number[] };
    first.n.push(2);
    expect(((await store.get('k'))!.value as { n: number[] }).n).toEqual([1]);
  });

  it('when a sealed value is opened under another key, then it fails', () => {
    const cipher = new CacheCipher(crypto.randomBytes(32).toString('base64'));
    const sealed = cipher.encrypt('key-a', 'secret text');
    expect(cipher.decrypt('key-a', sealed)).toBe('secret text');
    expect(() => cipher.decrypt('key-b', sealed)).toThrow();
  });
});
