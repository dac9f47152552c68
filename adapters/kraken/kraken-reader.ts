/**
 * What the Kraken adapter reads, one method per need, over the GraphQL client: the customer's
 * account user (resolved through the configured customer map), their accounts (alone, or with each
 * account's supply: properties, meter points, agreements), a product's rates at a meter point and an
 * account's bills, the last two walked page by page (`first` = KRAKEN_PAGE_SIZE, at most 100,
 * `after` = the previous page's end cursor) while `pageInfo.hasNextPage`, at most KRAKEN_MAX_PAGES
 * pages; the pages of several products or accounts are asked together, as aliased fields of one
 * query per round. Kraken's "not found" answers for the account user become CustomerNotFoundError.
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
  KrakenConnection as Connection,
  KrakenRate,
} from './mappers';
import { userRefusesSharing } from './mappers';

/** Independent calls of one port call run at most this many at a time. */
export const MAX_PARALLEL = 4;

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
  accountsOf(customerId: string, ctx: CallContext): Promise<KrakenAccountUserAccounts> {
    return this.accountUser('AccountUserAccounts', customerId, ctx, 'AccountUserAccounts');
  }

  /**
   * The customer's accounts with their supply (properties, meter points, agreements), their
   * balances and the user's concession cards: what the energy endpoints read of them, in one
   * query, once per request. Refuses as `accountsOf` does.
   */
  accountsWithSupplyOf(customerId: string, ctx: CallContext): Promise<KrakenAccountUserAccounts> {
    return this.accountUser('AccountUserSupply', customerId, ctx, 'AccountUserSupply');
  }

  /**
   * As `accountsWithSupplyOf`, with each account's first page of bills issued in the window
   * (`bills`): the check of an invoice request and that page in one query, once per request and
   * window. {@link billsOfEach} continues from those pages.
   */
  accountsWithFirstBillsOf(
    customerId: string,
    window: DateWindow,
    ctx: CallContext,
  ): Promise<KrakenAccountUserAccounts> {
    const memo = `AccountUserSupply:${window.oldest}:${window.newest}`;
    const variables = { withBills: true, ...billDates(window), first: this.config.pageSize };
    return this.accountUser('AccountUserSupply', customerId, ctx, memo, variables);
  }

  detailOf(customerId: string, ctx: CallContext): Promise<KrakenAccountUserDetail> {
    return this.accountUser('AccountUserDetail', customerId, ctx);
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

  /**
   * Every active rate of each product at its meter point (`code`, `nmi`), in the order asked;
   * none for a product Kraken does not have. The products' pages are asked together.
   */
  ratesOfEach(
    products: readonly { code: string; nmi: string }[],
    ctx: CallContext,
  ): Promise<KrakenRate[][]> {
    return this.walkEach<
      { product: { paginatedRates: Connection<KrakenRate> | null } | null },
      KrakenRate
    >('ProductRates', products, (data) => data.product?.paginatedRates ?? null, ctx);
  }

  /**
   * The bills of each account issued in the window (inclusive), in Kraken's order, per account
   * in the order asked. The accounts' pages are asked together. `firstPages`: each account's
   * first page, already read (`accountsWithFirstBillsOf`): the walk starts after them.
   */
  billsOfEach(
    accountNumbers: readonly string[],
    window: DateWindow,
    ctx: CallContext,
    firstPages?: readonly (Connection<KrakenBill> | null)[],
  ): Promise<KrakenBill[][]> {
    const dates = billDates(window);
    return this.walkEach<{ account: { bills: Connection<KrakenBill> | null } | null }, KrakenBill>(
      'AccountBills',
      accountNumbers.map((accountNumber) => ({ accountNumber, ...dates })),
      (data) => data.account?.bills ?? null,
      ctx,
      firstPages,
    );
  }

  /**
   * Every page of one connection per set of variables: each round asks the next page of every
   * connection that has one, all in one query (`queryEach`), so a walk of several connections
   * takes as many queries as the longest has pages. With `firstPages`, each connection's first
   * page is given and the rounds start at the second.
   * @throws Error when a connection has more than KRAKEN_MAX_PAGES pages
   */
  private async walkEach<D, T>(
    operation: 'ProductRates' | 'AccountBills',
    sets: readonly Record<string, unknown>[],
    connectionOf: (data: D) => Connection<T> | null,
    ctx: CallContext,
    firstPages?: readonly (Connection<T> | null)[],
  ): Promise<T[][]> {
    const nodes = sets.map((): T[] => []);
    const after = sets.map((): string | undefined => undefined);
    // Keeps a page's nodes and cursor: whether the connection has a next page.
    const take = (i: number, page: Connection<T> | null): boolean => {
      if (!page) return false;
      for (const edge of page.edges) if (edge?.node) nodes[i]!.push(edge.node);
      if (!page.pageInfo.hasNextPage) return false;
      if (!page.pageInfo.endCursor || page.pageInfo.endCursor === after[i]) {
        throw new Error(`Kraken ${operation}: a next page without a new cursor`);
      }
      after[i] = page.pageInfo.endCursor;
      return true;
    };
    let pending = sets.map((_, i) => i);
    let pages = 0;
    if (firstPages) {
      pending = pending.filter((i) => take(i, firstPages[i] ?? null));
      pages = 1;
    }
    for (; pending.length > 0; pages += 1) {
      if (pages >= this.config.maxPages) {
        throw new Error(`Kraken ${operation}: more than KRAKEN_MAX_PAGES pages`);
      }
      const first = this.config.pageSize;
      const answers = await this.client.queryEach<D>(
        operation,
        pending.map((i) => ({ ...sets[i], first, ...(after[i] ? { after: after[i] } : {}) })),
        ctx,
      );
      pending = pending.filter((i, k) => take(i, connectionOf(answers[k]!)));
    }
    return nodes;
  }

  /**
   * The customer's account user as `operation` selects it, read once per request under `memo`
   * when given (`readOnce`). A user Kraken flags for family issues is refused on every read:
   * `SharingRefusedError('harm')`.
   */
  private async accountUser<U extends { hasFamilyIssues?: boolean | null }>(
    operation: 'AccountUserAccounts' | 'AccountUserSupply' | 'AccountUserDetail',
    customerId: string,
    ctx: CallContext,
    memo?: string,
    variables: Record<string, unknown> = {},
  ): Promise<U> {
    const read = () => this.ofUser<{ accountUser: U }>(operation, customerId, ctx, variables);
    const data = await (memo ? readOnce(ctx, memo, read) : read());
    if (userRefusesSharing(data.accountUser)) throw new SharingRefusedError('harm');
    return data.accountUser;
  }

  private async ofUser<T>(
    operation: 'AccountUserAccounts' | 'AccountUserSupply' | 'AccountUserDetail',
    customerId: string,
    ctx: CallContext,
    variables: Record<string, unknown> = {},
  ): Promise<T> {
    const accountUserId = this.userIdOf(customerId);
    try {
      return await this.client.query<T>(operation, { ...variables, accountUserId }, ctx);
    } catch (err) {
      if (err instanceof KrakenAnswerError && err.kind === 'notFound') {
        throw new CustomerNotFoundError();
      }
      throw err;
    }
  }
}

/** The window as the bills field's arguments take it. */
function billDates(window: DateWindow): { issuedFrom: string; issuedTo: string } {
  return { issuedFrom: window.oldest, issuedTo: window.newest };
}
