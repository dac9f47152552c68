/**
 * Where the ids are in a passed-through route's JSON answer, and how its links name them. The
 * fields come from the route's response schema (`contracts/`, the SDK's JSON Schemas), compiled by
 * field name as the port answers' are (src/ids/id-fields.ts), so a field the contracts add is
 * covered without a list kept here. Links are URLs, not ids: a link keeps its text, and only its
 * path segments that name a record the answer or the request path names change.
 */
import type { IdKind } from '../ids/id-codec';
import { contractLookup, type IdPlan, idPlanOf, type SchemaLookup } from '../ids/id-fields';
import type { RouteSpec } from '../routes/route-spec';

/** The records a request and its answer name: by kind, each core id with the gateway's id. */
export type KnownIds = Map<IdKind, Map<string, string>>;

/** Notes that `core` of `kind` is `external` for this request. */
export function know(known: KnownIds, kind: IdKind, core: string, external: string): void {
  let ids = known.get(kind);
  if (!ids) known.set(kind, (ids = new Map()));
  ids.set(core, external);
}

/**
 * The plan without cursors: a port answer's `next` is its core's position key, but in an API
 * answer `next` is a link (`links.next`), rewritten as a link, never sealed as an id.
 */
function withoutCursors(plan: IdPlan | undefined): IdPlan | undefined {
  if (!plan) return undefined;
  if ('id' in plan) return plan.id === 'cursor' ? undefined : plan;
  if ('items' in plan) {
    const items = withoutCursors(plan.items);
    return items && { items };
  }
  if ('values' in plan) {
    const values = withoutCursors(plan.values);
    return values && { values };
  }
  const fields = new Map<string, IdPlan>();
  for (const [name, inner] of plan.fields) {
    const kept = withoutCursors(inner);
    if (kept) fields.set(name, kept);
  }
  return fields.size > 0 ? { fields } : undefined;
}

/** The plans of route answers, compiled on first use; one schema lookup for all. */
export class AnswerIdPlans {
  private lookup?: SchemaLookup;
  private readonly plans = new Map<RouteSpec, IdPlan | undefined>();

  /** Where `route`'s JSON answer holds ids; undefined when it holds none. */
  of(route: RouteSpec): IdPlan | undefined {
    if (this.plans.has(route)) return this.plans.get(route);
    this.lookup ??= contractLookup();
    const plan = withoutCursors(idPlanOf(route.response as Record<string, unknown>, this.lookup));
    this.plans.set(route, plan);
    return plan;
  }
}

/** The path segment before an id of each kind, in the interface's paths. */
const KIND_AFTER: Readonly<Record<string, IdKind>> = {
  customer: 'customer',
  accounts: 'account',
  transactions: 'transaction',
  statements: 'statement',
  payees: 'payee',
};

/** `scheme://authority` of an absolute link. */
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * `link` with each path id the request or its answer names (a segment after `customer`,
 * `accounts`, `transactions`, `statements` or `payees` that is a known core id of that kind)
 * replaced by the gateway's id. Its origin, query and fragment are left as they are; a segment no
 * known record has (a literal such as `accounts/balances`) too.
 */
export function linkWithIds(link: string, known: KnownIds): string {
  const end = link.search(/[?#]/);
  const path = end === -1 ? link : link.slice(0, end);
  const origin = AUTHORITY.exec(path)?.[0] ?? '';
  const segments = path.slice(origin.length).split('/');
  let changed = false;
  for (let i = 1; i < segments.length; i += 1) {
    const kind = KIND_AFTER[segments[i - 1]!];
    const core = kind && decoded(segments[i]!);
    const external = core !== undefined && kind ? known.get(kind)?.get(core) : undefined;
    if (external === undefined) continue;
    segments[i] = encodeURIComponent(external);
    changed = true;
  }
  return changed ? origin + segments.join('/') + (end === -1 ? '' : link.slice(end)) : link;
}

/** A `links` value: a link, a list of them, a `{ href }` or a block of named links. */
function linksValue(value: unknown, known: KnownIds): unknown {
  if (typeof value === 'string') return linkWithIds(value, known);
  if (Array.isArray(value)) return value.map((v) => linksValue(v, known));
  if (!value || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) copy[name] = linksValue(inner, known);
  return copy;
}

/**
 * `value` with every link rewritten (`linkWithIds`): each `href`, and every string under a
 * `links` member (`/v1` paging links, FDX statement links). Nothing else changes.
 */
export function linksWithIds(value: unknown, known: KnownIds): unknown {
  if (Array.isArray(value)) return value.map((v) => linksWithIds(v, known));
  if (!value || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    if (name === 'links') copy[name] = linksValue(inner, known);
    else if (name === 'href' && typeof inner === 'string') copy[name] = linkWithIds(inner, known);
    else copy[name] = linksWithIds(inner, known);
  }
  return copy;
}

/** A `Link` header's value with each `<target>` rewritten (`linkWithIds`). */
export function linkHeaderWithIds(value: string, known: KnownIds): string {
  return value.replace(/<([^>]*)>/g, (_all, target: string) => `<${linkWithIds(target, known)}>`);
}
