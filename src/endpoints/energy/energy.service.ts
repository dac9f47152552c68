/**
 * Energy endpoints: the account fetch (row 4) and the deprecated account list, invoices of
 * specific accounts (row 6) and of one account (row 9), concessions (row 13). They follow the
 * banking family's rules (docs/api.md, "Requests"): body ids checked before filters, the core's
 * order, except invoices (issueDate descending, within the inclusive date window).
 */
import { paginate } from '../../api/pagination';
import type { QueryValues } from '../../api/query-values';
import { presentEnergyAccount } from '@data-holder-gateway/adapter-sdk/presentation';
import type { AccountRef, CallContext, EnergyInvoice, EnergyPort } from '../../ports';
import { AccountSelection, applyAccountFilters } from '../account-selection';

/** issueDate descending; equal dates keep the core's order (the sort is stable). */
function byIssueDateDescending(a: EnergyInvoice, b: EnergyInvoice): number {
  return a.issueDate < b.issueDate ? 1 : a.issueDate > b.issueDate ? -1 : 0;
}

export class EnergyService {
  constructor(
    private readonly port: EnergyPort,
    /** Body and path ids checked, refusals applied. */
    private readonly selection = new AccountSelection(),
  ) {}

  /**
   * The records the check of `accountIds` reads: only those accounts' when the core can read them
   * alone (`listAccountsById`), else every account of the customer.
   */
  private candidates(customerId: string, accountIds: readonly string[], ctx: CallContext) {
    return this.port.listAccountsById
      ? this.port.listAccountsById(customerId, [...accountIds], ctx)
      : this.port.listAccounts(customerId, ctx);
  }

  /**
   * What the check of a data request reads: the customer's account refs when the core lists them
   * (`listAccountRefs`: ownership and refusals, without each account's plans), else the records
   * of the named accounts.
   */
  private refs(
    customerId: string,
    accountIds: readonly string[],
    ctx: CallContext,
  ): Promise<AccountRef[]> {
    return this.port.listAccountRefs
      ? this.port.listAccountRefs(customerId, ctx)
      : this.candidates(customerId, accountIds, ctx);
  }

  /** Row 4 (body ids) and the deprecated list (every account): narrowed by `open-status`. */
  async accounts(
    customerId: string,
    accountIds: string[] | undefined,
    query: QueryValues,
    ctx: CallContext,
  ) {
    const requested = accountIds
      ? this.selection.requireAccounts(
          customerId,
          await this.candidates(customerId, accountIds, ctx),
          accountIds,
        )
      : this.selection.shareable(customerId, await this.port.listAccounts(customerId, ctx));
    const page = paginate(applyAccountFilters(requested, query), query);
    return {
      data: { accounts: page.records.map(presentEnergyAccount) },
      links: page.links,
      meta: page.meta,
    };
  }

  /** Row 6: invoices of the body's accounts. */
  async invoices(customerId: string, accountIds: string[], query: QueryValues, ctx: CallContext) {
    const all = await this.refs(customerId, accountIds, ctx);
    const accounts = this.selection.requireAccounts(customerId, all, accountIds);
    return this.invoicePage(
      customerId,
      accounts.map((a) => a.accountId),
      query,
      ctx,
    );
  }

  /** Row 9: invoices of one account. */
  async invoicesForAccount(
    customerId: string,
    accountId: string,
    query: QueryValues,
    ctx: CallContext,
  ) {
    this.selection.requireAccount(
      customerId,
      await this.refs(customerId, [accountId], ctx),
      accountId,
    );
    return this.invoicePage(customerId, [accountId], query, ctx);
  }

  /** Row 13: `{ data: { concessions } }` only, in the core's order. */
  async concessions(customerId: string, accountId: string, ctx: CallContext) {
    this.selection.requireAccount(
      customerId,
      await this.refs(customerId, [accountId], ctx),
      accountId,
    );
    return { data: { concessions: await this.port.listConcessions(customerId, accountId, ctx) } };
  }

  private async invoicePage(
    customerId: string,
    accountIds: string[],
    query: QueryValues,
    ctx: CallContext,
  ) {
    // The route applies the window defaults (docs/api.md, "Requests") before the handler runs.
    const window = { oldest: query['oldest-date']!, newest: query['newest-date']! };
    const invoices = await this.port.listInvoices(customerId, accountIds, window, ctx);
    const page = paginate([...invoices].sort(byIssueDateDescending), query);
    return { data: { invoices: page.records }, links: page.links, meta: page.meta };
  }
}
