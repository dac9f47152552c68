/**
 * The check of the holder reference's answers against the CDS and FDX schemas the platform names
 * (test/helpers/reference-schemas.ts): it finds what those schemas refuse, leaves the interface's
 * documented differences alone, and says nothing of routes the reference does not name.
 */
import { referenceErrors } from '../helpers/reference-schemas';

const deposit = {
  accountCategory: 'DEPOSIT_ACCOUNT',
  accountId: 'acc-1',
  accountType: 'CHECKING',
  productName: 'Everyday',
  status: 'OPEN',
  currency: { currencyCode: 'AUD' },
  currentBalance: 10.5,
  availableBalance: 10.5,
};
const network = {
  bankId: '1',
  identifier: '2',
  type: 'US_ACH',
  transferIn: true,
  transferOut: true,
};

describe('reference errors of an answer', () => {
  it('when an FDX deposit has its balances, then there are none; without them, FDX says so', () => {
    expect(referenceErrors('getFdxAccount', deposit)).toEqual([]);
    const { currentBalance: _c, ...missing } = deposit;
    expect(referenceErrors('getFdxAccount', missing).length).toBeGreaterThan(0);
  });

  it('when payment networks name a network FDX does not, then that is an error; an empty list is the documented difference', () => {
    expect(
      referenceErrors('listFdxPaymentNetworks', { page: {}, paymentNetworks: [network] }),
    ).toEqual([]);
    expect(
      referenceErrors('listFdxPaymentNetworks', {
        page: {},
        paymentNetworks: [{ ...network, type: 'AU_BECS' }],
      }),
    ).not.toEqual([]);
    expect(referenceErrors('listFdxPaymentNetworks', { page: {}, paymentNetworks: [] })).toEqual(
      [],
    );
  });

  it('when a transaction lacks what CDS requires, then the error names where', () => {
    const errors = referenceErrors('listBankingTransactions', {
      data: { transactions: [{ accountId: 'a', amount: '1.00' }] },
      links: {},
      meta: { totalRecords: 1, totalPages: 1 },
    });
    expect(errors.some((e) => e.startsWith('data.transactions[0] (BankingTransaction)'))).toBe(
      true,
    );
  });

  it('when a route the reference does not name is checked, then there is nothing to say', () => {
    expect(referenceErrors('listPayees', { anything: true })).toEqual([]);
  });
});
