/**
 * The consent flow's two customer calls over Kraken: the customers an email address belongs to,
 * and a customer's identity.
 *
 * - Kraken finds an account user by email (`accountUser(input: { accountUserEmail })`): one user
 *   per address, since the address is the user's login. Every customer KRAKEN_CUSTOMERS maps to
 *   that user is the person's own.
 * - Kraken links people to accounts in two ways: through a portfolio role (the portfolio holds
 *   the account: the holder) or through an account role on one account (a secondary or nominated
 *   person, a business contact, a trustee...). The accounts the user holds an account role on
 *   are those they may act for; each one's holders (`getUsersForAccounts`, the users with a
 *   portfolio role on it) are the customers the person is a contact of, when KRAKEN_CUSTOMERS
 *   maps them. A user KRAKEN_CUSTOMERS does not map is never returned.
 * - Identity: the customer's account user (`AccountUserDetail`, the customer detail's query).
 * Neither the address nor any name or number is logged.
 */
import {
  mapLimit,
  type CallContext,
  type CustomerIdentity,
  type CustomerSearchResult,
} from '@data-holder-gateway/adapter-sdk';
import type { KrakenConfig } from './kraken-config';
import { MAX_PARALLEL, type KrakenReader } from './kraken-reader';
import { toCustomerIdentity, toCustomerSearchResult } from './mappers';

export class KrakenCustomers {
  constructor(
    private readonly config: KrakenConfig,
    private readonly reader: KrakenReader,
  ) {}

  /** Every customer the address belongs to: the user's own first, then those they act for. */
  async search(email: string, ctx: CallContext): Promise<CustomerSearchResult[]> {
    const address = email.trim().toLowerCase();
    if (address === '') return [];
    const user = await this.reader.userByEmail(address, ctx);
    if (!user) return [];
    const results = new Map<string, CustomerSearchResult>();
    for (const customerId of this.customerIdsOf(user.id)) {
      results.set(customerId, toCustomerSearchResult(customerId, user, user.mobile));
    }
    const accounts = [
      ...new Set(
        (user.accountUserRoles ?? []).flatMap((r) => (r?.account.number ? [r.account.number] : [])),
      ),
    ];
    const usersByAccount = await mapLimit(accounts, MAX_PARALLEL, (number) =>
      this.reader.usersOfAccount(number, ctx),
    );
    for (const holder of usersByAccount.flat()) {
      if (holder.id === user.id || !(holder.portfolioUserRoles ?? []).some((r) => r !== null)) {
        continue;
      }
      for (const customerId of this.customerIdsOf(holder.id)) {
        // The passcode goes to the person who typed the address: their mobile, not the holder's.
        if (!results.has(customerId)) {
          results.set(customerId, toCustomerSearchResult(customerId, holder, user.mobile));
        }
      }
    }
    return [...results.values()];
  }

  /** The identity of a customer. @throws CustomerNotFoundError when unmapped or unknown */
  async identity(customerId: string, ctx: CallContext): Promise<CustomerIdentity> {
    return toCustomerIdentity(customerId, await this.reader.detailOf(customerId, ctx));
  }

  /** The customer ids KRAKEN_CUSTOMERS maps to an account user, in the map's order. */
  private customerIdsOf(accountUserId: string): string[] {
    return Object.entries(this.config.customers)
      .filter(([, userId]) => userId === accountUserId)
      .map(([customerId]) => customerId);
  }
}
