/**
 * Which of a customer's accounts a request is about (docs/api.md, "Requests"): the ids of a
 * specific-accounts body must all belong to the customer (else 404 `Account in query not found`,
 * checked before any filter), then the query's filters narrow them. Results keep the core's order.
 *
 * Refusals to share (docs/api.md, "Refusals to share") are applied here, for every served route:
 * an account the holder refuses (the operator's list or the core's `sharingRefusal`) throws
 * `SharingRefusedError` with the reason, which the route answers as the interface says; the
 * account lists leave refused accounts out.
 */
import {
  AccountInQueryNotFoundError,
  AccountNotFoundError,
  SharingRefusedError,
  type SharingRefusalReason,
} from '../errors';
import type { QueryValues } from '../api/query-values';
import type { AccountRef, CallContext } from '../ports';
import { SharingRefusals } from '../refusals/sharing-refusals';

/** The fields the account filters read. */
export interface FilterableAccount {
  accountId: string;
  openStatus?: 'OPEN' | 'CLOSED';
  isOwned?: boolean;
  productCategory?: string;
}

/** An account record as the refusal checks read it. */
export interface RefusableAccount {
  accountId: string;
  sharingRefusal?: SharingRefusalReason;
}

/** The account reads of a port (banking or energy) that a check of named accounts can use. */
export interface CheckedAccountReads<R extends AccountRef> {
  listAccounts(customerId: string, ctx: CallContext): Promise<R[]>;
  listAccountsById?(customerId: string, accountIds: string[], ctx: CallContext): Promise<R[]>;
  listAccountRefs?(customerId: string, ctx: CallContext): Promise<AccountRef[]>;
}

/**
 * The records a check of `accountIds` reads: only those accounts' when the core can read them
 * alone (`listAccountsById`), else every account of the customer.
 */
export function namedAccountRecords<R extends AccountRef>(
  port: CheckedAccountReads<R>,
  customerId: string,
  accountIds: readonly string[],
  ctx: CallContext,
): Promise<R[]> {
  return port.listAccountsById
    ? port.listAccountsById(customerId, [...accountIds], ctx)
    : port.listAccounts(customerId, ctx);
}

/**
 * What the check of a data request reads: the customer's account refs when the core lists them
 * (`listAccountRefs`: ownership, status and refusals, without each account's detail), else the
 * records of the named accounts.
 */
export function namedAccountRefs(
  port: CheckedAccountReads<AccountRef>,
  customerId: string,
  accountIds: readonly string[],
  ctx: CallContext,
): Promise<AccountRef[]> {
  return port.listAccountRefs
    ? port.listAccountRefs(customerId, ctx)
    : namedAccountRecords(port, customerId, accountIds, ctx);
}

/** The worst of several refusals: harm, else the first. */
function worst(reasons: readonly SharingRefusalReason[]): SharingRefusalReason | undefined {
  return reasons.includes('harm') ? 'harm' : reasons[0];
}

export class AccountSelection {
  constructor(private readonly refusals: SharingRefusals = SharingRefusals.NONE) {}

  /** The refusal of one of the customer's accounts, if any. */
  refusalOf(customerId: string, account: RefusableAccount): SharingRefusalReason | undefined {
    return this.refusals.account(customerId, account.accountId, account.sharingRefusal);
  }

  /** Throws `SharingRefusedError` when the holder refuses the account. */
  refuseIfRefused(customerId: string, account: RefusableAccount): void {
    const reason = this.refusalOf(customerId, account);
    if (reason) throw new SharingRefusedError(reason);
  }

  /**
   * Keeps the accounts named in `requestedIds`, in the order of `all`: every id must be the
   * customer's (an unknown id first), then none may be refused (harm first).
   */
  requireAccounts<T extends RefusableAccount>(
    customerId: string,
    all: readonly T[],
    requestedIds: readonly string[],
  ): T[] {
    const owned = new Set(all.map((a) => a.accountId));
    for (const id of requestedIds) if (!owned.has(id)) throw new AccountInQueryNotFoundError();
    const wanted = new Set(requestedIds);
    const selected = all.filter((a) => wanted.has(a.accountId));
    const reason = worst(
      selected.flatMap((a) => {
        const r = this.refusalOf(customerId, a);
        return r ? [r] : [];
      }),
    );
    if (reason) throw new SharingRefusedError(reason);
    return selected;
  }

  /** The one account of a path `{accountId}`: 404 `Account not found`, or its refusal. */
  requireAccount<T extends RefusableAccount>(
    customerId: string,
    all: readonly T[],
    accountId: string,
  ): T {
    const found = all.find((a) => a.accountId === accountId);
    if (!found) throw new AccountNotFoundError();
    this.refuseIfRefused(customerId, found);
    return found;
  }

  /**
   * The authorisation list (`listShareableAccounts`): blocked and suspended accounts left out. An
   * account whose data could cause harm stays, so that the customer can choose it and the refusal
   * of its data is made, and reported, when the data is asked for.
   */
  consentable<T extends RefusableAccount>(customerId: string, all: readonly T[]): T[] {
    return all.filter((a) => {
      const reason = this.refusalOf(customerId, a);
      return reason === undefined || reason === 'harm';
    });
  }

  /**
   * The deprecated account lists: every refused account left out, harm included (they carry the
   * account detail that a request naming the account would be refused).
   */
  shareable<T extends RefusableAccount>(customerId: string, all: readonly T[]): T[] {
    return all.filter((a) => this.refusalOf(customerId, a) === undefined);
  }
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
