/** The shape of one entry of the route table, free of Express. */
import type { CoreFamily } from '../config/core-layout';
import type { IncomingHttpHeaders } from 'node:http';
import type { RedisClient } from '../stores/redis';
import { familyOfOperation, type OperationName } from '../ports/operations';
import type { RedisKeys } from '../stores/redis-keys';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { Readable } from 'node:stream';
import type { CallContext, CoreAdapter } from '../ports';
import type { PagingTokens } from '../api/paging-token';
import type { QueryParam, QueryValues } from '../api/query-values';
import type { SharingRefusals } from '../refusals/sharing-refusals';
import type { DeclaredTier } from '../api/response-tiers';

/** Which error body family a route answers with (see error-handler.ts). */
export type ErrorFamily = 'v1' | 'fdx' | 'platform';

/**
 * The core family whose data a route serves (`CORE_ADAPTERS` names them); a family can be served
 * by an adapter or passed through to an upstream that already speaks the interface
 * (docs/proxying.md).
 */
export { CORE_FAMILIES, type CoreFamily } from '../config/core-layout';

/** What an authenticator sees of a request. */
export interface AuthRequest {
  authorization?: string;
  /** The raw request path, without the query. */
  path: string;
  /** The client's address: the peer's, or the one trusted proxies name (`TRUST_PROXY`). */
  ip: string;
  headers: IncomingHttpHeaders;
}

/**
 * Authenticates a request for a route: resolves to what the handler gets as `auth`, or throws a
 * GatewayError (401, 403, 429, 503...).
 */
export type Authenticator = (req: AuthRequest) => Promise<unknown>;

/** What a handler receives: validated input and the call context. */
/** A request's input once checked (the router's input step): what a handler or the proxy gets. */
export interface CheckedInput {
  /** The matched path parameters, decoded, none of them an impossible id. */
  params: Record<string, string>;
  /** The `/v1` query parameters the route declares, validated and defaulted. */
  query: QueryValues;
  /** The raw query, for families that validate their own parameters (FDX, platform). */
  rawQuery: Record<string, unknown>;
  /** Specific-accounts body ids, validated and de-duplicated (routes with `body: 'accountIds'`). */
  accountIds?: string[];
  /** The parsed body of routes with `body: 'json'` or `'json-or-form'`. */
  body?: unknown;
}

export interface HandlerInput extends CheckedInput {
  /** What the route's authenticator resolved to. */
  auth?: unknown;
  headers: IncomingHttpHeaders;
  ip: string;
  ctx: CallContext;
}

/** A streamed response body (e.g. a statement PDF): piped, never buffered whole. */
export interface StreamBody {
  contentType: string;
  contentLength?: number;
  body: Readable;
}

/** What a handler answers: a status (default 200), a JSON body or a stream, extra headers. */
export interface HandlerResult {
  status?: number;
  body?: unknown;
  stream?: StreamBody;
  headers?: Record<string, string>;
}

/** An OpenAPI response entry the route documents beyond the family's defaults. */
export interface DocumentedResponse {
  description: string;
  /** JSON Schema of a JSON body, or omitted for none. */
  schema?: object;
  /** Media type of a non-JSON body (e.g. `application/pdf`). */
  contentType?: string;
}

export interface RouteSpec {
  /** Stable operation id, used in OpenAPI, logs and metrics. */
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI-style path template, e.g. `/v1/banking/customer/{customerId}/accounts`. */
  path: string;
  summary: string;
  tags: string[];
  family: ErrorFamily;
  /**
   * The core family the route's data comes from, its port operation's (`familyRoutes` sets it);
   * none for routes the gateway answers itself (the platform token, and the authorisation list,
   * which merges every core's accounts).
   */
  coreFamily?: CoreFamily;
  /**
   * The port operation whose data the route serves, which names its core family: a passed-through
   * call of the route goes through the resilience stack as this operation does (its circuit
   * group, metrics and maintenance windows).
   */
  coreOperation?: OperationName;
  /**
   * For a holder route without a `coreFamily`: the families whose cores it asks, for status and
   * planned outages (a core of one of them failing or in a window affects it). Default: banking and
   * energy, the cores the authorisation list merges.
   */
  familiesAsked?: readonly CoreFamily[];
  /**
   * The standard's response-time tier of the route's customer-present calls; without a customer
   * present, High and Low Priority calls are Unattended (src/observability/response-tiers.ts).
   */
  tier: DeclaredTier;
  /** `holder`: the platform's signed JWT; `none`: public; or a route-specific authenticator. */
  auth: 'holder' | 'none' | Authenticator;
  /** OpenAPI security requirement of a custom authenticator (e.g. `[{ platformToken: [] }]`). */
  security?: object[];
  /** `/v1` query parameters validated (and, when they have one, defaulted). */
  query: readonly QueryParam[];
  /** OpenAPI parameter objects of query parameters the family validates itself. */
  parameters?: object[];
  /** Applies the oldest-date/newest-date defaults (docs/api.md, "Requests"). */
  dateWindow?: boolean;
  /**
   * Applies the oldest-time/newest-time defaults and the amount range rule of the transaction
   * list (docs/api.md, "Transactions").
   */
  timeWindow?: boolean;
  /**
   * Request body: `accountIds` (a specific-accounts body), `json` (any JSON, validated by the
   * handler), `json-or-form` (JSON or `application/x-www-form-urlencoded`).
   */
  body?: 'accountIds' | 'json' | 'json-or-form';
  /** JSON Schema of a `json`/`json-or-form` body, for OpenAPI. */
  requestSchema?: object;
  /**
   * The checks of its own parameters a family makes before it calls the core (FDX: id lengths,
   * dates, limit; products: the product contract, page size, category); run before a proxied
   * route is passed through, so it refuses what the mapped route refuses. Throws a GatewayError.
   */
  checkRequest?: (input: {
    params: Record<string, string>;
    rawQuery: Record<string, unknown>;
    /** The parsed body of routes with `body: 'json'` or `'json-or-form'`. */
    body?: unknown;
  }) => void;
  /**
   * Whether a customer the operator's refusal list flags for harm is refused (403) before the
   * route does anything (docs/api.md, "Refusals to share"). Default: every holder route with a
   * `{customerId}` path parameter; `false` leaves a route out (its handler may still refuse).
   */
  refusesHarmedCustomer?: boolean;
  /** Deprecated route: the successor path for `params`. */
  successor?: (params: Record<string, string>) => string;
  /** JSON Schema of the success body (references into `contracts/`). */
  response: object;
  /** Success status, default 200. */
  successStatus?: number;
  /** Media type of a streamed success body (default JSON). */
  responseContentType?: string;
  /** Error responses beyond the family's defaults, by status. */
  responses?: Record<string, DocumentedResponse>;
  handle(input: HandlerInput): Promise<HandlerResult>;
}

/** What a route family builds its routes from. */
export interface RouteContext {
  /** The core adapter (already wrapped by the resilience stack, when there is one). */
  adapter: CoreAdapter;
  config: Config;
  logger: Logger;
  /** Clock in milliseconds. */
  now: () => number;
  /** The shared Redis connection, when a Redis is configured. */
  redis?: RedisClient;
  /** The deployment's Redis key names and digests (also of the in-process stores). */
  redisKeys: RedisKeys;
  /** Issues and verifies opaque paging tokens (FDX offsets, product cursors). */
  paging: PagingTokens;
  /** Registers a function run once when the gateway closes (timers, files, connections). */
  onClose(fn: () => Promise<void> | void): void;
  /** Core families passed through to an upstream: their routes exist whatever the adapter has. */
  passThrough?: ReadonlySet<CoreFamily>;
  /** The holder's refusals to share (the operator's list); default none beyond the cores'. */
  refusals?: SharingRefusals;
}

export type RouteFamily = (ctx: RouteContext) => RouteSpec[] | Promise<RouteSpec[]>;

/** What every route of a family shares, and so what its table may leave out. */
export type FamilyDefaults = Pick<RouteSpec, 'family' | 'tags' | 'auth'>;

/**
 * A route as its family's table declares it: without what the family's defaults say, and
 * without its core family, which is its port operation's (`coreOperation`).
 */
export type DeclaredRoute = Omit<RouteSpec, 'coreFamily' | keyof FamilyDefaults> &
  Partial<FamilyDefaults>;

/** The routes a family's table declares, each with the family's defaults and its core family. */
export function familyRoutes(
  defaults: FamilyDefaults,
  declared: readonly DeclaredRoute[],
): RouteSpec[] {
  return declared.map((route) => {
    const coreFamily = route.coreOperation && familyOfOperation(route.coreOperation);
    return { ...defaults, ...route, ...(coreFamily ? { coreFamily } : {}) };
  });
}
