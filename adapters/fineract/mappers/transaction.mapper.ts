/**
 * Fineract savings and loan transactions → the documented FDX transaction.
 *
 * - `transactionId` is Fineract's transaction id; `postedTimestamp` and `transactionTimestamp`
 *   are the transaction (value) date at 00:00 UTC: Fineract keeps business dates without a time,
 *   and its transaction search filters on that date, so the gateway's window and Fineract's agree.
 * - `amount` is the absolute amount; the direction is `debitCreditMemo`. The amount is a JSON
 *   number in the contract: it is made once from the exact decimal text (see values.ts).
 * - Every transaction Fineract returns is booked: `status` is POSTED, except movements that do
 *   not change the balance (charge waivers, amount holds and releases), which are MEMO.
 * - Reversed transactions and reversal entries are not the customer's transactions any more, and
 *   accruals are internal bookkeeping: the mappers return null for them (the adapter skips them).
 * - Savings-family transactions are DEPOSIT_ACCOUNT transactions with FDX deposit types; loan
 *   transactions are LOAN_ACCOUNT transactions with FDX loan types, seen from the loan: a
 *   disbursement is a DEBIT (it adds to what is owed), repayments, waivers and write-offs are
 *   CREDITs (see LOAN_RULES).
 */
import type { FdxDepositTransactionType, FdxTransaction } from '@data-holder-gateway/adapter-sdk';
import type { FineractLoanTransaction, FineractSavingsTransaction } from './fineract.types';
import { absAmount, decimalToNumber, signOf, toIsoDateTime } from './values';

/** Which way a transaction moves the account's balance: DEBIT takes from it, CREDIT adds. */
export type Direction = 'DEBIT' | 'CREDIT';

interface SavingsTypeRule {
  type: FdxDepositTransactionType;
  direction: Direction;
  memo?: boolean;
}

/** Savings transaction types (SavingsAccountTransactionType ids). */
const SAVINGS_TYPES: Readonly<Record<number, SavingsTypeRule>> = {
  1: { type: 'DEPOSIT', direction: 'CREDIT' },
  2: { type: 'WITHDRAWAL', direction: 'DEBIT' },
  3: { type: 'INTEREST', direction: 'CREDIT' },
  4: { type: 'FEE', direction: 'DEBIT' },
  5: { type: 'FEE', direction: 'DEBIT' },
  6: { type: 'ADJUSTMENT', direction: 'CREDIT', memo: true },
  7: { type: 'FEE', direction: 'DEBIT' },
  8: { type: 'DIVIDEND', direction: 'CREDIT' },
  12: { type: 'TRANSFER', direction: 'DEBIT' },
  13: { type: 'TRANSFER', direction: 'CREDIT' },
  14: { type: 'TRANSFER', direction: 'CREDIT' },
  15: { type: 'TRANSFER', direction: 'CREDIT' },
  16: { type: 'ADJUSTMENT', direction: 'DEBIT' },
  17: { type: 'INTEREST', direction: 'DEBIT' },
  18: { type: 'ADJUSTMENT', direction: 'DEBIT' },
  19: { type: 'ADJUSTMENT', direction: 'DEBIT' },
  20: { type: 'ADJUSTMENT', direction: 'DEBIT', memo: true },
  21: { type: 'ADJUSTMENT', direction: 'CREDIT', memo: true },
};

function savingsRule(tx: FineractSavingsTransaction): SavingsTypeRule | undefined {
  const type = tx.transactionType;
  if (type?.id !== undefined && SAVINGS_TYPES[type.id]) return SAVINGS_TYPES[type.id];
  if (type?.deposit) return SAVINGS_TYPES[1];
  if (type?.withdrawal) return SAVINGS_TYPES[2];
  if (type?.interestPosting) return SAVINGS_TYPES[3];
  if (type?.feeDeduction) return SAVINGS_TYPES[4];
  if (type?.dividendPayout) return SAVINGS_TYPES[8];
  return undefined;
}

/** A transaction's description: its type's label (else `fallback`), and how it was paid. */
export function descriptionOf(
  label: string | undefined,
  fallback: string,
  paymentType: string | undefined,
): string {
  const base = label?.trim() || fallback;
  const via = paymentType?.trim();
  return via ? `${base} (${via})` : base;
}

function withDirection(amount: string, direction: Direction): Direction {
  // Fineract sends positive amounts; a negative one turns the direction round.
  if (signOf(amount) !== -1) return direction;
  return direction === 'DEBIT' ? 'CREDIT' : 'DEBIT';
}

/** A savings, fixed or recurring deposit transaction; null when it is not reported (see above). */
export function toSavingsTransaction(tx: FineractSavingsTransaction): FdxTransaction | null {
  if (tx.reversed === true || tx.isReversal === true) return null;
  const code = tx.transactionType?.code ?? '';
  if (/accrual/i.test(code)) return null;
  const timestamp = toIsoDateTime(tx.date);
  const amount = absAmount(tx.amount);
  if (tx.id === undefined || timestamp === undefined || amount === undefined) return null;
  const rule = savingsRule(tx);
  const entry = tx.entryType?.toUpperCase();
  const direction: Direction =
    entry === 'CREDIT' || entry === 'DEBIT' ? entry : (rule?.direction ?? 'DEBIT');
  const record: FdxTransaction = {
    accountCategory: 'DEPOSIT_ACCOUNT',
    transactionId: String(tx.id),
    postedTimestamp: timestamp,
    transactionTimestamp: timestamp,
    description: descriptionOf(
      tx.transactionType?.value,
      'Transaction',
      tx.paymentDetailData?.paymentType?.name,
    ),
    debitCreditMemo: withDirection(String(tx.amount), direction),
    status: rule?.memo ? 'MEMO' : 'POSTED',
    amount: decimalToNumber(amount),
  };
  if (rule) record.transactionType = rule.type;
  const check = tx.paymentDetailData?.checkNumber?.trim();
  if (check !== undefined && /^[0-9]{1,15}$/.test(check)) record.checkNumber = Number(check);
  return record;
}

type LoanTransactionType = NonNullable<
  Extract<FdxTransaction, { accountCategory: 'LOAN_ACCOUNT' }>['transactionType']
>;

/** How one Fineract loan transaction type is served; `internal` ones are left out. */
export type LoanRule = { type?: LoanTransactionType; direction: Direction } | 'internal';

/**
 * Fineract loan transaction types (the name after `loanTransactionType.` in the type's `code`)
 * → FDX loan transaction type and direction, seen from the loan: DEBIT adds to what is owed,
 * CREDIT takes from it.
 * - A disbursement has no FDX loan transaction type (FDX lists corrections, charges and
 *   payments; an advance of principal is none of them): it is served as a DEBIT without
 *   `transactionType`, its description says what it is.
 * - Payments of every sort (repayments, down payments, recoveries after a write-off, charge
 *   payments) are PAYMENT; the repayment that leaves nothing owing is PAYOFF.
 * - Waivers, write-offs, refunds, credits and charge adjustments are ADJUSTMENTs in the direction
 *   they move the balance; capitalised income is a FEE added to the loan.
 * - Internal bookkeeping is left out: accruals and their adjustments, income posting and
 *   amortisation, contra entries, office transfers, and charge-offs, re-ageing and
 *   re-amortisation (they reclassify or reschedule the debt; nothing owed changes).
 */
const LOAN_RULES: Readonly<Record<string, LoanRule>> = {
  disbursement: { direction: 'DEBIT' },
  repayment: { type: 'PAYMENT', direction: 'CREDIT' },
  repaymentAtDisbursement: { type: 'PAYMENT', direction: 'CREDIT' },
  recoveryRepayment: { type: 'PAYMENT', direction: 'CREDIT' },
  downPayment: { type: 'PAYMENT', direction: 'CREDIT' },
  chargePayment: { type: 'PAYMENT', direction: 'CREDIT' },
  waiveInterest: { type: 'ADJUSTMENT', direction: 'CREDIT' },
  waiveCharges: { type: 'ADJUSTMENT', direction: 'CREDIT' },
  interestPaymentWaiver: { type: 'ADJUSTMENT', direction: 'CREDIT' },
  writeOff: { type: 'ADJUSTMENT', direction: 'CREDIT' },
  merchantIssuedRefund: { type: 'ADJUSTMENT', direction: 'CREDIT' },
  payoutRefund: { type: 'ADJUSTMENT', direction: 'CREDIT' },
  goodwillCredit: { type: 'ADJUSTMENT', direction: 'CREDIT' },
  chargeRefund: { type: 'ADJUSTMENT', direction: 'CREDIT' },
  chargeAdjustment: { type: 'ADJUSTMENT', direction: 'CREDIT' },
  interestRefund: { type: 'ADJUSTMENT', direction: 'CREDIT' },
  capitalizedIncomeAdjustment: { type: 'ADJUSTMENT', direction: 'CREDIT' },
  refund: { type: 'ADJUSTMENT', direction: 'DEBIT' },
  creditBalanceRefund: { type: 'ADJUSTMENT', direction: 'DEBIT' },
  chargeback: { type: 'ADJUSTMENT', direction: 'DEBIT' },
  capitalizedIncome: { type: 'FEE', direction: 'DEBIT' },
  contra: 'internal',
  'marked.for.rescheduling': 'internal',
  accrual: 'internal',
  accrualActivity: 'internal',
  accrualAdjustment: 'internal',
  incomePosting: 'internal',
  initiateTransfer: 'internal',
  approveTransfer: 'internal',
  withdrawTransfer: 'internal',
  rejectTransfer: 'internal',
  chargeOff: 'internal',
  reAge: 'internal',
  reAmortize: 'internal',
  capitalizedIncomeAmortization: 'internal',
  capitalizedIncomeAmortizationAdjustment: 'internal',
};

/** Fineract's LoanTransactionType ids → names, for a type sent without its code. */
const LOAN_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'disbursement',
  2: 'repayment',
  3: 'contra',
  4: 'waiveInterest',
  5: 'repaymentAtDisbursement',
  6: 'writeOff',
  7: 'marked.for.rescheduling',
  8: 'recoveryRepayment',
  9: 'waiveCharges',
  10: 'accrual',
  12: 'initiateTransfer',
  13: 'approveTransfer',
  14: 'withdrawTransfer',
  15: 'rejectTransfer',
  16: 'refund',
  17: 'chargePayment',
  18: 'refund',
  19: 'incomePosting',
  20: 'creditBalanceRefund',
  21: 'merchantIssuedRefund',
  22: 'payoutRefund',
  23: 'goodwillCredit',
  24: 'chargeRefund',
  25: 'chargeback',
  26: 'chargeAdjustment',
  27: 'chargeOff',
  28: 'downPayment',
  29: 'reAge',
  30: 'reAmortize',
};

/** The name of a loan transaction type: its code without the prefix, or its id's name. */
export function loanTypeName(type: FineractLoanTransaction['type']): string | undefined {
  const code = type?.code?.replace(/^loanTransactionType\./, '');
  return code || (type?.id !== undefined ? LOAN_TYPE_NAMES[type.id] : undefined);
}

/** How a loan transaction type is served (see {@link LOAN_RULES}); undefined when unknown. */
export function loanRule(type: FineractLoanTransaction['type']): LoanRule | undefined {
  const name = loanTypeName(type);
  if (name !== undefined && Object.prototype.hasOwnProperty.call(LOAN_RULES, name)) {
    return LOAN_RULES[name];
  }
  // Newer bookkeeping types (accruals, amortisation of income) are internal too.
  if (name !== undefined && /accrual|amortization|incomePosting/i.test(name)) return 'internal';
  // An unknown code: the flags Fineract sends beside it still say what the transaction does.
  if (type?.accrual === true || type?.contra === true) return 'internal';
  if (type?.disbursement) return LOAN_RULES.disbursement;
  if (type?.repayment || type?.repaymentAtDisbursement || type?.recoveryRepayment) {
    return LOAN_RULES.repayment;
  }
  if (type?.chargePayment) return LOAN_RULES.chargePayment;
  if (type?.waiveInterest || type?.waiveCharges || type?.writeOff) return LOAN_RULES.waiveInterest;
  return undefined;
}

/**
 * A loan transaction as an FDX LOAN_ACCOUNT transaction (see {@link LOAN_RULES}); null when it is
 * not reported (reversed, internal bookkeeping, or without id, date or amount). A type this
 * table does not know is served without `transactionType`, as a CREDIT.
 */
export function toLoanTransaction(tx: FineractLoanTransaction): FdxTransaction | null {
  if (tx.manuallyReversed === true) return null;
  const rule = loanRule(tx.type);
  if (rule === 'internal') return null;
  const timestamp = toIsoDateTime(tx.date);
  const amount = absAmount(tx.amount);
  if (tx.id === undefined || timestamp === undefined || amount === undefined) return null;
  // The repayment after which nothing is owed settles the loan.
  const type =
    loanTypeName(tx.type) === 'repayment' && signOf(tx.outstandingLoanBalance) === 0
      ? 'PAYOFF'
      : rule?.type;
  return {
    accountCategory: 'LOAN_ACCOUNT',
    ...(type !== undefined ? { transactionType: type } : {}),
    transactionId: String(tx.id),
    postedTimestamp: timestamp,
    transactionTimestamp: timestamp,
    description: descriptionOf(tx.type?.value, 'Loan transaction', undefined),
    debitCreditMemo: withDirection(String(tx.amount), rule?.direction ?? 'CREDIT'),
    status: 'POSTED',
    amount: decimalToNumber(amount),
  };
}
