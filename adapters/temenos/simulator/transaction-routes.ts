/**
 * Transactions, newest first (pending ones first), posted and pending alike. A pending one (a
 * card hold, a payment processed later) is not booked yet. What marks it: it has no
 * `bookingDate`, no `entryReference` (no statement entry yet) and no running balance (`balance`,
 * `transactionTotal`); its details show its `valueDate` and a `processingDate` after the business
 * date. The transactions service's list also selects by `listType`: `PENDING` only pending ones,
 * `COMPLETED` and `RECENT` only posted ones, `SEARCH` and no `listType` both.
 * Date selections read the booking date, and a pending entry's value date in its stead.
 *
 * - `/api/v4.1.0/holdings/accounts/{accountId}/transactions`: `bookingDate`, `valueDate` and
 *   `processingDate` each select one date or a range `from to`; `description` contains (any
 *   case); the
 *   header's `data` carries the opening balance of the entries listed. Amounts are signed, and
 *   `debitCreditIndicator` says the side too.
 * - `/api/v1.0.0/holdings/transactions`: `accountId` or `customerId` (its accounts, joint ones
 *   too) is required; `dateFrom`/`dateTo` bound the booking date;
 *   `minimumAmount`/`maximumAmount` bound the absolute amount; `displayName` contains (any case);
 *   `transactionCode`, `entryReference` equal; `transactionCount` keeps the newest n.
 * - `/api/v1.0.0/holdings/transactions/{transactionId}`: one transaction by its reference, with
 *   its debit and credit sides (both legs when it moved money between two accounts here).
 */
import { TEMENOS_TRANSACTION_CODES } from './catalogue';
import type { SimTransaction } from './dataset';
import { amountParameter, dateBounds, dateRange, equalSelects, inRange } from './filters';
import { compact, list, type RouteRequest, type RouteSpec } from './route-types';
import { amountNumber, centsOf, money } from './sim-dates';
import { listedDate, newestFirst } from './sim-index';
import { badRequest } from './temenos-errors';
import { transactionDetails } from './transaction-views';

const LIST_TYPES = ['RECENT', 'COMPLETED', 'PENDING', 'SEARCH'];

function accountStatement(r: RouteRequest) {
  const account = r.index.account(r.params.accountId!);
  const booking = dateRange(r.query, 'bookingDate');
  const value = dateRange(r.query, 'valueDate');
  const processing = dateRange(r.query, 'processingDate');
  const text = r.query.description?.toLowerCase();
  const selected = r.index
    .transactionsOf(account.accountId)
    .filter(
      (t) =>
        inRange(booking, listedDate(t)) &&
        inRange(value, t.valueDate) &&
        inRange(processing, t.processingDate) &&
        (!text || `${name(t)} ${t.narrative}`.toLowerCase().includes(text)),
    );
  const oldest = selected.filter((t) => t.status === 'POSTED').at(-1);
  const opening = oldest
    ? centsOf(oldest.balanceAfter!) - centsOf(oldest.amount)
    : centsOf(account.workingBalance);
  const items = selected.map((t) =>
    compact({
      transactionId: t.reference,
      bookingDate: t.bookingDate,
      valueDate: t.valueDate,
      transactionName: name(t),
      transactionAmount: amountNumber(t.amount),
      debitCreditIndicator: centsOf(t.amount) < 0 ? 'Debit' : 'Credit',
      transactionTotal: t.balanceAfter,
    }),
  );
  const owner = account.holders[0]!.customerId;
  return list(items, {
    data: {
      accountId: account.accountId,
      customerId: owner,
      accountCurrency: account.currency,
      openingBalance: money(opening),
    },
  });
}

const name = (t: SimTransaction) => TEMENOS_TRANSACTION_CODES[t.code].name;

function byListType(listType: string | undefined, t: SimTransaction): boolean {
  if (!listType || listType === 'SEARCH') return true;
  return listType === 'PENDING' ? t.status === 'PENDING' : t.status === 'POSTED';
}

/** The transactions the list's parameters select, newest first. */
function selected(r: RouteRequest): SimTransaction[] {
  const { query } = r;
  const listType = query.listType?.toUpperCase();
  if (listType && !LIST_TYPES.includes(listType))
    throw badRequest('listType', LIST_TYPES.join(', '));
  if (!query.accountId && !query.customerId)
    throw badRequest('accountId', 'accountId or customerId is required');
  const accounts = query.accountId
    ? [r.index.account(query.accountId)]
    : r.index.accountsOf(r.index.customer(query.customerId!).customerId);
  const dates = dateBounds(query, 'dateFrom', 'dateTo');
  const min = amountParameter(query, 'minimumAmount');
  const max = amountParameter(query, 'maximumAmount');
  const text = query.displayName?.toLowerCase();
  const all = accounts.flatMap((a) => r.index.transactionsOf(a.accountId));
  return all.filter((t) => {
    const size = Math.abs(centsOf(t.amount)) / 100;
    return (
      byListType(listType, t) &&
      inRange(dates, listedDate(t)) &&
      (min === undefined || size >= min) &&
      (max === undefined || size <= max) &&
      (!text || (t.counterparty?.name ?? '').toLowerCase().includes(text)) &&
      equalSelects(query, 'transactionCode', t.code) &&
      equalSelects(query, 'entryReference', t.entryReference)
    );
  });
}

function transactionList(r: RouteRequest) {
  let found = selected(r);
  if (r.query.accountId === undefined) found = found.sort(newestFirst);
  const count = r.query.transactionCount;
  if (count !== undefined && count !== '') {
    if (!/^[0-9]+$/.test(count)) throw badRequest('transactionCount', 'a whole number');
    found = found.slice(0, Number(count));
  }
  const items = found.map((t) => {
    const account = r.index.account(t.accountId);
    return compact({
      transactionReference: t.reference,
      entryReference: t.entryReference,
      bookingDate: t.bookingDate,
      narrative: t.narrative,
      accountId: t.accountId,
      accountName: account.title,
      amount: amountNumber(t.amount),
      currencyId: t.currency,
      companyId: r.index.data.companyId,
      transactionType: TEMENOS_TRANSACTION_CODES[t.code].type,
      displayName: t.counterparty?.name.slice(0, 35),
      balance: t.balanceAfter === undefined ? undefined : amountNumber(t.balanceAfter),
    });
  });
  return list(items);
}

export const TRANSACTION_ROUTES: RouteSpec[] = [
  {
    service: 'holdings-accounts',
    operationId: 'getAccountTransactions',
    path: '/holdings/accounts/{accountId}/transactions',
    family: 'query',
    handle: accountStatement,
  },
  {
    service: 'holdings-transactions',
    operationId: 'getAccountTransactions',
    path: '/holdings/transactions',
    family: 'query',
    handle: transactionList,
  },
  {
    service: 'holdings-transactions',
    operationId: 'getTransactionDetails',
    path: '/holdings/transactions/{transactionId}',
    family: 'query',
    handle: (r) => list([transactionDetails(r.index.transaction(r.params.transactionId!))]),
  },
];
