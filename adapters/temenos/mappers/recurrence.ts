/**
 * Transact's recurrence strings (standing order and schedule frequencies) → the interface's
 * recurrence. The string is an optional date, then components separated by spaces, e.g.
 * `20210501 e0Y e1M e0W o1D e0F`:
 *
 * - `YYYYMMDD`: the date the recurrence runs from (for a standing order's current frequency, its
 *   next due date);
 * - `e<n>Y`, `e<n>M`, `e<n>W`: every n years, months, weeks (0: that unit is not used);
 * - `e<n>D`: every n days; `o<n>D`: on day n of each interval (the day of the month for a monthly
 *   or yearly recurrence, counted in the start date's month for a yearly one; the weekday, 1 for
 *   Monday, for a weekly one);
 * - `e<n>F`: every n fortnights (`e1F` is every two weeks).
 *
 * Each unit comes at most once. Years and months together make one interval (`e1Y e6M` is
 * `P1Y6M`); weeks, fortnights and days each stand alone. Every count zero with a date is one
 * payment on that date. Anything else (an unknown token, `o` on another unit, a day outside its
 * interval) is unreadable: undefined, which the caller reports without failing the rest of its
 * list.
 */
import type { ScheduledPaymentRecurrence } from '@data-holder-gateway/adapter-sdk';
import { dayOfYear, isoDateOf } from './values';

type Unit = 'Y' | 'M' | 'W' | 'D' | 'F';

/** A recurrence string read into its parts. */
export interface T24Recurrence {
  /** The date the string starts with, `YYYY-MM-DD`. */
  date?: string;
  /** Every how many of each unit (0 when unused). */
  every: Record<Unit, number>;
  /** The day of each interval (`o<n>D`). */
  onDay?: number;
}

const COMPONENT = /^([eo])(\d{1,4})([YMWDF])$/;

function dateOf(token: string): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(token);
  return match ? isoDateOf(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

/** Reads a recurrence string (see the module comment); undefined when it cannot be read. */
export function parseT24Recurrence(text: string | undefined): T24Recurrence | undefined {
  const tokens = text?.trim().split(/\s+/) ?? [];
  const parsed: T24Recurrence = { every: { Y: 0, M: 0, W: 0, D: 0, F: 0 } };
  if (tokens[0] !== undefined && /^\d{8}$/.test(tokens[0])) {
    parsed.date = dateOf(tokens.shift()!);
    if (parsed.date === undefined) return undefined;
  }
  if (tokens.length === 0 || tokens[0] === '') return undefined;
  const seen = new Set<string>();
  for (const token of tokens) {
    const match = COMPONENT.exec(token);
    if (!match || seen.has(match[3]!)) return undefined;
    const [, mode, digits, unit] = match as unknown as [string, 'e' | 'o', string, Unit];
    seen.add(unit);
    const count = Number(digits);
    if (mode === 'o') {
      if (unit !== 'D' || count < 1) return undefined;
      parsed.onDay = count;
    } else {
      parsed.every[unit] = count;
    }
  }
  return parsed;
}

/** An interval and the day within it, as ISO 8601 durations. */
interface Interval {
  interval: string;
  dayInInterval?: string;
}

/** The day of a yearly recurrence: `onDay` of the start date's month, as a day of the year. */
function dayOfTheYear(parsed: T24Recurrence): number | null | undefined {
  if (parsed.onDay === undefined || parsed.date === undefined) return undefined;
  return dayOfYear(Number(parsed.date.slice(5, 7)), parsed.onDay) ?? null;
}

/** The interval of a parsed recurrence; null when it has none or cannot be one; see above. */
export function intervalOf(parsed: T24Recurrence): Interval | null {
  const { Y: years, M: months, D: days } = parsed.every;
  const { W: ownWeeks, F: fortnights } = parsed.every;
  if (ownWeeks > 0 && fortnights > 0) return null;
  const weeks = ownWeeks + 2 * fortnights;
  const day = parsed.onDay;
  if (years > 0 || months > 0) {
    if (weeks > 0 || days > 0) return null;
    const interval = `P${years > 0 ? `${years}Y` : ''}${months > 0 ? `${months}M` : ''}`;
    if (months > 0) {
      if (day === undefined) return { interval };
      return day <= 31 ? { interval, dayInInterval: `P${day}D` } : null;
    }
    const inYear = dayOfTheYear(parsed);
    if (inYear === null || (inYear === undefined && day !== undefined && day > 31)) return null;
    return inYear === undefined ? { interval } : { interval, dayInInterval: `P${inYear}D` };
  }
  if (weeks > 0) {
    if (days > 0 || (day !== undefined && day > 7)) return null;
    return day === undefined
      ? { interval: `P${weeks}W` }
      : { interval: `P${weeks}W`, dayInInterval: `P${day}D` };
  }
  if (days > 0) return { interval: `P${days}D` };
  return null;
}

/** When the recurrence ends and when it is next due, as the standing order says. */
export interface RecurrenceDates {
  finalPaymentDate?: string;
  nextPaymentDate?: string;
}

/**
 * The interface's recurrence of a recurrence string; undefined when it cannot be read. The next
 * payment date is the one given, else the string's own date.
 */
export function toRecurrence(
  text: string | undefined,
  dates: RecurrenceDates = {},
): ScheduledPaymentRecurrence | undefined {
  const parsed = parseT24Recurrence(text);
  if (!parsed) return undefined;
  const next = dates.nextPaymentDate ?? parsed.date;
  const nextDate = next !== undefined ? { nextPaymentDate: next } : {};
  const interval = intervalOf(parsed);
  if (interval) {
    const final = dates.finalPaymentDate;
    return {
      ...nextDate,
      reccurenceUType: 'intervalSchedule',
      intervalSchedule: {
        ...(final !== undefined ? { finalPaymentDate: final } : {}),
        intervals: [interval],
      },
    };
  }
  const unused = Object.values(parsed.every).every((n) => n === 0);
  if (!unused || parsed.onDay !== undefined || parsed.date === undefined) return undefined;
  return { ...nextDate, reccurenceUType: 'onceOff', onceOff: { paymentDate: parsed.date } };
}

/** The interval of a recurrence string as one ISO 8601 duration (a loan's repayment frequency). */
export function recurrenceInterval(text: string | undefined): string | undefined {
  const parsed = parseT24Recurrence(text);
  return (parsed && intervalOf(parsed)?.interval) ?? undefined;
}
