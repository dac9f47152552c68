/**
 * The product record routes under `/v1/data-provider/cdr/products`: list (scope
 * `cdr:products:read`), create, replace and delete (`cdr:products:write`), each behind a platform
 * token of a client still registered, with its per-client rate limit.
 */
import { refOf } from '../../../contracts';
import {
  type PlatformClientRegistry,
  type PlatformScope,
  SCOPE_PRODUCTS_READ,
  SCOPE_PRODUCTS_WRITE,
} from '../../auth/platform-clients';
import { invalidToken, type PlatformTokens } from '../../auth/platform-tokens';
import { InsufficientScopeError } from '../../errors';
import type { RateLimiter } from './rate-limits';
import type { Authenticator, DeclaredRoute } from '../../routes/route-spec';
import { COMMON, platformError, storeCall } from './platform-common.routes';
import {
  parseProductQuery,
  PRODUCT_CATEGORIES,
  PRODUCT_PAGE_SIZE_DEFAULT,
  PRODUCT_PAGE_SIZE_MAX,
  type ProductsService,
} from './products.service';

/** Path of the product list; writes live under it. */
export const PRODUCTS_PATH = '/v1/data-provider/cdr/products';

/** What a product route's authenticator hands its handler. */
export interface PlatformCaller {
  clientId: string;
  /** The token's scopes that the client still holds. */
  scopes: PlatformScope[];
}

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

/** Product requests: a valid token of a client still registered, its rate, then the scope. */
export function bearerAuthenticator(
  tokens: PlatformTokens,
  registry: PlatformClientRegistry,
  perClient: RateLimiter,
) {
  return (scope: PlatformScope): Authenticator =>
    async (req): Promise<PlatformCaller> => {
      const claims = await tokens.verify(req.authorization);
      const client = await storeCall(() => registry.active(claims.clientId));
      if (!client) throw invalidToken('Token revoked');
      await perClient.consume(client.id);
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
}

/** A platform token's authenticator for a scope. */
type BearerFor = ReturnType<typeof bearerAuthenticator>;

/** What a route behind a platform token with `scope` adds. */
function secured(bearer: BearerFor, scope: PlatformScope) {
  return {
    auth: bearer(scope),
    security: [{ platformToken: [scope] }],
    responses: {
      ...COMMON.responses,
      401: platformError('Token missing, malformed, expired or revoked (invalid_token)'),
      403: platformError(`Token without ${scope} (insufficient_scope)`),
    },
  };
}

/** The product record routes: list, create, replace, delete. */
export function productRoutes(products: ProductsService, bearer: BearerFor): DeclaredRoute[] {
  const productSchema = { $ref: refOf('product-summary') };
  const routes: DeclaredRoute[] = [
    {
      ...COMMON,
      coreOperation: 'products.listProducts',
      ...secured(bearer, SCOPE_PRODUCTS_READ),
      operationId: 'listProducts',
      method: 'GET',
      path: PRODUCTS_PATH,
      summary: 'Product records, a page at a time with an opaque cursor',
      parameters: PRODUCT_LIST_PARAMETERS,
      checkRequest: ({ rawQuery }) => void parseProductQuery(rawQuery),
      response: PRODUCT_LIST_SCHEMA,
      handle: async ({ rawQuery, ctx: call }) => ({
        body: await products.list(parseProductQuery(rawQuery), call),
      }),
    },
    {
      ...COMMON,
      coreOperation: 'products.createProduct',
      ...secured(bearer, SCOPE_PRODUCTS_WRITE),
      operationId: 'createProduct',
      method: 'POST',
      path: PRODUCTS_PATH,
      summary: 'Create a product record',
      body: 'json',
      requestSchema: productSchema,
      checkRequest: ({ body }) => void products.checkWrite(body),
      response: productSchema,
      successStatus: 201,
      handle: async ({ body, ctx: call }) => ({ body: await products.create(body, call) }),
    },
    {
      ...COMMON,
      coreOperation: 'products.updateProduct',
      ...secured(bearer, SCOPE_PRODUCTS_WRITE),
      operationId: 'updateProduct',
      method: 'PUT',
      path: `${PRODUCTS_PATH}/{product_id}`,
      summary: 'Replace a product record',
      body: 'json',
      requestSchema: productSchema,
      checkRequest: ({ params, body }) => void products.checkWrite(body, params.product_id!),
      response: productSchema,
      handle: async ({ params, body, ctx: call }) => ({
        body: await products.update(params.product_id!, body, call),
      }),
    },
    {
      ...COMMON,
      coreOperation: 'products.deleteProduct',
      ...secured(bearer, SCOPE_PRODUCTS_WRITE),
      operationId: 'deleteProduct',
      method: 'DELETE',
      path: `${PRODUCTS_PATH}/{product_id}`,
      summary: 'Delete a product record',
      response: {},
      successStatus: 204,
      handle: async ({ params, ctx: call }) => {
        await products.remove(params.product_id!, call);
        return {};
      },
    },
  ];
  return routes.map(withOwnResponses);
}

/** A product route with the answers only some product routes give, documented. */
function withOwnResponses(route: DeclaredRoute): DeclaredRoute {
  const responses = {
    ...route.responses,
    ...(route.method === 'POST'
      ? { 409: platformError('A product with this product_id exists (conflict)') }
      : {}),
    ...(route.method === 'PUT' || route.method === 'DELETE'
      ? { 404: platformError('No such product (not_found)') }
      : {}),
  };
  return { ...route, responses };
}
