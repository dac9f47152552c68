/**
 * Template core transactions → the /v1 banking transaction and its detail. Field by field; the
 * amount stays the core's exact signed decimal (negative: money out). The detail's extended data
 * comes from the core's NPP block; `isDetailAvailable` in the list says whether it has any, so
 * the list and the detail are built from the same function and always agree.
 */
import {
  isNegative,
  toAmount,
  type BankingTransaction,
  type BankingTransactionDetail,
  type TransactionExtendedData,
} from '@data-holder-gateway/adapter-sdk';
import type { CoreNppDetails, CoreTransaction } from './core-payloads';

type TransactionType = BankingTransaction['type'];
type NppService = NonNullable<TransactionExtendedData['nppPayload']>['service'];

/** Core transaction kinds whose type does not depend on the direction of the money. */
const TYPE: Readonly<Record<string, TransactionType>> = {
  CARD_PURCHASE: 'PAYMENT',
  BILL: 'PAYMENT',
  FEE: 'FEE',
  DIRECT_DEBIT: 'DIRECT_DEBIT',
};
/** Kinds that are a transfer (or interest) in when positive and out when negative. */
const TRANSFERS: ReadonlySet<string> = new Set(['TRANSFER', 'SALARY', 'DEPOSIT']);
const NPP_SERVICES: readonly NppService[] = ['X2P1', 'IFTI', 'BSCT', 'CATSCT'];

/** An NPP service the mapper has no row for: failing loudly beats guessing. */
export class UnknownNppServiceError extends Error {
  constructor() {
    super('unknown NPP service');
    this.name = 'UnknownNppServiceError';
  }
}

function transactionType(kind: string | undefined, moneyOut: boolean): TransactionType {
  if (kind === 'INTEREST') return moneyOut ? 'INTEREST_CHARGED' : 'INTEREST_PAID';
  if (kind !== undefined && TRANSFERS.has(kind))
    return moneyOut ? 'TRANSFER_OUTGOING' : 'TRANSFER_INCOMING';
  return (kind !== undefined ? TYPE[kind] : undefined) ?? 'OTHER';
}

/** The extended data of the core's NPP block; `{}` when the transaction has none. */
function extendedData(npp: CoreNppDetails | undefined): TransactionExtendedData {
  if (npp === undefined) return {};
  const service = NPP_SERVICES.find((s) => s === npp.service);
  if (!service) throw new UnknownNppServiceError();
  return {
    ...(npp.payerName !== undefined ? { payer: npp.payerName } : {}),
    ...(npp.payeeAlias !== undefined ? { payee: npp.payeeAlias } : {}),
    extensionUType: 'nppPayload',
    nppPayload: {
      ...(npp.message !== undefined ? { extendedDescription: npp.message } : {}),
      ...(npp.endToEndId !== undefined ? { endToEndId: npp.endToEndId } : {}),
      ...(npp.purpose !== undefined ? { purposeCode: npp.purpose } : {}),
      service,
      // The overlay's version in two digits: `3` → "03".
      serviceVersion: String(npp.version).padStart(2, '0'),
    },
  };
}

function fields(accountId: string, t: CoreTransaction, detailed: boolean): BankingTransaction {
  const amount = toAmount(t.amount);
  const posted = t.status === 'posted';
  return {
    accountId,
    transactionId: t.id,
    isDetailAvailable: detailed,
    type: transactionType(t.kind, isNegative(amount)),
    status: posted ? 'POSTED' : 'PENDING',
    description: t.description,
    ...(posted && t.postedAt ? { postingDateTime: t.postedAt } : {}),
    executionDateTime: t.transactedAt,
    amount,
    reference: t.reference ?? '',
    ...(t.merchant !== undefined ? { merchantName: t.merchant } : {}),
  };
}

/** A transaction of the list (the account's id from the path: core items do not carry it). */
export function toBankingTransaction(accountId: string, t: CoreTransaction): BankingTransaction {
  return fields(accountId, t, Object.keys(extendedData(t.npp)).length > 0);
}

/** A transaction with its extended data. */
export function toBankingTransactionDetail(
  accountId: string,
  t: CoreTransaction,
): BankingTransactionDetail {
  const extended = extendedData(t.npp);
  return { ...fields(accountId, t, Object.keys(extended).length > 0), extendedData: extended };
}
