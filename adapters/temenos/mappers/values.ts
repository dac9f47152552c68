/**
 * Value rules for Temenos payloads: exact decimals, dates, masked numbers, phone numbers. Pure
 * functions; money never passes through a floating-point number (the SDK's exact decimals keep
 * the scale the core wrote), and a `number` is made only at the very end, for contract fields
 * that are JSON numbers (rates, FDX amounts).
 */
import { formatAmount, readDecimal } from '@data-holder-gateway/adapter-sdk';
import type { TemenosNumber } from './temenos.types';

/** Trimmed text, or undefined when absent or blank. */
export function present(value: string | number | undefined | null): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

// ------------------------------------------------------------------ decimals

/** An amount as an exact decimal string with at least two fraction digits; undefined if none. */
export function toAmount(value: TemenosNumber | undefined | null): string | undefined {
  const d = readDecimal(value);
  return d && formatAmount(d, 2);
}

/** The sign of a decimal (-1, 0, 1); undefined when it is not one. */
export function signOf(value: TemenosNumber | undefined | null): -1 | 0 | 1 | undefined {
  return readDecimal(value)?.value.cmp(0);
}

/** The absolute value of an amount, exactly. */
export function absAmount(value: TemenosNumber | undefined | null): string | undefined {
  const d = readDecimal(value);
  return d && formatAmount({ value: d.value.abs(), scale: d.scale }, 2);
}

/**
 * A percent rate as a fraction's JSON number, by moving the decimal point on the text
 * (`"5.25"` → 0.0525): the double is made once, from exact text.
 */
export function percentToFraction(value: TemenosNumber | undefined | null): number | undefined {
  // times, not div: big.js multiplies exactly, while div rounds to its decimal places.
  const fraction = readDecimal(value)?.value.times('0.01').toString();
  return fraction === undefined ? undefined : Number(fraction);
}

// ------------------------------------------------------------------ dates

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `YYYY-MM-DD` of a calendar date; undefined when it is none. */
export function isoDateOf(year: number, month: number, day: number): string | undefined {
  if (year < 1 || year > 9999 || month < 1 || month > 12) return undefined;
  if (day < 1 || day > daysInMonth(year, month)) return undefined;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * A Temenos date as `YYYY-MM-DD`: the APIs write `2021-05-01`, and T24 keeps `20210501`; either
 * may carry a time after it. Undefined when absent or not a calendar date.
 */
export function toIsoDate(value: string | undefined): string | undefined {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})(?:$|[T\s-])/.exec(value?.trim() ?? '');
  return match ? isoDateOf(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

/**
 * A Temenos business date as an RFC 3339 date-time at the start of that day, UTC: Transact keeps
 * booking dates without a time, and midnight UTC keeps the date the same in the gateway's windows.
 */
export function toIsoDateTime(value: string | undefined): string | undefined {
  const date = toIsoDate(value);
  return date && `${date}T00:00:00Z`;
}

/** Day of the year (1-366) of a month and day, in a non-leap year; undefined when invalid. */
export function dayOfYear(month: number, day: number): number | undefined {
  if (isoDateOf(2001, month, day) === undefined) return undefined;
  let total = day;
  for (let m = 1; m < month; m += 1) total += daysInMonth(2001, m);
  return total;
}

// ------------------------------------------------------------------ masking

/**
 * A masked account number: every letter or digit but the last few becomes `x` (separators stay).
 * At most the last 4 show, and never more than half, so a short number is never shown whole.
 */
export function maskAccountNumber(accountNo: string | undefined): string {
  const text = accountNo?.trim() ?? '';
  const significant = text.replace(/[^0-9A-Za-z]/g, '').length;
  let toMask = significant - (significant > 6 ? 4 : Math.floor(significant / 2));
  let out = '';
  for (const ch of text) {
    const masked = toMask > 0 && /[0-9A-Za-z]/.test(ch);
    out += masked ? 'x' : ch;
    if (masked) toMask -= 1;
  }
  return out === '' ? 'xxxx' : out;
}

/** `text` with every occurrence of each full number replaced by its mask. */
export function withoutNumbers(text: string, numbers: readonly (string | undefined)[]): string {
  let out = text;
  for (const number of numbers) {
    const full = number?.trim() ?? '';
    if (full.length >= 2) out = out.split(full).join(maskAccountNumber(full));
  }
  return out;
}

/** An Australian BSB as digits (`"062-000"` → `"062000"`); undefined when it is not 6 digits. */
export function bsbDigits(value: string | undefined): string | undefined {
  const digits = value?.replace(/[\s-]/g, '');
  return digits !== undefined && /^\d{6}$/.test(digits) ? digits : undefined;
}

// ------------------------------------------------------------------ phone numbers

const E164 = /^\+[1-9][0-9]{7,14}$/;

/**
 * A phone number → E.164, or undefined when it cannot be written so. `iddPrefix` is Transact's
 * international calling prefix of the number (`61`, `+61`), when it keeps one. Without it:
 * `+<digits>` is international already, `00` the international prefix, one leading `0` a national
 * number of `countryCode`; anything else is ambiguous and left out.
 */
export function e164Of(
  raw: string | undefined,
  countryCode: string,
  iddPrefix?: string,
): string | undefined {
  const compact = present(raw)?.replace(/[\s().-]/g, '');
  if (compact === undefined) return undefined;
  const idd = present(iddPrefix)?.replace(/^\+|^00/, '');
  let international: string | undefined;
  if (/^\+[0-9]+$/.test(compact)) international = compact;
  else if (/^00[1-9][0-9]+$/.test(compact)) international = `+${compact.slice(2)}`;
  else if (idd !== undefined && /^[1-9][0-9]{0,3}$/.test(idd) && /^[0-9]+$/.test(compact))
    international = `+${idd}${compact.replace(/^0/, '')}`;
  else if (/^0[1-9][0-9]+$/.test(compact)) international = `+${countryCode}${compact.slice(1)}`;
  return international !== undefined && E164.test(international) ? international : undefined;
}
