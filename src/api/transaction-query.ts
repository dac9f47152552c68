/**
 * The banking transaction list's query (docs/api.md, "Transactions"): the `oldest-time` /
 * `newest-time` window with its defaults, the cross-field rules, and the page of the filtered set
 * a core is asked for. Times reach the core in one form (UTC, milliseconds), whatever offset the
 * caller wrote; links keep the caller's own text.
 */
import { type BankingTransactionQuery, Decimal } from '@data-holder-gateway/adapter-sdk';
import { InvalidFieldError } from '../errors';
import { isoDate, monthsBefore } from './date-window';
import type { QueryValues } from './query-values';

/** Months back from `newest-time` that `oldest-time` defaults to. */
export const TRANSACTION_WINDOW_MONTHS = 12;

/** The largest record offset a core is asked for: beyond it no core's paging is safe. */
export const MAX_TRANSACTION_OFFSET = 2 ** 31 - 1;

/** Earliest and latest UTC years of a window: cores refuse dates far off (as FDX dates, 1900). */
const YEARS = { first: 1900, last: 9999 };

/**
 * Milliseconds of an RFC 3339 date-time the query validated; one JavaScript cannot read (a leap
 * second) or outside years 1900..9999 once in UTC is 400.
 */
function millisOf(value: string, field: 'oldest-time' | 'newest-time'): number {
  const ms = Date.parse(value.toUpperCase());
  const year = Number.isNaN(ms) ? NaN : new Date(ms).getUTCFullYear();
  if (!(year >= YEARS.first && year <= YEARS.last)) throw new InvalidFieldError(field);
  return ms;
}

/** The same instant `months` calendar months earlier (the day clamped to the month's last). */
function monthsBeforeInstant(ms: number, months: number): string {
  const iso = new Date(ms).toISOString();
  return `${monthsBefore(isoDate(new Date(ms)), months)}${iso.slice(10)}`;
}

/**
 * Applies the window defaults (newest = now, oldest = newest minus 12 calendar months) and the
 * rules between fields: oldest after newest is `Invalid field: oldest-time`, a minimum above the
 * maximum `Invalid field: min-amount`.
 */
export function withTimeWindow(values: QueryValues, now: Date): QueryValues {
  const newest = values['newest-time'] ?? now.toISOString();
  const newestMs = millisOf(newest, 'newest-time');
  const oldest = values['oldest-time'] ?? monthsBeforeInstant(newestMs, TRANSACTION_WINDOW_MONTHS);
  if (millisOf(oldest, 'oldest-time') > newestMs) throw new InvalidFieldError('oldest-time');
  const min = values['min-amount'];
  const max = values['max-amount'];
  if (min !== undefined && max !== undefined && new Decimal(min).gt(new Decimal(max))) {
    throw new InvalidFieldError('min-amount');
  }
  return { ...values, 'oldest-time': oldest, 'newest-time': newest };
}

/**
 * What the core is asked for a page of the list: the window in UTC with milliseconds, the amount
 * and text filters given, and the records of the page (`offset`, `limit`).
 */
export function transactionQueryOf(values: QueryValues, offset: number): BankingTransactionQuery {
  // The route applied the window defaults (withTimeWindow) before the handler runs.
  const oldest = new Date(millisOf(values['oldest-time']!, 'oldest-time')).toISOString();
  const newest = new Date(millisOf(values['newest-time']!, 'newest-time')).toISOString();
  return {
    oldest,
    newest,
    ...(values['min-amount'] !== undefined ? { minAmount: values['min-amount'] } : {}),
    ...(values['max-amount'] !== undefined ? { maxAmount: values['max-amount'] } : {}),
    ...(values.text !== undefined ? { text: values.text } : {}),
    offset,
    limit: Number(values['page-size'] ?? '25'),
  };
}
