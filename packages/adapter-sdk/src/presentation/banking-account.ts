import type { BankingAccountRecord, BankingAccountV3 } from '../ports';
import { toBankingAccountV3 } from './banking-account-v3';

/**
 * A banking account as rows 2 and 3 serve it: the record without what the gateway keeps to itself
 * (`sharingRefusal`), in detail version 4, or converted to version 3.
 */
export function presentBankingAccount(
  record: BankingAccountRecord,
  version: 3 | 4,
): Omit<BankingAccountRecord, 'sharingRefusal'> | BankingAccountV3 {
  const { sharingRefusal: _kept, ...account } = record;
  return version === 3 ? toBankingAccountV3(account) : account;
}
