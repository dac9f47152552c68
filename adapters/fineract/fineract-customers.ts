/**
 * The consent flow's two customer calls over Fineract: the customers an email address belongs to,
 * and a customer's identity.
 *
 * Finding clients by email, with what Fineract's API offers:
 * - A client's own address is its `emailAddress` (one per client). No Fineract search matches it:
 *   `GET /v1/clients` filters by external id, names, office, status and legal form;
 *   `GET /v1/search` and `POST /v2/clients/search` match account numbers, names, external ids,
 *   mobile numbers and identifier document keys; data table queries read data tables only. So the
 *   adapter keeps an index of the client list (fineract-email-index.ts): a search reads the newest
 *   page of the list for new clients, then each client the index names, and compares its current
 *   address case-insensitively. Its cost does not grow with the number of clients.
 * - Fineract has no contact persons: family members carry no email, and entity relationships
 *   link products to offices. A holder records who may act for a client in a multi-row data
 *   table on `m_client` (FINERACT_CONTACTS_DATATABLE, columns `email` and `mobile_no`), which
 *   `GET /v1/datatables/{table}/query?columnFilter=email&valueFilter=&resultColumns=client_id,mobile_no`
 *   answers exactly; each client found there is then read for its name.
 * Clients map to customer ids by FINERACT_CUSTOMER_IDS; a client that maps to none is left out,
 * and so is one whose identity could not be given (no lifecycle date): the consent flow never
 * offers a customer it cannot identify. Neither the address nor any name or number is logged.
 */
import {
  CoreUnavailableError,
  mapLimit,
  type AdapterContext,
  type CallContext,
  type CustomerIdentity,
  type CustomerSearchResult,
} from '@data-holder-gateway/adapter-sdk';
import { normalisedAddress as normalised } from './email-index';
import type { FineractAccounts } from './fineract-accounts';
import type { FineractEmailIndex } from './fineract-email-index';
import {
  hasIdentityDate,
  toCustomerIdentity,
  toCustomerSearchResult,
  type FineractClient,
  type FineractContactRow,
} from './mappers';

const CLIENT_ID = /^[1-9][0-9]{0,17}$/;

/** A client one search found, and the mobile number of the person the address belongs to. */
interface Found {
  client: FineractClient;
  mobileNo: string | undefined;
}

export class FineractCustomers {
  constructor(
    private readonly fineract: FineractAccounts,
    private readonly log: AdapterContext['log'],
    private readonly emailIndex: FineractEmailIndex,
  ) {}

  /** Every customer the address belongs to: own clients first, then those it is a contact of. */
  async search(email: string, ctx: CallContext): Promise<CustomerSearchResult[]> {
    const address = normalised(email);
    if (address === '') return [];
    const [own, contacts] = await Promise.all([
      this.clientsWithEmail(address, ctx),
      this.clientsWithContact(address, ctx),
    ]);
    const countryCode = this.fineract.config.phoneCountryCode;
    const results = new Map<string, CustomerSearchResult>();
    for (const { client, mobileNo } of [...own, ...contacts]) {
      if (!hasIdentityDate(client)) {
        this.log.warn(
          { operation: 'customer.search' },
          'a client without lifecycle dates left out',
        );
        continue;
      }
      for (const customerId of this.customerIdsOf(client)) {
        if (!results.has(customerId)) {
          results.set(
            customerId,
            toCustomerSearchResult(customerId, client, mobileNo, countryCode),
          );
        }
      }
    }
    return [...results.values()];
  }

  /**
   * The identity of a customer: the client's own contact details or, for a client without an
   * email address of its own (a business, typically), those of its first authorised contact.
   * @throws CustomerNotFoundError when Fineract has no such client
   * @throws CustomerNotIdentifiableError (422) when the client has neither, or no lifecycle date
   */
  async identity(customerId: string, ctx: CallContext): Promise<CustomerIdentity> {
    const { clientId } = await this.fineract.clientIdOf(customerId, ctx);
    const client = await this.fineract.getClient(clientId, ctx);
    const countryCode = this.fineract.config.phoneCountryCode;
    if (normalised(client.emailAddress) !== '') {
      return toCustomerIdentity(customerId, client, countryCode);
    }
    const contact = await this.primaryContact(clientId, ctx);
    if (!contact) {
      this.log.warn(
        { operation: 'customer.identity' },
        'a client has no email address and no authorised contact with one: no identity (422)',
      );
    }
    const reachable = contact
      ? { ...client, emailAddress: contact.email, mobileNo: client.mobileNo ?? contact.mobile_no }
      : client;
    return toCustomerIdentity(customerId, reachable, countryCode);
  }

  /** The first row of the contacts data table for the client that has an email address. */
  private async primaryContact(
    clientId: string,
    ctx: CallContext,
  ): Promise<FineractContactRow | undefined> {
    const rows = await this.contactRows('client_id', clientId, 'email,mobile_no', ctx);
    return rows.find((row) => normalised(row.email) !== '');
  }

  /**
   * The rows of the contacts data table whose `column` equals `value`, with `resultColumns`; none
   * when no table is configured. @throws CoreUnavailableError when Fineract has no such table
   */
  private async contactRows(
    column: string,
    value: string,
    resultColumns: string,
    ctx: CallContext,
  ): Promise<FineractContactRow[]> {
    const table = this.fineract.config.contactsDatatable;
    if (table === undefined) return [];
    const rows = await this.fineract.http.get<FineractContactRow[]>(
      'contacts.query',
      `/v1/datatables/${encodeURIComponent(table)}/query`,
      { columnFilter: column, valueFilter: value, resultColumns },
      ctx,
    );
    if (!rows) {
      this.log.error(
        { operation: 'contacts.query', status: 404 },
        'Fineract has no such data table (check FINERACT_CONTACTS_DATATABLE)',
      );
      throw new CoreUnavailableError();
    }
    return Array.isArray(rows) ? rows : [];
  }

  /** The customer ids a client maps to under FINERACT_CUSTOMER_IDS (none, one or, by table, more). */
  customerIdsOf(client: FineractClient): string[] {
    const clientId = client.id === undefined ? '' : String(client.id);
    if (!CLIENT_ID.test(clientId)) return [];
    const { customerIds, customers } = this.fineract.config;
    switch (customerIds) {
      case 'table':
        return Object.entries(customers)
          .filter(
            ([, entry]) => entry.clientId !== undefined && String(entry.clientId) === clientId,
          )
          .map(([customerId]) => customerId);
      case 'externalId': {
        const externalId = client.externalId?.trim();
        return externalId ? [externalId] : [];
      }
      default:
        return [clientId];
    }
  }

  /**
   * The clients whose own `emailAddress` is the address: those the index names, each read and its
   * current address compared (an index entry is a candidate, never an answer).
   */
  private async clientsWithEmail(address: string, ctx: CallContext): Promise<Found[]> {
    const ids = await this.emailIndex.candidates(address, ctx);
    const clients = await mapLimit(ids, this.fineract.parallel, (clientId) =>
      this.fineract.http.get<FineractClient>('clients.get', `/v1/clients/${clientId}`, {}, ctx),
    );
    // A client deleted since the index read it (404) names nobody.
    return clients.flatMap((client) =>
      client && normalised(client.emailAddress) === address
        ? [{ client, mobileNo: client.mobileNo }]
        : [],
    );
  }

  /** The clients the address is an authorised contact of, by the contacts data table. */
  private async clientsWithContact(address: string, ctx: CallContext): Promise<Found[]> {
    const rows = await this.contactRows('email', address, 'client_id,mobile_no', ctx);
    const byClient = new Map<string, string | undefined>();
    for (const row of rows) {
      const clientId = row.client_id === undefined ? '' : String(row.client_id);
      if (CLIENT_ID.test(clientId) && !byClient.has(clientId))
        byClient.set(clientId, row.mobile_no);
    }
    const clients = await mapLimit([...byClient], this.fineract.parallel, async ([clientId]) =>
      this.fineract.http.get<FineractClient>('clients.get', `/v1/clients/${clientId}`, {}, ctx),
    );
    // A row of a client deleted since (404) names nobody.
    return [...byClient.values()].flatMap((mobileNo, i) => {
      const client = clients[i];
      return client ? [{ client, mobileNo }] : [];
    });
  }
}
