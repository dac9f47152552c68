/**
 * What every port of the Fineract adapter needs: which client a customer is, the accounts the
 * client ever opened, and their details. The rules (how customers map to clients, what an account
 * that vanished between two calls is) are described in fineract.adapter.ts.
 */
import {
  CustomerNotFoundError,
  readOnce,
  type AccountRef,
  type AdapterContext,
  type BankingAccountRecord,
  type CallContext,
} from '@data-holder-gateway/adapter-sdk';
import {
  accountIdOf,
  bsbDigits,
  clientEmail,
  entrySharingRefusal,
  loanOpenStatus,
  parseAccountId,
  productCategoryOf,
  savingsKindOf,
  savingsOpenStatus,
  toLoanAccount,
  toSavingsFamilyAccount,
  type FineractAccountKind,
  type FineractClient,
  type FineractClientAccounts,
  type FineractClientLoanAccount,
  type FineractClientPage,
  type FineractClientSavingsAccount,
  type FineractHolder,
  type FineractLoan,
  type FineractSavingsAccount,
  type ParsedAccountId,
} from './mappers';
import type { FineractClient as FineractHttp } from './fineract-client';
import type { FineractConfig } from './fineract-config';

/** Concurrent Fineract calls one port call makes at most. */
export const MAX_PARALLEL = 8;
/** Pages one port call walks at most (a guard against a core that never says "last"). */
export const MAX_PAGES = 1000;
/** External id → client id entries remembered at most. */
const EXTERNAL_ID_CACHE = 10_000;
const CLIENT_ID = /^[1-9][0-9]{0,17}$/;

/** A listed account of the client: its kind, Fineract id and list entry. */
export interface ListedAccount {
  ref: ParsedAccountId;
  entry: FineractClientSavingsAccount | FineractClientLoanAccount;
  status: 'OPEN' | 'CLOSED';
}

export type AccountDetail =
  | { kind: 'sav' | 'fd' | 'rd'; payload: FineractSavingsAccount }
  | { kind: 'loan'; payload: FineractLoan };

/** Where each kind of account is read (its detail, and under it its transactions). */
export const DETAIL_PATHS: Readonly<Record<FineractAccountKind, string>> = {
  sav: '/v1/savingsaccounts/',
  fd: '/v1/fixeddepositaccounts/',
  rd: '/v1/recurringdepositaccounts/',
  loan: '/v1/loans/',
};

export class FineractAccounts {
  /** The holder's BSB digits, when configured. */
  readonly bsb: string | undefined;
  /** Concurrent Fineract calls of one port call. */
  readonly parallel: number;
  private readonly externalIds = new Map<string, string>();

  constructor(
    readonly config: FineractConfig,
    readonly http: FineractHttp,
    private readonly log: AdapterContext['log'],
  ) {
    this.bsb = bsbDigits(config.bsb);
    this.parallel = Math.max(1, Math.min(MAX_PARALLEL, config.connections * config.pipelining));
  }

  /**
   * The Fineract client id of a customer; `proven` when the call that found it (an external id
   * lookup) also showed that Fineract knows the client.
   */
  async clientIdOf(
    customerId: string,
    ctx: CallContext,
  ): Promise<{ clientId: string; proven: boolean }> {
    switch (this.config.customerIds) {
      case 'table': {
        const clientId = this.config.customers[customerId]?.clientId;
        if (clientId === undefined) throw new CustomerNotFoundError();
        return { clientId: String(clientId), proven: false };
      }
      case 'externalId': {
        const known = this.externalIds.get(customerId);
        if (known !== undefined) return { clientId: known, proven: false };
        const page = await this.http.get<FineractClientPage>(
          'clients.byExternalId',
          '/v1/clients',
          { externalId: customerId, limit: 1 },
          ctx,
        );
        const client = page?.pageItems?.[0];
        if (!client || client.id === undefined || !CLIENT_ID.test(String(client.id))) {
          throw new CustomerNotFoundError();
        }
        if (client.externalId !== undefined && client.externalId !== customerId) {
          throw new CustomerNotFoundError();
        }
        if (this.externalIds.size >= EXTERNAL_ID_CACHE) this.externalIds.clear();
        this.externalIds.set(customerId, String(client.id));
        return { clientId: String(client.id), proven: true };
      }
      default:
        if (!CLIENT_ID.test(customerId)) throw new CustomerNotFoundError();
        return { clientId: customerId, proven: false };
    }
  }

  /** The client id of a customer Fineract knows (one call at most, none after a fresh lookup). */
  async knownClientId(customerId: string, ctx: CallContext): Promise<string> {
    const { clientId, proven } = await this.clientIdOf(customerId, ctx);
    if (!proven) await this.getClient(clientId, ctx);
    return clientId;
  }

  /** The client id of a customer and the accounts the client ever opened (one call). */
  async ownAccounts(
    customerId: string,
    ctx: CallContext,
  ): Promise<{ clientId: string; accounts: ListedAccount[] }> {
    const { clientId } = await this.clientIdOf(customerId, ctx);
    return { clientId, accounts: this.listed(await this.getClientAccounts(clientId, ctx)) };
  }

  async getClient(clientId: string, ctx: CallContext): Promise<FineractClient> {
    const path = `/v1/clients/${clientId}`;
    const client = await readOnce(ctx, path, () =>
      this.http.get<FineractClient>('clients.get', path, {}, ctx),
    );
    if (!client) throw new CustomerNotFoundError();
    return client;
  }

  async getClientAccounts(clientId: string, ctx: CallContext): Promise<FineractClientAccounts> {
    const path = `/v1/clients/${clientId}/accounts`;
    const accounts = await readOnce(ctx, path, () =>
      this.http.get<FineractClientAccounts>('clients.accounts', path, {}, ctx),
    );
    if (!accounts) throw new CustomerNotFoundError();
    return accounts;
  }

  /** The client's accounts that were ever opened, savings family first, in Fineract's order. */
  listed(accounts: FineractClientAccounts): ListedAccount[] {
    const out: ListedAccount[] = [];
    for (const entry of accounts.savingsAccounts ?? []) {
      const kind = savingsKindOf(entry.depositType);
      const status = savingsOpenStatus(entry.status);
      if (kind === undefined || status === null || entry.id === undefined) continue;
      out.push({ ref: { kind, id: String(entry.id) }, entry, status });
    }
    for (const entry of accounts.loanAccounts ?? []) {
      const status = loanOpenStatus(entry.status);
      if (status === null || entry.id === undefined) continue;
      out.push({ ref: { kind: 'loan', id: String(entry.id) }, entry, status });
    }
    return out;
  }

  holderOf(customerId: string, client: FineractClient): FineractHolder {
    const email = clientEmail(client);
    return email === undefined ? { customerId } : { customerId, email };
  }

  /** The detail of an account of the client; null when Fineract no longer has it (see above). */
  async getDetail(
    ref: ParsedAccountId,
    clientId: string,
    ctx: CallContext,
  ): Promise<AccountDetail | null> {
    const path = `${DETAIL_PATHS[ref.kind]}${ref.id}`;
    const query = ref.kind === 'loan' ? { associations: 'repaymentSchedule' } : {};
    // Read once per request: the account check and the data call of a request both need it.
    const payload = await readOnce(ctx, path, () =>
      this.http.get<FineractSavingsAccount | FineractLoan>(`${ref.kind}.get`, path, query, ctx),
    );
    if (!payload) {
      // An account id identifies a customer's account: only its kind is logged.
      this.log.warn(
        { accountKind: ref.kind },
        'an account of the client list is unknown to Fineract; left out',
      );
      return null;
    }
    if (payload.clientId !== undefined && String(payload.clientId) !== clientId) {
      this.log.warn({ accountKind: ref.kind }, 'an account belongs to another client; left out');
      return null;
    }
    return ref.kind === 'loan'
      ? { kind: 'loan', payload: payload as FineractLoan }
      : { kind: ref.kind, payload: payload as FineractSavingsAccount };
  }

  toAccountRecord(detail: AccountDetail, holder: FineractHolder): BankingAccountRecord | null {
    if (detail.kind === 'loan') {
      const loan = detail.payload;
      return toLoanAccount(loan, {
        holder,
        productCategory: productCategoryOf(
          'loan',
          loan.loanProductId,
          this.config.productCategories,
        ),
        ...(this.bsb !== undefined ? { bsb: this.bsb } : {}),
      });
    }
    const account = detail.payload;
    return toSavingsFamilyAccount(detail.kind, account, {
      holder,
      productCategory: productCategoryOf(
        detail.kind,
        account.savingsProductId,
        this.config.productCategories,
      ),
      ...(this.bsb !== undefined ? { bsb: this.bsb } : {}),
    });
  }

  /**
   * A listed account as the gateway's account check reads it: the values of its full record
   * (`toAccountRecord`), from the client account list alone (its status, product and sub-status).
   */
  toAccountRef(account: ListedAccount): AccountRef {
    const { kind, id } = account.ref;
    const refusal = entrySharingRefusal(kind, account.entry);
    return {
      accountId: accountIdOf(kind, id),
      openStatus: account.status,
      isOwned: true,
      productCategory: productCategoryOf(
        kind,
        account.entry.productId,
        this.config.productCategories,
      ),
      ...(refusal ? { sharingRefusal: refusal } : {}),
    };
  }

  /** The client's account of a gateway account id; undefined when it is not one of them. */
  ownedAmong(accounts: readonly ListedAccount[], accountId: string) {
    const ref = parseAccountId(accountId);
    if (!ref) return undefined;
    return accounts.find((a) => a.ref.kind === ref.kind && a.ref.id === ref.id);
  }

  /** The client's accounts among the given gateway ids, in the given order, each once. */
  ownedRefs(accounts: readonly ListedAccount[], accountIds: readonly string[]) {
    const refs: ParsedAccountId[] = [];
    for (const id of new Set(accountIds)) {
      const account = this.ownedAmong(accounts, id);
      if (account) refs.push(account.ref);
    }
    return refs;
  }
}
