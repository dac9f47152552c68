/** The demo core's banking port. */
import {
  AccountNotFoundError,
  type BankingPort,
  type InstalmentPlansResult,
} from '@data-holder-gateway/adapter-sdk';
import {
  toBalance,
  toBankingAccount,
  toBankingTransaction,
  toBankingTransactionDetail,
  toDirectDebit,
  toInstalmentPlan,
  toPayee,
  toScheduledPayment,
} from './mappers/banking.mapper';
import type { DemoStore } from './demo-store';
import {
  indexAccountTransactions,
  queryTransactions,
  type TransactionIndex,
} from './demo-transactions';

export function demoBankingPort(store: DemoStore): BankingPort {
  const transactions = indexAccountTransactions(store.data);

  /**
   * The transactions of the customer's account (CustomerNotFoundError first). The gateway has
   * checked the account; another customer's account is never read, even if asked.
   */
  const transactionsOf = (customerId: string, accountId: string): TransactionIndex => {
    store.customer(customerId);
    const found = transactions.get(accountId);
    if (!found || found.customerId !== customerId) throw new AccountNotFoundError();
    return found.index;
  };

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
    // Filters by text itself: never `textIgnored`.
    async listTransactions(customerId, accountId, query) {
      return queryTransactions(transactionsOf(customerId, accountId), query, (r) =>
        toBankingTransaction(accountId, r),
      );
    },
    async getTransaction(customerId, accountId, transactionId) {
      const record = transactionsOf(customerId, accountId).byId.get(transactionId);
      return record ? toBankingTransactionDetail(accountId, record) : null;
    },
  };
}
