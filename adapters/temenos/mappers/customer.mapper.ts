/**
 * A Temenos customer (getCustomer) → the interface's customer detail. The interface has one
 * variant, `person`: an organisation (customer-contacts.ts tells one by its given name, birth
 * date, sector and legal documents) is served as a person whose last name is its name, with no
 * first name or title, as the Fineract adapter serves its entities. A person without a family
 * name is served the same way, under its name. Names, numbers, emails and addresses are read by
 * customer-contacts.ts; the first of each kind is the preferred one.
 */
import type { CustomerDetail, EmailAddress, PhoneNumber } from '@data-holder-gateway/adapter-sdk';
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

function phoneNumbersOf(customer: TemenosCustomer, countryCode: string): PhoneNumber[] {
  return phonesOf(customer, countryCode).map((phone, i) => {
    const e164 = e164Of(phone.number, countryCode, phone.idd);
    return {
      isPreferred: i === 0,
      purpose: phone.purpose,
      number: phone.number,
      fullNumber: e164 ?? phone.number.replace(/[\s().-]/g, ''),
    };
  });
}

function emailAddressesOf(customer: TemenosCustomer): EmailAddress[] {
  return emailsOf(customer).map((address, i) => ({
    isPreferred: i === 0,
    purpose: 'UNSPECIFIED',
    address,
  }));
}

export function toCustomerDetail(customer: TemenosCustomer, countryCode: string): CustomerDetail {
  const familyName = isPerson(customer) ? present(customer.lastName) : undefined;
  const firstName = familyName !== undefined ? present(customer.givenName) : undefined;
  const prefix = familyName !== undefined ? present(customer.title) : undefined;
  const updated = lastChangeOf(customer);
  return {
    customerUType: 'person',
    person: {
      ...(updated !== undefined ? { lastUpdateTime: updated } : {}),
      ...(firstName !== undefined ? { firstName } : {}),
      lastName: familyName ?? customerNameOf(customer),
      middleNames: [],
      ...(prefix !== undefined ? { prefix } : {}),
      phoneNumbers: phoneNumbersOf(customer, countryCode),
      emailAddresses: emailAddressesOf(customer),
      physicalAddresses: addressesOf(customer),
    },
  };
}
