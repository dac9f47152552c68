/**
 * Fineract savings and loan transactions → the documented banking transaction (the /v1 list and
 * detail). The same transactions as the FDX mapping (transaction.mapper.ts) and the same rules for
 * what is left out, in the interface's terms:
 *
 * - `postingDateTime` and `valueDateTime` are the transaction date at 00:00 UTC: Fineract keeps
 *   business dates without a time (its search calls that date the value date), and every
 *   transaction it returns is booked, so `status` is POSTED.
 * - `amount` is signed from the account's side: money out (a withdrawal, a fee, a loan's
 *   disbursement) is negative. The direction comes from the transaction type alone (Fineract
 *   derives its own entry type from the type the same way), so the adapter can push an amount
 *   filter down to Fineract's search by type (see `savingsSearchFilters`).
 * - Left out (null): reversed transactions and reversal entries (they are not the customer's
 *   transactions any more), internal bookkeeping (accruals), and movements that change no
 *   balance (charge waivers, amount holds and their releases): the interface has no memo status.
 * - Types: CDS has no deposit or withdrawal; a deposit is money transferred in, a withdrawal a
 *   payment, or a transfer out when Fineract links it to an account transfer. Interest posted is
 *   INTEREST_PAID, overdraft interest INTEREST_CHARGED, charges FEE; a loan's repayments are
 *   PAYMENTs into the loan, its disbursement a transfer out of it, capitalised income a FEE.
 *   Whatever else moves money (dividends, write-offs, withheld tax, escheat, loan waivers and
 *   refunds) is OTHER.
 * - `reference` is the payment detail's receipt number (the reference the paying party or the
 *   institution gave), '' when none. Fineract holds no payer or payee names and no NPP data, so
 *   the detail's `extendedData` is always `{}` and `isDetailAvailable` false.
 */
import type {
  BankingTransaction,
  BankingTransactionDetail,
} from '@data-holder-gateway/adapter-sdk';
import { formatAmount, readDecimal } from '@data-holder-gateway/adapter-sdk';
import type {
  FineractLoanTransaction,
  FineractNumber,
  FineractPaymentDetail,
  FineractSavingsTransaction,
} from './fineract.types';
import { descriptionOf, type Direction, loanRule, loanTypeName } from './transaction.mapper';
import { toIsoDateTime } from './values';

type CdsType = BankingTransaction['type'];

interface CdsRule {
  type: CdsType;
  direction: Direction;
}

/** Savings transaction types (SavingsAccountTransactionType ids) served in the /v1 list. */
const SAVINGS_RULES: Readonly<Record<number, CdsRule>> = {
  1: { type: 'TRANSFER_INCOMING', direction: 'CREDIT' }, // deposit
  2: { type: 'PAYMENT', direction: 'DEBIT' }, // withdrawal
  3: { type: 'INTEREST_PAID', direction: 'CREDIT' }, // interest posting
  4: { type: 'FEE', direction: 'DEBIT' }, // withdrawal fee
  5: { type: 'FEE', direction: 'DEBIT' }, // annual fee
  7: { type: 'FEE', direction: 'DEBIT' }, // pay charge
  8: { type: 'OTHER', direction: 'CREDIT' }, // dividend payout
  12: { type: 'TRANSFER_OUTGOING', direction: 'DEBIT' }, // initiate transfer
  13: { type: 'TRANSFER_INCOMING', direction: 'CREDIT' }, // approve transfer
  14: { type: 'TRANSFER_INCOMING', direction: 'CREDIT' }, // withdraw transfer
  15: { type: 'TRANSFER_INCOMING', direction: 'CREDIT' }, // reject transfer
  16: { type: 'OTHER', direction: 'DEBIT' }, // written off
  17: { type: 'INTEREST_CHARGED', direction: 'DEBIT' }, // overdraft interest
  18: { type: 'OTHER', direction: 'DEBIT' }, // withhold tax
  19: { type: 'OTHER', direction: 'DEBIT' }, // escheat
};

/** The savings transaction types the /v1 list serves, money in. */
export const SAVINGS_CREDIT_TYPES: readonly number[] = typesOf('CREDIT');
/** The savings transaction types the /v1 list serves, money out. */
export const SAVINGS_DEBIT_TYPES: readonly number[] = typesOf('DEBIT');

function typesOf(direction: Direction): number[] {
  return Object.entries(SAVINGS_RULES)
    .filter(([, rule]) => rule.direction === direction)
    .map(([id]) => Number(id));
}

/** The type id of a savings transaction: its id, else the flag Fineract sends beside it. */
function savingsTypeId(type: FineractSavingsTransaction['transactionType']): number | undefined {
  if (type?.id !== undefined) return type.id;
  if (type?.deposit) return 1;
  if (type?.withdrawal) return 2;
  if (type?.interestPosting) return 3;
  if (type?.feeDeduction) return 4;
  if (type?.dividendPayout) return 8;
  return undefined;
}

/** `amount` signed by `direction` (money out negative), exactly; undefined when not a decimal. */
function signedAmount(amount: FineractNumber | undefined, direction: Direction) {
  const d = readDecimal(amount);
  if (!d) return undefined;
  // A negative amount from Fineract (it sends none) turns the direction round.
  const value = direction === 'DEBIT' ? d.value.neg() : d.value;
  return formatAmount({ value, scale: d.scale });
}

function referenceOf(detail: FineractPaymentDetail | undefined): string {
  return detail?.receiptNumber?.trim() ?? '';
}

function currencyOf(code: string | undefined): { currency?: string } {
  return code !== undefined && /^[A-Z]{3}$/.test(code) ? { currency: code } : {};
}

/** The record every Fineract transaction shares. */
function transactionOf(
  accountId: string,
  fields: {
    id: FineractSavingsTransaction['id'];
    date: FineractSavingsTransaction['date'];
    amount: FineractNumber | undefined;
    currency: string | undefined;
    paymentDetail: FineractPaymentDetail | undefined;
  },
  rule: CdsRule,
  description: string,
): BankingTransaction | null {
  const time = toIsoDateTime(fields.date);
  const amount = signedAmount(fields.amount, rule.direction);
  if (fields.id === undefined || time === undefined || amount === undefined) return null;
  return {
    accountId,
    transactionId: String(fields.id),
    isDetailAvailable: false,
    type: rule.type,
    status: 'POSTED',
    description,
    postingDateTime: time,
    valueDateTime: time,
    amount,
    ...currencyOf(fields.currency),
    reference: referenceOf(fields.paymentDetail),
  };
}

/**
 * A savings, fixed or recurring deposit transaction of `accountId` (the gateway's id); null when
 * it is not served (see above).
 */
export function toSavingsBankingTransaction(
  accountId: string,
  tx: FineractSavingsTransaction,
): BankingTransaction | null {
  if (tx.reversed === true || tx.isReversal === true) return null;
  const typeId = savingsTypeId(tx.transactionType);
  const listed = typeId === undefined ? undefined : SAVINGS_RULES[typeId];
  if (!listed) return null;
  // A withdrawal Fineract links to an account transfer moved the money to another account.
  const rule: CdsRule =
    typeId === 2 && tx.transfer ? { type: 'TRANSFER_OUTGOING', direction: 'DEBIT' } : listed;
  const payment = tx.paymentDetailData;
  return transactionOf(
    accountId,
    {
      id: tx.id,
      date: tx.date,
      amount: tx.amount,
      currency: tx.currency?.code,
      paymentDetail: payment,
    },
    rule,
    descriptionOf(tx.transactionType?.value, 'Transaction', payment?.paymentType?.name),
  );
}

/** The interface's type of a loan transaction (see the module comment). */
function loanCdsType(tx: FineractLoanTransaction): CdsType {
  const name = loanTypeName(tx.type);
  if (name === 'disbursement' || (name === undefined && tx.type?.disbursement === true)) {
    return 'TRANSFER_OUTGOING';
  }
  const rule = loanRule(tx.type);
  if (rule === undefined || rule === 'internal') return 'OTHER';
  if (rule.type === 'PAYMENT' || rule.type === 'PAYOFF') return 'PAYMENT';
  return rule.type === 'FEE' ? 'FEE' : 'OTHER';
}

/**
 * A loan transaction of `accountId`, seen from the loan: a disbursement takes money out of it
 * (negative), repayments bring money in; null when it is not served (reversed, internal).
 */
export function toLoanBankingTransaction(
  accountId: string,
  tx: FineractLoanTransaction,
): BankingTransaction | null {
  if (tx.manuallyReversed === true) return null;
  const rule = loanRule(tx.type);
  if (rule === 'internal') return null;
  const payment = tx.paymentDetailData;
  return transactionOf(
    accountId,
    {
      id: tx.id,
      date: tx.date,
      amount: tx.amount,
      currency: tx.currency?.code,
      paymentDetail: payment,
    },
    { type: loanCdsType(tx), direction: rule?.direction ?? 'CREDIT' },
    descriptionOf(tx.type?.value, 'Loan transaction', payment?.paymentType?.name),
  );
}

/** The transaction with its extended data: Fineract holds none (see the module comment). */
export function toBankingTransactionDetail(
  transaction: BankingTransaction,
): BankingTransactionDetail {
  return { ...transaction, extendedData: {} };
}
