/**
 * The Temenos adapter's configuration block (id `temenos`): a JSON Schema written with TypeBox,
 * with a description naming the environment variable of each setting and a default where one
 * makes sense. The gateway reads the block from the `TEMENOS_*` variables through this schema;
 * the TypeScript type is inferred from it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { PRODUCT_CATEGORIES, type ProductCategory } from '@data-holder-gateway/adapter-sdk';
import { DEFAULT_PRODUCT_CATEGORIES } from './mappers';

const DEFAULT_RANGES = Object.entries(DEFAULT_PRODUCT_CATEGORIES)
  .map(([range, category]) => `${range} ${category}`)
  .join(', ');

/** JSON Schema of the `temenos` configuration block: one property per setting. */
export const temenosConfigSchema = Type.Object(
  {
    baseUrl: Type.String({
      format: 'uri',
      pattern: '^https?://',
      description:
        "Transact API root before each service's /api/v<version> base path, e.g. https://transact.example/irf-provider-container (TEMENOS_BASE_URL).",
    }),
    companyId: Type.String({
      minLength: 1,
      pattern: '^[A-Za-z0-9]+$',
      description:
        'Transact company (lead company of the entity) sent as the companyId header of every call, e.g. AU0010001 (TEMENOS_COMPANY_ID).',
    }),
    username: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'Transact API user for HTTP Basic authentication (TEMENOS_USERNAME).',
      }),
    ),
    password: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'Password of the Transact API user; never logged (TEMENOS_PASSWORD).',
      }),
    ),
    productCategories: Type.Unsafe<Readonly<Record<string, ProductCategory>>>({
      type: 'object',
      default: {},
      description: `Product category per Transact categoryId, JSON: a category id ("1001") or an inclusive range ("6600-6699") → category; exact ids first, then the narrowest range, then the defaults: ${DEFAULT_RANGES}. An account whose category none names is not served (TEMENOS_PRODUCT_CATEGORIES).`,
      propertyNames: { pattern: '^[0-9]{1,6}(-[0-9]{1,6})?$' },
      additionalProperties: { type: 'string', enum: PRODUCT_CATEGORIES },
    }),
    contactRelationCodes: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 35 }), {
        uniqueItems: true,
        description:
          'Transact relation codes (relCust relationshipCode) of people who may act for a customer, JSON array: the customer search also returns the customers that name the address owner with one of them, and the identity of a customer without an email address is its first such contact. Unset: owners of the address only (TEMENOS_CONTACT_RELATION_CODES).',
      }),
    ),
    phoneCountryCode: Type.String({
      pattern: '^[1-9][0-9]{0,2}$',
      default: '61',
      description:
        'Country calling code of phone numbers Transact keeps in national form (a leading 0) without an international prefix, to write them in E.164 (TEMENOS_PHONE_COUNTRY_CODE).',
    }),
    pageSize: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 100,
      description:
        'page_size the adapter asks Transact for when it reads a list page by page (TEMENOS_PAGE_SIZE).',
    }),
    connections: Type.Integer({
      minimum: 1,
      default: 16,
      description: 'Connections the pool opens to Transact at most (TEMENOS_CONNECTIONS).',
    }),
    pipelining: Type.Integer({
      minimum: 1,
      default: 1,
      description: 'Requests pipelined per connection (TEMENOS_PIPELINING).',
    }),
    connectTimeoutMs: Type.Integer({
      minimum: 1,
      default: 2000,
      description: 'Connect timeout in milliseconds (TEMENOS_CONNECT_TIMEOUT_MS).',
    }),
    headersTimeoutMs: Type.Integer({
      minimum: 1,
      default: 5000,
      description: 'Milliseconds to wait for the response headers (TEMENOS_HEADERS_TIMEOUT_MS).',
    }),
    bodyTimeoutMs: Type.Integer({
      minimum: 1,
      default: 10000,
      description:
        'Milliseconds the response body may stay idle between chunks (TEMENOS_BODY_TIMEOUT_MS).',
    }),
    keepAliveTimeoutMs: Type.Integer({
      minimum: 1,
      default: 4000,
      description:
        'Milliseconds an idle pooled connection is kept open (TEMENOS_KEEP_ALIVE_TIMEOUT_MS).',
    }),
    rejectUnauthorized: Type.Boolean({
      default: true,
      description:
        'Whether the TLS certificate of Transact must verify (TEMENOS_REJECT_UNAUTHORIZED).',
    }),
  },
  {
    additionalProperties: false,
    // Credentials come as a pair: a user without its password (or the reverse) is a mistake.
    dependencies: { username: ['password'], password: ['username'] },
  },
);

/**
 * The validated configuration block, defaults applied: each field is documented by its property
 * in {@link temenosConfigSchema}.
 */
export type TemenosConfig = Static<typeof temenosConfigSchema>;

/** What {@link createTemenosAdapter} accepts: the required settings, the rest defaulted. */
export type TemenosSettings = Pick<TemenosConfig, 'baseUrl' | 'companyId'> & Partial<TemenosConfig>;

/**
 * The settings with every default of the schema applied. The gateway's block already has them
 * (it was validated against the same schema); callers that build the adapter directly do not.
 */
export function withDefaults(settings: TemenosSettings): TemenosConfig {
  const defined = Object.fromEntries(
    Object.entries(settings).filter(([, value]) => value !== undefined),
  );
  return Value.Default(temenosConfigSchema, defined) as TemenosConfig;
}
