/**
 * A second demo core holding the sample's records under other ids (`n-` before each), and the
 * alias file that maps the first core's records to it: what a core migration looks like, on the
 * demo core.
 */
import fs from 'node:fs';
import path from 'node:path';

export const DEMO_SAMPLE = path.join(
  __dirname,
  '..',
  '..',
  'adapters',
  'demo',
  'data',
  'sample.json',
);

/** The fields of the demo data set whose values are its records' ids. */
const ID_FIELDS = [
  'customerId',
  'accountId',
  'id',
  'payeeId',
  'scheduledPaymentId',
  'planId',
  'transactionId',
  'statementId',
  'offsetAccountIds',
  'servicePointIds',
];

/** A record's id in the second core. */
export const renamed = (id: string) => `n-${id}`;

/** `value` with the string values of its id fields renamed (free text is the core's as it is). */
function renamedIds(value: unknown, inIdField = false): unknown {
  if (typeof value === 'string') return inIdField ? renamed(value) : value;
  if (Array.isArray(value)) return value.map((v) => renamedIds(v, inIdField));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, renamedIds(v, ID_FIELDS.includes(k))]),
    );
  return value;
}

/** Writes the sample with every record id renamed, `edit` applied to it, into `dir`; its path. */
export function writeRenamedSample(
  dir: string,
  edit: (data: { customers: Record<string, unknown>[] }) => void = () => undefined,
): string {
  const data = JSON.parse(fs.readFileSync(DEMO_SAMPLE, 'utf8'));
  const rename = (customers: unknown) => renamedIds(customers);
  const copy = { ...data, customers: rename(data.customers) };
  edit(copy);
  const file = path.join(dir, 'renamed.json');
  fs.writeFileSync(file, JSON.stringify(copy));
  return file;
}

/**
 * The alias file of `ids export`'s rows (`kind,external id,<from instance>:<core id>`): each
 * record of `from` is the renamed record of `to`.
 */
export function aliasFileOf(rows: readonly string[][], from: string, to: string): string {
  const aliases = rows
    .filter(([kind]) => kind !== 'cursor')
    .map(([kind, , ref]) => `${kind},${ref},${to}:${renamed(ref!.slice(from.length + 1))}`);
  return `kind,from,to\n${[...new Set(aliases)].join('\n')}\n`;
}

/** The demo customers' core ids and addresses. */
export function demoCustomers(): { id: string; email: string }[] {
  const data = JSON.parse(fs.readFileSync(DEMO_SAMPLE, 'utf8'));
  return data.customers.map((c: { customerId: string; identity: { email: string } }) => ({
    id: c.customerId,
    email: c.identity.email,
  }));
}
