/**
 * The FDX account routes (docs/api.md, "FDX accounts"): descriptors of specific accounts, one
 * account's details, its contact and its payment networks.
 */
import { refOf } from '../../../contracts';
import type { FdxAccountsService } from './fdx-accounts.service';
import { checkFdxIds, parseFdxQuery } from './fdx.service';
import {
  accountChecks,
  ACCOUNT_BASE,
  errorFdx,
  FDX_PARAMETERS,
  FDX_RESPONSES,
  fdxPage,
  RESTRICTED_NOTE,
  toHandlerResult,
} from './fdx-shared.routes';
import type { DeclaredRoute } from '../../routes/route-spec';

/** An FDX account route's fixed parts beyond the family's. */
const fdxRoute: Pick<DeclaredRoute, 'query'> = { query: [] };

const VERSUS_704 = {
  description: 'Account type not supported, or the core has no such data (code 704)',
  schema: { $ref: errorFdx },
};

/** Descriptors of the body's accounts. */
function specificAccountsRoute(accounts: FdxAccountsService): DeclaredRoute {
  return {
    ...fdxRoute,
    operationId: 'listFdxAccounts',
    method: 'POST',
    path: '/fdx/v6/customer/{customerId}/accounts',
    summary:
      'Descriptors of the accounts the body names, in the core order; page.nextOffset while more follow',
    coreOperation: 'fdx.listAccountDescriptors',
    tier: 'highPriority',
    body: 'accountIds',
    checkRequest: ({ params, rawQuery }) => {
      checkFdxIds(params.customerId!);
      parseFdxQuery(rawQuery, 'none');
    },
    parameters: [FDX_PARAMETERS.offset, FDX_PARAMETERS.limit],
    response: {
      type: 'object',
      required: ['page', 'accounts'],
      additionalProperties: false,
      properties: {
        page: { $ref: fdxPage },
        accounts: { type: 'array', items: { $ref: refOf('fdx-account-descriptor') } },
      },
    },
    responses: {
      ...FDX_RESPONSES,
      404: {
        description:
          'Unknown customer (`{ "error": "Customer not found" }`), or an account id of the body unknown or refused (code 701; X-Sharing-Refused: true when refused)',
        schema: { oneOf: [{ $ref: errorFdx }, { $ref: refOf('envelopes', 'ErrorV1') }] },
      },
      422: VERSUS_704,
    },
    handle: async ({ params, accountIds, rawQuery, ctx }) =>
      toHandlerResult(await accounts.accounts(params.customerId!, accountIds!, rawQuery, ctx)),
  };
}

/** One account's details and its contact. */
function accountRoutes(accounts: FdxAccountsService): DeclaredRoute[] {
  return [
    {
      ...fdxRoute,
      operationId: 'getFdxAccount',
      method: 'GET',
      path: ACCOUNT_BASE,
      summary: `The account with its balances (deposits) or terms (loans, lines of credit).${RESTRICTED_NOTE}`,
      coreOperation: 'fdx.getAccountDetail',
      tier: 'lowPriority',
      checkRequest: accountChecks(),
      response: { $ref: refOf('fdx-account') },
      responses: { ...FDX_RESPONSES, 422: VERSUS_704 },
      handle: async ({ params, ctx }) =>
        toHandlerResult(await accounts.account(params.customerId!, params.accountId!, ctx)),
    },
    {
      ...fdxRoute,
      operationId: 'getFdxAccountContact',
      method: 'GET',
      path: `${ACCOUNT_BASE}/contact`,
      summary: `The account's holders, email addresses, postal addresses and telephones (never cached).${RESTRICTED_NOTE}`,
      coreOperation: 'fdx.getAccountContact',
      tier: 'highPriority',
      checkRequest: accountChecks(),
      response: { $ref: refOf('fdx-account-contact') },
      responses: { ...FDX_RESPONSES, 422: VERSUS_704 },
      handle: async ({ params, ctx }) =>
        toHandlerResult(await accounts.contact(params.customerId!, params.accountId!, ctx)),
    },
  ];
}

/** The payment networks FDX can name for the account. */
function paymentNetworksRoute(accounts: FdxAccountsService): DeclaredRoute {
  return {
    ...fdxRoute,
    operationId: 'listFdxPaymentNetworks',
    method: 'GET',
    path: `${ACCOUNT_BASE}/payment-networks`,
    summary: `Payment networks of the account that FDX names (none for an Australian account); page.nextOffset while more follow.${RESTRICTED_NOTE}`,
    coreOperation: 'fdx.listPaymentNetworks',
    tier: 'lowPriority',
    checkRequest: accountChecks('none'),
    parameters: [FDX_PARAMETERS.offset, FDX_PARAMETERS.limit],
    response: {
      type: 'object',
      required: ['page', 'paymentNetworks'],
      additionalProperties: false,
      properties: {
        page: { $ref: fdxPage },
        paymentNetworks: { type: 'array', items: { $ref: refOf('fdx-payment-network') } },
      },
    },
    responses: {
      ...FDX_RESPONSES,
      409: { description: 'Account is closed (code 705)', schema: { $ref: errorFdx } },
      422: VERSUS_704,
    },
    handle: async ({ params, rawQuery, ctx }) =>
      toHandlerResult(
        await accounts.paymentNetworks(params.customerId!, params.accountId!, rawQuery, ctx),
      ),
  };
}

/** Builds the FDX account routes over their service. */
export function fdxAccountRoutes(accounts: FdxAccountsService): DeclaredRoute[] {
  return [
    specificAccountsRoute(accounts),
    ...accountRoutes(accounts),
    paymentNetworksRoute(accounts),
  ];
}
