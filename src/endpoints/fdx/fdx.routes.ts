/**
 * The FDX-style family: `listFdxTransactions`, `listFdxStatements`,
 * `listFdxAssetTransferNetworks`, the statement download (docs/api.md, "FDX endpoints")
 * and the account endpoints (fdx-accounts.routes.ts).
 * The family validates its own query parameters (`startTime`, `endTime`, `offset`, `limit`), so
 * the routes declare no `/v1` query and document them as OpenAPI parameter objects.
 * Served when the adapter has an FDX port, or FDX is passed through.
 */
import { AccountSelection } from '../account-selection';
import { FdxPaging } from './fdx-paging';
import { fdxAccountRoutes } from './fdx-accounts.routes';
import { FdxAccountsService } from './fdx-accounts.service';
import { servedPort } from '../served-port';
import { refOf } from '../../../contracts';
import { checkFdxIds, FdxService } from './fdx.service';
import {
  accountChecks,
  ACCOUNT_BASE,
  errorFdx,
  errorV1,
  FDX_PARAMETERS,
  FDX_RESPONSES,
  fdxPage,
  RESTRICTED_NOTE,
  toHandlerResult,
} from './fdx-shared.routes';
import {
  type DeclaredRoute,
  type FamilyDefaults,
  familyRoutes,
  type RouteContext,
  type RouteSpec,
} from '../../routes/route-spec';

/** What every FDX route is unless it says otherwise. */
const FDX: FamilyDefaults = { family: 'fdx', tags: ['FDX'], auth: 'holder' };

/** Transactions in a date window, offset-paged. */
function transactionsRoute(fdx: FdxService): DeclaredRoute {
  return {
    operationId: 'listFdxTransactions',
    method: 'GET',
    path: `${ACCOUNT_BASE}/transactions`,
    summary: `Transactions posted in [startTime, endTime], newest postedTimestamp first.${RESTRICTED_NOTE}`,
    coreOperation: 'fdx.listTransactions',
    tier: 'lowPriority',
    query: [],
    checkRequest: accountChecks('required'),
    parameters: [
      FDX_PARAMETERS.startTime(true, 'postedTimestamp date'),
      FDX_PARAMETERS.endTime(true, 'postedTimestamp date'),
      FDX_PARAMETERS.offset,
      FDX_PARAMETERS.limit,
    ],
    response: {
      type: 'object',
      required: ['page', 'transactions'],
      additionalProperties: false,
      properties: {
        page: { $ref: fdxPage },
        transactions: { type: 'array', items: { $ref: refOf('fdx-transaction') } },
      },
    },
    responses: FDX_RESPONSES,
    handle: async ({ params, rawQuery, ctx }) =>
      toHandlerResult(await fdx.transactions(params.customerId!, params.accountId!, rawQuery, ctx)),
  };
}

/** Statements, offset-paged, and each statement's PDF streamed from the core. */
function statementRoutes(fdx: FdxService): DeclaredRoute[] {
  return [
    {
      operationId: 'listFdxStatements',
      method: 'GET',
      path: `${ACCOUNT_BASE}/statements`,
      summary: `Statements, newest statementDate first, each linking its PDF.${RESTRICTED_NOTE}`,
      coreOperation: 'fdx.listStatements',
      tier: 'lowPriority',
      query: [],
      checkRequest: accountChecks('optional'),
      parameters: [
        FDX_PARAMETERS.startTime(false, 'statementDate'),
        FDX_PARAMETERS.endTime(false, 'statementDate'),
        FDX_PARAMETERS.offset,
        FDX_PARAMETERS.limit,
      ],
      response: {
        type: 'object',
        required: ['page', 'statements'],
        additionalProperties: false,
        properties: {
          page: { type: 'object', $ref: fdxPage, required: ['totalElements'] },
          statements: { type: 'array', items: { $ref: refOf('fdx-statement') } },
        },
      },
      responses: FDX_RESPONSES,
      handle: async ({ params, rawQuery, ctx }) =>
        toHandlerResult(await fdx.statements(params.customerId!, params.accountId!, rawQuery, ctx)),
    },
    {
      operationId: 'getFdxStatementDocument',
      method: 'GET',
      path: `${ACCOUNT_BASE}/statements/{statementId}`,
      summary: `The statement PDF, streamed from the core.${RESTRICTED_NOTE}`,
      coreOperation: 'fdx.getStatementDocument',
      tier: 'largePayload',
      query: [],
      checkRequest: ({ params }) =>
        checkFdxIds(params.customerId!, params.accountId!, params.statementId!),
      responseContentType: 'application/pdf',
      response: { type: 'string', contentMediaType: 'application/pdf' },
      responses: {
        ...FDX_RESPONSES,
        400: {
          description: 'An id longer than 256 characters (code 400)',
          schema: { $ref: errorFdx },
        },
        404: {
          description:
            'Unknown customer (`{ "error": "Customer not found" }`), account (code 701) or statement (code 404 Statement not found)',
          schema: { oneOf: [{ $ref: errorFdx }, { $ref: errorV1 }] },
        },
      },
      handle: async ({ params, ctx }) =>
        toHandlerResult(
          await fdx.statementDocument(
            params.customerId!,
            params.accountId!,
            params.statementId!,
            ctx,
          ),
        ),
    },
  ];
}

/** The account's asset transfer networks. */
function assetTransferNetworksRoute(fdx: FdxService): DeclaredRoute {
  return {
    operationId: 'listFdxAssetTransferNetworks',
    method: 'GET',
    path: `${ACCOUNT_BASE}/asset-transfer-networks`,
    summary: `Asset transfer networks of the account; page.nextOffset only while more follow.${RESTRICTED_NOTE}`,
    coreOperation: 'fdx.listAssetTransferNetworks',
    tier: 'lowPriority',
    query: [],
    checkRequest: accountChecks('none'),
    parameters: [FDX_PARAMETERS.offset, FDX_PARAMETERS.limit],
    response: {
      type: 'object',
      required: ['assetTransferNetworks'],
      additionalProperties: false,
      properties: {
        page: { $ref: fdxPage },
        assetTransferNetworks: {
          type: 'array',
          items: { $ref: refOf('fdx-asset-transfer-network') },
        },
      },
    },
    responses: {
      ...FDX_RESPONSES,
      409: { description: 'Account is closed (code 705)', schema: { $ref: errorFdx } },
    },
    handle: async ({ params, rawQuery, ctx }) =>
      toHandlerResult(
        await fdx.assetTransferNetworks(params.customerId!, params.accountId!, rawQuery, ctx),
      ),
  };
}

/** Builds the FDX routes over an FDX service. */
export function fdxRoutes(fdx: FdxService): DeclaredRoute[] {
  return [transactionsRoute(fdx), ...statementRoutes(fdx), assetTransferNetworksRoute(fdx)];
}

/**
 * The FDX family: over the core's FDX port; when FDX is passed through to an upstream, the
 * routes stand in front of it even if the core has no FDX port (their handlers then never run);
 * else empty when the core has none.
 */
export function fdxFamily(ctx: RouteContext): RouteSpec[] {
  const port = servedPort(ctx, 'fdx');
  if (!port) return [];
  const selection = new AccountSelection(ctx.refusals);
  const paging = new FdxPaging(ctx.paging);
  return familyRoutes(FDX, [
    ...fdxAccountRoutes(new FdxAccountsService(port, paging, selection)),
    ...fdxRoutes(new FdxService(port, paging, ctx.config.publicBaseUrl, selection)),
  ]);
}
