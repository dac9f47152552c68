/**
 * Kraken account users → the consent flow's shapes: a customer search result and the customer
 * identity (OpenID Connect claims in camelCase).
 *
 * - Names: `givenName` and `familyName`; the name is both, given name first.
 * - Phone: the user's `mobile`, written in E.164 as the customer detail writes it (Australian
 *   numbers written as `0…` become `+61…`); left out when it is not a phone number.
 * - Email: the user's `email`. Kraken's account user carries no proof of ownership of the email
 *   or mobile, so both `…Verified` claims are false.
 * - `updatedAt`: the user's `lastUpdatedAt`.
 * - Address: the user's address (street lines joined by newlines, locality or else dependent
 *   locality, state, postcode, country as ISO 3166 alpha-3); a country the mapper does not know is
 *   left out rather than guessed.
 */
import { CustomerNotIdentifiableError } from '@data-holder-gateway/adapter-sdk';
import type {
  CustomerIdentity,
  CustomerSearchResult,
  IdentityAddress,
} from '@data-holder-gateway/adapter-sdk';
import { phoneOf } from './customer.mapper';
import type { KrakenAccountUserDetail, KrakenRichAddress } from './kraken.types';
import { dateTimeOf, text } from './values';

/** ISO 3166 alpha-2 → alpha-3 for the countries Kraken AU serves. */
const COUNTRIES: Readonly<Record<string, string>> = { AU: 'AUS', NZ: 'NZL' };
const E164 = /^\+[1-9][0-9]{7,14}$/;

/** A Kraken phone number in E.164, or undefined when it cannot be written so. */
export function e164Of(value: string | null | undefined): string | undefined {
  const number = phoneOf(value, 'MOBILE', true)?.fullNumber;
  return number !== undefined && E164.test(number) ? number : undefined;
}

/** The display name of an account user: given name, then family name. */
export function accountUserName(user: {
  givenName?: string | null;
  familyName?: string | null;
}): string {
  const name = [text(user.givenName), text(user.familyName)].filter(Boolean).join(' ');
  return name === '' ? 'Unknown' : name;
}

/**
 * One search result: the customer id, the holder's name, and the mobile number to send the
 * passcode to (that of the person the address belongs to, who may be the holder's contact).
 */
export function toCustomerSearchResult(
  customerId: string,
  holder: { givenName?: string | null; familyName?: string | null },
  mobile: string | null | undefined,
): CustomerSearchResult {
  const phoneNumber = e164Of(mobile);
  return {
    id: customerId,
    name: accountUserName(holder),
    ...(phoneNumber !== undefined ? { phoneNumber } : {}),
  };
}

function addressOf(address: KrakenRichAddress | null): IdentityAddress | undefined {
  if (!address) return undefined;
  const lines = (address.streetAddress ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const parts: IdentityAddress = {
    ...(lines.length ? { streetAddress: lines.join('\n') } : {}),
    ...optional('locality', text(address.locality) ?? text(address.dependentLocality)),
    ...optional('region', text(address.administrativeArea)),
    ...optional('postalCode', text(address.postalCode)),
    ...optional('country', COUNTRIES[text(address.country) ?? '']),
  };
  return Object.keys(parts).length ? parts : undefined;
}

function optional<K extends string>(key: K, value: string | undefined) {
  return (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;
}

/**
 * The identity of the customer the account user is.
 * @throws Error when the user has no email address (a required claim the adapter does not make up)
 */
export function toCustomerIdentity(
  customerId: string,
  user: KrakenAccountUserDetail,
): CustomerIdentity {
  const email = text(user.email);
  if (email === undefined)
    throw new CustomerNotIdentifiableError({
      cause: new Error('Kraken account user has no email address: no identity'),
    });
  const givenName = text(user.givenName);
  const familyName = text(user.familyName);
  const phoneNumber = e164Of(user.mobile);
  const address = addressOf(user.address);
  return {
    id: customerId,
    email,
    emailVerified: false,
    ...(givenName !== undefined ? { givenName } : {}),
    ...(familyName !== undefined ? { familyName } : {}),
    name: accountUserName(user),
    ...(phoneNumber !== undefined ? { phoneNumber, phoneNumberVerified: false } : {}),
    updatedAt: dateTimeOf(user.lastUpdatedAt),
    ...(address !== undefined ? { address } : {}),
  };
}
