/**
 * The energy family: `listSpecificEnergyAccounts`, `listEnergyInvoices`,
 * `listEnergyInvoicesForAccount`, `listEnergyConcessions`, the deprecated energy account list, one
 * account's detail and its balance (docs/api.md, "Energy").
 * Served when the adapter has an energy port, or energy is passed through.
 */
import { AccountSelection } from '../account-selection';
import { servedPort } from '../served-port';
import { dataOnlyResponse, paginatedResponse, recordResponse, refOf } from '../../../contracts';
import { EnergyService } from './energy.service';
import type { QueryParam } from '../../api/query-values';
import {
  type DeclaredRoute,
  type FamilyDefaults,
  familyRoutes,
  type HandlerResult,
  type RouteContext,
  type RouteSpec,
} from '../../routes/route-spec';

/** What every energy route is unless it says otherwise. */
const ENERGY: FamilyDefaults = { family: 'v1', tags: ['Energy'], auth: 'holder' };

const ACCOUNT_QUERY: QueryParam[] = ['page', 'page-size', 'open-status'];
const INVOICE_QUERY: QueryParam[] = ['page', 'page-size', 'oldest-date', 'newest-date'];
const enc = encodeURIComponent;

const ok = (body: unknown): HandlerResult => ({ body });

/** One energy account's detail and its balance. */
function accountDetailRoutes(energy: EnergyService): DeclaredRoute[] {
  const account = refOf('energy-account');
  return [
    {
      operationId: 'getEnergyAccount',
      method: 'GET',
      path: '/v1/energy/customer/{customerId}/accounts/{accountId}',
      summary: 'Detail of one energy account: the record the specific-accounts POST gives for it',
      coreOperation: 'energy.listAccounts',
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
      coreOperation: 'energy.getAccountBalance',
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
function accountListRoutes(energy: EnergyService): DeclaredRoute[] {
  const account = refOf('energy-account');
  return [
    {
      operationId: 'listEnergyAccounts',
      method: 'GET',
      path: '/v1/energy/customer/{customerId}/accounts',
      summary: 'Energy accounts of the customer (deprecated: use the authorisation list)',
      coreOperation: 'energy.listAccounts',
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
      coreOperation: 'energy.listAccounts',
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
function billingRoutes(energy: EnergyService): DeclaredRoute[] {
  const invoice = refOf('energy-invoice');
  return [
    {
      operationId: 'listEnergyInvoices',
      method: 'POST',
      path: '/v1/energy/customer/{customerId}/accounts/invoices',
      summary: 'Invoices of specific energy accounts, newest issueDate first',
      coreOperation: 'energy.listInvoices',
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
      coreOperation: 'energy.listInvoices',
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
      coreOperation: 'energy.listConcessions',
      tier: 'lowPriority',
      query: [],
      response: dataOnlyResponse('concessions', refOf('energy-concession')),
      handle: async ({ params, ctx }) =>
        ok(await energy.concessions(params.customerId!, params.accountId!, ctx)),
    },
  ];
}

/** Builds the energy routes over an energy service. */
export function energyRoutes(energy: EnergyService): DeclaredRoute[] {
  return [...accountListRoutes(energy), ...accountDetailRoutes(energy), ...billingRoutes(energy)];
}

/** The energy family; empty when the core has no energy port. */
export function energyFamily(ctx: RouteContext): RouteSpec[] {
  const port = servedPort(ctx, 'energy');
  if (!port) return [];
  return familyRoutes(
    ENERGY,
    energyRoutes(new EnergyService(port, new AccountSelection(ctx.refusals))),
  );
}
