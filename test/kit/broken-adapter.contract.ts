/**
 * A deliberately broken adapter under the contract suite, run only by
 * `adapter-contract-fails.test.ts` (in a child jest) to prove the suite catches each defect (the
 * checks of the optional methods on the template: `broken-template.contract.ts`).
 * Not collected by `npm test` on its own (its name does not end in `.test.ts`).
 */
import path from 'node:path';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import type { CoreAdapter } from '../../src/ports';
import { describeAdapterContract } from '@data-holder-gateway/adapter-sdk/contract';

function broken(inner: CoreAdapter): CoreAdapter {
  const banking = inner.banking!;
  const fdx = inner.fdx!;
  const energy = inner.energy!;
  return {
    ...inner,
    // Defect 6: a regrouped operation that does not exist, and a group name with capitals.
    circuitGroups: { 'banking.listBalance': 'accounts', 'fdx.listStatements': 'Archive' },
    authorisation: {
      // Defect 7: a refusal reason that is none of the three, in the authorisation list only.
      async listShareableAccounts(customerId, ctx) {
        return (await inner.authorisation.listShareableAccounts(customerId, ctx)).map((a) =>
          a.sharingRefusal === 'blocked' ? { ...a, sharingRefusal: 'frozen' as 'blocked' } : a,
        );
      },
    },
    customer: {
      // Defect 1: answers for an unknown customer; defect 2: a Date in the record.
      async getCustomerDetail(customerId, ctx) {
        if (customerId === 'c-9999') return inner.customer.getCustomerDetail('c-1001', ctx);
        const detail = await inner.customer.getCustomerDetail(customerId, ctx);
        return {
          ...detail,
          person: { ...detail.person, lastUpdateTime: new Date(0) as unknown as string },
        };
      },
      // Defect 7: the search compares case-sensitively (a core holding "Jane@..." is missed).
      async searchCustomersByEmail(email, ctx) {
        return email === email.toLowerCase()
          ? inner.customer.searchCustomersByEmail!(email, ctx)
          : [];
      },
      // Defect 8: an unknown customer gets someone else's identity.
      async getCustomerIdentity(customerId, ctx) {
        const known = customerId === 'c-9999' ? 'c-1001' : customerId;
        return inner.customer.getCustomerIdentity!(known, ctx);
      },
    },
    banking: {
      ...banking,
      // Defect 3: a core field leaks into every account.
      async listAccounts(customerId, ctx) {
        return (await banking.listAccounts(customerId, ctx)).map((a) => ({
          ...a,
          coreBranch: 'X-1',
        }));
      },
      // Defect 8: the payees of a customer flagged for harm are served.
      async listPayees(customerId, ctx) {
        return customerId === 'c-2002' ? [] : banking.listPayees(customerId, ctx);
      },
      // Defect 9: account refs without what the check filters on (product category, refusals).
      async listAccountRefs(customerId, ctx) {
        return (await banking.listAccounts(customerId, ctx)).map((a) => ({
          accountId: a.accountId,
          openStatus: a.openStatus,
          isOwned: a.isOwned,
        }));
      },
      // Defect 4: balances of accounts nobody asked for.
      async listBalances(customerId, _ids, ctx) {
        const all = (await banking.listAccounts(customerId, ctx)).map((a) => a.accountId);
        return banking.listBalances(customerId, all, ctx);
      },
    },
    energy: {
      ...energy,
      // Defect 11: a balance as a JSON number, not a decimal string.
      async getAccountBalance() {
        return { balance: 12.5 as unknown as string };
      },
      // Defect 10: the refs of an invoice check narrowed by the window (the first account only).
      async listAccountRefsForInvoices(customerId, window, ctx) {
        const all = await energy.listAccounts(customerId, ctx);
        return (window.oldest < '2001-01-01' ? all : all.slice(0, 1)).map((a) => ({
          accountId: a.accountId,
          openStatus: a.openStatus,
          ...(a.sharingRefusal ? { sharingRefusal: a.sharingRefusal } : {}),
        }));
      },
    },
    fdx: {
      ...fdx,
      // Defect 5: the last page still says there is a next one (the same page again).
      async listTransactions(customerId, accountId, window, page, ctx) {
        const result = await fdx.listTransactions(customerId, accountId, window, page, ctx);
        return result.next === undefined && page.after !== undefined
          ? { ...result, next: page.after }
          : result;
      },
    },
  };
}

describeAdapterContract({
  name: 'broken demo',
  ports: ['banking', 'energy', 'fdx', 'products'],
  fixtures: {
    customerId: 'c-1001',
    otherCustomerId: 'c-1002',
    unknownCustomerId: 'c-9999',
    customerEmail: 'jane.citizen@example.com',
    fdx: { accountId: 'acc-b-1001-01', pageLimit: 50 },
    refusals: {
      accounts: [{ customerId: 'c-2001', accountId: 'acc-b-2001-02', reason: 'blocked' }],
      harmCustomerId: 'c-2002',
    },
  },
  setup: async () => ({
    adapter: broken(
      createDemoAdapter(
        loadDemoData(path.resolve(__dirname, '../../adapters/demo/data/sample.json')),
      ),
    ),
  }),
});
