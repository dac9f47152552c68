/** Template core customer → the documented customer detail (row 12). */
import type { CustomerDetail } from '@data-holder-gateway/adapter-sdk';
import type { CoreCustomer } from './core-payloads';

export function toCustomerDetail(customer: CoreCustomer): CustomerDetail {
  const address = customer.address;
  return {
    customerUType: 'person',
    person: {
      ...(customer.updatedAt !== undefined ? { lastUpdateTime: customer.updatedAt } : {}),
      ...(customer.givenName !== undefined ? { firstName: customer.givenName } : {}),
      lastName: customer.familyName,
      middleNames: [...(customer.middleNames ?? [])],
      ...(customer.title !== undefined ? { prefix: customer.title } : {}),
      phoneNumbers:
        customer.mobile !== undefined
          ? [
              {
                isPreferred: true,
                purpose: 'MOBILE',
                number: customer.mobile,
                fullNumber: `tel:${customer.mobile.replace(/\s+/g, '')}`,
              },
            ]
          : [],
      emailAddresses:
        customer.email !== undefined
          ? [{ isPreferred: true, purpose: 'HOME', address: customer.email }]
          : [],
      physicalAddresses:
        address !== undefined
          ? [
              {
                addressUType: 'simple',
                simple: {
                  addressLine1: address.line1,
                  ...(address.line2 !== undefined ? { addressLine2: address.line2 } : {}),
                  postcode: address.postcode,
                  city: address.suburb,
                  state: address.state,
                  ...(address.country !== undefined ? { country: address.country } : {}),
                },
                purpose: 'MAIL',
              },
            ]
          : [],
    },
  };
}
