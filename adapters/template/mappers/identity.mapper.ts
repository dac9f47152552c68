/**
 * Template core customer → the consent flow's shapes: a customer search result and the customer
 * identity (OpenID Connect claims in camelCase). The core keeps one email address per customer
 * and says whether it was verified; it records no proof for the mobile number.
 */
import type { CustomerIdentity, CustomerSearchResult } from '@data-holder-gateway/adapter-sdk';
import type { CoreCustomer } from './core-payloads';

const E164 = /^\+[1-9][0-9]{1,14}$/;

/** Given names then family name, as the customer is addressed. */
function displayName(customer: CoreCustomer): string {
  return [customer.givenName, ...(customer.middleNames ?? []), customer.familyName]
    .filter((part): part is string => part !== undefined && part !== '')
    .join(' ');
}

/** The mobile number in E.164, or undefined when the core's is not (a passcode sent astray is worse than none). */
function mobileOf(customer: CoreCustomer): string | undefined {
  const compact = customer.mobile?.replace(/\s+/g, '');
  return compact !== undefined && E164.test(compact) ? compact : undefined;
}

/** One search result: where the platform sends the SMS passcode is the customer's mobile. */
export function toCustomerSearchResult(customer: CoreCustomer): CustomerSearchResult {
  const phoneNumber = mobileOf(customer);
  return {
    id: customer.id,
    name: displayName(customer),
    ...(phoneNumber !== undefined ? { phoneNumber } : {}),
  };
}

/**
 * The identity claims; undefined for a customer without an email address or a last update
 * time, whom the consent flow cannot identify (the adapter answers them as unknown).
 */
export function toCustomerIdentity(customer: CoreCustomer): CustomerIdentity | undefined {
  if (customer.email === undefined || customer.updatedAt === undefined) return undefined;
  const phoneNumber = mobileOf(customer);
  const address = customer.address;
  return {
    id: customer.id,
    email: customer.email,
    emailVerified: customer.emailVerified === true,
    ...(customer.givenName !== undefined ? { givenName: customer.givenName } : {}),
    familyName: customer.familyName,
    name: displayName(customer),
    ...(phoneNumber !== undefined ? { phoneNumber, phoneNumberVerified: false } : {}),
    updatedAt: customer.updatedAt,
    ...(address !== undefined
      ? {
          address: {
            streetAddress: [address.line1, address.line2].filter(Boolean).join('\n'),
            locality: address.suburb,
            region: address.state,
            postalCode: address.postcode,
            ...(address.country !== undefined ? { country: address.country } : {}),
          },
        }
      : {}),
  };
}
