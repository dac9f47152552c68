/**
 * The Kraken adapter: the gateway's energy, authorisation and customer ports over Kraken's
 * GraphQL API (Kraken AU, the billing platform of Origin Energy). It does the I/O and hands raw
 * payloads to its `mappers/`. The operations it sends are the files in `queries/`, checked
 * against the carried schema subset (`schema/kraken-subset.graphql`) by the unit tests.
 *
 * Decisions a reader may question:
 * - Customers map to Kraken account users through the configured table `KRAKEN_CUSTOMERS`
 *   (customer id → account user id). A customer not in the table is CustomerNotFoundError without
 *   asking Kraken; one whose account user Kraken does not know is CustomerNotFoundError too.
 * - Account ids are Kraken account numbers (`A-XXXXXXXX`), distinct from every other core's ids.
 * - The authorisation list holds the account user's energy accounts that ever supplied (Kraken's
 *   VOID, INCOMPLETE and failed enrolments are left out), which are exactly those
 *   `energy.listAccounts` serves.
 * - Concessions are the holder's current concession cards, on each of their accounts.
 * - An account's balance is read with the accounts (`AccountUserSupply`), so the balance endpoint
 *   is the one query its account check makes.
 * - The customer search finds the account user of an address and the holders of the accounts
 *   they hold an account role on (kraken-customers.ts); the identity is the customer's account
 *   user.
 *
 * The parts: kraken-energy.ts (the energy port), kraken-customers.ts (customer search by email
 * and identity), kraken-reader.ts (what is read, paging),
 * kraken-client.ts (HTTP, GraphQL errors), kraken-token.ts (the Kraken Token), kraken-config.ts.
 */
import type { AdapterContext, CoreAdapter, EnergyPort } from '@data-holder-gateway/adapter-sdk';
import { KrakenClient } from './kraken-client';
import { KrakenCustomers } from './kraken-customers';
import { withDefaults, type KrakenSettings } from './kraken-config';
import { KrakenEnergy } from './kraken-energy';
import { KrakenReader } from './kraken-reader';
import { toCustomerDetail, toShareableAccount } from './mappers';

/** The adapter with its pool; `close()` destroys the pool. */
export type KrakenAdapter = CoreAdapter & { readonly energy: EnergyPort; close(): Promise<void> };

/**
 * Builds the Kraken adapter.
 * @param settings the configuration block (defaults are applied to what is missing)
 * @param log structured logger; the adapter never logs personal data, tokens or keys
 */
export function createKrakenAdapter(
  settings: KrakenSettings,
  log: AdapterContext['log'],
): KrakenAdapter {
  const config = withDefaults(settings);
  const client = new KrakenClient(config, log);
  const reader = new KrakenReader(config, client);
  const energy = new KrakenEnergy(reader);
  const customers = new KrakenCustomers(config, reader);
  return {
    id: 'kraken',
    authorisation: {
      async listShareableAccounts(customerId, ctx) {
        const { holder, accounts } = await energy.shareable(customerId, ctx);
        return accounts.map((account) => toShareableAccount(account, holder));
      },
    },
    customer: {
      async getCustomerDetail(customerId, ctx) {
        return toCustomerDetail(await reader.detailOf(customerId, ctx));
      },
      searchCustomersByEmail: (email, ctx) => customers.search(email, ctx),
      getCustomerIdentity: (customerId, ctx) => customers.identity(customerId, ctx),
    },
    energy: {
      listAccounts: (customerId, ctx) => energy.listAccounts(customerId, ctx),
      listAccountsById: (customerId, ids, ctx) => energy.listAccountsById(customerId, ids, ctx),
      listAccountRefs: (customerId, ctx) => energy.listAccountRefs(customerId, ctx),
      listAccountRefsForInvoices: (customerId, window, ctx) =>
        energy.listAccountRefsForInvoices(customerId, window, ctx),
      listInvoices: (customerId, ids, window, ctx) =>
        energy.listInvoices(customerId, ids, window, ctx),
      listConcessions: (customerId, accountId, ctx) =>
        energy.listConcessions(customerId, accountId, ctx),
      getAccountBalance: (customerId, accountId, ctx) =>
        energy.getAccountBalance(customerId, accountId, ctx),
    },
    isReady: () => client.ready,
    close: () => client.close(),
  };
}
