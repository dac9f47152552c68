/**
 * Fineract client → the documented customer detail. The contract has one variant, `person`;
 * an entity client (legal form 2) is served as a person whose last name is its full name.
 * Fineract keeps addresses in a separate module the adapter does not call, so
 * `physicalAddresses` is empty; the mobile number and email address are the client's only contact
 * points and are marked preferred.
 */
import type { CustomerDetail, EmailAddress, PhoneNumber } from '@data-holder-gateway/adapter-sdk';
import type { FineractClient } from './fineract.types';

function trimmed(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

function phoneOf(mobileNo: string | undefined): PhoneNumber | undefined {
  const number = trimmed(mobileNo);
  if (number === undefined) return undefined;
  const compact = number.replace(/[\s().-]/g, '');
  return { isPreferred: true, purpose: 'MOBILE', number, fullNumber: compact };
}

function emailOf(address: string | undefined): EmailAddress | undefined {
  const email = trimmed(address);
  return email === undefined
    ? undefined
    : { isPreferred: true, purpose: 'UNSPECIFIED', address: email };
}

export function toCustomerDetail(client: FineractClient): CustomerDetail {
  const firstName = trimmed(client.firstname);
  const middleName = trimmed(client.middlename);
  const lastName =
    trimmed(client.lastname) ??
    trimmed(client.fullname) ??
    trimmed(client.displayName) ??
    'Unknown';
  const phone = phoneOf(client.mobileNo);
  const email = emailOf(client.emailAddress);
  return {
    customerUType: 'person',
    person: {
      ...(firstName !== undefined && trimmed(client.lastname) !== undefined ? { firstName } : {}),
      lastName,
      middleNames: middleName === undefined ? [] : [middleName],
      phoneNumbers: phone ? [phone] : [],
      emailAddresses: email ? [email] : [],
      physicalAddresses: [],
    },
  };
}

/** The client's email address, for the related users of its accounts. */
export function clientEmail(client: FineractClient): string | undefined {
  return trimmed(client.emailAddress);
}
