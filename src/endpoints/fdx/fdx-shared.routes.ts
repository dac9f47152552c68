/**
 * What the FDX family's route files share: the OpenAPI parameters of its own query, its error
 * answers, the paths of one account's resources, and how a service's result becomes an answer.
 */
import { refOf } from '../../../contracts';
import {
  checkFdxIds,
  FDX_DEFAULT_LIMIT,
  FDX_MAX_LIMIT,
  type FdxDateRule,
  type FdxResult,
  parseFdxQuery,
} from './fdx.service';
import type { DocumentedResponse, HandlerResult } from '../../routes/route-spec';

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

export const errorFdx = refOf('envelopes', 'ErrorFdx');
export const errorV1 = refOf('envelopes', 'ErrorV1');
export const fdxPage = refOf('envelopes', 'FdxPage');

/** Error answers every FDX route documents beyond the family defaults. */
export const FDX_RESPONSES: Record<string, DocumentedResponse> = {
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

export const RESTRICTED_NOTE =
  ' A RESTRICTED account answers 200 with an empty body (no content type).';

export function toHandlerResult(result: FdxResult): HandlerResult {
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

/** The paths of one account's FDX resources. */
export const ACCOUNT_BASE = '/fdx/v6/customer/{customerId}/accounts/{accountId}';

/**
 * The family's own checks of a route of one account, as its service makes them: the ids, then,
 * for a route with a query, the query under its date rule.
 */
export const accountChecks =
  (query?: FdxDateRule) =>
  ({ params, rawQuery }: { params: Record<string, string>; rawQuery: Record<string, unknown> }) => {
    checkFdxIds(params.customerId!, params.accountId!);
    if (query !== undefined) parseFdxQuery(rawQuery, query);
  };
