/** The demo core's banking port. */
import type { BankingPort, InstalmentPlansResult } from '@data-holder-gateway/adapter-sdk';
import {
  toBalance,
  toBankingAccount,
  toDirectDebit,
  toInstalmentPlan,
  toPayee,
  toScheduledPayment,
} from './mappers/banking.mapper';
import type { DemoStore } from './demo-store';

export function demoBankingPort(store: DemoStore): BankingPort {
  return {
    async listAccounts(customerId) {
      return (store.customer(customerId).bankingAccounts ?? []).map(toBankingAccount);
    },
    async listBalances(customerId, accountIds) {
      return store
        .bankingAccounts(customerId, accountIds)
        .flatMap((a) => (a.balance ? [toBalance(a.accountId, a.balance)] : []));
    },
    async listDirectDebits(customerId, accountIds) {
      return store
        .bankingAccounts(customerId, accountIds)
        .flatMap((a) => (a.directDebits ?? []).map((d) => toDirectDebit(a.accountId, d)));
    },
    async listScheduledPayments(customerId, accountIds) {
      return store
        .bankingAccounts(customerId, accountIds)
        .flatMap((a) => (a.scheduledPayments ?? []).map(toScheduledPayment));
    },
    async listInstalmentPlans(customerId, accountIds) {
      const result = new Map<string, InstalmentPlansResult>();
      for (const a of store.bankingAccounts(customerId, accountIds)) {
        result.set(
          a.accountId,
          a.instalmentPlans
            ? {
                supported: true,
                plans: a.instalmentPlans.map((p) => toInstalmentPlan(a.accountId, p)),
              }
            : { supported: false },
        );
      }
      return result;
    },
    async listPayees(customerId) {
      return (store.customer(customerId).payees ?? []).map(toPayee);
    },
  };
}
