/**
 * Which arguments of each port operation are ids, and of which kind: what the ids layer decodes
 * before a core is called. Typed by the operation table, so a new port method without an entry
 * fails to compile. An account-level id is bound to the customer of the same call (its first
 * argument); the customer id itself is global.
 */
import type { OperationName, OperationTable } from '../ports/operations';
import type { IdKind } from './id-codec';

/**
 * An argument: an id of a kind, a list of account ids, an FDX page request (whose `after` is the
 * core's cursor), or nothing to decode (dates, queries, filters, records).
 */
export type IdArgument = IdKind | 'accounts' | 'page' | null;

const CUSTOMER: readonly IdArgument[] = ['customer'];
const ACCOUNTS: readonly IdArgument[] = ['customer', 'accounts'];
const ACCOUNT: readonly IdArgument[] = ['customer', 'account'];
const PAGED: readonly IdArgument[] = ['customer', 'account', 'page'];
const WINDOWED: readonly IdArgument[] = ['customer', 'account', null, 'page'];
const NONE: readonly IdArgument[] = [];

export const ID_ARGUMENTS: {
  readonly [P in keyof OperationTable]: {
    readonly [M in keyof OperationTable[P]]: readonly IdArgument[];
  };
} = {
  authorisation: { listShareableAccounts: CUSTOMER },
  customer: {
    getCustomerDetail: CUSTOMER,
    searchCustomersByEmail: NONE,
    getCustomerIdentity: CUSTOMER,
  },
  banking: {
    listAccounts: CUSTOMER,
    listAccountsById: ACCOUNTS,
    listAccountRefs: CUSTOMER,
    listBalances: ACCOUNTS,
    listDirectDebits: ACCOUNTS,
    listScheduledPayments: ACCOUNTS,
    listInstalmentPlans: ACCOUNTS,
    listPayees: CUSTOMER,
    listTransactions: ACCOUNT,
    getTransaction: ['customer', 'account', 'transaction'],
  },
  energy: {
    listAccounts: CUSTOMER,
    listAccountsById: ACCOUNTS,
    listAccountRefs: CUSTOMER,
    listAccountRefsForInvoices: CUSTOMER,
    listInvoices: ACCOUNTS,
    listConcessions: ACCOUNT,
    getAccountBalance: ACCOUNT,
  },
  fdx: {
    getAccountInfo: ACCOUNT,
    listTransactions: WINDOWED,
    listStatements: WINDOWED,
    getStatementDocument: ['customer', 'account', 'statement'],
    listAssetTransferNetworks: PAGED,
    listAccountDescriptors: CUSTOMER,
    getAccountDetail: ACCOUNT,
    getAccountContact: ACCOUNT,
    listPaymentNetworks: PAGED,
  },
  products: { listProducts: NONE, createProduct: NONE, updateProduct: NONE, deleteProduct: NONE },
};

/** What decoding does with one id: the core's id, or a throw (the caller's unknown-id answer). */
export type DecodeId = (kind: IdKind, id: string, customer: string | undefined) => string;

/** What each argument of `operation` is. */
function specOf(operation: OperationName): readonly IdArgument[] {
  const [port, method] = operation.split('.') as [string, string];
  return (ID_ARGUMENTS as Record<string, Record<string, readonly IdArgument[]>>)[port]![method]!;
}

/** The call's customer (an external id), when `operation` takes one first. */
export function customerArgument(
  operation: OperationName,
  args: readonly unknown[],
): string | undefined {
  return specOf(operation)[0] === 'customer' ? (args[0] as string) : undefined;
}

/** The arguments of `operation` with each id decoded; the customer is the call's first argument. */
export function argumentsWithIds(
  operation: OperationName,
  args: readonly unknown[],
  decode: DecodeId,
): unknown[] {
  const spec = specOf(operation);
  const customer = customerArgument(operation, args);
  return args.map((arg, i) => {
    const kind = spec[i] ?? null;
    if (kind === null) return arg;
    if (kind === 'customer') return decode('customer', arg as string, undefined);
    if (kind === 'accounts') return (arg as string[]).map((id) => decode('account', id, customer));
    if (kind === 'page') {
      const page = arg as { after?: string };
      return page.after === undefined
        ? page
        : { ...page, after: decode('cursor', page.after, customer) };
    }
    return decode(kind, arg as string, customer);
  });
}
