/**
 * Exact decimals for mappers, on big.js: a core's amount goes from its JSON number text to the
 * documented decimal string without ever passing through a floating-point number, so nothing is
 * rounded. Every digit the core stated is kept (`"1.500"` stays `"1.500"`), at least two fraction
 * digits are shown, and no string ever uses exponent notation.
 */
import Big from 'big.js';

/**
 * The big.js constructor mappers use: `new Decimal('1200.5').plus('0.25')`. Its `toString()`
 * never switches to exponent notation (`toFixed(n)` never does).
 */
export const Decimal: Big.BigConstructor = Big();
Decimal.NE = -1e6;
Decimal.PE = 1e6;
/** A big.js number made by {@link Decimal}. */
export type Decimal = Big.Big;

/** A decimal as a core wrote it: its exact value and the fraction digits its text states. */
export interface ExactDecimal {
  readonly value: Decimal;
  /** Fraction digits of the text (`"1.50"` 2, `"15e-1"` 1, `"1.5e3"` 0). */
  readonly scale: number;
}

/** The core sent something that is not a decimal number. */
export class DecimalFormatError extends Error {
  constructor() {
    // The value itself stays out of the message: it may be a customer's balance.
    super('not a decimal number');
    this.name = 'DecimalFormatError';
  }
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
/** Exponents beyond this are not money (and would make huge strings). */
const MAX_EXPONENT = 400;

/**
 * A core's decimal, from a JSON number or its text (`"1200.5"`, `"-0012"`, `"1.5e3"`, `".5"`);
 * undefined when absent or not a decimal number.
 */
export function readDecimal(input: string | number | null | undefined): ExactDecimal | undefined {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return undefined;
    // The shortest text that reads back as this double: what the JSON said, for JSON.parse input.
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return undefined;
  }
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  const value = new Decimal(
    `${sign === '-' ? '-' : ''}${whole || '0'}.${fraction || '0'}e${exponent}`,
  );
  return { value, scale: Math.max(0, fraction.length - exponent) };
}

/**
 * The decimal string of `d`: every digit it states, padded to at least `minFractionDigits`
 * fraction digits; never rounds, never an exponent; zero has no sign.
 */
export function formatAmount(d: ExactDecimal, minFractionDigits = 2): string {
  return d.value.toFixed(Math.max(minFractionDigits, d.scale));
}

/**
 * `"1234.5"` → `"1234.50"`, `"-0012"` → `"-12.00"`, `"1.5e3"` → `"1500.00"`: a plain decimal
 * string with at least two fraction digits and no leading zeros; `-0` becomes `"0.00"`.
 * @throws DecimalFormatError when `text` is not a decimal number
 */
export function toAmount(text: string | number): string {
  const d = readDecimal(text);
  if (!d) throw new DecimalFormatError();
  return formatAmount(d);
}

/** Whether a decimal string (e.g. made by {@link toAmount}) is below zero. */
export function isNegative(amount: string): boolean {
  return new Decimal(amount).lt(0);
}

/** The absolute value of a decimal string, with the digits it states (`"-4.50"` → `"4.50"`). */
export function absolute(amount: string): string {
  const d = readDecimal(amount);
  if (!d) throw new DecimalFormatError();
  return formatAmount({ value: d.value.abs(), scale: d.scale }, 0);
}
