/** Demo core records -> customer detail and the authorisation list item. */
import {
  pick,
  type CustomerDetail,
  type CustomerIdentity,
  type CustomerSearchResult,
  type RelatedUser,
  type ShareableAccountRecord,
} from '@data-holder-gateway/adapter-sdk';

export function toCustomerDetail(record: CustomerDetail): CustomerDetail {
  return pick(record, ['customerUType', 'person'] as (keyof CustomerDetail)[]) as CustomerDetail;
}

export function toShareableAccount(record: {
  accountId: string;
  displayName?: string;
  subtitle?: string;
  openStatus?: 'OPEN' | 'CLOSED';
  complexAccountType: ShareableAccountRecord['complexAccountType'];
  users: RelatedUser[];
  sharingRefusal?: ShareableAccountRecord['sharingRefusal'];
}): ShareableAccountRecord {
  return {
    accountId: record.accountId,
    ...(record.displayName !== undefined ? { displayName: record.displayName } : {}),
    ...(record.subtitle !== undefined ? { subtitle: record.subtitle } : {}),
    openStatus: record.openStatus ?? 'OPEN',
    complexAccountType: record.complexAccountType,
    users: record.users.map((u) => ({
      id: u.id,
      email: u.email,
      isAccountHolder: u.isAccountHolder,
    })),
    ...(record.sharingRefusal !== undefined ? { sharingRefusal: record.sharingRefusal } : {}),
  };
}

/** A search result: the customer's id and name, and the phone of whoever the address is. */
export function toSearchResult(
  customerId: string,
  name: string,
  phoneNumber: string | undefined,
): CustomerSearchResult {
  return { id: customerId, name, ...(phoneNumber !== undefined ? { phoneNumber } : {}) };
}

/** The file's identity record with the customer id; fields by allow-list. */
export function toCustomerIdentity(
  customerId: string,
  record: Omit<CustomerIdentity, 'id'>,
): CustomerIdentity {
  const fields = [
    'email',
    'emailVerified',
    'givenName',
    'familyName',
    'name',
    'phoneNumber',
    'phoneNumberVerified',
    'updatedAt',
  ] as const;
  return {
    id: customerId,
    ...pick(record, fields),
    ...(record.address
      ? {
          address: pick(record.address, [
            'streetAddress',
            'locality',
            'region',
            'postalCode',
            'country',
          ] as const),
        }
      : {}),
  };
}
