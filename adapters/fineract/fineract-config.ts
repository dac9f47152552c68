/**
 * The Fineract adapter's configuration block (id `fineract`): its JSON Schema, with a default
 * and a description (naming the environment variable) for every setting, and its TypeScript type.
 */
import requests from '../../contracts/requests.json';
import type { ProductCategory } from '../../src/ports';

/** How gateway customer ids map to Fineract clients. */
export type FineractCustomerIdMode = 'clientId' | 'externalId' | 'table';

/** One row of the customer table. */
export interface FineractCustomerEntry {
  /** The Fineract client id (customer id mode `table`). */
  clientId?: number;
  /** The customer's Fineract self-service user, used to read their transfer beneficiaries. */
  selfServiceUsername?: string;
  /** That user's password. */
  selfServicePassword?: string;
}

/** The validated configuration block (defaults applied). */
export interface FineractConfig {
  /** API root, e.g. `https://fineract.example/fineract-provider/api` (FINERACT_BASE_URL). */
  baseUrl: string;
  /** Fineract tenant, sent as `Fineract-Platform-TenantId` (FINERACT_TENANT), default `default`. */
  tenant: string;
  /** API user (FINERACT_USERNAME). */
  username: string;
  /** API user's password (FINERACT_PASSWORD). */
  password: string;
  /** The holder's BSB, `ddd-ddd` or 6 digits (FINERACT_BSB); needed for payees. */
  bsb?: string;
  /** Customer id mapping (FINERACT_CUSTOMER_IDS), default `clientId`. */
  customerIds: FineractCustomerIdMode;
  /** Customer table (FINERACT_CUSTOMERS, JSON), default `{}`. */
  customers: Readonly<Record<string, FineractCustomerEntry>>;
  /** `"<kind>:<productId>"` → category (FINERACT_PRODUCT_CATEGORIES, JSON), default `{}`. */
  productCategories: Readonly<Record<string, ProductCategory>>;
  /**
   * Loan product ids whose schedules are instalment plans (FINERACT_INSTALMENT_PRODUCTS);
   * absent: every loan product.
   */
  instalmentProducts?: readonly number[];
  /** Connections to Fineract (FINERACT_CONNECTIONS), default 16. */
  connections: number;
  /** Requests pipelined per connection (FINERACT_PIPELINING), default 1. */
  pipelining: number;
  /** TCP/TLS connect timeout in ms (FINERACT_CONNECT_TIMEOUT_MS), default 2000. */
  connectTimeoutMs: number;
  /** Time to the response headers in ms (FINERACT_HEADERS_TIMEOUT_MS), default 5000. */
  headersTimeoutMs: number;
  /** Idle time between body chunks in ms (FINERACT_BODY_TIMEOUT_MS), default 10000. */
  bodyTimeoutMs: number;
  /** Idle keep-alive of pooled connections in ms (FINERACT_KEEP_ALIVE_TIMEOUT_MS), default 4000. */
  keepAliveTimeoutMs: number;
  /** Fineract page size asked for when walking pages (FINERACT_PAGE_SIZE), default 100. */
  pageSize: number;
  /** Whether Fineract's TLS certificate is verified (FINERACT_REJECT_UNAUTHORIZED), default true. */
  rejectUnauthorized: boolean;
}

/** What {@link createFineractAdapter} accepts: the required settings, the rest defaulted. */
export type FineractSettings = Pick<FineractConfig, 'baseUrl' | 'username' | 'password'> &
  Partial<FineractConfig>;

/** The twelve product categories, from the request contract (one list for every check). */
const PRODUCT_CATEGORIES = requests.$defs['product-category'].enum as readonly ProductCategory[];

/** JSON Schema of the `fineract` configuration block. */
export const fineractConfigSchema = {
  type: 'object',
  required: ['baseUrl', 'username', 'password'],
  additionalProperties: false,
  properties: {
    baseUrl: {
      type: 'string',
      format: 'uri',
      pattern: '^https?://',
      description:
        'Fineract API root including the API path, e.g. https://fineract.example/fineract-provider/api (FINERACT_BASE_URL).',
    },
    tenant: {
      type: 'string',
      minLength: 1,
      default: 'default',
      description:
        'Fineract tenant identifier, sent as Fineract-Platform-TenantId (FINERACT_TENANT).',
    },
    username: {
      type: 'string',
      minLength: 1,
      description: 'Fineract API user for HTTP Basic authentication (FINERACT_USERNAME).',
    },
    password: {
      type: 'string',
      minLength: 1,
      description: 'Password of the Fineract API user; never logged (FINERACT_PASSWORD).',
    },
    bsb: {
      type: 'string',
      pattern: '^\\d{3}-?\\d{3}$',
      description:
        'BSB of the holder, used for account details, payees and scheduled payments to accounts of other customers (FINERACT_BSB). Without it payees are not listed.',
    },
    customerIds: {
      type: 'string',
      enum: ['clientId', 'externalId', 'table'],
      default: 'clientId',
      description:
        'How gateway customer ids map to Fineract clients: the client id itself, the client external id, or the customers table (FINERACT_CUSTOMER_IDS).',
    },
    customers: {
      type: 'object',
      default: {},
      description:
        "Customer table, JSON: customer id → { clientId, selfServiceUsername, selfServicePassword }. clientId is used in mode table; the self-service user reads the customer's transfer beneficiaries (FINERACT_CUSTOMERS).",
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          clientId: { type: 'integer', minimum: 1, description: 'Fineract client id.' },
          selfServiceUsername: {
            type: 'string',
            minLength: 1,
            description: 'Fineract self-service user of the customer.',
          },
          selfServicePassword: {
            type: 'string',
            minLength: 1,
            description: 'Password of the self-service user; never logged.',
          },
        },
      },
    },
    productCategories: {
      type: 'object',
      default: {},
      description:
        'Product category per Fineract product, JSON: "<kind>:<productId>" → category, kind sav, fd, rd or loan. Unlisted products: sav TRANS_AND_SAVINGS_ACCOUNTS, fd and rd TERM_DEPOSITS, loan PERS_LOANS (FINERACT_PRODUCT_CATEGORIES).',
      propertyNames: { pattern: '^(sav|fd|rd|loan):[0-9]+$' },
      additionalProperties: { type: 'string', enum: PRODUCT_CATEGORIES },
    },
    instalmentProducts: {
      type: 'array',
      items: { type: 'integer', minimum: 1 },
      uniqueItems: true,
      description:
        'Loan product ids whose repayment schedules are served as instalment plans, JSON array; when unset every loan product is (FINERACT_INSTALMENT_PRODUCTS).',
    },
    connections: {
      type: 'integer',
      minimum: 1,
      default: 16,
      description: 'Connections the pool opens to Fineract at most (FINERACT_CONNECTIONS).',
    },
    pipelining: {
      type: 'integer',
      minimum: 1,
      default: 1,
      description: 'Requests pipelined per connection (FINERACT_PIPELINING).',
    },
    connectTimeoutMs: {
      type: 'integer',
      minimum: 1,
      default: 2000,
      description: 'Connect timeout in milliseconds (FINERACT_CONNECT_TIMEOUT_MS).',
    },
    headersTimeoutMs: {
      type: 'integer',
      minimum: 1,
      default: 5000,
      description: 'Milliseconds to wait for the response headers (FINERACT_HEADERS_TIMEOUT_MS).',
    },
    bodyTimeoutMs: {
      type: 'integer',
      minimum: 1,
      default: 10000,
      description:
        'Milliseconds the response body may stay idle between chunks (FINERACT_BODY_TIMEOUT_MS).',
    },
    keepAliveTimeoutMs: {
      type: 'integer',
      minimum: 1,
      default: 4000,
      description:
        'Milliseconds an idle pooled connection is kept open (FINERACT_KEEP_ALIVE_TIMEOUT_MS).',
    },
    pageSize: {
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      default: 100,
      description:
        'Page size the adapter asks Fineract for when it walks pages (FINERACT_PAGE_SIZE).',
    },
    rejectUnauthorized: {
      type: 'boolean',
      default: true,
      description:
        'Whether the TLS certificate of Fineract must verify (FINERACT_REJECT_UNAUTHORIZED).',
    },
  },
} as const;

/** The `default` of every property of {@link fineractConfigSchema}: one source for both. */
const SCHEMA_DEFAULTS = Object.fromEntries(
  Object.entries(fineractConfigSchema.properties).flatMap(([key, property]) =>
    'default' in property ? [[key, property.default]] : [],
  ),
);

/** The settings with every default of the schema applied (object defaults copied per call). */
export function withDefaults(settings: FineractSettings): FineractConfig {
  const defined = Object.fromEntries(
    Object.entries(settings).filter(([, value]) => value !== undefined),
  ) as FineractSettings;
  return { ...structuredClone(SCHEMA_DEFAULTS), ...defined } as FineractConfig;
}
