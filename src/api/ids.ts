/**
 * The longest id the interface takes: a customer, account, transaction, statement or product id,
 * in a path or in a specific-accounts body. Declared once, as `Id` in contracts/requests.json, so
 * the body's schema, the OpenAPI document and the path check cannot disagree; checked before a
 * core, the cache or an upstream is asked (docs/decisions/0065-memory-bounded-per-request.md).
 */
import requests from '../../contracts/requests.json';

/** Characters (UTF-16 code units, after percent-decoding) of the longest id: 256. */
export const MAX_ID_LENGTH: number = requests.$defs.Id.maxLength;

/** The parameters of a path template, in order: `/a/{customerId}/b/{accountId}` -> both names. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** The first of `names` whose value in `params` is longer than {@link MAX_ID_LENGTH}. */
export function tooLongId(
  params: Readonly<Record<string, string | undefined>>,
  names: readonly string[],
): string | undefined {
  return names.find((name) => (params[name]?.length ?? 0) > MAX_ID_LENGTH);
}
