/**
 * A banking transaction query in Fineract's terms: its window of date-times as whole dates, its
 * signed amount bounds as what Fineract's savings search can filter, and the order and filters
 * the adapter applies itself. Pure functions.
 */
import {
  type AmountRange,
  Decimal,
  type BankingTransaction,
} from '@data-holder-gateway/adapter-sdk';
import { SAVINGS_CREDIT_TYPES, SAVINGS_DEBIT_TYPES } from './banking-transaction.mapper';

// The window and amount range as whole dates and exact bounds: the SDK's, shared by adapters.
export {
  type AmountRange,
  type DateRange,
  dateRangeOf,
  inAmountRange,
  isEmptyRange,
} from '@data-holder-gateway/adapter-sdk';

/**
 * What Fineract's savings search can filter of a signed range: its `amount` is unsigned and its
 * type says the direction, so money in above a positive minimum is the credit types with
 * `fromAmount` = min (and `toAmount` = max), money out below a negative maximum the debit types
 * with the absolute bounds swapped; a range round zero keeps every type and bounds the absolute
 * amount by the larger bound's size. The adapter still applies the exact range to what comes back.
 */
export interface SavingsSearchFilters {
  types: readonly number[];
  fromAmount?: string;
  toAmount?: string;
}

const plain = (d: Decimal) => d.abs().toString();

export function savingsSearchFilters({ min, max }: AmountRange): SavingsSearchFilters {
  const all = [...SAVINGS_CREDIT_TYPES, ...SAVINGS_DEBIT_TYPES].sort((a, b) => a - b);
  const low = min === undefined ? undefined : new Decimal(min);
  const high = max === undefined ? undefined : new Decimal(max);
  if (low?.gt(0)) {
    return {
      types: SAVINGS_CREDIT_TYPES,
      fromAmount: plain(low),
      ...(high ? { toAmount: plain(high) } : {}),
    };
  }
  if (high?.lt(0)) {
    return {
      types: SAVINGS_DEBIT_TYPES,
      fromAmount: plain(high),
      ...(low ? { toAmount: plain(low) } : {}),
    };
  }
  if (low && high) {
    return { types: all, toAmount: plain(low.abs().gt(high) ? low : high) };
  }
  return { types: all };
}

/** Fineract ids as numbers; an id that is not a decimal number sorts after every number. */
function idOrder(a: string, b: string): number {
  const numeric = /^[0-9]+$/;
  if (numeric.test(a) && numeric.test(b)) {
    const [x, y] = [BigInt(a), BigInt(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return numeric.test(a) ? -1 : numeric.test(b) ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/** The record's effective time (postingDateTime, else executionDateTime) in ms. */
const effective = (t: BankingTransaction) =>
  Date.parse(t.postingDateTime ?? t.executionDateTime ?? '');

/** Effective time descending, ties by transaction id ascending (Fineract's ids are numbers). */
export function newestFirst(a: BankingTransaction, b: BankingTransaction): number {
  return effective(b) - effective(a) || idOrder(a.transactionId, b.transactionId);
}
