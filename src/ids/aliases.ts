/**
 * Aliases of a core migration: a record's reference in its old core (`<instance>:<core id>`)
 * mapped to its reference in the new one, per kind, kept in Redis both ways. Decoding an old id
 * follows an alias forward to the new core's record; encoding a new core's record follows one
 * backward, so the record keeps the id the platform holds.
 *
 * Layout: `dhg:<namespace>:ids:alias:<kind>:to` (field: from, value: to) and
 * `...:<kind>:from` (field: to, value: from). An import checks the whole file before it writes.
 */
import { createError } from '../errors';
import type { RedisKeys } from '../stores/redis-keys';
import { type CoreRef, ID_KINDS, type IdKind } from './id-codec';

/** The kinds an alias file may name (a cursor is a core's position, never migrated). */
export const ALIAS_KINDS: readonly IdKind[] = ID_KINDS.filter((k) => k !== 'cursor');

/** `<instance>:<core id>`: the instance id holds no `:`; the core id may. */
export function refText(ref: CoreRef): string {
  return `${ref.instance}:${ref.id}`;
}

/** The reference `<instance>:<core id>` names, or undefined when it names none. */
export function refOfText(text: string): CoreRef | undefined {
  const cut = text.indexOf(':');
  if (cut <= 0 || cut === text.length - 1) return undefined;
  return { instance: text.slice(0, cut), id: text.slice(cut + 1) };
}

/** One alias: `from` (old core) is `to` (new core). */
export interface Alias {
  readonly kind: IdKind;
  readonly from: CoreRef;
  readonly to: CoreRef;
}

/** What the alias lookup needs of Redis. */
export interface AliasRedis {
  hmget(key: string, ...fields: string[]): Promise<(string | null)[]>;
  hlen(key: string): Promise<number>;
}

/**
 * Redis could not say whether a record has an alias: the request is refused (503), since an id
 * made without its alias would be another id than the one the platform holds.
 */
export const AliasesUnavailableError = createError(
  'GW_ERR_IDS_ALIASES_UNAVAILABLE',
  503,
  () => 'Service unavailable',
  { name: 'AliasesUnavailableError' },
);

/** What an import and a listing need of Redis. */
export interface AliasAdminRedis extends AliasRedis {
  hset(key: string, values: Record<string, string>): Promise<number>;
  hgetall(key: string): Promise<Record<string, string>>;
}

export type AliasDirection = 'forward' | 'backward';

/** The Redis hash of `kind`'s aliases in one direction (forward: field from, value to). */
export function aliasHash(keys: RedisKeys, kind: IdKind, direction: AliasDirection): string {
  return keys.key('ids', 'alias', kind, direction === 'forward' ? 'to' : 'from');
}

/** Looks aliases up, one Redis round trip per kind and direction for a batch of references. */
export interface AliasLookup {
  /** For each reference, the reference it is an alias of in `direction`, or undefined. */
  find(
    kind: IdKind,
    refs: readonly CoreRef[],
    direction: AliasDirection,
  ): Promise<(CoreRef | undefined)[]>;
}

/** No aliases (no Redis, or raw ids). */
export const NO_ALIASES: AliasLookup = {
  find: async (_kind, refs) => refs.map(() => undefined),
};

/** How long a looked-up alias (or its absence) is trusted in process. */
const REMEMBER_MS = 30_000;
/** Lookups remembered at most; the oldest go first. */
const REMEMBER_MAX = 20_000;

/**
 * Aliases in Redis, each lookup remembered for {@link REMEMBER_MS}: an import takes effect within
 * that time, which the migration runbook waits out before it moves a family. A kind without any
 * alias (every kind, until a migration) costs one `HLEN` per {@link REMEMBER_MS}, not a lookup per
 * call.
 */
export function redisAliases(
  redis: AliasRedis,
  keys: RedisKeys,
  now: () => number = Date.now,
): AliasLookup {
  const remembered = new Map<string, { at: number; ref: CoreRef | undefined }>();
  const sizes = new Map<string, { at: number; empty: boolean }>();
  const isEmpty = async (hash: string, at: number) => {
    const known = sizes.get(hash);
    if (known && at - known.at < REMEMBER_MS) return known.empty;
    const empty = (await redis.hlen(hash)) === 0;
    sizes.set(hash, { at, empty });
    return empty;
  };
  return {
    async find(kind, refs, direction) {
      const hash = aliasHash(keys, kind, direction);
      const at = now();
      try {
        if (await isEmpty(hash, at)) return refs.map(() => undefined);
        return await lookUp(redis, remembered, hash, refs, at);
      } catch (err) {
        throw new AliasesUnavailableError({ cause: err, retryAfterSeconds: 1 });
      }
    },
  };
}

/** Each reference's alias in `hash`: remembered ones, the others in one `HMGET`. */
async function lookUp(
  redis: AliasRedis,
  remembered: Map<string, { at: number; ref: CoreRef | undefined }>,
  hash: string,
  refs: readonly CoreRef[],
  at: number,
): Promise<(CoreRef | undefined)[]> {
  const texts = refs.map(refText);
  const found: (CoreRef | undefined)[] = new Array<CoreRef | undefined>(refs.length);
  const missing: number[] = [];
  texts.forEach((text, i) => {
    const hit = remembered.get(`${hash}\u0000${text}`);
    if (hit && at - hit.at < REMEMBER_MS) found[i] = hit.ref;
    else missing.push(i);
  });
  if (missing.length === 0) return found;
  const values = await redis.hmget(hash, ...missing.map((i) => texts[i]!));
  missing.forEach((i, n) => {
    const ref = values[n] ? refOfText(values[n]) : undefined;
    found[i] = ref;
    if (remembered.size >= REMEMBER_MAX) remembered.delete(remembered.keys().next().value!);
    remembered.set(`${hash}\u0000${texts[i]}`, { at, ref });
  });
  return found;
}
