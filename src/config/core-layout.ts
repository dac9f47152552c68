/**
 * Which adapter instance serves which port family: `CORE_ADAPTER` (every family) and
 * `CORE_ADAPTERS` (`family:kind` or `family:id=kind` entries that override it per family).
 *
 * An instance is named by its id: given as `id=kind`, or else the kind itself when the kind is a
 * built-in id (`fineract`), or else the loaded module's own id (a path or a package). The id
 * prefixes the instance's settings (`<ID>_<PROPERTY>`) and labels its circuits, cache keys,
 * metrics, logs and readiness entries. Entries that name the same instance share it.
 */

/** The port families a core can serve, as `CORE_ADAPTERS` names them. */
export const CORE_FAMILIES = ['banking', 'energy', 'common', 'fdx', 'products'] as const;
export type CoreFamily = (typeof CORE_FAMILIES)[number];

/** The families whose accounts the authorisation list merges, in its order. */
export const ACCOUNT_FAMILIES = ['banking', 'energy'] as const satisfies readonly CoreFamily[];

/** One adapter instance of the layout. */
export interface CoreInstanceSpec {
  /** The id given with `id=kind`, or the kind when it is a plain id; else the module's own id. */
  readonly id?: string;
  /** A built-in adapter id, a module path or a package name. */
  readonly kind: string;
  /** The families it serves (those `CORE_ADAPTERS` names, plus the rest for `CORE_ADAPTER`'s). */
  readonly families: readonly CoreFamily[];
  /** The families `CORE_ADAPTERS` names for it (its port for them must exist). */
  readonly named: readonly CoreFamily[];
}

/** The instances, and for every family the index of the instance that serves it. */
export interface CoreLayout {
  readonly instances: readonly CoreInstanceSpec[];
  readonly servedBy: Readonly<Record<CoreFamily, number>>;
}

const INSTANCE_ID = /^[a-z][a-z0-9-]*$/;
const ENTRY = /^([^:=]+):(?:([^:=]+)=)?(\S+)$/;

/** Whether a kind is a plain adapter id (rather than a module path or a package with a scope). */
const isPlainId = (kind: string) => INSTANCE_ID.test(kind);

/** The key that identifies an instance before its module is loaded. */
const keyOf = (id: string | undefined, kind: string) => id ?? kind;

interface Entry {
  family: CoreFamily;
  id?: string;
  kind: string;
  named: boolean;
}

function parseEntries(coreAdapters: string, problems: string[]): Entry[] {
  const entries: Entry[] = [];
  const seen = new Set<string>();
  for (const raw of coreAdapters.split(',').map((e) => e.trim())) {
    const match = ENTRY.exec(raw);
    if (!match) {
      problems.push(`CORE_ADAPTERS: "${raw}" is not family:adapter or family:id=adapter`);
      continue;
    }
    // ENTRY's groups 1 and 3 always match; group 2 (the instance id) is optional.
    const [, family = '', id, kind = ''] = match;
    if (!(CORE_FAMILIES as readonly string[]).includes(family)) {
      problems.push(
        `CORE_ADAPTERS: unknown family "${family}" (families: ${CORE_FAMILIES.join(', ')})`,
      );
      continue;
    }
    if (id !== undefined && !INSTANCE_ID.test(id)) {
      problems.push(
        `CORE_ADAPTERS: adapter id "${id}" must be lower-case letters, digits and dashes, starting with a letter`,
      );
      continue;
    }
    if (seen.has(family)) {
      problems.push(`CORE_ADAPTERS: family "${family}" is named more than once`);
      continue;
    }
    seen.add(family);
    const instanceId = id ?? (isPlainId(kind) ? kind : undefined);
    entries.push({ family: family as CoreFamily, id: instanceId, kind, named: true });
  }
  return entries;
}

/**
 * The layout of `CORE_ADAPTER` and `CORE_ADAPTERS`, or the problems that stop start-up. Families
 * `CORE_ADAPTERS` leaves out are served by `CORE_ADAPTER`; without `CORE_ADAPTERS`, one instance
 * serves them all.
 */
export function coreLayoutOf(
  coreAdapter: string,
  coreAdapters: string | undefined,
): { layout?: CoreLayout; problems: string[] } {
  const problems: string[] = [];
  const entries = coreAdapters === undefined ? [] : parseEntries(coreAdapters, problems);
  const named = new Set(entries.map((e) => e.family));
  const fallback = isPlainId(coreAdapter) ? coreAdapter : undefined;
  for (const family of CORE_FAMILIES) {
    if (!named.has(family)) entries.push({ family, id: fallback, kind: coreAdapter, named: false });
  }
  const byKey = new Map<
    string,
    { id?: string; kind: string; families: CoreFamily[]; named: CoreFamily[] }
  >();
  for (const { family, id, kind, named: isNamed } of entries) {
    const key = keyOf(id, kind);
    const instance = byKey.get(key) ?? { id, kind, families: [], named: [] };
    if (!byKey.has(key)) {
      byKey.set(key, instance);
    } else if (instance.kind !== kind) {
      problems.push(
        `CORE_ADAPTERS: adapter id "${key}" names two adapters ("${instance.kind}" and "${kind}"); give each its own id`,
      );
      continue;
    }
    instance.families.push(family);
    if (isNamed) instance.named.push(family);
  }
  if (problems.length > 0) return { problems };
  const instances = [...byKey.values()].map((i) => ({
    ...i,
    families: CORE_FAMILIES.filter((f) => i.families.includes(f)),
    named: CORE_FAMILIES.filter((f) => i.named.includes(f)),
  }));
  const servedBy = Object.fromEntries(
    CORE_FAMILIES.map((f) => [f, instances.findIndex((i) => i.families.includes(f))]),
  ) as Record<CoreFamily, number>;
  return { layout: { instances, servedBy }, problems };
}

/** Whether every family is served by the demo core (development mode's defaults apply). */
export function isDemoOnly(layout: CoreLayout | undefined): boolean {
  return layout !== undefined && layout.instances.every((i) => i.kind === 'demo');
}
