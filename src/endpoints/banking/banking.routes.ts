/**
 * The banking family's routes: one entry per documented endpoint (method, path, query and body
 * contract, response contract, handler). The router, the OpenAPI document and the tests all read
 * them through the route table.
 */
import { AccountSelection } from '../account-selection';
import { servedPort } from '../served-port';
import { paginatedResponse, recordResponse, refOf } from '../../../contracts';
import { BankingService } from './banking.service';
import { BankingTransactionsService } from './banking-transactions.service';
import type { QueryParam } from '../../api/query-values';
import {
  type DeclaredRoute,
  type DocumentedResponse,
  type FamilyDefaults,
  familyRoutes,
  type HandlerResult,
  type RouteContext,
  type RouteSpec,
} from '../../routes/route-spec';

/** What every banking route is unless it says otherwise. */
const BANKING: FamilyDefaults = { family: 'v1', tags: ['Banking'], auth: 'holder' };

const ACCOUNT_FILTERS: QueryParam[] = [
  'page',
  'page-size',
  'product-category',
  'open-status',
  'is-owned',
];
const PAGING: QueryParam[] = ['page', 'page-size'];
const TRANSACTION_QUERY: QueryParam[] = [
  'page',
  'page-size',
  'oldest-time',
  'newest-time',
  'min-amount',
  'max-amount',
  'text',
];
const errorV1 = { $ref: refOf('envelopes', 'ErrorV1') };
/** The 404 of a route whose data a core may not have (docs/api.md, "Unsupported data"). */
const notImplemented = (what: string): DocumentedResponse => ({
  description: `Customer or account not found (X-Sharing-Refused: true: an account the holder refuses to share), or \`resource not implemented\`: the core has no ${what}`,
  schema: errorV1,
});
const enc = encodeURIComponent;

const ok = (body: unknown): HandlerResult => ({ body });

/** The account routes: the list, specific accounts' detail, and their balances. */
function accountRoutes(banking: BankingService, detailVersion: 3 | 4): DeclaredRoute[] {
  const accountItem = refOf(`banking-account-list-item-v${detailVersion}`);
  const accountDetail = refOf(`banking-account-v${detailVersion}`);
  return [
    {
      operationId: 'listBankingAccounts',
      method: 'GET',
      path: '/v1/banking/customer/{customerId}/accounts',
      summary: 'Banking accounts of the customer (deprecated: use the authorisation list)',
      coreOperation: 'banking.listAccounts',
      tier: 'highPriority',
      query: ACCOUNT_FILTERS,
      successor: (p) => `/auth/v1/customer/${enc(p.customerId!)}/accounts`,
      response: paginatedResponse('accounts', accountItem),
      handle: async ({ params, query, ctx }) =>
        ok(await banking.accounts(params.customerId!, undefined, query, ctx)),
    },
    {
      operationId: 'listSpecificBankingAccounts',
      method: 'POST',
      path: '/v1/banking/customer/{customerId}/accounts',
      summary: 'Banking account detail of specific accounts',
      coreOperation: 'banking.listAccounts',
      tier: 'lowPriority',
      query: ACCOUNT_FILTERS,
      body: 'accountIds',
      response: paginatedResponse('accounts', accountDetail),
      handle: async ({ params, query, accountIds, ctx }) =>
        ok(await banking.accounts(params.customerId!, accountIds, query, ctx)),
    },
    {
      operationId: 'getBankingAccount',
      method: 'GET',
      path: '/v1/banking/customer/{customerId}/accounts/{accountId}',
      summary: 'Detail of one banking account: the record the specific-accounts POST gives for it',
      coreOperation: 'banking.listAccounts',
      tier: 'lowPriority',
      query: [],
      response: recordResponse(accountDetail),
      handle: async ({ params, ctx }) =>
        ok(await banking.account(params.customerId!, params.accountId!, ctx)),
    },
    {
      operationId: 'listBalances',
      method: 'POST',
      path: '/v1/banking/customer/{customerId}/accounts/balances',
      summary: 'Balances of specific accounts',
      coreOperation: 'banking.listBalances',
      tier: 'lowPriority',
      query: ACCOUNT_FILTERS,
      body: 'accountIds',
      response: paginatedResponse('balances', refOf('balance')),
      handle: async ({ params, query, accountIds, ctx }) =>
        ok(await banking.balances(params.customerId!, accountIds!, query, ctx)),
    },
  ];
}

/** One account's transactions and one transaction's detail. */
function transactionRoutes(transactions: BankingTransactionsService): DeclaredRoute[] {
  return [
    {
      operationId: 'listBankingTransactions',
      method: 'GET',
      path: '/v1/banking/customer/{customerId}/accounts/{accountId}/transactions',
      summary:
        'Transactions of one account with effective time in [oldest-time, newest-time], newest first',
      coreOperation: 'banking.listTransactions',
      tier: 'lowPriority',
      query: TRANSACTION_QUERY,
      timeWindow: true,
      response: paginatedResponse(
        'transactions',
        refOf('banking-transaction'),
        refOf('envelopes', 'MetaTransactions'),
      ),
      responses: { 404: notImplemented('transactions') },
      handle: async ({ params, query, ctx }) =>
        ok(await transactions.transactions(params.customerId!, params.accountId!, query, ctx)),
    },
    {
      operationId: 'getBankingTransaction',
      method: 'GET',
      path: '/v1/banking/customer/{customerId}/accounts/{accountId}/transactions/{transactionId}',
      summary: 'One transaction of the account, with its extended data',
      coreOperation: 'banking.getTransaction',
      tier: 'lowPriority',
      query: [],
      response: recordResponse(refOf('banking-transaction-detail')),
      responses: {
        404: {
          ...notImplemented('transactions'),
          description: `${notImplemented('transactions').description}; \`Transaction not found\`: the account has no transaction of that id`,
        },
      },
      handle: async ({ params, ctx }) =>
        ok(
          await transactions.transaction(
            params.customerId!,
            params.accountId!,
            params.transactionId!,
            ctx,
          ),
        ),
    },
  ];
}

/** Instalment plans of specific accounts, and of one account. */
function planRoutes(banking: BankingService): DeclaredRoute[] {
  return [
    {
      operationId: 'listInstalmentPlans',
      method: 'POST',
      path: '/v1/banking/customer/{customerId}/accounts/payments/plans',
      summary: 'Instalment plans of specific accounts, newest first',
      coreOperation: 'banking.listInstalmentPlans',
      tier: 'lowPriority',
      query: ['page', 'page-size', 'plan-status'],
      body: 'accountIds',
      response: paginatedResponse('plans', refOf('instalment-plan')),
      handle: async ({ params, query, accountIds, ctx }) =>
        ok(await banking.instalmentPlans(params.customerId!, accountIds!, query, ctx)),
    },
    {
      operationId: 'listInstalmentPlansForAccount',
      method: 'GET',
      path: '/v1/banking/customer/{customerId}/accounts/{accountId}/payments/plans',
      summary: 'Instalment plans of one account, newest first',
      coreOperation: 'banking.listInstalmentPlans',
      tier: 'lowPriority',
      query: ['page', 'page-size', 'plan-status'],
      response: paginatedResponse('plans', refOf('instalment-plan')),
      responses: { 404: notImplemented('instalment plans for the type of this account') },
      handle: async ({ params, query, ctx }) =>
        ok(
          await banking.instalmentPlansForAccount(
            params.customerId!,
            params.accountId!,
            query,
            ctx,
          ),
        ),
    },
  ];
}

/** The payment routes: direct debits, scheduled payments and payees. */
function paymentRoutes(banking: BankingService): DeclaredRoute[] {
  return [
    {
      operationId: 'listDirectDebits',
      method: 'POST',
      path: '/v1/banking/customer/{customerId}/accounts/direct-debits',
      summary: 'Direct debit authorisations of specific accounts',
      coreOperation: 'banking.listDirectDebits',
      tier: 'largePayload',
      query: ACCOUNT_FILTERS,
      body: 'accountIds',
      response: paginatedResponse('directDebitAuthorisations', refOf('direct-debit')),
      handle: async ({ params, query, accountIds, ctx }) =>
        ok(await banking.directDebits(params.customerId!, accountIds!, query, ctx)),
    },
    {
      operationId: 'listScheduledPaymentsForAccount',
      method: 'GET',
      path: '/v1/banking/customer/{customerId}/accounts/{accountId}/payments/scheduled',
      summary: 'Scheduled payments of one account',
      coreOperation: 'banking.listScheduledPayments',
      tier: 'lowPriority',
      query: PAGING,
      response: paginatedResponse('scheduledPayments', refOf('scheduled-payment')),
      handle: async ({ params, query, ctx }) =>
        ok(
          await banking.scheduledPaymentsForAccount(
            params.customerId!,
            params.accountId!,
            query,
            ctx,
          ),
        ),
    },
    {
      operationId: 'listScheduledPayments',
      method: 'POST',
      path: '/v1/banking/customer/{customerId}/payments/scheduled',
      summary: 'Scheduled payments of specific accounts',
      coreOperation: 'banking.listScheduledPayments',
      tier: 'lowPriority',
      query: ACCOUNT_FILTERS,
      body: 'accountIds',
      response: paginatedResponse('scheduledPayments', refOf('scheduled-payment')),
      handle: async ({ params, query, accountIds, ctx }) =>
        ok(await banking.scheduledPaymentsForAccounts(params.customerId!, accountIds!, query, ctx)),
    },
    {
      operationId: 'listPayees',
      method: 'GET',
      path: '/v1/banking/customer/{customerId}/payees',
      summary: 'Saved payees of the customer',
      coreOperation: 'banking.listPayees',
      tier: 'lowPriority',
      query: ['page', 'page-size', 'type'],
      response: paginatedResponse('payees', refOf('payee')),
      handle: async ({ params, query, ctx }) =>
        ok(await banking.payees(params.customerId!, query, ctx)),
    },
  ];
}

/** Builds the banking routes over its services; `detailVersion` picks the account shapes. */
export function bankingRoutes(
  banking: BankingService,
  detailVersion: 3 | 4,
  transactions: BankingTransactionsService,
): DeclaredRoute[] {
  return [
    ...accountRoutes(banking, detailVersion),
    ...transactionRoutes(transactions),
    ...planRoutes(banking),
    ...paymentRoutes(banking),
  ];
}

/**
 * The banking family: accounts, transactions, instalment plans, direct debits, balances,
 * scheduled payments and payees. Served only when the adapter has a banking port.
 */
export function bankingFamily(ctx: RouteContext): RouteSpec[] {
  const port = servedPort(ctx, 'banking');
  if (!port) return [];
  const version = ctx.config.bankingAccountDetailVersion;
  const selection = new AccountSelection(ctx.refusals);
  return familyRoutes(
    BANKING,
    bankingRoutes(
      new BankingService(port, version, selection),
      version,
      new BankingTransactionsService(port, selection),
    ),
  );
}
