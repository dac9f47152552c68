/** Template core transactions → FDX deposit transactions (row 14). */
import {
  absolute,
  isNegative,
  toAmount,
  type FdxDepositTransactionType,
  type FdxTransaction,
} from '@data-holder-gateway/adapter-sdk';
import type { CoreTransaction } from './core-payloads';

/** Core transaction kind → FDX transaction type; kinds not listed carry no type. */
const TRANSACTION_TYPE: Readonly<Record<string, FdxDepositTransactionType>> = {
  CARD_PURCHASE: 'POSDEBIT',
  CARD_REFUND: 'POSCREDIT',
  ATM: 'ATMWITHDRAWAL',
  TRANSFER: 'TRANSFER',
  DEPOSIT: 'DEPOSIT',
  SALARY: 'DIRECTDEPOSIT',
  BILL: 'BILLPAYMENT',
  FEE: 'FEE',
  INTEREST: 'INTEREST',
  CHEQUE: 'CHECK',
};

export function toFdxTransaction(transaction: CoreTransaction): FdxTransaction {
  const amount = toAmount(transaction.amount);
  const type = transaction.kind !== undefined ? TRANSACTION_TYPE[transaction.kind] : undefined;
  const cheque = transaction.chequeNumber !== undefined ? Number(transaction.chequeNumber) : NaN;
  return {
    accountCategory: 'DEPOSIT_ACCOUNT',
    ...(type !== undefined ? { transactionType: type } : {}),
    ...(Number.isSafeInteger(cheque) ? { checkNumber: cheque } : {}),
    ...(transaction.merchant !== undefined ? { payee: transaction.merchant.slice(0, 255) } : {}),
    transactionId: transaction.id,
    ...(transaction.postedAt ? { postedTimestamp: transaction.postedAt } : {}),
    transactionTimestamp: transaction.transactedAt,
    description: transaction.description,
    debitCreditMemo: isNegative(amount) ? 'DEBIT' : 'CREDIT',
    status: transaction.status === 'pending' ? 'PENDING' : 'POSTED',
    // FDX amounts are JSON numbers (absolute; the direction is in debitCreditMemo).
    amount: Number(absolute(amount)),
  };
}
