/**
 * Kraken statements → the interface's energy invoices. Kraken bills an account with statements
 * (`StatementType`); other bill types are not invoices of supply and are left out. Balances:
 * Kraken counts an account in credit as positive, the interface counts an amount owed as positive,
 * so `balanceAtIssue` is the statement's closing balance negated. A statement closed in credit or
 * at zero owes nothing (`PAID`); otherwise it is `NOT_PAID` (a statement does not record later
 * payments).
 */
import { CoreRecordInvalidError } from '@data-holder-gateway/adapter-sdk';
import type { EnergyInvoice } from '@data-holder-gateway/adapter-sdk';
import type { KrakenBill } from './kraken.types';
import { centsToAmount, dateOf } from './values';

/** The invoice of one bill, or null for a bill that is not a statement. */
export function toInvoice(
  accountId: string,
  bill: KrakenBill,
  servicePoints: readonly string[],
): EnergyInvoice | null {
  if (bill.billType !== 'STATEMENT') return null;
  if (!bill.id || !bill.issuedDate || typeof bill.closingBalance !== 'number') {
    throw new CoreRecordInvalidError({
      cause: new Error('Kraken statement without an id, issue date or closing balance'),
    });
  }
  const charges = bill.totalCharges;
  const closing = bill.closingBalance;
  return {
    accountId,
    invoiceNumber: bill.id,
    issueDate: dateOf(bill.issuedDate),
    ...(bill.paymentDueDate ? { dueDate: dateOf(bill.paymentDueDate) } : {}),
    ...(bill.fromDate && bill.toDate
      ? { period: { startDate: dateOf(bill.fromDate), endDate: dateOf(bill.toDate) } }
      : {}),
    ...(typeof charges?.grossTotal === 'number'
      ? { invoiceAmount: centsToAmount(charges.grossTotal) }
      : {}),
    ...(typeof charges?.taxTotal === 'number'
      ? { gstAmount: centsToAmount(charges.taxTotal) }
      : {}),
    balanceAtIssue: centsToAmount(closing === 0 ? 0 : -closing),
    servicePoints: [...servicePoints],
    paymentStatus: closing >= 0 ? 'PAID' : 'NOT_PAID',
  };
}
