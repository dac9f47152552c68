/** The banking port of one customer. */
import { presentBankingAccount } from '../presentation';
import { assertContract, fail, assertUnique, assertSubset, assertOnlyKeys } from './checks';
import { describeAccountReads } from './account-reads';
import type { ContractHarness } from './harness';

/** What the banking checks of one customer share. */
interface BankingScope {
  h: ContractHarness;
  customerId: string;
  empty: boolean;
  banking: () => NonNullable<ReturnType<ContractHarness['adapter']>['banking']>;
  /** Ids of the customer's banking accounts, at least one unless the customer is empty. */
  ids: () => Promise<string[]>;
}

export function describeBanking(h: ContractHarness, customerId: string, empty: boolean): void {
  const scope: BankingScope = {
    h,
    customerId,
    empty,
    banking: () => h.port('banking'),
    ids: async () => {
      const all = await h.bankingIds(customerId);
      if (!empty && all.length === 0) fail('the customer has no banking accounts');
      return all;
    },
  };
  describeAccountsAndBalances(scope);
  describeAccountReads(h, 'banking', customerId);
  describeBankingLists(scope);
}

/** Accounts (versions 4 and 3, masking) and balances. */
function describeAccountsAndBalances({ h, customerId, empty, banking, ids }: BankingScope): void {
  test('when banking accounts are listed, then each validates as version 4 (list and detail) and version 3, with unique ids', async () => {
    const accounts = await h.bankingAccounts(customerId);
    if (empty) expect(accounts).toEqual([]);
    accounts.forEach((a, i) => {
      const where = `banking.listAccounts[${i}]`;
      // As rows 2 and 3 serve it: without the gateway's own `sharingRefusal`.
      const v4 = presentBankingAccount(a, 4);
      assertContract('banking-account-list-item-v4', v4, where);
      assertContract('banking-account-v4', v4, where);
      const v3 = presentBankingAccount(a, 3);
      assertContract('banking-account-list-item-v3', v3, `${where} as version 3`);
      assertContract('banking-account-v3', v3, `${where} as version 3`);
    });
    assertUnique(
      accounts.map((a) => a.accountId),
      'banking account ids',
    );
  });

  test('when banking accounts carry an account number, then maskedNumber and displayName never show it whole', async () => {
    for (const a of await h.bankingAccounts(customerId)) {
      const full = a.accountNumber?.replace(/[\s-]/g, '');
      if (!full || full.length < 5) continue;
      const compact = (s: string) => s.replace(/[\s-]/g, '');
      if (compact(a.maskedNumber).includes(full))
        fail(`account ${a.accountId}: maskedNumber shows the whole account number`);
      if (compact(a.displayName).includes(full))
        fail(`account ${a.accountId}: displayName shows the whole account number`);
    }
  });

  test('when balances are asked for, then they validate, one per account at most, only for the given ids', async () => {
    const all = await ids();
    if (all.length === 0) return;
    const balances = await h.call('banking.listBalances', (ctx) =>
      banking().listBalances(customerId, all, ctx),
    );
    balances.forEach((b, i) => assertContract('balance', b, `banking.listBalances[${i}]`));
    assertUnique(
      balances.map((b) => b.accountId),
      'balance account ids',
    );
    assertSubset(
      balances.map((b) => b.accountId),
      new Set(all),
      'balance account ids',
    );
    const subset = h.subsetOf(all);
    const some = await h.call('banking.listBalances(subset)', (ctx) =>
      banking().listBalances(customerId, subset, ctx),
    );
    assertSubset(
      some.map((b) => b.accountId),
      new Set(subset),
      'balance account ids',
    );
    expect(some.map((b) => b.accountId).sort()).toEqual(
      balances
        .map((b) => b.accountId)
        .filter((id) => subset.includes(id))
        .sort(),
    );
  });
}

/** Direct debits, scheduled payments, instalment plans and payees. */
function describeBankingLists({ h, customerId, banking, ids }: BankingScope): void {
  test('when direct debits are asked for, then they validate and belong to the given ids only', async () => {
    const all = await ids();
    if (all.length === 0) return;
    const debits = await h.call('banking.listDirectDebits', (ctx) =>
      banking().listDirectDebits(customerId, all, ctx),
    );
    debits.forEach((d, i) => assertContract('direct-debit', d, `banking.listDirectDebits[${i}]`));
    assertSubset(
      debits.map((d) => d.accountId),
      new Set(all),
      'direct debit account ids',
    );
    const subset = h.subsetOf(all);
    const some = await h.call('banking.listDirectDebits(subset)', (ctx) =>
      banking().listDirectDebits(customerId, subset, ctx),
    );
    assertSubset(
      some.map((d) => d.accountId),
      new Set(subset),
      'direct debit account ids',
    );
    expect(some.length).toBe(debits.filter((d) => subset.includes(d.accountId)).length);
  });

  test('when scheduled payments are asked for, then they validate, have unique ids, and come from the given ids only', async () => {
    const all = await ids();
    if (all.length === 0) return;
    const payments = await h.call('banking.listScheduledPayments', (ctx) =>
      banking().listScheduledPayments(customerId, all, ctx),
    );
    payments.forEach((p, i) =>
      assertContract('scheduled-payment', p, `banking.listScheduledPayments[${i}]`),
    );
    assertUnique(
      payments.map((p) => p.scheduledPaymentId),
      'scheduledPaymentIds',
    );
    assertSubset(
      payments.map((p) => p.from.accountId),
      new Set(all),
      'scheduled payment source accounts',
    );
    const subset = h.subsetOf(all);
    const some = await h.call('banking.listScheduledPayments(subset)', (ctx) =>
      banking().listScheduledPayments(customerId, subset, ctx),
    );
    assertSubset(
      some.map((p) => p.from.accountId),
      new Set(subset),
      'scheduled payment source accounts',
    );
    expect(some.map((p) => p.scheduledPaymentId).sort()).toEqual(
      payments
        .filter((p) => subset.includes(p.from.accountId))
        .map((p) => p.scheduledPaymentId)
        .sort(),
    );
  });

  test('when instalment plans are asked for, then the map is keyed by requested ids only and its plans validate', async () => {
    const all = await ids();
    if (all.length === 0) return;
    const plans = await h.call('banking.listInstalmentPlans', (ctx) =>
      banking().listInstalmentPlans(customerId, all, ctx),
    );
    if (!(plans instanceof Map)) fail('banking.listInstalmentPlans did not return a Map');
    assertSubset([...plans.keys()], new Set(all), 'instalment plan map keys');
    for (const [accountId, result] of plans) {
      if (result.supported !== true && result.supported !== false)
        fail(`instalment plans of ${accountId}: "supported" is not a boolean`);
      if (!result.supported) {
        assertOnlyKeys(result, ['supported'], `instalment plans of ${accountId}`);
        continue;
      }
      result.plans.forEach((p, i) => {
        assertContract('instalment-plan', p, `instalment plans of ${accountId}[${i}]`);
        if (p.accountId !== accountId)
          fail(`instalment plans of ${accountId}[${i}] carry accountId ${p.accountId}`);
      });
      assertUnique(
        result.plans.map((p) => p.planId),
        `planIds of ${accountId}`,
      );
    }
    const subset = h.subsetOf(all);
    const some = await h.call('banking.listInstalmentPlans(subset)', (ctx) =>
      banking().listInstalmentPlans(customerId, subset, ctx),
    );
    assertSubset([...some.keys()], new Set(subset), 'instalment plan map keys');
  });

  test('when payees are asked for, then they validate and have unique ids', async () => {
    const payees = await h.call('banking.listPayees', (ctx) =>
      banking().listPayees(customerId, ctx),
    );
    payees.forEach((p, i) => assertContract('payee', p, `banking.listPayees[${i}]`));
    assertUnique(
      payees.map((p) => p.payeeId),
      'payeeIds',
    );
  });
}
