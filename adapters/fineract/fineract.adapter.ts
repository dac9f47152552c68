/**
 * The Apache Fineract adapter: the gateway's ports over Fineract's REST API. It does the I/O and
 * hands raw payloads to its `mappers/`. Every call carries HTTP Basic credentials and the
 * `Fineract-Platform-TenantId` header; paths are under the configured base URL
 * (`.../fineract-provider/api`):
 * - `GET /v1/clients/{id}`: customer detail, and the proof that a client exists;
 * - `GET /v1/clients?externalId=&limit=1`: customer ids mapped by external id;
 * - `GET /v1/clients/{id}/accounts`: the client's savings-family and loan accounts;
 * - `GET /v1/savingsaccounts/{id}`, `/v1/fixeddepositaccounts/{id}`,
 *   `/v1/recurringdepositaccounts/{id}`, `/v1/loans/{id}?associations=repaymentSchedule`: details,
 *   balances and repayment schedules;
 * - `GET /v1/savingsaccounts/{id}/transactions/search?fromDate&toDate&offset&limit&orderBy=transactionDate,id&sortOrder=DESC`
 *   (`offset` is the page number), with `types`, `fromAmount`, `toAmount` for the banking list:
 *   transactions of savings, fixed and recurring deposit accounts (FDX and banking lists);
 * - `GET /v1/loans/{id}/transactions?page&size&sort=transactionDate,desc`: loan transactions;
 * - `GET /v1/savingsaccounts/{id}/transactions/{transactionId}` (and the `fixeddepositaccounts`,
 *   `recurringdepositaccounts` twins), `GET /v1/loans/{id}/transactions/{transactionId}`: one
 *   banking transaction; see fineract-transactions.ts;
 * - `GET /v1/client/{id}/addresses?status=true`: the client's active addresses, for the FDX
 *   account contact (with `GET /v1/clients/{id}`); see fineract-fdx-accounts.ts;
 * - `GET /v1/standinginstructions?clientId&offset&limit`: scheduled payments;
 * - `GET /v1/self/beneficiaries/tpt` as the customer's self-service user: payees, served by
 *   Fineract's self-service plugin (not by its core); see fineract-payees.ts;
 * - `GET /v1/clients?offset&limit&orderBy=id&sortOrder=ASC|DESC`: the email index of the customer
 *   search (fineract-email-index.ts), then `GET /v1/clients/{id}` of the clients it names, and
 *   `GET /v1/datatables/{table}/query?columnFilter=email&valueFilter&resultColumns`; and
 *   `GET /v1/clients/{id}` the customer identity; see fineract-customers.ts.
 *
 * Decisions a reader may question:
 * - Customers map to clients by client id (default), external id (looked up once per customer and
 *   remembered) or a configured table. An id that cannot be a client, or a client Fineract does
 *   not know (404), is CustomerNotFoundError.
 * - An account the client's account list names but whose detail answers 404 vanished between two
 *   calls (Fineract only deletes accounts that were never opened): it is treated as gone, not as an
 *   outage — left out of lists and balances, null for FDX, 701 for its transactions — so one
 *   account's data problem never opens the circuit for every customer. It is logged as a warning.
 * - Every port call resolves the customer's client once and proves Fineract knows it: through the
 *   client's account list (which also says which accounts are the client's) where the call needs
 *   accounts, otherwise through the client itself (none more when an external id lookup just
 *   found it). A 404 there is CustomerNotFoundError, on every method.
 * - Account ids are checked against the client's account list before anything of the account is
 *   read, although the gateway has already checked them through `listAccounts` (the ports'
 *   convention); an account of another client is treated like an unknown one (left out, null,
 *   or FdxAccountNotFoundError), never served. Details are checked again by their clientId.
 * - Direct debits: Fineract has no direct debit authorisations, so the list is always empty.
 * - Payees are read with the customer's own self-service credentials (the self-service plugin
 *   answers the beneficiaries of the authenticated self-service user); a customer without them, a
 *   holder without a configured BSB, or `FINERACT_PAYEES_SOURCE=none`, has no payees. A Fineract
 *   without the plugin is reported (warning, readiness detail) and answered as not implemented.
 * - Statements and asset transfer networks: Fineract has neither; statements are an empty page,
 *   documents null, and account info says asset transfer networks are unsupported (704). FDX
 *   names no payment network of an Australian account: that list is empty.
 * - Banking transaction lists read the whole window and cut the page here (fineract-transactions.ts):
 *   Fineract's search counts reversed transactions and cannot order a day's transactions by id
 *   ascending, and it cannot search text (`textIgnored`). One transaction is read under its
 *   account; Fineract answers an unknown savings-family transaction with a 500 whose body says
 *   its single-row read found nothing, which is taken as unknown (fineract-client.ts, `getOne`).
 * - FDX account detail is the banking record and balance made FDX by the SDK; the contact is the
 *   client (its account's sole owner) with its active addresses.
 * - Independent calls run concurrently, at most `MAX_PARALLEL` (fineract-accounts.ts) at a time
 *   per port call.
 *
 * The parts: fineract-accounts.ts (clients, accounts and details), fineract-banking.ts and
 * fineract-fdx.ts (those ports), fineract-transactions.ts (banking transactions),
 * fineract-fdx-accounts.ts (FDX accounts), fineract-payees.ts (payees and their source),
 * fineract-customers.ts (customer search by email and identity), fineract-email-index.ts and
 * email-index.ts (the search's index of the client list), fineract-client.ts
 * (HTTP), fineract-config.ts (settings).
 */
import type {
  AdapterContext,
  CoreAdapter,
  ShareableAccountRecord,
} from '@data-holder-gateway/adapter-sdk';
import { toCustomerDetail, toShareableAccount } from './mappers';
import { FineractAccounts } from './fineract-accounts';
import { FineractBanking } from './fineract-banking';
import { FineractClient as FineractHttp } from './fineract-client';
import { FineractCustomers } from './fineract-customers';
import { FineractEmailIndex } from './fineract-email-index';
import { withDefaults, type FineractSettings } from './fineract-config';
import { fineractFdxPort, type FineractFdxPort } from './fineract-fdx';
import { FineractPayees } from './fineract-payees';

/** The adapter with its pool; `close()` destroys the pool. */
export type FineractAdapter = CoreAdapter & {
  readonly banking: FineractBanking;
  readonly fdx: FineractFdxPort;
  close(): Promise<void>;
};

/**
 * Builds the Fineract adapter.
 * @param settings the configuration block (defaults are applied to what is missing)
 * @param log structured logger; the adapter never logs personal data or credentials
 */
export function createFineractAdapter(
  settings: FineractSettings,
  log: AdapterContext['log'],
): FineractAdapter {
  const config = withDefaults(settings);
  const http = new FineractHttp(config, log);
  const fineract = new FineractAccounts(config, http, log);
  const payees = new FineractPayees(fineract, log);
  const emailIndex = new FineractEmailIndex(fineract, log, {
    maxClients: config.emailIndexMaxClients,
    refreshSeconds: config.emailIndexRefreshSeconds,
  });
  if (config.emailIndexAtStart) emailIndex.warm();
  const customers = new FineractCustomers(fineract, log, emailIndex);
  return {
    id: 'fineract',
    authorisation: {
      async listShareableAccounts(customerId, ctx) {
        const { clientId } = await fineract.clientIdOf(customerId, ctx);
        const [client, accounts] = await Promise.all([
          fineract.getClient(clientId, ctx),
          fineract.getClientAccounts(clientId, ctx),
        ]);
        const holder = fineract.holderOf(customerId, client);
        return fineract.listed(accounts).flatMap((a) => {
          const record: ShareableAccountRecord | null = toShareableAccount(
            a.ref.kind,
            a.entry,
            holder,
          );
          return record ? [record] : [];
        });
      },
    },
    customer: {
      async getCustomerDetail(customerId, ctx) {
        const { clientId } = await fineract.clientIdOf(customerId, ctx);
        return toCustomerDetail(await fineract.getClient(clientId, ctx));
      },
      searchCustomersByEmail: (email, ctx) => customers.search(email, ctx),
      getCustomerIdentity: (customerId, ctx) => customers.identity(customerId, ctx),
    },
    banking: new FineractBanking(fineract, payees),
    fdx: fineractFdxPort(fineract),
    isReady: () => http.ready,
    readinessDetails: () => payees.details(),
    close: () => {
      emailIndex.close();
      return http.close();
    },
  };
}
