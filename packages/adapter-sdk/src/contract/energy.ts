/** The energy port of one customer. */
import { ResourceNotImplementedError } from '../errors';
import type { EnergyBalance } from '../ports';
import { presentEnergyAccount } from '../presentation';
import {
  assertContract,
  fail,
  assertUnique,
  assertSubset,
  assertOnlyKeys,
  ENERGY_RECORD_FIELDS,
  assertListExtras,
} from './checks';
import { describeAccountReads } from './account-reads';
import type { ContractHarness } from './harness';

export function describeEnergy(h: ContractHarness, customerId: string, empty: boolean): void {
  const energy = () => h.port('energy');

  test('when energy accounts are listed, then each validates as the gateway presents it, with valid list extras and unique ids', async () => {
    const accounts = await h.energyAccounts(customerId);
    if (empty) expect(accounts).toEqual([]);
    accounts.forEach((a, i) => {
      const where = `energy.listAccounts[${i}]`;
      assertOnlyKeys(a, ENERGY_RECORD_FIELDS, where);
      assertContract('energy-account', presentEnergyAccount(a), where);
      assertListExtras(a, where);
    });
    assertUnique(
      accounts.map((a) => a.accountId),
      'energy account ids',
    );
  });

  describeAccountReads(h, 'energy', customerId);

  test('when invoices are asked for in a window, then they validate, lie in it, and belong to the given ids only', async () => {
    const all = await h.energyIds(customerId);
    if (all.length === 0) {
      if (!empty) fail('the customer has no energy accounts');
      return;
    }
    const invoices = await h.call('energy.listInvoices', (ctx) =>
      energy().listInvoices(customerId, all, h.energyWindow, ctx),
    );
    invoices.forEach((inv, i) => {
      assertContract('energy-invoice', inv, `energy.listInvoices[${i}]`);
      if (inv.issueDate < h.energyWindow.oldest || inv.issueDate > h.energyWindow.newest)
        fail(`invoice ${inv.invoiceNumber} was issued ${inv.issueDate}, outside the window`);
    });
    assertSubset(
      invoices.map((inv) => inv.accountId),
      new Set(all),
      'invoice account ids',
    );
    // A narrower window answers exactly the wider answer's invoices that lie in it.
    const dates = invoices.map((inv) => inv.issueDate).sort();
    if (dates.length >= 3) {
      const narrow = {
        oldest: dates[Math.floor(dates.length / 3)]!,
        newest: dates[Math.floor((2 * dates.length) / 3)]!,
      };
      const some = await h.call('energy.listInvoices(narrow window)', (ctx) =>
        energy().listInvoices(customerId, all, narrow, ctx),
      );
      const key = (inv: { accountId: string; invoiceNumber: string }) =>
        `${inv.accountId}/${inv.invoiceNumber}`;
      expect(some.map(key).sort()).toEqual(
        invoices
          .filter((inv) => inv.issueDate >= narrow.oldest && inv.issueDate <= narrow.newest)
          .map(key)
          .sort(),
      );
    }
  });

  test('when the balance of each unrefused account is asked for (when the adapter has energy.getAccountBalance), then it is a decimal string of energy-balance (or resource not implemented)', async () => {
    const checked = h.tally('energy.getAccountBalance');
    const balance = h.optional('energy', 'getAccountBalance');
    if (!balance) return;
    for (const a of await h.energyAccounts(customerId)) {
      // The gateway checks the account first: a refused one is never asked for.
      if (a.sharingRefusal !== undefined) continue;
      const where = `energy.getAccountBalance(${a.accountId})`;
      let answer: EnergyBalance;
      try {
        answer = await h.call(where, (ctx) => balance(customerId, a.accountId, ctx));
      } catch (err) {
        // An account whose balance the core cannot give (404 resource not implemented).
        if (err instanceof ResourceNotImplementedError) continue;
        throw err;
      }
      assertOnlyKeys(answer, ['balance'], where);
      assertContract('energy-balance', answer, where);
      checked();
    }
  });

  test('when concessions are asked for each account, then they validate', async () => {
    for (const accountId of await h.energyIds(customerId)) {
      const concessions = await h.call(`energy.listConcessions(${accountId})`, (ctx) =>
        energy().listConcessions(customerId, accountId, ctx),
      );
      concessions.forEach((c, i) =>
        assertContract('energy-concession', c, `energy.listConcessions(${accountId})[${i}]`),
      );
    }
  });
}
