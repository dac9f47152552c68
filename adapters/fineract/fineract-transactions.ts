/**
 * The banking transactions of the Fineract adapter: an account's list and one transaction.
 *
 * The list reads the whole window of the account and cuts the page itself, because Fineract's
 * count and order are not the interface's: its savings search counts reversed transactions
 * (which are not served) in `total`, sorts every property in one direction (the interface orders
 * a day's transactions by id ascending), and loan transactions have no date filter at all. So the
 * search is asked for the window's dates, the served types and what it can filter of the amount
 * (`savingsSearchFilters`), `FINERACT_PAGE_SIZE` records a call (`offset` is Fineract's page
 * number; the pages after the first side by side, once the first has said how many there are),
 * and the adapter filters, orders, counts and pages what comes back; loan transaction pages are
 * read newest first until one is older than the window (Fineract cannot filter them by date). Fineract cannot search text:
 * a query with `text` is answered without that filter, and says so (`textIgnored`).
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
  inAmountRange,
  isEmptyRange,
  newestFirst,
  savingsSearchFilters,
  toBankingTransactionDetail,
  toIsoDate,
  toLoanBankingTransaction,
  toSavingsBankingTransaction,
  type AmountRange,
  type DateRange,
  type FineractLoanTransaction,
  type FineractLoanTransactionPage,
  type FineractSavingsTransaction,
  type FineractSavingsTransactionPage,
} from './mappers';
import { DETAIL_PATHS, type FineractAccounts, MAX_PAGES } from './fineract-accounts';

/** A Fineract transaction id (a positive int64); anything else is no transaction of the account. */
const TRANSACTION_ID = /^[1-9][0-9]{0,17}$/;

export class FineractTransactions {
  constructor(private readonly fineract: FineractAccounts) {}

  /** One page of the account's transactions (see the module comment). */
  async list(
    customerId: string,
    accountId: string,
    query: BankingTransactionQuery,
    ctx: CallContext,
  ): Promise<BankingTransactionPage> {
    // The client account list the account check read: no call of its own.
    const { accounts } = await this.fineract.ownAccounts(customerId, ctx);
    const account = this.fineract.ownedAmong(accounts, accountId);
    const dates = dateRangeOf(query.oldest, query.newest);
    const amounts: AmountRange = {
      ...(query.minAmount !== undefined ? { min: query.minAmount } : {}),
      ...(query.maxAmount !== undefined ? { max: query.maxAmount } : {}),
    };
    const textIgnored = query.text !== undefined ? { textIgnored: true } : {};
    if (!account || !dates || isEmptyRange(amounts)) {
      return { records: [], total: 0, ...textIgnored };
    }
    const { kind, id } = account.ref;
    const read =
      kind === 'loan'
        ? await this.loanWindow(accountId, id, dates, ctx)
        : await this.savingsWindow(accountId, id, dates, amounts, ctx);
    const matching = read.filter((t) => inAmountRange(t.amount, amounts)).sort(newestFirst);
    return {
      records: matching.slice(query.offset, query.offset + query.limit),
      total: matching.length,
      ...textIgnored,
    };
  }

  /**
   * The served savings-family transactions of the window: the search's first page says how many
   * there are, and the other pages are then read side by side (at most `MAX_PAGES` in all).
   */
  private async savingsWindow(
    accountId: string,
    id: string,
    dates: DateRange,
    amounts: AmountRange,
    ctx: CallContext,
  ): Promise<BankingTransaction[]> {
    const filters = savingsSearchFilters(amounts);
    const size = this.fineract.config.pageSize;
    const search = (page: number) =>
      this.fineract.http.get<FineractSavingsTransactionPage>(
        'savings.transactions.search',
        `/v1/savingsaccounts/${id}/transactions/search`,
        {
          fromDate: dates.from,
          toDate: dates.to,
          dateFormat: 'yyyy-MM-dd',
          locale: 'en',
          types: filters.types.join(','),
          fromAmount: filters.fromAmount,
          toAmount: filters.toAmount,
          // Fineract's `offset` is the page number: its search makes a Spring PageRequest of it.
          offset: page,
          limit: size,
          // By id too, so that a day's transactions keep their place from one page to the next.
          orderBy: 'transactionDate,id',
          sortOrder: 'DESC',
        },
        ctx,
      );
    const first = await search(0);
    // Gone between two calls (see fineract.adapter.ts): nothing to list.
    if (!first) return [];
    const content = first.content ?? [];
    const pages =
      content.length < size ? 1 : Math.min(MAX_PAGES, Math.ceil((first.total ?? 0) / size));
    const others = Array.from({ length: Math.max(0, pages - 1) }, (_v, i) => i + 1);
    const rest = await mapLimit(others, this.fineract.parallel, search);
    return [first, ...rest].flatMap((page) =>
      (page?.content ?? []).flatMap((tx) => toSavingsBankingTransaction(accountId, tx) ?? []),
    );
  }

  /** The served loan transactions of the window: pages newest first, up to the window's start. */
  private async loanWindow(
    accountId: string,
    id: string,
    dates: DateRange,
    ctx: CallContext,
  ): Promise<BankingTransaction[]> {
    const size = this.fineract.config.pageSize;
    const records: BankingTransaction[] = [];
    const seen = new Set<string>();
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const result = await this.fineract.http.get<FineractLoanTransactionPage>(
        'loans.transactions',
        `/v1/loans/${id}/transactions`,
        { page, size, sort: 'transactionDate,desc' },
        ctx,
      );
      if (!result) return records;
      const content = result.content ?? [];
      for (const tx of content) {
        const date = toIsoDate(tx.date);
        if (date === undefined || date > dates.to) continue;
        if (date < dates.from) return records;
        const record = toLoanBankingTransaction(accountId, tx);
        // Spring sorts by date alone: a day cut by two pages could come twice.
        if (record && !seen.has(record.transactionId)) {
          seen.add(record.transactionId);
          records.push(record);
        }
      }
      const last =
        result.last === true ||
        content.length === 0 ||
        (result.totalPages !== undefined && page + 1 >= result.totalPages);
      if (last) return records;
    }
    return records;
  }

  /**
   * One transaction of the account: Fineract's read of that transaction under the account (it
   * finds only the account's own); null when unknown, or not served (reversed, internal).
   */
  async get(
    customerId: string,
    accountId: string,
    transactionId: string,
    ctx: CallContext,
  ): Promise<BankingTransactionDetail | null> {
    const { accounts } = await this.fineract.ownAccounts(customerId, ctx);
    const account = this.fineract.ownedAmong(accounts, accountId);
    if (!account || !TRANSACTION_ID.test(transactionId)) return null;
    const { kind, id } = account.ref;
    const path = `${DETAIL_PATHS[kind]}${id}/transactions/${transactionId}`;
    let record: BankingTransaction | null;
    if (kind === 'loan') {
      const tx = await this.fineract.http.get<FineractLoanTransaction>(
        'loans.transaction',
        path,
        {},
        ctx,
      );
      record = tx && toLoanBankingTransaction(accountId, tx);
    } else {
      const tx = await this.fineract.http.getOne<FineractSavingsTransaction>(
        `${kind}.transaction`,
        path,
        ctx,
      );
      const own = tx !== null && (tx.accountId === undefined || String(tx.accountId) === id);
      record = own ? toSavingsBankingTransaction(accountId, tx) : null;
    }
    return record && toBankingTransactionDetail(record);
  }
}
