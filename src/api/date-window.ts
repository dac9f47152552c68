/**
 * The `oldest-date`/`newest-date` window of date-filtered lists: its defaults and its one
 * cross-field rule, on validated query values.
 */
import { InvalidFieldError } from '../errors';
import type { QueryValues } from './query-values';

/** `YYYY-MM-DD` of a date in UTC. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Calendar months back, the day clamped to the month's last: 2026-11-22 minus 24 months is 2024-11-22. */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/**
 * Applies the date-window defaults: newest = today (UTC), oldest = newest minus 24 months.
 * @throws InvalidFieldError when oldest is after newest
 */
export function withDateWindow(values: QueryValues, today: Date): QueryValues {
  const newest = values['newest-date'] ?? isoDate(today);
  const oldest = values['oldest-date'] ?? monthsBefore(newest, 24);
  if (oldest > newest) throw new InvalidFieldError('oldest-date');
  return { ...values, 'oldest-date': oldest, 'newest-date': newest };
}
