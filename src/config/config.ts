/**
 * Configuration: environment (and an optional JSON file) -> one JSON Schema with a default and a
 * description for every key -> ajv -> one error naming every bad key -> a frozen object.
 * Nothing outside `src/config/` reads `process.env`.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { projectRoot } from './project-root';

/** JWT algorithms the gateway can be configured to accept (asymmetric only: never `none` or HMAC). */
export const ALLOWED_JWT_ALGORITHMS = [
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'RS256',
  'RS384',
  'RS512',
  'EdDSA',
] as const;

/** The validated, frozen configuration of one gateway process. */
export interface Config {
  /** Listen port (`PORT`), default 3000; 0 picks a free port (tests). */
  readonly port: number;
  /** Listen address (`HOST`), default `0.0.0.0`. */
  readonly host: string;
  /** The holder `{base_url}` as callers see it, without trailing slash (`PUBLIC_BASE_URL`). */
  readonly publicBaseUrl: string;
  /** Expected `iss` and `sub` of holder tokens (`HOLDER_SUBDOMAIN`). */
  readonly holderSubdomain: string;
  /** The platform's key set URL (`HOLDER_JWKS_URL`); undefined: the development key set (demo only). */
  readonly holderJwksUrl?: string;
  /** Redis for the replay store, cache and rate limits (`REDIS_URL`); undefined: in-process memory. */
  readonly redisUrl?: string;
  /** The demo core's data set (`DEMO_DATA_FILE`), absolute path. */
  readonly demoDataFile: string;
  /** pino level (`LOG_LEVEL`), default `info`. */
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Which core adapter serves the data (`CORE_ADAPTER`), default `demo`: a built-in id (`demo`,
   * `fineract`), a module path (starting with `.` or `/`, from the working directory) or a package name.
   */
  readonly coreAdapter: string;
  /**
   * Variables (environment and `CONFIG_FILE`) that are not gateway settings, by name: the source of
   * the adapter's configuration block (`<ID>_<PROPERTY>`, see `src/config/adapter-config.ts`).
   */
  readonly adapterSettings: Readonly<Record<string, string>>;
  /** Banking account detail version served by rows 2 and 3 (`BANKING_ACCOUNT_DETAIL_VERSION`), default 4. */
  readonly bankingAccountDetailVersion: 3 | 4;
  /** Holder token rules. */
  readonly jwt: {
    /** Accepted signature algorithms (`JWT_ALGORITHMS`, comma separated), default PS256,ES256. */
    readonly algorithms: readonly string[];
    /** Clock tolerance in seconds for `exp`/`nbf` (`JWT_CLOCK_TOLERANCE_SECONDS`), default 30. */
    readonly clockToleranceSeconds: number;
    /** Longest accepted `exp - now` in seconds (`JWT_MAX_LIFETIME_SECONDS`), default 900. */
    readonly maxLifetimeSeconds: number;
  };
  /** Remote key set behaviour. */
  readonly jwks: {
    /** Minimum seconds between two refetches caused by an unknown `kid` (`JWKS_COOLDOWN_SECONDS`), default 30. */
    readonly cooldownSeconds: number;
    /** Seconds after which the key set is refreshed (`JWKS_MAX_AGE_SECONDS`), default 300. */
    readonly maxAgeSeconds: number;
    /** Seconds the last good key set keeps serving while the URL fails (`JWKS_MAX_STALE_SECONDS`), default 3600. */
    readonly maxStaleSeconds: number;
    /** Timeout of one key set fetch in milliseconds (`JWKS_TIMEOUT_MS`), default 5000. */
    readonly timeoutMs: number;
  };
  /** Folder of the generated development signing key (`DEV_KEYS_DIR`), default `<project>/.dev`. */
  readonly devKeysDir: string;
  /**
   * Whether the development key set is served and trusted: the demo core, or any core with
   * `HOLDER_DEV_KEYS=true`, and no `HOLDER_JWKS_URL`.
   */
  readonly devKeys: boolean;
  /**
   * HMAC key (base64 or hex, at least 32 bytes) for opaque paging tokens: FDX `offset` and product
   * `cursor` (`PAGING_SECRET`). Undefined: a random key per process (single instance only).
   */
  readonly pagingSecret?: string;
  /** Platform client registry file (`PLATFORM_CLIENTS_FILE`); default `<project>/.dev/platform-clients.json` in demo mode. */
  readonly platformClientsFile?: string;
  /** Private JWK file signing platform access tokens (`PLATFORM_SIGNING_KEY_FILE`); generated in demo mode. */
  readonly platformSigningKeyFile?: string;
  /** Rate limits, requests per window. */
  readonly rateLimits: {
    /** Window length in seconds (`RATE_LIMIT_WINDOW_SECONDS`), default 60. */
    readonly windowSeconds: number;
    /**
     * Tokens issued per client id per window (`RATE_LIMIT_TOKEN_PER_CLIENT`), default 30. Only
     * requests with the right secret count, so nobody else can use up a client's tokens.
     */
    readonly tokenPerClient: number;
    /** Token requests per source address per window (`RATE_LIMIT_TOKEN_PER_ADDRESS`), default 120. */
    readonly tokenPerAddress: number;
    /**
     * Failed token authentications per source address per window
     * (`RATE_LIMIT_TOKEN_FAILURES_PER_ADDRESS`), default 30; beyond it the address is refused
     * before any secret is checked.
     */
    readonly tokenFailuresPerAddress: number;
    /** Product requests per client per window (`RATE_LIMIT_PRODUCTS_PER_CLIENT`), default 600. */
    readonly productsPerClient: number;
  };
  /** Whether product writes are saved back to the demo data file (`DEMO_PERSIST_PRODUCTS`), default false. */
  readonly demoPersistProducts: boolean;
  /** The resilience stack around every core call. */
  readonly resilience: {
    /** Timeout of one core call in milliseconds (`CORE_TIMEOUT_MS`), default 5000. */
    readonly timeoutMs: number;
    /** Error percentage over the rolling window that opens a circuit (`CIRCUIT_ERROR_PERCENTAGE`), default 50. */
    readonly errorPercentage: number;
    /** Calls in the rolling window before a circuit may open, never 0 (`CIRCUIT_MIN_VOLUME`), default 10. */
    readonly minVolume: number;
    /** Seconds an open circuit waits before one trial call (`CIRCUIT_RESET_SECONDS`), default 30. */
    readonly resetSeconds: number;
    /** Rolling statistics window in seconds (`CIRCUIT_WINDOW_SECONDS`), default 10. */
    readonly windowSeconds: number;
    /** Extra attempts of an idempotent read after a connection failure (`RETRY_ATTEMPTS`), default 1; 0 disables. */
    readonly retryAttempts: number;
    /** Base delay before a retry in milliseconds, with full jitter (`RETRY_BASE_DELAY_MS`), default 50. */
    readonly retryBaseDelayMs: number;
    /** Retries allowed as a percentage of calls (`RETRY_BUDGET_PERCENT`), default 10. */
    readonly retryBudgetPercent: number;
    /** Cache time-to-live per operation in seconds, over the defaults (`CACHE_TTL_SECONDS`, JSON). */
    readonly cacheTtlSeconds: Readonly<Record<string, number>>;
    /** Stale-if-error window per operation in seconds, over the defaults (`CACHE_STALE_SECONDS`, JSON). */
    readonly cacheStaleSeconds: Readonly<Record<string, number>>;
    /** Redis for the cache only (`CACHE_REDIS_URL`), default `REDIS_URL`; undefined: in-process. */
    readonly cacheRedisUrl?: string;
    /** Entries of the in-process cache (`CACHE_MAX_ENTRIES`), default 10000. */
    readonly cacheMaxEntries: number;
    /** AES-256-GCM key for values cached in Redis, 32 bytes base64 (`CACHE_ENCRYPTION_KEY`). */
    readonly cacheEncryptionKey?: string;
    /**
     * Whether values cached in Redis must be encrypted (`CACHE_ENCRYPTION`), default `on`: outside
     * the demo core a Redis cache then needs `cacheEncryptionKey`; `off` stores them in clear.
     */
    readonly cacheEncryption: 'on' | 'off';
    /** Maintenance windows (`MAINTENANCE_WINDOWS`, JSON array of {adapter?, start, end}). */
    readonly maintenanceWindows: readonly { adapter?: string; start: string; end: string }[];
  };
  /** Longest wait for in-flight requests on SIGTERM, milliseconds (`SHUTDOWN_TIMEOUT_MS`), default 10000. */
  readonly shutdownTimeoutMs: number;
  /**
   * Pause between readiness turning false and the listener closing on SIGTERM, so load balancers
   * stop sending first; milliseconds (`SHUTDOWN_DELAY_MS`), default 5000. SIGINT skips it.
   */
  readonly shutdownDelayMs: number;
  /** Port of a separate listener serving `/metrics` (`METRICS_PORT`); undefined: the API port serves it. */
  readonly metricsPort?: number;
  /** Limits of the HTTP server. */
  readonly http: {
    /** Time to receive a request's headers, milliseconds (`HTTP_HEADERS_TIMEOUT_MS`), default 10000. */
    readonly headersTimeoutMs: number;
    /** Time to receive a whole request, body included, milliseconds (`HTTP_REQUEST_TIMEOUT_MS`), default 30000. */
    readonly requestTimeoutMs: number;
    /** Idle time before a keep-alive connection is closed, milliseconds (`HTTP_KEEP_ALIVE_TIMEOUT_MS`), default 5000. */
    readonly keepAliveTimeoutMs: number;
    /** Open connections at most; further ones are closed at once (`HTTP_MAX_CONNECTIONS`), default 10000. */
    readonly maxConnections: number;
  };
}

interface Setting {
  /** Environment variable name. */
  env: string;
  schema: Record<string, unknown>;
}

/** Every environment variable the gateway reads, with its schema, default and meaning. */
export const SETTINGS: readonly Setting[] = [
  {
    env: 'PORT',
    schema: {
      type: 'integer',
      minimum: 0,
      maximum: 65535,
      default: 3000,
      description: 'Listen port.',
    },
  },
  {
    env: 'HOST',
    schema: { type: 'string', minLength: 1, default: '0.0.0.0', description: 'Listen address.' },
  },
  {
    env: 'PUBLIC_BASE_URL',
    schema: {
      type: 'string',
      format: 'uri',
      pattern: '^https?://[^?#]+$',
      description: 'The holder base URL as callers see it; default http://localhost:$PORT.',
    },
  },
  {
    env: 'HOLDER_SUBDOMAIN',
    schema: {
      type: 'string',
      minLength: 1,
      description: 'Expected iss and sub; default demo with the demo core, else required.',
    },
  },
  {
    env: 'HOLDER_JWKS_URL',
    schema: {
      type: 'string',
      format: 'uri',
      pattern: '^https?://',
      description:
        "The platform's key set; default a development key set with the demo core, else required.",
    },
  },
  {
    env: 'REDIS_URL',
    schema: {
      type: 'string',
      pattern: '^rediss?://',
      description: 'Redis for replay store, cache and rate limits; absent: in-process memory.',
    },
  },
  {
    env: 'DEMO_DATA_FILE',
    schema: {
      type: 'string',
      minLength: 1,
      description: "The demo core's data set; default the bundled sample.",
    },
  },
  {
    env: 'LOG_LEVEL',
    schema: {
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
      description: 'pino log level.',
    },
  },
  {
    env: 'CORE_ADAPTER',
    schema: {
      type: 'string',
      pattern: '^\\S+$',
      default: 'demo',
      description:
        'The core adapter: a built-in id (demo, fineract), a module path (./my-adapter) or a package name.',
    },
  },
  {
    env: 'HOLDER_DEV_KEYS',
    schema: {
      enum: ['true', 'false'],
      default: 'false',
      description:
        'Serve and trust the development key set with any core adapter (trying an adapter locally; never in production). Ignored when HOLDER_JWKS_URL is set.',
    },
  },
  {
    env: 'BANKING_ACCOUNT_DETAIL_VERSION',
    schema: { enum: [3, 4], default: 4, description: 'Banking account detail version (3 or 4).' },
  },
  {
    env: 'JWT_ALGORITHMS',
    schema: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { enum: [...ALLOWED_JWT_ALGORITHMS] },
      default: ['PS256', 'ES256'],
      description: 'Accepted holder token algorithms, comma separated.',
    },
  },
  {
    env: 'JWT_CLOCK_TOLERANCE_SECONDS',
    schema: {
      type: 'integer',
      minimum: 0,
      maximum: 300,
      default: 30,
      description: 'Clock tolerance for exp and nbf, seconds.',
    },
  },
  {
    env: 'JWT_MAX_LIFETIME_SECONDS',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: 86400,
      default: 900,
      description: 'Longest accepted exp - now, seconds.',
    },
  },
  {
    env: 'JWKS_COOLDOWN_SECONDS',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: 3600,
      default: 30,
      description: 'Minimum seconds between key set refetches caused by an unknown kid.',
    },
  },
  {
    env: 'JWKS_MAX_AGE_SECONDS',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: 86400,
      default: 300,
      description: 'Key set refresh interval, seconds.',
    },
  },
  {
    env: 'JWKS_MAX_STALE_SECONDS',
    schema: {
      type: 'integer',
      minimum: 0,
      maximum: 604800,
      default: 3600,
      description: 'How long the last good key set serves while its URL fails, seconds.',
    },
  },
  {
    env: 'JWKS_TIMEOUT_MS',
    schema: {
      type: 'integer',
      minimum: 100,
      maximum: 60000,
      default: 5000,
      description: 'Timeout of one key set fetch, milliseconds.',
    },
  },
  {
    env: 'DEV_KEYS_DIR',
    schema: {
      type: 'string',
      minLength: 1,
      description: 'Folder of the generated development signing key; default <project>/.dev.',
    },
  },
  {
    env: 'PAGING_SECRET',
    schema: {
      type: 'string',
      minLength: 43,
      description:
        'HMAC key for FDX offsets and product cursors (>= 32 bytes); default random per process.',
    },
  },
  {
    env: 'PLATFORM_CLIENTS_FILE',
    schema: {
      type: 'string',
      minLength: 1,
      description:
        'Platform client registry file; default <project>/.dev/platform-clients.json in demo mode.',
    },
  },
  {
    env: 'PLATFORM_SIGNING_KEY_FILE',
    schema: {
      type: 'string',
      minLength: 1,
      description: 'Private JWK file signing platform access tokens; generated in demo mode.',
    },
  },
  {
    env: 'RATE_LIMIT_WINDOW_SECONDS',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: 86400,
      default: 60,
      description: 'Rate limit window, seconds.',
    },
  },
  {
    env: 'RATE_LIMIT_TOKEN_PER_CLIENT',
    schema: {
      type: 'integer',
      minimum: 1,
      default: 30,
      description: 'Tokens issued per client id per window (requests with the right secret).',
    },
  },
  {
    env: 'RATE_LIMIT_TOKEN_PER_ADDRESS',
    schema: {
      type: 'integer',
      minimum: 1,
      default: 120,
      description: 'Token requests per source address per window.',
    },
  },
  {
    env: 'RATE_LIMIT_TOKEN_FAILURES_PER_ADDRESS',
    schema: {
      type: 'integer',
      minimum: 1,
      default: 30,
      description:
        'Failed token authentications (unknown client, wrong or revoked secret) per source address per window.',
    },
  },
  {
    env: 'RATE_LIMIT_PRODUCTS_PER_CLIENT',
    schema: {
      type: 'integer',
      minimum: 1,
      default: 600,
      description: 'Product requests per client per window.',
    },
  },
  {
    env: 'DEMO_PERSIST_PRODUCTS',
    schema: {
      enum: ['true', 'false'],
      default: 'false',
      description: 'Save product writes back to the demo data file.',
    },
  },
  {
    env: 'CORE_TIMEOUT_MS',
    schema: {
      type: 'integer',
      minimum: 10,
      maximum: 120000,
      default: 5000,
      description: 'Timeout of one core call, milliseconds.',
    },
  },
  {
    env: 'CIRCUIT_ERROR_PERCENTAGE',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 50,
      description: 'Error percentage that opens a circuit.',
    },
  },
  {
    env: 'CIRCUIT_MIN_VOLUME',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      default: 10,
      description: 'Calls in the window before a circuit may open (never 0).',
    },
  },
  {
    env: 'CIRCUIT_RESET_SECONDS',
    schema: {
      type: 'number',
      minimum: 0.05,
      maximum: 3600,
      default: 30,
      description: 'Seconds an open circuit waits before one trial call.',
    },
  },
  {
    env: 'CIRCUIT_WINDOW_SECONDS',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: 3600,
      default: 10,
      description: 'Rolling statistics window, seconds.',
    },
  },
  {
    env: 'RETRY_ATTEMPTS',
    schema: {
      type: 'integer',
      minimum: 0,
      maximum: 5,
      default: 1,
      description: 'Extra attempts of an idempotent read after a connection failure.',
    },
  },
  {
    env: 'RETRY_BASE_DELAY_MS',
    schema: {
      type: 'integer',
      minimum: 0,
      maximum: 10000,
      default: 50,
      description: 'Base retry delay (full jitter), milliseconds.',
    },
  },
  {
    env: 'RETRY_BUDGET_PERCENT',
    schema: {
      type: 'integer',
      minimum: 0,
      maximum: 100,
      default: 10,
      description: 'Retries allowed as a percentage of calls.',
    },
  },
  {
    env: 'CACHE_TTL_SECONDS',
    schema: {
      type: 'object',
      additionalProperties: { type: 'number', minimum: 0 },
      default: {},
      description: 'Cache TTL per operation (e.g. {"banking.listBalances": 5}), over the defaults.',
    },
  },
  {
    env: 'CACHE_STALE_SECONDS',
    schema: {
      type: 'object',
      additionalProperties: { type: 'number', minimum: 0 },
      default: {},
      description: 'Stale-if-error window per operation, over the defaults.',
    },
  },
  {
    env: 'CACHE_REDIS_URL',
    schema: {
      type: 'string',
      pattern: '^rediss?://',
      description: 'Redis for the cache only; default REDIS_URL (absent both: in-process cache).',
    },
  },
  {
    env: 'CACHE_MAX_ENTRIES',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: 10000000,
      default: 10000,
      description: 'Entries of the in-process cache.',
    },
  },
  {
    env: 'CACHE_ENCRYPTION_KEY',
    schema: {
      type: 'string',
      pattern: '^[A-Za-z0-9+/]{43}=$',
      description: 'AES-256-GCM key (32 bytes, base64) for values cached in Redis.',
    },
  },
  {
    env: 'CACHE_ENCRYPTION',
    schema: {
      enum: ['on', 'off'],
      default: 'on',
      description:
        'on: a Redis cache needs CACHE_ENCRYPTION_KEY unless the core is the demo; off: values cached in Redis are stored in clear.',
    },
  },
  {
    env: 'MAINTENANCE_WINDOWS',
    schema: {
      type: 'array',
      default: [],
      items: {
        type: 'object',
        required: ['start', 'end'],
        additionalProperties: false,
        properties: {
          adapter: { type: 'string' },
          start: { type: 'string', format: 'date-time' },
          end: { type: 'string', format: 'date-time' },
        },
      },
      description:
        'Maintenance windows: JSON array of {adapter?, start, end} (ISO 8601 date-times).',
    },
  },
  {
    env: 'SHUTDOWN_TIMEOUT_MS',
    schema: {
      type: 'integer',
      minimum: 0,
      maximum: 600000,
      default: 10000,
      description: 'Longest wait for in-flight requests on SIGTERM, milliseconds.',
    },
  },
  {
    env: 'SHUTDOWN_DELAY_MS',
    schema: {
      type: 'integer',
      minimum: 0,
      maximum: 600000,
      default: 5000,
      description:
        'On SIGTERM, milliseconds between readiness turning false and the listener closing.',
    },
  },
  {
    env: 'METRICS_PORT',
    schema: {
      type: 'integer',
      minimum: 0,
      maximum: 65535,
      description: 'Port of a separate listener for /metrics (off the API port); absent: API port.',
    },
  },
  {
    env: 'HTTP_HEADERS_TIMEOUT_MS',
    schema: {
      type: 'integer',
      minimum: 1000,
      maximum: 600000,
      default: 10000,
      description: "Time to receive a request's headers, milliseconds.",
    },
  },
  {
    env: 'HTTP_REQUEST_TIMEOUT_MS',
    schema: {
      type: 'integer',
      minimum: 1000,
      maximum: 3600000,
      default: 30000,
      description: 'Time to receive a whole request (headers and body), milliseconds.',
    },
  },
  {
    env: 'HTTP_KEEP_ALIVE_TIMEOUT_MS',
    schema: {
      type: 'integer',
      minimum: 0,
      maximum: 600000,
      default: 5000,
      description: 'Idle time before a keep-alive connection is closed, milliseconds.',
    },
  },
  {
    env: 'HTTP_MAX_CONNECTIONS',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: 1000000,
      default: 10000,
      description: 'Open connections at most; further ones are closed at once.',
    },
  },
  {
    env: 'CONFIG_FILE',
    schema: {
      type: 'string',
      minLength: 1,
      description: 'Optional JSON file of VARIABLE: value pairs; the environment wins over it.',
    },
  },
];

/** Comma-separated lists (arrays of enum values). */
const ARRAY_SETTINGS = new Set(
  SETTINGS.filter(
    (s) => s.schema.type === 'array' && (s.schema.items as { enum?: unknown }).enum,
  ).map((s) => s.env),
);
/** JSON-valued settings (objects and arrays of objects). */
const JSON_SETTINGS = new Set(
  SETTINGS.filter(
    (s) => s.schema.type === 'object' || (s.schema.type === 'array' && !ARRAY_SETTINGS.has(s.env)),
  ).map((s) => s.env),
);
const NUMERIC_SETTINGS = new Set(
  SETTINGS.filter(
    (s) =>
      s.schema.type === 'integer' ||
      s.schema.type === 'number' ||
      (s.schema.enum as unknown[] | undefined)?.every((v) => typeof v === 'number'),
  ).map((s) => s.env),
);

/** Start-up stops with this error; its message names every bad setting. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true, strictSchema: false });
addFormats(ajv, ['uri', 'date-time']);
const validateSettings = ajv.compile({
  type: 'object',
  properties: Object.fromEntries(SETTINGS.map((s) => [s.env, s.schema])),
  additionalProperties: true,
});

function readConfigFile(file: string, problems: string[]): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      problems.push(`CONFIG_FILE: ${file} must hold a JSON object of VARIABLE: value pairs`);
      return {};
    }
    return parsed as Record<string, unknown>;
  } catch (err) {
    problems.push(`CONFIG_FILE: cannot read ${file} (${(err as Error).message})`);
    return {};
  }
}

/** Converts the raw string of one variable to the type its schema expects. */
function convert(name: string, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (JSON_SETTINGS.has(name)) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw; // fails its schema: reported as a bad setting
    }
  }
  if (ARRAY_SETTINGS.has(name))
    return raw
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  if (NUMERIC_SETTINGS.has(name) && /^-?\d+(\.\d+)?$/.test(raw.trim())) return Number(raw.trim());
  return raw;
}

const SETTING_NAMES = new Set(SETTINGS.map((s) => s.env));

/** Variables of the environment and the config file that are not gateway settings (env wins). */
function otherVariables(
  env: Record<string, string | undefined>,
  fromFile: Record<string, unknown>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fromFile)) {
    if (SETTING_NAMES.has(name) || value === undefined || value === null) continue;
    out[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  for (const [name, value] of Object.entries(env)) {
    if (SETTING_NAMES.has(name) || value === undefined || value === '') continue;
    if (/^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name)) out[name] = value;
  }
  return out;
}

/**
 * A Redis cache holds customer data outside the process: outside the demo core (whose data is
 * synthetic) it must be encrypted, unless the operator says in so many words that it need not be.
 */
function cacheEncryptionProblems(raw: Record<string, unknown>, demo: boolean): string[] {
  const redisCache = raw.CACHE_REDIS_URL !== undefined || raw.REDIS_URL !== undefined;
  const hasKey = raw.CACHE_ENCRYPTION_KEY !== undefined;
  if (raw.CACHE_ENCRYPTION === 'off') {
    return hasKey
      ? ['CACHE_ENCRYPTION: off contradicts CACHE_ENCRYPTION_KEY; unset one of them']
      : [];
  }
  if (raw.CACHE_ENCRYPTION === 'on' && redisCache && !hasKey && !demo) {
    return [
      'CACHE_ENCRYPTION_KEY: required when the cache is in Redis (REDIS_URL or CACHE_REDIS_URL) and CORE_ADAPTER is not demo; or set CACHE_ENCRYPTION=off to store customer data in clear',
    ];
  }
  return [];
}

/**
 * Builds the configuration from an environment (default `process.env`).
 * @throws ConfigError naming every bad setting
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const fromFile = env.CONFIG_FILE ? readConfigFile(env.CONFIG_FILE, problems) : {};
  const raw: Record<string, unknown> = {};
  for (const { env: name } of SETTINGS) {
    const value = env[name] !== undefined && env[name] !== '' ? env[name] : fromFile[name];
    if (value !== undefined) raw[name] = convert(name, value);
  }
  if (!validateSettings(raw)) {
    for (const e of validateSettings.errors ?? []) {
      const name = e.instancePath.split('/')[1] ?? '';
      problems.push(
        `${name}: ${e.message ?? 'invalid'}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}`,
      );
    }
  }
  for (const [i, w] of (
    (raw.MAINTENANCE_WINDOWS as { start?: string; end?: string }[] | undefined) ?? []
  ).entries()) {
    if (
      w &&
      typeof w.start === 'string' &&
      typeof w.end === 'string' &&
      Date.parse(w.end) <= Date.parse(w.start)
    ) {
      problems.push(`MAINTENANCE_WINDOWS: window ${i} ends before it starts`);
    }
  }
  if ((raw.HTTP_HEADERS_TIMEOUT_MS as number) > (raw.HTTP_REQUEST_TIMEOUT_MS as number))
    problems.push('HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS');
  const coreAdapter = raw.CORE_ADAPTER as string;
  const demo = coreAdapter === 'demo';
  const devKeysOptIn = raw.HOLDER_DEV_KEYS === 'true';
  if (!demo && !devKeysOptIn && raw.HOLDER_SUBDOMAIN === undefined)
    problems.push('HOLDER_SUBDOMAIN: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true');
  if (!demo && !devKeysOptIn && raw.HOLDER_JWKS_URL === undefined)
    problems.push('HOLDER_JWKS_URL: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true');
  problems.push(...cacheEncryptionProblems(raw, demo));
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);

  const port = raw.PORT as number;
  const root = projectRoot();
  const config: Config = {
    port,
    host: raw.HOST as string,
    publicBaseUrl: (
      (raw.PUBLIC_BASE_URL as string | undefined) ?? `http://localhost:${port}`
    ).replace(/\/+$/, ''),
    holderSubdomain: (raw.HOLDER_SUBDOMAIN as string | undefined) ?? 'demo',
    holderJwksUrl: raw.HOLDER_JWKS_URL as string | undefined,
    redisUrl: raw.REDIS_URL as string | undefined,
    demoDataFile: path.resolve(
      (raw.DEMO_DATA_FILE as string | undefined) ??
        path.join(root, 'adapters', 'demo', 'data', 'sample.json'),
    ),
    logLevel: raw.LOG_LEVEL as Config['logLevel'],
    coreAdapter,
    adapterSettings: otherVariables(env, fromFile),
    bankingAccountDetailVersion: raw.BANKING_ACCOUNT_DETAIL_VERSION as 3 | 4,
    jwt: {
      algorithms: raw.JWT_ALGORITHMS as string[],
      clockToleranceSeconds: raw.JWT_CLOCK_TOLERANCE_SECONDS as number,
      maxLifetimeSeconds: raw.JWT_MAX_LIFETIME_SECONDS as number,
    },
    jwks: {
      cooldownSeconds: raw.JWKS_COOLDOWN_SECONDS as number,
      maxAgeSeconds: raw.JWKS_MAX_AGE_SECONDS as number,
      maxStaleSeconds: raw.JWKS_MAX_STALE_SECONDS as number,
      timeoutMs: raw.JWKS_TIMEOUT_MS as number,
    },
    devKeysDir: path.resolve((raw.DEV_KEYS_DIR as string | undefined) ?? path.join(root, '.dev')),
    devKeys: (demo || devKeysOptIn) && raw.HOLDER_JWKS_URL === undefined,
    pagingSecret: raw.PAGING_SECRET as string | undefined,
    platformClientsFile:
      (raw.PLATFORM_CLIENTS_FILE as string | undefined) !== undefined
        ? path.resolve(raw.PLATFORM_CLIENTS_FILE as string)
        : demo || devKeysOptIn
          ? path.join(root, '.dev', 'platform-clients.json')
          : undefined,
    platformSigningKeyFile:
      raw.PLATFORM_SIGNING_KEY_FILE !== undefined
        ? path.resolve(raw.PLATFORM_SIGNING_KEY_FILE as string)
        : undefined,
    rateLimits: {
      windowSeconds: raw.RATE_LIMIT_WINDOW_SECONDS as number,
      tokenPerClient: raw.RATE_LIMIT_TOKEN_PER_CLIENT as number,
      tokenPerAddress: raw.RATE_LIMIT_TOKEN_PER_ADDRESS as number,
      tokenFailuresPerAddress: raw.RATE_LIMIT_TOKEN_FAILURES_PER_ADDRESS as number,
      productsPerClient: raw.RATE_LIMIT_PRODUCTS_PER_CLIENT as number,
    },
    demoPersistProducts: raw.DEMO_PERSIST_PRODUCTS === 'true',
    resilience: {
      timeoutMs: raw.CORE_TIMEOUT_MS as number,
      errorPercentage: raw.CIRCUIT_ERROR_PERCENTAGE as number,
      minVolume: raw.CIRCUIT_MIN_VOLUME as number,
      resetSeconds: raw.CIRCUIT_RESET_SECONDS as number,
      windowSeconds: raw.CIRCUIT_WINDOW_SECONDS as number,
      retryAttempts: raw.RETRY_ATTEMPTS as number,
      retryBaseDelayMs: raw.RETRY_BASE_DELAY_MS as number,
      retryBudgetPercent: raw.RETRY_BUDGET_PERCENT as number,
      cacheTtlSeconds: raw.CACHE_TTL_SECONDS as Record<string, number>,
      cacheStaleSeconds: raw.CACHE_STALE_SECONDS as Record<string, number>,
      cacheRedisUrl:
        (raw.CACHE_REDIS_URL as string | undefined) ?? (raw.REDIS_URL as string | undefined),
      cacheMaxEntries: raw.CACHE_MAX_ENTRIES as number,
      cacheEncryptionKey: raw.CACHE_ENCRYPTION_KEY as string | undefined,
      cacheEncryption: raw.CACHE_ENCRYPTION as 'on' | 'off',
      maintenanceWindows: raw.MAINTENANCE_WINDOWS as {
        adapter?: string;
        start: string;
        end: string;
      }[],
    },
    shutdownTimeoutMs: raw.SHUTDOWN_TIMEOUT_MS as number,
    shutdownDelayMs: raw.SHUTDOWN_DELAY_MS as number,
    metricsPort: raw.METRICS_PORT as number | undefined,
    http: {
      headersTimeoutMs: raw.HTTP_HEADERS_TIMEOUT_MS as number,
      requestTimeoutMs: raw.HTTP_REQUEST_TIMEOUT_MS as number,
      keepAliveTimeoutMs: raw.HTTP_KEEP_ALIVE_TIMEOUT_MS as number,
      maxConnections: raw.HTTP_MAX_CONNECTIONS as number,
    },
  };
  return deepFreeze(config);
}

/** Builds a configuration for tests and embedders: `loadConfig` over the given variables only. */
export function configFrom(vars: Record<string, string | number | undefined>): Config {
  return loadConfig(
    Object.fromEntries(
      Object.entries(vars).map(([k, v]) => [k, v === undefined ? undefined : String(v)]),
    ),
  );
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
