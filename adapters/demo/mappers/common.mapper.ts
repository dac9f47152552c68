/** Demo core records -> customer detail and the authorisation list item. */
import type { ShareableAccountRecord } from '../../../src/ports/core.port';
import type { CustomerDetail, RelatedUser } from '../../../src/ports/resources';
import { pick } from '../../../mappers/pick';

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
  };
}
