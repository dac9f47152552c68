/**
 * Exact decimals: amounts keep every digit the core stated, never round, never use an exponent.
 * Checked on examples and, for any digits and exponent, against the digits moved by hand.
 */
import fc from 'fast-check';
import {
  absolute,
  Decimal,
  DecimalFormatError,
  formatAmount,
  isNegative,
  readDecimal,
  toAmount,
} from '../src';

/** The text of `digits × 10^-scale` built by string moves only (the expected answer). */
function shifted(negative: boolean, digits: string, scale: number): string {
  const padded = digits.padStart(scale + 1, '0');
  const whole = padded.slice(0, padded.length - scale).replace(/^0+(?=\d)/, '');
  const fraction = padded.slice(padded.length - scale);
  const text = scale > 0 ? `${whole}.${fraction}` : whole;
  return negative && /[1-9]/.test(digits) ? `-${text}` : text;
}

describe('exact decimals', () => {
  test.each([
    ['1.500', '1.500'],
    ['15e-1', '1.50'],
    ['-0.001', '-0.001'],
    ['+7', '7.00'],
    ['5.', '5.00'],
    ['1e-30', '0.000000000000000000000000000001'],
    ['98765432109876543210.123456789', '98765432109876543210.123456789'],
  ])('when the core writes %s, then the amount is %s', (text, amount) => {
    expect(toAmount(text)).toBe(amount);
  });

  test('when a JSON number arrives, then its shortest text is read exactly', () => {
    expect(toAmount(0.1)).toBe('0.10');
    expect(toAmount(1e21)).toBe('1000000000000000000000.00');
  });

  test.each(['', ' ', '.', '1..2', '1e', 'e5', '0x10', 'NaN', '1e401', '1,5'])(
    'when the core writes %j, then it is not a decimal',
    (text) => {
      expect(readDecimal(text)).toBeUndefined();
      expect(() => toAmount(text)).toThrow(DecimalFormatError);
    },
  );

  test('when arithmetic is done on amounts, then it is exact and keeps the larger scale', () => {
    const a = readDecimal('0.1')!;
    const b = readDecimal('0.20')!;
    expect(formatAmount({ value: a.value.plus(b.value), scale: Math.max(a.scale, b.scale) })).toBe(
      '0.30',
    );
    expect(new Decimal('12345678901234567.89').times('0.01').toString()).toBe(
      '123456789012345.6789',
    );
  });

  test('when the sign and the absolute value of amounts are asked for, then they are exact', () => {
    expect(isNegative('-0.01')).toBe(true);
    expect(isNegative('-0.00')).toBe(false);
    expect(absolute('-12.500')).toBe('12.500');
    expect(absolute('3')).toBe('3');
  });

  test('when any digits and exponent are read, then the amount is those digits moved, padded to two fraction digits', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.stringMatching(/^[0-9]{1,40}$/),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: -60, max: 60 }),
        (negative, digits, point, exponent) => {
          const at = Math.min(point, digits.length);
          const text = `${negative ? '-' : ''}${digits.slice(0, at)}.${digits.slice(at)}e${exponent}`;
          const scale = digits.length - at - exponent;
          const expected =
            scale >= 2
              ? shifted(negative, digits, scale)
              : shifted(negative, digits + '0'.repeat(2 - scale), 2);
          expect(toAmount(text)).toBe(expected);
        },
      ),
    );
  });
});
