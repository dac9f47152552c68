/**
 * Query parameter and body validation from `contracts/requests.json` (decisions.md 1.1 and 1.3).
 * A bad value is 400 `Invalid field: <name>`; unknown parameters are ignored.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import requests from '../../contracts/requests.json';
import { InvalidFieldError } from '../errors';

/** The `/v1` query parameters, in the order their filters appear in pagination links (1.4). */
export const QUERY_PARAMS = [
  'page',
  'page-size',
  'product-category',
  'open-status',
  'is-owned',
  'oldest-date',
  'newest-date',
  'plan-status',
  'type',
] as const;
export type QueryParam = (typeof QUERY_PARAMS)[number];

/** Validated query values: strings exactly as they appear in links, defaults applied. */
export type QueryValues = Partial<Record<QueryParam, string>>;

const ajv = new Ajv2020({ strict: true, allErrors: false });
addFormats(ajv, ['date']);
ajv.addSchema(requests);
const validators = Object.fromEntries(
  QUERY_PARAMS.map((name) => [name, ajv.getSchema(`${requests.$id}#/$defs/${name}`)!]),
) as Record<QueryParam, ReturnType<typeof ajv.compile>>;
const validateBody = ajv.getSchema(`${requests.$id}#/$defs/AccountIdsBody`)!;

/** The default of a parameter, when its contract has a static one. */
function staticDefault(name: QueryParam): string | undefined {
  return (requests.$defs[name] as { default?: string }).default;
}

/**
 * Validates the given parameters of a raw query (as Express's simple parser gives it).
 * Parameters not in `names` are ignored; absent ones take their static default.
 */
export function parseQuery(
  raw: Record<string, unknown>,
  names: readonly QueryParam[],
): QueryValues {
  const out: QueryValues = {};
  for (const name of QUERY_PARAMS) {
    if (!names.includes(name)) continue;
    const value = raw[name];
    if (value === undefined) {
      const fallback = staticDefault(name);
      if (fallback !== undefined) out[name] = fallback;
      continue;
    }
    if (!validators[name](value)) throw new InvalidFieldError(name);
    out[name] = value as string;
  }
  return out;
}

/** Validates a specific-accounts body and returns its ids, duplicates removed, first-seen order. */
export function parseAccountIdsBody(body: unknown): string[] {
  if (!validateBody(body)) {
    const error = validateBody.errors?.[0];
    const segments = (error?.instancePath ?? '').split('/').filter((p) => p && !/^\d+$/.test(p));
    if (error?.keyword === 'required') segments.push(String(error.params.missingProperty));
    throw new InvalidFieldError(segments.join('.') || 'data');
  }
  return [...new Set((body as { data: { accountIds: string[] } }).data.accountIds)];
}

/** `YYYY-MM-DD` of a date in UTC. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Calendar months back (decisions.md 1.6): 2026-11-22 minus 24 months is 2024-11-22. */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/**
 * Applies the date-window defaults: newest = today (UTC), oldest = newest minus 24 months.
 * @throws InvalidFieldError when oldest is after newest
 */
export function withDateWindow(values: QueryValues, today: Date): QueryValues {
  const newest = values['newest-date'] ?? isoDate(today);
  const oldest = values['oldest-date'] ?? monthsBefore(newest, 24);
  if (oldest > newest) throw new InvalidFieldError('oldest-date');
  return { ...values, 'oldest-date': oldest, 'newest-date': newest };
}
