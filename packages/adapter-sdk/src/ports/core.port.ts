/**
 * The ports: what the gateway asks of a core system, shaped by the gateway's needs and never by one
 * vendor's API. An adapter (`adapters/<system>/`) implements them for one core.
 *
 * Conventions every adapter follows:
 * - Every method takes the `customerId` first and only ever returns that customer's data.
 * - An unknown customer is `CustomerNotFoundError` (from this package), on every method.
 * - Methods that take account ids receive ids the gateway has already checked belong to the
 *   customer (through `listAccounts`, `listAccountsById` or `listAccountRefs`); they return
 *   records in the core's order.
 * - Records are returned in the documented shapes of the resource types, built by the
 *   adapter's mappers field by field.
 * - A core that cannot be reached throws `CoreUnavailableError` (with `retryAfterSeconds` when the
 *   core said so); a core that is too slow throws `CoreTimeoutError`. Anything else thrown becomes
 *   500 and is logged.
 * - Every method receives a {@link CallContext} whose `signal` aborts when the gateway gives up.
 * - A refusal to share is said by `sharingRefusal` on the account records, or by throwing
 *   `SharingRefusedError` (a harm-flagged customer, on every method).
 */
import type { Readable } from 'node:stream';
import type {
  AccountRef,
  Balance,
  BankingAccountRecord,
  BankingTransaction,
  BankingTransactionDetail,
  CustomerDetail,
  CustomerIdentity,
  CustomerSearchResult,
  DirectDebit,
  EnergyAccountRecord,
  EnergyBalance,
  EnergyConcession,
  EnergyInvoice,
  FdxAccount,
  FdxAccountContact,
  FdxAccountDescriptorRecord,
  FdxAccountInfo,
  FdxAssetTransferNetwork,
  FdxPaymentNetwork,
  FdxStatement,
  FdxTransaction,
  InstalmentPlan,
  Payee,
  ProductCategory,
  ProductSummary,
  ScheduledPayment,
  ShareableAccountRecord,
} from './resources';

/**
 * Reads an adapter shares between the port calls of one request: the gateway checks the
 * accounts a request names (`listAccounts`) before it asks for their data (`listBalances`, ...),
 * and both calls need the same core records. Scoped to one request, one customer (the
 * `customerId` of the call) and one adapter instance: never shared with another request, even of
 * the same customer, nor across customers.
 */
export interface RequestReads {
  /**
   * The value of `key` in this scope: the first call runs `read` and keeps its promise; later
   * calls get that promise without reading again. A read that fails is not kept (the next call
   * reads again). `key` names what is read (e.g. a core path), unique within the adapter.
   */
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
}

/** Per-call context handed to every port method. */
export interface CallContext {
  /** Aborts when the caller went away or the gateway's timeout for this call passed. */
  signal: AbortSignal;
  /** The request id, for the adapter's own logs and upstream correlation headers. */
  requestId: string;
  /**
   * Reads shared with the request's other calls to this adapter for this customer (see
   * {@link RequestReads}); absent when the call has no customer (products, customer search),
   * or when the caller gives none (tests, older gateways): `readOnce` then reads directly.
   */
  reads?: RequestReads;
}

/*
 * The records with the gateway's extras (ShareableAccountRecord, AccountRef, BankingAccountRecord,
 * EnergyAccountRecord, FdxAccountInfo, FdxAccountDescriptorRecord) are generated with the resource
 * types from the SDK's `schemas/ports/records.json`, the schema the gateway checks adapter answers
 * against (ADAPTER_OUTPUT_CHECK): one declaration for both. Import them from this package as ever.
 */

/** Accounts a customer may share (row 1), across every industry the core holds. */
export interface AuthorisationPort {
  /**
   * Every account of the customer this core holds, banking first, in the core's order (with
   * `industry` when the core holds both). With several cores the gateway asks each and merges.
   */
  listShareableAccounts(customerId: string, ctx: CallContext): Promise<ShareableAccountRecord[]>;
}

/** Instalment plans of one account, or a statement that the account's type has none. */
export type InstalmentPlansResult =
  { supported: true; plans: InstalmentPlan[] } | { supported: false };

/**
 * What a transaction list asks of the core: the filters of the request and the slice of the
 * filtered set the page holds. The core answers the records with effective time (postingDateTime,
 * else executionDateTime) in [`oldest`, `newest`], signed amount in [`minAmount`, `maxAmount`] and,
 * when `text` is given, `text` found case-insensitively in `description` or `reference`; ordered
 * by effective time descending, ties in an order of the core's that every request repeats (by
 * transaction id, say), so that pages neither repeat nor skip a record; `offset` records of that
 * set skipped and at most `limit` returned.
 */
export interface BankingTransactionQuery {
  /** Oldest effective time included: an RFC 3339 date-time in UTC, milliseconds, e.g. `2025-11-27T00:00:00.000Z`. */
  oldest: string;
  /** Newest effective time included, in the same form. */
  newest: string;
  /** Smallest signed amount included, a decimal string (e.g. `-100.00`). */
  minAmount?: string;
  /** Largest signed amount included, a decimal string. */
  maxAmount?: string;
  /** Text to find in `description` or `reference`, case-insensitively (1..256 characters). */
  text?: string;
  /** Records of the filtered set to skip (0-based). */
  offset: number;
  /** Largest number of records to return (1..1000). */
  limit: number;
}

/** One page of an account's transactions, and the size of the whole filtered set. */
export interface BankingTransactionPage {
  records: BankingTransaction[];
  /** Records in the whole filtered set (every page). */
  total: number;
  /**
   * True when the core cannot filter by `text` and answered without that filter: the gateway
   * then says so (`meta.isQueryParamUnsupported`). An adapter that can filter leaves it out.
   */
  textIgnored?: boolean;
}

/** Banking data (rows 2, 3, 5, 7, 8, 10, 11, the scheduled payments POST and transactions). */
export interface BankingPort {
  /** Every banking account of the customer, in the core's order. */
  listAccounts(customerId: string, ctx: CallContext): Promise<BankingAccountRecord[]>;
  /**
   * The customer's accounts among `accountIds`, in the core's order: exactly the records
   * `listAccounts` gives for them, ids that are not the customer's left out. Optional: for a
   * request that names accounts, the gateway asks this instead of `listAccounts` when the core
   * reads fewer records for a few ids (one call per account detail); without it, `listAccounts`.
   */
  listAccountsById?(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<BankingAccountRecord[]>;
  /**
   * Every banking account of the customer as the account check reads it: one {@link AccountRef}
   * per record of `listAccounts`, in its order, with the same values. Optional: for a request
   * that names accounts and wants their data (balances, payments, plans), the gateway checks
   * them with this instead of `listAccountsById` or `listAccounts`; implement it when your core
   * lists accounts with their status in one call but reads each account's detail on its own.
   */
  listAccountRefs?(customerId: string, ctx: CallContext): Promise<AccountRef[]>;
  /** Balances of the given accounts (one per account that has one), in the core's order. */
  listBalances(customerId: string, accountIds: string[], ctx: CallContext): Promise<Balance[]>;
  /** Direct debit authorisations of the given accounts, in the core's order. */
  listDirectDebits(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<DirectDebit[]>;
  /** Scheduled payments whose source is one of the given accounts, in the core's order. */
  listScheduledPayments(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<ScheduledPayment[]>;
  /** Instalment plans per account, keyed by account id; unsupported account types say so. */
  listInstalmentPlans(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<Map<string, InstalmentPlansResult>>;
  /** Every saved payee of the customer, in the core's order. */
  listPayees(customerId: string, ctx: CallContext): Promise<Payee[]>;
  /**
   * One page of the account's transactions, filtered and ordered as {@link BankingTransactionQuery}
   * says. The account has been checked (the customer's, not refused). Optional: without it, the
   * transaction endpoints answer 404 `resource not implemented`.
   */
  listTransactions?(
    customerId: string,
    accountId: string,
    query: BankingTransactionQuery,
    ctx: CallContext,
  ): Promise<BankingTransactionPage>;
  /**
   * One transaction of the account with its extended data (`extendedData: {}` when the core
   * holds none for it); null when the account has no transaction of that id. Optional, as
   * `listTransactions`.
   */
  getTransaction?(
    customerId: string,
    accountId: string,
    transactionId: string,
    ctx: CallContext,
  ): Promise<BankingTransactionDetail | null>;
}

/**
 * Customer detail (row 12), and the two endpoints of the platform's consent flow: customer search
 * by email and customer identity. The consent-flow methods are optional: a core that has no
 * customer emails leaves them out, and the gateway then asks the cores that have them.
 */
export interface CustomerPort {
  getCustomerDetail(customerId: string, ctx: CallContext): Promise<CustomerDetail>;
  /**
   * Every customer the email address belongs to: the customer who owns it and every customer whose
   * authorised contact the person is (an individual and a business customer can both come back).
   * The gateway hands the address trimmed and lower-cased; the core compares it case-insensitively.
   * `phoneNumber` is where the platform sends an SMS passcode: for a customer found through one of
   * its contacts, the contact's number. No match is an empty list, never an error. The one method
   * that takes no `customerId`; never cached, and never to be logged (the address is personal data).
   */
  searchCustomersByEmail?(email: string, ctx: CallContext): Promise<CustomerSearchResult[]>;
  /**
   * The customer's identity claims. For a business customer, the contact details the core holds
   * for it (its agent or primary contact). An unknown customer is `CustomerNotFoundError`.
   */
  getCustomerIdentity?(customerId: string, ctx: CallContext): Promise<CustomerIdentity>;
}

/** Inclusive date window, `YYYY-MM-DD` strings. */
export interface DateWindow {
  oldest: string;
  newest: string;
}

/** Energy data (rows 4, 6, 9, 13). */
export interface EnergyPort {
  listAccounts(customerId: string, ctx: CallContext): Promise<EnergyAccountRecord[]>;
  /** As {@link BankingPort.listAccountsById}, for energy accounts. Optional. */
  listAccountsById?(
    customerId: string,
    accountIds: string[],
    ctx: CallContext,
  ): Promise<EnergyAccountRecord[]>;
  /** As {@link BankingPort.listAccountRefs}, for energy accounts (invoices, concessions). Optional. */
  listAccountRefs?(customerId: string, ctx: CallContext): Promise<AccountRef[]>;
  /**
   * The same refs as `listAccountRefs`, read for a check of invoices issued in `window`: the
   * gateway asks this, when present, before `listInvoices` of the same request with the same
   * window. Optional: implement it when your core can read the first page of the accounts'
   * invoices in the same call as the accounts, and keep that page for `listInvoices` with
   * `readOnce` (the request's reads), so that the check costs no call of its own. The answer
   * must not depend on the window.
   */
  listAccountRefsForInvoices?(
    customerId: string,
    window: DateWindow,
    ctx: CallContext,
  ): Promise<AccountRef[]>;
  /** Invoices of the given accounts whose issueDate lies in the window. */
  listInvoices(
    customerId: string,
    accountIds: string[],
    window: DateWindow,
    ctx: CallContext,
  ): Promise<EnergyInvoice[]>;
  listConcessions(
    customerId: string,
    accountId: string,
    ctx: CallContext,
  ): Promise<EnergyConcession[]>;
  /**
   * The current balance of one account (checked: the customer's, not refused). Optional: without
   * it, the balance endpoint answers 404 `resource not implemented`.
   */
  getAccountBalance?(
    customerId: string,
    accountId: string,
    ctx: CallContext,
  ): Promise<EnergyBalance>;
}

/**
 * One page request pushed down to the core. `after` is the position key of the last record of
 * the previous page (adapter-defined, opaque to the caller: the gateway signs it into `offset`).
 */
export interface FdxPageRequest {
  limit: number;
  after?: string;
}

/** One page of records, and the position key of the next page when more data exists. */
export interface FdxPage<T> {
  records: T[];
  /** Position key to pass as `after` for the next page; absent on the last page. */
  next?: string;
  /** Total records in the window, when the core can count them cheaply (statements must). */
  total?: number;
}

/** A statement document as a stream, never buffered whole by the gateway. */
export interface StatementDocument {
  contentType: string;
  contentLength?: number;
  body: Readable;
}

/**
 * FDX-style data (rows 14 to 16, the statement download, and the account descriptors, details,
 * contacts and payment networks). The optional methods answer 704 `Account type not supported`
 * when an adapter leaves them out.
 */
export interface FdxPort {
  /** Null when the account is unknown or not the customer's. */
  getAccountInfo(
    customerId: string,
    accountId: string,
    ctx: CallContext,
  ): Promise<FdxAccountInfo | null>;
  /** Transactions with postedTimestamp in the window, postedTimestamp descending. */
  listTransactions(
    customerId: string,
    accountId: string,
    window: Partial<DateWindow>,
    page: FdxPageRequest,
    ctx: CallContext,
  ): Promise<FdxPage<FdxTransaction>>;
  /**
   * Statements with statementDate in the window, statementDate descending, without links; `total`
   * counts the whole window (it becomes `page.totalElements`).
   */
  listStatements(
    customerId: string,
    accountId: string,
    window: Partial<DateWindow>,
    page: FdxPageRequest,
    ctx: CallContext,
  ): Promise<FdxPage<Omit<FdxStatement, 'links'>> & { total: number }>;
  /** Null when the statement is unknown for this account. */
  getStatementDocument(
    customerId: string,
    accountId: string,
    statementId: string,
    ctx: CallContext,
  ): Promise<StatementDocument | null>;
  listAssetTransferNetworks(
    customerId: string,
    accountId: string,
    page: FdxPageRequest,
    ctx: CallContext,
  ): Promise<FdxPage<FdxAssetTransferNetwork>>;
  /**
   * A descriptor of every account of the customer this core holds, in the core's order, with the
   * same `status` and `sharingRefusal` as `getAccountInfo` gives. Optional.
   */
  listAccountDescriptors?(
    customerId: string,
    ctx: CallContext,
  ): Promise<FdxAccountDescriptorRecord[]>;
  /**
   * The account with its balances and terms (its `status` as `getAccountInfo` gives it); null
   * when the account is unknown or not the customer's. Asked only after `getAccountInfo` found
   * the account supported and not RESTRICTED. Optional.
   */
  getAccountDetail?(
    customerId: string,
    accountId: string,
    ctx: CallContext,
  ): Promise<FdxAccount | null>;
  /**
   * The account's holders and how to reach them; null when the account is unknown or not the
   * customer's. Personal data: never cached, never logged. Optional.
   */
  getAccountContact?(
    customerId: string,
    accountId: string,
    ctx: CallContext,
  ): Promise<FdxAccountContact | null>;
  /**
   * The payment networks of the account that FDX can name (none for an Australian account: see
   * docs/adapters.md), in the core's order, one page after `page.after`. Optional.
   */
  listPaymentNetworks?(
    customerId: string,
    accountId: string,
    page: FdxPageRequest,
    ctx: CallContext,
  ): Promise<FdxPage<FdxPaymentNetwork>>;
}

/** Product filters of the platform product list. */
export interface ProductFilter {
  productCategory?: ProductCategory;
  changeStatus?: string;
}

/** Platform product records (row 18 and the writes under it). */
export interface ProductsPort {
  /** Every product matching the filter, in a stable order (by product_id). */
  listProducts(filter: ProductFilter, ctx: CallContext): Promise<ProductSummary[]>;
  /** Creates a product; false when the id exists already. */
  createProduct(product: ProductSummary, ctx: CallContext): Promise<boolean>;
  /** Replaces a product; false when it does not exist. */
  updateProduct(product: ProductSummary, ctx: CallContext): Promise<boolean>;
  /** Deletes a product; false when it does not exist. */
  deleteProduct(productId: string, ctx: CallContext): Promise<boolean>;
}

/**
 * One core system's adapter. `id` names its folder, config block, circuits and metric label.
 * Ports the core does not serve are left out; their endpoints then answer 404 Not found.
 */
export interface CoreAdapter {
  readonly id: string;
  readonly authorisation: AuthorisationPort;
  readonly customer: CustomerPort;
  readonly banking?: BankingPort;
  readonly energy?: EnergyPort;
  readonly fdx?: FdxPort;
  readonly products?: ProductsPort;
  /**
   * Operations (`<port>.<method>`) that get a circuit breaker of their own, named after the
   * operation, instead of their group's, e.g. statement documents served by a slow archive that
   * should not open the circuit of the statement list.
   */
  readonly circuitPerOperation?: readonly string[];
  /**
   * Regroups operations (`<port>.<method>` → group) to match this core's own services. Every
   * operation belongs to a group of a typical core (`accounts`, `balances`, `payments`,
   * `lending`, `billing`, `customer`, `transactions`, `statements`, `transfers`, `products`),
   * and each group of an adapter has one circuit breaker, named after it: a core whose balances
   * come from its account service puts `'banking.listBalances': 'accounts'`, so both fail and
   * recover together. Group names are lower-case letters, digits and dashes, starting with a
   * letter; a new name makes a new circuit. An unknown operation, a bad group name, or an
   * operation also in `circuitPerOperation` stops start-up.
   */
  readonly circuitGroups?: Readonly<Record<string, string>>;
  /**
   * Whether this adapter instance can serve: its pools are open and its configuration and
   * credentials are loaded. Never whether the core answers right now, nor the outcome of the last
   * call: every replica shares the core, and a replica taken out of rotation gets no call that
   * could bring it back. Outages are the circuit's business (503 with `Retry-After`).
   */
  isReady?(): boolean;
  /**
   * Facts operators should see on `/readyz` (under `dependencies`, as `<id>.<name>`) that never
   * decide readiness, e.g. that a part of the core this adapter needs is missing. Same rule as
   * `isReady`: cheap, no call to the core.
   */
  readinessDetails?(): Record<string, boolean>;
  /** Releases pools, timers and files. Called once on shutdown. */
  close?(): Promise<void>;
}

/** What the gateway hands an adapter factory. */
export interface AdapterContext {
  /** The adapter's own configuration block, already validated against its schema. */
  config: Record<string, unknown>;
  /**
   * Structured logger without personal data, already labelled with the adapter (`adapter`):
   * an `adapter` field of its own would repeat the key.
   */
  log: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
}

/** What an adapter module exports: its id, its config schema, and its factory. */
export interface AdapterModule {
  readonly id: string;
  /** JSON Schema of the adapter's configuration block (defaults and descriptions included). */
  readonly configSchema: object;
  create(ctx: AdapterContext): Promise<CoreAdapter>;
}
