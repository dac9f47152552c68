/**
 * The demo core's FDX account methods: a descriptor of every banking account of the customer,
 * an account with its balances and terms, the contact of its holders, and its payment networks.
 * Each answers with the `status` and refusal the FDX port's `getAccountInfo` gives the account.
 *
 * Holders: the customer first, then, for a JOINT account, every other account holder among its
 * `users` whom the file holds as a customer (a customer flagged for harm is left out). The
 * customer is the SOLE_OWNER of an INDIVIDUAL account, PRIMARY_JOINT of a JOINT one (the others
 * SECONDARY_JOINT), and an AUTHORIZED_USER of an ORGANIZATION's account (a person acting for it).
 */
import {
  FdxAccountNotFoundError,
  FdxAccountTypeNotSupportedError,
  ResourceNotImplementedError,
  type FdxAccountInfo,
  type FdxPort,
  type RelatedUser,
} from '@data-holder-gateway/adapter-sdk';
import {
  toFdxAccount,
  toFdxAccountContact,
  toFdxAccountDescriptor,
  toFdxPaymentNetwork,
  type DemoContactHolder,
} from './mappers/fdx.mapper';
import type { DemoBankingAccount, DemoEnergyAccount } from './demo-data';
import { pageByPosition } from './demo-paging';
import type { DemoStore } from './demo-store';

/** What the FDX port knows of one account of a customer. */
export interface FdxAccountEntry {
  info: FdxAccountInfo;
  banking?: DemoBankingAccount;
  energy?: DemoEnergyAccount;
}

/** The customer's account (CustomerNotFoundError first), or undefined. */
export type FdxAccountLookup = (
  customerId: string,
  accountId: string,
) => FdxAccountEntry | undefined;

type AccountMethods = Required<
  Pick<
    FdxPort,
    'listAccountDescriptors' | 'getAccountDetail' | 'getAccountContact' | 'listPaymentNetworks'
  >
>;

const CUSTOMER_RELATIONSHIP = {
  INDIVIDUAL: 'SOLE_OWNER',
  JOINT: 'PRIMARY_JOINT',
  ORGANIZATION: 'AUTHORIZED_USER',
} as const satisfies Record<
  DemoBankingAccount['complexAccountType'],
  DemoContactHolder['relationship']
>;

interface HeldAccount {
  complexAccountType: DemoBankingAccount['complexAccountType'];
  users: RelatedUser[];
}

function holdersOf(
  store: DemoStore,
  customerId: string,
  account: HeldAccount,
): DemoContactHolder[] {
  const holders: DemoContactHolder[] = [
    {
      detail: store.customer(customerId).detail,
      relationship: CUSTOMER_RELATIONSHIP[account.complexAccountType],
    },
  ];
  if (account.complexAccountType !== 'JOINT') return holders;
  for (const user of account.users) {
    if (user.id === customerId || !user.isAccountHolder) continue;
    const other = store.coHolder(user.id);
    if (other) holders.push({ detail: other.detail, relationship: 'SECONDARY_JOINT' });
  }
  return holders;
}

export function fdxAccountMethods(store: DemoStore, lookup: FdxAccountLookup): AccountMethods {
  return {
    async listAccountDescriptors(customerId) {
      return (store.customer(customerId).bankingAccounts ?? []).map((account) => {
        const { info } = lookup(customerId, account.accountId)!;
        return toFdxAccountDescriptor(account, info.status, info.sharingRefusal);
      });
    },

    async getAccountDetail(customerId, accountId) {
      const entry = lookup(customerId, accountId);
      if (!entry) return null;
      // An energy account has no FDX account kind (its info says supportsFdx: false).
      if (!entry.banking) throw new FdxAccountTypeNotSupportedError();
      // Without a balance the detail would state amounts the file does not hold.
      if (!entry.banking.balance) throw new ResourceNotImplementedError();
      return toFdxAccount(entry.banking, entry.banking.balance, entry.info.status);
    },

    async getAccountContact(customerId, accountId) {
      const entry = lookup(customerId, accountId);
      const account = entry?.banking ?? entry?.energy;
      return account ? toFdxAccountContact(holdersOf(store, customerId, account)) : null;
    },

    async listPaymentNetworks(customerId, accountId, page) {
      const entry = lookup(customerId, accountId);
      if (!entry) throw new FdxAccountNotFoundError();
      // Absent: none FDX can name (every Australian account).
      const networks = entry.banking?.fdx?.paymentNetworks ?? [];
      return pageByPosition(networks, page, toFdxPaymentNetwork);
    },
  };
}
