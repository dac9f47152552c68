/**
 * Banking transactions of one account and one transaction's detail (docs/api.md, "Transactions").
 * The page is cut by the core: the service asks for the records of the requested page and the
 * size of the whole filtered set, so that a year of transactions is never read to answer 25.
 */
import { ResourceNotImplementedError, TransactionNotFoundError } from '../../errors';
import { pageEnvelope, pageRequestOf } from '../../api/pagination';
import type { QueryValues } from '../../api/query-values';
import { MAX_TRANSACTION_OFFSET, transactionQueryOf } from '../../api/transaction-query';
import type { BankingPort, BankingTransactionPage, CallContext } from '../../ports';
import { AccountSelection, namedAccountRefs } from '../account-selection';

export class BankingTransactionsService {
  constructor(
    private readonly port: BankingPort,
    /** Path ids checked, refusals applied. */
    private readonly selection = new AccountSelection(),
  ) {}

  /** The path's account, checked: the customer's and not refused. */
  private async checkAccount(customerId: string, accountId: string, ctx: CallContext) {
    this.selection.requireAccount(
      customerId,
      await namedAccountRefs(this.port, customerId, [accountId], ctx),
      accountId,
    );
  }

  /** The account's transactions in the window and filters, newest effective time first. */
  async transactions(customerId: string, accountId: string, query: QueryValues, ctx: CallContext) {
    await this.checkAccount(customerId, accountId, ctx);
    const page = await this.transactionPage(customerId, accountId, query, ctx);
    const { links, meta } = pageEnvelope(page.total, query);
    const textIgnored = page.textIgnored === true && query.text !== undefined;
    return {
      data: { transactions: page.records },
      links,
      meta: textIgnored ? { ...meta, isQueryParamUnsupported: true } : meta,
    };
  }

  /**
   * The core's page for the request. A page whose first record lies beyond any core's paging
   * asks only for the count, and the envelope then answers 422 (or an empty first page).
   */
  private async transactionPage(
    customerId: string,
    accountId: string,
    query: QueryValues,
    ctx: CallContext,
  ): Promise<BankingTransactionPage> {
    if (!this.port.listTransactions) throw new ResourceNotImplementedError();
    const { page, size } = pageRequestOf(query);
    const offset = (page - 1) * size;
    if (offset <= MAX_TRANSACTION_OFFSET) {
      return this.port.listTransactions(
        customerId,
        accountId,
        transactionQueryOf(query, offset),
        ctx,
      );
    }
    const counted = await this.port.listTransactions(
      customerId,
      accountId,
      { ...transactionQueryOf(query, 0), limit: 1 },
      ctx,
    );
    return { ...counted, records: [] };
  }

  /** One transaction of the account, with its extended data. */
  async transaction(
    customerId: string,
    accountId: string,
    transactionId: string,
    ctx: CallContext,
  ) {
    await this.checkAccount(customerId, accountId, ctx);
    if (!this.port.getTransaction) throw new ResourceNotImplementedError();
    const found = await this.port.getTransaction(customerId, accountId, transactionId, ctx);
    if (!found) throw new TransactionNotFoundError();
    return { data: found };
  }
}
