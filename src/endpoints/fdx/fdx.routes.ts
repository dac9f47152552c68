/**
 * The FDX-style family: rows 14, 15, 16 and the statement download (docs/api.md, "FDX endpoints").
 * The family validates its own query parameters (`startTime`, `endTime`, `offset`, `limit`), so
 * the routes declare no `/v1` query and document them as OpenAPI parameter objects.
 * Served when the adapter has an FDX port, or FDX is passed through.
 */
import { AccountSelection } from '../account-selection';
import { servedPort } from '../served-port';
import { refOf } from '../../../contracts';
import {
  checkFdxIds,
  FDX_DEFAULT_LIMIT,
  FDX_MAX_LIMIT,
  type FdxDateRule,
  type FdxResult,
  FdxService,
  parseFdxQuery,
} from './fdx.service';
import type {
  DocumentedResponse,
  HandlerResult,
  RouteContext,
  RouteSpec,
} from '../../http/route-spec';

const fdxDate = (name: string, required: boolean, field: string): object => ({
  name,
  in: 'query',
  required,
  description: `${name === 'startTime' ? 'Oldest' : 'Newest'} ${field} included, YYYY-MM-DD from 1900-01-01 to 9999-12-31 (UTC, inclusive). Malformed, out of that range${required ? ' or missing' : ''}: 400 code 702; startTime after endTime: 400 code 703.`,
  schema: { type: 'string', format: 'date', minLength: 10, maxLength: 10 },
});

/** OpenAPI parameter objects of the FDX query (validated by the family itself). */
export const FDX_PARAMETERS = {
  startTime: (required: boolean, field: string) => fdxDate('startTime', required, field),
  endTime: (required: boolean, field: string) => fdxDate('endTime', required, field),
  offset: {
    name: 'offset',
    in: 'query',
    required: false,
    description:
      'Opaque offset from the previous page.nextOffset, for the same account, dates and limit; any other value is 400 code 400.',
    schema: { type: 'string', minLength: 1, maxLength: 4096 },
  },
  limit: {
    name: 'limit',
    in: 'query',
    required: false,
    description: `Elements per page, ${1}..${FDX_MAX_LIMIT}; default ${FDX_DEFAULT_LIMIT}.`,
    schema: { type: 'integer', minimum: 1, maximum: FDX_MAX_LIMIT, default: FDX_DEFAULT_LIMIT },
  },
} as const;

const errorFdx = refOf('envelopes', 'ErrorFdx');
const errorV1 = refOf('envelopes', 'ErrorV1');
const fdxPage = refOf('envelopes', 'FdxPage');

/** Error answers every FDX route documents beyond the family defaults. */
const FDX_RESPONSES: Record<string, DocumentedResponse> = {
  400: {
    description:
      'Bad request: code 702 (malformed or missing dates), 703 (startTime after endTime) or 400 (bad limit, offset or id length)',
    schema: { $ref: errorFdx },
  },
  404: {
    description:
      'Unknown customer (`{ "error": "Customer not found" }`) or account (code 701 Account not found)',
    schema: { oneOf: [{ $ref: errorFdx }, { $ref: errorV1 }] },
  },
  422: { description: 'Account type not supported (code 704)', schema: { $ref: errorFdx } },
};

const RESTRICTED_NOTE = ' A RESTRICTED account answers 200 with an empty body (no content type).';

function toHandlerResult(result: FdxResult): HandlerResult {
  switch (result.kind) {
    case 'restricted':
      return { status: 200 };
    case 'document':
      return {
        stream: {
          contentType: 'application/pdf',
          ...(result.document.contentLength !== undefined
            ? { contentLength: result.document.contentLength }
            : {}),
          body: result.document.body,
        },
      };
    case 'body':
      return { body: result.body };
  }
}

/** The family's own checks of an account listing (ids, then the query), as the service makes them. */
const listingChecks =
  (dates: FdxDateRule) =>
  ({ params, rawQuery }: { params: Record<string, string>; rawQuery: Record<string, unknown> }) => {
    checkFdxIds(params.customerId!, params.accountId!);
    parseFdxQuery(rawQuery, dates);
  };

/** The paths of one account's FDX resources. */
const ACCOUNT_BASE = '/fdx/v6/customer/{customerId}/accounts/{accountId}';

/** Transactions in a date window, offset-paged. */
function transactionsRoute(fdx: FdxService): RouteSpec {
  return {
    operationId: 'listFdxTransactions',
    method: 'GET',
    path: `${ACCOUNT_BASE}/transactions`,
    summary: `Transactions posted in [startTime, endTime], newest postedTimestamp first.${RESTRICTED_NOTE}`,
    tags: ['FDX'],
    family: 'fdx',
    coreFamily: 'fdx',
    coreOperation: 'fdx.listTransactions',
    auth: 'holder',
    tier: 'lowPriority',
    query: [],
    checkRequest: listingChecks('required'),
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
function statementRoutes(fdx: FdxService): RouteSpec[] {
  return [
    {
      operationId: 'listFdxStatements',
      method: 'GET',
      path: `${ACCOUNT_BASE}/statements`,
      summary: `Statements, newest statementDate first, each linking its PDF.${RESTRICTED_NOTE}`,
      tags: ['FDX'],
      family: 'fdx',
      coreFamily: 'fdx',
      coreOperation: 'fdx.listStatements',
      auth: 'holder',
      tier: 'lowPriority',
      query: [],
      checkRequest: listingChecks('optional'),
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
      tags: ['FDX'],
      family: 'fdx',
      coreFamily: 'fdx',
      coreOperation: 'fdx.getStatementDocument',
      auth: 'holder',
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
function assetTransferNetworksRoute(fdx: FdxService): RouteSpec {
  return {
    operationId: 'listFdxAssetTransferNetworks',
    method: 'GET',
    path: `${ACCOUNT_BASE}/asset-transfer-networks`,
    summary: `Asset transfer networks of the account; page.nextOffset only while more follow.${RESTRICTED_NOTE}`,
    tags: ['FDX'],
    family: 'fdx',
    coreFamily: 'fdx',
    coreOperation: 'fdx.listAssetTransferNetworks',
    auth: 'holder',
    tier: 'lowPriority',
    query: [],
    checkRequest: listingChecks('none'),
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
export function fdxRoutes(fdx: FdxService): RouteSpec[] {
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
  return fdxRoutes(new FdxService(port, ctx.paging, ctx.config.publicBaseUrl, selection));
}
