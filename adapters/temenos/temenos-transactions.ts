/**
 * The banking transactions of the Temenos adapter: an account's list and one transaction.
 *
 * Transact lists an account's transactions with getAccountTransactions of the transactions
 * service (`GET /api/v1.0.0/holdings/transactions?accountId&listType&dateFrom&dateTo`): booked
 * ones under `listType=COMPLETED`, the others under `listType=PENDING`. Its records carry no
 * status of their own, so both lists of the window are read side by side (every page) and a
 * transaction is posted when the booked list names it with a booking date, pending otherwise. A
 * pending transaction without a booking date carries no date at all in the list: its detail
 * (getTransactionDetails, `GET /api/v1.0.0/holdings/transactions/{reference}`) gives its value
 * date, one call per such transaction (usually few).
 *
 * The list then filters (the exact window, the signed amount range, the text in the description
 * or reference), orders (newest first, a day's transactions by id) and cuts the page itself:
 * Transact has no order parameter, and its amount filters bound the absolute amount. The account
 * is checked against the customer's account list first: no other account's transactions are read.
 *
 * One transaction: looked up by its entry reference in the booked list, then in the pending list;
 * a pending one known by its transaction reference (it has no entry yet) through its detail and
 * the pending list of its date. Each is exactly its listed record.
 */
import {
  mapLimit,
  type BankingTransaction,
  type BankingTransactionDetail,
  type BankingTransactionPage,
  type BankingTransactionQuery,
  type CallContext,
} from '@data-holder-gateway/adapter-sdk';
import {
  dateRangeOf,
  detailConcerns,
  inAmountRange,
  isEmptyRange,
  isPending,
  matchesText,
  newestFirst,
  pendingDateOf,
  present,
  toBankingTransaction,
  toBankingTransactionDetail,
  toIsoDate,
  transactionIdOf,
  type AmountRange,
  type DateRange,
  type Standing,
  type TemenosList,
  type TemenosRecord,
  type TemenosTransaction,
  type TemenosTransactionDetail,
} from './mappers';
import type { TemenosAccounts } from './temenos-accounts';
import { SERVICES } from './temenos-client';

/** Transact's lists of an account's transactions. */
export type ListType = 'COMPLETED' | 'PENDING';

/** What one read of an account's transactions asks. */
export interface TransactionFilter {
  listType: ListType;
  /** Inclusive dates (a booking date; Transact bounds a pending one by its value date). */
  dates?: Partial<DateRange>;
  entryReference?: string;
}

/** What a Transact transaction id can be; anything else is no transaction of the account. */
const TRANSACTION_ID = /^[A-Za-z0-9][A-Za-z0-9._;-]{0,63}$/;

/**
 * Every transaction of one of the account's lists (every page). A booked one outside the dates
 * or of another id is left out here too, whatever Transact's filters did; one without a booking
 * date is dated later.
 */
export async function readTransactions(
  temenos: TemenosAccounts,
  accountId: string,
  filter: TransactionFilter,
  ctx: CallContext,
): Promise<TemenosTransaction[]> {
  const { listType, dates, entryReference } = filter;
  const records = await temenos.enquiry<TemenosTransaction>(
    {
      operation: `transactions.${listType.toLowerCase()}`,
      service: SERVICES.v1,
      path: '/holdings/transactions',
      query: { accountId, listType, dateFrom: dates?.from, dateTo: dates?.to, entryReference },
    },
    ctx,
  );
  return (records ?? []).filter((tx) => {
    if (tx.accountId !== undefined && tx.accountId !== accountId) return false;
    if (entryReference !== undefined && tx.entryReference !== entryReference) return false;
    return isPending(tx) || inDates(toIsoDate(tx.bookingDate), dates);
  });
}

function inDates(date: string | undefined, dates: Partial<DateRange> | undefined): boolean {
  if (!dates) return true;
  if (date === undefined) return false;
  return (!dates.from || date >= dates.from) && (!dates.to || date <= dates.to);
}

/** A listed transaction and how it stands. */
interface Listed {
  tx: TemenosTransaction;
  standing: Standing;
}

export class TemenosTransactions {
  constructor(private readonly temenos: TemenosAccounts) {}

  /** One page of the account's transactions (see the module comment). */
  async list(
    customerId: string,
    accountId: string,
    query: BankingTransactionQuery,
    ctx: CallContext,
  ): Promise<BankingTransactionPage> {
    const accounts = await this.temenos.accounts(customerId, ctx);
    const dates = dateRangeOf(query.oldest, query.newest);
    const amounts: AmountRange = {
      ...(query.minAmount !== undefined ? { min: query.minAmount } : {}),
      ...(query.maxAmount !== undefined ? { max: query.maxAmount } : {}),
    };
    const own = this.temenos.ownedAmong(accounts, accountId);
    if (!own || !dates || isEmptyRange(amounts)) return { records: [], total: 0 };
    const [booked, pending] = await Promise.all(
      (['COMPLETED', 'PENDING'] as const).map((listType) =>
        readTransactions(this.temenos, accountId, { listType, dates }, ctx),
      ),
    );
    const listed = await this.standings(accountId, booked!, pending!, ctx);
    const matching = records(accountId, listed, dates, own.kind === 'loan')
      .filter((t) => inAmountRange(t.amount, amounts) && matchesText(t, query.text))
      .sort(newestFirst);
    return {
      records: matching.slice(query.offset, query.offset + query.limit),
      total: matching.length,
    };
  }

  /**
   * How each transaction of both lists stands, each once: posted when the booked list names it
   * with a booking date; else pending, dated by its detail when it has no booking date.
   */
  private async standings(
    accountId: string,
    booked: readonly TemenosTransaction[],
    pending: readonly TemenosTransaction[],
    ctx: CallContext,
  ): Promise<Listed[]> {
    const posted = booked.filter((tx) => !isPending(tx));
    const seen = new Set(posted.map(transactionIdOf));
    const others = [...booked.filter(isPending), ...pending].filter((tx) => {
      const id = transactionIdOf(tx);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    const dates = await mapLimit(others, this.temenos.parallel, async (tx) =>
      isPending(tx) ? this.detailDate(tx.transactionReference, accountId, ctx) : undefined,
    );
    return [
      ...posted.map((tx): Listed => ({ tx, standing: { status: 'POSTED' } })),
      ...others.map((tx, i): Listed => {
        const executedOn = dates[i];
        return { tx, standing: { status: 'PENDING', ...(executedOn ? { executedOn } : {}) } };
      }),
    ];
  }

  /** The date a pending transaction's detail gives; undefined without one for the account. */
  private async detailDate(
    reference: string | undefined,
    accountId: string,
    ctx: CallContext,
  ): Promise<string | undefined> {
    const detail = await this.detail(present(reference), accountId, ctx);
    return detail && pendingDateOf(detail);
  }

  /** A transaction's detail when it concerns the account; undefined otherwise. */
  private async detail(
    reference: string | undefined,
    accountId: string,
    ctx: CallContext,
  ): Promise<TemenosTransactionDetail | undefined> {
    if (reference === undefined || !TRANSACTION_ID.test(reference)) return undefined;
    const path = `/holdings/transactions/${encodeURIComponent(reference)}`;
    const answer = await this.temenos.http.get<
      TemenosList<TemenosTransactionDetail> | TemenosRecord<TemenosTransactionDetail>
    >('transactions.get', SERVICES.v1, path, {}, ctx);
    // An enquiry answers a list of one; a record read answers the record itself.
    const body = answer?.body;
    const detail = Array.isArray(body) ? body[0] : body;
    return detail && detailConcerns(detail, accountId) ? detail : undefined;
  }

  /** One transaction of the account with its extended data; null when it has none of that id. */
  async get(
    customerId: string,
    accountId: string,
    transactionId: string,
    ctx: CallContext,
  ): Promise<BankingTransactionDetail | null> {
    const accounts = await this.temenos.accounts(customerId, ctx);
    const own = this.temenos.ownedAmong(accounts, accountId);
    if (!own || !TRANSACTION_ID.test(transactionId)) return null;
    const loan = own.kind === 'loan';
    const byEntry = (listType: ListType) =>
      readTransactions(this.temenos, accountId, { listType, entryReference: transactionId }, ctx);
    const [booked] = (await byEntry('COMPLETED')).filter((tx) => !isPending(tx));
    if (booked) return toBankingTransactionDetail(accountId, booked, { status: 'POSTED' }, loan);
    const [entry] = await byEntry('PENDING');
    if (entry && !isPending(entry)) {
      return toBankingTransactionDetail(accountId, entry, { status: 'PENDING' }, loan);
    }
    return this.byReference(accountId, transactionId, loan, ctx);
  }

  /**
   * A transaction known by its transaction reference (a pending one has no entry yet): its
   * detail gives its date, and the list of that date (booked when it has a booking date) holds it.
   */
  private async byReference(
    accountId: string,
    reference: string,
    loan: boolean,
    ctx: CallContext,
  ): Promise<BankingTransactionDetail | null> {
    const detail = await this.detail(reference, accountId, ctx);
    if (!detail) return null;
    const bookedOn = toIsoDate(detail.bookingDate);
    const date = bookedOn ?? pendingDateOf(detail);
    if (date === undefined) return null;
    const listType: ListType = bookedOn !== undefined ? 'COMPLETED' : 'PENDING';
    const filter = { listType, dates: { from: date, to: date } };
    const sameDay = await readTransactions(this.temenos, accountId, filter, ctx);
    const found = sameDay.find((tx) => transactionIdOf(tx) === reference);
    if (!found) return null;
    const standing: Standing = isPending(found)
      ? { status: 'PENDING', executedOn: date }
      : { status: listType === 'COMPLETED' ? 'POSTED' : 'PENDING' };
    return toBankingTransactionDetail(accountId, found, standing, loan);
  }
}

/** The records of the listed transactions within the dates, each id once. */
function records(
  accountId: string,
  listed: readonly Listed[],
  dates: DateRange,
  loan: boolean,
): BankingTransaction[] {
  const byId = new Map<string, BankingTransaction>();
  for (const { tx, standing } of listed) {
    const record = toBankingTransaction(accountId, tx, standing, loan);
    const time = (record?.postingDateTime ?? record?.executionDateTime)?.slice(0, 10);
    if (record && inDates(time, dates) && !byId.has(record.transactionId)) {
      byId.set(record.transactionId, record);
    }
  }
  return [...byId.values()];
}
