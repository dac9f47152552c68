/**
 * The aliases of a core migration in Redis, as `ids alias` imports and lists them (the lookup the
 * gateway makes is src/ids/aliases.ts): a file's aliases checked against those stored, written
 * both ways in pipelined batches, and read back with HSCAN, which never blocks Redis on a large
 * hash as HGETALL would.
 */
import type { RedisKeys } from '../stores/redis-keys';
import type { AliasRow } from './alias-file';
import { type Alias, aliasHash, ALIAS_KINDS, refOfText, refText } from './aliases';
import type { IdKind } from './id-codec';

/** Fields per HMGET or HSET. */
const BATCH = 1000;
/** HSETs per pipeline: one round trip writes this many batches. */
const PIPELINED = 20;
/** How far an alias chain is followed to find one that leads back to where it started. */
const CHAIN_HOPS = 8;

/** A pipeline of HSETs to one hash (one key per pipeline: a Redis Cluster accepts it). */
export interface AliasPipeline {
  hset(key: string, values: Record<string, string>): unknown;
  exec(): Promise<[Error | null, unknown][] | null>;
}

/** What the import and the listing need of Redis. */
export interface AliasStoreRedis {
  hmget(key: string, ...fields: string[]): Promise<(string | null)[]>;
  hlen(key: string): Promise<number>;
  hscan(key: string, cursor: string, count: 'COUNT', n: number): Promise<[string, string[]]>;
  pipeline(): AliasPipeline;
}

/** What a file's aliases are to those stored. */
export interface StoredCheck {
  /** Aliases to write: absent, or stored in one direction only (an import cut short). */
  readonly missing: AliasRow[];
  /** Aliases stored already, both ways, identically. */
  readonly present: number;
  /** `line <n>: ...` for each alias that contradicts a stored one or closes a loop. */
  readonly problems: string[];
}

/** The values of `fields` in `hash`, by field (absent ones left out). */
async function valuesOf(redis: AliasStoreRedis, hash: string, fields: readonly string[]) {
  const found = new Map<string, string>();
  for (let i = 0; i < fields.length; i += BATCH) {
    const part = fields.slice(i, i + BATCH);
    const values = await redis.hmget(hash, ...part);
    part.forEach((field, n) => {
      if (values[n] !== null && values[n] !== undefined) found.set(field, values[n]);
    });
  }
  return found;
}

/** `rows` by kind, each kind in file order. */
function byKind<T extends { readonly kind: IdKind }>(rows: readonly T[]): Map<IdKind, T[]> {
  const groups = new Map<IdKind, T[]>();
  for (const row of rows) {
    const group = groups.get(row.kind);
    if (group) group.push(row);
    else groups.set(row.kind, [row]);
  }
  return groups;
}

/**
 * Rows whose chain (to, then the alias of to, ...) leads back to their from, through the file's
 * aliases and the stored ones: the gateway would hand out another id for the record each time.
 */
async function loops(redis: AliasStoreRedis, keys: RedisKeys, kind: IdKind, rows: AliasRow[]) {
  const inFile = new Map(rows.map((r) => [refText(r.from), refText(r.to)]));
  const problems: string[] = [];
  let open = rows.map((row) => ({ row, at: refText(row.to) }));
  for (let hop = 0; hop < CHAIN_HOPS && open.length > 0; hop += 1) {
    const ask = [...new Set(open.map((o) => o.at).filter((at) => !inFile.has(at)))];
    const stored = await valuesOf(redis, aliasHash(keys, kind, 'forward'), ask);
    const next: typeof open = [];
    for (const { row, at } of open) {
      const to = inFile.get(at) ?? stored.get(at);
      if (to === undefined) continue;
      if (to === refText(row.from))
        problems.push(`line ${row.line}: its alias chain leads back to its from`);
      else next.push({ row, at: to });
    }
    open = next;
  }
  return problems;
}

/** How the aliases of one kind stand to those stored. */
async function checkKind(redis: AliasStoreRedis, keys: RedisKeys, kind: IdKind, rows: AliasRow[]) {
  const forward = await valuesOf(
    redis,
    aliasHash(keys, kind, 'forward'),
    rows.map((r) => refText(r.from)),
  );
  const backward = await valuesOf(
    redis,
    aliasHash(keys, kind, 'backward'),
    rows.map((r) => refText(r.to)),
  );
  const missing: AliasRow[] = [];
  const problems: string[] = [];
  let present = 0;
  for (const row of rows) {
    const [from, to] = [refText(row.from), refText(row.to)];
    const storedTo = forward.get(from);
    const storedFrom = backward.get(to);
    if (storedTo !== undefined && storedTo !== to)
      problems.push(`line ${row.line}: its from is an alias of another to in Redis already`);
    if (storedFrom !== undefined && storedFrom !== from)
      problems.push(`line ${row.line}: its to is the alias of another from in Redis already`);
    if (storedTo === to && storedFrom === from) present += 1;
    else if (storedTo === undefined || storedFrom === undefined) missing.push(row);
  }
  problems.push(...(await loops(redis, keys, kind, rows)));
  return { missing, present, problems };
}

/** Checks a file's aliases against those stored; writes nothing. */
export async function checkStored(
  redis: AliasStoreRedis,
  keys: RedisKeys,
  rows: readonly AliasRow[],
): Promise<StoredCheck> {
  const result = { missing: [] as AliasRow[], present: 0, problems: [] as string[] };
  for (const [kind, group] of byKind(rows)) {
    const found = await checkKind(redis, keys, kind, group);
    result.missing.push(...found.missing);
    result.present += found.present;
    result.problems.push(...found.problems);
  }
  const lineOf = (p: string) => Number(/^line (\d+)/.exec(p)?.[1] ?? 0);
  result.problems.sort((a, b) => lineOf(a) - lineOf(b));
  return result;
}

/** HSETs `entries` into `hash`, {@link PIPELINED} batches a round trip. */
async function writeHash(redis: AliasStoreRedis, hash: string, entries: [string, string][]) {
  for (let i = 0; i < entries.length; i += BATCH * PIPELINED) {
    const pipeline = redis.pipeline();
    const end = Math.min(entries.length, i + BATCH * PIPELINED);
    for (let j = i; j < end; j += BATCH) {
      pipeline.hset(hash, Object.fromEntries(entries.slice(j, Math.min(end, j + BATCH))));
    }
    const failed = (await pipeline.exec())?.find(([err]) => err)?.[0];
    if (failed) throw failed;
  }
}

/**
 * Writes the aliases both ways: forward first, so that an import cut short leaves old ids that
 * still decode; importing the file again completes it.
 */
export async function writeAliases(
  redis: AliasStoreRedis,
  keys: RedisKeys,
  aliases: readonly Alias[],
): Promise<void> {
  for (const [kind, group] of byKind(aliases)) {
    const pairs = group.map((a) => [refText(a.from), refText(a.to)] as [string, string]);
    await writeHash(redis, aliasHash(keys, kind, 'forward'), pairs);
    await writeHash(
      redis,
      aliasHash(keys, kind, 'backward'),
      pairs.map(([f, t]) => [t, f]),
    );
  }
}

/** The stored aliases of one kind, by from; entries that name no reference are counted apart. */
export async function storedAliases(
  redis: AliasStoreRedis,
  keys: RedisKeys,
  kind: IdKind,
): Promise<{ aliases: Alias[]; unreadable: number }> {
  const hash = aliasHash(keys, kind, 'forward');
  const aliases: Alias[] = [];
  let unreadable = 0;
  let cursor = '0';
  do {
    const [next, flat] = await redis.hscan(hash, cursor, 'COUNT', BATCH);
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const from = refOfText(flat[i]!);
      const to = refOfText(flat[i + 1]!);
      if (from && to) aliases.push({ kind, from, to });
      else unreadable += 1;
    }
    cursor = next;
  } while (cursor !== '0');
  // HSCAN may return a field twice, and in no order: a listing is the same on every run.
  const unique = new Map(aliases.map((a) => [refText(a.from), a]));
  return {
    aliases: [...unique.values()].sort((a, b) => compare(refText(a.from), refText(b.from))),
    unreadable,
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Kinds whose two hashes hold different numbers of entries (an import cut short). */
export async function unevenKinds(redis: AliasStoreRedis, keys: RedisKeys): Promise<IdKind[]> {
  const uneven: IdKind[] = [];
  for (const kind of ALIAS_KINDS) {
    const forward = await redis.hlen(aliasHash(keys, kind, 'forward'));
    const backward = await redis.hlen(aliasHash(keys, kind, 'backward'));
    if (forward !== backward) uneven.push(kind);
  }
  return uneven;
}
