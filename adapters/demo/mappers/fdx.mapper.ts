/**
 * Demo core records -> documented FDX shapes: allow-lists of the documented fields. Statements get
 * the `accountId` the file leaves out; their `links` are the gateway's to build. Descriptors,
 * account details and contacts come from the banking and customer records through the SDK's FDX
 * record helpers, as every adapter builds them.
 */
import {
  fdxAccountOf,
  fdxContactOf,
  fdxDescriptorOf,
  pick,
  type Balance,
  type BankingAccountRecord,
  type CustomerDetail,
  type FdxAccount,
  type FdxAccountDescriptorRecord,
  type FdxAccountContact,
  type FdxAccountHolder,
  type FdxAccountStatus,
  type FdxAssetTransferNetwork,
  type FdxPaymentNetwork,
  type FdxStatement,
  type FdxTransaction,
  type SharingRefusalReason,
} from '@data-holder-gateway/adapter-sdk';
import { toBalance, toBankingAccount } from './banking.mapper';
import { toCustomerDetail } from './common.mapper';

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

export function toFdxPaymentNetwork(record: FdxPaymentNetwork): FdxPaymentNetwork {
  return pick(record, ['bankId', 'identifier', 'type', 'transferIn', 'transferOut'] as const);
}

/** The descriptor of a banking account, with the status and refusal its FDX info gives. */
export function toFdxAccountDescriptor(
  account: BankingAccountRecord,
  status: FdxAccountStatus,
  sharingRefusal: SharingRefusalReason | undefined,
): FdxAccountDescriptorRecord {
  return {
    ...fdxDescriptorOf(toBankingAccount(account), status),
    ...(sharingRefusal !== undefined ? { sharingRefusal } : {}),
  };
}

/** A banking account with its balances and terms. */
export function toFdxAccount(
  account: BankingAccountRecord,
  balance: Pick<Balance, 'currentBalance' | 'availableBalance'>,
  status: FdxAccountStatus,
): FdxAccount {
  return fdxAccountOf(toBankingAccount(account), toBalance(account.accountId, balance), status);
}

/** One holder of an account: the customer's detail as the file stores it, and the relationship. */
export interface DemoContactHolder {
  detail: CustomerDetail;
  relationship: NonNullable<FdxAccountHolder['relationship']>;
}

/** The contact of an account held by `holders`, the customer first. */
export function toFdxAccountContact(holders: readonly DemoContactHolder[]): FdxAccountContact {
  return fdxContactOf(
    holders.map((h) => ({ detail: toCustomerDetail(h.detail), relationship: h.relationship })),
  );
}
