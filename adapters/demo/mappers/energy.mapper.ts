/**
 * Demo core records -> documented energy shapes. Like the banking mapper, an allow-list of the
 * top-level fields (nested objects are validated strictly against `contracts/` at start-up), plus
 * the `accountId` the file leaves out of invoices.
 */
import {
  pick,
  type EnergyAccount,
  type EnergyAccountRecord,
  type EnergyBalance,
  type EnergyConcession,
  type EnergyInvoice,
  type RelatedUser,
} from '@data-holder-gateway/adapter-sdk';

/** Top-level fields of a documented energy account. */
export const ENERGY_ACCOUNT_FIELDS = [
  'accountId',
  'accountNumber',
  'displayName',
  'openStatus',
  'creationDate',
  'plans',
] as const satisfies readonly (keyof EnergyAccount)[];

/** An energy account of the file, with the extras the gateway lists on. */
export function toEnergyAccountRecord(record: EnergyAccountRecord): EnergyAccountRecord {
  return {
    ...pick(record, ENERGY_ACCOUNT_FIELDS),
    ...(record.subtitle !== undefined ? { subtitle: record.subtitle } : {}),
    ...(record.sharingRefusal !== undefined ? { sharingRefusal: record.sharingRefusal } : {}),
    complexAccountType: record.complexAccountType,
    users: record.users.map((u): RelatedUser => ({
      id: u.id,
      email: u.email,
      isAccountHolder: u.isAccountHolder,
    })),
  };
}

export function toEnergyInvoice(
  accountId: string,
  record: Omit<EnergyInvoice, 'accountId'>,
): EnergyInvoice {
  return {
    accountId,
    ...pick(record as EnergyInvoice, [
      'invoiceNumber',
      'issueDate',
      'dueDate',
      'period',
      'invoiceAmount',
      'gstAmount',
      'payOnTimeDiscount',
      'balanceAtIssue',
      'servicePoints',
      'electricity',
      'paymentStatus',
    ]),
  };
}

export function toEnergyConcession(record: EnergyConcession): EnergyConcession {
  return pick(record, [
    'amount',
    'startDate',
    'endDate',
    'displayName',
    'appliedTo',
    'additionalInfo',
    'type',
    'discountFrequency',
  ] as (keyof EnergyConcession)[]) as EnergyConcession;
}

/** The balance of an account, as the file states it. */
export function toEnergyBalance(balance: string): EnergyBalance {
  return { balance };
}
