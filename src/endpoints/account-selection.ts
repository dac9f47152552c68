/**
 * Which of a customer's accounts a request is about (docs/api.md, "Requests"): the ids of a
 * specific-accounts body must all belong to the customer (else 404 `Account in query not found`,
 * checked before any filter), then the query's filters narrow them. Results keep the core's order.
 */
import { AccountInQueryNotFoundError, AccountNotFoundError } from '../errors';
import type { QueryValues } from '../api/query-values';

/** The fields the account filters read. */
export interface FilterableAccount {
  accountId: string;
  openStatus?: 'OPEN' | 'CLOSED';
  isOwned?: boolean;
  productCategory?: string;
}

/** Keeps the accounts named in `requestedIds` (all must exist), in the order of `all`. */
export function requireAccounts<T extends { accountId: string }>(
  all: readonly T[],
  requestedIds: readonly string[],
): T[] {
  const owned = new Set(all.map((a) => a.accountId));
  for (const id of requestedIds) if (!owned.has(id)) throw new AccountInQueryNotFoundError();
  const wanted = new Set(requestedIds);
  return all.filter((a) => wanted.has(a.accountId));
}

/** The one account of a path `{accountId}`, or 404 `Account not found`. */
export function requireAccount<T extends { accountId: string }>(
  all: readonly T[],
  accountId: string,
): T {
  const found = all.find((a) => a.accountId === accountId);
  if (!found) throw new AccountNotFoundError();
  return found;
}

/** Applies `open-status`, `is-owned` and `product-category` when the route takes them. */
export function applyAccountFilters<T extends FilterableAccount>(
  accounts: readonly T[],
  query: QueryValues,
): T[] {
  const openStatus = query['open-status'];
  const isOwned = query['is-owned'];
  const category = query['product-category'];
  return accounts.filter(
    (a) =>
      (openStatus === undefined ||
        openStatus === 'ALL' ||
        (a.openStatus ?? 'OPEN') === openStatus) &&
      (isOwned === undefined || String(a.isOwned ?? true) === isOwned) &&
      (category === undefined || a.productCategory === category),
  );
}
