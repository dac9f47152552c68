/** The demo core's authorisation-list and customer ports. */
import {
  CustomerNotFoundError,
  type AuthorisationPort,
  type CustomerPort,
  type CustomerSearchResult,
} from '@data-holder-gateway/adapter-sdk';
import {
  toCustomerDetail,
  toCustomerIdentity,
  toSearchResult,
  toShareableAccount,
} from './mappers/common.mapper';
import type { DemoCustomer } from './demo-data';
import type { DemoStore } from './demo-store';

type ShareableSource = Parameters<typeof toShareableAccount>[0];

export function demoAuthorisationPort(store: DemoStore): AuthorisationPort {
  return {
    async listShareableAccounts(customerId) {
      const c = store.customer(customerId);
      const tagged = (industry: 'banking' | 'energy') => (record: ShareableSource) => ({
        ...toShareableAccount(record),
        industry,
      });
      return [
        ...(c.bankingAccounts ?? []).map(tagged('banking')),
        ...(c.energyAccounts ?? []).map(tagged('energy')),
      ];
    },
  };
}

const normalised = (email: string) => email.trim().toLowerCase();

/**
 * Every customer an address finds, in file order: a customer whose `identity.email` it is (with
 * the customer's phone), and a customer it is an authorised contact of (with the contact's).
 */
function searchIndex(customers: readonly DemoCustomer[]): Map<string, CustomerSearchResult[]> {
  const index = new Map<string, CustomerSearchResult[]>();
  const add = (email: string, result: CustomerSearchResult) => {
    const key = normalised(email);
    const found = index.get(key) ?? [];
    if (!found.some((r) => r.id === result.id)) found.push(result);
    index.set(key, found);
  };
  for (const c of customers) {
    if (!c.identity) continue;
    add(c.identity.email, toSearchResult(c.customerId, c.identity.name, c.identity.phoneNumber));
    for (const contact of c.authorisedContacts ?? []) {
      add(contact.email, toSearchResult(c.customerId, c.identity.name, contact.phoneNumber));
    }
  }
  return index;
}

export function demoCustomerPort(store: DemoStore): CustomerPort {
  const byEmail = searchIndex(store.data.customers);
  return {
    async getCustomerDetail(customerId) {
      return toCustomerDetail(store.customer(customerId).detail);
    },
    async searchCustomersByEmail(email) {
      return (byEmail.get(normalised(email)) ?? []).map((r) => ({ ...r }));
    },
    async getCustomerIdentity(customerId) {
      const { identity } = store.customer(customerId);
      // A customer the file gives no identity has none the consent flow could use.
      if (!identity) throw new CustomerNotFoundError();
      return toCustomerIdentity(customerId, identity);
    },
  };
}
