/**
 * The FDX contact of an account from the interface's customer details of its holders: names,
 * email addresses, postal addresses and telephone numbers, each list in holder order without
 * repeats. The interface writes countries as ISO 3166 alpha-3 (Australia when absent) and phone
 * numbers whole (RFC 3966 or E.164); FDX wants alpha-2 countries and numbers split into country
 * calling code and national number, so both are converted with the libraries that know the tables.
 */
import countries from 'i18n-iso-countries';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type {
  CustomerDetail,
  FdxAccountContact,
  FdxAccountHolder,
  FdxAddress,
  FdxTelephoneNumber,
  PhoneNumber,
  PhysicalAddressWithPurpose,
} from '../ports';

/** One holder of the account and how the holder relates to it. */
export interface ContactHolder {
  detail: CustomerDetail;
  relationship?: FdxAccountHolder['relationship'];
}

/** FDX's longest address line. */
const LINE_MAX = 64;
const POSTCODE_MAX = 10;
const TELEPHONE_TYPES: Readonly<Record<PhoneNumber['purpose'], FdxTelephoneNumber['type']>> = {
  MOBILE: 'CELL',
  WORK: 'BUSINESS',
  HOME: 'HOME',
  INTERNATIONAL: 'HOME',
  OTHER: 'HOME',
  UNSPECIFIED: 'HOME',
};

const line = (text: string): string => text.slice(0, LINE_MAX);

function holderOf({ detail, relationship }: ContactHolder): FdxAccountHolder {
  const { person } = detail;
  return {
    type: 'CONSUMER',
    name: {
      first: person.firstName ?? '',
      ...(person.middleNames.length > 0 ? { middle: person.middleNames.join(' ') } : {}),
      last: person.lastName,
      ...(person.prefix !== undefined ? { prefix: person.prefix } : {}),
    },
    ...(relationship !== undefined ? { relationship } : {}),
  };
}

/** A simple address in FDX's form; undefined for a structured (PAF) one or an unknown country. */
export function fdxAddressOf(address: PhysicalAddressWithPurpose): FdxAddress | undefined {
  const simple = address.simple;
  if (address.addressUType !== 'simple' || !simple) return undefined;
  const country = countries.alpha3ToAlpha2(simple.country ?? 'AUS');
  if (country === undefined) return undefined;
  return {
    line1: line(simple.addressLine1),
    ...(simple.addressLine2 ? { line2: line(simple.addressLine2) } : {}),
    ...(simple.addressLine3 ? { line3: line(simple.addressLine3) } : {}),
    city: line(simple.city),
    ...(simple.state ? { region: line(simple.state) } : {}),
    ...(simple.postcode ? { postalCode: simple.postcode.slice(0, POSTCODE_MAX) } : {}),
    country,
  };
}

/**
 * A phone number split as FDX writes it; undefined when it does not parse as a number of
 * `defaultCountry` or of the country its `+` prefix names.
 */
export function fdxTelephoneOf(
  phone: PhoneNumber,
  defaultCountry: CountryCode = 'AU',
): FdxTelephoneNumber | undefined {
  const parsed = parsePhoneNumberFromString(phone.fullNumber, defaultCountry);
  if (!parsed) return undefined;
  return {
    type: TELEPHONE_TYPES[phone.purpose],
    country: parsed.countryCallingCode,
    number: parsed.nationalNumber,
  };
}

/** Keeps the first of each value by `key`. */
function distinct<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The contact of an account held by `holders` (the customer first). Addresses FDX cannot write
 * (structured, or in an unknown country) and numbers that do not parse are left out, never sent
 * half-converted.
 */
export function fdxContactOf(
  holders: readonly ContactHolder[],
  defaultCountry: CountryCode = 'AU',
): FdxAccountContact {
  const people = holders.map((h) => h.detail.person);
  const emails = people.flatMap((p) => p.emailAddresses.map((e) => e.address));
  const addresses = people.flatMap((p) =>
    p.physicalAddresses.flatMap((a) => fdxAddressOf(a) ?? []),
  );
  const telephones = people.flatMap((p) =>
    p.phoneNumbers.flatMap((n) => fdxTelephoneOf(n, defaultCountry) ?? []),
  );
  return {
    holders: holders.map(holderOf),
    emails: distinct(emails, (e) => e.toLowerCase()),
    addresses: distinct(addresses, (a) => JSON.stringify(a)),
    telephones: distinct(telephones, (t) => `${t.type}|${t.country ?? ''}|${t.number}`),
  };
}
