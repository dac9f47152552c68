import fc from 'fast-check';
import { InvalidFieldError } from '../../src/errors';
import { monthsBefore, withDateWindow } from '../../src/api/date-window';
import { MAX_ID_LENGTH } from '../../src/api/ids';
import { parseAccountIdsBody, parseQuery } from '../../src/routes/parameters';

describe('query parameters', () => {
  const all = [
    'page',
    'page-size',
    'product-category',
    'open-status',
    'is-owned',
    'plan-status',
    'type',
  ] as const;

  it('when nothing is given, then the static defaults apply and optional filters stay absent', () => {
    expect(parseQuery({}, all)).toEqual({
      page: '1',
      'page-size': '25',
      'open-status': 'ALL',
      'plan-status': 'ACTIVE',
      type: 'ALL',
    });
  });

  it.each([
    ['page', '0'],
    ['page', '-1'],
    ['page', '1.5'],
    ['page', 'abc'],
    ['page', '01'],
    ['page', ''],
    ['page-size', '0'],
    ['page-size', '1001'],
    ['page-size', '25x'],
    ['product-category', 'SAVINGS'],
    ['open-status', 'open'],
    ['is-owned', 'yes'],
    ['plan-status', 'DONE'],
    ['type', 'OTHER'],
  ])('when %s is %j, then it is 400 naming the field', (name, value) => {
    expect(() => parseQuery({ [name]: value }, all)).toThrow(new InvalidFieldError(name));
  });

  it('when a parameter is repeated, then it is a bad value', () => {
    expect(() => parseQuery({ page: ['1', '2'] }, all)).toThrow('Invalid field: page');
  });

  it('when a parameter is not one the route takes, then it is ignored', () => {
    expect(parseQuery({ type: 'NOPE', unknown: 'x' }, ['page'])).toEqual({ page: '1' });
  });

  it('when page-size is 1000, then it is accepted', () => {
    expect(parseQuery({ 'page-size': '1000' }, ['page-size'])).toEqual({ 'page-size': '1000' });
  });

  it('when any whole number from 1 to 1000 is the page size, then it is accepted', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        (n) => parseQuery({ 'page-size': String(n) }, ['page-size'])['page-size'] === String(n),
      ),
    );
  });

  it.each(['2026-02-30', '2026-13-01', '2026-1-01', '20260101', '2025-02-29'])(
    'when a date is %j, then it is 400',
    (value) => {
      expect(() => parseQuery({ 'oldest-date': value }, ['oldest-date'])).toThrow(
        'Invalid field: oldest-date',
      );
    },
  );

  it('when 2024-02-29 (a real leap day) is given, then it is accepted', () => {
    expect(parseQuery({ 'newest-date': '2024-02-29' }, ['newest-date'])).toEqual({
      'newest-date': '2024-02-29',
    });
  });
});

describe('date window', () => {
  it('when newest-date is absent, then it is today in UTC and oldest-date is 24 calendar months before', () => {
    expect(withDateWindow({}, new Date('2026-11-22T23:59:59Z'))).toEqual({
      'oldest-date': '2024-11-22',
      'newest-date': '2026-11-22',
    });
  });

  it('when the month before has fewer days, then the day is clamped to its last day', () => {
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2026-02-29'.replace('29', '28'), 24)).toBe('2024-02-28');
    expect(monthsBefore('2028-02-29', 24)).toBe('2026-02-28');
  });

  it('when oldest-date is after newest-date, then it is 400 naming oldest-date', () => {
    expect(() =>
      withDateWindow({ 'oldest-date': '2026-01-02', 'newest-date': '2026-01-01' }, new Date()),
    ).toThrow('Invalid field: oldest-date');
  });

  it('when oldest equals newest, then the window is that one day', () => {
    expect(
      withDateWindow({ 'oldest-date': '2026-01-01', 'newest-date': '2026-01-01' }, new Date()),
    ).toEqual({ 'oldest-date': '2026-01-01', 'newest-date': '2026-01-01' });
  });
});

describe('specific-accounts body', () => {
  it('when ids repeat, then each counts once in first-seen order', () => {
    expect(parseAccountIdsBody({ data: { accountIds: ['b', 'a', 'b'] } })).toEqual(['b', 'a']);
  });

  it.each([
    [undefined, 'data'],
    [null, 'data'],
    ['text', 'data'],
    [[], 'data'],
    [{}, 'data'],
    [{ data: null }, 'data'],
    [{ data: {} }, 'data.accountIds'],
    [{ data: { accountIds: [] } }, 'data.accountIds'],
    [{ data: { accountIds: 'a' } }, 'data.accountIds'],
    [{ data: { accountIds: [1] } }, 'data.accountIds'],
    [{ data: { accountIds: [''] } }, 'data.accountIds'],
    [{ data: { accountIds: Array.from({ length: 1001 }, (_, i) => `a${i}`) } }, 'data.accountIds'],
  ])('when the body is %j, then it is 400 naming %s', (body, field) => {
    expect(() => parseAccountIdsBody(body)).toThrow(`Invalid field: ${field}`);
  });

  it('when an id is longer than 256 characters, then it is 400 naming data.accountIds', () => {
    const body = { data: { accountIds: ['a', 'x'.repeat(MAX_ID_LENGTH + 1)] } };
    expect(() => parseAccountIdsBody(body)).toThrow('Invalid field: data.accountIds');
  });

  it('when 1000 ids of 256 characters are sent, then they are accepted', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `${i}-`.padEnd(MAX_ID_LENGTH, 'x'));
    expect(parseAccountIdsBody({ data: { accountIds: ids } })).toEqual(ids);
  });

  it('when 1000 ids are sent, then they are accepted', () => {
    expect(
      parseAccountIdsBody({
        data: { accountIds: Array.from({ length: 1000 }, (_, i) => `a${i}`) },
      }),
    ).toHaveLength(1000);
  });
});
