/**
 * Demo core records -> documented banking shapes. The demo core stores records in the documented
 * shapes (validated against `contracts/` at start-up, nested objects strictly), so mapping is an
 * allow-list of the top-level fields plus the `accountId` the file leaves out of nested records.
 */
import {
  pick,
  type Balance,
  type BankingAccountRecord,
  type DirectDebit,
  type InstalmentPlan,
  type Payee,
  type ScheduledPayment,
} from '@data-holder-gateway/adapter-sdk';

/** Top-level fields of a documented banking account (detail version 4). */
export const BANKING_ACCOUNT_FIELDS = [
  'accountId',
  'creationDate',
  'displayName',
  'nickname',
  'openStatus',
  'isOwned',
  'accountOwnership',
  'maskedNumber',
  'productCategory',
  'productName',
  'complexAccountType',
  'users',
  'bsb',
  'accountNumber',
  'bundleName',
  'specificAccountUType',
  'termDeposit',
  'creditCard',
  'loan',
  'depositRate',
  'depositRates',
  'lendingRates',
  'features',
  'fees',
  'addresses',
  'sharingRefusal',
] as const satisfies readonly (keyof BankingAccountRecord)[];

export function toBankingAccount(record: BankingAccountRecord): BankingAccountRecord {
  return pick(record, BANKING_ACCOUNT_FIELDS) as BankingAccountRecord;
}

export function toBalance(
  accountId: string,
  balance: Pick<Balance, 'currentBalance' | 'availableBalance'>,
): Balance {
  return {
    accountId,
    currentBalance: balance.currentBalance,
    availableBalance: balance.availableBalance,
  };
}

export function toDirectDebit(
  accountId: string,
  record: Omit<DirectDebit, 'accountId'>,
): DirectDebit {
  return {
    accountId,
    ...pick(record as DirectDebit, ['authorisedEntity', 'lastDebitDateTime', 'lastDebitAmount']),
  };
}

export function toInstalmentPlan(
  accountId: string,
  record: Omit<InstalmentPlan, 'accountId'>,
): InstalmentPlan {
  return {
    accountId,
    ...pick(record as InstalmentPlan, [
      'planId',
      'planReference',
      'merchantName',
      'merchantCategoryCode',
      'planNickname',
      'creationDate',
      'amount',
      'planCurrency',
      'planCharge',
      'duration',
      'instalmentInterval',
      'schedule',
    ]),
  };
}

export function toScheduledPayment(record: ScheduledPayment): ScheduledPayment {
  return pick(record, [
    'scheduledPaymentId',
    'nickname',
    'payerReference',
    'payeeReference',
    'status',
    'from',
    'paymentSet',
    'recurrence',
  ] as (keyof ScheduledPayment)[]) as ScheduledPayment;
}

export function toPayee(record: Payee): Payee {
  return pick(record, [
    'payeeId',
    'nickname',
    'description',
    'type',
    'creationDate',
    'payeeUType',
    'biller',
    'domestic',
    'digitalWallet',
    'international',
  ] as (keyof Payee)[]) as Payee;
}
