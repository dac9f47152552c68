/**
 * The Fineract adapter's configuration block (id `fineract`): its settings table, a JSON Schema
 * written with TypeBox, with a default and a description (naming the environment variable) for
 * every setting. The gateway reads the block from the `FINERACT_*` variables through this schema;
 * the TypeScript type is inferred from it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { PRODUCT_CATEGORIES, type ProductCategory } from '@data-holder-gateway/adapter-sdk';

const CUSTOMER_ID_MODES = ['clientId', 'externalId', 'table'] as const;
const PAYEES_SOURCES = ['self-service-plugin', 'none'] as const;

/**
 * Where payees come from: the self-service plugin's transfer beneficiaries (Fineract's core has no
 * self-service), or nowhere (no payees served).
 */
export type FineractPayeesSource = (typeof PAYEES_SOURCES)[number];

/** How gateway customer ids map to Fineract clients. */
export type FineractCustomerIdMode = (typeof CUSTOMER_ID_MODES)[number];

/** One row of the customer table. */
const CUSTOMER_ENTRY = Type.Object(
  {
    clientId: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Fineract client id (customer id mode table).' }),
    ),
    selfServiceUsername: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          "Fineract self-service user of the customer, used to read the customer's transfer beneficiaries.",
      }),
    ),
    selfServicePassword: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'Password of the self-service user; never logged.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** One row of the customer table. */
export type FineractCustomerEntry = Static<typeof CUSTOMER_ENTRY>;

/** JSON Schema of the `fineract` configuration block: one property per setting. */
export const fineractConfigSchema = Type.Object(
  {
    baseUrl: Type.String({
      format: 'uri',
      pattern: '^https?://',
      description:
        'Fineract API root including the API path, e.g. https://fineract.example/fineract-provider/api (FINERACT_BASE_URL).',
    }),
    tenant: Type.String({
      minLength: 1,
      default: 'default',
      description:
        'Fineract tenant identifier, sent as Fineract-Platform-TenantId (FINERACT_TENANT).',
    }),
    username: Type.String({
      minLength: 1,
      description: 'Fineract API user for HTTP Basic authentication (FINERACT_USERNAME).',
    }),
    password: Type.String({
      minLength: 1,
      description: 'Password of the Fineract API user; never logged (FINERACT_PASSWORD).',
    }),
    bsb: Type.Optional(
      Type.String({
        pattern: '^\\d{3}-?\\d{3}$',
        description:
          'BSB of the holder, used for account details, payees and scheduled payments to accounts of other customers (FINERACT_BSB). Without it payees are not listed.',
      }),
    ),
    // `enum` rather than TypeBox's union of literals: the error names the allowed values.
    customerIds: Type.Unsafe<FineractCustomerIdMode>({
      type: 'string',
      enum: [...CUSTOMER_ID_MODES],
      default: 'clientId',
      description:
        'How gateway customer ids map to Fineract clients: the client id itself, the client external id, or the customers table (FINERACT_CUSTOMER_IDS).',
    }),
    customers: Type.Unsafe<Readonly<Record<string, FineractCustomerEntry>>>({
      type: 'object',
      default: {},
      description:
        "Customer table, JSON: customer id → { clientId, selfServiceUsername, selfServicePassword }. clientId is used in mode table; the self-service user reads the customer's transfer beneficiaries (FINERACT_CUSTOMERS).",
      additionalProperties: CUSTOMER_ENTRY,
    }),
    payeesSource: Type.Unsafe<FineractPayeesSource>({
      type: 'string',
      enum: [...PAYEES_SOURCES],
      default: 'self-service-plugin',
      description:
        "Where payees come from: self-service-plugin reads the customer's transfer beneficiaries from Fineract's self-service plugin (GET /v1/self/beneficiaries/tpt, which must be installed); none serves no payees and asks Fineract nothing for them (FINERACT_PAYEES_SOURCE).",
    }),
    contactsDatatable: Type.Optional(
      Type.String({
        pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,48}[a-zA-Z0-9]$',
        description:
          'Multi-row data table on m_client that names the people who may act for a client (columns client_id, email, mobile_no): the customer search also returns every client whose row holds the address. Unset: the search finds clients by their own email address only (FINERACT_CONTACTS_DATATABLE).',
      }),
    ),
    phoneCountryCode: Type.String({
      pattern: '^[1-9][0-9]{0,2}$',
      default: '61',
      description:
        'Country calling code of mobile numbers written in national form (a leading 0), used to write them in E.164 for the customer search and identity (FINERACT_PHONE_COUNTRY_CODE).',
    }),
    productCategories: Type.Unsafe<Readonly<Record<string, ProductCategory>>>({
      type: 'object',
      default: {},
      description:
        'Product category per Fineract product, JSON: "<kind>:<productId>" → category, kind sav, fd, rd or loan. Unlisted products: sav TRANS_AND_SAVINGS_ACCOUNTS, fd and rd TERM_DEPOSITS, loan PERS_LOANS (FINERACT_PRODUCT_CATEGORIES).',
      propertyNames: { pattern: '^(sav|fd|rd|loan):[0-9]+$' },
      additionalProperties: { type: 'string', enum: PRODUCT_CATEGORIES },
    }),
    instalmentProducts: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        uniqueItems: true,
        description:
          'Loan product ids whose repayment schedules are served as instalment plans, JSON array; when unset every loan product is (FINERACT_INSTALMENT_PRODUCTS).',
      }),
    ),
    connections: Type.Integer({
      minimum: 1,
      default: 16,
      description: 'Connections the pool opens to Fineract at most (FINERACT_CONNECTIONS).',
    }),
    pipelining: Type.Integer({
      minimum: 1,
      default: 1,
      description: 'Requests pipelined per connection (FINERACT_PIPELINING).',
    }),
    connectTimeoutMs: Type.Integer({
      minimum: 1,
      default: 2000,
      description: 'Connect timeout in milliseconds (FINERACT_CONNECT_TIMEOUT_MS).',
    }),
    headersTimeoutMs: Type.Integer({
      minimum: 1,
      default: 5000,
      description: 'Milliseconds to wait for the response headers (FINERACT_HEADERS_TIMEOUT_MS).',
    }),
    bodyTimeoutMs: Type.Integer({
      minimum: 1,
      default: 10000,
      description:
        'Milliseconds the response body may stay idle between chunks (FINERACT_BODY_TIMEOUT_MS).',
    }),
    keepAliveTimeoutMs: Type.Integer({
      minimum: 1,
      default: 4000,
      description:
        'Milliseconds an idle pooled connection is kept open (FINERACT_KEEP_ALIVE_TIMEOUT_MS).',
    }),
    pageSize: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 100,
      description:
        'Page size the adapter asks Fineract for when it walks pages (FINERACT_PAGE_SIZE).',
    }),
    emailIndexMaxClients: Type.Integer({
      minimum: 1,
      maximum: 50_000_000,
      default: 1_000_000,
      description:
        "Clients Fineract's client list may hold for the customer search's email index (16 bytes a client with an address; 16 MB at the default); a longer list is not read and every search answers 503, with an error log naming this setting (FINERACT_EMAIL_INDEX_MAX_CLIENTS).",
    }),
    emailIndexRefreshSeconds: Type.Integer({
      minimum: 60,
      maximum: 86_400,
      default: 900,
      description:
        'Seconds between two reads of the whole client list for the email index, in the background; an address changed on an existing client is found after at most this long (new clients at once) (FINERACT_EMAIL_INDEX_REFRESH_SECONDS).',
    }),
    emailIndexAtStart: Type.Boolean({
      default: false,
      description:
        'Read the client list for the email index when the gateway starts, not at the first customer search: for a holder whose list takes longer to read than CORE_TIMEOUT_MS (FINERACT_EMAIL_INDEX_AT_START).',
    }),
    rejectUnauthorized: Type.Boolean({
      default: true,
      description:
        'Whether the TLS certificate of Fineract must verify (FINERACT_REJECT_UNAUTHORIZED).',
    }),
  },
  { additionalProperties: false },
);

/**
 * The validated configuration block, defaults applied: each field is documented by its property
 * in {@link fineractConfigSchema} (and in docs/configuration.md).
 */
export type FineractConfig = Static<typeof fineractConfigSchema>;

/** What {@link createFineractAdapter} accepts: the required settings, the rest defaulted. */
export type FineractSettings = Pick<FineractConfig, 'baseUrl' | 'username' | 'password'> &
  Partial<FineractConfig>;

/**
 * The settings with every default of the schema applied. The gateway's block already has them
 * (it was validated against the same schema); callers that build the adapter directly do not.
 */
export function withDefaults(settings: FineractSettings): FineractConfig {
  const defined = Object.fromEntries(
    Object.entries(settings).filter(([, value]) => value !== undefined),
  );
  return Value.Default(fineractConfigSchema, defined) as FineractConfig;
}
