/**
 * The JSON round trip the gateway's cache puts every cacheable port result through: JSON, with
 * `Map`s (instalment plans) tagged. The gateway's own cache (`src/stores/cache.ts`) must read
 * and write the same text; test/unit/sdk-cache-round-trip.test.ts keeps the two in step.
 */

/** A cached value and when it was stored (ms). */
export interface CacheEntry {
  value: unknown;
  storedAt: number;
}

const MAP_TAG = '__dhgMap';

export function serialize(entry: CacheEntry): string {
  return JSON.stringify(entry, (_k, v: unknown) =>
    v instanceof Map ? { [MAP_TAG]: [...v.entries()] } : v,
  );
}

export function deserialize(text: string): CacheEntry {
  return JSON.parse(text, (_k, v: unknown) =>
    v && typeof v === 'object' && MAP_TAG in v
      ? new Map((v as Record<string, [unknown, unknown][]>)[MAP_TAG])
      : v,
  ) as CacheEntry;
}
