/**
 * Two answers to one read compared field by field: where they differ, as JSON paths from the
 * answer's root (`$[0].balance.current`), never what either holds. Array items are compared by
 * index (an answer's order is part of its contract), objects by property, Maps by key.
 *
 * A path names no id and no value: a Map's key (an account id, for instalment plans) appears as
 * its position (`$.{0}`: the live answer's keys first, then the candidate's others), and a property
 * name that does not look like a field name (the contracts' objects are closed, so only an
 * answer out of contract has one) as `{}`. A property holding `undefined` is one the answer does
 * not have (JSON leaves it out); `null` is a value, so `null` against a missing field differs.
 */

/** Where two answers differ. */
export interface Comparison {
  /** The paths where they differ, in walk order, at most {@link MAX_PATHS}. */
  readonly paths: readonly string[];
  /** How many paths differ in all. */
  readonly count: number;
  /** The differing paths as fields (indexes and keys left out), each once, at most {@link MAX_FIELDS}. */
  readonly fields: readonly string[];
}

/** Paths kept per comparison: enough to locate a fault, few enough for one log line. */
export const MAX_PATHS = 20;
/** Fields kept per comparison: a metric label each, so their number stays bounded. */
export const MAX_FIELDS = 50;
/** Deeper than any contract nests: past it the rest is reported as one difference. */
const MAX_DEPTH = 64;

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** The field a path is at: array indexes as `[]`, Map keys as `{}` (bounded metric labels). */
export function fieldOf(path: string): string {
  return path.replace(/\[\d+\]/g, '[]').replace(/\{\d+\}/g, '{}');
}

class Found {
  readonly paths: string[] = [];
  readonly fields = new Set<string>();
  count = 0;

  add(path: string): void {
    this.count += 1;
    if (this.paths.length < MAX_PATHS) this.paths.push(path);
    if (this.fields.size < MAX_FIELDS) this.fields.add(fieldOf(path));
  }
}

type Shape = 'array' | 'map' | 'date' | 'object' | 'null' | 'other';

function shapeOf(value: unknown): Shape {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Map) return 'map';
  if (value instanceof Date) return 'date';
  return typeof value === 'object' ? 'object' : 'other';
}

const present = (record: Record<string, unknown>) =>
  Object.keys(record).filter((key) => record[key] !== undefined);

function walk(live: unknown, candidate: unknown, path: string, found: Found, depth: number): void {
  if (live === candidate || Object.is(live, candidate)) return;
  const shape = shapeOf(live);
  if (shape !== shapeOf(candidate) || depth > MAX_DEPTH) return found.add(path);
  const next = depth + 1;
  switch (shape) {
    case 'array': {
      const [a, b] = [live as unknown[], candidate as unknown[]];
      for (let i = 0; i < Math.max(a.length, b.length); i += 1)
        walk(a[i], b[i], `${path}[${i}]`, found, next);
      return;
    }
    case 'map': {
      const [a, b] = [live as Map<unknown, unknown>, candidate as Map<unknown, unknown>];
      const keys = [...a.keys(), ...[...b.keys()].filter((k) => !a.has(k))];
      keys.forEach((key, i) => walk(a.get(key), b.get(key), `${path}.{${i}}`, found, next));
      return;
    }
    case 'date':
      if ((live as Date).getTime() !== (candidate as Date).getTime()) found.add(path);
      return;
    case 'object': {
      const [a, b] = [live as Record<string, unknown>, candidate as Record<string, unknown>];
      for (const key of new Set([...present(a), ...present(b)])) {
        const segment = FIELD_NAME.test(key) ? `.${key}` : '.{}';
        walk(a[key], b[key], `${path}${segment}`, found, next);
      }
      return;
    }
    default:
      // Two primitives (or a function) that are not the same.
      found.add(path);
  }
}

/** Where `candidate` differs from `live`; nothing when they are the same answer. */
export function compareAnswers(live: unknown, candidate: unknown): Comparison {
  const found = new Found();
  walk(live, candidate, '$', found, 0);
  return { paths: found.paths, count: found.count, fields: [...found.fields] };
}
