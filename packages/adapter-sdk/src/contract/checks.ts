/** Checks and helpers the parts of the contract suite share. */
import { createContractsAjv, refOf } from '../contracts';
import { GatewayError } from '../errors';
import type { AccountRef, DateWindow, FdxStatement, FdxTransaction } from '../ports';

const ajv = createContractsAjv();

/**
 * Problems of `value` against a contract: a schema file of the SDK (`schemas/`) (e.g. `balance`) or one
 * of its `$defs` (`common`, `RelatedUser`). Empty when valid.
 */
export function contractProblems(name: string, value: unknown, def?: string): string[] {
  const validate = ajv.getSchema(refOf(name, def));
  if (!validate) throw new Error(`no contract ${name}${def ? `#${def}` : ''}`);
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  // A failing subschema makes ajv also report every field as "unevaluated": noise, when the
  // real problems are listed.
  const real = errors.filter((e) => e.keyword !== 'unevaluatedProperties');
  return (real.length > 0 ? real : errors).map((e) => {
    const extra =
      (e.params as { additionalProperty?: string; unevaluatedProperty?: string })
        .additionalProperty ?? (e.params as { unevaluatedProperty?: string }).unevaluatedProperty;
    return `${e.instancePath || '/'} ${e.message ?? 'invalid'}${extra ? ` "${extra}"` : ''}`;
  });
}

/** Throws one readable error listing every problem of `value` against the contract. */
export function assertContract(name: string, value: unknown, where: string, def?: string): void {
  const problems = contractProblems(name, value, def);
  if (problems.length > 0) {
    throw new Error(
      `${where} does not match schemas/${name}.json${def ? `#/$defs/${def}` : ''}:\n  ${problems.join('\n  ')}`,
    );
  }
}

export function fail(message: string): never {
  throw new Error(message);
}

export function describeThrown(err: unknown): string {
  if (err instanceof GatewayError) return `${err.name} (${err.code}, status ${err.status})`;
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

export function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}

export function assertUnique(values: readonly string[], what: string): void {
  const dup = duplicates(values);
  if (dup.length > 0) fail(`${what} are not unique: ${dup.slice(0, 5).join(', ')}`);
}

export function assertSubset(
  values: readonly string[],
  allowed: ReadonlySet<string>,
  what: string,
): void {
  const stray = [...new Set(values.filter((v) => !allowed.has(v)))];
  if (stray.length > 0) fail(`${what} outside the requested ones: ${stray.slice(0, 5).join(', ')}`);
}

/** Keys of `record` beyond `allowed` (an adapter that spreads a core payload shows up here). */
export function assertOnlyKeys(record: object, allowed: readonly string[], where: string): void {
  const extra = Object.keys(record).filter((k) => !allowed.includes(k));
  if (extra.length > 0) fail(`${where} carries undocumented fields: ${extra.join(', ')}`);
}

export const SHAREABLE_FIELDS = [
  'accountId',
  'displayName',
  'subtitle',
  'openStatus',
  'complexAccountType',
  'users',
  'industry',
  'sharingRefusal',
];
export const ENERGY_RECORD_FIELDS = [
  'accountId',
  'accountNumber',
  'displayName',
  'openStatus',
  'creationDate',
  'plans',
  'subtitle',
  'complexAccountType',
  'users',
  'sharingRefusal',
];
export const STATEMENT_FIELDS = [
  'accountId',
  'statementId',
  'statementDate',
  'description',
  'status',
];

/** The statement as the gateway serves it: picked fields, the path's accountId, a link. */
export function presentStatement(accountId: string, s: Omit<FdxStatement, 'links'>): FdxStatement {
  return {
    accountId,
    statementId: s.statementId,
    statementDate: s.statementDate,
    ...(s.description !== undefined ? { description: s.description } : {}),
    ...(s.status !== undefined ? { status: s.status } : {}),
    links: [
      {
        href: `https://gateway.example/fdx/v6/customer/c/accounts/a/statements/${encodeURIComponent(s.statementId)}`,
        rel: 'download',
        action: 'GET',
        types: ['application/pdf'],
      },
    ],
  };
}

/** The part of an extras block the authorisation list and account filters read. */
export function assertListExtras(
  record: { complexAccountType?: unknown; users?: unknown; subtitle?: unknown },
  where: string,
): void {
  assertContract(
    'common',
    record.complexAccountType,
    `${where}.complexAccountType`,
    'ComplexAccountType',
  );
  if (!Array.isArray(record.users)) fail(`${where}.users is not an array`);
  record.users.forEach((u, i) =>
    assertContract('common', u, `${where}.users[${i}]`, 'RelatedUser'),
  );
  if (record.subtitle !== undefined && typeof record.subtitle !== 'string')
    fail(`${where}.subtitle is not a string`);
}

/**
 * Why `value` would not survive the cache's JSON round trip (undefined-valued fields, Dates, class
 * instances, NaN...), or undefined when it is plain data. A Map is allowed at the top only (the
 * instalment plans port returns one; the cache knows how to store it).
 */
export function notPlainData(value: unknown, at: string, mapAllowed = false): string | undefined {
  if (value === null) return undefined;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `${at} is ${value}`;
    case 'object':
      break;
    default:
      return `${at} is ${typeof value === 'undefined' ? 'undefined (leave the field out)' : `a ${typeof value}`}`;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const problem = notPlainData(value[i], `${at}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (value instanceof Map && mapAllowed) {
    for (const [key, entry] of value) {
      if (typeof key !== 'string') return `${at} has a key that is not a string`;
      const problem = notPlainData(entry, `${at}.get(${JSON.stringify(key)})`);
      if (problem) return problem;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(value) as object | null;
  if (
    Object.prototype.toString.call(value) !== '[object Object]' ||
    (proto !== null && Object.getPrototypeOf(proto) !== null)
  ) {
    const ctor = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
    return `${at} is a ${ctor}, not a plain object`;
  }
  for (const [key, entry] of Object.entries(value)) {
    const problem = notPlainData(entry, `${at}.${key}`);
    if (problem) return problem;
  }
  return undefined;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** postedTimestamp in ms; -Infinity when absent (sorts last, in no window). */
export function postedMs(t: FdxTransaction): number {
  const ms = t.postedTimestamp === undefined ? NaN : Date.parse(t.postedTimestamp);
  return Number.isNaN(ms) ? -Infinity : ms;
}

/** Whether a transaction lies in an inclusive window of UTC days. */
export function inWindow(t: FdxTransaction, window: Partial<DateWindow>): boolean {
  const ms = postedMs(t);
  if (window.oldest !== undefined && !(ms >= Date.parse(`${window.oldest}T00:00:00Z`)))
    return false;
  if (window.newest !== undefined && !(ms < Date.parse(`${window.newest}T00:00:00Z`) + DAY_MS))
    return false;
  return true;
}

/** The UTC day of a timestamp. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

// --------------------------------------------------------------------------------- the suite

/**
 * What `listAccountRefs` must give for an account record: the fields the gateway's account check
 * reads, with the record's values (those it leaves out left out).
 */
export function accountRefOf(record: AccountRef): AccountRef {
  const ref: AccountRef = { accountId: record.accountId };
  if (record.openStatus !== undefined) ref.openStatus = record.openStatus;
  if (record.isOwned !== undefined) ref.isOwned = record.isOwned;
  if (record.productCategory !== undefined) ref.productCategory = record.productCategory;
  if (record.sharingRefusal !== undefined) ref.sharingRefusal = record.sharingRefusal;
  return ref;
}
