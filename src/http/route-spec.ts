/** The shape of one entry of the route table, free of Express. */
import type { CallContext } from '../ports';
import type { QueryParam, QueryValues } from './parameters';

/** Which error body family a route answers with (DESIGN.md "Errors"). */
export type ErrorFamily = 'v1' | 'fdx' | 'platform';

/** What a handler receives: validated input and the call context. */
export interface HandlerInput {
  params: Record<string, string>;
  query: QueryValues;
  /** Specific-accounts body ids, validated and de-duplicated (routes with `body: 'accountIds'`). */
  accountIds?: string[];
  ctx: CallContext;
}

/** What a handler answers: a JSON body (status 200) and extra headers. */
export interface HandlerResult {
  body: unknown;
  headers?: Record<string, string>;
}

export interface RouteSpec {
  /** Stable operation id, used in OpenAPI, logs and metrics. */
  operationId: string;
  method: 'GET' | 'POST';
  /** OpenAPI-style path template, e.g. `/v1/banking/customer/{customerId}/accounts`. */
  path: string;
  summary: string;
  tags: string[];
  family: ErrorFamily;
  auth: 'holder' | 'none';
  /** Query parameters validated (and, when they have one, defaulted). */
  query: readonly QueryParam[];
  /** Applies the oldest-date/newest-date defaults of decisions.md 1.6. */
  dateWindow?: boolean;
  /** A specific-accounts JSON body. */
  body?: 'accountIds';
  /** Deprecated route: the successor path for `params`. */
  successor?: (params: Record<string, string>) => string;
  /** JSON Schema of the 200 body (references into `contracts/`). */
  response: object;
  handle(input: HandlerInput): Promise<HandlerResult>;
}
