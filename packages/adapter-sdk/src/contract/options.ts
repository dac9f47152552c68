/** What a holder gives the contract suite: the ports served, the fixtures, the setup. */
import type { CoreAdapter, DateWindow } from '../ports';
import type { ContractCheck } from './check-names';

/** The ports an adapter may leave out (authorisation and customer are always required). */
export type OptionalPort = 'banking' | 'energy' | 'fdx' | 'products';

/** What the suite must find in an FDX account of the customer with data. */
export interface FdxFixtures {
  /** An account of `customerId` whose type has FDX data (`supportsFdx`) with transactions. */
  accountId: string;
  /** The no-window walk must find at least this many transactions. Default 1. */
  minTransactions?: number;
  /**
   * When set, the account must support asset transfer networks, be OPEN, and hold at least this
   * many of them. Default: asset transfer networks are not walked.
   */
  minAssetTransferNetworks?: number;
  /** Page size of the walks (small, so that several pages are walked). Default 7. */
  pageLimit?: number;
}

/**
 * What the checks of `banking.listTransactions` and `banking.getTransaction` read. Every field is
 * optional: without them the suite finds an account of `customerId` with transactions itself.
 */
export interface BankingTransactionFixtures {
  /**
   * A banking account of `customerId` with transactions in `window`. Default: the first account
   * of `banking.listAccounts` without `sharingRefusal` whose list holds at least
   * `minTransactions`.
   */
  accountId?: string;
  /** The list of the account must hold at least this many transactions. Default 1. */
  minTransactions?: number;
  /**
   * A transaction of the account whose detail carries extended data: it must be listed with
   * `isDetailAvailable` true. Default: none named (the detail checks still run on every listed
   * transaction).
   */
  detailedTransactionId?: string;
  /**
   * Effective times the checks list (RFC 3339 date-times in UTC, inclusive). Default
   * 2000-01-01T00:00:00.000Z to 2099-12-31T23:59:59.999Z.
   */
  window?: { oldest: string; newest: string };
  /** Page size of the paging walk (small, so that several pages are walked). Default 7. */
  pageLimit?: number;
}

/** An account the core refuses to share, and why. */
export interface RefusedAccountFixture {
  customerId: string;
  accountId: string;
  reason: 'harm' | 'blocked' | 'suspended';
}

/** The refusals to share the core's test data holds (docs/adapters.md, "Refusing to share"). */
export interface RefusalFixtures {
  /** Accounts whose records carry `sharingRefusal`, with the reason. */
  accounts?: RefusedAccountFixture[];
  /** A customer whose data could cause harm to share: every list of theirs is refused. */
  harmCustomerId?: string;
}

/**
 * The test data the holder's core holds: who to ask for, and what to expect. Everything here is
 * plain JSON, so a fixtures file can hold it (see `run-adapter-contract.ts`).
 */
export interface AdapterContractFixtures {
  /** A customer the core knows, with at least one account on every industry port served. */
  customerId: string;
  /**
   * A second customer with accounts of their own, for the isolation checks (their exclusive
   * account ids must never appear in `customerId`'s records, and the other way round). A joint
   * account both customers hold is allowed: only ids exclusive to one customer are checked.
   */
  otherCustomerId?: string;
  /** A customer the core knows who has no accounts: lists are empty, nothing is 404. */
  emptyCustomerId?: string;
  /** A customer id the core does not know. */
  unknownCustomerId: string;
  /**
   * An email address of `customerId` as the core holds it: required when the adapter implements
   * `customer.searchCustomersByEmail` (the search must find `customerId` by it, whatever its
   * case), refused when it does not.
   */
  customerEmail?: string;
  /** FDX expectations; required when the adapter serves the `fdx` port. */
  fdx?: FdxFixtures;
  /** Transaction expectations, read when the adapter has `banking.listTransactions`. */
  bankingTransactions?: BankingTransactionFixtures;
  /** Window of the energy invoice checks. Default 2000-01-01 to 2099-12-31. */
  energyWindow?: DateWindow;
  /**
   * Whether the adapter does I/O that honours `CallContext.signal`: when true, a call made with
   * an already aborted signal must reject. Default false (in-memory adapters have nothing to
   * cancel).
   */
  abortsOnSignal?: boolean;
  /** Longest time one port call may take before the suite calls it hung, ms. Default 10 000. */
  callTimeoutMs?: number;
  /** The refusals to share the test data holds, if any. */
  refusals?: RefusalFixtures;
}

/** The adapter the suite checks, and how to release what `setup` started. */
export interface AdapterUnderTest {
  adapter: CoreAdapter;
  /** Runs after the adapter's `close()`, e.g. to stop a loopback core. */
  teardown?: () => Promise<void>;
}

/** Options of {@link describeAdapterContract}. */
export interface AdapterContractOptions {
  /** Shown in every test title, e.g. `template` or `fineract over the simulator`. */
  name: string;
  /** The optional ports the adapter serves; the suite checks it exposes exactly these. */
  ports: readonly OptionalPort[];
  /** Creates the adapter (and whatever it needs); called once, before the first check. */
  setup: () => Promise<AdapterUnderTest>;
  fixtures: AdapterContractFixtures;
  /** Timeout of `setup`, ms. Default 30 000. */
  setupTimeoutMs?: number;
  /**
   * Checks that must each run and check at least one record, call or account (`CONTRACT_CHECKS`
   * names them): for an adapter that implements the optional methods and holds the fixtures
   * for them, a last check then fails when one of these passed with nothing to check. Default:
   * none (a check of a method the adapter leaves out passes with nothing to check).
   */
  expectChecked?: readonly ContractCheck[];
}

export const OPTIONAL_PORTS: readonly OptionalPort[] = ['banking', 'energy', 'fdx', 'products'];

/** Every method of every port, in the order the suite reports them. */
export const PORT_METHODS = {
  authorisation: ['listShareableAccounts'],
  customer: ['getCustomerDetail'],
  banking: [
    'listAccounts',
    'listBalances',
    'listDirectDebits',
    'listScheduledPayments',
    'listInstalmentPlans',
    'listPayees',
  ],
  energy: ['listAccounts', 'listInvoices', 'listConcessions'],
  fdx: [
    'getAccountInfo',
    'listTransactions',
    'listStatements',
    'getStatementDocument',
    'listAssetTransferNetworks',
  ],
  products: ['listProducts', 'createProduct', 'updateProduct', 'deleteProduct'],
} as const;

/**
 * The optional methods of the ports: checked when the adapter has them (a check of one the adapter
 * leaves out passes with nothing to check, as its title says).
 */
export const OPTIONAL_PORT_METHODS = {
  customer: ['searchCustomersByEmail', 'getCustomerIdentity'],
  banking: ['listAccountsById', 'listAccountRefs', 'listTransactions', 'getTransaction'],
  energy: [
    'listAccountsById',
    'listAccountRefs',
    'listAccountRefsForInvoices',
    'getAccountBalance',
  ],
  fdx: ['listAccountDescriptors', 'getAccountDetail', 'getAccountContact', 'listPaymentNetworks'],
} as const;

// ------------------------------------------------------------------------- contract checking
