/**
 * Temenos accounts and customers → the FDX account descriptor, account and contact, through the
 * SDK's builders (the same FDX records every core gives):
 * - a descriptor from the account list's entry alone (category, masked number, product,
 *   currency), its status the account's open status;
 * - an account from the banking record and balance this adapter already builds;
 * - a contact from the holders' customer details, the customer first: SOLE_OWNER of an account
 *   it alone holds, PRIMARY_JOINT of a joint one (the other holders SECONDARY_JOINT); a customer
 *   who is a party of the account without holding it is an AUTHORIZED_USER. An organisation is a
 *   BUSINESS holder named by its name (FDX has that variant; the customer detail has not).
 */
import {
  fdxAccountOf,
  fdxContactOf,
  fdxDescriptorOf,
  type Balance,
  type BankingAccountRecord,
  type ContactHolder,
  type CustomerDetail,
  type FdxAccount,
  type FdxAccountContact,
  type FdxAccountDescriptor,
  type FdxAccountHolder,
} from '@data-holder-gateway/adapter-sdk';
import { currencyOf, productNameOf, type DescribedAccount } from './account.mapper';
import { maskAccountNumber } from './values';

export function toFdxDescriptor(account: DescribedAccount): FdxAccountDescriptor {
  return fdxDescriptorOf(
    {
      accountId: account.accountId,
      maskedNumber: maskAccountNumber(account.accountId),
      productName: productNameOf(account),
      productCategory: account.productCategory,
      openStatus: account.openStatus,
    },
    account.openStatus,
    currencyOf(account) ?? 'AUD',
  );
}

export function toFdxAccount(
  account: DescribedAccount,
  record: BankingAccountRecord,
  balance: Balance,
): FdxAccount {
  return fdxAccountOf(record, balance, account.openStatus, currencyOf(account) ?? 'AUD');
}

/**
 * One holder of the account: its customer detail, whether it is an organisation, whether it is
 * the customer, whether it holds the account.
 */
export interface AccountHolder {
  detail: CustomerDetail;
  organisation: boolean;
  isCustomer: boolean;
  holds: boolean;
}

/** The FDX contact of an account from its holders, the customer first. */
export function toFdxContact(holders: readonly AccountHolder[]): FdxAccountContact {
  const joint = holders.filter((h) => h.holds).length > 1;
  const ordered = [...holders].sort((a, b) => Number(b.isCustomer) - Number(a.isCustomer));
  const contact = fdxContactOf(
    ordered.map((h): ContactHolder => {
      if (!h.holds) return { detail: h.detail, relationship: 'AUTHORIZED_USER' };
      if (!joint) return { detail: h.detail, relationship: 'SOLE_OWNER' };
      return { detail: h.detail, relationship: h.isCustomer ? 'PRIMARY_JOINT' : 'SECONDARY_JOINT' };
    }),
  );
  // The SDK writes every holder as a person: an organisation's name is its detail's last name.
  const holdersOut = contact.holders.map((holder, i): FdxAccountHolder => {
    const h = ordered[i]!;
    if (!h.organisation) return holder;
    const { relationship } = holder;
    return {
      type: 'BUSINESS',
      businessCustomer: { name: h.detail.person.lastName },
      ...(relationship !== undefined ? { relationship } : {}),
    };
  });
  return { ...contact, holders: holdersOut };
}
