/** A transaction query's window as whole dates and its amount range, compared exactly. */
import { dateRangeOf, inAmountRange, isEmptyRange } from '../src/transaction-window';

describe('the window of a transaction query as whole dates', () => {
  it('when the window starts after a midnight, then its first date is the next day', () => {
    expect(dateRangeOf('2026-03-01T10:00:00Z', '2026-03-31T23:59:59Z')).toEqual({
      from: '2026-03-02',
      to: '2026-03-31',
    });
  });

  it('when the window holds a midnight exactly, then that date is both ends', () => {
    expect(dateRangeOf('2026-03-05T00:00:00Z', '2026-03-05T12:00:00Z')).toEqual({
      from: '2026-03-05',
      to: '2026-03-05',
    });
  });

  it('when no midnight lies in the window, or a bound is no date-time, then there is no range', () => {
    expect(dateRangeOf('2026-03-05T01:00:00Z', '2026-03-05T23:00:00Z')).toBeNull();
    expect(dateRangeOf('yesterday', '2026-03-05T23:00:00Z')).toBeNull();
  });
});

describe('the amount range of a transaction query', () => {
  it('when amounts are compared, then exactly, bounds included, either bound optional', () => {
    expect(inAmountRange('-0.10', { min: '-0.10', max: '0' })).toBe(true);
    expect(inAmountRange('0.1000000000000000001', { max: '0.1' })).toBe(false);
    expect(inAmountRange('12345678901234567890.01', { min: '12345678901234567890' })).toBe(true);
  });

  it('when the minimum is above the maximum, then the range is empty', () => {
    expect(isEmptyRange({ min: '10', max: '9.99' })).toBe(true);
    expect(isEmptyRange({ min: '10' })).toBe(false);
  });
});
