/**
 * What a Temenos customer record (getCustomer) says about the customer: its name, whether it is
 * a person, its email addresses, phone numbers, addresses and when it last changed. The customer
 * detail, the identity, the search and the FDX contact all read a customer through these, so
 * they agree.
 *
 * - A person has a given name or a date of birth. A customer with neither is an organisation when
 *   it has no family name, when its sector is not one of a person's (Transact's model bank numbers
 *   people's sectors 1000-1999, companies' 2001 and up) or when it holds a business's legal
 *   document (ABN, ACN, ARBN, ARSN): Transact may keep a company's name as its family name, so a
 *   family name alone never makes a person. An organisation is named by its display name, else
 *   its customer name, else its mnemonic.
 * - Emails: the communication devices' and the contact details of an email type, in that order.
 * - Phones: the contact details of a phone type (with their international prefix), the
 *   communication devices' SMS (mobile) and phone numbers, and the office numbers.
 * - Addresses: Transact keeps the lines of each address in parallel lists (streets, address
 *   lines, cities, countries) and one post code, the first address's. Australian installations
 *   keep the state in the town (`Sydney NSW`): a trailing state or territory code of an Australian
 *   address is its state, else the state is '' (Transact has no state on this read). A post code
 *   read as a number gets back its leading zero (`800` → `0800`). An address without a first
 *   line or a city, or in a country the ISO table does not know, is left out rather than sent
 *   half-written.
 * - Last change: Transact's customer read has no modification time; the latest of the last KYC
 *   review and the contact date is the last change it records.
 */
import type { PhysicalAddressWithPurpose } from '@data-holder-gateway/adapter-sdk';
import { alpha3Of } from './countries';
import type { TemenosCustomer } from './temenos.types';
import { e164Of, present, toIsoDate } from './values';

/** The sectors of people in Transact's model bank (1001 individual, 1002 staff...). */
const PERSON_SECTORS = { from: 1000, to: 1999 } as const;
/** Legal documents only a business holds: Australian business, company and scheme numbers. */
const BUSINESS_DOCUMENT = /^(ABN|ACN|ARBN|ARSN)$/i;

/** Whether the customer is an organisation (see the module comment). */
export function isOrganisation(customer: TemenosCustomer): boolean {
  const born = toIsoDate(customer.dateOfBirth) !== undefined;
  if (present(customer.givenName) !== undefined || born) return false;
  if (present(customer.lastName) === undefined) return true;
  const sector = Number(present(customer.sectorId));
  const otherSector =
    Number.isInteger(sector) && (sector < PERSON_SECTORS.from || sector > PERSON_SECTORS.to);
  const businessDocument = (customer.legalDetails ?? []).some((l) =>
    BUSINESS_DOCUMENT.test(present(l.legalDocumentName) ?? ''),
  );
  return otherSector || businessDocument;
}

/** Whether the customer is a person: not an organisation. */
export function isPerson(customer: TemenosCustomer): boolean {
  return !isOrganisation(customer);
}

/** The customer's display name. */
export function customerNameOf(customer: TemenosCustomer): string {
  const person = [customer.givenName, customer.lastName]
    .map(present)
    .filter((part): part is string => part !== undefined)
    .join(' ');
  return (
    present(customer.displayNames?.[0]?.displayName) ??
    present(customer.customerNames?.[0]?.customerName) ??
    (person === '' ? undefined : person) ??
    present(customer.customerMnemonic) ??
    'Unknown'
  );
}

/** The customer's email addresses, each once (ignoring case). */
export function emailsOf(customer: TemenosCustomer): string[] {
  const all = [
    ...(customer.communicationDevices ?? []).map((d) => present(d.email)),
    ...(customer.contactDetails ?? [])
      .filter((c) => /mail/i.test(c.contactType ?? ''))
      .map((c) => present(c.contactData)),
  ].filter((e): e is string => e !== undefined && e.includes('@'));
  return all.filter((e, i) => all.findIndex((o) => o.toLowerCase() === e.toLowerCase()) === i);
}

/** A phone number of the customer, as Transact keeps it. */
export interface CustomerPhone {
  purpose: 'MOBILE' | 'HOME' | 'WORK';
  number: string;
  /** Transact's international calling prefix of the number, when it keeps one. */
  idd?: string;
}

function contactPurpose(type: string | undefined): CustomerPhone['purpose'] | undefined {
  const text = type ?? '';
  if (/mobile|sms|cell/i.test(text)) return 'MOBILE';
  if (/office|work|business/i.test(text)) return 'WORK';
  if (/phone|home|tel|landline/i.test(text)) return 'HOME';
  return undefined;
}

/** A number's key: its E.164 form where it has one, else its digits. */
function phoneKey(phone: CustomerPhone, countryCode: string): string {
  return e164Of(phone.number, countryCode, phone.idd) ?? phone.number.replace(/[^0-9]/g, '');
}

/** The customer's phone numbers, mobiles first, each once. */
export function phonesOf(customer: TemenosCustomer, countryCode: string): CustomerPhone[] {
  const phones: CustomerPhone[] = [];
  for (const c of customer.contactDetails ?? []) {
    const purpose = contactPurpose(c.contactType);
    const number = present(c.contactData);
    const idd = present(c.iddPrefixPhone);
    if (purpose && number) phones.push({ purpose, number, ...(idd ? { idd } : {}) });
  }
  for (const d of customer.communicationDevices ?? []) {
    const sms = present(d.smsNumber);
    const phone = present(d.phoneNumber);
    if (sms) phones.push({ purpose: 'MOBILE', number: sms });
    if (phone) phones.push({ purpose: 'HOME', number: phone });
  }
  for (const o of customer.officePhoneNumbers ?? []) {
    const number = present(o.officePhoneNumber);
    if (number) phones.push({ purpose: 'WORK', number });
  }
  const keys = phones.map((p) => phoneKey(p, countryCode));
  const unique = phones.filter((_p, i) => keys.indexOf(keys[i]!) === i);
  return unique.sort((a, b) => Number(b.purpose === 'MOBILE') - Number(a.purpose === 'MOBILE'));
}

const AU_STATE = /^(.*\S)\s+(NSW|VIC|QLD|SA|WA|TAS|NT|ACT)$/i;

/** The town and state of an address's town line (see the module comment). */
function townAndState(town: string, country: string | undefined) {
  const match = country === undefined || country === 'AUS' ? AU_STATE.exec(town) : null;
  return match ? { city: match[1]!, state: match[2]!.toUpperCase() } : { city: town, state: '' };
}

function postcodeOf(value: TemenosCustomer['postCode'], country: string | undefined) {
  const text = present(value);
  const australian = country === undefined || country === 'AUS';
  return text !== undefined && australian && /^[0-9]{3}$/.test(text) ? `0${text}` : text;
}

/** The customer's addresses that can be written (see the module comment). */
export function addressesOf(customer: TemenosCustomer): PhysicalAddressWithPurpose[] {
  const count = Math.max(customer.streets?.length ?? 0, customer.addresses?.length ?? 0);
  const out: PhysicalAddressWithPurpose[] = [];
  for (let i = 0; i < count; i += 1) {
    const street = present(customer.streets?.[i]?.street);
    const line = present(customer.addresses?.[i]?.address);
    const town = present(customer.addressCities?.[i]?.addressCity);
    const countryText = present(customer.countries?.[i]?.country);
    const country = countryText === undefined ? undefined : alpha3Of(countryText);
    const [line1, line2] = street !== undefined ? [street, line] : [line, undefined];
    if (line1 === undefined || town === undefined) continue;
    if (countryText !== undefined && country === undefined) continue;
    const { city, state } = townAndState(town, country);
    const postcode = i === 0 ? postcodeOf(customer.postCode, country) : undefined;
    out.push({
      addressUType: 'simple',
      simple: {
        addressLine1: line1,
        ...(line2 !== undefined ? { addressLine2: line2 } : {}),
        city,
        state,
        ...(postcode !== undefined ? { postcode } : {}),
        ...(country !== undefined ? { country } : {}),
      },
      purpose: out.length === 0 ? 'PHYSICAL' : 'OTHER',
    });
  }
  return out;
}

/** When the customer last changed, RFC 3339 at midnight UTC; undefined when Transact says not. */
export function lastChangeOf(customer: TemenosCustomer): string | undefined {
  const dates = [customer.kycLastReviewDate, customer.contactDate]
    .map(toIsoDate)
    .filter((d): d is string => d !== undefined)
    .sort();
  const latest = dates[dates.length - 1];
  return latest === undefined ? undefined : `${latest}T00:00:00Z`;
}
