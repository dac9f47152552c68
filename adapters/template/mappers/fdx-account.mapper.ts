/**
 * Template core accounts → the FDX account descriptor, account with details and account contact,
 * built by the SDK's fdx-records helpers from the banking account, balance and customer detail
 * this adapter already maps: every adapter's FDX accounts then come out alike.
 */
import {
  fdxAccountOf,
  fdxContactOf,
  fdxDescriptorOf,
  type ContactHolder,
  type FdxAccount,
  type FdxAccountContact,
  type FdxAccountDescriptorRecord,
} from '@data-holder-gateway/adapter-sdk';
import { toBalance, toBankingAccount, toFdxAccountInfo } from './account.mapper';
import type { CoreAccount, CoreBalance, CoreCustomer } from './core-payloads';
import { toCustomerDetail } from './customer.mapper';

/** The descriptor, with the status and refusal of the account's FDX info. */
export function toFdxDescriptor(account: CoreAccount): FdxAccountDescriptorRecord {
  const info = toFdxAccountInfo(account);
  return {
    ...fdxDescriptorOf(toBankingAccount(account), info.status),
    ...(info.sharingRefusal !== undefined ? { sharingRefusal: info.sharingRefusal } : {}),
  };
}

/** The account with its balances (and a loan's or card's terms, as far as the core has them). */
export function toFdxAccount(account: CoreAccount, balance: CoreBalance): FdxAccount {
  return fdxAccountOf(
    toBankingAccount(account),
    toBalance(balance),
    toFdxAccountInfo(account).status,
    balance.currency,
  );
}

/**
 * The holders of the account and how to reach them, the customer first: the sole owner of an
 * account with one holder, else the customer the primary joint holder and the others secondary.
 * `customers` are the core records of the account's holders (in any order).
 */
export function toFdxContact(
  account: CoreAccount,
  customerId: string,
  customers: readonly CoreCustomer[],
): FdxAccountContact {
  const joint = account.holders.length > 1;
  const holders: ContactHolder[] = [...customers]
    .sort((a, b) => Number(b.id === customerId) - Number(a.id === customerId))
    .map((c) => ({
      detail: toCustomerDetail(c),
      relationship: !joint
        ? 'SOLE_OWNER'
        : c.id === customerId
          ? 'PRIMARY_JOINT'
          : 'SECONDARY_JOINT',
    }));
  return fdxContactOf(holders);
}
