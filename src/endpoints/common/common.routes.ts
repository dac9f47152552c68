/**
 * The common family: the authorisation list of shareable accounts and the customer detail
 * (docs/api.md). Served over every adapter: each has an authorisation and a customer port.
 */
import { refOf } from '../../../contracts';
import { AccountSelection } from '../account-selection';
import { CommonService } from './common.service';
import {
  type DeclaredRoute,
  type FamilyDefaults,
  familyRoutes,
  type HandlerResult,
  type RouteContext,
  type RouteSpec,
} from '../../routes/route-spec';

/** What every common route is unless it says otherwise. */
const COMMON: FamilyDefaults = { family: 'v1', tags: ['Common'], auth: 'holder' };

const ok = (body: unknown): HandlerResult => ({ body });

/** Builds the common routes over a common service. */
export function commonRoutes(common: CommonService): DeclaredRoute[] {
  return [
    {
      operationId: 'listShareableAccounts',
      method: 'GET',
      path: '/auth/v1/customer/{customerId}/accounts',
      summary: 'Accounts the customer may share (authorisation list)',
      tags: ['Authorisation'],
      // No core family: the list merges every core's accounts and is never passed through.
      tier: 'highPriority',
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
      coreOperation: 'customer.getCustomerDetail',
      tier: 'highPriority',
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
}

/** The common family, served over every adapter. */
export function commonFamily(ctx: RouteContext): RouteSpec[] {
  const { adapter } = ctx;
  const selection = new AccountSelection(ctx.refusals);
  return familyRoutes(
    COMMON,
    commonRoutes(new CommonService(adapter.authorisation, adapter.customer, selection)),
  );
}
