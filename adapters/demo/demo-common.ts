/** The demo core's authorisation-list and customer ports. */
import type { AuthorisationPort, CustomerPort } from '@data-holder-gateway/adapter-sdk';
import { toCustomerDetail, toShareableAccount } from './mappers/common.mapper';
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

export function demoCustomerPort(store: DemoStore): CustomerPort {
  return {
    async getCustomerDetail(customerId) {
      return toCustomerDetail(store.customer(customerId).detail);
    },
  };
}
