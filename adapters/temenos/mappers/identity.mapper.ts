/**
 * A Temenos customer → the consent flow's shapes: the customer identity (OpenID Connect claims in
 * camelCase) and a customer search result.
 *
 * - Names: a person's given name and family name, its display name as the name; an organisation
 *   has its name only (customer-contacts.ts).
 * - Email: the customer's first email address; for a customer without one (an organisation,
 *   typically), that of its first authorised contact when the caller found one. Phone: the first
 *   mobile number that can be written in E.164. Transact records no proof of ownership of either:
 *   `emailVerified` and `phoneNumberVerified` are false.
 * - `updatedAt`: the customer's last change (customer-contacts.ts).
 * - Address: the customer's first address that can be written.
 * A customer without an email address or a last change has no identity: both claims are required
 * and the adapter does not make them up (CustomerNotIdentifiableError, 422, never a core failure).
 */
import {
  CustomerNotIdentifiableError,
  type CustomerIdentity,
  type CustomerSearchResult,
  type IdentityAddress,
} from '@data-holder-gateway/adapter-sdk';
import {
  addressesOf,
  customerNameOf,
  emailsOf,
  isPerson,
  lastChangeOf,
  phonesOf,
} from './customer-contacts';
import type { TemenosCustomer } from './temenos.types';
import { e164Of, present } from './values';

/** An authorised contact of a customer: how to reach the person who acts for it. */
export interface ContactPerson {
  email?: string;
  /** The contact's phone number as Transact keeps it. */
  phone?: string;
}

/** The customer's first mobile number that can be written in E.164. */
export function mobileOf(customer: TemenosCustomer, countryCode: string): string | undefined {
  for (const phone of phonesOf(customer, countryCode)) {
    if (phone.purpose !== 'MOBILE') continue;
    const e164 = e164Of(phone.number, countryCode, phone.idd);
    if (e164 !== undefined) return e164;
  }
  return undefined;
}

/** What keeps the customer from having an identity; undefined when nothing does. */
export function identityGap(
  customer: TemenosCustomer,
  contact?: ContactPerson,
): 'email' | 'lastChange' | undefined {
  if (emailsOf(customer)[0] === undefined && present(contact?.email) === undefined) return 'email';
  return lastChangeOf(customer) === undefined ? 'lastChange' : undefined;
}

function identityAddressOf(customer: TemenosCustomer): IdentityAddress | undefined {
  const simple = addressesOf(customer)[0]?.simple;
  if (!simple) return undefined;
  const street = [simple.addressLine1, simple.addressLine2].filter(Boolean).join('\n');
  return {
    streetAddress: street,
    locality: simple.city,
    ...(simple.state !== '' ? { region: simple.state } : {}),
    ...(simple.postcode !== undefined ? { postalCode: simple.postcode } : {}),
    country: simple.country ?? 'AUS',
  };
}

/**
 * The identity of the customer (see the module comment).
 * @throws CustomerNotIdentifiableError without an email address or a last change
 */
export function toCustomerIdentity(
  customerId: string,
  customer: TemenosCustomer,
  countryCode: string,
  contact?: ContactPerson,
): CustomerIdentity {
  const gap = identityGap(customer, contact);
  if (gap !== undefined) {
    throw new CustomerNotIdentifiableError({
      cause: new Error(`Temenos customer has no ${gap}: no identity`),
    });
  }
  const email = emailsOf(customer)[0] ?? present(contact?.email)!;
  const familyName = isPerson(customer) ? present(customer.lastName) : undefined;
  const givenName = familyName !== undefined ? present(customer.givenName) : undefined;
  const phoneNumber =
    mobileOf(customer, countryCode) ?? e164Of(contact?.phone, countryCode) ?? undefined;
  const address = identityAddressOf(customer);
  return {
    id: customerId,
    email,
    emailVerified: false,
    ...(givenName !== undefined ? { givenName } : {}),
    ...(familyName !== undefined ? { familyName } : {}),
    name: customerNameOf(customer),
    ...(phoneNumber !== undefined ? { phoneNumber, phoneNumberVerified: false } : {}),
    updatedAt: lastChangeOf(customer)!,
    ...(address ? { address } : {}),
  };
}

/**
 * One search result: the customer, its name, and the number to send a passcode to (`phone`: the
 * mobile of the person the address belongs to, already in E.164).
 */
export function toCustomerSearchResult(
  customerId: string,
  customer: TemenosCustomer,
  phone: string | undefined,
): CustomerSearchResult {
  return {
    id: customerId,
    name: customerNameOf(customer),
    ...(phone !== undefined ? { phoneNumber: phone } : {}),
  };
}
