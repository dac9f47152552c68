/** The port methods each adapter instance must have for the families it serves. */
import type { CoreFamily } from '../../src/config/core-layout';
import { missingMethodProblems, OPTIONAL_OPERATIONS } from '../../src/ports/port-methods';
import type { CoreAdapter } from '../../src/ports';

const method = async () => [];
const FULL_CUSTOMER = { getCustomerDetail: method };
const AUTHORISATION = { listShareableAccounts: method };
const ENERGY = { listAccounts: method, listInvoices: method, listConcessions: method };

function instance(
  adapter: Record<string, unknown>,
  families: readonly CoreFamily[],
  named: readonly CoreFamily[] = [],
) {
  return {
    id: 'mine',
    families,
    named,
    adapter: { id: 'mine', ...adapter } as unknown as CoreAdapter,
  };
}

describe('port methods at start-up', () => {
  it('when every required method is there and the optional ones are not, then there is no problem', () => {
    expect(
      missingMethodProblems(
        instance({ authorisation: AUTHORISATION, customer: FULL_CUSTOMER, energy: ENERGY }, [
          'energy',
          'common',
        ]),
      ),
    ).toEqual([]);
    expect(OPTIONAL_OPERATIONS).toEqual([
      'customer.searchCustomersByEmail',
      'customer.getCustomerIdentity',
      'banking.listAccountsById',
      'energy.listAccountsById',
      'banking.listAccountRefs',
      'energy.listAccountRefs',
      'energy.listAccountRefsForInvoices',
      'banking.listTransactions',
      'banking.getTransaction',
      'energy.getAccountBalance',
      'fdx.listAccountDescriptors',
      'fdx.getAccountDetail',
      'fdx.getAccountContact',
      'fdx.listPaymentNetworks',
    ]);
  });

  it('when a served port lacks a method, then each missing one is named with the adapter and the port', () => {
    const { listInvoices: _gone, ...partial } = ENERGY;
    expect(
      missingMethodProblems(
        instance({ authorisation: AUTHORISATION, customer: FULL_CUSTOMER, energy: partial }, [
          'energy',
        ]),
      ),
    ).toEqual(['CORE_ADAPTER: adapter "mine" port energy has no method listInvoices']);
  });

  it('when a port is left out, then its endpoints answer 404 and start-up goes on; the authorisation port never may be', () => {
    expect(
      missingMethodProblems(instance({ customer: FULL_CUSTOMER }, ['banking', 'fdx'], ['banking'])),
    ).toEqual([
      'CORE_ADAPTERS: adapter "mine" has no authorisation port (method listShareableAccounts is required)',
    ]);
  });

  it('when a method is not a function, then it is missing', () => {
    expect(
      missingMethodProblems(
        instance({ authorisation: { listShareableAccounts: 'yes' }, customer: FULL_CUSTOMER }, [
          'banking',
        ]),
      ),
    ).toEqual([
      'CORE_ADAPTER: adapter "mine" port authorisation has no method listShareableAccounts',
    ]);
  });
});
