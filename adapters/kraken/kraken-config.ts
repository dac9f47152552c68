/**
 * The Kraken adapter's configuration block (id `kraken`): a JSON Schema written with TypeBox, with
 * a default and a description (naming the environment variable) for every setting. The gateway
 * reads the block from the `KRAKEN_*` variables through this schema.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

const KEY_KINDS = ['organization', 'accountUser'] as const;

/** Whose key `apiKey` is: an organisation's live secret key, or one account user's API key. */
export type KrakenKeyKind = (typeof KEY_KINDS)[number];

/** JSON Schema of the `kraken` configuration block: one property per setting. */
export const krakenConfigSchema = Type.Object(
  {
    baseUrl: Type.String({
      format: 'uri',
      pattern: '^https?://',
      description:
        'Kraken GraphQL endpoint, e.g. https://api.origin-kraken.energy/v1/graphql/ (KRAKEN_BASE_URL).',
    }),
    apiKey: Type.String({
      minLength: 1,
      description:
        'Key exchanged for a Kraken Token with the obtainKrakenToken mutation; never logged (KRAKEN_API_KEY).',
    }),
    // `enum` rather than TypeBox's union of literals: the error names the allowed values.
    apiKeyKind: Type.Unsafe<KrakenKeyKind>({
      type: 'string',
      enum: [...KEY_KINDS],
      default: 'organization',
      description:
        "Whose key KRAKEN_API_KEY is: an organisation's live secret key (organizationSecretKey, sees every account user) or one account user's API key (APIKey, sees that user only) (KRAKEN_API_KEY_KIND).",
    }),
    customers: Type.Unsafe<Readonly<Record<string, string>>>({
      type: 'object',
      default: {},
      description:
        'Customer map, JSON: gateway customer id → Kraken account user id. A customer not in the map is unknown to this adapter (KRAKEN_CUSTOMERS).',
      additionalProperties: { type: 'string', minLength: 1, maxLength: 64 },
    }),
    connections: Type.Integer({
      minimum: 1,
      default: 8,
      description: 'Connections the pool opens to Kraken at most (KRAKEN_CONNECTIONS).',
    }),
    connectTimeoutMs: Type.Integer({
      minimum: 1,
      default: 2000,
      description: 'Connect timeout in milliseconds (KRAKEN_CONNECT_TIMEOUT_MS).',
    }),
    headersTimeoutMs: Type.Integer({
      minimum: 1,
      default: 5000,
      description: 'Milliseconds to wait for the response headers (KRAKEN_HEADERS_TIMEOUT_MS).',
    }),
    bodyTimeoutMs: Type.Integer({
      minimum: 1,
      default: 10000,
      description:
        'Milliseconds the response body may stay idle between chunks (KRAKEN_BODY_TIMEOUT_MS).',
    }),
    keepAliveTimeoutMs: Type.Integer({
      minimum: 1,
      default: 4000,
      description:
        'Milliseconds an idle pooled connection is kept open (KRAKEN_KEEP_ALIVE_TIMEOUT_MS).',
    }),
    maxResponseBytes: Type.Integer({
      minimum: 1024,
      default: 10485760,
      description: 'Largest response body accepted, in bytes (KRAKEN_MAX_RESPONSE_BYTES).',
    }),
    pageSize: Type.Integer({
      minimum: 1,
      maximum: 100,
      default: 50,
      description:
        'Page size (`first`) asked for when the adapter walks a connection; Kraken allows 100 at most (KRAKEN_PAGE_SIZE).',
    }),
    maxPages: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 40,
      description:
        'Pages of one connection the adapter reads at most before it gives up with an error (KRAKEN_MAX_PAGES).',
    }),
    tokenRefreshMarginSeconds: Type.Integer({
      minimum: 0,
      maximum: 3600,
      default: 60,
      description:
        'Seconds before its expiry a Kraken Token is refreshed (KRAKEN_TOKEN_REFRESH_MARGIN_SECONDS).',
    }),
    rejectUnauthorized: Type.Boolean({
      default: true,
      description:
        'Whether the TLS certificate of Kraken must verify (KRAKEN_REJECT_UNAUTHORIZED).',
    }),
  },
  { additionalProperties: false },
);

/** The validated configuration block, defaults applied. */
export type KrakenConfig = Static<typeof krakenConfigSchema>;

/** What {@link createKrakenAdapter} accepts: the required settings, the rest defaulted. */
export type KrakenSettings = Pick<KrakenConfig, 'baseUrl' | 'apiKey'> & Partial<KrakenConfig>;

/** The settings with every default of the schema applied. */
export function withDefaults(settings: KrakenSettings): KrakenConfig {
  const defined = Object.fromEntries(
    Object.entries(settings).filter(([, value]) => value !== undefined),
  );
  return Value.Default(krakenConfigSchema, defined) as KrakenConfig;
}
