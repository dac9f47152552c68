/** The banking port of the Fineract adapter (see fineract.adapter.ts for the rules). */
import type {
  AccountRef,
  Balance,
  BankingAccountRecord,
  BankingPort,
  BankingTransactionDetail,
  BankingTransactionPage,
  BankingTransactionQuery,
  CallContext,
  DirectDebit,
  InstalmentPlansResult,
  Payee,
  ScheduledPayment,
} from '@data-holder-gateway/adapter-sdk';
import { mapLimit } from '@data-holder-gateway/adapter-sdk';
import {
  accountIdOf,
  toInstalmentPlan,
  toLoanBalance,
  toSavingsFamilyBalance,
  toScheduledPayment,
  type FineractStandingInstructionPage,
} from './mappers';
import { type FineractAccounts, MAX_PAGES } from './fineract-accounts';
import type { FineractPayees } from './fineract-payees';
import { FineractTransactions } from './fineract-transactions';

/** The banking port over the client's accounts, details, transactions and standing instructions. */
export class FineractBanking implements BankingPort {
  private readonly instalmentProducts: ReadonlySet<string> | undefined;
  private readonly transactions: FineractTransactions;

  constructor(
    private readonly fineract: FineractAccounts,
    private readonly payees: FineractPayees,
  ) {
    const configured = fineract.config.instalmentProducts;
    this.instalmentProducts =
      configured === undefined ? undefined : new Set(configured.map(String));
    this.transactions = new FineractTransactions(fineract);
  }

  listAccounts(customerId: string, ctx: CallContext): Promise<BankingAccountRecord[]> {
    return this.accountRecords(customerId, undefined, ctx);
  }

  // Fineract reads each account's detail on its own: for a few ids, only theirs are read.
  listAccountsById(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<BankingAccountRecord[]> {
    return this.accountRecords(customerId, accountIds, ctx);
  }

  // The client account list says which accounts are the client's, their status and refusals:
  // the check of a data request reads no account detail.
  async listAccountRefs(customerId: string, ctx: CallContext): Promise<AccountRef[]> {
    const { accounts } = await this.fineract.ownAccounts(customerId, ctx);
    return accounts.map((a) => this.fineract.toAccountRef(a));
  }

  /** The records of the client's accounts (those among `accountIds` when given), Fineract's order. */
  private async accountRecords(
    customerId: string,
    accountIds: readonly string[] | undefined,
    ctx: CallContext,
  ): Promise<BankingAccountRecord[]> {
    const { clientId } = await this.fineract.clientIdOf(customerId, ctx);
    const [client, accounts] = await Promise.all([
      this.fineract.getClient(clientId, ctx),
      this.fineract.getClientAccounts(clientId, ctx),
    ]);
    const holder = this.fineract.holderOf(customerId, client);
    const listed = this.fineract.listed(accounts);
    // The listed accounts' own refs: the client's among the ids, each once, in Fineract's order.
    const wanted = accountIds && new Set(this.fineract.ownedRefs(listed, accountIds));
    const read = wanted ? listed.filter((a) => wanted.has(a.ref)) : listed;
    const details = await mapLimit(read, this.fineract.parallel, (a) =>
      this.fineract.getDetail(a.ref, clientId, ctx),
    );
    return details.flatMap((d) => {
      const record = d && this.fineract.toAccountRecord(d, holder);
      return record ? [record] : [];
    });
  }

  async listBalances(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<Balance[]> {
    const { clientId, accounts } = await this.fineract.ownAccounts(customerId, ctx);
    const details = await mapLimit(
      this.fineract.ownedRefs(accounts, accountIds),
      this.fineract.parallel,
      (ref) => this.fineract.getDetail(ref, clientId, ctx),
    );
    const balances: Balance[] = [];
    for (const d of details) {
      if (!d || d.payload.id === undefined) continue;
      const accountId = accountIdOf(d.kind, d.payload.id);
      const balance =
        d.kind === 'loan'
          ? toLoanBalance(accountId, d.payload)
          : toSavingsFamilyBalance(accountId, d.kind, d.payload);
      if (balance) balances.push(balance);
    }
    return balances;
  }

  // Fineract has no direct debit authorisations (debits by third parties on an account): the
  // documented answer for a core that cannot supply them is an empty list. The client account
  // list (the one the account check read) proves Fineract knows the client.
  async listDirectDebits(
    customerId: string,
    _accountIds: string[],
    ctx: CallContext,
  ): Promise<DirectDebit[]> {
    await this.fineract.ownAccounts(customerId, ctx);
    return [];
  }

  async listScheduledPayments(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<ScheduledPayment[]> {
    const { clientId } = await this.fineract.clientIdOf(customerId, ctx);
    const [accounts, instructions] = await Promise.all([
      this.fineract.getClientAccounts(clientId, ctx),
      walkStandingInstructions(this.fineract, clientId, ctx),
    ]);
    const own = new Map<string, string>();
    for (const a of this.fineract.listed(accounts)) {
      own.set(
        `${a.ref.kind === 'loan' ? 'loan' : 'savings'}:${a.ref.id}`,
        accountIdOf(a.ref.kind, a.ref.id),
      );
    }
    const wanted = new Set(accountIds);
    const payments: ScheduledPayment[] = [];
    for (const instruction of instructions) {
      const payment = toScheduledPayment(instruction, {
        ownAccount: (type, id) => own.get(`${type}:${id}`),
        ...(this.fineract.bsb !== undefined ? { bsb: this.fineract.bsb } : {}),
      });
      if (payment && wanted.has(payment.from.accountId)) payments.push(payment);
    }
    return payments;
  }

  async listInstalmentPlans(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<Map<string, InstalmentPlansResult>> {
    const { clientId, accounts } = await this.fineract.ownAccounts(customerId, ctx);
    const result = new Map<string, InstalmentPlansResult>();
    // Another client's account gets no key at all (as an unknown one).
    const refs = this.fineract.ownedRefs(accounts, accountIds);
    const loans = refs.filter((ref) => ref.kind === 'loan');
    for (const ref of refs) {
      if (ref.kind !== 'loan') result.set(accountIdOf(ref.kind, ref.id), { supported: false });
    }
    const details = await mapLimit(loans, this.fineract.parallel, (ref) =>
      this.fineract.getDetail(ref, clientId, ctx),
    );
    loans.forEach((ref, i) => {
      const id = accountIdOf(ref.kind, ref.id);
      const detail = details[i];
      if (!detail || detail.kind !== 'loan') {
        // Gone between two calls (see the module comment): no plans to report.
        result.set(id, { supported: true, plans: [] });
        return;
      }
      const productId = detail.payload.loanProductId;
      if (
        this.instalmentProducts !== undefined &&
        (productId === undefined || !this.instalmentProducts.has(String(productId)))
      ) {
        result.set(id, { supported: false });
        return;
      }
      const plan = toInstalmentPlan(id, detail.payload);
      result.set(id, { supported: true, plans: plan ? [plan] : [] });
    });
    return result;
  }

  async listPayees(customerId: string, ctx: CallContext): Promise<Payee[]> {
    return this.payees.list(customerId, ctx);
  }

  // The whole window is read and the page cut here: see fineract-transactions.ts.
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

async function walkStandingInstructions(
  fineract: FineractAccounts,
  clientId: string,
  ctx: CallContext,
) {
  const items = [];
  for (let offset = 0, pages = 0; pages < MAX_PAGES; pages += 1) {
    const page = await fineract.http.get<FineractStandingInstructionPage>(
      'standinginstructions.list',
      '/v1/standinginstructions',
      { clientId, offset, limit: fineract.config.pageSize },
      ctx,
    );
    const pageItems = page?.pageItems ?? [];
    items.push(...pageItems);
    offset += pageItems.length;
    if (pageItems.length === 0 || offset >= (page?.totalFilteredRecords ?? 0)) break;
  }
  return items;
}
