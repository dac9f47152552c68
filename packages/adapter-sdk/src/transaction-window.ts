/**
 * A banking transaction query's window and amount range as a core that keeps whole booking dates
 * reads them: a transaction dated D is at D 00:00 UTC, so a window of date-times becomes whole
 * dates; signed amount bounds are compared exactly. Pure functions, for any adapter.
 */
import { Decimal } from './decimal';

const DAY_MS = 86_400_000;

/** Inclusive whole dates, `YYYY-MM-DD`. */
export interface DateRange {
  from: string;
  to: string;
}

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The dates whose transactions lie in [`oldest`, `newest`]: the first midnight at or after
 * `oldest` to the date of `newest`. Null when no midnight lies in the window (or a bound is not a
 * date-time): no transaction can.
 */
export function dateRangeOf(oldest: string, newest: string): DateRange | null {
  const start = Date.parse(oldest);
  const end = Date.parse(newest);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  const first = Math.ceil(start / DAY_MS) * DAY_MS;
  const last = Math.floor(end / DAY_MS) * DAY_MS;
  return first > last ? null : { from: dateOf(first), to: dateOf(last) };
}

/** Signed amount bounds, inclusive; either may be absent. */
export interface AmountRange {
  min?: string;
  max?: string;
}

/** Whether no amount can lie in the range (its minimum above its maximum). */
export function isEmptyRange({ min, max }: AmountRange): boolean {
  return min !== undefined && max !== undefined && new Decimal(min).gt(max);
}

/** Whether a signed decimal amount lies in the range, compared exactly. */
export function inAmountRange(amount: string, { min, max }: AmountRange): boolean {
  const value = new Decimal(amount);
  return (min === undefined || value.gte(min)) && (max === undefined || value.lte(max));
}
