/**
 * Query parameter and body validation from `contracts/requests.json`.
 * A bad value is 400 `Invalid field: <name>`; unknown parameters are ignored.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import requests from '../../contracts/requests.json';
import { QUERY_PARAMS, type QueryParam, type QueryValues } from '../api/query-values';
import { InvalidFieldError } from '../errors';

const ajv = new Ajv2020({ strict: true, allErrors: false });
addFormats(ajv, ['date', 'date-time', 'email']);
ajv.addSchema(requests);
const validators = Object.fromEntries(
  QUERY_PARAMS.map((name) => [name, ajv.getSchema(`${requests.$id}#/$defs/${name}`)!]),
) as Record<QueryParam, ReturnType<typeof ajv.compile>>;
const validateBody = ajv.getSchema(`${requests.$id}#/$defs/AccountIdsBody`)!;
const validateSearchBody = ajv.getSchema(`${requests.$id}#/$defs/CustomerSearchBody`)!;
const validateEmail = ajv.getSchema(`${requests.$id}#/$defs/EmailAddress`)!;

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

/**
 * Validates a customer search body and returns its address trimmed and lower-cased, the form the
 * port is asked with. Any problem (no `email`, not a string, too long, not an address) is 400
 * `Invalid field: email`; the value itself is never part of the error.
 */
export function parseCustomerSearchBody(body: unknown): string {
  if (!validateSearchBody(body)) throw new InvalidFieldError('email');
  const email = (body as { email: string }).email.trim();
  if (!validateEmail(email)) throw new InvalidFieldError('email');
  return email.toLowerCase();
}
