/**
 * The consent flow's two endpoints: customer search by email and customer identity. Both read the
 * customer port; an adapter's records are copied field by field, so nothing a core adds reaches
 * the platform.
 */
import { pick } from '@data-holder-gateway/adapter-sdk';
import { RouteNotFoundError, TooManySearchesError } from '../../errors';
import type {
  CallContext,
  CustomerIdentity,
  CustomerPort,
  CustomerSearchResult,
} from '../../ports';

const SEARCH_FIELDS = ['id', 'name', 'phoneNumber'] as const;
const IDENTITY_FIELDS = [
  'id',
  'email',
  'emailVerified',
  'givenName',
  'familyName',
  'name',
  'phoneNumber',
  'phoneNumberVerified',
  'updatedAt',
  'address',
] as const;
const ADDRESS_FIELDS = ['streetAddress', 'locality', 'region', 'postalCode', 'country'] as const;

/**
 * The results, each customer once (the first answer for an id wins), in the port's order: an
 * adapter may find one customer both as owner and as contact of the address.
 */
export function uniqueCustomers(results: readonly CustomerSearchResult[]): CustomerSearchResult[] {
  const byId = new Map<string, CustomerSearchResult>();
  for (const result of results) if (!byId.has(result.id)) byId.set(result.id, result);
  return [...byId.values()];
}

/** Seconds a search refused for being one too many is told to wait. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * Over the customer port; its routes exist only when the port has the method (customer.routes.ts),
 * so a missing one answers as a route that does not exist.
 */
export class CustomerService {
  /** Searches under way in this process. */
  private searching = 0;

  /**
   * @param maxSearches searches served at once (`CUSTOMER_SEARCH_MAX_IN_FLIGHT`): a search costs
   *   the core more than any read by id, and a burst of them must not take its connections from
   *   every other request. One more is refused before any core is asked: never a core failure.
   */
  constructor(
    private readonly port: CustomerPort,
    private readonly maxSearches: number,
  ) {}

  /**
   * `{ data }`: every customer `email` (trimmed, lower-cased) belongs to; `[]` when none.
   * @throws TooManySearchesError (429) when `maxSearches` are under way
   */
  async customersByEmail(
    email: string,
    ctx: CallContext,
  ): Promise<{ data: CustomerSearchResult[] }> {
    if (!this.port.searchCustomersByEmail) throw new RouteNotFoundError();
    if (this.searching >= this.maxSearches) {
      throw new TooManySearchesError({ retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });
    }
    this.searching += 1;
    try {
      const found = await this.port.searchCustomersByEmail(email, ctx);
      return { data: uniqueCustomers(found).map((r) => pick(r, SEARCH_FIELDS)) };
    } finally {
      this.searching -= 1;
    }
  }

  /**
   * The identity object, without an envelope; an unknown customer is 404 from the port, one the
   * core holds no identity for 422 (CustomerNotIdentifiableError).
   */
  async customerIdentity(customerId: string, ctx: CallContext): Promise<CustomerIdentity> {
    if (!this.port.getCustomerIdentity) throw new RouteNotFoundError();
    const record = await this.port.getCustomerIdentity(customerId, ctx);
    const out: CustomerIdentity = pick(record, IDENTITY_FIELDS);
    if (record.address) out.address = pick(record.address, ADDRESS_FIELDS);
    return out;
  }
}
