/**
 * Where the ids are in what a port operation answers: compiled once from the operation's answer
 * contract (src/resilience/answer-contracts.ts, over the SDK's JSON Schemas), by field name, so
 * that a record type the SDK adds is covered by its schema rather than by a list kept by hand.
 * A plan visits each id of an answer and returns a copy with each id replaced; what holds no id
 * is shared, never copied, and the answer itself is never changed (cached answers are read-only).
 */
import { loadSchemas, PORT_RECORDS, portRecordsSchema, refOf } from '../../contracts';
import type { OperationName } from '../ports/operations';
import { answerContractOf } from '../resilience/answer-contracts';
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

let operationLookup: SchemaLookup | undefined;
const operationPlans = new Map<OperationName, IdPlan | undefined>();

/** Where the ids of `operation`'s answer are, from its answer contract (compiled once). */
export function idPlanOfOperation(operation: OperationName): IdPlan | undefined {
  if (!operationPlans.has(operation)) {
    const [port, method] = operation.split('.') as [string, string];
    const contract = answerContractOf(port, method);
    const lookup = (operationLookup ??= contractLookup());
    operationPlans.set(operation, contract ? idPlanOf(contract, lookup) : undefined);
  }
  return operationPlans.get(operation);
}

/** The plan of an answer contract; undefined when the answer holds no id. */
export function idPlanOf(contract: Schema, lookup: SchemaLookup): IdPlan | undefined {
  return compile(contract, 'https://ids.invalid/answer.json', { lookup, open: new Set() });
}

/**
 * A plan as two functions, each node's own: visiting is a call per node on a path to an id, with
 * no test of which kind of node it is (a plan walked as data costs several times more per answer).
 */
interface Walker {
  each(value: unknown, visit: (kind: IdKind, id: string) => void): void;
  with(value: unknown, visit: VisitId): unknown;
}

const walkers = new WeakMap<IdPlan, Walker>();

function walkerOf(plan: IdPlan): Walker {
  let walker = walkers.get(plan);
  if (!walker) {
    walker = 'id' in plan ? idWalker(plan.id) : containerWalker(plan);
    walkers.set(plan, walker);
  }
  return walker;
}

function idWalker(kind: IdKind): Walker {
  const walker: Walker = {
    each(value, visit) {
      if (typeof value === 'string') visit(kind, value);
      else if (Array.isArray(value)) for (const v of value) walker.each(v, visit);
    },
    with(value, visit) {
      if (typeof value === 'string') return visit(kind, value);
      return Array.isArray(value) ? value.map((v) => walker.with(v, visit)) : value;
    },
  };
  return walker;
}

/**
 * An answer kept as a Map (the instalment plans, checked as a list of its values): keyed by the
 * account ids it was asked for, so its keys are account ids and its values follow the plan.
 */
function mapWalker(inner: Walker | undefined) {
  return {
    each(value: Map<unknown, unknown>, visit: (kind: IdKind, id: string) => void) {
      for (const [key, v] of value) {
        if (typeof key === 'string') visit('account', key);
        inner?.each(v, visit);
      }
    },
    with(value: Map<unknown, unknown>, visit: VisitId) {
      return new Map(
        [...value].map(([key, v]) => [
          typeof key === 'string' ? visit('account', key) : key,
          inner ? inner.with(v, visit) : v,
        ]),
      );
    },
  };
}

function containerWalker(plan: Exclude<IdPlan, { id: IdKind }>): Walker {
  if ('items' in plan) {
    const items = walkerOf(plan.items);
    const map = mapWalker(items);
    return {
      each(value, visit) {
        if (value instanceof Map) map.each(value, visit);
        else if (Array.isArray(value)) for (const v of value) items.each(v, visit);
      },
      with(value, visit) {
        if (value instanceof Map) return map.with(value, visit);
        return Array.isArray(value) ? value.map((v) => items.with(v, visit)) : value;
      },
    };
  }
  return 'values' in plan ? valuesWalker(walkerOf(plan.values)) : fieldsWalker(plan.fields);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

function valuesWalker(values: Walker): Walker {
  const map = mapWalker(values);
  return {
    each(value, visit) {
      if (value instanceof Map) map.each(value, visit);
      else if (isRecord(value))
        for (const key of Object.keys(value)) values.each(value[key], visit);
    },
    with(value, visit) {
      if (value instanceof Map) return map.with(value, visit);
      if (!isRecord(value)) return value;
      const copy: Record<string, unknown> = { ...value };
      for (const key of Object.keys(value)) copy[key] = values.with(value[key], visit);
      return copy;
    },
  };
}

function fieldsWalker(fields: ReadonlyMap<string, IdPlan>): Walker {
  const entries = [...fields].map(([name, inner]) => [name, walkerOf(inner)] as const);
  const map = mapWalker(undefined);
  return {
    each(value, visit) {
      if (value instanceof Map) map.each(value, visit);
      else if (isRecord(value)) {
        for (const [name, inner] of entries) {
          const field = value[name];
          if (field !== undefined) inner.each(field, visit);
        }
      }
    },
    with(value, visit) {
      if (value instanceof Map) return map.with(value, visit);
      if (!isRecord(value)) return value;
      const copy: Record<string, unknown> = { ...value };
      for (const [name, inner] of entries) {
        if (name in value) copy[name] = inner.with(value[name], visit);
      }
      return copy;
    },
  };
}

/** Calls `visit` with each id the plan finds in `value`, in the order `withIds` visits them. */
export function eachId(
  plan: IdPlan,
  value: unknown,
  visit: (kind: IdKind, id: string) => void,
): void {
  walkerOf(plan).each(value, visit);
}

/** `value` with each id the plan finds replaced by `visit`'s answer; `value` is left as it is. */
export function withIds(plan: IdPlan, value: unknown, visit: VisitId): unknown {
  return walkerOf(plan).with(value, visit);
}
