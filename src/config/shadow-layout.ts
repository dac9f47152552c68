/**
 * Which candidate core is asked in the shadow of a family's live reads: `SHADOW_ADAPTERS`,
 * `family:instance` (a built-in or installed adapter under its own id) or `family:instance=adapter`
 * (any adapter `CORE_ADAPTERS` could name, under an id of its own), comma-separated. Entries that
 * name the same instance share it. The instance id prefixes its settings (`<ID>_<PROPERTY>`) and
 * labels its circuits, metrics and logs, as a live instance's does.
 *
 * A candidate must be another instance than the live ones: under a live instance's id it would
 * share that instance's settings and labels, and its calls could not be told from the live ones.
 */
import { CORE_FAMILIES, type CoreFamily, type CoreLayout } from './core-layout';

/** One candidate instance and the families it shadows. */
export interface ShadowCandidateSpec {
  /** The instance id (known before its module is loaded: given, or the adapter itself). */
  readonly id: string;
  /** A built-in adapter id, a module path or a package name. */
  readonly kind: string;
  /** The families whose live reads it is asked in the shadow of, in family order. */
  readonly families: readonly CoreFamily[];
}

export interface ShadowLayout {
  readonly candidates: readonly ShadowCandidateSpec[];
}

const VARIABLE = 'SHADOW_ADAPTERS';
const INSTANCE_ID = /^[a-z][a-z0-9-]*$/;
const ENTRY = /^([^:=]+):(?:([^:=]+)=)?(\S+)$/;

interface Entry {
  family: CoreFamily;
  id: string;
  kind: string;
}

/** One entry, or its problem. */
function entryOf(raw: string): Entry | string {
  const match = ENTRY.exec(raw);
  if (!match) return `${VARIABLE}: "${raw}" is not family:instance or family:instance=adapter`;
  // ENTRY's groups 1 and 3 always match; group 2 (the instance id) is optional.
  const [, family = '', given, kind = ''] = match;
  if (!(CORE_FAMILIES as readonly string[]).includes(family))
    return `${VARIABLE}: unknown family "${family}" (families: ${CORE_FAMILIES.join(', ')})`;
  const id = given ?? kind;
  if (!INSTANCE_ID.test(id))
    return given === undefined
      ? `${VARIABLE}: "${raw}" names no instance id; give one with ${family}:<id>=${kind}`
      : `${VARIABLE}: instance id "${id}" must be lower-case letters, digits and dashes, starting with a letter`;
  return { family: family as CoreFamily, id, kind };
}

/** The problem of a candidate id that a live instance has, if it has it. */
function liveIdProblem(entry: Entry, live: CoreLayout): string | undefined {
  const serving = live.instances[live.servedBy[entry.family]];
  if (serving?.id === entry.id)
    return `${VARIABLE}: "${entry.id}" is the live instance of ${entry.family}; a candidate is another core, under an id of its own (${entry.family}:<id>=${entry.kind})`;
  if (live.instances.some((i) => i.id === entry.id))
    return `${VARIABLE}: "${entry.id}" is a live instance's id; a candidate needs its own, or its settings and metrics would be the live one's (${entry.family}:<id>=${entry.kind})`;
  return undefined;
}

/**
 * The candidates `SHADOW_ADAPTERS` names, or the problems that stop start-up.
 * @param live the live layout, when it reads: a candidate may not be one of its instances (an
 *   instance whose id is its module's own is checked once its module is loaded, src/adapters.ts)
 */
export function shadowLayoutOf(
  shadowAdapters: string | undefined,
  live: CoreLayout | undefined,
): { layout?: ShadowLayout; problems: string[] } {
  if (shadowAdapters === undefined) return { layout: { candidates: [] }, problems: [] };
  const problems: string[] = [];
  const byId = new Map<string, { id: string; kind: string; families: CoreFamily[] }>();
  const seen = new Set<CoreFamily>();
  for (const raw of shadowAdapters.split(',').map((e) => e.trim())) {
    const entry = entryOf(raw);
    if (typeof entry === 'string') {
      problems.push(entry);
      continue;
    }
    const { family, id, kind } = entry;
    const known = byId.get(id);
    const problem =
      (seen.has(family) && `${VARIABLE}: family "${family}" is named more than once`) ||
      (known &&
        known.kind !== kind &&
        `${VARIABLE}: instance id "${id}" names two adapters ("${known.kind}" and "${kind}"); give each its own id`) ||
      (live && liveIdProblem(entry, live));
    seen.add(family);
    if (problem) problems.push(problem);
    else if (known) known.families.push(family);
    else byId.set(id, { id, kind, families: [family] });
  }
  if (problems.length > 0) return { problems };
  const candidates = [...byId.values()].map((c) => ({
    ...c,
    families: CORE_FAMILIES.filter((f) => c.families.includes(f)),
  }));
  return { layout: { candidates }, problems };
}
