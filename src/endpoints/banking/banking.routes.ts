/**
 * The banking family's routes: one entry per documented endpoint (method, path, query and body
 * contract, response contract, handler). The router, the OpenAPI document and the tests all read
 * them through the route table.
 */
import { AccountSelection } from '../account-selection';
import { servedPort } from '../served-port';
import { paginatedResponse, refOf } from '../../../contracts';
import { BankingService } from './banking.service';
import type { QueryParam } from '../../api/query-values';
import type { HandlerResult, RouteContext, RouteSpec } from '../../http/route-spec';

const ACCOUNT_FILTERS: QueryParam[] = [
  'page',
  'page-size',
  'product-category',
  'open-status',
  'is-owned',
];
const PAGING: QueryParam[] = ['page', 'page-size'];
const enc = encodeURIComponent;

const ok = (body: unknown): HandlerResult => ({ body });

/** The account routes: the list, specific accounts' detail, and their balances. */
function accountRoutes(banking: BankingService, detailVersion: 3 | 4): RouteSpec[] {
  const accountItem = refOf(`banking-account-list-item-v${detailVersion}`);
  const accountDetail = refOf(`banking-account-v${detailVersion}`);
  return [
    {
      operationId: 'listBankingAccounts',
      method: 'GET',
      path: '/v1/banking/customer/{customerId}/accounts',
      summary: 'Banking accounts of the customer (deprecated: use the authorisation list)',
      tags: ['Banking'],
      family: 'v1',
      coreFamily: 'banking',
      coreOperation: 'banking.listAccounts',
      auth: 'holder',
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
      tags: ['Banking'],
      family: 'v1',
      coreFamily: 'banking',
      coreOperation: 'banking.listAccounts',
      auth: 'holder',
      tier: 'lowPriority',
      query: ACCOUNT_FILTERS,
      body: 'accountIds',
      response: paginatedResponse('accounts', accountDetail),
      handle: async ({ params, query, accountIds, ctx }) =>
        ok(await banking.accounts(params.customerId!, accountIds, query, ctx)),
    },
    {
      operationId: 'listBalances',
      method: 'POST',
      path: '/v1/banking/customer/{customerId}/accounts/balances',
      summary: 'Balances of specific accounts',
      tags: ['Banking'],
      family: 'v1',
      coreFamily: 'banking',
      coreOperation: 'banking.listBalances',
      auth: 'holder',
      tier: 'lowPriority',
      query: ACCOUNT_FILTERS,
      body: 'accountIds',
      response: paginatedResponse('balances', refOf('balance')),
      handle: async ({ params, query, accountIds, ctx }) =>
        ok(await banking.balances(params.customerId!, accountIds!, query, ctx)),
    },
  ];
}

/** The payment routes: instalment plans, direct debits, scheduled payments and payees. */
function paymentRoutes(banking: BankingService): RouteSpec[] {
  return [
    {
      operationId: 'listInstalmentPlans',
      method: 'POST',
      path: '/v1/banking/customer/{customerId}/accounts/payments/plans',
      summary: 'Instalment plans of specific accounts, newest first',
      tags: ['Banking'],
      family: 'v1',
      coreFamily: 'banking',
      coreOperation: 'banking.listInstalmentPlans',
      auth: 'holder',
      tier: 'lowPriority',
      query: ['page', 'page-size', 'plan-status'],
      body: 'accountIds',
      response: paginatedResponse('plans', refOf('instalment-plan')),
      handle: async ({ params, query, accountIds, ctx }) =>
        ok(await banking.instalmentPlans(params.customerId!, accountIds!, query, ctx)),
    },
    {
      operationId: 'listDirectDebits',
      method: 'POST',
      path: '/v1/banking/customer/{customerId}/accounts/direct-debits',
      summary: 'Direct debit authorisations of specific accounts',
      tags: ['Banking'],
      family: 'v1',
      coreFamily: 'banking',
      coreOperation: 'banking.listDirectDebits',
      auth: 'holder',
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
      tags: ['Banking'],
      family: 'v1',
      coreFamily: 'banking',
      coreOperation: 'banking.listScheduledPayments',
      auth: 'holder',
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
      tags: ['Banking'],
      family: 'v1',
      coreFamily: 'banking',
      coreOperation: 'banking.listScheduledPayments',
      auth: 'holder',
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
      tags: ['Banking'],
      family: 'v1',
      coreFamily: 'banking',
      coreOperation: 'banking.listPayees',
      auth: 'holder',
      tier: 'lowPriority',
      query: ['page', 'page-size', 'type'],
      response: paginatedResponse('payees', refOf('payee')),
      handle: async ({ params, query, ctx }) =>
        ok(await banking.payees(params.customerId!, query, ctx)),
    },
  ];
}

/** Builds the banking routes over a banking service; `detailVersion` picks the account shapes. */
export function bankingRoutes(banking: BankingService, detailVersion: 3 | 4): RouteSpec[] {
  return [...accountRoutes(banking, detailVersion), ...paymentRoutes(banking)];
}

/**
 * The banking family: accounts, instalment plans, direct debits, balances, scheduled payments
 * and payees. Served only when the adapter has a banking port.
 */
export function bankingFamily(ctx: RouteContext): RouteSpec[] {
  const port = servedPort(ctx, 'banking');
  if (!port) return [];
  const version = ctx.config.bankingAccountDetailVersion;
  return bankingRoutes(
    new BankingService(port, version, new AccountSelection(ctx.refusals)),
    version,
  );
}
