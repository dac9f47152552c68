import type { EnergyAccount, EnergyAccountRecord } from '../ports';

/** The documented energy account: the record without the list extras (subtitle, users...). */
export function presentEnergyAccount(record: EnergyAccountRecord): EnergyAccount {
  return {
    accountId: record.accountId,
    ...(record.accountNumber !== undefined ? { accountNumber: record.accountNumber } : {}),
    ...(record.displayName !== undefined ? { displayName: record.displayName } : {}),
    ...(record.openStatus !== undefined ? { openStatus: record.openStatus } : {}),
    ...(record.creationDate !== undefined ? { creationDate: record.creationDate } : {}),
    plans: record.plans,
  };
}
