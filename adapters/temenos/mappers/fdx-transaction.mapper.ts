/**
 * Temenos posted transactions → the FDX transaction. A loan's transactions are LOAN_ACCOUNT ones,
 * every other account's DEPOSIT_ACCOUNT ones (FDX has no line-of-credit transactions).
 *
 * - `postedTimestamp` and `transactionTimestamp` are the booking date at 00:00 UTC; the FDX list
 *   holds posted transactions only (it is windowed on the posted time, which a pending one lacks).
 * - `amount` is the absolute amount, a JSON number made once from the exact text; the direction
 *   is `debitCreditMemo`, from Transact's sign (negative: a DEBIT).
 * - Types (transaction-type.ts): fees FEE, interest INTEREST; on a deposit account a transfer
 *   between accounts TRANSFER, other money in DEPOSIT, other money out WITHDRAWAL (a direct debit
 *   too); on a loan money in is a PAYMENT, and an advance (money out) has no FDX loan type.
 */
import type { FdxTransaction } from '@data-holder-gateway/adapter-sdk';
import { transactionIdOf } from './banking-transaction.mapper';
import type { TemenosTransaction } from './temenos.types';
import { movementOf, type MovementKind } from './transaction-type';
import { absAmount, present, signOf, toIsoDateTime } from './values';

type DepositType = NonNullable<
  Extract<FdxTransaction, { accountCategory: 'DEPOSIT_ACCOUNT' }>['transactionType']
>;
type LoanType = NonNullable<
  Extract<FdxTransaction, { accountCategory: 'LOAN_ACCOUNT' }>['transactionType']
>;

const DEPOSIT_TYPES: Readonly<Record<MovementKind, DepositType>> = {
  fee: 'FEE',
  interest: 'INTEREST',
  directDebit: 'WITHDRAWAL',
  transfer: 'TRANSFER',
  paymentOut: 'WITHDRAWAL',
  moneyIn: 'DEPOSIT',
};

function loanTypeOf(kind: MovementKind, moneyOut: boolean): LoanType | undefined {
  if (kind === 'fee') return 'FEE';
  if (kind === 'interest') return 'INTEREST';
  return moneyOut ? undefined : 'PAYMENT';
}

/** The FDX transaction of a posted Temenos transaction; null when it cannot be placed. */
export function toFdxTransaction(tx: TemenosTransaction, loan: boolean): FdxTransaction | null {
  const transactionId = transactionIdOf(tx);
  const time = toIsoDateTime(tx.bookingDate);
  const amount = absAmount(tx.amount);
  if (transactionId === undefined || time === undefined || amount === undefined) return null;
  const moneyOut = signOf(tx.amount) === -1;
  const kind = movementOf(tx.transactionType, moneyOut);
  const common = {
    transactionId,
    postedTimestamp: time,
    transactionTimestamp: time,
    description: present(tx.narrative) ?? present(tx.transactionType) ?? 'Transaction',
    debitCreditMemo: moneyOut ? ('DEBIT' as const) : ('CREDIT' as const),
    status: 'POSTED' as const,
    amount: Number(amount),
  };
  if (!loan) {
    return { accountCategory: 'DEPOSIT_ACCOUNT', transactionType: DEPOSIT_TYPES[kind], ...common };
  }
  const type = loanTypeOf(kind, moneyOut);
  return {
    accountCategory: 'LOAN_ACCOUNT',
    ...(type !== undefined ? { transactionType: type } : {}),
    ...common,
  };
}
