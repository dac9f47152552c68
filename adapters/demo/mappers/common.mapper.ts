/** Demo core records -> customer detail and the authorisation list item. */
import {
  pick,
  type CustomerDetail,
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
