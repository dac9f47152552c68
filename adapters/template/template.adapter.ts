/**
 * The template adapter: the ports over the hypothetical REST core of `template-client.ts`.
 *
 * An adapter only does I/O and hands the payloads to its mappers. The gateway wraps every method
 * below in its resilience stack (cache, single-flight, retry, circuit breaker, timeout), so there
 * is no caching, retrying or timing out here. What an adapter must do itself:
 * - answer only the customer's own data: this core's account routes are not customer-scoped, so
 *   every account call first checks the account is among the customer's (`ownedAmong`);
 * - throw `CustomerNotFoundError` for an unknown customer on every method;
 * - pass `ctx` (its AbortSignal) to every request.
 */
import {
  CustomerNotFoundError,
  FdxAccountNotFoundError,
  type AdapterContext,
  type BankingPort,
  type CallContext,
  type CoreAdapter,
  type FdxPort,
  type InstalmentPlansResult,
} from '@data-holder-gateway/adapter-sdk';
import {
  toBalance,
  toBankingAccount,
  toFdxAccountInfo,
  toShareableAccount,
} from './mappers/account.mapper';
import type {
  CoreAccount,
  CoreBalance,
  CoreCustomer,
  CoreTransactionPage,
} from './mappers/core-payloads';
import { toCustomerDetail } from './mappers/customer.mapper';
import { toFdxTransaction } from './mappers/transaction.mapper';
import { TemplateCoreClient, type TemplateConfig } from './template-client';

const enc = encodeURIComponent;

/** Reads of the customer's accounts that every port needs. */
class CustomerAccounts {
  constructor(private readonly core: TemplateCoreClient) {}

  /** The customer's accounts, in the core's order. @throws CustomerNotFoundError */
  async of(customerId: string, ctx: CallContext): Promise<CoreAccount[]> {
    const accounts = await this.core.get<CoreAccount[]>(
      'customer.accounts',
      `/customers/${enc(customerId)}/accounts`,
      {},
      ctx,
    );
    if (accounts === undefined) throw new CustomerNotFoundError();
    return accounts;
  }

  /** The customer's accounts among `ids`, in the core's order. @throws CustomerNotFoundError */
  async ownedAmong(
    customerId: string,
    ids: readonly string[],
    ctx: CallContext,
  ): Promise<CoreAccount[]> {
    const wanted = new Set(ids);
    return (await this.of(customerId, ctx)).filter((a) => wanted.has(a.id));
  }
}

/** The banking port over the template core. */
function templateBanking(core: TemplateCoreClient, owned: CustomerAccounts): BankingPort {
  const accountsOf = (customerId: string, ctx: CallContext) => owned.of(customerId, ctx);
  const ownedAmong = (customerId: string, ids: readonly string[], ctx: CallContext) =>
    owned.ownedAmong(customerId, ids, ctx);
  return {
    async listAccounts(customerId, ctx) {
      return (await accountsOf(customerId, ctx)).map(toBankingAccount);
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
  };
}

/** The FDX port over the template core. */
function templateFdx(core: TemplateCoreClient, owned: CustomerAccounts): FdxPort {
  const accountsOf = (customerId: string, ctx: CallContext) => owned.of(customerId, ctx);
  const ownedAmong = (customerId: string, ids: readonly string[], ctx: CallContext) =>
    owned.ownedAmong(customerId, ids, ctx);
  return {
    async getAccountInfo(customerId, accountId, ctx) {
      const account = (await accountsOf(customerId, ctx)).find((a) => a.id === accountId);
      return account ? toFdxAccountInfo(account) : null;
    },

    async listTransactions(customerId, accountId, window, page, ctx) {
      if ((await ownedAmong(customerId, [accountId], ctx)).length === 0)
        throw new FdxAccountNotFoundError();
      // Window and paging pushed down to the core: `after` is the core's own cursor.
      const body = await core.get<CoreTransactionPage>(
        'account.transactions',
        `/accounts/${enc(accountId)}/transactions`,
        { from: window.oldest, to: window.newest, cursor: page.after, limit: page.limit },
        ctx,
      );
      if (body === undefined) throw new FdxAccountNotFoundError();
      return {
        records: body.items.map(toFdxTransaction),
        ...(body.nextCursor ? { next: body.nextCursor } : {}),
      };
    },

    // The template core has no statement archive and no asset transfer networks.
    async listStatements(customerId, accountId, _window, _page, ctx) {
      if ((await ownedAmong(customerId, [accountId], ctx)).length === 0)
        throw new FdxAccountNotFoundError();
      return { records: [], total: 0 };
    },
    async getStatementDocument(customerId, _accountId, _statementId, ctx) {
      await accountsOf(customerId, ctx);
      return null;
    },
    async listAssetTransferNetworks(customerId, accountId, _page, ctx) {
      if ((await ownedAmong(customerId, [accountId], ctx)).length === 0)
        throw new FdxAccountNotFoundError();
      return { records: [] };
    },
  };
}

export function createTemplateAdapter(
  config: TemplateConfig,
  log: AdapterContext['log'],
): CoreAdapter {
  const core = new TemplateCoreClient(config);
  // Log settings, never secrets or ids.
  log.info({ connections: config.connections }, 'template core pool created');
  const accounts = new CustomerAccounts(core);
  const accountsOf = (customerId: string, ctx: CallContext) => accounts.of(customerId, ctx);

  return {
    id: 'template',

    authorisation: {
      async listShareableAccounts(customerId, ctx) {
        return (await accountsOf(customerId, ctx)).map(toShareableAccount);
      },
    },

    customer: {
      async getCustomerDetail(customerId, ctx) {
        const customer = await core.get<CoreCustomer>(
          'customer',
          `/customers/${enc(customerId)}`,
          {},
          ctx,
        );
        if (customer === undefined) throw new CustomerNotFoundError();
        return toCustomerDetail(customer);
      },
    },

    banking: templateBanking(core, accounts),
    fdx: templateFdx(core, accounts),
    isReady: () => core.isOpen(),
    close: () => core.close(),
  };
}
