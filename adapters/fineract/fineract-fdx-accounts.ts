/**
 * The FDX account endpoints of the Fineract adapter: descriptors, account detail, contact and
 * payment networks. Each starts from the client account list the account info (or the account
 * check) of the same request read, so ownership costs no call of its own:
 * - descriptors come from that list alone;
 * - the detail reads the account's own detail (its balance and terms), the record the banking
 *   account endpoints build, made FDX by the SDK's `fdxAccountOf`;
 * - the contact reads the client and its active addresses (`GET /v1/client/{id}/addresses`);
 * - payment networks: FDX names none an Australian account uses, so the list is empty.
 */
import {
  FdxAccountNotFoundError,
  fdxAccountOf,
  type CallContext,
  type FdxAccount,
  type FdxAccountContact,
  type FdxAccountDescriptorRecord,
  type FdxPage,
  type FdxPaymentNetwork,
} from '@data-holder-gateway/adapter-sdk';
import {
  accountIdOf,
  entrySharingRefusal,
  fdxCurrencyOf,
  productCategoryOf,
  toFdxContact,
  toFdxDescriptor,
  toLoanBalance,
  toSavingsFamilyBalance,
  type FineractAddress,
} from './mappers';
import type { FineractAccounts } from './fineract-accounts';

/** Every account the client ever opened, with the status and refusal of the account info. */
export async function fdxDescriptors(
  fineract: FineractAccounts,
  customerId: string,
  ctx: CallContext,
): Promise<FdxAccountDescriptorRecord[]> {
  const { accounts } = await fineract.ownAccounts(customerId, ctx);
  return accounts.map(({ ref, entry, status }) => {
    const category = productCategoryOf(
      ref.kind,
      entry.productId,
      fineract.config.productCategories,
    );
    const refusal = entrySharingRefusal(ref.kind, entry);
    return {
      ...toFdxDescriptor(ref.kind, ref.id, entry, category, status),
      ...(refusal ? { sharingRefusal: refusal } : {}),
    };
  });
}

/** The account with its balances and terms; null when not the client's or gone. */
export async function fdxAccountDetail(
  fineract: FineractAccounts,
  customerId: string,
  accountId: string,
  ctx: CallContext,
): Promise<FdxAccount | null> {
  const { clientId, accounts } = await fineract.ownAccounts(customerId, ctx);
  const account = fineract.ownedAmong(accounts, accountId);
  if (!account) return null;
  const detail = await fineract.getDetail(account.ref, clientId, ctx);
  if (!detail) return null;
  // The FDX account has no users: the holder's email (a read of the client) is not needed.
  const record = fineract.toAccountRecord(detail, { customerId });
  const id = accountIdOf(detail.kind, account.ref.id);
  const balance =
    detail.kind === 'loan'
      ? toLoanBalance(id, detail.payload)
      : toSavingsFamilyBalance(id, detail.kind, detail.payload);
  if (!record || !balance) return null;
  const currency =
    detail.kind === 'loan'
      ? detail.payload.currency
      : (detail.payload.currency ?? detail.payload.summary?.currency);
  return fdxAccountOf(record, balance, account.status, fdxCurrencyOf(currency?.code));
}

/** The client as the account's sole owner, with its addresses; null when not the client's. */
export async function fdxAccountContact(
  fineract: FineractAccounts,
  customerId: string,
  accountId: string,
  ctx: CallContext,
): Promise<FdxAccountContact | null> {
  const { clientId, accounts } = await fineract.ownAccounts(customerId, ctx);
  if (!fineract.ownedAmong(accounts, accountId)) return null;
  const [client, addresses] = await Promise.all([
    fineract.getClient(clientId, ctx),
    // Active ones only (`status=true`): a moved-out address is not how to reach the holder.
    fineract.http.get<FineractAddress[]>(
      'clients.addresses',
      `/v1/client/${clientId}/addresses`,
      { status: 'true' },
      ctx,
    ),
  ]);
  return toFdxContact(client, Array.isArray(addresses) ? addresses : []);
}

/** No network FDX names serves an Australian account (docs/adapters.md): always empty. */
export async function fdxPaymentNetworks(
  fineract: FineractAccounts,
  customerId: string,
  accountId: string,
  ctx: CallContext,
): Promise<FdxPage<FdxPaymentNetwork>> {
  const { accounts } = await fineract.ownAccounts(customerId, ctx);
  if (!fineract.ownedAmong(accounts, accountId)) throw new FdxAccountNotFoundError();
  return { records: [] };
}
