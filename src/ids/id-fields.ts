/**
 * Where the ids are in what a port operation answers: compiled once from the operation's answer
 * contract (src/resilience/answer-contracts.ts, over the SDK's JSON Schemas), by field name, so
 * that a record type the SDK adds is covered by its schema rather than by a list kept by hand.
 * A plan visits each id of an answer and returns a copy with each id replaced; what holds no id
 * is shared, never copied, and the answer itself is never changed (cached answers are read-only).
 */
import { loadSchemas, PORT_RECORDS, portRecordsSchema, refOf } from '../../contracts';
import type { IdKind } from './id-codec';

type Schema = Record<string, unknown>;

/** The fields that hold ids, by name, and the kind of record each names. */
export const ID_FIELDS: Readonly<Record<string, IdKind>> = {
  accountId: 'account',
  offsetAccountIds: 'account',
  payeeId: 'payee',
  scheduledPaymentId: 'scheduled-payment',
  planId: 'plan',
  transactionId: 'transaction',
  statementId: 'statement',
  servicePointIds: 'service-point',
  // A page's position key: the core's own cursor, which may embed its ids.
  next: 'cursor',
};

/**
 * Schemas whose `id` is a customer's: the consent flow's search results and identity, and the
 * related users of an account.
 */
const CUSTOMER_RECORDS = [
  'customer-search-result.json',
  'customer-identity.json',
  'common.json#/$defs/RelatedUser',
];

/** What a plan does with one id: its replacement. */
export type VisitId = (kind: IdKind, id: string) => string;

/** Where an answer's ids are. */
export type IdPlan =
  | { readonly id: IdKind }
  | { readonly fields: ReadonlyMap<string, IdPlan> }
  | { readonly items: IdPlan }
  | { readonly values: IdPlan };

/** Finds the schema a `$ref` names (`<base>#/json/pointer`), relative to `base`. */
export type SchemaLookup = (uri: string) => Schema | undefined;

interface Compiling {
  readonly lookup: SchemaLookup;
  /** Schemas under compilation: a recursive schema's inner uses hold no further ids. */
  readonly open: Set<Schema>;
}

/** The schema a `$ref` names, its document, and where it is (`<document>#<pointer>`). */
function resolve(ref: string, base: string, c: Compiling) {
  const uri = new URL(ref, base);
  const doc = `${uri.origin}${uri.pathname}`;
  let node: unknown = c.lookup(doc);
  for (const part of uri.hash.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    node = (node as Record<string, unknown> | undefined)?.[decodeURIComponent(part)];
  }
  if (!node || typeof node !== 'object') throw new Error(`cannot resolve ${uri.href}`);
  return { schema: node as Schema, base: doc, where: uri.href };
}

/** The plans of the subschemas an answer may match, merged: any of them may hold ids. */
function merged(plans: (IdPlan | undefined)[]): IdPlan | undefined {
  const found = plans.filter((p): p is IdPlan => p !== undefined);
  if (found.length <= 1) return found[0];
  const fields = new Map<string, IdPlan>();
  for (const plan of found) {
    if ('id' in plan || 'values' in plan) return plan;
    if ('items' in plan)
      return { items: merged(found.map((p) => ('items' in p ? p.items : undefined)))! };
    for (const [name, inner] of plan.fields) {
      fields.set(name, fields.has(name) ? merged([fields.get(name), inner])! : inner);
    }
  }
  return { fields };
}

function fieldsOf(schema: Schema, base: string, where: string, c: Compiling): IdPlan | undefined {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const customer = CUSTOMER_RECORDS.some((name) => where.endsWith(name));
  const fields = new Map<string, IdPlan>();
  for (const [name, inner] of Object.entries(properties)) {
    const kind = ID_FIELDS[name] ?? (customer && name === 'id' ? 'customer' : undefined);
    const plan = kind ? { id: kind } : compile(inner, base, c);
    if (plan) fields.set(name, plan);
  }
  return fields.size > 0 ? { fields } : undefined;
}

/**
 * The plan of `schema`, in the document `base`; `where` names it when a `$ref` led to it (a
 * schema inside it is anonymous). Undefined when it holds no id.
 */
function compile(schema: Schema, base: string, c: Compiling, where = ''): IdPlan | undefined {
  if (c.open.has(schema)) return undefined;
  c.open.add(schema);
  try {
    const target = typeof schema.$ref === 'string' ? resolve(schema.$ref, base, c) : undefined;
    const referenced = target && compile(target.schema, target.base, c, target.where);
    const parts = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (schema[k] ?? []) as Schema[]);
    const branches = [schema.then, schema.else].filter(Boolean) as Schema[];
    const items = schema.items ? compile(schema.items as Schema, base, c) : undefined;
    const extra =
      typeof schema.additionalProperties === 'object'
        ? compile(schema.additionalProperties as Schema, base, c)
        : undefined;
    return merged([
      referenced,
      fieldsOf(schema, base, where, c),
      items && { items },
      extra && { values: extra },
      ...[...parts, ...branches].map((s) => compile(s, base, c)),
    ]);
  } finally {
    c.open.delete(schema);
  }
}

/** The SDK's contracts and port records by their `$id`. */
export function contractLookup(): SchemaLookup {
  const byUri = new Map<string, Schema>();
  for (const [name, schema] of Object.entries(loadSchemas()))
    byUri.set(refOf(name), schema as Schema);
  byUri.set(refOf(PORT_RECORDS), portRecordsSchema() as Schema);
  return (uri) => byUri.get(uri);
}

/** The plan of an answer contract; undefined when the answer holds no id. */
export function idPlanOf(contract: Schema, lookup: SchemaLookup): IdPlan | undefined {
  return compile(contract, 'https://ids.invalid/answer.json', { lookup, open: new Set() });
}

/** `value` with each id the plan finds replaced by `visit`'s answer; `value` is left as it is. */
export function withIds(plan: IdPlan, value: unknown, visit: VisitId): unknown {
  if ('id' in plan) {
    if (typeof value === 'string') return visit(plan.id, value);
    return Array.isArray(value) ? value.map((v) => withIds(plan, v, visit)) : value;
  }
  if (value instanceof Map) return mapWithIds(plan, value, visit);
  if ('items' in plan) {
    return Array.isArray(value) ? value.map((v) => withIds(plan.items, v, visit)) : value;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = { ...record };
  if ('values' in plan) {
    for (const key of Object.keys(record)) copy[key] = withIds(plan.values, record[key], visit);
  } else {
    for (const [name, inner] of plan.fields) {
      if (name in record) copy[name] = withIds(inner, record[name], visit);
    }
  }
  return copy;
}

/**
 * An answer kept as a Map (the instalment plans, checked as a list of its values): keyed by the
 * account ids it was asked for, so its keys are account ids and its values follow the plan.
 */
function mapWithIds(plan: IdPlan, value: Map<unknown, unknown>, visit: VisitId): unknown {
  const inner = 'items' in plan ? plan.items : 'values' in plan ? plan.values : undefined;
  return new Map(
    [...value].map(([key, v]) => [
      typeof key === 'string' ? visit('account', key) : key,
      inner ? withIds(inner, v, visit) : v,
    ]),
  );
}
