/**
 * Temenos transactions (getAccountTransactions of the transactions service) → the interface's
 * banking transaction and its detail. The list and the detail are built by one function, so a
 * transaction's detail is always its listed record plus `extendedData`.
 *
 * - Status: Transact lists booked transactions under `listType=COMPLETED` and the others under
 *   `listType=PENDING`, and books a transaction when it posts it: the caller says which
 *   (`Standing`; see temenos-transactions.ts). A posted one without a booking date is null.
 * - `transactionId`: the entry reference (Transact's id of the entry), else, for a pending
 *   transaction that has none yet, its transaction reference (the id its detail is read by).
 * - Times: a posted transaction's `postingDateTime` is its booking date; a pending one's
 *   `executionDateTime` its booking date when it has one, else the date its detail gives (its
 *   value date, else its processing date: `executedOn`). Both at 00:00 UTC (Transact keeps
 *   business dates without a time). A transaction that cannot be placed (no id, amount or date)
 *   is null.
 * - `amount` is Transact's signed amount (negative: money out), exact.
 * - `type` from the transaction type code (transaction-type.ts): fees FEE, interest
 *   INTEREST_PAID or INTEREST_CHARGED, direct debits DIRECT_DEBIT, transfers between accounts
 *   TRANSFER_INCOMING or TRANSFER_OUTGOING, other money out PAYMENT, other money in
 *   TRANSFER_INCOMING. On a loan, money in is a repayment (PAYMENT) and money out an advance
 *   (TRANSFER_OUTGOING), as the Fineract adapter types them.
 * - `description` is the narrative (else the type code); `reference` the transaction reference,
 *   '' when none.
 * - Extended data: the counterparty's name Transact shows (`displayName`) is the payee of money
 *   out and the payer of money in; `isDetailAvailable` says whether there is one. Transact's
 *   transaction detail holds account numbers and banks but no names and no NPP data: it adds
 *   nothing the interface's extended data can carry (the adapter reads it for a pending
 *   transaction's date only).
 */
import type {
  BankingTransaction,
  BankingTransactionDetail,
  TransactionExtendedData,
} from '@data-holder-gateway/adapter-sdk';
import type { TemenosTransaction, TemenosTransactionDetail } from './temenos.types';
import { movementOf, type MovementKind } from './transaction-type';
import { present, signOf, toAmount, toIsoDate, toIsoDateTime } from './values';

type CdsType = BankingTransaction['type'];

function typeOf(kind: MovementKind, moneyOut: boolean, loan: boolean): CdsType {
  if (loan && (kind === 'moneyIn' || kind === 'transfer' || kind === 'paymentOut')) {
    return moneyOut ? 'TRANSFER_OUTGOING' : 'PAYMENT';
  }
  switch (kind) {
    case 'fee':
      return 'FEE';
    case 'interest':
      return moneyOut ? 'INTEREST_CHARGED' : 'INTEREST_PAID';
    case 'directDebit':
      return 'DIRECT_DEBIT';
    case 'transfer':
      return moneyOut ? 'TRANSFER_OUTGOING' : 'TRANSFER_INCOMING';
    case 'paymentOut':
      return 'PAYMENT';
    case 'moneyIn':
      return 'TRANSFER_INCOMING';
  }
}

/** Whether the transaction has no booking date: not booked, whichever list names it. */
export function isPending(tx: TemenosTransaction): boolean {
  return present(tx.bookingDate) === undefined;
}

/** How a listed transaction stands: posted, or pending (dated by its detail when need be). */
export type Standing = { status: 'POSTED' } | { status: 'PENDING'; executedOn?: string };

/** A pending transaction's date: its booking date, else the one its detail gives. */
function pendingTime(tx: TemenosTransaction, executedOn: string | undefined) {
  return toIsoDateTime(tx.bookingDate) ?? toIsoDateTime(executedOn);
}

/** The transaction's id in the gateway (see the module comment). */
export function transactionIdOf(tx: TemenosTransaction): string | undefined {
  return present(tx.entryReference) ?? present(tx.transactionReference);
}

/** The date a pending transaction's detail gives it, `YYYY-MM-DD`; undefined when none. */
export function pendingDateOf(detail: TemenosTransactionDetail): string | undefined {
  return toIsoDate(detail.valueDate) ?? toIsoDate(detail.processingDate);
}

function extendedDataOf(tx: TemenosTransaction): TransactionExtendedData {
  const counterparty = present(tx.displayName);
  if (counterparty === undefined) return {};
  return signOf(tx.amount) === -1 ? { payee: counterparty } : { payer: counterparty };
}

function currencyOf(code: string | undefined): { currency?: string } {
  const text = present(code);
  return text !== undefined && /^[A-Z]{3}$/.test(text) ? { currency: text } : {};
}

/**
 * The record of a listed transaction of `accountId`; null when it cannot be placed.
 * @param loan whether the account is a loan (its movements are typed from the loan's side)
 */
export function toBankingTransaction(
  accountId: string,
  tx: TemenosTransaction,
  standing: Standing,
  loan = false,
): BankingTransaction | null {
  const transactionId = transactionIdOf(tx);
  const pending = standing.status === 'PENDING';
  const time = pending ? pendingTime(tx, standing.executedOn) : toIsoDateTime(tx.bookingDate);
  const amount = toAmount(tx.amount);
  if (transactionId === undefined || time === undefined || amount === undefined) return null;
  const moneyOut = signOf(amount) === -1;
  return {
    accountId,
    transactionId,
    isDetailAvailable: Object.keys(extendedDataOf(tx)).length > 0,
    type: typeOf(movementOf(tx.transactionType, moneyOut), moneyOut, loan),
    status: pending ? 'PENDING' : 'POSTED',
    description: present(tx.narrative) ?? present(tx.transactionType) ?? 'Transaction',
    ...(pending ? { executionDateTime: time } : { postingDateTime: time }),
    amount,
    ...currencyOf(tx.currencyId),
    reference: present(tx.transactionReference) ?? '',
  };
}

/** The transaction with its extended data; null when it cannot be placed. */
export function toBankingTransactionDetail(
  accountId: string,
  tx: TemenosTransaction,
  standing: Standing,
  loan = false,
): BankingTransactionDetail | null {
  const record = toBankingTransaction(accountId, tx, standing, loan);
  return record && { ...record, extendedData: extendedDataOf(tx) };
}

/** Whether a transaction's detail concerns the account (it is told from one side of it). */
export function detailConcerns(detail: TemenosTransactionDetail, accountId: string): boolean {
  return (
    present(detail.accountId) === accountId ||
    (detail.debits ?? []).some((d) => present(d.debitAccountId) === accountId) ||
    (detail.credits ?? []).some((c) => present(c.creditAccountId) === accountId)
  );
}
