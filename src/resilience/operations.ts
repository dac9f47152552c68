/**
 * Every port operation and how the resilience stack treats it: a read (cached for `ttlSeconds`,
 * served stale for `staleSeconds` more when the core fails, coalesced, retried), a write (never
 * cached, coalesced or retried) or a stream (never cached or coalesced).
 *
 * The table is typed by the ports themselves: a port method without an entry, or an entry for a
 * method the port does not have, fails to compile. The stack wraps exactly these operations.
 */
import type { CoreAdapter } from '../ports';

/** The ports an adapter may serve, as named on {@link CoreAdapter}. */
export type PortName = 'authorisation' | 'customer' | 'banking' | 'energy' | 'fdx' | 'products';

export type OperationPolicy =
  | { readonly kind: 'read'; readonly ttlSeconds: number; readonly staleSeconds: number }
  | { readonly kind: 'write' }
  | { readonly kind: 'stream' };

type Port<P extends PortName> = NonNullable<CoreAdapter[P]>;
/** The method names of a port (every member of a port interface is a method). */
type MethodOf<P extends PortName> = Extract<keyof Port<P>, string>;

export type OperationTable = {
  readonly [P in PortName]: { readonly [M in MethodOf<P>]-?: OperationPolicy };
};

const read = (ttlSeconds: number, staleSeconds: number): OperationPolicy => ({
  kind: 'read',
  ttlSeconds,
  staleSeconds,
});
const WRITE: OperationPolicy = { kind: 'write' };

/**
 * Default cache lifetimes, seconds. Balances move with every payment: 5 s, and no stale answers.
 * Product records are read by the platform rarely and written by the holder: not cached.
 */
export const OPERATIONS: OperationTable = {
  authorisation: { listShareableAccounts: read(60, 600) },
  customer: { getCustomerDetail: read(300, 3600) },
  banking: {
    listAccounts: read(60, 600),
    listBalances: read(5, 0),
    listDirectDebits: read(60, 600),
    listScheduledPayments: read(60, 600),
    listInstalmentPlans: read(60, 600),
    listPayees: read(60, 600),
  },
  energy: {
    listAccounts: read(60, 600),
    listInvoices: read(300, 3600),
    listConcessions: read(300, 3600),
  },
  fdx: {
    getAccountInfo: read(60, 600),
    listTransactions: read(30, 0),
    listStatements: read(300, 3600),
    getStatementDocument: { kind: 'stream' },
    listAssetTransferNetworks: read(300, 3600),
  },
  products: {
    listProducts: read(0, 0),
    createProduct: WRITE,
    updateProduct: WRITE,
    deleteProduct: WRITE,
  },
};

export interface Operation {
  port: PortName;
  method: string;
  /** `<port>.<method>`: the metric label, cache key prefix and settings key. */
  name: string;
  policy: OperationPolicy;
}

/** The table as a list, in table order. */
export function operations(): Operation[] {
  return (Object.keys(OPERATIONS) as PortName[]).flatMap((port) =>
    Object.entries(OPERATIONS[port] as Record<string, OperationPolicy>).map(([method, policy]) => ({
      port,
      method,
      name: `${port}.${method}`,
      policy,
    })),
  );
}

/** Names of every operation (`<port>.<method>`). */
export const OPERATION_NAMES: readonly string[] = operations().map((op) => op.name);
