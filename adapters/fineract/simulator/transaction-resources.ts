/**
 * The simulator's savings-family transaction resources, as Fineract's search service and read
 * platform answer them:
 * - the search (`/v1/savingsaccounts/{id}/transactions/search`) over any savings-table account:
 *   reversal entries never come (Fineract filters `is_reversal = false`); `fromDate`/`toDate` are
 *   inclusive transaction dates, `fromAmount`/`toAmount` inclusive bounds of the (unsigned)
 *   amount, `types` a list of type ids, `credit`/`debit` the types of that entry type (combined
 *   as Fineract combines them); `offset` is the PAGE NUMBER and `limit` the page size (default
 *   50): Fineract makes a Spring `PageRequest.of(offset, limit)` of them; `orderBy` is a list of
 *   `transactionDate` and `id`, all sorted in `sortOrder`; a value JAX-RS cannot convert (an
 *   amount that is not a decimal) is 404, as JAX-RS answers it;
 * - one transaction under its account (`/v1/{savingsaccounts|fixeddepositaccounts|
 *   recurringdepositaccounts}/{id}/transactions/{transactionId}`), only for an account of that
 *   deposit type: any miss (unknown id, another account's transaction, another deposit type) is
 *   the 500 Fineract's catch-all mapper answers for an empty single-row read.
 */
import { Decimal } from '@data-holder-gateway/adapter-sdk';
import type { FineractDataset, Json } from './dataset';
import { emptyResult, invalid, notFound } from './fineract-errors';
import { dateParam, intParam, isoDate, num, pathId } from './wire-values';

/** Fineract's page size when the search gets no `limit` (SearchUtil.DEFAULT_PAGE_SIZE). */
const DEFAULT_LIMIT = 50;

/** Entry type of each SavingsAccountTransactionType id (none for 6, 10, 12 to 16). */
const ENTRY_TYPES: Readonly<Record<number, 'CREDIT' | 'DEBIT' | undefined>> = {
  1: 'CREDIT',
  2: 'DEBIT',
  3: 'CREDIT',
  4: 'DEBIT',
  5: 'DEBIT',
  6: undefined,
  7: 'DEBIT',
  8: 'CREDIT',
  10: undefined,
  12: undefined,
  13: undefined,
  14: undefined,
  15: undefined,
  16: undefined,
  17: 'DEBIT',
  18: 'DEBIT',
  19: 'DEBIT',
  20: 'DEBIT',
  21: 'CREDIT',
};
const VALID_TYPES = Object.keys(ENTRY_TYPES).map(Number);

type TypeTest = (id: number) => boolean;

/** JAX-RS's Boolean conversion: "true" in any case is true, anything else false. */
const bool = (raw: string | undefined) => (raw === undefined ? undefined : /^true$/i.test(raw));

/**
 * The type ids the `credit`, `debit` and `types` parameters leave, as Fineract's search combines
 * them; undefined when none of them is given.
 */
function allowedTypes(query: Record<string, string>): Set<number> | undefined {
  const credit = bool(query.credit);
  const debit = bool(query.debit);
  let test: TypeTest | undefined;
  if (credit !== undefined) {
    const isCredit: TypeTest = (t) => ENTRY_TYPES[t] === 'CREDIT';
    test = credit ? isCredit : (t) => !isCredit(t);
  }
  if (debit !== undefined) {
    const isDebit: TypeTest = (t) => ENTRY_TYPES[t] === 'DEBIT';
    const d: TypeTest = debit ? isDebit : (t) => !isDebit(t);
    const c = test;
    test = c === undefined ? d : credit && debit ? (t) => c(t) || d(t) : (t) => c(t) && d(t);
  }
  if (query.types !== undefined) {
    const listed = query.types.split(',');
    const c = test;
    const inList: TypeTest = (t) => listed.includes(String(t));
    test = c === undefined ? inList : (t) => c(t) && inList(t);
  }
  return test && new Set(VALID_TYPES.filter(test));
}

/** An amount bound: a decimal, or 404 (JAX-RS cannot make the BigDecimal). */
function amountParam(query: Record<string, string>, name: string): Decimal | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (!/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(raw)) throw notFound();
  return new Decimal(raw);
}

/** The comparator of `orderBy` (`transactionDate`, `id`, comma-separated) and `sortOrder`. */
function searchOrder(query: Record<string, string>): (x: Json, y: Json) => number {
  const properties = (query.orderBy ?? 'transactionDate').split(',').map((p) => p.trim());
  for (const p of properties) {
    if (p !== 'transactionDate' && p !== 'id') {
      throw invalid(
        'orderBy',
        'validation.msg.invalid.orderBy',
        `Sorting by \`${p}\` is not supported.`,
        p,
      );
    }
  }
  const sortOrder = (query.sortOrder ?? 'DESC').toUpperCase();
  if (sortOrder !== 'ASC' && sortOrder !== 'DESC') {
    throw invalid(
      'sortOrder',
      'validation.msg.invalid.sortOrder',
      `The sort order \`${query.sortOrder}\` is not ASC or DESC.`,
      query.sortOrder,
    );
  }
  const sign = sortOrder === 'DESC' ? -1 : 1;
  // Without `id` the simulator still breaks ties by id, so its pages never overlap.
  const keys = properties.includes('id') ? properties : [...properties, 'id'];
  return (x, y) => {
    for (const key of keys) {
      const [a, b] = key === 'id' ? [num(x.id), num(y.id)] : [isoDate(x.date), isoDate(y.date)];
      if (a !== b) return sign * (a < b ? -1 : 1);
    }
    return 0;
  };
}

const amountOf = (t: Json) => new Decimal(String(t.amount));

export class TransactionResources {
  constructor(
    private readonly data: FineractDataset,
    /** The savings-table accounts of each deposit type, by id. */
    private readonly byType: Readonly<Record<'sav' | 'fd' | 'rd', ReadonlyMap<number, Json>>>,
  ) {}

  /** The search over the savings-table account `id` (see the module comment). */
  search(id: number, query: Record<string, string>): Json {
    const from = dateParam(query, 'fromDate');
    const to = dateParam(query, 'toDate');
    const fromAmount = amountParam(query, 'fromAmount');
    const toAmount = amountParam(query, 'toAmount');
    const page = intParam(query, 'offset', 0);
    const limit = intParam(query, 'limit', DEFAULT_LIMIT, 1);
    const order = searchOrder(query);
    const types = allowedTypes(query);
    if (types?.size === 0) return { total: 0, content: [] };
    const matching = (this.data.savingsTransactions[String(id)] ?? []).filter((t) => {
      const d = isoDate(t.date);
      const type = num((t.transactionType as Json | undefined)?.id);
      return (
        t.isReversal !== true &&
        (from === undefined || d >= from) &&
        (to === undefined || d <= to) &&
        (fromAmount === undefined || amountOf(t).gte(fromAmount)) &&
        (toAmount === undefined || amountOf(t).lte(toAmount)) &&
        (types === undefined || types.has(type))
      );
    });
    matching.sort(order);
    return { total: matching.length, content: matching.slice(page * limit, page * limit + limit) };
  }

  /** One transaction of an account of deposit type `kind` (see the module comment). */
  transaction(kind: 'sav' | 'fd' | 'rd', rawAccountId: string, rawTransactionId: string): Json {
    const accountId = pathId(rawAccountId);
    const transactionId = pathId(rawTransactionId);
    // A path value that is not a long matches no resource.
    if (accountId === undefined || transactionId === undefined) throw notFound();
    const found = this.byType[kind].has(accountId)
      ? this.data.savingsTransactions[String(accountId)]?.find((t) => num(t.id) === transactionId)
      : undefined;
    if (!found) throw emptyResult();
    return found;
  }

  /** One loan transaction under its loan: 404 when the loan has no transaction of that id. */
  loanTransaction(rawLoanId: string, rawTransactionId: string): Json {
    const loanId = pathId(rawLoanId);
    const transactionId = pathId(rawTransactionId);
    if (loanId === undefined || transactionId === undefined) throw notFound();
    const found = this.data.loanTransactions[String(loanId)]?.find(
      (t) => num(t.id) === transactionId,
    );
    if (!found) {
      throw notFound(
        'error.msg.loan.transaction.id.invalid',
        `Transaction with identifier ${transactionId} does not exist`,
        transactionId,
      );
    }
    return found;
  }
}
