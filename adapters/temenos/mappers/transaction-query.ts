/**
 * A banking transaction query in Transact's terms, and the filters and order the adapter applies
 * itself. Transact keeps booking dates without a time, so a transaction dated D is at D 00:00 UTC:
 * the query's window of date-times becomes whole dates. Pure functions.
 */
import type { BankingTransaction } from '@data-holder-gateway/adapter-sdk';

// The window and amount range as whole dates and exact bounds: the SDK's, shared by adapters.
export {
  type AmountRange,
  type DateRange,
  dateRangeOf,
  inAmountRange,
  isEmptyRange,
} from '@data-holder-gateway/adapter-sdk';

/** Whether the transaction's description or reference holds `text`, in any case. */
export function matchesText(t: BankingTransaction, text: string | undefined): boolean {
  if (text === undefined) return true;
  const wanted = text.toLowerCase();
  return t.description.toLowerCase().includes(wanted) || t.reference.toLowerCase().includes(wanted);
}

/** The record's effective time (postingDateTime, else executionDateTime) in ms. */
const effective = (t: BankingTransaction) =>
  Date.parse(t.postingDateTime ?? t.executionDateTime ?? '');

/** Ids in one fixed order: code units, so every request repeats it. */
export function idOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Effective time descending, ties by transaction id ascending. */
export function newestFirst(a: BankingTransaction, b: BankingTransaction): number {
  return effective(b) - effective(a) || idOrder(a.transactionId, b.transactionId);
}
