/**
 * The FDX port of the Fineract adapter: account info, transactions, the account endpoints
 * (fineract-fdx-accounts.ts), and the answers for what Fineract lacks.
 */
import {
  FdxAccountNotFoundError,
  FdxInvalidRequestError,
  type CallContext,
  type DateWindow,
  type FdxPage,
  type FdxPageRequest,
  type FdxPort,
  type FdxTransaction,
} from '@data-holder-gateway/adapter-sdk';
import {
  entrySharingRefusal,
  toIsoDate,
  toLoanTransaction,
  toSavingsTransaction,
  type FineractLoanTransactionPage,
  type FineractSavingsTransactionPage,
  type ParsedAccountId,
} from './mappers';
import { type FineractAccounts, MAX_PAGES } from './fineract-accounts';
import {
  fdxAccountContact,
  fdxAccountDetail,
  fdxDescriptors,
  fdxPaymentNetworks,
} from './fineract-fdx-accounts';

const POSITION = /^(0|[1-9][0-9]{0,14})$/;

/** The FDX port with every optional method this adapter serves. */
export type FineractFdxPort = FdxPort &
  Required<
    Pick<
      FdxPort,
      'listAccountDescriptors' | 'getAccountDetail' | 'getAccountContact' | 'listPaymentNetworks'
    >
  >;

/** The FDX port over the client's accounts and their Fineract transactions. */
export function fineractFdxPort(fineract: FineractAccounts): FineractFdxPort {
  return {
    async getAccountInfo(customerId, accountId, ctx) {
      const { accounts } = await fineract.ownAccounts(customerId, ctx);
      const account = fineract.ownedAmong(accounts, accountId);
      if (!account) return null;
      const refusal = entrySharingRefusal(account.ref.kind, account.entry);
      return {
        status: account.status,
        supportsFdx: true,
        supportsAssetTransferNetworks: false,
        ...(refusal ? { sharingRefusal: refusal } : {}),
      };
    },

    async listTransactions(customerId, accountId, window, page, ctx) {
      // A position key this adapter did not make is refused before Fineract is asked.
      if (page.after !== undefined) positionOf(page.after);
      const { accounts } = await fineract.ownAccounts(customerId, ctx);
      const account = fineract.ownedAmong(accounts, accountId);
      if (!account) throw new FdxAccountNotFoundError();
      return account.ref.kind === 'loan'
        ? loanTransactions(fineract, account.ref, window, page, ctx)
        : savingsTransactions(fineract, account.ref, window, page, ctx);
    },

    // Fineract produces no statements: every window of the client's accounts is empty.
    async listStatements(customerId, accountId, _window, _page, ctx) {
      const { accounts } = await fineract.ownAccounts(customerId, ctx);
      if (!fineract.ownedAmong(accounts, accountId)) throw new FdxAccountNotFoundError();
      return { records: [], total: 0 };
    },

    // The client account list (the one the account info read) proves Fineract knows the client.
    async getStatementDocument(customerId, _accountId, _statementId, ctx) {
      await fineract.ownAccounts(customerId, ctx);
      return null;
    },

    // Never asked in practice: account info says asset transfer networks are unsupported (704).
    async listAssetTransferNetworks(customerId, accountId, _page, ctx) {
      const { accounts } = await fineract.ownAccounts(customerId, ctx);
      if (!fineract.ownedAmong(accounts, accountId)) throw new FdxAccountNotFoundError();
      return { records: [] };
    },

    listAccountDescriptors: (customerId, ctx) => fdxDescriptors(fineract, customerId, ctx),
    getAccountDetail: (customerId, accountId, ctx) =>
      fdxAccountDetail(fineract, customerId, accountId, ctx),
    getAccountContact: (customerId, accountId, ctx) =>
      fdxAccountContact(fineract, customerId, accountId, ctx),
    listPaymentNetworks: (customerId, accountId, _page, ctx) =>
      fdxPaymentNetworks(fineract, customerId, accountId, ctx),
  };
}

/**
 * Savings-family transactions: Fineract's search with the window, in pages of the page's limit.
 * Its `offset` is a page number (the search makes a Spring PageRequest of it), so the walk starts
 * at the page holding the position and skips what lies before it. The position key is the index
 * of the next transaction in Fineract's order (date, then id, both descending).
 */
async function savingsTransactions(
  fineract: FineractAccounts,
  ref: ParsedAccountId,
  window: Partial<DateWindow>,
  page: FdxPageRequest,
  ctx: CallContext,
): Promise<FdxPage<FdxTransaction>> {
  const start = page.after === undefined ? 0 : positionOf(page.after);
  const size = page.limit;
  const records: FdxTransaction[] = [];
  let pageNumber = Math.floor(start / size);
  for (let calls = 0; calls < MAX_PAGES; calls += 1, pageNumber += 1) {
    const result = await fineract.http.get<FineractSavingsTransactionPage>(
      'savings.transactions.search',
      `/v1/savingsaccounts/${ref.id}/transactions/search`,
      {
        fromDate: window.oldest,
        toDate: window.newest,
        dateFormat: 'yyyy-MM-dd',
        locale: 'en',
        offset: pageNumber,
        limit: size,
        orderBy: 'transactionDate,id',
        sortOrder: 'DESC',
      },
      ctx,
    );
    if (!result) throw new FdxAccountNotFoundError();
    const content = result.content ?? [];
    const total = result.total ?? 0;
    for (let i = 0; i < content.length; i += 1) {
      const index = pageNumber * size + i;
      if (index < start) continue;
      const record = toSavingsTransaction(content[i]!);
      if (record) records.push(record);
      if (records.length === page.limit) {
        return index + 1 < total ? { records, next: String(index + 1) } : { records };
      }
    }
    // Fewer reportable records than asked (reversals skipped): read on, unless that was all.
    if (content.length < size || (pageNumber + 1) * size >= total) return { records };
  }
  return { records };
}

/**
 * Loan transactions: Fineract pages them (newest first) without a date filter, so the adapter
 * walks its pages from the position, skipping what is newer than the window and stopping at
 * the first transaction older than it. The position key is the index of the next transaction
 * in Fineract's order.
 */
async function loanTransactions(
  fineract: FineractAccounts,
  ref: ParsedAccountId,
  window: Partial<DateWindow>,
  page: FdxPageRequest,
  ctx: CallContext,
): Promise<FdxPage<FdxTransaction>> {
  const size = fineract.config.pageSize;
  const start = page.after === undefined ? 0 : positionOf(page.after);
  const records: FdxTransaction[] = [];
  let pageNumber = Math.floor(start / size);
  for (let calls = 0; calls < MAX_PAGES; calls += 1, pageNumber += 1) {
    const result = await fineract.http.get<FineractLoanTransactionPage>(
      'loans.transactions',
      `/v1/loans/${ref.id}/transactions`,
      { page: pageNumber, size, sort: 'transactionDate,desc' },
      ctx,
    );
    if (!result) throw new FdxAccountNotFoundError();
    const content = result.content ?? [];
    for (let i = 0; i < content.length; i += 1) {
      const index = pageNumber * size + i;
      if (index < start) continue;
      const tx = content[i]!;
      const date = toIsoDate(tx.date);
      if (window.newest !== undefined && date !== undefined && date > window.newest) continue;
      if (window.oldest !== undefined && date !== undefined && date < window.oldest) {
        return { records };
      }
      if (records.length === page.limit) return { records, next: String(index) };
      const record = toLoanTransaction(tx);
      if (record) records.push(record);
    }
    const last =
      result.last === true ||
      content.length === 0 ||
      (result.totalPages !== undefined && pageNumber + 1 >= result.totalPages);
    if (last) return { records };
  }
  return { records };
}

/** A position key this adapter made (a decimal index); anything else is a bad request. */
function positionOf(after: string): number {
  if (!POSITION.test(after)) throw new FdxInvalidRequestError();
  return Number(after);
}
