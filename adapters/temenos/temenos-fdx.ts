/**
 * The FDX port of the Temenos adapter: account info, transactions, the account endpoints
 * (temenos-fdx-accounts.ts), and the answers for what the Transact APIs it reads do not have.
 *
 * - Account info: from the customer's account list (status its open status); every account type
 *   has FDX data, none asset transfer networks (704).
 * - Transactions: the account's booked transactions of the window (`listType=COMPLETED`, every
 *   page), newest booking date first, a day's by id; the position key is the index of the next
 *   transaction in that order. Transact has no order parameter, so the window is read whole.
 * - Statements: none of the Transact APIs the adapter reads serves statements: every window of
 *   the customer's accounts is empty and no document exists, as the Fineract adapter answers.
 * - Asset transfer networks: never asked (704 from the account info); an empty page.
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
import { idOrder, toFdxTransaction, type DescribedAccount } from './mappers';
import type { TemenosAccounts } from './temenos-accounts';
import {
  fdxAccountContact,
  fdxAccountDetail,
  fdxDescriptors,
  fdxPaymentNetworks,
} from './temenos-fdx-accounts';
import { readTransactions } from './temenos-transactions';

const POSITION = /^(0|[1-9][0-9]{0,14})$/;

/** The FDX port with every optional method this adapter serves. */
export type TemenosFdxPort = FdxPort &
  Required<
    Pick<
      FdxPort,
      'listAccountDescriptors' | 'getAccountDetail' | 'getAccountContact' | 'listPaymentNetworks'
    >
  >;

/** The customer's account of the id; FdxAccountNotFoundError (701) when it is not one. */
async function ownAccount(
  temenos: TemenosAccounts,
  customerId: string,
  accountId: string,
  ctx: CallContext,
): Promise<DescribedAccount> {
  const account = temenos.ownedAmong(await temenos.accounts(customerId, ctx), accountId);
  if (!account) throw new FdxAccountNotFoundError();
  return account;
}

export function temenosFdxPort(temenos: TemenosAccounts): TemenosFdxPort {
  return {
    async getAccountInfo(customerId, accountId, ctx) {
      const account = temenos.ownedAmong(await temenos.accounts(customerId, ctx), accountId);
      if (!account) return null;
      return {
        status: account.openStatus,
        supportsFdx: true,
        supportsAssetTransferNetworks: false,
      };
    },

    async listTransactions(customerId, accountId, window, page, ctx) {
      // A position key this adapter did not make is refused before Transact is asked.
      const start = page.after === undefined ? 0 : positionOf(page.after);
      const account = await ownAccount(temenos, customerId, accountId, ctx);
      return windowPage(temenos, account, window, { start, limit: page.limit }, ctx);
    },

    async listStatements(customerId, accountId, _window, _page, ctx) {
      await ownAccount(temenos, customerId, accountId, ctx);
      return { records: [], total: 0 };
    },

    // The account list (the one the account info read) proves Transact knows the customer.
    async getStatementDocument(customerId, _accountId, _statementId, ctx) {
      await temenos.accounts(customerId, ctx);
      return null;
    },

    async listAssetTransferNetworks(customerId, accountId, _page: FdxPageRequest, ctx) {
      await ownAccount(temenos, customerId, accountId, ctx);
      return { records: [] };
    },

    listAccountDescriptors: (customerId, ctx) => fdxDescriptors(temenos, customerId, ctx),
    getAccountDetail: (customerId, accountId, ctx) =>
      fdxAccountDetail(temenos, customerId, accountId, ctx),
    getAccountContact: (customerId, accountId, ctx) =>
      fdxAccountContact(temenos, customerId, accountId, ctx),
    listPaymentNetworks: async (customerId, accountId, _page, ctx) => {
      await ownAccount(temenos, customerId, accountId, ctx);
      return fdxPaymentNetworks();
    },
  };
}

/** One page of the window's booked transactions, from the index `start` (see above). */
async function windowPage(
  temenos: TemenosAccounts,
  account: DescribedAccount,
  window: Partial<DateWindow>,
  page: { start: number; limit: number },
  ctx: CallContext,
): Promise<FdxPage<FdxTransaction>> {
  const dates = {
    ...(window.oldest !== undefined ? { from: window.oldest } : {}),
    ...(window.newest !== undefined ? { to: window.newest } : {}),
  };
  const booked = await readTransactions(
    temenos,
    account.accountId,
    { listType: 'COMPLETED', dates },
    ctx,
  );
  const seen = new Set<string>();
  const records = booked
    .flatMap((tx) => toFdxTransaction(tx, account.kind === 'loan') ?? [])
    .filter((t) => !seen.has(t.transactionId) && seen.add(t.transactionId))
    .sort(
      (a, b) =>
        (b.postedTimestamp ?? '').localeCompare(a.postedTimestamp ?? '') ||
        idOrder(a.transactionId, b.transactionId),
    );
  const end = page.start + page.limit;
  const slice = records.slice(page.start, end);
  return end < records.length ? { records: slice, next: String(end) } : { records: slice };
}

/** A position key this adapter made (a decimal index); anything else is a bad request. */
function positionOf(after: string): number {
  if (!POSITION.test(after)) throw new FdxInvalidRequestError();
  return Number(after);
}
