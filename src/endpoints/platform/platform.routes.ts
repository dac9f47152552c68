/**
 * The platform family of the interface: `POST /v1/token` (client credentials -> a 900 s access
 * token signed by the gateway) and the product list and writes under
 * `/v1/data-provider/cdr/products` (products.routes.ts), each with its scope and rate limits.
 */
import { servedPort } from '../served-port';
import { isDemoOnly } from '../../config/core-layout';
import type { IncomingHttpHeaders } from 'node:http';
import { refOf } from '../../../contracts';
import { COPY_EVERY_MS, CopiedClientStore } from '../../auth/platform-client-copy';
import {
  PlatformClientRegistry,
  PLATFORM_SCOPES,
  ClientRegistryError,
  type ClientStore,
  FileClientStore,
  RedisClientStore,
  redisClientsKey,
} from '../../auth/platform-clients';
import { secretHasherOf } from '../../auth/platform-secret-hash';
import {
  loadPlatformSigningKey,
  PLATFORM_TOKEN_LIFETIME_SECONDS,
  PlatformTokens,
} from '../../auth/platform-tokens';
import { type Config, ConfigError } from '../../config/config';
import { causeSignature, describeError, StackGate } from '../../errors/error-log';
import { InvalidClientError, PlatformInvalidRequestError } from '../../errors';
import { addressSource, createRateLimiter, type RateLimiter } from './rate-limits';
import { COMMON, PLATFORM, platformError, storeCall } from './platform-common.routes';
import { bearerAuthenticator, productRoutes } from './products.routes';
import { ProductsService } from './products.service';
import {
  type Authenticator,
  type DeclaredRoute,
  familyRoutes,
  type HandlerInput,
  type HandlerResult,
  type RouteFamily,
} from '../../routes/route-spec';

/** The client the demo mode creates when the registry is empty. */
export const DEMO_PLATFORM_CLIENT_ID = 'demo-platform-client';

/** Longest accepted `client_id` and `client_secret` in a token request. */
const CLIENT_ID_MAX = 256;
const CLIENT_SECRET_MAX = 1024;

const bad = (description: string) => new PlatformInvalidRequestError(description);

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
/** Why the configuration names no platform client store (no Redis, no file), or undefined. */
export function clientStoreProblem(config: Config, hasRedis: boolean): string | undefined {
  if (hasRedis || config.platformClientsFile) return undefined;
  return 'PLATFORM_CLIENTS_FILE: required unless CORE_ADAPTER is demo, HOLDER_DEV_KEYS=true or REDIS_URL is set';
}

/** Builds the client store the configuration names. @throws ConfigError when there is none */
function clientStore(ctx: Parameters<RouteFamily>[0]): ClientStore {
  const { config, logger, redis } = ctx;
  if (redis) {
    const inRedis = new RedisClientStore(redis, redisClientsKey(ctx.redisKeys));
    if (config.platformClientsFile)
      return new CopiedClientStore(inRedis, config.platformClientsFile, logger);
    logger.warn(
      'platform clients are kept in Redis only: a loss of its data loses them; set PLATFORM_CLIENTS_FILE to keep a copy that restores them',
    );
    return inRedis;
  }
  if (config.platformClientsFile) return new FileClientStore(config.platformClientsFile);
  throw new ConfigError([clientStoreProblem(config, false)!]);
}

/**
 * With Redis and a copy: puts back what Redis lost and refreshes the copy now and every
 * COPY_EVERY_MS until the gateway closes. Redis being down only delays it.
 */
async function keepCopy(store: CopiedClientStore, ctx: Parameters<RouteFamily>[0]): Promise<void> {
  const gate = new StackGate();
  const sync = () =>
    store.sync().catch((err: unknown) => {
      const omitted = gate.pass(causeSignature(err));
      if (omitted === undefined) return;
      ctx.logger.warn(
        { err: describeError(err, omitted) },
        'the platform client registry could not be compared with its copy; retrying',
      );
    });
  await sync();
  const timer = setInterval(() => void sync(), COPY_EVERY_MS);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
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

/** The limits a token request passes besides the one counting every request of its source. */
interface TokenLimits {
  /** Failed authentications per source (an IPv6 address by its /64). */
  failuresPerSource: RateLimiter;
  /** Tokens issued per client id. */
  issuedPerClient: RateLimiter;
}

/**
 * `POST /v1/token`. Every secret is checked (an HMAC: microseconds, no thread-pool work): limits
 * bound load, they never lock a client out (docs/decisions/0063-client-secrets-keyed-hash.md). A
 * right secret is refused only by its own client's tokens issued or its source's requests, never
 * by failures, whoever made them. A failure counts against its source; past the limit the answer
 * is 429 instead of 401, telling a client with a stale secret to back off. Guessing is bounded by
 * the requests of a source, counted before the body is read. Unknown, wrong-secret and revoked
 * clients take the same path to the same answer.
 */
function tokenHandler(
  registry: PlatformClientRegistry,
  tokens: PlatformTokens,
  limits: TokenLimits,
): (input: HandlerInput) => Promise<HandlerResult> {
  return async ({ body, headers, ip }) => {
    const { clientId, clientSecret, basic } = tokenCredentials(body, headers);
    const client = await storeCall(() => registry.authenticate(clientId, clientSecret));
    if (!client) {
      await limits.failuresPerSource.consume(addressSource(ip));
      throw new InvalidClientError(
        basic ? { headers: { 'WWW-Authenticate': 'Basic realm="token"' } } : {},
      );
    }
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

/** The rate limiters of the platform routes, from the configured limits. */
function platformLimiters(ctx: Parameters<RouteFamily>[0]) {
  const { config, logger, redis, redisKeys: keys } = ctx;
  const limits = config.rateLimits;
  const limiter = (purpose: string, points: number, onStoreError: 'refuse' | 'allow') =>
    createRateLimiter(
      { purpose, points, windowSeconds: limits.windowSeconds, onStoreError },
      { redis, keys, logger },
    );
  const token: TokenLimits = {
    // After the check, on failures only: it bounds no guessing, so a store failure lets it pass.
    failuresPerSource: limiter('token-failures-address', limits.tokenFailuresPerAddress, 'allow'),
    issuedPerClient: limiter('token-client', limits.tokenPerClient, 'refuse'),
  };
  return {
    tokenPerAddress: limiter('token-address', limits.tokenPerAddress, 'refuse'),
    token,
    productsPerClient: limiter('products-client', limits.productsPerClient, 'allow'),
  };
}

export const platformFamily: RouteFamily = async (ctx) => {
  const { config, logger, now } = ctx;
  const key = await loadPlatformSigningKey(config);
  const tokens = new PlatformTokens({
    key,
    issuer: config.publicBaseUrl,
    audience: `${config.publicBaseUrl}/v1/data-provider`,
    now,
  });
  const hasher = secretHasherOf(config);
  const store = clientStore(ctx);
  const registry = new PlatformClientRegistry(store, now, { hasher, logger });
  if (store instanceof CopiedClientStore) await keepCopy(store, ctx);
  if (isDemoOnly(config.cores)) await ensureDemoClient(registry, logger);
  const limiters = platformLimiters(ctx);

  /** Token requests: one point per source (an IPv6 address by its /64), before the body is read. */
  const addressLimit: Authenticator = async (req) => {
    await limiters.tokenPerAddress.consume(addressSource(req.ip));
    return undefined;
  };
  const tokenRoute: DeclaredRoute = {
    ...COMMON,
    operationId: 'createPlatformToken',
    method: 'POST',
    path: '/v1/token',
    summary: 'Exchange client credentials for an access token (OAuth 2.0 client credentials)',
    auth: addressLimit,
    security: [],
    body: 'json-or-form',
    requestSchema: TOKEN_REQUEST_SCHEMA,
    response: TOKEN_RESPONSE_SCHEMA,
    responses: {
      ...COMMON.responses,
      401: platformError('Unknown client, wrong secret or revoked client (invalid_client)'),
    },
    handle: tokenHandler(registry, tokens, limiters.token),
  };

  const port = servedPort(ctx, 'products');
  if (!port) return familyRoutes(PLATFORM, [tokenRoute]);
  const products = new ProductsService(port, ctx.paging, now);
  const bearer = bearerAuthenticator(tokens, registry, limiters.productsPerClient);
  return familyRoutes(PLATFORM, [tokenRoute, ...productRoutes(products, bearer)]);
};
