/**
 * The contract suite checks that results survive the gateway's cache with the SDK's copy of the
 * cache's JSON round trip; here that copy and the gateway's cache write and read the same text
 * (the gateway's read is read-only: its Maps are `ReadOnlyMap`s, compared here as Maps).
 */
import {
  deserialize as sdkDeserialize,
  serialize as sdkSerialize,
} from '../../packages/adapter-sdk/src/contract/cache-round-trip';
import { deserialize, serialize } from '../../src/stores/cache';

/** The same value with every Map (a `ReadOnlyMap` included) a plain Map, for `toEqual`. */
function withPlainMaps(v: unknown): unknown {
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, withPlainMaps(x)]));
  if (Array.isArray(v)) return v.map(withPlainMaps);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withPlainMaps(x)]));
  }
  return v;
}

const ENTRIES = [
  { value: { accounts: [{ accountId: 'a-1', users: [] }], total: 2 }, storedAt: 17 },
  {
    value: new Map<string, unknown>([
      ['a-1', { supported: true, plans: [{ planNickname: 'p', amount: '10.00' }] }],
      ['a-2', { supported: false }],
    ]),
    storedAt: 0,
  },
  { value: [null, 'x', 1.5, true, { nested: new Map([['k', [1, 2]]]) }], storedAt: 3 },
];

describe('the SDK cache round trip and the gateway cache', () => {
  test.each(ENTRIES.map((entry, i) => [i, entry] as const))(
    'when entry %i is serialized by either, then both write the same text and read it back equal',
    (_i, entry) => {
      const text = serialize(entry);
      expect(sdkSerialize(entry)).toBe(text);
      expect(sdkDeserialize(text)).toEqual(withPlainMaps(deserialize(text)));
      expect(sdkDeserialize(text)).toEqual(entry);
    },
  );
});
