/**
 * The demo core's banking transaction index. Every account's transactions are sorted once, when
 * the port is built, in the documented order (effective time descending; the demo core orders ties by transactionId
 * ascending), with their amount and lower-cased texts read ahead. A query binary-searches its
 * time window, filters only the records inside it by amount and text, and maps only the page it
 * returns, as a core with an index on (account, effective time) would.
 */
import {
  Decimal,
  type BankingTransaction,
  type BankingTransactionPage,
  type BankingTransactionQuery,
} from '@data-holder-gateway/adapter-sdk';
import type { DemoBankingTransaction, DemoData } from './demo-data';
import { compareIds, firstIndex } from './demo-paging';

interface IndexedTransaction {
  /** Effective time (postingDateTime, else executionDateTime) in ms since the epoch. */
  ms: number;
  amount: Decimal;
  description: string;
  reference: string;
  record: DemoBankingTransaction;
}

/** One account's transactions, sorted, and by id. */
export interface TransactionIndex {
  sorted: readonly IndexedTransaction[];
  byId: ReadonlyMap<string, DemoBankingTransaction>;
}

/** An account's index and the customer who holds the account. */
export interface AccountTransactions {
  customerId: string;
  index: TransactionIndex;
}

function effectiveMs(record: DemoBankingTransaction): number {
  const ms = Date.parse(record.postingDateTime ?? record.executionDateTime ?? '');
  // The file is validated (one of the two is a date-time); a bad one sorts last, in no window.
  return Number.isNaN(ms) ? -Infinity : ms;
}

/** The index of one account's transactions, in the documented order. */
export function indexTransactions(records: readonly DemoBankingTransaction[]): TransactionIndex {
  const sorted = records
    .map((record): IndexedTransaction => ({
      ms: effectiveMs(record),
      amount: new Decimal(record.amount),
      description: record.description.toLowerCase(),
      reference: record.reference.toLowerCase(),
      record,
    }))
    .sort((a, b) =>
      a.ms !== b.ms ? b.ms - a.ms : compareIds(a.record.transactionId, b.record.transactionId),
    );
  return { sorted, byId: new Map(records.map((r) => [r.transactionId, r])) };
}

/** Every banking account of the file, each with its (possibly empty) index. */
export function indexAccountTransactions(data: DemoData): Map<string, AccountTransactions> {
  const accounts = new Map<string, AccountTransactions>();
  for (const customer of data.customers) {
    for (const account of customer.bankingAccounts ?? []) {
      accounts.set(account.accountId, {
        customerId: customer.customerId,
        index: indexTransactions(account.transactions ?? []),
      });
    }
  }
  return accounts;
}

/** Whether a record of the window passes the amount and text filters. */
function filterOf(
  query: BankingTransactionQuery,
): ((t: IndexedTransaction) => boolean) | undefined {
  const min = query.minAmount !== undefined ? new Decimal(query.minAmount) : undefined;
  const max = query.maxAmount !== undefined ? new Decimal(query.maxAmount) : undefined;
  const text = query.text?.toLowerCase();
  if (min === undefined && max === undefined && text === undefined) return undefined;
  return (t) =>
    (min === undefined || t.amount.gte(min)) &&
    (max === undefined || t.amount.lte(max)) &&
    (text === undefined || t.description.includes(text) || t.reference.includes(text));
}

/**
 * The page `query` asks for: the records with effective time in [oldest, newest] that pass its
 * filters, `offset` of them skipped and at most `limit` mapped; `total` counts them all.
 */
export function queryTransactions(
  index: TransactionIndex,
  query: BankingTransactionQuery,
  map: (record: DemoBankingTransaction) => BankingTransaction,
): BankingTransactionPage {
  const { sorted } = index;
  const newestMs = Date.parse(query.newest);
  const oldestMs = Date.parse(query.oldest);
  const lo = firstIndex(sorted.length, (i) => sorted[i]!.ms <= newestMs);
  const hi = Math.max(
    lo,
    firstIndex(sorted.length, (i) => sorted[i]!.ms < oldestMs),
  );
  const end = query.offset + query.limit;
  const keep = filterOf(query);
  if (!keep) {
    const from = Math.min(lo + query.offset, hi);
    const records = sorted.slice(from, Math.min(lo + end, hi)).map((t) => map(t.record));
    return { records, total: hi - lo };
  }
  const records: BankingTransaction[] = [];
  let total = 0;
  for (let i = lo; i < hi; i += 1) {
    const t = sorted[i]!;
    if (!keep(t)) continue;
    if (total >= query.offset && total < end) records.push(map(t.record));
    total += 1;
  }
  return { records, total };
}
