/**
 * The Kraken account user → the interface's customer detail (a person): title, given and family
 * name, the mobile and landline numbers (Australian numbers written as `0…` become `+61…`), the
 * email address, and the user's address as a mailing address when it has a locality and state.
 */
import type {
  CustomerDetail,
  PhoneNumber,
  PhysicalAddressWithPurpose,
} from '@data-holder-gateway/adapter-sdk';
import type { KrakenAccountUserDetail, KrakenRichAddress } from './kraken.types';
import { dateTimeOf, text } from './values';

/** ISO 3166 alpha-2 → alpha-3 for the countries Kraken AU serves. */
const COUNTRIES: Readonly<Record<string, string>> = { AU: 'AUS', NZ: 'NZL' };

export function phoneOf(
  value: string | null | undefined,
  purpose: PhoneNumber['purpose'],
  isPreferred: boolean,
): PhoneNumber | undefined {
  const raw = text(value);
  if (!raw) return undefined;
  const compact = raw.replace(/[\s().-]/g, '');
  if (!/^\+?\d{6,15}$/.test(compact)) return undefined;
  if (compact.startsWith('+')) {
    return { isPreferred, purpose, number: compact, fullNumber: compact };
  }
  const national = compact.startsWith('0') ? compact.slice(1) : compact;
  return {
    isPreferred,
    purpose,
    countryCode: '+61',
    number: compact,
    fullNumber: `+61${national}`,
  };
}

function addressOf(address: KrakenRichAddress | null): PhysicalAddressWithPurpose | undefined {
  const lines = (address?.streetAddress ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const city = text(address?.locality) ?? text(address?.dependentLocality);
  const state = text(address?.administrativeArea);
  if (lines.length === 0 || !city || !state) return undefined;
  const postcode = text(address?.postalCode);
  const country = COUNTRIES[text(address?.country) ?? 'AU'] ?? text(address?.country);
  return {
    addressUType: 'simple',
    purpose: 'MAIL',
    simple: {
      addressLine1: lines[0]!,
      ...(lines[1] ? { addressLine2: lines[1] } : {}),
      ...(lines[2] ? { addressLine3: lines.slice(2).join(', ') } : {}),
      ...(postcode ? { postcode } : {}),
      city,
      state,
      ...(country ? { country } : {}),
    },
  };
}

export function toCustomerDetail(user: KrakenAccountUserDetail): CustomerDetail {
  const firstName = text(user.givenName);
  const prefix = text(user.title);
  const mobile = phoneOf(user.mobile, 'MOBILE', true);
  const landline = phoneOf(user.landline, 'HOME', mobile === undefined);
  const email = text(user.email);
  const address = addressOf(user.address);
  return {
    customerUType: 'person',
    person: {
      lastUpdateTime: dateTimeOf(user.lastUpdatedAt),
      ...(firstName ? { firstName } : {}),
      lastName: text(user.familyName) ?? firstName ?? 'Unknown',
      middleNames: [],
      ...(prefix ? { prefix } : {}),
      phoneNumbers: [mobile, landline].filter((p): p is PhoneNumber => p !== undefined),
      emailAddresses: email ? [{ isPreferred: true, purpose: 'HOME', address: email }] : [],
      physicalAddresses: address ? [address] : [],
    },
  };
}
