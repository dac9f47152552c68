/**
 * Energy endpoints: the account fetch (`listSpecificEnergyAccounts`), the deprecated account list
 * and one account's detail, its balance, invoices of specific accounts (`listEnergyInvoices`) and
 * of one account (`listEnergyInvoicesForAccount`), concessions (`listEnergyConcessions`). They
 * follow the banking family's rules (docs/api.md, "Requests"): body ids checked before filters, the
 * core's order, except invoices (issueDate descending, within the inclusive date window).
 */
import { ResourceNotImplementedError } from '../../errors';
import { paginate } from '../../api/pagination';
import type { QueryValues } from '../../api/query-values';
import { presentEnergyAccount } from '@data-holder-gateway/adapter-sdk/presentation';
import type { AccountRef, CallContext, DateWindow, EnergyInvoice, EnergyPort } from '../../ports';
import {
  AccountSelection,
  applyAccountFilters,
  namedAccountRecords,
  namedAccountRefs,
} from '../account-selection';

/** The request's inclusive issue-date window. */
function windowOf(query: QueryValues): DateWindow {
  // The route applies the window defaults (docs/api.md, "Requests") before the handler runs.
  return { oldest: query['oldest-date']!, newest: query['newest-date']! };
}

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
   * `listSpecificEnergyAccounts` (body ids) and the deprecated list (every account): narrowed by
   * `open-status`.
   */
  async accounts(
    customerId: string,
    accountIds: string[] | undefined,
    query: QueryValues,
    ctx: CallContext,
  ) {
    const requested = accountIds
      ? this.selection.requireAccounts(
          customerId,
          await namedAccountRecords(this.port, customerId, accountIds, ctx),
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

  /** One account's detail: the record `listSpecificEnergyAccounts` gives for it. */
  async account(customerId: string, accountId: string, ctx: CallContext) {
    const account = this.selection.requireAccount(
      customerId,
      await namedAccountRecords(this.port, customerId, [accountId], ctx),
      accountId,
    );
    return { data: presentEnergyAccount(account) };
  }

  /** One account's current balance: `{ data: { balance } }`. */
  async balance(customerId: string, accountId: string, ctx: CallContext) {
    this.selection.requireAccount(
      customerId,
      await namedAccountRefs(this.port, customerId, [accountId], ctx),
      accountId,
    );
    if (!this.port.getAccountBalance) throw new ResourceNotImplementedError();
    const { balance } = await this.port.getAccountBalance(customerId, accountId, ctx);
    return { data: { balance } };
  }

  /** `listEnergyInvoices`: invoices of the body's accounts. */
  async invoices(customerId: string, accountIds: string[], query: QueryValues, ctx: CallContext) {
    const window = windowOf(query);
    const all = await this.invoiceAccountRefs(customerId, accountIds, window, ctx);
    const accounts = this.selection.requireAccounts(customerId, all, accountIds);
    return this.invoicePage(
      customerId,
      accounts.map((a) => a.accountId),
      window,
      query,
      ctx,
    );
  }

  /** `listEnergyInvoicesForAccount`: invoices of one account. */
  async invoicesForAccount(
    customerId: string,
    accountId: string,
    query: QueryValues,
    ctx: CallContext,
  ) {
    const window = windowOf(query);
    this.selection.requireAccount(
      customerId,
      await this.invoiceAccountRefs(customerId, [accountId], window, ctx),
      accountId,
    );
    return this.invoicePage(customerId, [accountId], window, query, ctx);
  }

  /** `listEnergyConcessions`: `{ data: { concessions } }` only, in the core's order. */
  async concessions(customerId: string, accountId: string, ctx: CallContext) {
    this.selection.requireAccount(
      customerId,
      await namedAccountRefs(this.port, customerId, [accountId], ctx),
      accountId,
    );
    return { data: { concessions: await this.port.listConcessions(customerId, accountId, ctx) } };
  }

  /**
   * What the check of an invoice request reads: the refs read with the window when the core can
   * join the first page of invoices to them (`listAccountRefsForInvoices`), else as for any data
   * request.
   */
  private invoiceAccountRefs(
    customerId: string,
    accountIds: readonly string[],
    window: DateWindow,
    ctx: CallContext,
  ): Promise<AccountRef[]> {
    return this.port.listAccountRefsForInvoices
      ? this.port.listAccountRefsForInvoices(customerId, window, ctx)
      : namedAccountRefs(this.port, customerId, accountIds, ctx);
  }

  private async invoicePage(
    customerId: string,
    accountIds: string[],
    window: DateWindow,
    query: QueryValues,
    ctx: CallContext,
  ) {
    const invoices = await this.port.listInvoices(customerId, accountIds, window, ctx);
    const page = paginate([...invoices].sort(byIssueDateDescending), query);
    return { data: { invoices: page.records }, links: page.links, meta: page.meta };
  }
}
