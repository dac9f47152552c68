/**
 * FDX-style endpoints (`listFdxTransactions`, `listFdxStatements`, `listFdxAssetTransferNetworks`)
 * and the statement download, as docs/api.md ("FDX endpoints") fixes them. Every request is checked
 * in one order: id lengths, then the query (dates 702/703, `limit`, `offset`), then the customer
 * (404 `{ error }`), the account (701), its status and type (RESTRICTED: 200 with an empty body;
 * 704; 705), and only then the data.
 *
 * Paging is pushed down to the port: the service asks for one page after a position key and
 * wraps the key of the next page into `page.nextOffset` with a signed paging token. The token's
 * scope names the operation, customer, account, dates and limit, so an offset that was altered,
 * made up, or issued for other filters does not verify (400).
 */
import {
  FdxAccountClosedError,
  FdxAccountTypeNotSupportedError,
  FdxInvalidDateError,
  FdxInvalidDateRangeError,
  FdxInvalidRequestError,
  FdxStatementNotFoundError,
} from '../../errors';
import { MAX_ID_LENGTH } from '../../api/ids';
import { checkedFdxAccount } from './fdx-account-check';
import { FdxPaging } from './fdx-paging';
import type {
  CallContext,
  DateWindow,
  FdxAccountInfo,
  FdxPage,
  FdxPageRequest,
  FdxPort,
  StatementDocument,
  FdxHateoasLink,
  FdxStatement,
} from '../../ports';
import { AccountSelection } from '../account-selection';

/** Longest `customerId`, `accountId` or `statementId` (interface, Limits). */
export const FDX_MAX_ID_LENGTH = MAX_ID_LENGTH;
/** `limit` when none is given. */
export const FDX_DEFAULT_LIMIT = 100;
/** Largest `limit`. */
export const FDX_MAX_LIMIT = 1000;

/** How an endpoint takes `startTime`/`endTime`. */
export type FdxDateRule = 'required' | 'optional' | 'none';

/** A validated FDX query. */
export interface FdxQuery {
  startTime?: string;
  endTime?: string;
  limit: number;
  offset?: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Earliest year of an FDX date (docs/api.md, FDX requests). Cores refuse dates far in the past
 * (Fineract answers 400 to year 0001): a date the gateway let through and the core refused would
 * be answered as a core failure, so the gateway refuses it first, as 702.
 */
export const FDX_MIN_YEAR = 1900;

/**
 * Whether `value` is a `YYYY-MM-DD` string (10 characters) naming a real calendar date from
 * 1900-01-01 to 9999-12-31.
 */
export function isFdxDate(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 10) return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < FDX_MIN_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Validates the FDX query parameters (unknown ones are ignored; a repeated one is a bad value).
 * @throws FdxInvalidDateError (702), FdxInvalidDateRangeError (703), FdxInvalidRequestError (400)
 */
export function parseFdxQuery(raw: Record<string, unknown>, dates: FdxDateRule): FdxQuery {
  const query: FdxQuery = { limit: FDX_DEFAULT_LIMIT };
  if (dates !== 'none') {
    for (const name of ['startTime', 'endTime'] as const) {
      const value = raw[name];
      if (value === undefined && dates === 'optional') continue;
      if (!isFdxDate(value)) throw new FdxInvalidDateError();
      query[name] = value;
    }
    if (query.startTime && query.endTime && query.startTime > query.endTime)
      throw new FdxInvalidDateRangeError();
  }
  if (raw.limit !== undefined) {
    const limit = raw.limit;
    if (
      typeof limit !== 'string' ||
      !/^[1-9][0-9]{0,3}$/.test(limit) ||
      Number(limit) > FDX_MAX_LIMIT
    )
      throw new FdxInvalidRequestError();
    query.limit = Number(limit);
  }
  if (raw.offset !== undefined) {
    if (typeof raw.offset !== 'string' || raw.offset === '') throw new FdxInvalidRequestError();
    query.offset = raw.offset;
  }
  return query;
}

/** Rejects ids longer than the interface allows (400 `Invalid request`). */
export function checkFdxIds(...ids: string[]): void {
  if (ids.some((id) => id.length > FDX_MAX_ID_LENGTH)) throw new FdxInvalidRequestError();
}

/** What a handler answers: a JSON body, a document, or the empty 200 of a RESTRICTED account. */
export type FdxResult =
  | { kind: 'body'; body: object }
  | { kind: 'document'; document: StatementDocument }
  | { kind: 'restricted' };

const RESTRICTED: FdxResult = { kind: 'restricted' };

type Operation = 'transactions' | 'statements' | 'assetTransferNetworks';

export class FdxService {
  constructor(
    private readonly port: FdxPort,
    private readonly paging: FdxPaging,
    /** `PUBLIC_BASE_URL`, without a trailing slash: the base of statement links. */
    private readonly publicBaseUrl: string,
    /** Refusals applied to the path's account. */
    private readonly selection = new AccountSelection(),
  ) {}

  /**
   * `listFdxTransactions`: transactions with postedTimestamp in [startTime, endTime], newest first.
   */
  async transactions(
    customerId: string,
    accountId: string,
    raw: Record<string, unknown>,
    ctx: CallContext,
  ): Promise<FdxResult> {
    const prepared = await this.prepareListing(
      'transactions',
      'required',
      customerId,
      accountId,
      raw,
      ctx,
    );
    if (!prepared) return RESTRICTED;
    const { scope, window, pageRequest } = prepared;
    const page = await this.port.listTransactions(customerId, accountId, window, pageRequest, ctx);
    return {
      kind: 'body',
      body: { page: this.pageBlock(scope, page), transactions: page.records },
    };
  }

  /**
   * `listFdxStatements`: statements with statementDate in the optional window, newest first, with
   * links.
   */
  async statements(
    customerId: string,
    accountId: string,
    raw: Record<string, unknown>,
    ctx: CallContext,
  ): Promise<FdxResult> {
    const prepared = await this.prepareListing(
      'statements',
      'optional',
      customerId,
      accountId,
      raw,
      ctx,
    );
    if (!prepared) return RESTRICTED;
    const { scope, window, pageRequest } = prepared;
    const page = await this.port.listStatements(customerId, accountId, window, pageRequest, ctx);
    return {
      kind: 'body',
      body: {
        page: { ...this.pageBlock(scope, page), totalElements: page.total },
        statements: page.records.map((s) => this.withLinks(customerId, accountId, s)),
      },
    };
  }

  /**
   * `listFdxAssetTransferNetworks`: asset transfer networks, in the core's order; `page` only while
   * more follow.
   */
  async assetTransferNetworks(
    customerId: string,
    accountId: string,
    raw: Record<string, unknown>,
    ctx: CallContext,
  ): Promise<FdxResult> {
    checkFdxIds(customerId, accountId);
    const query = parseFdxQuery(raw, 'none');
    const scope = this.scope('assetTransferNetworks', customerId, accountId, query);
    const after = this.position(scope, query.offset);
    const info = await this.account(customerId, accountId, ctx);
    if (info.status === 'RESTRICTED') return RESTRICTED;
    if (!info.supportsFdx || !info.supportsAssetTransferNetworks)
      throw new FdxAccountTypeNotSupportedError();
    if (info.status === 'CLOSED') throw new FdxAccountClosedError();
    const page = await this.port.listAssetTransferNetworks(
      customerId,
      accountId,
      { limit: query.limit, ...(after !== undefined ? { after } : {}) },
      ctx,
    );
    const block = this.pageBlock(scope, page);
    return {
      kind: 'body',
      body: {
        ...(block.nextOffset !== undefined ? { page: block } : {}),
        assetTransferNetworks: page.records,
      },
    };
  }

  /** The statement download: the core's document, streamed, under the statements' rules. */
  async statementDocument(
    customerId: string,
    accountId: string,
    statementId: string,
    ctx: CallContext,
  ): Promise<FdxResult> {
    checkFdxIds(customerId, accountId, statementId);
    const info = await this.account(customerId, accountId, ctx);
    if (info.status === 'RESTRICTED') return RESTRICTED;
    if (!info.supportsFdx) throw new FdxAccountTypeNotSupportedError();
    const document = await this.port.getStatementDocument(customerId, accountId, statementId, ctx);
    if (!document) throw new FdxStatementNotFoundError();
    return { kind: 'document', document };
  }

  /** The download path of a statement (percent-encoded ids). */
  static documentPath(customerId: string, accountId: string, statementId: string): string {
    const enc = encodeURIComponent;
    return `/fdx/v6/customer/${enc(customerId)}/accounts/${enc(accountId)}/statements/${enc(statementId)}`;
  }

  /**
   * The steps transactions and statements share, in the order docs/api.md ("FDX requests") gives: ids,
   * parameters and offset, then the account (RESTRICTED: null, answered empty; no FDX data: 704).
   */
  private async prepareListing(
    operation: 'transactions' | 'statements',
    dates: FdxDateRule,
    customerId: string,
    accountId: string,
    raw: Record<string, unknown>,
    ctx: CallContext,
  ): Promise<{ scope: string; window: Partial<DateWindow>; pageRequest: FdxPageRequest } | null> {
    checkFdxIds(customerId, accountId);
    const query = parseFdxQuery(raw, dates);
    const scope = this.scope(operation, customerId, accountId, query);
    const after = this.position(scope, query.offset);
    const info = await this.account(customerId, accountId, ctx);
    if (info.status === 'RESTRICTED') return null;
    if (!info.supportsFdx) throw new FdxAccountTypeNotSupportedError();
    return {
      scope,
      window: windowOf(query),
      pageRequest: { limit: query.limit, ...(after !== undefined ? { after } : {}) },
    };
  }

  private withLinks(
    customerId: string,
    accountId: string,
    statement: Omit<FdxStatement, 'links'>,
  ): FdxStatement {
    const link: FdxHateoasLink = {
      href:
        this.publicBaseUrl + FdxService.documentPath(customerId, accountId, statement.statementId),
      rel: 'download',
      action: 'GET',
      types: ['application/pdf'],
    };
    return {
      accountId,
      statementId: statement.statementId,
      statementDate: statement.statementDate,
      ...(statement.description !== undefined ? { description: statement.description } : {}),
      ...(statement.status !== undefined ? { status: statement.status } : {}),
      links: [link],
    };
  }

  private account(
    customerId: string,
    accountId: string,
    ctx: CallContext,
  ): Promise<FdxAccountInfo> {
    return checkedFdxAccount(this.port, this.selection, customerId, accountId, ctx);
  }

  /** What an offset is bound to: everything that decides which records a page holds. */
  private scope(
    operation: Operation,
    customerId: string,
    accountId: string,
    query: FdxQuery,
  ): string {
    const { startTime, endTime, limit } = query;
    return FdxPaging.scope(
      operation,
      customerId,
      accountId,
      startTime ?? null,
      endTime ?? null,
      limit,
    );
  }

  private position(scope: string, offset: string | undefined): string | undefined {
    return this.paging.position(scope, offset);
  }

  private pageBlock(scope: string, page: FdxPage<unknown>): { nextOffset?: string } {
    return this.paging.block(scope, page);
  }
}

function windowOf(query: FdxQuery): Partial<DateWindow> {
  return {
    ...(query.startTime !== undefined ? { oldest: query.startTime } : {}),
    ...(query.endTime !== undefined ? { newest: query.endTime } : {}),
  };
}
