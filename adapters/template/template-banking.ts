/**
 * The banking port over the template core: accounts (all, by id, and as the refs the gateway's
 * account check reads), balances, instalment plans and the account's transactions (a page of the
 * core's transaction search, with the detail of one transaction).
 */
import type {
  BankingPort,
  BankingTransactionPage,
  CallContext,
  InstalmentPlansResult,
} from '@data-holder-gateway/adapter-sdk';
import { toAccountRef, toBalance, toBankingAccount } from './mappers/account.mapper';
import {
  toBankingTransaction,
  toBankingTransactionDetail,
} from './mappers/banking-transaction.mapper';
import type {
  CoreBalance,
  CoreTransaction,
  CoreTransactionSearchPage,
} from './mappers/core-payloads';
import type { TemplateReads } from './template-reads';

const enc = encodeURIComponent;
/** What an account that is not the customer's holds: nothing (the gateway checked it anyway). */
const NONE: BankingTransactionPage = { records: [], total: 0 };

export function templateBanking(reads: TemplateReads): BankingPort {
  const core = reads.core;
  const accountsOf = (customerId: string, ctx: CallContext) => reads.accountsOf(customerId, ctx);
  const ownedAmong = (customerId: string, ids: readonly string[], ctx: CallContext) =>
    reads.ownedAmong(customerId, ids, ctx);
  return {
    async listAccounts(customerId, ctx) {
      return (await accountsOf(customerId, ctx)).map(toBankingAccount);
    },

    // The account check's reads (optional). This core lists every account with its status in
    // one call, read once per request, so both narrow that list; a core that reads each
    // account's detail on its own saves those calls with them.
    async listAccountsById(customerId, accountIds, ctx) {
      return (await ownedAmong(customerId, accountIds, ctx)).map(toBankingAccount);
    },
    async listAccountRefs(customerId, ctx) {
      return (await accountsOf(customerId, ctx)).map(toAccountRef);
    },

    async listBalances(customerId, accountIds, ctx) {
      const accounts = await ownedAmong(customerId, accountIds, ctx);
      // One request per account, in parallel: the pool queues what exceeds its connections.
      // If your core has a bulk balance endpoint, use it instead.
      const balances = await Promise.all(
        accounts.map((a) =>
          core.get<CoreBalance>('account.balance', `/accounts/${enc(a.id)}/balance`, {}, ctx),
        ),
      );
      // A 404 means the account has no balance (one per account that has one).
      return balances.flatMap((b) => (b === undefined ? [] : [toBalance(b)]));
    },

    // The template core keeps no direct debits, scheduled payments or payees: answer empty
    // lists (documented), but still for known customers only.
    async listDirectDebits(customerId, _accountIds, ctx) {
      await accountsOf(customerId, ctx);
      return [];
    },
    async listScheduledPayments(customerId, _accountIds, ctx) {
      await accountsOf(customerId, ctx);
      return [];
    },
    async listPayees(customerId, ctx) {
      await accountsOf(customerId, ctx);
      return [];
    },

    // No account type of the template core has instalment plans: say so per account (the
    // gateway answers 404 "resource not implemented" for them).
    async listInstalmentPlans(customerId, accountIds, ctx) {
      const accounts = await ownedAmong(customerId, accountIds, ctx);
      return new Map<string, InstalmentPlansResult>(
        accounts.map((a) => [a.id, { supported: false }]),
      );
    },

    async listTransactions(customerId, accountId, query, ctx) {
      if (!(await reads.ownedAccount(customerId, accountId, ctx))) return NONE;
      // Every filter and the page pushed down: the core's search does them all, and counts.
      const body = await core.get<CoreTransactionSearchPage>(
        'account.transaction-search',
        `/accounts/${enc(accountId)}/transaction-search`,
        {
          from: query.oldest,
          to: query.newest,
          minAmount: query.minAmount,
          maxAmount: query.maxAmount,
          text: query.text,
          offset: query.offset,
          limit: query.limit,
        },
        ctx,
      );
      if (body === undefined) return NONE;
      return {
        records: body.items.map((t) => toBankingTransaction(accountId, t)),
        total: Number(body.total),
      };
    },

    async getTransaction(customerId, accountId, transactionId, ctx) {
      if (!(await reads.ownedAccount(customerId, accountId, ctx))) return null;
      const transaction = await core.get<CoreTransaction>(
        'account.transaction',
        `/accounts/${enc(accountId)}/transactions/${enc(transactionId)}`,
        {},
        ctx,
      );
      return transaction === undefined ? null : toBankingTransactionDetail(accountId, transaction);
    },
  };
}
