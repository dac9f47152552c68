/**
 * The Apache Fineract adapter: the gateway's ports over Fineract's REST API. It does the I/O and
 * hands raw payloads to `mappers/fineract`. Every call carries HTTP Basic credentials and the
 * `Fineract-Platform-TenantId` header; paths are under the configured base URL
 * (`.../fineract-provider/api`):
 * - `GET /v1/clients/{id}`: customer detail, and the proof that a client exists;
 * - `GET /v1/clients?externalId=&limit=1`: customer ids mapped by external id;
 * - `GET /v1/clients/{id}/accounts`: the client's savings-family and loan accounts;
 * - `GET /v1/savingsaccounts/{id}`, `/v1/fixeddepositaccounts/{id}`,
 *   `/v1/recurringdepositaccounts/{id}`, `/v1/loans/{id}?associations=repaymentSchedule`: details,
 *   balances and repayment schedules;
 * - `GET /v1/savingsaccounts/{id}/transactions/search?fromDate&toDate&offset&limit&orderBy=transactionDate&sortOrder=DESC`:
 *   transactions of savings, fixed and recurring deposit accounts;
 * - `GET /v1/loans/{id}/transactions?page&size&sort=transactionDate,desc`: loan transactions;
 * - `GET /v1/standinginstructions?clientId&offset&limit`: scheduled payments;
 * - `GET /v1/self/beneficiaries/tpt` as the customer's self-service user: payees.
 *
 * Decisions a reader may question:
 * - Customers map to clients by client id (default), external id (looked up once per customer and
 *   remembered) or a configured table. An id that cannot be a client, or a client Fineract does
 *   not know (404), is CustomerNotFoundError.
 * - An account the client's account list names but whose detail answers 404 vanished between two
 *   calls (Fineract only deletes accounts that were never opened): it is treated as gone, not as an
 *   outage — left out of lists and balances, null for FDX, 701 for its transactions — so one
 *   account's data problem never opens the circuit for every customer. It is logged as a warning.
 * - Every port call resolves the customer's client once and proves Fineract knows it: through the
 *   client's account list (which also says which accounts are the client's) where the call needs
 *   accounts, otherwise through the client itself (none more when an external id lookup just
 *   found it). A 404 there is CustomerNotFoundError, on every method.
 * - Account ids are checked against the client's account list before anything of the account is
 *   read, although the gateway has already checked them through `listAccounts` (the ports'
 *   convention); an account of another client is treated like an unknown one (left out, null,
 *   or FdxAccountNotFoundError), never served. Details are checked again by their clientId.
 * - Direct debits: Fineract has no direct debit authorisations, so the list is always empty.
 * - Payees are read with the customer's own self-service credentials (Fineract answers the
 *   beneficiaries of the authenticated self-service user); a customer without them, or a holder
 *   without a configured BSB, has no payees.
 * - Statements and asset transfer networks: Fineract has neither; statements are an empty page,
 *   documents null, and account info says asset transfer networks are unsupported (704).
 * - Independent calls run concurrently, at most {@link MAX_PARALLEL} at a time per port call.
 */
import {
  CustomerNotFoundError,
  FdxAccountNotFoundError,
  FdxInvalidRequestError,
} from '../../src/errors';
import type {
  AdapterContext,
  BankingAccountRecord,
  BankingPort,
  CallContext,
  CoreAdapter,
  DateWindow,
  FdxPage,
  FdxPageRequest,
  FdxPort,
  InstalmentPlansResult,
  ShareableAccountRecord,
} from '../../src/ports';
import type { Balance, FdxTransaction, Payee, ScheduledPayment } from '../../src/ports/resources';
import {
  accountIdOf,
  bsbDigits,
  clientEmail,
  loanOpenStatus,
  parseAccountId,
  productCategoryOf,
  savingsKindOf,
  savingsOpenStatus,
  toCustomerDetail,
  toInstalmentPlan,
  toLoanAccount,
  toLoanBalance,
  toLoanTransaction,
  toPayee,
  toSavingsFamilyAccount,
  toSavingsFamilyBalance,
  toSavingsTransaction,
  toScheduledPayment,
  toShareableAccount,
  toIsoDate,
  type FineractAccountKind,
  type FineractBeneficiary,
  type FineractClient,
  type FineractClientAccounts,
  type FineractClientLoanAccount,
  type FineractClientPage,
  type FineractClientSavingsAccount,
  type FineractHolder,
  type FineractLoan,
  type FineractLoanTransactionPage,
  type FineractSavingsAccount,
  type FineractSavingsTransactionPage,
  type FineractStandingInstructionPage,
  type ParsedAccountId,
} from '../../mappers/fineract';
import { FineractClient as FineractHttp } from './fineract-client';
import { withDefaults, type FineractConfig, type FineractSettings } from './fineract-config';

/** Concurrent Fineract calls one port call makes at most. */
export const MAX_PARALLEL = 8;
/** Pages one port call walks at most (a guard against a core that never says "last"). */
const MAX_PAGES = 1000;
/** External id → client id entries remembered at most. */
const EXTERNAL_ID_CACHE = 10_000;
const CLIENT_ID = /^[1-9][0-9]{0,17}$/;
const POSITION = /^(0|[1-9][0-9]{0,14})$/;

/** Maps `items` with at most `limit` calls in flight, keeping the order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A listed account of the client: its kind, Fineract id and list entry. */
interface ListedAccount {
  ref: ParsedAccountId;
  entry: FineractClientSavingsAccount | FineractClientLoanAccount;
  status: 'OPEN' | 'CLOSED';
}

type AccountDetail =
  | { kind: 'sav' | 'fd' | 'rd'; payload: FineractSavingsAccount }
  | { kind: 'loan'; payload: FineractLoan };

const DETAIL_PATHS: Readonly<Record<FineractAccountKind, string>> = {
  sav: '/v1/savingsaccounts/',
  fd: '/v1/fixeddepositaccounts/',
  rd: '/v1/recurringdepositaccounts/',
  loan: '/v1/loans/',
};

/** The adapter with its pool; `close()` destroys the pool. */
export type FineractAdapter = CoreAdapter & {
  readonly banking: BankingPort;
  readonly fdx: FdxPort;
  close(): Promise<void>;
};

/**
 * Builds the Fineract adapter.
 * @param settings the configuration block (defaults are applied to what is missing)
 * @param log structured logger; the adapter never logs personal data or credentials
 */
export function createFineractAdapter(
  settings: FineractSettings,
  log: AdapterContext['log'],
): FineractAdapter {
  const config: FineractConfig = withDefaults(settings);
  const http = new FineractHttp(config, log);
  const bsb = bsbDigits(config.bsb);
  const parallel = Math.max(1, Math.min(MAX_PARALLEL, config.connections * config.pipelining));
  const externalIds = new Map<string, string>();
  const instalmentProducts =
    config.instalmentProducts === undefined
      ? undefined
      : new Set(config.instalmentProducts.map(String));

  // ---------------------------------------------------------------- customers

  /**
   * The Fineract client id of a customer; `proven` when the call that found it (an external id
   * lookup) also showed that Fineract knows the client.
   */
  async function clientIdOf(
    customerId: string,
    ctx: CallContext,
  ): Promise<{ clientId: string; proven: boolean }> {
    switch (config.customerIds) {
      case 'table': {
        const clientId = config.customers[customerId]?.clientId;
        if (clientId === undefined) throw new CustomerNotFoundError();
        return { clientId: String(clientId), proven: false };
      }
      case 'externalId': {
        const known = externalIds.get(customerId);
        if (known !== undefined) return { clientId: known, proven: false };
        const page = await http.get<FineractClientPage>(
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
        if (externalIds.size >= EXTERNAL_ID_CACHE) externalIds.clear();
        externalIds.set(customerId, String(client.id));
        return { clientId: String(client.id), proven: true };
      }
      default:
        if (!CLIENT_ID.test(customerId)) throw new CustomerNotFoundError();
        return { clientId: customerId, proven: false };
    }
  }

  /** The client id of a customer Fineract knows (one call at most, none after a fresh lookup). */
  async function knownClientId(customerId: string, ctx: CallContext): Promise<string> {
    const { clientId, proven } = await clientIdOf(customerId, ctx);
    if (!proven) await getClient(clientId, ctx);
    return clientId;
  }

  /** The client id of a customer and the accounts the client ever opened (one call). */
  async function ownAccounts(
    customerId: string,
    ctx: CallContext,
  ): Promise<{ clientId: string; accounts: ListedAccount[] }> {
    const { clientId } = await clientIdOf(customerId, ctx);
    return { clientId, accounts: listed(await getClientAccounts(clientId, ctx)) };
  }

  async function getClient(clientId: string, ctx: CallContext): Promise<FineractClient> {
    const client = await http.get<FineractClient>(
      'clients.get',
      `/v1/clients/${clientId}`,
      {},
      ctx,
    );
    if (!client) throw new CustomerNotFoundError();
    return client;
  }

  async function getClientAccounts(
    clientId: string,
    ctx: CallContext,
  ): Promise<FineractClientAccounts> {
    const accounts = await http.get<FineractClientAccounts>(
      'clients.accounts',
      `/v1/clients/${clientId}/accounts`,
      {},
      ctx,
    );
    if (!accounts) throw new CustomerNotFoundError();
    return accounts;
  }

  /** The client's accounts that were ever opened, savings family first, in Fineract's order. */
  function listed(accounts: FineractClientAccounts): ListedAccount[] {
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

  function holderOf(customerId: string, client: FineractClient): FineractHolder {
    const email = clientEmail(client);
    return email === undefined ? { customerId } : { customerId, email };
  }

  // ---------------------------------------------------------------- account details

  /** The detail of an account of the client; null when Fineract no longer has it (see above). */
  async function getDetail(
    ref: ParsedAccountId,
    clientId: string,
    ctx: CallContext,
  ): Promise<AccountDetail | null> {
    const path = `${DETAIL_PATHS[ref.kind]}${ref.id}`;
    const query = ref.kind === 'loan' ? { associations: 'repaymentSchedule' } : {};
    const payload = await http.get<FineractSavingsAccount | FineractLoan>(
      `${ref.kind}.get`,
      path,
      query,
      ctx,
    );
    if (!payload) {
      // An account id identifies a customer's account: only its kind is logged.
      log.warn(
        { accountKind: ref.kind },
        'an account of the client list is unknown to Fineract; left out',
      );
      return null;
    }
    if (payload.clientId !== undefined && String(payload.clientId) !== clientId) {
      log.warn({ accountKind: ref.kind }, 'an account belongs to another client; left out');
      return null;
    }
    return ref.kind === 'loan'
      ? { kind: 'loan', payload: payload as FineractLoan }
      : { kind: ref.kind, payload: payload as FineractSavingsAccount };
  }

  function toAccountRecord(
    detail: AccountDetail,
    holder: FineractHolder,
  ): BankingAccountRecord | null {
    if (detail.kind === 'loan') {
      const loan = detail.payload;
      return toLoanAccount(loan, {
        holder,
        productCategory: productCategoryOf('loan', loan.loanProductId, config.productCategories),
        ...(bsb !== undefined ? { bsb } : {}),
      });
    }
    const account = detail.payload;
    return toSavingsFamilyAccount(detail.kind, account, {
      holder,
      productCategory: productCategoryOf(
        detail.kind,
        account.savingsProductId,
        config.productCategories,
      ),
      ...(bsb !== undefined ? { bsb } : {}),
    });
  }

  /** The client's account of a gateway account id; undefined when it is not one of them. */
  function ownedAmong(accounts: readonly ListedAccount[], accountId: string) {
    const ref = parseAccountId(accountId);
    if (!ref) return undefined;
    return accounts.find((a) => a.ref.kind === ref.kind && a.ref.id === ref.id);
  }

  /** The client's accounts among the given gateway ids, in the given order, each once. */
  function ownedRefs(accounts: readonly ListedAccount[], accountIds: readonly string[]) {
    const refs: ParsedAccountId[] = [];
    for (const id of new Set(accountIds)) {
      const account = ownedAmong(accounts, id);
      if (account) refs.push(account.ref);
    }
    return refs;
  }

  // ---------------------------------------------------------------- banking

  const banking: BankingPort = {
    async listAccounts(customerId, ctx) {
      const { clientId } = await clientIdOf(customerId, ctx);
      const [client, accounts] = await Promise.all([
        getClient(clientId, ctx),
        getClientAccounts(clientId, ctx),
      ]);
      const holder = holderOf(customerId, client);
      const details = await mapLimit(listed(accounts), parallel, (a) =>
        getDetail(a.ref, clientId, ctx),
      );
      return details.flatMap((d) => {
        const record = d && toAccountRecord(d, holder);
        return record ? [record] : [];
      });
    },

    async listBalances(customerId, accountIds, ctx) {
      const { clientId, accounts } = await ownAccounts(customerId, ctx);
      const details = await mapLimit(ownedRefs(accounts, accountIds), parallel, (ref) =>
        getDetail(ref, clientId, ctx),
      );
      const balances: Balance[] = [];
      for (const d of details) {
        if (!d || d.payload.id === undefined) continue;
        const accountId = accountIdOf(d.kind, d.payload.id);
        const balance =
          d.kind === 'loan'
            ? toLoanBalance(accountId, d.payload)
            : toSavingsFamilyBalance(accountId, d.kind, d.payload);
        if (balance) balances.push(balance);
      }
      return balances;
    },

    // Fineract has no direct debit authorisations (debits by third parties on an account): the
    // documented answer for a core that cannot supply them is an empty list.
    async listDirectDebits(customerId, _accountIds, ctx) {
      await knownClientId(customerId, ctx);
      return [];
    },

    async listScheduledPayments(customerId, accountIds, ctx) {
      const { clientId } = await clientIdOf(customerId, ctx);
      const [accounts, instructions] = await Promise.all([
        getClientAccounts(clientId, ctx),
        walkStandingInstructions(clientId, ctx),
      ]);
      const own = new Map<string, string>();
      for (const a of listed(accounts)) {
        own.set(
          `${a.ref.kind === 'loan' ? 'loan' : 'savings'}:${a.ref.id}`,
          accountIdOf(a.ref.kind, a.ref.id),
        );
      }
      const wanted = new Set(accountIds);
      const payments: ScheduledPayment[] = [];
      for (const instruction of instructions) {
        const payment = toScheduledPayment(instruction, {
          ownAccount: (type, id) => own.get(`${type}:${id}`),
          ...(bsb !== undefined ? { bsb } : {}),
        });
        if (payment && wanted.has(payment.from.accountId)) payments.push(payment);
      }
      return payments;
    },

    async listInstalmentPlans(customerId, accountIds, ctx) {
      const { clientId, accounts } = await ownAccounts(customerId, ctx);
      const result = new Map<string, InstalmentPlansResult>();
      // Another client's account gets no key at all (as an unknown one).
      const refs = ownedRefs(accounts, accountIds);
      const loans = refs.filter((ref) => ref.kind === 'loan');
      for (const ref of refs) {
        if (ref.kind !== 'loan') result.set(accountIdOf(ref.kind, ref.id), { supported: false });
      }
      const details = await mapLimit(loans, parallel, (ref) => getDetail(ref, clientId, ctx));
      loans.forEach((ref, i) => {
        const id = accountIdOf(ref.kind, ref.id);
        const detail = details[i];
        if (!detail || detail.kind !== 'loan') {
          // Gone between two calls (see the module comment): no plans to report.
          result.set(id, { supported: true, plans: [] });
          return;
        }
        const productId = detail.payload.loanProductId;
        if (
          instalmentProducts !== undefined &&
          (productId === undefined || !instalmentProducts.has(String(productId)))
        ) {
          result.set(id, { supported: false });
          return;
        }
        const plan = toInstalmentPlan(id, detail.payload);
        result.set(id, { supported: true, plans: plan ? [plan] : [] });
      });
      return result;
    },

    async listPayees(customerId, ctx) {
      const entry = config.customers[customerId];
      if (!entry?.selfServiceUsername || !entry.selfServicePassword || bsb === undefined) {
        await knownClientId(customerId, ctx);
        return [];
      }
      // The beneficiaries are read while the client is checked; they are used only once the
      // client is known (a settled promise, so a failure of either is reported in that order).
      const reading = http
        .get<FineractBeneficiary[]>(
          'self.beneficiaries.tpt',
          '/v1/self/beneficiaries/tpt',
          {},
          ctx,
          { username: entry.selfServiceUsername, password: entry.selfServicePassword },
        )
        .then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        );
      await knownClientId(customerId, ctx);
      const read = await reading;
      if (!read.ok) throw read.error;
      const beneficiaries = read.value;
      const payees: Payee[] = [];
      for (const beneficiary of Array.isArray(beneficiaries) ? beneficiaries : []) {
        const payee = toPayee(beneficiary, bsb);
        if (payee) payees.push(payee);
      }
      return payees;
    },
  };

  async function walkStandingInstructions(clientId: string, ctx: CallContext) {
    const items = [];
    for (let offset = 0, pages = 0; pages < MAX_PAGES; pages += 1) {
      const page = await http.get<FineractStandingInstructionPage>(
        'standinginstructions.list',
        '/v1/standinginstructions',
        { clientId, offset, limit: config.pageSize },
        ctx,
      );
      const pageItems = page?.pageItems ?? [];
      items.push(...pageItems);
      offset += pageItems.length;
      if (pageItems.length === 0 || offset >= (page?.totalFilteredRecords ?? 0)) break;
    }
    return items;
  }

  // ---------------------------------------------------------------- FDX

  /** Savings-family transactions: Fineract's search with the window, offset and limit. */
  async function savingsTransactions(
    ref: ParsedAccountId,
    window: Partial<DateWindow>,
    page: FdxPageRequest,
    ctx: CallContext,
  ): Promise<FdxPage<FdxTransaction>> {
    let offset = page.after === undefined ? 0 : positionOf(page.after);
    const records: FdxTransaction[] = [];
    for (let calls = 0; calls < MAX_PAGES; calls += 1) {
      const result = await http.get<FineractSavingsTransactionPage>(
        'savings.transactions.search',
        `/v1/savingsaccounts/${ref.id}/transactions/search`,
        {
          fromDate: window.oldest,
          toDate: window.newest,
          dateFormat: 'yyyy-MM-dd',
          locale: 'en',
          offset,
          limit: page.limit - records.length,
          orderBy: 'transactionDate',
          sortOrder: 'DESC',
        },
        ctx,
      );
      if (!result) throw new FdxAccountNotFoundError();
      const content = result.content ?? [];
      const total = result.total ?? 0;
      for (const tx of content) {
        offset += 1;
        const record = toSavingsTransaction(tx);
        if (record) records.push(record);
        if (records.length === page.limit) {
          return offset < total ? { records, next: String(offset) } : { records };
        }
      }
      // Fewer reportable records than asked (reversals skipped): read on, unless that was all.
      if (content.length === 0 || offset >= total) return { records };
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
    ref: ParsedAccountId,
    window: Partial<DateWindow>,
    page: FdxPageRequest,
    ctx: CallContext,
  ): Promise<FdxPage<FdxTransaction>> {
    const size = config.pageSize;
    const start = page.after === undefined ? 0 : positionOf(page.after);
    const records: FdxTransaction[] = [];
    let pageNumber = Math.floor(start / size);
    for (let calls = 0; calls < MAX_PAGES; calls += 1, pageNumber += 1) {
      const result = await http.get<FineractLoanTransactionPage>(
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

  const fdx: FdxPort = {
    async getAccountInfo(customerId, accountId, ctx) {
      const { accounts } = await ownAccounts(customerId, ctx);
      const account = ownedAmong(accounts, accountId);
      if (!account) return null;
      return { status: account.status, supportsFdx: true, supportsAssetTransferNetworks: false };
    },

    async listTransactions(customerId, accountId, window, page, ctx) {
      // A position key this adapter did not make is refused before Fineract is asked.
      if (page.after !== undefined) positionOf(page.after);
      const { accounts } = await ownAccounts(customerId, ctx);
      const account = ownedAmong(accounts, accountId);
      if (!account) throw new FdxAccountNotFoundError();
      return account.ref.kind === 'loan'
        ? loanTransactions(account.ref, window, page, ctx)
        : savingsTransactions(account.ref, window, page, ctx);
    },

    // Fineract produces no statements: every window of the client's accounts is empty.
    async listStatements(customerId, accountId, _window, _page, ctx) {
      const { accounts } = await ownAccounts(customerId, ctx);
      if (!ownedAmong(accounts, accountId)) throw new FdxAccountNotFoundError();
      return { records: [], total: 0 };
    },

    async getStatementDocument(customerId, _accountId, _statementId, ctx) {
      await knownClientId(customerId, ctx);
      return null;
    },

    // Never asked in practice: account info says asset transfer networks are unsupported (704).
    async listAssetTransferNetworks(customerId, accountId, _page, ctx) {
      const { accounts } = await ownAccounts(customerId, ctx);
      if (!ownedAmong(accounts, accountId)) throw new FdxAccountNotFoundError();
      return { records: [] };
    },
  };

  return {
    id: 'fineract',
    authorisation: {
      async listShareableAccounts(customerId, ctx) {
        const { clientId } = await clientIdOf(customerId, ctx);
        const [client, accounts] = await Promise.all([
          getClient(clientId, ctx),
          getClientAccounts(clientId, ctx),
        ]);
        const holder = holderOf(customerId, client);
        return listed(accounts).flatMap((a) => {
          const record: ShareableAccountRecord | null = toShareableAccount(
            a.ref.kind,
            a.entry,
            holder,
          );
          return record ? [record] : [];
        });
      },
    },
    customer: {
      async getCustomerDetail(customerId, ctx) {
        const { clientId } = await clientIdOf(customerId, ctx);
        return toCustomerDetail(await getClient(clientId, ctx));
      },
    },
    banking,
    fdx,
    isReady: () => http.ready,
    close: () => http.close(),
  };
}

/** A position key this adapter made (a decimal index); anything else is a bad request. */
function positionOf(after: string): number {
  if (!POSITION.test(after)) throw new FdxInvalidRequestError();
  return Number(after);
}
