/**
 * The FDX account endpoints of the Temenos adapter: descriptors, account detail, contact and
 * payment networks. Each starts from the customer's account list the account info (or the account
 * check) of the same request read, so ownership costs no call of its own:
 * - descriptors come from that list alone;
 * - the detail is the banking record and balance the banking endpoints build (the arrangement's
 *   terms are read for a loan or term deposit), made FDX by the SDK's `fdxAccountOf`;
 * - the contact reads each party of the account (getCustomer), the customer first; a party
 *   Transact no longer knows is left out; an organisation is a business holder;
 * - payment networks: FDX names none an Australian account uses, so the list is empty.
 */
import {
  mapLimit,
  type CallContext,
  type FdxAccount,
  type FdxAccountContact,
  type FdxAccountDescriptorRecord,
  type FdxPage,
  type FdxPaymentNetwork,
} from '@data-holder-gateway/adapter-sdk';
import {
  isOrganisation,
  partiesOf,
  toAccountRecord,
  toCustomerDetail,
  toFdxAccount,
  toFdxContact,
  toFdxDescriptor,
  type AccountHolder,
} from './mappers';
import type { TemenosAccounts } from './temenos-accounts';

/** Every account of the customer, with the status of its account info. */
export async function fdxDescriptors(
  temenos: TemenosAccounts,
  customerId: string,
  ctx: CallContext,
): Promise<FdxAccountDescriptorRecord[]> {
  return (await temenos.accounts(customerId, ctx)).map(toFdxDescriptor);
}

/** The account with its balances and terms; null when not the customer's or without a balance. */
export async function fdxAccountDetail(
  temenos: TemenosAccounts,
  customerId: string,
  accountId: string,
  ctx: CallContext,
): Promise<FdxAccount | null> {
  const account = temenos.ownedAmong(await temenos.accounts(customerId, ctx), accountId);
  if (!account) return null;
  const [terms, balance] = await Promise.all([
    temenos.terms(account, ctx),
    temenos.balance(account, ctx),
  ]);
  if (!balance) return null;
  return toFdxAccount(account, toAccountRecord(account, customerId, terms), balance);
}

/** The parties of the account and how to reach them; null when not the customer's. */
export async function fdxAccountContact(
  temenos: TemenosAccounts,
  customerId: string,
  accountId: string,
  ctx: CallContext,
): Promise<FdxAccountContact | null> {
  const account = temenos.ownedAmong(await temenos.accounts(customerId, ctx), accountId);
  if (!account) return null;
  const parties = partiesOf(account.entry).filter((p) => temenos.isCustomerId(p.customerId));
  const customers = await mapLimit(parties, temenos.parallel, (p) =>
    temenos.findCustomer(p.customerId, ctx),
  );
  const countryCode = temenos.config.phoneCountryCode;
  const holders = parties.flatMap((party, i): AccountHolder[] => {
    const customer = customers[i];
    if (!customer) return [];
    return [
      {
        detail: toCustomerDetail(customer, countryCode),
        organisation: isOrganisation(customer),
        isCustomer: party.customerId === customerId,
        holds: party.holds,
      },
    ];
  });
  return toFdxContact(holders);
}

/** No network FDX names serves an Australian account (docs/adapters.md): always empty. */
export function fdxPaymentNetworks(): FdxPage<FdxPaymentNetwork> {
  return { records: [] };
}
