import type { ShareableAccount, ShareableAccountRecord } from '../ports';

/** One item of the account authorisation list (row 1): ownership data under `extensions.cdr`. */
export function presentShareableAccount(record: ShareableAccountRecord): ShareableAccount {
  return {
    accountId: record.accountId,
    ...(record.displayName !== undefined ? { displayName: record.displayName } : {}),
    ...(record.subtitle !== undefined ? { subtitle: record.subtitle } : {}),
    openStatus: record.openStatus,
    extensions: { cdr: { complexAccountType: record.complexAccountType, users: record.users } },
  };
}
