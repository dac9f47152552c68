/**
 * What the Kraken adapter reads, one method per need, over the GraphQL client: the customer's
 * account user (resolved through the configured customer map), their accounts (alone, or with each
 * account's supply: properties, meter points, agreements), a product's rates at a meter point and an
 * account's bills, the last two walked page by page (`first` = KRAKEN_PAGE_SIZE, at most 100,
 * `after` = the previous page's end cursor) while `pageInfo.hasNextPage`, at most KRAKEN_MAX_PAGES
 * pages. Kraken's "not found" answers for the account user become CustomerNotFoundError.
 */
import {
  type CallContext,
  CustomerNotFoundError,
  type DateWindow,
  readOnce,
  SharingRefusedError,
} from '@data-holder-gateway/adapter-sdk';
import type { KrakenClient } from './kraken-client';
import type { KrakenConfig } from './kraken-config';
import { KrakenAnswerError } from './kraken-errors';
import type {
  KrakenAccountHolder,
  KrakenAccountUserByEmail,
  KrakenAccountUserAccounts,
  KrakenAccountUserDetail,
  KrakenBill,
  KrakenRate,
} from './mappers';
import { userRefusesSharing } from './mappers';

/** Independent calls of one port call run at most this many at a time. */
export const MAX_PARALLEL = 4;

interface Connection<T> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: ({ node: T | null } | null)[];
}

export class KrakenReader {
  constructor(
    private readonly config: KrakenConfig,
    private readonly client: KrakenClient,
  ) {}

  /** The account user id of a gateway customer. @throws CustomerNotFoundError when unmapped */
  userIdOf(customerId: string): string {
    const userId = Object.hasOwn(this.config.customers, customerId)
      ? this.config.customers[customerId]
      : undefined;
    if (userId === undefined) throw new CustomerNotFoundError();
    return userId;
  }

  /**
   * The customer's accounts. Every customer-scoped method reads them (or the detail) first, so a
   * user Kraken flags for family issues is refused here, once: `SharingRefusedError('harm')`.
   */
  async accountsOf(customerId: string, ctx: CallContext): Promise<KrakenAccountUserAccounts> {
    const data = await readOnce(ctx, 'AccountUserAccounts', () =>
      this.ofUser<{ accountUser: KrakenAccountUserAccounts }>(
        'AccountUserAccounts',
        customerId,
        ctx,
      ),
    );
    if (userRefusesSharing(data.accountUser)) throw new SharingRefusedError('harm');
    return data.accountUser;
  }

  /**
   * The customer's accounts with their supply (properties, meter points, agreements) and their
   * concession cards: what the energy endpoints read of them, in one query, once per request.
   * Refuses as `accountsOf` does.
   */
  async accountsWithSupplyOf(
    customerId: string,
    ctx: CallContext,
  ): Promise<KrakenAccountUserAccounts> {
    const data = await readOnce(ctx, 'AccountUserSupply', () =>
      this.ofUser<{ accountUser: KrakenAccountUserAccounts }>('AccountUserSupply', customerId, ctx),
    );
    if (userRefusesSharing(data.accountUser)) throw new SharingRefusedError('harm');
    return data.accountUser;
  }

  async detailOf(customerId: string, ctx: CallContext): Promise<KrakenAccountUserDetail> {
    const data = await this.ofUser<{ accountUser: KrakenAccountUserDetail }>(
      'AccountUserDetail',
      customerId,
      ctx,
    );
    if (userRefusesSharing(data.accountUser)) throw new SharingRefusedError('harm');
    return data.accountUser;
  }

  /** The account user an email address belongs to; null when Kraken knows none. */
  async userByEmail(email: string, ctx: CallContext): Promise<KrakenAccountUserByEmail | null> {
    try {
      const data = await this.client.query<{ accountUser: KrakenAccountUserByEmail }>(
        'AccountUserByEmail',
        { email },
        ctx,
      );
      return data.accountUser;
    } catch (err) {
      if (err instanceof KrakenAnswerError && err.kind === 'notFound') return null;
      throw err;
    }
  }

  /** The users of an account with their portfolio roles on it; none when Kraken has no such account. */
  async usersOfAccount(accountNumber: string, ctx: CallContext): Promise<KrakenAccountHolder[]> {
    try {
      const data = await this.client.query<{
        getUsersForAccounts: (KrakenAccountHolder | null)[] | null;
      }>('AccountHolders', { accountNumber }, ctx);
      return (data.getUsersForAccounts ?? []).filter((u): u is KrakenAccountHolder => u !== null);
    } catch (err) {
      if (err instanceof KrakenAnswerError && err.kind === 'notFound') return [];
      throw err;
    }
  }

  /** Every active rate of a product at a meter point; none when Kraken has no such product. */
  ratesOf(code: string, nmi: string, ctx: CallContext): Promise<KrakenRate[]> {
    return this.walk<KrakenRate>('ProductRates', async (page) => {
      const data = await this.client.query<{
        product: { paginatedRates: Connection<KrakenRate> | null } | null;
      }>('ProductRates', { code, nmi, ...page }, ctx);
      return data.product?.paginatedRates ?? null;
    });
  }

  /** The bills of an account issued in the window (inclusive), in Kraken's order. */
  billsOf(accountNumber: string, window: DateWindow, ctx: CallContext): Promise<KrakenBill[]> {
    const dates = { issuedFrom: window.oldest, issuedTo: window.newest };
    return this.walk<KrakenBill>('AccountBills', async (page) => {
      const data = await this.client.query<{
        account: { bills: Connection<KrakenBill> | null } | null;
      }>('AccountBills', { accountNumber, ...dates, ...page }, ctx);
      return data.account?.bills ?? null;
    });
  }

  /** Reads every page of a connection. @throws Error when it has more than KRAKEN_MAX_PAGES */
  private async walk<T>(
    operation: string,
    read: (page: { first: number; after?: string }) => Promise<Connection<T> | null>,
  ): Promise<T[]> {
    const nodes: T[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < this.config.maxPages; pages += 1) {
      const page = await read({ first: this.config.pageSize, ...(after ? { after } : {}) });
      if (!page) return nodes;
      for (const edge of page.edges) if (edge?.node) nodes.push(edge.node);
      if (!page.pageInfo.hasNextPage) return nodes;
      if (!page.pageInfo.endCursor || page.pageInfo.endCursor === after) {
        throw new Error(`Kraken ${operation}: a next page without a new cursor`);
      }
      after = page.pageInfo.endCursor;
    }
    throw new Error(`Kraken ${operation}: more than KRAKEN_MAX_PAGES pages`);
  }

  private async ofUser<T>(
    operation: 'AccountUserAccounts' | 'AccountUserSupply' | 'AccountUserDetail',
    customerId: string,
    ctx: CallContext,
  ): Promise<T> {
    const accountUserId = this.userIdOf(customerId);
    try {
      return await this.client.query<T>(operation, { accountUserId }, ctx);
    } catch (err) {
      if (err instanceof KrakenAnswerError && err.kind === 'notFound') {
        throw new CustomerNotFoundError();
      }
      throw err;
    }
  }
}
