/**
 * Demo core records -> documented FDX shapes: allow-lists of the documented fields. Statements get
 * the `accountId` the file leaves out; their `links` are the gateway's to build.
 */
import {
  pick,
  type FdxAssetTransferNetwork,
  type FdxStatement,
  type FdxTransaction,
} from '@data-holder-gateway/adapter-sdk';

/** A statement as the demo file stores it, without its document. */
export interface DemoStatementFields {
  statementId: string;
  statementDate: string;
  description?: string;
  status?: string;
}

export function toFdxTransaction(record: FdxTransaction): FdxTransaction {
  return pick(record, [
    'accountCategory',
    'transactionType',
    'checkNumber',
    'payee',
    'transactionId',
    'postedTimestamp',
    'transactionTimestamp',
    'description',
    'debitCreditMemo',
    'status',
    'amount',
  ] as (keyof FdxTransaction)[]) as FdxTransaction;
}

export function toFdxStatement(
  accountId: string,
  record: DemoStatementFields,
): Omit<FdxStatement, 'links'> {
  return {
    accountId,
    statementId: record.statementId,
    statementDate: record.statementDate,
    ...(record.description !== undefined ? { description: record.description } : {}),
    ...(record.status !== undefined ? { status: record.status as FdxStatement['status'] } : {}),
  };
}

export function toFdxAssetTransferNetwork(
  record: FdxAssetTransferNetwork,
): FdxAssetTransferNetwork {
  return pick(record, [
    'identifier',
    'identifierType',
    'institutionName',
    'institutionId',
    'type',
    'jointAccount',
  ] as (keyof FdxAssetTransferNetwork)[]) as FdxAssetTransferNetwork;
}
