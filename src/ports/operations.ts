/**
 * Every port operation and how the resilience stack treats it: a read (cached for `ttlSeconds`,
 * served stale for `staleSeconds` more when the core fails, coalesced, retried), a write (never
 * cached, coalesced or retried) or a stream (never cached or coalesced); and its group, the
 * service of a typical core it depends on, which names the circuit breaker its calls go through.
 *
 * The table is typed by the ports themselves: a port method without an entry, or an entry for a
 * method the port does not have, fails to compile. The stack wraps exactly these operations.
 */
import type { CoreFamily } from '../config/core-layout';
import type { CoreAdapter } from '.';

/** The ports an adapter may serve, as named on {@link CoreAdapter}. */
export type PortName = 'authorisation' | 'customer' | 'banking' | 'energy' | 'fdx' | 'products';

export type OperationPolicy =
  | { readonly kind: 'read'; readonly ttlSeconds: number; readonly staleSeconds: number }
  | { readonly kind: 'write' }
  | { readonly kind: 'stream' };

/**
 * The services of a typical core: one circuit each, so that one failing service (a statement
 * archive, say) does not cut the others (balances). An adapter may regroup operations to match its
 * own core (`circuitGroups`).
 */
export type OperationGroup =
  | 'accounts'
  | 'balances'
  | 'payments'
  | 'lending'
  | 'billing'
  | 'customer'
  | 'search'
  | 'transactions'
  | 'statements'
  | 'transfers'
  | 'products';

/** One operation's entry in the table. */
export interface OperationSpec {
  readonly group: OperationGroup;
  readonly policy: OperationPolicy;
}

type Port<P extends PortName> = NonNullable<CoreAdapter[P]>;
/** The method names of a port (every member of a port interface is a method). */
type MethodOf<P extends PortName> = Extract<keyof Port<P>, string>;

/** An operation's name, `<port>.<method>` (e.g. `banking.listBalances`): only the table's. */
export type OperationName = {
  [P in PortName]: `${P}.${MethodOf<P>}`;
}[PortName];

export type OperationTable = {
  readonly [P in PortName]: { readonly [M in MethodOf<P>]-?: OperationSpec };
};

const read = (group: OperationGroup, ttlSeconds: number, staleSeconds: number): OperationSpec => ({
  group,
  policy: { kind: 'read', ttlSeconds, staleSeconds },
});
const write = (group: OperationGroup): OperationSpec => ({ group, policy: { kind: 'write' } });
const stream = (group: OperationGroup): OperationSpec => ({ group, policy: { kind: 'stream' } });

/**
 * Default groups and cache lifetimes (seconds). Balances move with every payment: 5 s, and no
 * stale answers. Product records are read by the platform rarely and written by the holder: not
 * cached.
 */
export const OPERATIONS: OperationTable = {
  authorisation: { listShareableAccounts: read('accounts', 60, 600) },
  customer: {
    getCustomerDetail: read('customer', 300, 3600),
    // Searched once per consent flow, by an address that is itself personal data: never cached.
    // A circuit of its own: a search costs the core more than a read by id, and searches failing
    // (or slow) must not refuse the identity and detail of every customer.
    searchCustomersByEmail: read('search', 0, 0),
    getCustomerIdentity: read('customer', 300, 3600),
  },
  banking: {
    listAccounts: read('accounts', 60, 600),
    listAccountsById: read('accounts', 60, 600),
    listAccountRefs: read('accounts', 60, 600),
    listBalances: read('balances', 5, 0),
    listDirectDebits: read('payments', 60, 600),
    listScheduledPayments: read('payments', 60, 600),
    listInstalmentPlans: read('lending', 60, 600),
    listPayees: read('payments', 60, 600),
    listTransactions: read('transactions', 30, 0),
    getTransaction: read('transactions', 30, 0),
  },
  energy: {
    listAccounts: read('accounts', 60, 600),
    listAccountsById: read('accounts', 60, 600),
    listAccountRefs: read('accounts', 60, 600),
    listAccountRefsForInvoices: read('accounts', 60, 600),
    listInvoices: read('billing', 300, 3600),
    listConcessions: read('billing', 300, 3600),
    getAccountBalance: read('balances', 5, 0),
  },
  fdx: {
    getAccountInfo: read('accounts', 60, 600),
    listTransactions: read('transactions', 30, 0),
    listStatements: read('statements', 300, 3600),
    getStatementDocument: stream('statements'),
    listAssetTransferNetworks: read('transfers', 300, 3600),
    listAccountDescriptors: read('accounts', 60, 600),
    getAccountDetail: read('balances', 5, 0),
    // Names, addresses and numbers of the holders: personal data, never cached.
    getAccountContact: read('customer', 0, 0),
    listPaymentNetworks: read('transfers', 300, 3600),
  },
  products: {
    listProducts: read('products', 0, 0),
    createProduct: write('products'),
    updateProduct: write('products'),
    deleteProduct: write('products'),
  },
};

/**
 * Operations whose results are never cached, whatever `CACHE_TTL_SECONDS` says: the search's
 * argument is an email address, and no cache key or entry is to be derived from it; an account's
 * contact details are the holders' personal data, read afresh for every request.
 */
export const NEVER_CACHED: ReadonlySet<string> = new Set([
  'customer.searchCustomersByEmail',
  'fdx.getAccountContact',
]);

export interface Operation {
  port: PortName;
  method: string;
  /** `<port>.<method>`: the metric label, cache key prefix and settings key. */
  name: OperationName;
  /** The default circuit group (see {@link OperationGroup}). */
  group: OperationGroup;
  policy: OperationPolicy;
  /**
   * Whether the first argument is the customer id (every operation but the products' and the
   * customer search): its calls share the request's reads of that customer (request-reads.ts).
   */
  takesCustomer: boolean;
}

/** Operations whose first argument is no customer id (besides every products operation). */
const WITHOUT_CUSTOMER: ReadonlySet<string> = new Set(['customer.searchCustomersByEmail']);

/** The table as a list, in table order. */
export function operations(): Operation[] {
  return (Object.keys(OPERATIONS) as PortName[]).flatMap((port) =>
    Object.entries(OPERATIONS[port] as Record<string, OperationSpec>).map(
      ([method, { group, policy }]) => {
        // The table's type names each of its methods once: the key is one of OperationName.
        const name = `${port}.${method}` as OperationName;
        const takesCustomer = port !== 'products' && !WITHOUT_CUSTOMER.has(name);
        return { port, method, name, group, policy, takesCustomer };
      },
    ),
  );
}

/** Names of every operation (`<port>.<method>`). */
export const OPERATION_NAMES: readonly string[] = operations().map((op) => op.name);

/**
 * The core family whose instance answers a port's operations (`common` is the customer port's);
 * none for the authorisation list, which every core of an account family answers together.
 */
export const FAMILY_OF_PORT: Readonly<Record<PortName, CoreFamily | undefined>> = {
  authorisation: undefined,
  customer: 'common',
  banking: 'banking',
  energy: 'energy',
  fdx: 'fdx',
  products: 'products',
};

/** The core family whose instance answers `operation`; none for the authorisation list. */
export function familyOfOperation(operation: OperationName): CoreFamily | undefined {
  return FAMILY_OF_PORT[operation.slice(0, operation.indexOf('.')) as PortName];
}
