/**
 * Fineract accounts and clients → the FDX account descriptor and account contact, through the
 * SDK's builders (the same FDX records every core gives):
 * - a descriptor from the client account list's entry alone (kind, number, product, currency);
 * - a contact from the client (names, email, mobile number) and its active addresses, the client
 *   being the account's sole owner (Fineract accounts belong to one client).
 * Fineract's address type, state and country are code values each holder names: the country is
 * read when it says Australia or is an ISO 3166 alpha-3 code, and an address in another country
 * is left out (FDX needs the ISO code); the purpose is guessed from the type's name.
 */
import {
  fdxContactOf,
  fdxDescriptorOf,
  type CustomerDetail,
  type FdxAccountContact,
  type FdxAccountDescriptor,
  type PhysicalAddressWithPurpose,
  type ProductCategory,
} from '@data-holder-gateway/adapter-sdk';
import { productNameOf } from './account.mapper';
import { accountIdOf, type FineractAccountKind } from './account-ids';
import { toCustomerDetail } from './customer.mapper';
import type {
  FineractAddress,
  FineractClient,
  FineractClientLoanAccount,
  FineractClientSavingsAccount,
} from './fineract.types';
import { maskAccountNumber } from './values';

/** An account's currency code: Fineract's when it is one, else AUD (the interface's). */
export function fdxCurrencyOf(code: string | undefined): string {
  return code !== undefined && /^[A-Z]{3}$/.test(code) ? code : 'AUD';
}

/** The FDX descriptor of an entry of the client account list, with its status. */
export function toFdxDescriptor(
  kind: FineractAccountKind,
  id: string,
  entry: FineractClientSavingsAccount | FineractClientLoanAccount,
  productCategory: ProductCategory,
  status: 'OPEN' | 'CLOSED',
): FdxAccountDescriptor {
  return fdxDescriptorOf(
    {
      accountId: accountIdOf(kind, id),
      maskedNumber: maskAccountNumber(entry.accountNo),
      productName: productNameOf(kind, entry.productName),
      productCategory,
      openStatus: status,
    },
    status,
    fdxCurrencyOf(entry.currency?.code),
  );
}

const PURPOSES: readonly [RegExp, PhysicalAddressWithPurpose['purpose']][] = [
  [/regist/i, 'REGISTERED'],
  [/post|mail/i, 'MAIL'],
  [/office|work|business/i, 'WORK'],
  [/resid|home|physical|permanent|street/i, 'PHYSICAL'],
];

function purposeOf(type: string | undefined): PhysicalAddressWithPurpose['purpose'] {
  return PURPOSES.find(([pattern]) => pattern.test(type ?? ''))?.[1] ?? 'OTHER';
}

/** The ISO alpha-3 country of a country name: undefined for Australia, null when unknown. */
function countryOf(name: string | undefined): string | undefined | null {
  const text = name?.trim() ?? '';
  if (text === '' || /^(australia|au|aus)$/i.test(text)) return undefined;
  return /^[A-Z]{3}$/.test(text) ? text : null;
}

const present = (text: string | undefined) => text?.trim() || undefined;

/** One Fineract address as a simple address; undefined when it cannot be written. */
function toPhysicalAddress(address: FineractAddress): PhysicalAddressWithPurpose | undefined {
  const lines = [address.addressLine1, address.addressLine2, address.addressLine3]
    .map(present)
    .filter((line): line is string => line !== undefined);
  const street = present(address.street);
  if (lines.length === 0 && street !== undefined) lines.push(street);
  const city = present(address.city) ?? present(address.townVillage);
  const country = countryOf(address.countryName);
  const [line1, line2, line3] = lines;
  if (line1 === undefined || city === undefined || country === null) return undefined;
  const postcode = present(address.postalCode);
  return {
    addressUType: 'simple',
    simple: {
      addressLine1: line1,
      ...(line2 !== undefined ? { addressLine2: line2 } : {}),
      ...(line3 !== undefined ? { addressLine3: line3 } : {}),
      city,
      state: present(address.stateName) ?? '',
      ...(postcode !== undefined ? { postcode } : {}),
      ...(country !== undefined ? { country } : {}),
    },
    purpose: purposeOf(address.addressType),
  };
}

/** The client's active addresses that can be written, in Fineract's order. */
export function toPhysicalAddresses(
  addresses: readonly FineractAddress[],
): PhysicalAddressWithPurpose[] {
  return addresses.flatMap((a) => (a.isActive === false ? [] : (toPhysicalAddress(a) ?? [])));
}

/** The contact of an account of `client`, its sole owner, with the client's addresses. */
export function toFdxContact(
  client: FineractClient,
  addresses: readonly FineractAddress[],
): FdxAccountContact {
  const { person } = toCustomerDetail(client);
  const detail: CustomerDetail = {
    customerUType: 'person',
    person: { ...person, physicalAddresses: toPhysicalAddresses(addresses) },
  };
  return fdxContactOf([{ detail, relationship: 'SOLE_OWNER' }]);
}
