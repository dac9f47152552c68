/**
 * The platform family of the interface: `POST /v1/token` (client credentials -> a 900 s access
 * token signed by the gateway) and the product list and writes under
 * `/v1/data-provider/cdr/products`, each with its scope and its rate limits.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { refOf } from '../../../contracts';
import {
  PlatformClientRegistry,
  PLATFORM_SCOPES,
  type PlatformScope,
  SCOPE_PRODUCTS_READ,
  SCOPE_PRODUCTS_WRITE,
  ClientRegistryError,
  type ClientStore,
  FileClientStore,
  RedisClientStore,
} from '../../auth/platform-clients';
import {
  invalidToken,
  loadPlatformSigningKey,
  PLATFORM_TOKEN_LIFETIME_SECONDS,
  PlatformTokens,
} from '../../auth/platform-tokens';
import { ConfigError } from '../../config/config';
import { describeError } from '../../observability/error-log';
import {
  AuthUnavailableError,
  GatewayError,
  InsufficientScopeError,
  InvalidClientError,
  PlatformInvalidRequestError,
} from '../../errors';
import { createRateLimiter, type RateLimiter } from '../../resilience/rate-limits';
import {
  parseProductQuery,
  PRODUCT_CATEGORIES,
  PRODUCT_PAGE_SIZE_DEFAULT,
  PRODUCT_PAGE_SIZE_MAX,
  ProductsService,
} from './products.service';
import type {
  Authenticator,
  DocumentedResponse,
  HandlerInput,
  HandlerResult,
  RouteFamily,
  RouteSpec,
} from '../../http/route-spec';

/** The client the demo mode creates when the registry is empty. */
export const DEMO_PLATFORM_CLIENT_ID = 'demo-platform-client';

/** Path of the product list; writes live under it. */
export const PRODUCTS_PATH = '/v1/data-provider/cdr/products';

/** What a product route's authenticator hands its handler. */
export interface PlatformCaller {
  clientId: string;
  /** The token's scopes that the client still holds. */
  scopes: PlatformScope[];
}

/** Longest accepted `client_id` and `client_secret` in a token request. */
const CLIENT_ID_MAX = 256;
const CLIENT_SECRET_MAX = 1024;

const bad = (description: string) => new PlatformInvalidRequestError(description);

/** Failures of the registry's store (a file, Redis) refuse the request: 503, never let through. */
async function storeCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof GatewayError) throw err;
    throw new AuthUnavailableError({ cause: err });
  }
}

/** `application/x-www-form-urlencoded` decoding of one Basic credential part (RFC 6749 2.3.1). */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    throw bad('Malformed HTTP Basic credentials');
  }
}

interface Credentials {
  clientId: string;
  clientSecret: string;
  /** The credentials came in HTTP Basic. */
  basic: boolean;
}

/**
 * The client credentials of a token request: a JSON body `{ client_id, client_secret }`, a form
 * with `grant_type=client_credentials` and the credentials in it, or either with the credentials in
 * HTTP Basic instead. @throws PlatformInvalidRequestError
 */
export function tokenCredentials(body: unknown, headers: IncomingHttpHeaders): Credentials {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw bad('The body must be a JSON object or a form');
  }
  const fields = body as Record<string, unknown>;
  const form = /^application\/x-www-form-urlencoded\b/i.test(headers['content-type'] ?? '');
  const grantType = fields.grant_type;
  if (form && grantType === undefined) throw bad('grant_type is required');
  if (grantType !== undefined && grantType !== 'client_credentials') {
    throw bad('grant_type must be client_credentials');
  }
  for (const name of ['client_id', 'client_secret'] as const) {
    if (fields[name] !== undefined && typeof fields[name] !== 'string') {
      throw bad(`${name} must be a string`);
    }
  }
  let clientId = fields.client_id as string | undefined;
  let clientSecret = fields.client_secret as string | undefined;
  const authorization = headers.authorization;
  const basic = authorization !== undefined;
  if (basic) {
    const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(authorization);
    if (!match) throw bad('Only HTTP Basic client authentication is accepted here');
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon === -1) throw bad('Malformed HTTP Basic credentials');
    const basicId = formDecode(decoded.slice(0, colon));
    if (clientSecret !== undefined) {
      throw bad('Use one client authentication method: HTTP Basic or the body, not both');
    }
    if (clientId !== undefined && clientId !== basicId) {
      throw bad('client_id in the body differs from the one in HTTP Basic');
    }
    clientId = basicId;
    clientSecret = formDecode(decoded.slice(colon + 1));
  }
  if (!clientId || !clientSecret) throw bad('client_id and client_secret are required');
  if (clientId.length > CLIENT_ID_MAX) throw bad('client_id is too long');
  if (clientSecret.length > CLIENT_SECRET_MAX) throw bad('client_secret is too long');
  return { clientId, clientSecret, basic };
}

const platformError = (description: string): DocumentedResponse => ({ description });

const TOKEN_REQUEST_SCHEMA = {
  type: 'object',
  description:
    'Client credentials. JSON: client_id and client_secret (grant_type optional). Form: grant_type=client_credentials with client_id and client_secret, or with the credentials in HTTP Basic instead.',
  properties: {
    grant_type: { const: 'client_credentials', description: 'Required in the form variant.' },
    client_id: { type: 'string', minLength: 1, maxLength: CLIENT_ID_MAX },
    client_secret: { type: 'string', minLength: 1, maxLength: CLIENT_SECRET_MAX },
  },
};

const TOKEN_RESPONSE_SCHEMA = { $ref: refOf('token-response') };
const PRODUCT_LIST_SCHEMA = { $ref: refOf('product-list') };

const PRODUCT_LIST_PARAMETERS = [
  {
    name: 'cursor',
    in: 'query',
    required: false,
    description:
      'Opaque cursor from the previous page; absent or empty for the first page. Bound to page_size and the filters.',
    schema: { type: 'string' },
  },
  {
    name: 'page_size',
    in: 'query',
    required: false,
    description: `Products per page, 1..${PRODUCT_PAGE_SIZE_MAX}; default ${PRODUCT_PAGE_SIZE_DEFAULT}.`,
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: PRODUCT_PAGE_SIZE_MAX,
      default: PRODUCT_PAGE_SIZE_DEFAULT,
    },
  },
  {
    name: 'product_category',
    in: 'query',
    required: false,
    description: 'Only products of this category; absent means all.',
    schema: { type: 'string', enum: [...PRODUCT_CATEGORIES] },
  },
  {
    name: 'change_status',
    in: 'query',
    required: false,
    description: 'Only products with this change_status, e.g. ScheduledChangeStatusNeedsReview.',
    schema: { type: 'string', minLength: 1, maxLength: 256 },
  },
];

/** Builds the client store the configuration names. @throws ConfigError when there is none */
function clientStore(ctx: Parameters<RouteFamily>[0]): ClientStore {
  if (ctx.redis) return new RedisClientStore(ctx.redis);
  if (ctx.config.platformClientsFile) return new FileClientStore(ctx.config.platformClientsFile);
  throw new ConfigError([
    'PLATFORM_CLIENTS_FILE: required unless CORE_ADAPTER is demo, HOLDER_DEV_KEYS=true or REDIS_URL is set',
  ]);
}

/**
 * Demo mode: an empty registry gets `demo-platform-client` with both scopes. Its secret is never
 * shown or stored; the operator obtains one with `npm run clients -- rotate demo-platform-client`.
 */
async function ensureDemoClient(
  registry: PlatformClientRegistry,
  logger: Parameters<RouteFamily>[0]['logger'],
): Promise<void> {
  try {
    if ((await registry.list()).length > 0) return;
    await registry.create(DEMO_PLATFORM_CLIENT_ID, PLATFORM_SCOPES);
    logger.warn(
      { clientId: DEMO_PLATFORM_CLIENT_ID, store: registry.store.description },
      `created platform client ${DEMO_PLATFORM_CLIENT_ID}; run "npm run clients -- rotate ${DEMO_PLATFORM_CLIENT_ID}" to obtain its secret`,
    );
  } catch (err) {
    // Another instance made it between our look-up and our write: nothing to do.
    if (err instanceof ClientRegistryError) return;
    // A registry file that cannot be used stops start-up; Redis may come back later.
    if (registry.store instanceof FileClientStore) {
      throw new ConfigError([`PLATFORM_CLIENTS_FILE: ${(err as Error).message}`]);
    }
    logger.warn(
      { err: describeError(err) },
      'platform client registry not reachable at start-up; the demo client was not checked',
    );
  }
}

/** The limits a token request passes besides the one counting every request of its address. */
interface TokenLimits {
  /** Failed authentications per source address. */
  failuresPerAddress: RateLimiter;
  /** Tokens issued per client id. */
  issuedPerClient: RateLimiter;
}

/**
 * `POST /v1/token`. Only the source address is limited before the secret is checked: a client id
 * counts tokens issued to it, never failures, so nobody without the secret can lock its holder
 * out. The failure is counted before the check and given back when the secret proves right, so
 * concurrent guesses cannot overrun the limit. Unknown, wrong-secret and revoked clients take the
 * same path to the same answer.
 */
function tokenHandler(
  registry: PlatformClientRegistry,
  tokens: PlatformTokens,
  limits: TokenLimits,
): (input: HandlerInput) => Promise<HandlerResult> {
  return async ({ body, headers, ip }) => {
    const { clientId, clientSecret, basic } = tokenCredentials(body, headers);
    const attempt = await limits.failuresPerAddress.reserve(ip);
    const client = await storeCall(() => registry.authenticate(clientId, clientSecret));
    if (!client) {
      throw new InvalidClientError(
        basic ? { headers: { 'WWW-Authenticate': 'Basic realm="token"' } } : {},
      );
    }
    await attempt.release();
    await limits.issuedPerClient.consume(client.id);
    return {
      body: {
        token: await tokens.issue(client.id, client.scopes),
        expires_in: PLATFORM_TOKEN_LIFETIME_SECONDS,
      },
      headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
    };
  };
}

export const platformFamily: RouteFamily = async (ctx) => {
  const { config, logger, now, redis } = ctx;
  const key = await loadPlatformSigningKey(config);
  const tokens = new PlatformTokens({
    key,
    issuer: config.publicBaseUrl,
    audience: `${config.publicBaseUrl}/v1/data-provider`,
    now,
  });
  const registry = new PlatformClientRegistry(clientStore(ctx), now);
  if (config.coreAdapter === 'demo') await ensureDemoClient(registry, logger);

  const limits = config.rateLimits;
  const limiter = (purpose: string, points: number, onStoreError: 'refuse' | 'allow') =>
    createRateLimiter(
      { purpose, points, windowSeconds: limits.windowSeconds, onStoreError },
      { redis, logger },
    );
  const tokenPerAddress = limiter('token-address', limits.tokenPerAddress, 'refuse');
  const tokenLimits: TokenLimits = {
    failuresPerAddress: limiter('token-failures-address', limits.tokenFailuresPerAddress, 'refuse'),
    issuedPerClient: limiter('token-client', limits.tokenPerClient, 'refuse'),
  };
  const productsPerClient = limiter('products-client', limits.productsPerClient, 'allow');

  /** Token requests: one point per source address, before the body is even read. */
  const addressLimit: Authenticator = async (req) => {
    await tokenPerAddress.consume(req.ip);
    return undefined;
  };

  /** Product requests: a valid token of a client still registered, its rate, then the scope. */
  const bearer =
    (scope: PlatformScope): Authenticator =>
    async (req): Promise<PlatformCaller> => {
      const claims = await tokens.verify(req.authorization);
      const client = await storeCall(() => registry.active(claims.clientId));
      if (!client) throw invalidToken('Token revoked');
      await productsPerClient.consume(client.id);
      const scopes = claims.scopes.filter((s) => client.scopes.includes(s));
      if (!scopes.includes(scope)) {
        throw new InsufficientScopeError(scope, {
          headers: {
            'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"`,
          },
        });
      }
      return { clientId: client.id, scopes };
    };

  const common = {
    family: 'platform' as const,
    query: [],
    responses: {
      429: platformError('Rate limited (rate_limited); see Retry-After'),
      503: platformError('Client registry or rate limit store unavailable; see Retry-After'),
    },
  };
  const secured = (scope: PlatformScope) => ({
    auth: bearer(scope),
    security: [{ platformToken: [scope] }],
    responses: {
      ...common.responses,
      401: platformError('Token missing, malformed, expired or revoked (invalid_token)'),
      403: platformError(`Token without ${scope} (insufficient_scope)`),
    },
  });

  const routes: RouteSpec[] = [
    {
      ...common,
      operationId: 'createPlatformToken',
      method: 'POST',
      path: '/v1/token',
      summary: 'Exchange client credentials for an access token (OAuth 2.0 client credentials)',
      tags: ['Platform'],
      auth: addressLimit,
      security: [],
      body: 'json-or-form',
      requestSchema: TOKEN_REQUEST_SCHEMA,
      response: TOKEN_RESPONSE_SCHEMA,
      responses: {
        ...common.responses,
        401: platformError('Unknown client, wrong secret or revoked client (invalid_client)'),
      },
      handle: tokenHandler(registry, tokens, tokenLimits),
    },
  ];

  const port = ctx.adapter.products;
  if (port) {
    const products = new ProductsService(port, ctx.paging, now);
    const productSchema = { $ref: refOf('product-summary') };
    routes.push(
      {
        ...common,
        ...secured(SCOPE_PRODUCTS_READ),
        operationId: 'listProducts',
        method: 'GET',
        path: PRODUCTS_PATH,
        summary: 'Product records, a page at a time with an opaque cursor',
        tags: ['Platform'],
        parameters: PRODUCT_LIST_PARAMETERS,
        response: PRODUCT_LIST_SCHEMA,
        handle: async ({ rawQuery, ctx: call }) => ({
          body: await products.list(parseProductQuery(rawQuery), call),
        }),
      },
      {
        ...common,
        ...secured(SCOPE_PRODUCTS_WRITE),
        operationId: 'createProduct',
        method: 'POST',
        path: PRODUCTS_PATH,
        summary: 'Create a product record',
        tags: ['Platform'],
        body: 'json',
        requestSchema: productSchema,
        response: productSchema,
        successStatus: 201,
        handle: async ({ body, ctx: call }) => ({ body: await products.create(body, call) }),
      },
      {
        ...common,
        ...secured(SCOPE_PRODUCTS_WRITE),
        operationId: 'updateProduct',
        method: 'PUT',
        path: `${PRODUCTS_PATH}/{product_id}`,
        summary: 'Replace a product record',
        tags: ['Platform'],
        body: 'json',
        requestSchema: productSchema,
        response: productSchema,
        handle: async ({ params, body, ctx: call }) => ({
          body: await products.update(params.product_id!, body, call),
        }),
      },
      {
        ...common,
        ...secured(SCOPE_PRODUCTS_WRITE),
        operationId: 'deleteProduct',
        method: 'DELETE',
        path: `${PRODUCTS_PATH}/{product_id}`,
        summary: 'Delete a product record',
        tags: ['Platform'],
        response: {},
        successStatus: 204,
        handle: async ({ params, ctx: call }) => {
          await products.remove(params.product_id!, call);
          return {};
        },
      },
    );
    // Per-route documentation of what only some product routes answer.
    for (const route of routes.slice(1)) {
      route.responses = {
        ...route.responses,
        ...(route.method === 'POST'
          ? { 409: platformError('A product with this product_id exists (conflict)') }
          : {}),
        ...(route.method === 'PUT' || route.method === 'DELETE'
          ? { 404: platformError('No such product (not_found)') }
          : {}),
      };
    }
  }
  return routes;
};
