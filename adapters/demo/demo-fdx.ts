/**
 * The demo core's FDX port (rows 14 to 16, the statement download, and the account methods of
 * demo-fdx-accounts.ts).
 *
 * Paging is pushed down here, as a real core would do it with an index: every account's
 * transactions and statements are sorted once, when the port is built, in the documented order
 * (newest first, ties by id), and a request binary-searches its date window and its `after`
 * position in them and copies out only the page it returns. Nothing is re-sorted or copied whole
 * per request.
 *
 * Position keys (`after`) are keyset positions, not indexes: `<postedTimestamp ms>|<transactionId>`
 * and `<statementDate>|<statementId>` of the last record returned, so a page boundary stays right
 * even if records were added since. Asset transfer and payment networks (a handful per account,
 * in the core's order) use the index of the last one returned.
 */
import { Readable } from 'node:stream';
import {
  FdxAccountNotFoundError,
  FdxInvalidRequestError,
  type DateWindow,
  type FdxPageRequest,
  type FdxPort,
  type FdxTransaction,
  type SharingRefusalReason,
  type StatementDocument,
} from '@data-holder-gateway/adapter-sdk';
import { toFdxAssetTransferNetwork, toFdxStatement, toFdxTransaction } from './mappers/fdx.mapper';
import type { DemoStatement } from './demo-data';
import { fdxAccountMethods, type FdxAccountEntry } from './demo-fdx-accounts';
import { compareIds, firstIndex, pageByPosition, pageOf } from './demo-paging';
import type { DemoStore } from './demo-store';

/** Base64 characters decoded per chunk of a statement download (a multiple of 4: 48 KiB out). */
const BASE64_CHUNK_CHARS = 64 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

interface SortedTransaction {
  /** postedTimestamp in ms since the epoch; -Infinity when absent (sorts last, in no window). */
  ms: number;
  record: FdxTransaction;
}

interface AccountIndex extends FdxAccountEntry {
  customerId: string;
  /** postedTimestamp descending, then transactionId ascending. */
  transactions: SortedTransaction[];
  /** statementDate descending, then statementId ascending. */
  statements: DemoStatement[];
  statementsById: Map<string, DemoStatement>;
}

/** Transaction order: ms descending, then id ascending. */
function compareTransactions(ms: number, id: string, otherMs: number, otherId: string): number {
  if (ms !== otherMs) return ms > otherMs ? -1 : 1;
  return compareIds(id, otherId);
}

/** Statement order: date descending, then id ascending. */
function compareStatements(date: string, id: string, otherDate: string, otherId: string): number {
  if (date !== otherDate) return date > otherDate ? -1 : 1;
  return compareIds(id, otherId);
}

/** `<head>|<id>` -> [head, id]; a key this port did not make is a bad request. */
function splitKey(key: string): [string, string] {
  const bar = key.indexOf('|');
  if (bar <= 0) throw new FdxInvalidRequestError();
  return [key.slice(0, bar), key.slice(bar + 1)];
}

function timestampMs(value: string | undefined): number {
  const ms = value === undefined ? NaN : Date.parse(value);
  return Number.isNaN(ms) ? -Infinity : ms;
}

/** Decodes a base64 document chunk by chunk: the whole decoded document is never held. */
function base64Stream(document: string): StatementDocument {
  const significant = document.replace(/=+$/, '').length;
  async function* chunks() {
    for (let i = 0; i < document.length; i += BASE64_CHUNK_CHARS) {
      yield Buffer.from(document.slice(i, i + BASE64_CHUNK_CHARS), 'base64');
    }
  }
  return {
    contentType: 'application/pdf',
    contentLength: Math.floor((significant * 3) / 4),
    body: Readable.from(chunks(), { objectMode: false }),
  };
}

/** The account's `sharingRefusal`, when the file gives one. */
const refusalOf = (account: { sharingRefusal?: SharingRefusalReason }) =>
  account.sharingRefusal !== undefined ? { sharingRefusal: account.sharingRefusal } : {};

function buildIndexes(store: DemoStore): Map<string, AccountIndex> {
  const indexes = new Map<string, AccountIndex>();
  for (const customer of store.data.customers) {
    for (const account of customer.bankingAccounts ?? []) {
      const fdx = account.fdx;
      const transactions = (fdx?.transactions ?? [])
        .map((record) => ({ ms: timestampMs(record.postedTimestamp), record }))
        .sort((a, b) =>
          compareTransactions(a.ms, a.record.transactionId, b.ms, b.record.transactionId),
        );
      const statements = [...(fdx?.statements ?? [])].sort((a, b) =>
        compareStatements(a.statementDate, a.statementId, b.statementDate, b.statementId),
      );
      indexes.set(account.accountId, {
        customerId: customer.customerId,
        info: {
          status: fdx?.status ?? account.openStatus ?? 'OPEN',
          supportsFdx: fdx !== undefined,
          supportsAssetTransferNetworks: fdx?.assetTransferNetworks !== undefined,
          ...refusalOf(account),
        },
        banking: account,
        transactions,
        statements,
        statementsById: new Map(statements.map((s) => [s.statementId, s])),
      });
    }
    // Energy accounts are the customer's, but their type has no FDX data (704).
    for (const account of customer.energyAccounts ?? []) {
      indexes.set(account.accountId, {
        customerId: customer.customerId,
        info: {
          status: account.openStatus ?? 'OPEN',
          supportsFdx: false,
          supportsAssetTransferNetworks: false,
          ...refusalOf(account),
        },
        energy: account,
        transactions: [],
        statements: [],
        statementsById: new Map(),
      });
    }
  }
  return indexes;
}

export function demoFdxPort(store: DemoStore): FdxPort {
  const indexes = buildIndexes(store);

  /** The customer's account (CustomerNotFoundError first), or undefined. */
  const find = (customerId: string, accountId: string): AccountIndex | undefined => {
    store.customer(customerId);
    const index = indexes.get(accountId);
    return index && index.customerId === customerId ? index : undefined;
  };
  const owned = (customerId: string, accountId: string): AccountIndex => {
    const index = find(customerId, accountId);
    if (!index) throw new FdxAccountNotFoundError();
    return index;
  };

  return {
    async getAccountInfo(customerId, accountId) {
      const index = find(customerId, accountId);
      return index ? { ...index.info } : null;
    },

    async listTransactions(customerId, accountId, window: Partial<DateWindow>, page) {
      const { transactions } = owned(customerId, accountId);
      const n = transactions.length;
      const endMs =
        window.newest === undefined ? Infinity : Date.parse(`${window.newest}T00:00:00Z`) + DAY_MS;
      const startMs =
        window.oldest === undefined ? -Infinity : Date.parse(`${window.oldest}T00:00:00Z`);
      // Inclusive days: postedTimestamp in [start 00:00, end + 1 day 00:00) UTC.
      const lo =
        window.newest === undefined ? 0 : firstIndex(n, (i) => transactions[i]!.ms < endMs);
      const hi =
        window.oldest === undefined ? n : firstIndex(n, (i) => transactions[i]!.ms < startMs);
      let start = lo;
      if (page.after !== undefined) {
        const [head, id] = splitKey(page.after);
        const ms = Number(head);
        if (Number.isNaN(ms)) throw new FdxInvalidRequestError();
        start = firstIndex(n, (i) => {
          const t = transactions[i]!;
          return compareTransactions(t.ms, t.record.transactionId, ms, id) > 0;
        });
      }
      return pageOf(
        lo,
        hi,
        start,
        page.limit,
        (i) => toFdxTransaction(transactions[i]!.record),
        (i) => `${transactions[i]!.ms}|${transactions[i]!.record.transactionId}`,
      );
    },

    async listStatements(customerId, accountId, window: Partial<DateWindow>, page) {
      const { statements } = owned(customerId, accountId);
      const n = statements.length;
      const { oldest, newest } = window;
      const lo =
        newest === undefined ? 0 : firstIndex(n, (i) => statements[i]!.statementDate <= newest);
      const hi =
        oldest === undefined ? n : firstIndex(n, (i) => statements[i]!.statementDate < oldest);
      let start = lo;
      if (page.after !== undefined) {
        const [date, id] = splitKey(page.after);
        start = firstIndex(n, (i) => {
          const s = statements[i]!;
          return compareStatements(s.statementDate, s.statementId, date, id) > 0;
        });
      }
      return pageOf(
        lo,
        hi,
        start,
        page.limit,
        (i) => toFdxStatement(accountId, statements[i]!),
        (i) => `${statements[i]!.statementDate}|${statements[i]!.statementId}`,
      );
    },

    async getStatementDocument(customerId, accountId, statementId) {
      const statement = owned(customerId, accountId).statementsById.get(statementId);
      return statement ? base64Stream(statement.document) : null;
    },

    async listAssetTransferNetworks(customerId, accountId, page: FdxPageRequest) {
      const networks = owned(customerId, accountId).banking?.fdx?.assetTransferNetworks ?? [];
      return pageByPosition(networks, page, toFdxAssetTransferNetwork);
    },

    ...fdxAccountMethods(store, find),
  };
}
