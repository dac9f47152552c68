/** The FDX query rules (docs/api.md, FDX requests): dates (702, 703), limit, offset and id lengths. */
import {
  FdxInvalidDateError,
  FdxInvalidDateRangeError,
  FdxInvalidRequestError,
} from '../../src/errors';
import {
  checkFdxIds,
  FdxService,
  isFdxDate,
  parseFdxQuery,
} from '../../src/endpoints/fdx/fdx.service';

describe('isFdxDate', () => {
  it.each(['2026-01-01', '2024-02-29', '2026-12-31', '1900-01-01', '9999-12-31', '2000-02-29'])(
    'when given %j, then it is a date',
    (value) => {
      expect(isFdxDate(value)).toBe(true);
    },
  );

  it.each([
    '2026-02-29',
    '2026-04-31',
    '2026-00-10',
    '2026-13-01',
    '2026-01-00',
    '2026-1-01',
    '26-01-01',
    '2026/01/01',
    '2026-01-01T00:00:00Z',
    // Outside the documented range 1900-01-01..9999-12-31: a core refuses them (its 400 is not
    // the caller's to turn into a core failure), so the gateway refuses them first.
    '0001-01-01',
    '0099-06-15',
    '1899-12-31',
    '1900-02-29',
    ' 2026-01-01',
    '２０２６-01-01',
    '',
    undefined,
    ['2026-01-01'],
    20260101,
  ])('when given %j, then it is not a date', (value) => {
    expect(isFdxDate(value)).toBe(false);
  });
});

describe('parseFdxQuery', () => {
  const FULL = { startTime: '2026-01-01', endTime: '2026-11-20' };

  it('when only dates are given, then limit defaults to 100 and there is no offset', () => {
    expect(parseFdxQuery(FULL, 'required')).toEqual({ ...FULL, limit: 100 });
  });

  it('when limit and offset are given, then they are kept (limit as a number)', () => {
    expect(parseFdxQuery({ ...FULL, limit: '1000', offset: 'abc.def' }, 'required')).toEqual({
      ...FULL,
      limit: 1000,
      offset: 'abc.def',
    });
  });

  it.each([{}, { startTime: '2026-01-01' }, { endTime: '2026-01-01' }])(
    'when dates are required and %j is given, then it is 702',
    (raw) => {
      expect(() => parseFdxQuery(raw, 'required')).toThrow(FdxInvalidDateError);
    },
  );

  it('when dates are optional, then either may be left out but a bad one is 702', () => {
    expect(parseFdxQuery({}, 'optional')).toEqual({ limit: 100 });
    expect(parseFdxQuery({ endTime: '2026-05-01' }, 'optional')).toEqual({
      endTime: '2026-05-01',
      limit: 100,
    });
    expect(() => parseFdxQuery({ startTime: '2026-5-01' }, 'optional')).toThrow(
      FdxInvalidDateError,
    );
  });

  it('when dates are not taken, then date parameters are ignored whatever they hold', () => {
    expect(parseFdxQuery({ startTime: 'junk', endTime: ['x', 'y'] }, 'none')).toEqual({
      limit: 100,
    });
  });

  it('when startTime is after endTime, then it is 703; equal dates are a valid window', () => {
    expect(() =>
      parseFdxQuery({ startTime: '2026-05-02', endTime: '2026-05-01' }, 'required'),
    ).toThrow(FdxInvalidDateRangeError);
    expect(parseFdxQuery({ startTime: '2026-05-01', endTime: '2026-05-01' }, 'optional')).toEqual({
      startTime: '2026-05-01',
      endTime: '2026-05-01',
      limit: 100,
    });
  });

  it('when a date is malformed and the range reversed as well, then the malformed date wins (702)', () => {
    expect(() =>
      parseFdxQuery({ startTime: '2026-12-01', endTime: '2026-02-30' }, 'required'),
    ).toThrow(FdxInvalidDateError);
  });

  it.each(['0', '1001', '-1', '1.5', '', 'ten', '+5', '0100', '1e2', ' 5', ['5', '5']])(
    'when limit is %j, then it is 400 Invalid request',
    (limit) => {
      expect(() => parseFdxQuery({ limit }, 'none')).toThrow(FdxInvalidRequestError);
    },
  );

  it.each(['', ['a.b', 'a.b'], 42])(
    'when offset is %j, then it is 400 Invalid request',
    (offset) => {
      expect(() => parseFdxQuery({ offset }, 'none')).toThrow(FdxInvalidRequestError);
    },
  );

  it('when dates and limit are both bad, then the dates are reported first', () => {
    expect(() => parseFdxQuery({ limit: '0' }, 'required')).toThrow(FdxInvalidDateError);
  });
});

describe('checkFdxIds and the download path', () => {
  it('when every id has at most 256 characters, then it passes; 257 is 400 Invalid request', () => {
    expect(() => checkFdxIds('c'.repeat(256), 'a'.repeat(256))).not.toThrow();
    expect(() => checkFdxIds('c', 'a'.repeat(257))).toThrow(FdxInvalidRequestError);
    expect(() => checkFdxIds('c'.repeat(257), 'a')).toThrow(FdxInvalidRequestError);
  });

  it('when ids hold reserved characters, then the statement download path percent-encodes them', () => {
    expect(FdxService.documentPath('c 1', 'acc/2', 's?3#&')).toBe(
      '/fdx/v6/customer/c%201/accounts/acc%2F2/statements/s%3F3%23%26',
    );
  });
});
