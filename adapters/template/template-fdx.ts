/**
 * The FDX port over the template core: account info, transactions (the core's cursor pushed
 * down), the account descriptors, details and contacts (the SDK's fdx-records helpers over this
 * adapter's banking mappers), and the lists the core has nothing for.
 */
import {
  FdxAccountNotFoundError,
  type CallContext,
  type FdxPort,
} from '@data-holder-gateway/adapter-sdk';
import { toFdxAccountInfo } from './mappers/account.mapper';
import type { CoreBalance, CoreTransactionPage } from './mappers/core-payloads';
import { toFdxAccount, toFdxContact, toFdxDescriptor } from './mappers/fdx-account.mapper';
import { toFdxTransaction } from './mappers/transaction.mapper';
import type { TemplateReads } from './template-reads';

const enc = encodeURIComponent;

export function templateFdx(reads: TemplateReads): FdxPort {
  const core = reads.core;
  /** The customer's account. @throws FdxAccountNotFoundError when it is not theirs */
  const owned = async (customerId: string, accountId: string, ctx: CallContext) => {
    const account = await reads.ownedAccount(customerId, accountId, ctx);
    if (!account) throw new FdxAccountNotFoundError();
    return account;
  };
  return {
    async getAccountInfo(customerId, accountId, ctx) {
      const account = await reads.ownedAccount(customerId, accountId, ctx);
      return account ? toFdxAccountInfo(account) : null;
    },

    async listTransactions(customerId, accountId, window, page, ctx) {
      await owned(customerId, accountId, ctx);
      // Window and paging pushed down to the core: `after` is the core's own cursor.
      const body = await core.get<CoreTransactionPage>(
        'account.transactions',
        `/accounts/${enc(accountId)}/transactions`,
        { from: window.oldest, to: window.newest, cursor: page.after, limit: page.limit },
        ctx,
      );
      if (body === undefined) throw new FdxAccountNotFoundError();
      return {
        records: body.items.map(toFdxTransaction),
        ...(body.nextCursor ? { next: body.nextCursor } : {}),
      };
    },

    // The template core has no statement archive and no asset transfer networks.
    async listStatements(customerId, accountId, _window, _page, ctx) {
      await owned(customerId, accountId, ctx);
      return { records: [], total: 0 };
    },
    async getStatementDocument(customerId, _accountId, _statementId, ctx) {
      await reads.accountsOf(customerId, ctx);
      return null;
    },
    async listAssetTransferNetworks(customerId, accountId, _page, ctx) {
      await owned(customerId, accountId, ctx);
      return { records: [] };
    },

    async listAccountDescriptors(customerId, ctx) {
      return (await reads.accountsOf(customerId, ctx)).map(toFdxDescriptor);
    },

    async getAccountDetail(customerId, accountId, ctx) {
      const account = await reads.ownedAccount(customerId, accountId, ctx);
      if (!account) return null;
      const path = `/accounts/${enc(accountId)}/balance`;
      const balance = await core.get<CoreBalance>('account.balance', path, {}, ctx);
      // Every account of the template core with FDX data has a balance: one without is a defect.
      if (balance === undefined) throw new Error('template core has no balance for the account');
      return toFdxAccount(account, balance);
    },

    async getAccountContact(customerId, accountId, ctx) {
      const account = await reads.ownedAccount(customerId, accountId, ctx);
      if (!account) return null;
      const customers = await Promise.all(
        account.holders.map((h) => reads.customer(h.customerId, ctx)),
      );
      // A holder the core no longer knows has nothing to show.
      const known = customers.flatMap((c) => (c === undefined ? [] : [c]));
      return toFdxContact(account, customerId, known);
    },

    async listPaymentNetworks(customerId, accountId, _page, ctx) {
      await owned(customerId, accountId, ctx);
      // FDX names North American networks only: an Australian account has none it can name
      // (its BSB and number are shared through the banking account detail, under its consent).
      return { records: [] };
    },
  };
}
