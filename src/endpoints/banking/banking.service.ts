/**
 * Banking endpoints: account lists (`listBankingAccounts`, `listSpecificBankingAccounts`) and one
 * account's detail, balances (`listBalances`), direct debits (`listDirectDebits`), scheduled
 * payments (`listScheduledPaymentsForAccount` and the list POST), instalment plans
 * (`listInstalmentPlans`, and one account's) and payees (`listPayees`). Transactions are
 * banking-transactions.service.ts's.
 */
import { ResourceNotImplementedError } from '../../errors';
import { paginate } from '../../api/pagination';
import type { QueryValues } from '../../api/query-values';
import { presentBankingAccount } from '@data-holder-gateway/adapter-sdk/presentation';
import type { BankingAccountRecord, BankingPort, CallContext, InstalmentPlan } from '../../ports';
import {
  AccountSelection,
  applyAccountFilters,
  namedAccountRecords,
  namedAccountRefs,
} from '../account-selection';

/** Derived plan state (interface, "Derived rule for instalment plans"). */
export function planStatus(plan: InstalmentPlan): 'ACTIVE' | 'INACTIVE' {
  return (plan.schedule ?? []).some((s) => s.isPaid === false) ? 'ACTIVE' : 'INACTIVE';
}

function byCreationDateDescending(a: InstalmentPlan, b: InstalmentPlan): number {
  const ta = a.creationDate ? Date.parse(a.creationDate) : -Infinity;
  const tb = b.creationDate ? Date.parse(b.creationDate) : -Infinity;
  return tb - ta;
}

export class BankingService {
  constructor(
    private readonly port: BankingPort,
    /**
     * Banking account detail version served by `listBankingAccounts` and
     * `listSpecificBankingAccounts`.
     */
    private readonly detailVersion: 3 | 4,
    /** Body and path ids checked, refusals applied. */
    private readonly selection = new AccountSelection(),
  ) {}

  private present(account: BankingAccountRecord): object {
    return presentBankingAccount(account, this.detailVersion);
  }

  private async selected(
    customerId: string,
    accountIds: readonly string[] | undefined,
    query: QueryValues,
    ctx: CallContext,
  ): Promise<BankingAccountRecord[]> {
    const requested = accountIds
      ? this.selection.requireAccounts(
          customerId,
          await namedAccountRecords(this.port, customerId, accountIds, ctx),
          accountIds,
        )
      : this.selection.shareable(customerId, await this.port.listAccounts(customerId, ctx));
    return applyAccountFilters(requested, query);
  }

  /** The named accounts a data request is about: checked, filtered, in the core's order. */
  private async checkedIds(
    customerId: string,
    accountIds: readonly string[],
    query: QueryValues,
    ctx: CallContext,
  ): Promise<string[]> {
    const refs = await namedAccountRefs(this.port, customerId, accountIds, ctx);
    const requested = this.selection.requireAccounts(customerId, refs, accountIds);
    return applyAccountFilters(requested, query).map((a) => a.accountId);
  }

  /**
   * `listBankingAccounts` (deprecated) and `listSpecificBankingAccounts`: accounts, optionally
   * restricted to the body's ids.
   */
  async accounts(
    customerId: string,
    accountIds: string[] | undefined,
    query: QueryValues,
    ctx: CallContext,
  ) {
    const page = paginate(await this.selected(customerId, accountIds, query, ctx), query);
    return {
      data: { accounts: page.records.map((a) => this.present(a)) },
      links: page.links,
      meta: page.meta,
    };
  }

  /** The path's account, checked from the account refs: the customer's and not refused. */
  private async checkAccount(customerId: string, accountId: string, ctx: CallContext) {
    this.selection.requireAccount(
      customerId,
      await namedAccountRefs(this.port, customerId, [accountId], ctx),
      accountId,
    );
  }

  /** One account's detail: the record the POST detail gives for it. */
  async account(customerId: string, accountId: string, ctx: CallContext) {
    const account = this.selection.requireAccount(
      customerId,
      await namedAccountRecords(this.port, customerId, [accountId], ctx),
      accountId,
    );
    return { data: this.present(account) };
  }

  /** `listBalances`. */
  async balances(customerId: string, accountIds: string[], query: QueryValues, ctx: CallContext) {
    const ids = await this.checkedIds(customerId, accountIds, query, ctx);
    const balances = ids.length ? await this.port.listBalances(customerId, ids, ctx) : [];
    const page = paginate(balances, query);
    return { data: { balances: page.records }, links: page.links, meta: page.meta };
  }

  /** `listDirectDebits`. */
  async directDebits(
    customerId: string,
    accountIds: string[],
    query: QueryValues,
    ctx: CallContext,
  ) {
    const ids = await this.checkedIds(customerId, accountIds, query, ctx);
    const debits = ids.length ? await this.port.listDirectDebits(customerId, ids, ctx) : [];
    const page = paginate(debits, query);
    return {
      data: { directDebitAuthorisations: page.records },
      links: page.links,
      meta: page.meta,
    };
  }

  /** Scheduled payments for a list of accounts (the list POST). */
  async scheduledPaymentsForAccounts(
    customerId: string,
    accountIds: string[],
    query: QueryValues,
    ctx: CallContext,
  ) {
    const ids = await this.checkedIds(customerId, accountIds, query, ctx);
    const payments = ids.length ? await this.port.listScheduledPayments(customerId, ids, ctx) : [];
    const page = paginate(payments, query);
    return { data: { scheduledPayments: page.records }, links: page.links, meta: page.meta };
  }

  /** `listScheduledPaymentsForAccount`: scheduled payments of one account. */
  async scheduledPaymentsForAccount(
    customerId: string,
    accountId: string,
    query: QueryValues,
    ctx: CallContext,
  ) {
    await this.checkAccount(customerId, accountId, ctx);
    const page = paginate(
      await this.port.listScheduledPayments(customerId, [accountId], ctx),
      query,
    );
    return { data: { scheduledPayments: page.records }, links: page.links, meta: page.meta };
  }

  /**
   * `listInstalmentPlans`: instalment plans of the body's accounts, newest first, by derived
   * status.
   */
  async instalmentPlans(
    customerId: string,
    accountIds: string[],
    query: QueryValues,
    ctx: CallContext,
  ) {
    const all = await namedAccountRefs(this.port, customerId, accountIds, ctx);
    const ids = this.selection.requireAccounts(customerId, all, accountIds).map((a) => a.accountId);
    return this.planPage(customerId, ids, query, ctx);
  }

  /**
   * Instalment plans of one account, as `listInstalmentPlans` gives them for that account alone.
   */
  async instalmentPlansForAccount(
    customerId: string,
    accountId: string,
    query: QueryValues,
    ctx: CallContext,
  ) {
    await this.checkAccount(customerId, accountId, ctx);
    return this.planPage(customerId, [accountId], query, ctx);
  }

  /** The plans of checked accounts: 404 `resource not implemented` if one's type has none. */
  private async planPage(customerId: string, ids: string[], query: QueryValues, ctx: CallContext) {
    const results = await this.port.listInstalmentPlans(customerId, ids, ctx);
    const plans: InstalmentPlan[] = [];
    for (const id of ids) {
      const result = results.get(id);
      if (!result || !result.supported) throw new ResourceNotImplementedError();
      plans.push(...result.plans);
    }
    const wanted = query['plan-status'] ?? 'ACTIVE';
    const filtered = plans.filter((p) => wanted === 'ALL' || planStatus(p) === wanted);
    const page = paginate(filtered.sort(byCreationDateDescending), query);
    return { data: { plans: page.records }, links: page.links, meta: page.meta };
  }

  /** `listPayees`: payees, by type. */
  async payees(customerId: string, query: QueryValues, ctx: CallContext) {
    const type = query.type ?? 'ALL';
    const payees = (await this.port.listPayees(customerId, ctx)).filter(
      (p) => type === 'ALL' || p.type === type,
    );
    const page = paginate(payees, query);
    return { data: { payees: page.records }, links: page.links, meta: page.meta };
  }
}
