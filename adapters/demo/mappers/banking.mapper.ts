/**
 * Demo core records -> documented banking shapes. The demo core stores records in the documented
 * shapes (validated against `contracts/` at start-up, nested objects strictly), so mapping is an
 * allow-list of the top-level fields plus the `accountId` the file leaves out of nested records.
 */
import {
  pick,
  type Balance,
  type BankingAccountRecord,
  type BankingTransaction,
  type BankingTransactionDetail,
  type DirectDebit,
  type InstalmentPlan,
  type Payee,
  type ScheduledPayment,
  type TransactionExtendedData,
} from '@data-holder-gateway/adapter-sdk';
import type { DemoBankingTransaction } from '../demo-data';

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

/** Fields of a documented banking transaction after its id, in the contract's order. */
const BANKING_TRANSACTION_FIELDS = [
  'type',
  'status',
  'description',
  'postingDateTime',
  'valueDateTime',
  'executionDateTime',
  'amount',
  'currency',
  'reference',
  'merchantName',
  'merchantCategoryCode',
  'billerCode',
  'billerName',
  'crn',
  'apcaNumber',
] as const satisfies readonly (keyof BankingTransaction)[];

/** A transaction of the file with its account; detail is available when it has extended data. */
export function toBankingTransaction(
  accountId: string,
  record: DemoBankingTransaction,
): BankingTransaction {
  return {
    accountId,
    transactionId: record.transactionId,
    isDetailAvailable: record.extendedData !== undefined,
    ...pick(record, BANKING_TRANSACTION_FIELDS),
  };
}

function toExtendedData(record: TransactionExtendedData): TransactionExtendedData {
  const { nppPayload } = record;
  return {
    ...pick(record, ['payer', 'payee', 'extensionUType'] as const),
    ...(nppPayload
      ? {
          nppPayload: pick(nppPayload, [
            'extendedDescription',
            'endToEndId',
            'purposeCode',
            'service',
            'serviceVersion',
          ] as const),
        }
      : {}),
  };
}

/** The transaction with its extended data: `{}` when the file holds none for it. */
export function toBankingTransactionDetail(
  accountId: string,
  record: DemoBankingTransaction,
): BankingTransactionDetail {
  return {
    ...toBankingTransaction(accountId, record),
    extendedData: record.extendedData ? toExtendedData(record.extendedData) : {},
  };
}
