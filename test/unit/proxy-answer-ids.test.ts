/**
 * The links of a passed-through answer with the gateway's ids: only path segments that name a
 * record the request or its answer names change; origins, queries, literals and other text stay.
 */
import {
  know,
  type KnownIds,
  linkHeaderWithIds,
  linksWithIds,
  linkWithIds,
} from '../../src/proxy/answer-ids';

const known = (): KnownIds => {
  const ids: KnownIds = new Map();
  know(ids, 'customer', 'c-1', 'CUSTOMER_gateway_id_0001');
  know(ids, 'account', 'a 1/x', 'ACCOUNT_gateway_id_00001');
  know(ids, 'statement', 's-9', 'STATEMENT_gateway_id_001');
  return ids;
};

describe('links with the gateway ids', () => {
  it('when a link names known records in its path, then those segments carry the gateway ids and the rest is kept', () => {
    expect(
      linkWithIds(
        'https://h.example/fdx/v6/customer/c-1/accounts/a%201%2Fx/statements/s-9?a=c-1#s-9',
        known(),
      ),
    ).toBe(
      'https://h.example/fdx/v6/customer/CUSTOMER_gateway_id_0001/accounts/ACCOUNT_gateway_id_00001/statements/STATEMENT_gateway_id_001?a=c-1#s-9',
    );
  });

  it('when a segment is a literal, an unknown id, or a known id after another collection, then it is kept', () => {
    const ids = known();
    for (const link of [
      '/v1/banking/customer/c-9/accounts/balances',
      '/v1/banking/customer/c-9/payees/c-1',
      'page=2&page-size=25',
      '',
    ]) {
      expect(linkWithIds(link, ids)).toBe(link);
    }
  });

  it('when an answer holds paging links, hrefs and other strings, then only the links change', () => {
    const answer = {
      links: { self: '/v1/banking/customer/c-1/payees', next: 'page=2' },
      statements: [{ statementId: 's-9', links: [{ href: '/x/statements/s-9', rel: 'c-1' }] }],
      note: '/customer/c-1',
    };
    expect(linksWithIds(answer, known())).toEqual({
      links: { self: '/v1/banking/customer/CUSTOMER_gateway_id_0001/payees', next: 'page=2' },
      statements: [
        {
          statementId: 's-9',
          links: [{ href: '/x/statements/STATEMENT_gateway_id_001', rel: 'c-1' }],
        },
      ],
      note: '/customer/c-1',
    });
  });

  it('when a Link header lists targets, then each target carries the gateway ids', () => {
    expect(
      linkHeaderWithIds('</customer/c-1/accounts>; rel="successor-version", <page=2>', known()),
    ).toBe('</customer/CUSTOMER_gateway_id_0001/accounts>; rel="successor-version", <page=2>');
  });
});
