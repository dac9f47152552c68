/**
 * The Temenos Transact adapter: the gateway's ports over Transact's published REST APIs (release
 * 202102). It does the I/O and hands raw payloads to its `mappers/`. Every call carries the
 * `companyId` header and HTTP Basic credentials; paths are `<baseUrl><service base path><path>`.
 * Customer ids are Transact customer ids, account ids Transact account ids, as they are.
 *
 * Core calls per port method (`+` calls made only when needed; "the list" is the customer's
 * account list, read once per request and shared by the account check and the data call; every
 * list is read page by page, temenos-pages.ts):
 * - the list: getAccounts `GET /api/v4.1.0/holdings/accounts?customerId=`, + getCustomer when it is
 *   empty, to tell a customer with no account from an unknown one;
 * - authorisation list, account refs, FDX account info and descriptors: the list;
 * - accounts: the list + getLoanDetails `GET /api/v1.0.0/holdings/loans/{arrangementId}` per loan
 *   and term deposit (only those asked for by `listAccountsById`);
 * - balances: the list (it carries them) + getAccountBalanceToday
 *   `GET /api/v4.1.0/holdings/accounts/balances?accountId=` for an account it gave none for;
 * - direct debits: the list + getDebtorDirectDebitMandates
 *   `GET /api/v1.0.0/order/directDebits/debtorMandates?customerId=`;
 * - scheduled payments: the list + getStandingOrders
 *   `GET /api/v4.0.0/party/customers/{customerId}/standingOrders`;
 * - instalment plans: the list (none: `{ supported: false }`);
 * - payees: getCustomerBeneficiary `GET /api/v1.0.0/party/customers/{customerId}/beneficiaries`,
 *   + getCustomer when it is empty;
 * - banking transactions: the list + getAccountTransactions
 *   `GET /api/v1.0.0/holdings/transactions?accountId&dateFrom&dateTo` with `listType=COMPLETED`
 *   and `listType=PENDING` side by side, + getTransactionDetails
 *   `GET /api/v1.0.0/holdings/transactions/{reference}` per pending transaction without a date;
 *   one transaction: the list + the booked list by `entryReference` (+ the pending list by it,
 *   + the detail and the pending list of its date for one known by its reference);
 * - FDX transactions: the list + the COMPLETED list of the window;
 * - FDX account detail: the list + getLoanDetails for a loan or term deposit (+ today's balance,
 *   as above); contact: the list + getCustomer per party; statements, documents, asset transfer
 *   networks, payment networks: the list (empty answers);
 * - customer detail: getCustomer `GET /api/v4.0.0/party/customers/{customerId}`;
 * - customer search: getCustomerInformation `GET /api/v4.0.0/party/customers?email=` + getCustomer
 *   per owner (+ the contact reads of temenos-customers.ts); identity: getCustomer (+ one search by
 *   `customerId` for the contacts of a customer without an email address, when configured).
 *
 * Decisions a reader may question:
 * - The account list is getAccounts, not the customer holdings' account list: only getAccounts
 *   carries the `categoryId` the product category comes from, the status and the parties.
 * - Balances come from that list: a request reads it once, and its balances are today's.
 * - Transact's transaction records carry no status: the list a record comes from is its status,
 *   and a transaction without a booking date is pending whatever list names it.
 * - Transact documents no block or suspension on these reads: no `sharingRefusal` is set.
 * - Instalment plans and statements: no Transact API the adapter reads has them; they are answered
 *   as unsupported (plans) and empty (statements), as the Fineract adapter answers what its core
 *   lacks. Loan repayment schedules are a loan's terms, not buy-now-pay-later plans.
 * - Independent calls run concurrently, at most `MAX_PARALLEL` (temenos-accounts.ts) at a time.
 *
 * The parts: temenos-accounts.ts (customers, the account list, arrangements, balances),
 * temenos-banking.ts and temenos-fdx.ts (those ports), temenos-transactions.ts,
 * temenos-payments.ts (orders and beneficiaries), temenos-fdx-accounts.ts,
 * temenos-customers.ts (detail, search, identity), temenos-pages.ts (paging),
 * temenos-later.ts (reads side by side), temenos-client.ts (HTTP), temenos-config.ts (settings).
 */
import type { AdapterContext, CoreAdapter } from '@data-holder-gateway/adapter-sdk';
import { toShareableAccount } from './mappers';
import { TemenosAccounts } from './temenos-accounts';
import { TemenosBanking } from './temenos-banking';
import { TemenosHttp } from './temenos-client';
import { withDefaults, type TemenosSettings } from './temenos-config';
import { TemenosCustomers } from './temenos-customers';
import { temenosFdxPort, type TemenosFdxPort } from './temenos-fdx';

/** The adapter with its pool; `close()` destroys the pool. */
export type TemenosAdapter = CoreAdapter & {
  readonly banking: TemenosBanking;
  readonly fdx: TemenosFdxPort;
  close(): Promise<void>;
};

/**
 * Builds the Temenos adapter. It calls nothing at start-up (start-up must not depend on the core).
 * @param settings the configuration block (defaults are applied to what is missing)
 * @param log structured logger; the adapter never logs personal data or credentials
 */
export function createTemenosAdapter(
  settings: TemenosSettings,
  log: AdapterContext['log'],
): TemenosAdapter {
  const config = withDefaults(settings);
  const http = new TemenosHttp(config, log);
  const temenos = new TemenosAccounts(config, http, log);
  const customers = new TemenosCustomers(temenos);
  return {
    id: 'temenos',
    authorisation: {
      async listShareableAccounts(customerId, ctx) {
        const accounts = await temenos.accounts(customerId, ctx);
        return accounts.map((a) => toShareableAccount(a, customerId));
      },
    },
    customer: {
      getCustomerDetail: (customerId, ctx) => customers.detail(customerId, ctx),
      searchCustomersByEmail: (email, ctx) => customers.search(email, ctx),
      getCustomerIdentity: (customerId, ctx) => customers.identity(customerId, ctx),
    },
    banking: new TemenosBanking(temenos),
    fdx: temenosFdxPort(temenos),
    isReady: () => http.ready,
    close: () => http.close(),
  };
}
