/**
 * Exact decimal text, without floating point: amounts go from the core's JSON number text to the
 * documented decimal strings by string manipulation only, so nothing is ever rounded.
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** The core sent something that is not a decimal number. */
export class DecimalFormatError extends Error {
  constructor() {
    // The value itself stays out of the message: it may be a customer's balance.
    super('not a decimal number');
    this.name = 'DecimalFormatError';
  }
}

/**
 * `"1234.5"` → `"1234.50"`, `"-0012"` → `"-12.00"`, `"1.5e3"` → `"1500.00"`: a plain decimal
 * string with at least two fraction digits and no leading zeros; `-0` becomes `"0.00"`.
 * @throws DecimalFormatError when `text` is not a decimal number
 */
export function toAmount(text: string): string {
  const m = DECIMAL.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new DecimalFormatError();
  const sign = m[1] === '-' ? '-' : '';
  let digits = `${m[2]}${m[3] ?? ''}`;
  let point = m[2]!.length + Number(m[4] ?? '0');
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const whole = digits.slice(0, point).replace(/^0+/, '') || '0';
  let fraction = digits.slice(point);
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  const zero = /^0*$/.test(whole + fraction);
  return `${zero ? '' : sign}${whole}.${fraction}`;
}

/** Whether a decimal string made by {@link toAmount} is below zero. */
export function isNegative(amount: string): boolean {
  return amount.startsWith('-');
}

/** The absolute value of a decimal string made by {@link toAmount}. */
export function absolute(amount: string): string {
  return amount.startsWith('-') ? amount.slice(1) : amount;
}
