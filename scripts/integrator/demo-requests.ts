/**
 * One request per operation of the gateway, with ids of the bundled demo data set
 * (adapters/demo/data/sample.json, docs/demo-core.md): what the Postman collection, the .http file
 * and the OpenAPI examples send. Windows and pages are given, never defaulted, so that an answer
 * does not depend on today's date or on a per-process paging key. `{{name}}` in a body is a
 * collection variable (the client credentials), as both collection formats write it.
 */

export interface DemoRequest {
  /** Values of the path template's parameters. */
  params: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /**
   * Whether its answer is recorded as the OpenAPI example: not for answers that differ on every
   * call (a new access token) or that are no JSON (a PDF).
   */
  example: boolean;
}

const C = { customerId: 'c-1001' };
const EVERYDAY = { ...C, accountId: 'acc-b-1001-01' };
const CARD = { ...C, accountId: 'acc-b-1001-02' };
const ENERGY = { ...C, accountId: 'acc-e-1001-01' };
const ids = (...accountIds: string[]) => ({ data: { accountIds } });
const TRANSACTION_WINDOW = {
  'oldest-time': '2026-11-01T00:00:00Z',
  'newest-time': '2026-11-20T23:59:59Z',
  'page-size': '2',
};
const INVOICE_WINDOW = {
  'oldest-date': '2026-01-01',
  'newest-date': '2026-06-30',
  'page-size': '2',
};
const DEMO_PRODUCT = {
  product_id: 'prod-collection-saver',
  name: 'Collection Saver',
  product_category: 'TRANS_AND_SAVINGS_ACCOUNTS',
  last_updated: '2026-01-15T09:00:00Z',
};

/** The demo request of each operation, by operation id, in route-table order. */
export const DEMO_REQUESTS: Readonly<Record<string, DemoRequest>> = {
  listShareableAccounts: { params: C, example: true },
  getCustomerDetail: { params: C, example: true },
  searchCustomers: { params: {}, body: { email: 'jane.citizen@example.com' }, example: true },
  getCustomerIdentity: { params: C, example: true },
  listBankingAccounts: { params: C, query: { 'page-size': '2' }, example: true },
  listSpecificBankingAccounts: { params: C, body: ids('acc-b-1001-01'), example: true },
  getBankingAccount: { params: EVERYDAY, example: true },
  listBalances: { params: C, body: ids('acc-b-1001-01', 'acc-b-1001-02'), example: true },
  listBankingTransactions: { params: EVERYDAY, query: TRANSACTION_WINDOW, example: true },
  getBankingTransaction: {
    params: { ...EVERYDAY, transactionId: 'btx-100101-h10' },
    example: true,
  },
  listInstalmentPlans: {
    params: C,
    query: { 'plan-status': 'ALL', 'page-size': '2' },
    body: ids('acc-b-1001-02'),
    example: true,
  },
  listInstalmentPlansForAccount: {
    params: CARD,
    query: { 'plan-status': 'ALL', 'page-size': '2' },
    example: true,
  },
  listDirectDebits: {
    params: C,
    query: { 'page-size': '2' },
    body: ids('acc-b-1001-01'),
    example: true,
  },
  listScheduledPaymentsForAccount: { params: EVERYDAY, query: { 'page-size': '2' }, example: true },
  listScheduledPayments: {
    params: C,
    query: { 'page-size': '2' },
    body: ids('acc-b-1001-01'),
    example: true,
  },
  listPayees: { params: C, query: { type: 'BILLER', 'page-size': '2' }, example: true },
  listEnergyAccounts: { params: C, query: { 'page-size': '2' }, example: true },
  listSpecificEnergyAccounts: { params: C, body: ids('acc-e-1001-01'), example: true },
  getEnergyAccount: { params: ENERGY, example: true },
  getEnergyAccountBalance: { params: ENERGY, example: true },
  listEnergyInvoices: {
    params: C,
    query: INVOICE_WINDOW,
    body: ids('acc-e-1001-01'),
    example: true,
  },
  listEnergyInvoicesForAccount: { params: ENERGY, query: INVOICE_WINDOW, example: true },
  listEnergyConcessions: { params: ENERGY, example: true },
  listFdxAccounts: { params: C, body: ids('acc-b-1001-01', 'acc-b-1001-03'), example: true },
  getFdxAccount: { params: EVERYDAY, example: true },
  getFdxAccountContact: { params: EVERYDAY, example: true },
  listFdxPaymentNetworks: { params: EVERYDAY, example: true },
  listFdxTransactions: {
    params: EVERYDAY,
    query: { startTime: '2026-11-18', endTime: '2026-11-20' },
    example: true,
  },
  listFdxStatements: {
    params: EVERYDAY,
    query: { startTime: '2026-06-01', endTime: '2026-08-31' },
    example: true,
  },
  getFdxStatementDocument: {
    params: { ...EVERYDAY, statementId: 'stmt-b100101-2026-07' },
    example: false,
  },
  listFdxAssetTransferNetworks: { params: EVERYDAY, example: true },
  createPlatformToken: {
    params: {},
    body: { client_id: '{{clientId}}', client_secret: '{{clientSecret}}' },
    example: false,
  },
  listProducts: {
    params: {},
    query: { product_category: 'TERM_DEPOSITS', page_size: '10' },
    example: true,
  },
  createProduct: { params: {}, body: DEMO_PRODUCT, example: true },
  updateProduct: {
    params: { product_id: DEMO_PRODUCT.product_id },
    body: { ...DEMO_PRODUCT, name: 'Collection Saver Plus' },
    example: true,
  },
  deleteProduct: { params: { product_id: DEMO_PRODUCT.product_id }, example: false },
};

/** The path of `template` with `params` put in, percent-encoded. */
export function pathOf(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no demo value for {${name}} of ${template}`);
    return encodeURIComponent(value);
  });
}

/** The request target (path and query) of a demo request. */
export function targetOf(template: string, request: DemoRequest): string {
  const query = new URLSearchParams(request.query ?? {}).toString();
  return pathOf(template, request.params) + (query ? `?${query}` : '');
}
