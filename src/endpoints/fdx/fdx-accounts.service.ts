/**
 * The FDX account endpoints (docs/api.md, "FDX accounts"): descriptors of the accounts a body
 * names, one account's details, its contact, and its payment networks. They check in the family's
 * order: ids, the query, the customer (404 `{ error }`), the account (701), its refusal, status
 * and type (RESTRICTED: 200 with an empty body; 704), and only then ask for the data. A core
 * without the data's port method answers 704, as the family answers data an account's type lacks.
 */
import crypto from 'node:crypto';
import {
  FdxAccountClosedError,
  FdxAccountNotFoundError,
  FdxAccountTypeNotSupportedError,
  FdxInvalidRequestError,
  SharingRefusedError,
} from '../../errors';
import type {
  CallContext,
  FdxAccountDescriptor,
  FdxAccountDescriptorRecord,
  FdxAccountInfo,
  FdxPort,
} from '../../ports';
import { AccountSelection } from '../account-selection';
import { checkedFdxAccount } from './fdx-account-check';
import { FdxPaging } from './fdx-paging';
import { checkFdxIds, type FdxResult, parseFdxQuery } from './fdx.service';

const RESTRICTED: FdxResult = { kind: 'restricted' };
const POSITION = /^(0|[1-9][0-9]{0,9})$/;

/** The descriptor as the platform sees it: without the refusal the gateway keeps to itself. */
function presentDescriptor(record: FdxAccountDescriptorRecord): FdxAccountDescriptor {
  const { sharingRefusal: _kept, ...descriptor } = record;
  return descriptor as FdxAccountDescriptor;
}

export class FdxAccountsService {
  constructor(
    private readonly port: FdxPort,
    private readonly paging: FdxPaging,
    /** Refusals applied to the accounts named. */
    private readonly selection = new AccountSelection(),
  ) {}

  /**
   * Descriptors of the body's accounts, in the core's order, `limit` a page. Every id must be
   * the customer's (else 701), then none may be refused (harm first).
   */
  async accounts(
    customerId: string,
    accountIds: readonly string[],
    raw: Record<string, unknown>,
    ctx: CallContext,
  ): Promise<FdxResult> {
    checkFdxIds(customerId, ...accountIds);
    const query = parseFdxQuery(raw, 'none');
    const scope = FdxPaging.scope('accounts', customerId, idsDigest(accountIds), query.limit);
    const start = startOf(this.paging.position(scope, query.offset));
    if (!this.port.listAccountDescriptors) throw new FdxAccountTypeNotSupportedError();
    const named = this.named(
      customerId,
      await this.port.listAccountDescriptors(customerId, ctx),
      accountIds,
    );
    const end = start + query.limit;
    const page = this.paging.block(scope, end < named.length ? { next: String(end) } : {});
    return {
      kind: 'body',
      body: { page, accounts: named.slice(start, end).map(presentDescriptor) },
    };
  }

  /** The records of the named accounts, checked: known first, then refusals (the worst). */
  private named(
    customerId: string,
    all: readonly FdxAccountDescriptorRecord[],
    accountIds: readonly string[],
  ): FdxAccountDescriptorRecord[] {
    const known = new Set(all.map((a) => a.accountId));
    if (accountIds.some((id) => !known.has(id))) throw new FdxAccountNotFoundError();
    const wanted = new Set(accountIds);
    const named = all.filter((a) => wanted.has(a.accountId));
    const reasons = named.flatMap((a) => this.selection.refusalOf(customerId, a) ?? []);
    if (reasons.length > 0)
      throw new SharingRefusedError(reasons.includes('harm') ? 'harm' : reasons[0]!);
    return named;
  }

  /** One account with its balances and terms. */
  async account(customerId: string, accountId: string, ctx: CallContext): Promise<FdxResult> {
    const info = await this.supported(customerId, accountId, ctx);
    if (!info) return RESTRICTED;
    if (!this.port.getAccountDetail) throw new FdxAccountTypeNotSupportedError();
    const detail = await this.port.getAccountDetail(customerId, accountId, ctx);
    if (!detail) throw new FdxAccountNotFoundError();
    return { kind: 'body', body: detail };
  }

  /** The account's holders, emails, addresses and telephones. */
  async contact(customerId: string, accountId: string, ctx: CallContext): Promise<FdxResult> {
    const info = await this.supported(customerId, accountId, ctx);
    if (!info) return RESTRICTED;
    if (!this.port.getAccountContact) throw new FdxAccountTypeNotSupportedError();
    const contact = await this.port.getAccountContact(customerId, accountId, ctx);
    if (!contact) throw new FdxAccountNotFoundError();
    return { kind: 'body', body: contact };
  }

  /** The payment networks FDX can name for the account, offset-paged; a closed account is 705. */
  async paymentNetworks(
    customerId: string,
    accountId: string,
    raw: Record<string, unknown>,
    ctx: CallContext,
  ): Promise<FdxResult> {
    checkFdxIds(customerId, accountId);
    const query = parseFdxQuery(raw, 'none');
    const scope = FdxPaging.scope('paymentNetworks', customerId, accountId, query.limit);
    const after = this.paging.position(scope, query.offset);
    const info = await this.supported(customerId, accountId, ctx);
    if (!info) return RESTRICTED;
    if (!this.port.listPaymentNetworks) throw new FdxAccountTypeNotSupportedError();
    if (info.status === 'CLOSED') throw new FdxAccountClosedError();
    const page = await this.port.listPaymentNetworks(
      customerId,
      accountId,
      { limit: query.limit, ...(after !== undefined ? { after } : {}) },
      ctx,
    );
    return {
      kind: 'body',
      body: { page: this.paging.block(scope, page), paymentNetworks: page.records },
    };
  }

  /**
   * The account's info once checked (ids, known, not refused) and found to have FDX data;
   * null for a RESTRICTED account (answered with an empty body). @throws 704 when it has none
   */
  private async supported(
    customerId: string,
    accountId: string,
    ctx: CallContext,
  ): Promise<FdxAccountInfo | null> {
    checkFdxIds(customerId, accountId);
    const info = await checkedFdxAccount(this.port, this.selection, customerId, accountId, ctx);
    if (info.status === 'RESTRICTED') return null;
    if (!info.supportsFdx) throw new FdxAccountTypeNotSupportedError();
    return info;
  }
}

/**
 * What binds an offset to the body's ids: a digest of them, in a fixed order, so that an offset
 * issued for other ids does not verify, and the scope stays short whatever the body holds.
 */
function idsDigest(accountIds: readonly string[]): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([...accountIds].sort()))
    .digest('base64url');
}

/** The index a verified position names (the gateway made it: any other value is 400). */
function startOf(after: string | undefined): number {
  if (after === undefined) return 0;
  if (!POSITION.test(after)) throw new FdxInvalidRequestError();
  return Number(after);
}
