/**
 * A holder's own adapter, written outside the gateway's repository against the packed adapter
 * SDK: it imports nothing but `@data-holder-gateway/adapter-sdk`.
 */
import {
  CustomerNotFoundError,
  pick,
  toAmount,
  type AdapterModule,
  type Balance,
  type BankingAccountRecord,
  type BankingPort,
  type CoreAdapter,
  type CustomerDetail,
  type InstalmentPlansResult,
  type ShareableAccountRecord,
} from '@data-holder-gateway/adapter-sdk';
import { CUSTOMERS, type AcmeAccount, type AcmeCustomer } from './data';

function customerOf(customerId: string): AcmeCustomer {
  const customer = CUSTOMERS[customerId];
  if (!customer) throw new CustomerNotFoundError();
  return customer;
}

function toAccount(customerId: string, a: AcmeAccount, email: string): BankingAccountRecord {
  return {
    accountId: a.id,
    displayName: `Acme ${a.name}`,
    openStatus: 'OPEN',
    isOwned: true,
    accountOwnership: 'ONE_PARTY',
    maskedNumber: `xxxx${a.number.slice(-4)}`,
    productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS',
    productName: a.name,
    complexAccountType: 'INDIVIDUAL',
    users: [{ id: customerId, email, isAccountHolder: true }],
  };
}

function toBalance(a: AcmeAccount): Balance {
  return {
    accountId: a.id,
    currentBalance: toAmount(a.current),
    availableBalance: toAmount(a.available),
  };
}

function accountsOf(customerId: string): BankingAccountRecord[] {
  const customer = customerOf(customerId);
  return customer.accounts.map((a) => toAccount(customerId, a, customer.email));
}

function given(customerId: string, accountIds: string[]): AcmeAccount[] {
  return customerOf(customerId).accounts.filter((a) => accountIds.includes(a.id));
}

export const banking: BankingPort = {
  async listAccounts(customerId) {
    return accountsOf(customerId);
  },
  async listBalances(customerId, accountIds) {
    return given(customerId, accountIds).map(toBalance);
  },
  async listDirectDebits(customerId) {
    customerOf(customerId);
    return [];
  },
  async listScheduledPayments(customerId) {
    customerOf(customerId);
    return [];
  },
  async listInstalmentPlans(customerId, accountIds) {
    return new Map<string, InstalmentPlansResult>(
      given(customerId, accountIds).map((a) => [a.id, { supported: false }]),
    );
  },
  async listPayees(customerId) {
    customerOf(customerId);
    return [];
  },
};

export function createAcmeAdapter(): CoreAdapter {
  return {
    id: 'acme',
    authorisation: {
      async listShareableAccounts(customerId): Promise<ShareableAccountRecord[]> {
        return accountsOf(customerId).map((a) => ({
          ...pick(a, ['accountId', 'displayName', 'complexAccountType', 'users']),
          openStatus: 'OPEN',
        }));
      },
    },
    customer: {
      async getCustomerDetail(customerId): Promise<CustomerDetail> {
        const c = customerOf(customerId);
        return {
          customerUType: 'person',
          person: {
            lastUpdateTime: '2026-01-01T00:00:00Z',
            firstName: c.firstName,
            lastName: c.lastName,
            middleNames: [],
            phoneNumbers: [],
            emailAddresses: [{ isPreferred: true, purpose: 'HOME', address: c.email }],
            physicalAddresses: [],
          },
        };
      },
    },
    banking,
  };
}

export const adapterModule: AdapterModule = {
  id: 'acme',
  configSchema: { type: 'object', properties: {}, additionalProperties: false },
  async create() {
    return createAcmeAdapter();
  },
};
export default adapterModule;
