/**
 * The customer port of the Temenos adapter: the customer detail, and the consent flow's two calls,
 * the customers an email address belongs to and a customer's identity.
 *
 * - Detail: getCustomer (`GET /api/v4.0.0/party/customers/{customerId}`).
 * - Search: Transact's customer search filters by email
 *   (`GET /api/v4.0.0/party/customers?email=<address>`, every page). Each entry whose own emails
 *   hold the address (ignoring case: the filter finds candidates, the adapter decides) is read
 *   with getCustomer, for its name, its mobile number and whether it can be identified: a customer
 *   without an email address of its own or a last change (customer-contacts.ts) is left out, so
 *   that the consent flow never offers one it cannot identify. Several customers may own one
 *   address: all come back. Transact's selection compares text as it is stored, and the gateway
 *   hands the address lower-cased: addresses are found when Transact keeps them lower-cased.
 * - Authorised contacts, with TEMENOS_CONTACT_RELATION_CODES: for each owner, the customers naming
 *   it with one of those relation codes (`GET /api/v4.0.0/party/customers?relCustomer=<owner>`),
 *   each read for its name; their passcode number is the owner's (the person who typed the
 *   address). Without the setting, owners only.
 * - Identity: getCustomer; a customer without an email address of its own takes its first
 *   authorised contact's, when the setting is there: one more call (`?customerId=`) for its related
 *   customers, whose entry may record the contact's email, else the contact's own record is read.
 * Neither the address nor any name or number reaches the logs.
 */
import {
  mapLimit,
  type CallContext,
  type CustomerDetail,
  type CustomerIdentity,
  type CustomerSearchResult,
} from '@data-holder-gateway/adapter-sdk';
import {
  emailsOf,
  actingFor,
  contactOf,
  identityGap,
  mobileOf,
  namesContact,
  normalisedAddress,
  ownsAddress,
  toCustomerDetail,
  toCustomerIdentity,
  toCustomerSearchResult,
  type ContactPerson,
  type TemenosCustomer,
  type TemenosCustomerEntry,
} from './mappers';
import type { TemenosAccounts } from './temenos-accounts';
import { SERVICES, type Query } from './temenos-client';

/** A customer the search found, and the number of the person the address belongs to. */
interface Found {
  customerId: string;
  customer: TemenosCustomer;
  phone: string | undefined;
  /** Who acts for a customer found through a contact (its identity's email, when it has none). */
  contact?: ContactPerson;
}

export class TemenosCustomers {
  private readonly codes: ReadonlySet<string>;
  private readonly countryCode: string;

  constructor(private readonly temenos: TemenosAccounts) {
    this.codes = new Set(temenos.config.contactRelationCodes ?? []);
    this.countryCode = temenos.config.phoneCountryCode;
  }

  async detail(customerId: string, ctx: CallContext): Promise<CustomerDetail> {
    return toCustomerDetail(await this.temenos.getCustomer(customerId, ctx), this.countryCode);
  }

  /** Every customer the address belongs to: its owners first, then those they act for. */
  async search(email: string, ctx: CallContext): Promise<CustomerSearchResult[]> {
    const address = normalisedAddress(email);
    if (address === '') return [];
    const entries = await this.entries({ email: address }, ctx);
    const ownerIds = entries.filter((e) => ownsAddress(e, address)).map((e) => e.customerId);
    const owners = (await this.read(ownerIds, ctx)).map((o): Found => ({
      ...o,
      phone: mobileOf(o.customer, this.countryCode),
    }));
    const actedFor =
      this.codes.size === 0
        ? []
        : (
            await mapLimit(owners, this.temenos.parallel, (o) => this.actedFor(o, address, ctx))
          ).flat();
    const results = new Map<string, CustomerSearchResult>();
    for (const found of [...owners, ...actedFor]) {
      // What its identity will read: its own email, else (found through a contact) its first
      // contact's, and its last change.
      const gap = identityGap(found.customer, found.contact);
      if (gap !== undefined) {
        this.temenos.log.warn({ operation: 'customer.search', gap }, 'a customer left out');
      } else if (!results.has(found.customerId)) {
        results.set(
          found.customerId,
          toCustomerSearchResult(found.customerId, found.customer, found.phone),
        );
      }
    }
    return [...results.values()];
  }

  /**
   * The customer's identity: its own contact details or, without an email address of its own,
   * those of its first authorised contact.
   * @throws CustomerNotFoundError when Transact has no such customer
   * @throws CustomerNotIdentifiableError (422) without an email address or a last change
   */
  async identity(customerId: string, ctx: CallContext): Promise<CustomerIdentity> {
    const customer = await this.temenos.getCustomer(customerId, ctx);
    const contact =
      emailsOf(customer).length === 0 && this.codes.size > 0
        ? await this.primaryContact(customerId, ctx)
        : undefined;
    const gap = identityGap(customer, contact);
    if (gap !== undefined) {
      this.temenos.log.warn(
        { operation: 'customer.identity', gap },
        'a customer cannot be identified (422)',
      );
    }
    return toCustomerIdentity(customerId, customer, this.countryCode, contact);
  }

  /** The entries of Transact's customer search for `query`, every page. */
  private async entries(query: Query, ctx: CallContext): Promise<TemenosCustomerEntry[]> {
    const enquiry = {
      operation: 'customers.search',
      service: SERVICES.party,
      path: '/party/customers',
    };
    return (await this.temenos.enquiry<TemenosCustomerEntry>({ ...enquiry, query }, ctx)) ?? [];
  }

  /** The customers of the ids (each once), read; those Transact does not know are left out. */
  private async read(ids: readonly (string | undefined)[], ctx: CallContext) {
    const unique = [...new Set(ids)].filter(
      (id): id is string => id !== undefined && this.temenos.isCustomerId(id),
    );
    const customers = await mapLimit(unique, this.temenos.parallel, (id) =>
      this.temenos.findCustomer(id, ctx),
    );
    return unique.flatMap((customerId, i) => {
      const customer = customers[i];
      return customer ? [{ customerId, customer }] : [];
    });
  }

  /** The customers that name the owner of `address` as someone who acts for them. */
  private async actedFor(owner: Found, address: string, ctx: CallContext): Promise<Found[]> {
    const entries = (await this.entries({ relCustomer: owner.customerId }, ctx)).filter(
      (e) => e.customerId !== owner.customerId && namesContact(e, owner.customerId, this.codes),
    );
    const found = await this.read(
      entries.map((e) => e.customerId),
      ctx,
    );
    // The owner of the address acts for each: each has a contact with an email address.
    const contact: ContactPerson = { email: address };
    return found.map((f) => ({ ...f, phone: owner.phone, contact }));
  }

  /**
   * The customer's first authorised contact with an email address: the one its related customer
   * entry records, else the one the contact's own customer record holds (one read each, in the
   * customer's order, until one has an address).
   */
  private async primaryContact(
    customerId: string,
    ctx: CallContext,
  ): Promise<ContactPerson | undefined> {
    const entries = await this.entries({ customerId }, ctx);
    const entry = entries.find((e) => e.customerId === customerId);
    for (const related of entry ? actingFor(entry, this.codes) : []) {
      const recorded = contactOf(related);
      if (recorded) return recorded;
      const id = related.relCustomer?.trim();
      const person =
        id && this.temenos.isCustomerId(id) && (await this.temenos.findCustomer(id, ctx));
      const email = person ? emailsOf(person)[0] : undefined;
      if (person && email) {
        const phone = mobileOf(person, this.countryCode);
        return { email, ...(phone ? { phone } : {}) };
      }
    }
    return undefined;
  }
}
