/**
 * The route table: one entry per documented endpoint (method, path, query and body contract,
 * response contract, handler). The router, the OpenAPI document and the tests all read it.
 */
import { paginatedResponse, refOf } from '../../contracts';
import { BankingService } from '../services/banking.service';
import { CommonService } from '../services/common.service';
import type { QueryParam } from '../api/query-values';
import type { HandlerResult, RouteContext, RouteSpec } from './route-spec';

export interface Services {
  common: CommonService;
  banking?: BankingService;
  /** Banking account detail version the banking routes document. */
  bankingDetailVersion: 3 | 4;
}

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

/** Builds the holder-side route table over the services the adapter supports. */
export function holderRoutes(services: Services): RouteSpec[] {
  const { common, banking } = services;
  const routes: RouteSpec[] = [
    {
      operationId: 'listShareableAccounts',
      method: 'GET',
      path: '/auth/v1/customer/{customerId}/accounts',
      summary: 'Accounts the customer may share (authorisation list)',
      tags: ['Authorisation'],
      family: 'v1',
      auth: 'holder',
      query: [],
      response: {
        type: 'object',
        required: ['accounts'],
        additionalProperties: false,
        properties: { accounts: { type: 'array', items: { $ref: refOf('shareable-account') } } },
      },
      handle: async ({ params, ctx }) =>
        ok(await common.shareableAccounts(params.customerId!, ctx)),
    },
    {
      operationId: 'getCustomerDetail',
      method: 'GET',
      path: '/v1/common/customer/{customerId}/detail',
      summary: 'Customer detail',
      tags: ['Common'],
      family: 'v1',
      auth: 'holder',
      query: [],
      response: {
        type: 'object',
        required: ['data'],
        additionalProperties: false,
        properties: { data: { $ref: refOf('customer-detail') } },
      },
      handle: async ({ params, ctx }) => ok(await common.customerDetail(params.customerId!, ctx)),
    },
  ];
  if (banking) {
    const accountItem = refOf(`banking-account-list-item-v${services.bankingDetailVersion}`);
    const accountDetail = refOf(`banking-account-v${services.bankingDetailVersion}`);
    routes.push(
      {
        operationId: 'listBankingAccounts',
        method: 'GET',
        path: '/v1/banking/customer/{customerId}/accounts',
        summary: 'Banking accounts of the customer (deprecated: use the authorisation list)',
        tags: ['Banking'],
        family: 'v1',
        auth: 'holder',
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
        auth: 'holder',
        query: ACCOUNT_FILTERS,
        body: 'accountIds',
        response: paginatedResponse('accounts', accountDetail),
        handle: async ({ params, query, accountIds, ctx }) =>
          ok(await banking.accounts(params.customerId!, accountIds, query, ctx)),
      },
      {
        operationId: 'listInstalmentPlans',
        method: 'POST',
        path: '/v1/banking/customer/{customerId}/accounts/payments/plans',
        summary: 'Instalment plans of specific accounts, newest first',
        tags: ['Banking'],
        family: 'v1',
        auth: 'holder',
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
        auth: 'holder',
        query: ACCOUNT_FILTERS,
        body: 'accountIds',
        response: paginatedResponse('directDebitAuthorisations', refOf('direct-debit')),
        handle: async ({ params, query, accountIds, ctx }) =>
          ok(await banking.directDebits(params.customerId!, accountIds!, query, ctx)),
      },
      {
        operationId: 'listBalances',
        method: 'POST',
        path: '/v1/banking/customer/{customerId}/accounts/balances',
        summary: 'Balances of specific accounts',
        tags: ['Banking'],
        family: 'v1',
        auth: 'holder',
        query: ACCOUNT_FILTERS,
        body: 'accountIds',
        response: paginatedResponse('balances', refOf('balance')),
        handle: async ({ params, query, accountIds, ctx }) =>
          ok(await banking.balances(params.customerId!, accountIds!, query, ctx)),
      },
      {
        operationId: 'listScheduledPaymentsForAccount',
        method: 'GET',
        path: '/v1/banking/customer/{customerId}/accounts/{accountId}/payments/scheduled',
        summary: 'Scheduled payments of one account',
        tags: ['Banking'],
        family: 'v1',
        auth: 'holder',
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
        auth: 'holder',
        query: ACCOUNT_FILTERS,
        body: 'accountIds',
        response: paginatedResponse('scheduledPayments', refOf('scheduled-payment')),
        handle: async ({ params, query, accountIds, ctx }) =>
          ok(
            await banking.scheduledPaymentsForAccounts(params.customerId!, accountIds!, query, ctx),
          ),
      },
      {
        operationId: 'listPayees',
        method: 'GET',
        path: '/v1/banking/customer/{customerId}/payees',
        summary: 'Saved payees of the customer',
        tags: ['Banking'],
        family: 'v1',
        auth: 'holder',
        query: ['page', 'page-size', 'type'],
        response: paginatedResponse('payees', refOf('payee')),
        handle: async ({ params, query, ctx }) =>
          ok(await banking.payees(params.customerId!, query, ctx)),
      },
    );
  }
  return routes;
}

/** The banking and common family: rows 1, 2, 3, 5, 7, 8, 10, 11, 12 and the scheduled payments POST. */
export function bankingAndCommonFamily(ctx: RouteContext): RouteSpec[] {
  const { adapter, config } = ctx;
  return holderRoutes({
    common: new CommonService(adapter.authorisation, adapter.customer),
    banking: adapter.banking
      ? new BankingService(adapter.banking, config.bankingAccountDetailVersion)
      : undefined,
    bankingDetailVersion: config.bankingAccountDetailVersion,
  });
}
