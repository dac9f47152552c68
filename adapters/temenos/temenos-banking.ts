/** The banking port of the Temenos adapter (see temenos.adapter.ts for the rules). */
import {
  mapLimit,
  type AccountRef,
  type Balance,
  type BankingAccountRecord,
  type BankingPort,
  type BankingTransactionDetail,
  type BankingTransactionPage,
  type BankingTransactionQuery,
  type CallContext,
  type DirectDebit,
  type InstalmentPlansResult,
  type Payee,
  type ScheduledPayment,
} from '@data-holder-gateway/adapter-sdk';
import { toAccountRecord, toAccountRef } from './mappers';
import type { TemenosAccounts } from './temenos-accounts';
import { directDebits, payees, scheduledPayments } from './temenos-payments';
import { TemenosTransactions } from './temenos-transactions';

/** The banking port over the customer's account list, orders, beneficiaries and transactions. */
export class TemenosBanking implements BankingPort {
  private readonly transactions: TemenosTransactions;

  constructor(private readonly temenos: TemenosAccounts) {
    this.transactions = new TemenosTransactions(temenos);
  }

  listAccounts(customerId: string, ctx: CallContext): Promise<BankingAccountRecord[]> {
    return this.accountRecords(customerId, undefined, ctx);
  }

  // A loan's or term deposit's record needs its arrangement's read: for a few ids, only theirs.
  listAccountsById(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<BankingAccountRecord[]> {
    return this.accountRecords(customerId, accountIds, ctx);
  }

  // The account list says everything the account check reads: no arrangement is read for it.
  async listAccountRefs(customerId: string, ctx: CallContext): Promise<AccountRef[]> {
    const accounts = await this.temenos.accounts(customerId, ctx);
    return accounts.map((a) => toAccountRef(a, customerId));
  }

  private async accountRecords(
    customerId: string,
    accountIds: readonly string[] | undefined,
    ctx: CallContext,
  ): Promise<BankingAccountRecord[]> {
    const accounts = await this.temenos.accounts(customerId, ctx);
    const wanted = accountIds && new Set(accountIds);
    const read = wanted ? accounts.filter((a) => wanted.has(a.accountId)) : accounts;
    const terms = await mapLimit(read, this.temenos.parallel, (a) => this.temenos.terms(a, ctx));
    return read.map((a, i) => toAccountRecord(a, customerId, terms[i]));
  }

  // The account list the check read carries the balances: no call of their own, but for an
  // account the list gave none for.
  async listBalances(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<Balance[]> {
    const accounts = await this.temenos.accounts(customerId, ctx);
    const wanted = new Set(accountIds);
    const read = accounts.filter((a) => wanted.has(a.accountId));
    const balances = await mapLimit(read, this.temenos.parallel, (a) =>
      this.temenos.balance(a, ctx),
    );
    return balances.flatMap((b) => b ?? []);
  }

  listDirectDebits(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<DirectDebit[]> {
    return directDebits(this.temenos, customerId, accountIds, ctx);
  }

  listScheduledPayments(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<ScheduledPayment[]> {
    return scheduledPayments(this.temenos, customerId, accountIds, ctx);
  }

  // Transact's APIs the adapter reads have no instalment plans (buy now, pay later): every
  // account of the customer says so, the gateway's documented 404 `resource not implemented`.
  async listInstalmentPlans(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<Map<string, InstalmentPlansResult>> {
    const accounts = await this.temenos.accounts(customerId, ctx);
    const wanted = new Set(accountIds);
    const result = new Map<string, InstalmentPlansResult>();
    for (const a of accounts) {
      if (wanted.has(a.accountId)) result.set(a.accountId, { supported: false });
    }
    return result;
  }

  listPayees(customerId: string, ctx: CallContext): Promise<Payee[]> {
    return payees(this.temenos, customerId, ctx);
  }

  listTransactions(
    customerId: string,
    accountId: string,
    query: BankingTransactionQuery,
    ctx: CallContext,
  ): Promise<BankingTransactionPage> {
    return this.transactions.list(customerId, accountId, query, ctx);
  }

  getTransaction(
    customerId: string,
    accountId: string,
    transactionId: string,
    ctx: CallContext,
  ): Promise<BankingTransactionDetail | null> {
    return this.transactions.get(customerId, accountId, transactionId, ctx);
  }
}
