/**
 * Fineract client → the consent flow's shapes: a customer search result and the customer identity
 * (OpenID Connect claims in camelCase).
 *
 * - Names: a person's `firstname` and `lastname` are the given and family names, its
 *   `displayName` the name; an entity client (legal form 2, a business) has only its full name.
 * - Phone: the client's `mobileNo`, written in E.164 ({@link e164Of}); left out when it cannot be.
 * - Email: the client's `emailAddress` (Fineract keeps one per client). Fineract records no proof
 *   of ownership of either, so `emailVerified` and `phoneNumberVerified` are false.
 * - `updatedAt`: Fineract's client API carries no last-modified time; the latest date of the
 *   client's lifecycle (submitted, activated, reactivated, closed) is the last change it records,
 *   at midnight UTC.
 * - Address: Fineract keeps addresses in a module the adapter does not call; none is given.
 */
import {
  CustomerNotIdentifiableError,
  type CustomerIdentity,
  type CustomerSearchResult,
} from '@data-holder-gateway/adapter-sdk';
import type { FineractClient } from './fineract.types';
import { toIsoDate } from './values';

const E164 = /^\+[1-9][0-9]{7,14}$/;

function trimmed(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

/**
 * A phone number as Fineract staff type it → E.164, or undefined when it cannot be written so.
 * Spaces, dots, dashes and brackets are dropped; `+<digits>` is international already; `00` is
 * the international prefix; one leading `0` marks a national number of the country
 * `countryCode` (`0491 570 110` → `+61491570110`). Anything else (no prefix at all) is ambiguous
 * and left out: a passcode sent to a wrong number is worse than none.
 */
export function e164Of(raw: string | undefined, countryCode: string): string | undefined {
  const compact = trimmed(raw)?.replace(/[\s().-]/g, '');
  if (compact === undefined) return undefined;
  let international: string | undefined;
  if (/^\+[0-9]+$/.test(compact)) international = compact;
  else if (/^00[1-9][0-9]+$/.test(compact)) international = `+${compact.slice(2)}`;
  else if (/^0[1-9][0-9]+$/.test(compact)) international = `+${countryCode}${compact.slice(1)}`;
  return international !== undefined && E164.test(international) ? international : undefined;
}

/** Whether the client is an entity (legal form 2: a business or organisation). */
export function isEntityClient(client: FineractClient): boolean {
  return client.legalForm?.id === 2 || client.legalForm?.code === 'legalFormType.entity';
}

/** The client's display name: Fineract's `displayName`, else what its name fields make. */
export function clientName(client: FineractClient): string {
  const person = [client.firstname, client.middlename, client.lastname]
    .map(trimmed)
    .filter((part): part is string => part !== undefined)
    .join(' ');
  return (
    trimmed(client.displayName) ?? trimmed(client.fullname) ?? (person === '' ? 'Unknown' : person)
  );
}

/**
 * One search result: the customer id the client maps to, its name, and the mobile number to send
 * a passcode to (`mobileNo`: the person's own number, which for a client found through its
 * contacts is the contact's, not the client's).
 */
export function toCustomerSearchResult(
  customerId: string,
  client: FineractClient,
  mobileNo: string | undefined,
  countryCode: string,
): CustomerSearchResult {
  const phoneNumber = e164Of(mobileNo, countryCode);
  return {
    id: customerId,
    name: clientName(client),
    ...(phoneNumber !== undefined ? { phoneNumber } : {}),
  };
}

/** The latest lifecycle date of the client as an RFC 3339 date-time; undefined when it has none. */
function lastChange(client: FineractClient): string | undefined {
  const dates = [
    client.timeline?.submittedOnDate,
    client.timeline?.activatedOnDate,
    client.timeline?.reactivatedOnDate,
    client.timeline?.closedOnDate,
    client.activationDate,
  ]
    .map(toIsoDate)
    .filter((d): d is string => d !== undefined)
    .sort();
  const latest = dates[dates.length - 1];
  return latest === undefined ? undefined : `${latest}T00:00:00Z`;
}

/**
 * Whether an identity can be given for the client once it has an email address (its own or a
 * contact's): it has a lifecycle date for `updatedAt`. The search offers no other client.
 */
export function hasIdentityDate(client: FineractClient): boolean {
  return lastChange(client) !== undefined;
}

/**
 * The identity of the customer the client is.
 * @throws CustomerNotIdentifiableError (422) when the client has no email address or no
 *   lifecycle date: both are required claims, and the adapter does not make them up. One record's
 *   gap, not the core failing: it never counts toward a circuit. The cause says which is missing.
 */
export function toCustomerIdentity(
  customerId: string,
  client: FineractClient,
  countryCode: string,
): CustomerIdentity {
  const email = trimmed(client.emailAddress);
  if (email === undefined) {
    const cause = new Error('Fineract client has no email address: no identity');
    throw new CustomerNotIdentifiableError({ cause });
  }
  const updatedAt = lastChange(client);
  if (updatedAt === undefined) {
    const cause = new Error('Fineract client has no lifecycle date: no identity');
    throw new CustomerNotIdentifiableError({ cause });
  }
  const givenName = isEntityClient(client) ? undefined : trimmed(client.firstname);
  const familyName = isEntityClient(client) ? undefined : trimmed(client.lastname);
  const phoneNumber = e164Of(client.mobileNo, countryCode);
  return {
    id: customerId,
    email,
    emailVerified: false,
    ...(givenName !== undefined ? { givenName } : {}),
    ...(familyName !== undefined ? { familyName } : {}),
    name: clientName(client),
    ...(phoneNumber !== undefined ? { phoneNumber, phoneNumberVerified: false } : {}),
    updatedAt,
  };
}
