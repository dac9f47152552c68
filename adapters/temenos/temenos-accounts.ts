/**
 * What every port of the Temenos adapter needs: whether Transact knows a customer, the customer's
 * accounts, their balances, and the terms of a loan or term deposit. The reads another port call
 * of the same request repeats (the customer, the account list, an arrangement) go through
 * `readOnce`, so that the gateway's account check and the data call of a request share them.
 *
 * - The account list is getAccounts (`GET /api/v4.1.0/holdings/accounts?customerId=`): the one
 *   list of the customer's accounts that carries each account's category, status, parties and
 *   balances. Transact answers a customer with no account (or none it knows) with an empty list
 *   or 404; only then is the customer itself read, to tell the one from the other.
 * - A customer id that cannot be a Transact id is unknown without a call.
 */
import {
  CustomerNotFoundError,
  readOnce,
  type AdapterContext,
  type Balance,
  type CallContext,
} from '@data-holder-gateway/adapter-sdk';
import {
  balanceFromAccount,
  balanceFromToday,
  describeAccount,
  productCategoryResolver,
  toLoanTerms,
  toTermDepositTerms,
  currencyOf,
  type DescribedAccount,
  type AccountTerms,
  type ProductCategoryResolver,
  type TemenosAccount,
  type TemenosBalance,
  type TemenosCustomer,
  type TemenosList,
  type TemenosLoan,
  type TemenosRecord,
} from './mappers';
import { SERVICES, type TemenosHttp } from './temenos-client';
import type { TemenosConfig } from './temenos-config';
import { readAllPages, type Enquiry } from './temenos-pages';

/** Concurrent Transact calls one port call makes at most. */
export const MAX_PARALLEL = 8;
/** What a Transact customer id can be: letters, digits and a few separators. */
const CUSTOMER_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,34}$/;

export class TemenosAccounts {
  readonly categoryOf: ProductCategoryResolver;
  /** Concurrent Transact calls of one port call. */
  readonly parallel: number;

  constructor(
    readonly config: TemenosConfig,
    readonly http: TemenosHttp,
    readonly log: AdapterContext['log'],
  ) {
    this.categoryOf = productCategoryResolver(config.productCategories);
    this.parallel = Math.max(1, Math.min(MAX_PARALLEL, config.connections * config.pipelining));
  }

  /** Every record of an enquiry (temenos-pages.ts); null when its first page is 404. */
  enquiry<T>(enquiry: Enquiry, ctx: CallContext): Promise<T[] | null> {
    return readAllPages<T>(this.http, enquiry, this.config.pageSize, ctx, this.log);
  }

  /** Whether the id can be a Transact customer id. */
  isCustomerId(customerId: string): boolean {
    return CUSTOMER_ID.test(customerId);
  }

  /** The customer id as a path segment; CustomerNotFoundError when it cannot be a Transact id. */
  pathId(customerId: string): string {
    if (!this.isCustomerId(customerId)) throw new CustomerNotFoundError();
    return encodeURIComponent(customerId);
  }

  /** The customer (getCustomer); null when Transact does not know it. */
  findCustomer(customerId: string, ctx: CallContext): Promise<TemenosCustomer | null> {
    const path = `/party/customers/${this.pathId(customerId)}`;
    return readOnce(ctx, `${SERVICES.party}${path}`, async () => {
      const answer = await this.http.get<TemenosRecord<TemenosCustomer>>(
        'customers.get',
        SERVICES.party,
        path,
        {},
        ctx,
      );
      const body = answer?.body;
      return body && typeof body === 'object' && !Array.isArray(body) ? body : null;
    });
  }

  /** The customer; CustomerNotFoundError when Transact does not know it. */
  async getCustomer(customerId: string, ctx: CallContext): Promise<TemenosCustomer> {
    const customer = await this.findCustomer(customerId, ctx);
    if (!customer) throw new CustomerNotFoundError();
    return customer;
  }

  /**
   * The records of a customer's enquiry, proving the customer known when there are none (an
   * empty answer or a 404 cannot tell an unknown customer from one with nothing).
   */
  async provenList<T>(customerId: string, records: T[] | null, ctx: CallContext): Promise<T[]> {
    if (records === null || records.length === 0) await this.getCustomer(customerId, ctx);
    return records ?? [];
  }

  /**
   * The customer's accounts as its records describe them, in Transact's order: read, proven and
   * described once per request (the account check and the data call share them).
   */
  accounts(customerId: string, ctx: CallContext): Promise<DescribedAccount[]> {
    this.pathId(customerId);
    const key = `${SERVICES.accounts}/holdings/accounts?customerId=${customerId}`;
    return readOnce(ctx, key, async () => {
      const entries = await this.enquiry<TemenosAccount>(
        {
          operation: 'accounts.list',
          service: SERVICES.accounts,
          path: '/holdings/accounts',
          query: { customerId },
        },
        ctx,
      );
      const listed = await this.provenList(customerId, entries, ctx);
      return listed.flatMap((entry) => this.described(entry, customerId));
    });
  }

  /** One entry of the list as its records describe it; none (and a warning) when left out. */
  private described(entry: TemenosAccount, customerId: string): DescribedAccount[] {
    const account = describeAccount(entry, customerId, this.categoryOf);
    if (!('skip' in account)) return [account];
    // Product codes and statuses are the bank's, not the customer's: they may be logged.
    const detail = account.skip === 'uncategorised' ? { categoryId: entry.categoryId } : {};
    const status = account.skip === 'status' ? { accountStatus: entry.accountStatus } : {};
    this.log.warn({ reason: account.skip, ...detail, ...status }, 'an account is left out');
    return [];
  }

  /** The customer's account of a gateway account id; undefined when it is not one of them. */
  ownedAmong(accounts: readonly DescribedAccount[], accountId: string) {
    return accounts.find((a) => a.accountId === accountId);
  }

  /**
   * The account's balance: the account list's (no call of its own), else getAccountBalanceToday
   * (`GET /api/v4.1.0/holdings/accounts/balances?accountId=`); undefined when neither gives one.
   */
  async balance(account: DescribedAccount, ctx: CallContext): Promise<Balance | undefined> {
    const listed = balanceFromAccount(account.accountId, account.kind, account.entry);
    if (listed) return listed;
    const balances = await this.enquiry<TemenosBalance>(
      {
        operation: 'accounts.balances',
        service: SERVICES.accounts,
        path: '/holdings/accounts/balances',
        query: { accountId: account.accountId },
      },
      ctx,
    );
    const own = (balances ?? []).find((b) => b.accountId === account.accountId);
    return own && balanceFromToday(account.accountId, account.kind, own);
  }

  /**
   * The terms of a loan or term deposit: getLoanDetails under its arrangement (Transact's
   * arrangement enquiry reads deposits too); undefined for another account, or when Transact has
   * none.
   */
  async terms(account: DescribedAccount, ctx: CallContext): Promise<AccountTerms | undefined> {
    if (account.kind !== 'loan' && account.kind !== 'termDeposit') return undefined;
    const id = account.entry.arrangementId?.trim() || account.accountId;
    const path = `/holdings/loans/${encodeURIComponent(id)}`;
    const loan = await readOnce(ctx, `${SERVICES.v1}${path}`, () =>
      this.http.get<TemenosList<TemenosLoan> | TemenosRecord<TemenosLoan>>(
        'loans.get',
        SERVICES.v1,
        path,
        {},
        ctx,
      ),
    );
    // An enquiry answers a list of one; a record read answers the record itself.
    const body = loan?.body;
    const first = Array.isArray(body) ? body[0] : body;
    if (!first) return undefined;
    return account.kind === 'loan'
      ? toLoanTerms(first, currencyOf(account))
      : toTermDepositTerms(first);
  }
}
