/** The demo core's authorisation-list and customer ports. */
import type { AuthorisationPort, CustomerPort } from '@data-holder-gateway/adapter-sdk';
import { toCustomerDetail, toShareableAccount } from './mappers/common.mapper';
import type { DemoStore } from './demo-store';

export function demoAuthorisationPort(store: DemoStore): AuthorisationPort {
  return {
    async listShareableAccounts(customerId) {
      const c = store.customer(customerId);
      return [...(c.bankingAccounts ?? []), ...(c.energyAccounts ?? [])].map(toShareableAccount);
    },
  };
}

export function demoCustomerPort(store: DemoStore): CustomerPort {
  return {
    async getCustomerDetail(customerId) {
      return toCustomerDetail(store.customer(customerId).detail);
    },
  };
}
