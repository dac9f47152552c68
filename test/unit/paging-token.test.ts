import fc from 'fast-check';
import { PagingTokens } from '../../src/api/paging-token';

describe('paging tokens', () => {
  const tokens = new PagingTokens('a-test-secret-that-is-long-enough-for-hmac-use');

  it('when a token is verified for the scope it was issued for, then its position comes back', () => {
    fc.assert(
      fc.property(fc.string(), fc.jsonValue(), (scope, position) => {
        expect(tokens.verify(scope, tokens.issue(scope, position))).toEqual(
          JSON.parse(JSON.stringify(position)),
        );
      }),
    );
  });

  it('when a token is verified for another scope, then it does not verify', () => {
    const t = tokens.issue('tx|c-1|a-1|2026-01-01|2026-02-01', { after: 'x' });
    expect(tokens.verify('tx|c-1|a-1|2026-01-01|2026-03-01', t)).toBeUndefined();
    expect(tokens.verify('tx|c-2|a-1|2026-01-01|2026-02-01', t)).toBeUndefined();
  });

  it('when any character of a token is changed, then it does not verify', () => {
    const t = tokens.issue('s', { after: 'abc', n: 5 });
    for (let i = 0; i < t.length; i += 1) {
      const altered = t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1);
      expect(tokens.verify('s', altered)).toBeUndefined();
    }
  });

  it('when the token is garbage, then it does not verify', () => {
    for (const bad of [
      '',
      '.',
      'abc',
      'a.b',
      '..',
      42,
      null,
      undefined,
      ['a.b'],
      'x'.repeat(5000),
    ]) {
      expect(tokens.verify('s', bad)).toBeUndefined();
    }
  });

  it('when another secret issued the token, then it does not verify', () => {
    expect(
      new PagingTokens('another-secret-that-is-also-long-enough-to-use').verify(
        's',
        tokens.issue('s', 1),
      ),
    ).toBeUndefined();
  });
});
