/**
 * Kraken values → the interface's: integer cents → exact decimal strings, `Decimal` cents per unit
 * → dollars per unit, `DateTime` → its calendar date. Text arithmetic only: no amount ever goes
 * through a floating-point number.
 */
import { CoreRecordInvalidError } from '@data-holder-gateway/adapter-sdk';

/** Integer cents → dollars with two fraction digits: 12345 → "123.45", -5 → "-0.05". */
export function centsToAmount(cents: number): string {
  if (!Number.isSafeInteger(cents))
    throw new CoreRecordInvalidError({
      cause: new Error(`not an integer number of cents: ${cents}`),
    });
  const negative = cents < 0;
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * A decimal number of cents (Kraken's `Decimal`, as text or a safe integer) → dollars with at least
 * four fraction digits: "31.2" → "0.3120", "0.08125" → "0.0008125", "-7" → "-0.0700".
 */
export function centsDecimalToDollars(value: string | number): string {
  const text = String(value).trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match)
    throw new CoreRecordInvalidError({ cause: new Error(`not a decimal number: ${text}`) });
  const [, sign, whole, fraction = ''] = match;
  const digits = `${whole!.padStart(3, '0')}${fraction}`;
  const point = digits.length - fraction.length - 2;
  const units = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const decimals = digits.slice(point).padEnd(4, '0');
  const zero = /^0+$/.test(units + decimals);
  return `${sign && !zero ? '-' : ''}${units}.${decimals}`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** A Kraken `Date` checked to be `YYYY-MM-DD`. */
export function dateOf(value: string): string {
  if (!DATE.test(value))
    throw new CoreRecordInvalidError({ cause: new Error(`not a date: ${value}`) });
  return value;
}

/**
 * The calendar date of a Kraken `DateTime` as Kraken wrote it, in its own offset (Kraken AU
 * writes Australian local times): "2024-07-01T00:00:00+10:00" → "2024-07-01".
 */
export function localDateOf(value: string): string {
  const match = DATE_TIME.exec(value);
  if (!match)
    throw new CoreRecordInvalidError({
      cause: new Error(`not a date-time with an offset: ${value}`),
    });
  return match[1]!;
}

/** A Kraken `DateTime` as RFC 3339 (seconds added when Kraken left them out). */
export function dateTimeOf(value: string): string {
  if (!DATE_TIME.test(value))
    throw new CoreRecordInvalidError({
      cause: new Error(`not a date-time with an offset: ${value}`),
    });
  return value
    .replace(/T(\d{2}:\d{2})(?=Z|[+-])/, 'T$1:00')
    .replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
}

/** Trimmed text, or undefined when empty. */
export function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
