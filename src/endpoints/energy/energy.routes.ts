/**
 * The energy family: rows 4, 6, 9, 13, the deprecated energy account list, one account's detail
 * and its balance (docs/api.md, "Energy").
 * Served when the adapter has an energy port, or energy is passed through.
 */
import { AccountSelection } from '../account-selection';
import { servedPort } from '../served-port';
import { dataOnlyResponse, paginatedResponse, recordResponse, refOf } from '../../../contracts';
import { EnergyService } from './energy.service';
import type { QueryParam } from '../../api/query-values';
import type { HandlerResult, RouteContext, RouteSpec } from '../../http/route-spec';

const ACCOUNT_QUERY: QueryParam[] = ['page', 'page-size', 'open-status'];
const INVOICE_QUERY: QueryParam[] = ['page', 'page-size', 'oldest-date', 'newest-date'];
const enc = encodeURIComponent;

const ok = (body: unknown): HandlerResult => ({ body });

/** One energy account's detail and its balance. */
function accountDetailRoutes(energy: EnergyService): RouteSpec[] {
  const account = refOf('energy-account');
  return [
    {
      operationId: 'getEnergyAccount',
      method: 'GET',
      path: '/v1/energy/customer/{customerId}/accounts/{accountId}',
      summary: 'Detail of one energy account: the record the specific-accounts POST gives for it',
      tags: ['Energy'],
      family: 'v1',
      coreFamily: 'energy',
      coreOperation: 'energy.listAccounts',
      auth: 'holder',
      tier: 'highPriority',
      query: [],
      response: recordResponse(account),
      handle: async ({ params, ctx }) =>
        ok(await energy.account(params.customerId!, params.accountId!, ctx)),
    },
    {
      operationId: 'getEnergyAccountBalance',
      method: 'GET',
      path: '/v1/energy/customer/{customerId}/accounts/{accountId}/balance',
      summary: 'Current balance of one energy account (positive: owed; negative: in credit)',
      tags: ['Energy'],
      family: 'v1',
      coreFamily: 'energy',
      coreOperation: 'energy.getAccountBalance',
      auth: 'holder',
      tier: 'lowPriority',
      query: [],
      response: recordResponse(refOf('energy-balance')),
      responses: {
        404: {
          description:
            'Customer or account not found (X-Sharing-Refused: true: an account the holder refuses to share), or `resource not implemented`: the core has no balances',
          schema: { $ref: refOf('envelopes', 'ErrorV1') },
        },
      },
      handle: async ({ params, ctx }) =>
        ok(await energy.balance(params.customerId!, params.accountId!, ctx)),
    },
  ];
}

/** The energy account lists (the deprecated list and the list of specific accounts). */
function accountListRoutes(energy: EnergyService): RouteSpec[] {
  const account = refOf('energy-account');
  return [
    {
      operationId: 'listEnergyAccounts',
      method: 'GET',
      path: '/v1/energy/customer/{customerId}/accounts',
      summary: 'Energy accounts of the customer (deprecated: use the authorisation list)',
      tags: ['Energy'],
      family: 'v1',
      coreFamily: 'energy',
      coreOperation: 'energy.listAccounts',
      auth: 'holder',
      tier: 'highPriority',
      query: ACCOUNT_QUERY,
      successor: (p) => `/auth/v1/customer/${enc(p.customerId!)}/accounts`,
      response: paginatedResponse('accounts', account),
      handle: async ({ params, query, ctx }) =>
        ok(await energy.accounts(params.customerId!, undefined, query, ctx)),
    },
    {
      operationId: 'listSpecificEnergyAccounts',
      method: 'POST',
      path: '/v1/energy/customer/{customerId}/accounts',
      summary: 'Energy accounts of specific accounts, narrowed by open-status',
      tags: ['Energy'],
      family: 'v1',
      coreFamily: 'energy',
      coreOperation: 'energy.listAccounts',
      auth: 'holder',
      tier: 'highPriority',
      query: ACCOUNT_QUERY,
      body: 'accountIds',
      response: paginatedResponse('accounts', account),
      handle: async ({ params, query, accountIds, ctx }) =>
        ok(await energy.accounts(params.customerId!, accountIds, query, ctx)),
    },
  ];
}

/** The invoices (of specific accounts, of one account) and one account's concessions. */
function billingRoutes(energy: EnergyService): RouteSpec[] {
  const invoice = refOf('energy-invoice');
  return [
    {
      operationId: 'listEnergyInvoices',
      method: 'POST',
      path: '/v1/energy/customer/{customerId}/accounts/invoices',
      summary: 'Invoices of specific energy accounts, newest issueDate first',
      tags: ['Energy'],
      family: 'v1',
      coreFamily: 'energy',
      coreOperation: 'energy.listInvoices',
      auth: 'holder',
      tier: 'lowPriority',
      query: INVOICE_QUERY,
      dateWindow: true,
      body: 'accountIds',
      response: paginatedResponse('invoices', invoice),
      handle: async ({ params, query, accountIds, ctx }) =>
        ok(await energy.invoices(params.customerId!, accountIds!, query, ctx)),
    },
    {
      operationId: 'listEnergyInvoicesForAccount',
      method: 'GET',
      path: '/v1/energy/customer/{customerId}/accounts/{accountId}/invoices',
      summary: 'Invoices of one energy account, newest issueDate first',
      tags: ['Energy'],
      family: 'v1',
      coreFamily: 'energy',
      coreOperation: 'energy.listInvoices',
      auth: 'holder',
      tier: 'highPriority',
      query: INVOICE_QUERY,
      dateWindow: true,
      response: paginatedResponse('invoices', invoice),
      handle: async ({ params, query, ctx }) =>
        ok(await energy.invoicesForAccount(params.customerId!, params.accountId!, query, ctx)),
    },
    {
      operationId: 'listEnergyConcessions',
      method: 'GET',
      path: '/v1/energy/customer/{customerId}/accounts/{accountId}/concessions',
      summary: 'Concessions of one energy account (data only)',
      tags: ['Energy'],
      family: 'v1',
      coreFamily: 'energy',
      coreOperation: 'energy.listConcessions',
      auth: 'holder',
      tier: 'lowPriority',
      query: [],
      response: dataOnlyResponse('concessions', refOf('energy-concession')),
      handle: async ({ params, ctx }) =>
        ok(await energy.concessions(params.customerId!, params.accountId!, ctx)),
    },
  ];
}

/** Builds the energy routes over an energy service. */
export function energyRoutes(energy: EnergyService): RouteSpec[] {
  return [...accountListRoutes(energy), ...accountDetailRoutes(energy), ...billingRoutes(energy)];
}

/** The energy family; empty when the core has no energy port. */
export function energyFamily(ctx: RouteContext): RouteSpec[] {
  const port = servedPort(ctx, 'energy');
  return port ? energyRoutes(new EnergyService(port, new AccountSelection(ctx.refusals))) : [];
}
