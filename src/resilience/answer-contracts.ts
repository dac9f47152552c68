/**
 * What each port operation must answer, as JSON Schemas over the SDK's contracts (`schemas/` of
 * the adapter SDK): the records the contract suite checks, in the shape the port returns them
 * (a list, an FDX page). A record with the gateway's extras (list extras, `sharingRefusal`) is
 * checked against the SDK's port records (`schemas/ports/records.json`), the schema its
 * TypeScript type is generated from: what the SDK lets an adapter return, the check accepts.
 * Operations that answer a stream (statement documents) are not checked: their body is the
 * core's PDF.
 */
import { loadSchemas, PORT_RECORDS, refOf } from '../../contracts';
import type { OperationTable } from '../ports/operations';

type Schema = Record<string, unknown>;

const listOf = (items: Schema): Schema => ({ type: 'array', items });
const contract = (name: string, def?: string): Schema => ({ $ref: refOf(name, def) });

/** A port record of the SDK (`schemas/ports/records.json`), by its `$defs` name. */
const portRecord = (def: string): Schema => contract(PORT_RECORDS, def);

/**
 * A closed object with the properties of a contract (each by reference, so the contract's own
 * `$defs` still resolve), less `omit`.
 */
function recordWithout(name: string, omit: readonly string[]): Schema {
  const base = loadSchemas()[name] as { properties: Schema; required?: string[] };
  const own = Object.keys(base.properties).filter((p) => !omit.includes(p));
  return {
    type: 'object',
    properties: Object.fromEntries(
      own.map((p) => [p, { $ref: `${refOf(name)}#/properties/${p}` }]),
    ),
    required: (base.required ?? []).filter((p) => !omit.includes(p)),
    additionalProperties: false,
  };
}

/** An FDX page of records (`next` the position key of the next page). */
function pageOf(items: Schema, totalRequired = false): Schema {
  return {
    type: 'object',
    properties: {
      records: listOf(items),
      next: { type: 'string' },
      total: { type: 'integer', minimum: 0 },
    },
    required: totalRequired ? ['records', 'total'] : ['records'],
    additionalProperties: false,
  };
}

/** One account's instalment plans, or that its type has none. */
const INSTALMENT_PLANS_RESULT: Schema = {
  type: 'object',
  required: ['supported'],
  if: { properties: { supported: { const: true } } },
  then: {
    properties: { supported: { const: true }, plans: listOf(contract('instalment-plan')) },
    required: ['supported', 'plans'],
    additionalProperties: false,
  },
  else: { properties: { supported: { const: false } }, additionalProperties: false },
};

const DONE: Schema = { type: 'boolean' };

/** One page of banking transactions and the size of the filtered set. */
const BANKING_TRANSACTION_PAGE: Schema = {
  type: 'object',
  properties: {
    records: listOf(contract('banking-transaction')),
    total: { type: 'integer', minimum: 0 },
    textIgnored: { type: 'boolean' },
  },
  required: ['records', 'total'],
  additionalProperties: false,
};

/** A record of `contract`, or null (unknown id). */
const orNull = (schema: Schema): Schema => ({ anyOf: [{ type: 'null' }, schema] });

/** A list of banking account records, as `listAccounts` answers. */
const BANKING_ACCOUNTS = listOf(portRecord('BankingAccountRecord'));
/** A list of energy account records, as `listAccounts` answers. */
const ENERGY_ACCOUNTS = listOf(portRecord('EnergyAccountRecord'));
/** A list of account refs (`listAccountRefs`): what the account check reads, nothing more. */
const ACCOUNT_REFS = listOf(portRecord('AccountRef'));

/**
 * The answer schema of every operation, or null for one whose answer is not checked. Typed by the
 * operation table: a new port method without an entry fails to compile. The instalment plans
 * answer is a Map: its values are checked, as a list in the Map's order.
 */

export const ANSWER_CONTRACTS: {
  readonly [P in keyof OperationTable]: { readonly [M in keyof OperationTable[P]]: Schema | null };
} = {
  authorisation: {
    listShareableAccounts: listOf(portRecord('ShareableAccountRecord')),
  },
  customer: {
    getCustomerDetail: contract('customer-detail'),
    searchCustomersByEmail: listOf(contract('customer-search-result')),
    getCustomerIdentity: contract('customer-identity'),
  },
  banking: {
    listAccounts: BANKING_ACCOUNTS,
    listAccountsById: BANKING_ACCOUNTS,
    listAccountRefs: ACCOUNT_REFS,
    listBalances: listOf(contract('balance')),
    listDirectDebits: listOf(contract('direct-debit')),
    listScheduledPayments: listOf(contract('scheduled-payment')),
    listInstalmentPlans: listOf(INSTALMENT_PLANS_RESULT),
    listPayees: listOf(contract('payee')),
    listTransactions: BANKING_TRANSACTION_PAGE,
    getTransaction: orNull(contract('banking-transaction-detail')),
  },
  energy: {
    listAccounts: ENERGY_ACCOUNTS,
    listAccountsById: ENERGY_ACCOUNTS,
    listAccountRefs: ACCOUNT_REFS,
    listAccountRefsForInvoices: ACCOUNT_REFS,
    listInvoices: listOf(contract('energy-invoice')),
    listConcessions: listOf(contract('energy-concession')),
    getAccountBalance: contract('energy-balance'),
  },
  fdx: {
    getAccountInfo: orNull(portRecord('FdxAccountInfo')),
    listTransactions: pageOf(contract('fdx-transaction')),
    listStatements: pageOf(recordWithout('fdx-statement', ['links']), true),
    getStatementDocument: null,
    listAssetTransferNetworks: pageOf(contract('fdx-asset-transfer-network')),
    listAccountDescriptors: listOf(portRecord('FdxAccountDescriptorRecord')),
    getAccountDetail: orNull(contract('fdx-account')),
    getAccountContact: orNull(contract('fdx-account-contact')),
    listPaymentNetworks: pageOf(contract('fdx-payment-network')),
  },
  products: {
    listProducts: listOf(contract('product-summary')),
    createProduct: DONE,
    updateProduct: DONE,
    deleteProduct: DONE,
  },
};

/** The answer schema of `<port>.<method>`, or null when its answer is not checked. */
export function answerContractOf(port: string, method: string): Schema | null {
  const ofPort = (ANSWER_CONTRACTS as Record<string, Record<string, Schema | null>>)[port];
  return ofPort?.[method] ?? null;
}
