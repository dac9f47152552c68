/**
 * Transact's recurrence rules, as its standing orders and direct debits carry them: a date and
 * five terms, `20210501 e0Y e1M e0W o1D e0F` (every 0 years, every 1 month, every 0 weeks, on
 * day 1, every 0 fortnights), and the dates such a rule falls on.
 */
import { addDays, addMonths, ymd } from './sim-dates';

export type Recurrence =
  { every: 'day' | 'week' | 'fortnight' } | { every: 'month' | 'quarter' | 'year'; day: number };

/** The rule's five terms, without its date. */
export function t24Rule(r: Recurrence): string {
  switch (r.every) {
    case 'day':
      return 'e0Y e0M e0W e1D e0F';
    case 'week':
      return 'e0Y e0M e1W e0D e0F';
    case 'fortnight':
      return 'e0Y e0M e2W e0D e0F';
    case 'month':
      return `e0Y e1M e0W o${r.day}D e0F`;
    case 'quarter':
      return `e0Y e3M e0W o${r.day}D e0F`;
    case 'year':
      return `e1Y e0M e0W o${r.day}D e0F`;
  }
}

/** The rule with its date in front, as Transact writes a frequency: `20210501 e0Y e1M ...`. */
export const t24Frequency = (date: string, rule: string): string => `${ymd(date)} ${rule}`;

/** The n-th date (from 0) of a rule that starts on `start`. */
function nth(r: Recurrence, start: string, n: number): string {
  switch (r.every) {
    case 'day':
      return addDays(start, n);
    case 'week':
      return addDays(start, 7 * n);
    case 'fortnight':
      return addDays(start, 14 * n);
    case 'month':
      return addMonths(start, n, r.day);
    case 'quarter':
      return addMonths(start, 3 * n, r.day);
    case 'year':
      return addMonths(start, 12 * n, r.day);
  }
}

/** Every date of the rule from `start` to `end`, both included. */
export function occurrences(r: Recurrence, start: string, end: string): string[] {
  const dates: string[] = [];
  for (let n = 0; ; n += 1) {
    const date = nth(r, start, n);
    if (date > end) return dates;
    dates.push(date);
  }
}

/** The first date of the rule after `after`. */
export function nextAfter(r: Recurrence, start: string, after: string): string {
  for (let n = 0; ; n += 1) {
    const date = nth(r, start, n);
    if (date > after) return date;
  }
}
