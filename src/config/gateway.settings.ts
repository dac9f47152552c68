/**
 * The gateway's settings, declared once: variable, schema (type, default, description with unit)
 * and, by its place in {@link GATEWAY_SETTINGS}, where the value lands in the configuration.
 * The JSON Schema, the `Config` type and docs/configuration.md are all derived from this table.
 */
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { projectRoot } from './project-root';
import { type CoreLayout, coreLayoutOf, isDemoOnly } from './core-layout';
import { derived, enumOf, optional, setting, type SettingValues } from './setting';
import { DEFAULT_THREAD_POOL_SIZE } from './thread-pool';
import { parseTrustProxy } from './trust-proxy';

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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const TRUE_FALSE = ['true', 'false'] as const;

/** The core layout of the validated values (undefined when it has problems: they are reported). */
export function layoutOfValues(values: SettingValues): CoreLayout | undefined {
  return coreLayoutOf(String(values.CORE_ADAPTER), values.CORE_ADAPTERS as string | undefined)
    .layout;
}

/** Whether the development key set and platform files are in play (demo cores only, or opt-in). */
export function devMode(values: SettingValues): boolean {
  return isDemoOnly(layoutOfValues(values)) || values.HOLDER_DEV_KEYS === 'true';
}

/** Whether the platform client registry is in Redis (one server, a Cluster or Sentinels). */
function usesRedis(values: SettingValues): boolean {
  return ['REDIS_URL', 'REDIS_CLUSTER_NODES', 'REDIS_SENTINELS'].some(
    (n) => values[n] !== undefined,
  );
}

/** An integer setting with its bounds, default and description. */
function integer(
  env: string,
  minimum: number,
  maximum: number | undefined,
  def: number,
  text: string,
) {
  return setting(
    env,
    Type.Integer({
      minimum,
      ...(maximum === undefined ? {} : { maximum }),
      default: def,
      description: text,
    }),
  );
}

/** Seconds or milliseconds per operation, JSON object over the built-in defaults. */
function perOperation(env: string, text: string) {
  return setting(
    env,
    Type.Unsafe<Readonly<Record<string, number>>>({
      type: 'object',
      additionalProperties: { type: 'number', minimum: 0 },
      default: {},
      description: text,
    }),
  );
}

/** `host:port` items, comma separated (IPv6 hosts in brackets: `[::1]:6379`). */
const HOST_PORT_LIST =
  '^\\s*(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9.-]+):\\d{1,5}\\s*(,\\s*(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9.-]+):\\d{1,5}\\s*)*$';

/** What a Redis key namespace may hold: it sits between colons, and never holds a hash tag. */
export const KEY_NAMESPACE_PATTERN = '^[A-Za-z0-9._-]{1,64}$';

/** The holder subdomain as it lands (`demo` when unset), the default key namespace. */
export function holderSubdomainOf(values: SettingValues): string {
  return (values.HOLDER_SUBDOMAIN as string | undefined) ?? 'demo';
}

/** A Redis node address. */
export interface HostPort {
  readonly host: string;
  readonly port: number;
}

/** Parses a list that matched {@link HOST_PORT_LIST}. */
function hostPortList(text: string): HostPort[] {
  return text.split(',').map((item) => {
    const at = item.trim().lastIndexOf(':');
    const host = item
      .trim()
      .slice(0, at)
      .replace(/^\[|\]$/g, '');
    return { host, port: Number(item.trim().slice(at + 1)) };
  });
}

/** Every setting of the gateway, where its value lands in the configuration. */
export const GATEWAY_SETTINGS = {
  port: integer('PORT', 0, 65535, 3000, 'Listen port; 0 picks a free port.'),
  host: setting(
    'HOST',
    Type.String({ minLength: 1, default: '0.0.0.0', description: 'Listen address.' }),
  ),
  trustProxy: derived(
    'TRUST_PROXY',
    Type.String({
      description:
        "Proxies trusted to name the client in X-Forwarded-For (Express's trust proxy): a hop count, or comma-separated addresses, CIDR ranges, loopback, linklocal, uniquelocal; absent: the peer address is the client's.",
    }),
    (value) => parseTrustProxy(value),
  ),
  publicBaseUrl: derived(
    'PUBLIC_BASE_URL',
    Type.String({
      format: 'uri',
      pattern: '^https?://[^?#]+$',
      description:
        'The holder base URL as callers see it (a trailing slash is removed); default http://localhost:$PORT.',
    }),
    (value, values) => (value ?? `http://localhost:${String(values.PORT)}`).replace(/\/+$/, ''),
  ),
  holderSubdomain: derived(
    'HOLDER_SUBDOMAIN',
    Type.String({
      minLength: 1,
      description: 'Expected iss and sub; default demo with the demo core, else required.',
    }),
    (_value, values) => holderSubdomainOf(values),
  ),
  holderJwksUrl: optional(
    'HOLDER_JWKS_URL',
    Type.String({
      format: 'uri',
      pattern: '^https?://',
      description:
        "The platform's key set; default a development key set with the demo core, else required.",
    }),
  ),
  redisUrl: optional(
    'REDIS_URL',
    Type.String({
      pattern: '^rediss?://',
      description:
        'One Redis server for replay store, cache and rate limits; absent (and no cluster or Sentinel): in-process memory.',
    }),
  ),
  redis: {
    keyNamespace: derived(
      'REDIS_KEY_NAMESPACE',
      Type.String({
        pattern: KEY_NAMESPACE_PATTERN,
        description:
          "The deployment's part of every Redis key (dhg:<namespace>:...): 1 to 64 letters, digits, '.', '_', '-'; default HOLDER_SUBDOMAIN. Deployments sharing a Redis need different ones.",
      }),
      (value, values) => value ?? holderSubdomainOf(values),
    ),
    keySecret: optional(
      'REDIS_KEY_SECRET',
      Type.String({
        minLength: 43,
        description:
          'Secret: HMAC key (>= 32 bytes) of the digests of ids and addresses in Redis keys; default derived from CACHE_ENCRYPTION_KEY, or a development key with the demo core.',
      }),
    ),
    clusterNodes: derived(
      'REDIS_CLUSTER_NODES',
      Type.String({
        pattern: HOST_PORT_LIST,
        description:
          'Redis Cluster seed nodes, comma-separated host:port (instead of REDIS_URL or REDIS_SENTINELS).',
      }),
      (value) => (value === undefined ? undefined : hostPortList(value)),
    ),
    sentinels: derived(
      'REDIS_SENTINELS',
      Type.String({
        pattern: HOST_PORT_LIST,
        description:
          'Redis Sentinels, comma-separated host:port (instead of REDIS_URL or REDIS_CLUSTER_NODES); needs REDIS_SENTINEL_NAME.',
      }),
      (value) => (value === undefined ? undefined : hostPortList(value)),
    ),
    sentinelName: optional(
      'REDIS_SENTINEL_NAME',
      Type.String({
        minLength: 1,
        description: 'The master name the Sentinels monitor (with REDIS_SENTINELS).',
      }),
    ),
    username: optional(
      'REDIS_USERNAME',
      Type.String({
        minLength: 1,
        description:
          'ACL user of the Redis nodes with REDIS_CLUSTER_NODES or REDIS_SENTINELS (REDIS_URL carries its own).',
      }),
    ),
    password: optional(
      'REDIS_PASSWORD',
      Type.String({
        minLength: 1,
        description:
          'Secret: password of the Redis nodes with REDIS_CLUSTER_NODES or REDIS_SENTINELS (REDIS_URL carries its own).',
      }),
    ),
    sentinelPassword: optional(
      'REDIS_SENTINEL_PASSWORD',
      Type.String({
        minLength: 1,
        description: 'Secret: password of the Sentinels themselves, when they require one.',
      }),
    ),
    waitReplicas: derived(
      'REDIS_WAIT_REPLICAS',
      Type.Integer({
        minimum: 0,
        maximum: 16,
        description:
          'Replicas that must hold a claimed token id before the request is served (Redis WAIT); default 1 with REDIS_SENTINELS, else 0.',
      }),
      (value, values) => value ?? (values.REDIS_SENTINELS !== undefined ? 1 : 0),
    ),
    commandTimeoutMs: integer(
      'REDIS_COMMAND_TIMEOUT_MS',
      50,
      60000,
      500,
      'Longest wait for one Redis command, milliseconds; past it the command fails (replay store: 503; cache: bypassed). Raise it for a distant or busy Redis.',
    ),
    waitTimeoutMs: integer(
      'REDIS_WAIT_TIMEOUT_MS',
      1,
      400,
      100,
      'Longest wait for those replicas, milliseconds; fewer in time: the request is refused (503).',
    ),
  },
  workers: integer(
    'WORKERS',
    1,
    64,
    1,
    'Gateway processes on this host sharing the port (node:cluster); more than 1 needs a Redis setting and METRICS_PORT.',
  ),
  threadPoolSize: integer(
    'UV_THREADPOOL_SIZE',
    1,
    1024,
    DEFAULT_THREAD_POOL_SIZE,
    "libuv's thread pool: token signature checks, DNS look-ups of the cores, file reads; `serve` starts with 1 when unset (docs/operations.md, Thread pool).",
  ),
  demoDataFile: derived(
    'DEMO_DATA_FILE',
    Type.String({
      minLength: 1,
      description: "The demo core's data set (a path); default the bundled sample.",
    }),
    (value) =>
      path.resolve(value ?? path.join(projectRoot(), 'adapters', 'demo', 'data', 'sample.json')),
  ),
  logLevel: setting(
    'LOG_LEVEL',
    enumOf(LOG_LEVELS, { default: 'info', description: 'pino log level.' }),
  ),
  coreAdapter: setting(
    'CORE_ADAPTER',
    Type.String({
      pattern: '^\\S+$',
      default: 'demo',
      description:
        'The core adapter of every family CORE_ADAPTERS leaves out: a built-in id (demo, fineract, kraken, temenos), a module path (./my-adapter) or a package name.',
    }),
  ),
  cores: derived(
    'CORE_ADAPTERS',
    Type.String({
      pattern: '^\\S+$',
      description:
        'Adapters per port family, comma-separated family:adapter or family:id=adapter (families banking, energy, common, fdx, products), e.g. banking:fineract,energy:kraken or banking:temenos,energy:kraken; default CORE_ADAPTER for all.',
    }),
    (value, values): CoreLayout => {
      const layout = layoutOfValues(values);
      // Start-up stops on the layout's problems before any value lands.
      if (!layout) throw new Error(`CORE_ADAPTERS: invalid value "${String(value)}"`);
      return layout;
    },
  ),
  authCustomerEndpoints: derived(
    'AUTH_CUSTOMER_ENDPOINTS',
    enumOf(TRUE_FALSE, {
      default: 'true',
      description:
        "Serve the consent flow's customer search and identity (POST /auth/v1/customer/search, GET /auth/v1/customer/{customerId}); false for a holder with its own identity provider (both 404).",
    }),
    (value) => value === 'true',
  ),
  customerSearchMaxInFlight: integer(
    'CUSTOMER_SEARCH_MAX_IN_FLIGHT',
    1,
    10000,
    8,
    'Customer searches (POST /auth/v1/customer/search) this process serves at once; one more is 429 with Retry-After, before any core is asked (never a core failure).',
  ),
  bankingAccountDetailVersion: setting(
    'BANKING_ACCOUNT_DETAIL_VERSION',
    enumOf([3, 4], { default: 4, description: 'Banking account detail version (3 or 4).' }),
  ),
  refusals: {
    file: derived(
      'SHARING_REFUSALS_FILE',
      Type.String({
        minLength: 1,
        description:
          "The operator's sharing refusal list: JSON array of {customerId, accountId?, reason} (reason harm, blocked or suspended; no accountId: the whole customer). Read at start (a bad file stops it) and again whenever it changes; absent: only the cores refuse.",
      }),
      (value) => (value !== undefined ? path.resolve(value) : undefined),
    ),
    bodyIdNotFoundStatus: setting(
      'BODY_ID_NOT_FOUND_STATUS',
      enumOf([404, 422], {
        default: 404,
        description:
          'Status of an unknown or refused account id in a specific-accounts body (404 as the interface says, or 422 as some platform instances expect).',
      }),
    ),
  },
  jwt: {
    algorithms: setting(
      'JWT_ALGORITHMS',
      Type.Array(enumOf(ALLOWED_JWT_ALGORITHMS), {
        minItems: 1,
        uniqueItems: true,
        default: ['PS256', 'ES256', 'RS256'],
        description:
          'Accepted holder token algorithms, comma separated. A key verifies only its own algorithm: its JWK `alg`, else any of its key type.',
      }),
    ),
    clockToleranceSeconds: integer(
      'JWT_CLOCK_TOLERANCE_SECONDS',
      0,
      300,
      30,
      'Clock tolerance for exp and nbf, seconds.',
    ),
    maxLifetimeSeconds: integer(
      'JWT_MAX_LIFETIME_SECONDS',
      1,
      86400,
      900,
      'Longest accepted exp - now, seconds.',
    ),
    failureStatus: setting(
      'HOLDER_AUTH_FAILURE_STATUS',
      enumOf([401, 403], {
        default: 401,
        description:
          'Status of a refused holder token (missing, invalid, expired, replayed): 401 as RFC 6750 says, or 403 as some platform instances expect; same body and WWW-Authenticate either way.',
      }),
    ),
  },
  jwks: {
    cooldownSeconds: integer(
      'JWKS_COOLDOWN_SECONDS',
      1,
      3600,
      30,
      'Minimum seconds between key set refetches caused by an unknown kid.',
    ),
    maxAgeSeconds: integer(
      'JWKS_MAX_AGE_SECONDS',
      1,
      86400,
      300,
      'Key set refresh interval, seconds.',
    ),
    maxStaleSeconds: integer(
      'JWKS_MAX_STALE_SECONDS',
      0,
      604800,
      3600,
      'How long the last good key set serves while its URL fails, seconds.',
    ),
    timeoutMs: integer(
      'JWKS_TIMEOUT_MS',
      100,
      60000,
      5000,
      'Timeout of one key set fetch, milliseconds.',
    ),
  },
  devKeysDir: derived(
    'DEV_KEYS_DIR',
    Type.String({
      minLength: 1,
      description: 'Folder of the generated development signing key; default <project>/.dev.',
    }),
    (value) => path.resolve(value ?? path.join(projectRoot(), '.dev')),
  ),
  devKeys: derived(
    'HOLDER_DEV_KEYS',
    enumOf(TRUE_FALSE, {
      default: 'false',
      description:
        'Serve and trust the development key set with any core adapter (trying an adapter locally; never in production). Ignored when HOLDER_JWKS_URL is set.',
    }),
    (_value, values) => devMode(values) && values.HOLDER_JWKS_URL === undefined,
  ),
  nodeEnv: optional(
    'NODE_ENV',
    Type.String({
      minLength: 1,
      description:
        "Node's environment name (the container image sets production); production refuses HOLDER_DEV_KEYS=true with a core other than demo.",
    }),
  ),
  ids: {
    encoding: derived(
      'ID_ENCODING',
      enumOf(['opaque', 'raw'] as const, {
        description:
          "The ids the gateway hands out: opaque (its own, sealed with ID_KEY_FILE's key, permanent across cores) or raw (the cores' own, with a warning at start). Default opaque, but raw with the demo core alone.",
      }),
      (value, values) =>
        (value as 'opaque' | 'raw' | undefined) ??
        (isDemoOnly(layoutOfValues(values)) ? 'raw' : 'opaque'),
    ),
    keyFile: derived(
      'ID_KEY_FILE',
      Type.String({
        minLength: 1,
        description:
          'Secret: the file of the 32-byte id key (raw, 64 hex digits or base64) that seals opaque ids; required with opaque ids unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true, which generate <DEV_KEYS_DIR>/id.key. Back it up: another key changes every id.',
      }),
      (value) => (value !== undefined ? path.resolve(value) : undefined),
    ),
  },
  shadow: {
    adapters: optional(
      'SHADOW_ADAPTERS',
      Type.String({
        minLength: 1,
        description:
          'Candidate cores asked in the shadow of live reads, comma-separated family:instance or family:instance=adapter (e.g. banking:temenos); each instance takes its settings as <ID>_<PROPERTY>. Default none.',
      }),
    ),
    sample: setting(
      'SHADOW_SAMPLE',
      Type.Number({
        minimum: 0,
        maximum: 1,
        default: 0.01,
        description: 'Share of live reads also asked of the shadow candidate (0 to 1).',
      }),
    ),
    concurrency: integer(
      'SHADOW_CONCURRENCY',
      1,
      1000,
      4,
      'Shadow reads under way at most per candidate; a sampled read beyond it is skipped.',
    ),
  },
  pagingSecret: optional(
    'PAGING_SECRET',
    Type.String({
      minLength: 43,
      description:
        'HMAC key for FDX offsets and product cursors (>= 32 bytes); default random per process.',
    }),
  ),
  platformClientHashKey: optional(
    'PLATFORM_CLIENT_HASH_KEY',
    Type.String({
      minLength: 43,
      description:
        "Secret: HMAC key (>= 32 bytes) of the platform client secrets' hashes, the same on every instance; required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true.",
    }),
  ),
  platformClientsFile: derived(
    'PLATFORM_CLIENTS_FILE',
    Type.String({
      minLength: 1,
      description:
        'Platform client registry file; with Redis, its copy, restoring the clients Redis lost. Default <project>/.dev/platform-clients.json in demo mode without Redis.',
    }),
    (value, values) =>
      value !== undefined
        ? path.resolve(value)
        : devMode(values) && !usesRedis(values)
          ? path.join(projectRoot(), '.dev', 'platform-clients.json')
          : undefined,
  ),
  platformSigningKeyFile: derived(
    'PLATFORM_SIGNING_KEY_FILE',
    Type.String({
      minLength: 1,
      description: 'Private JWK file signing platform access tokens; generated in demo mode.',
    }),
    (value) => (value !== undefined ? path.resolve(value) : undefined),
  ),
  rateLimits: {
    windowSeconds: integer(
      'RATE_LIMIT_WINDOW_SECONDS',
      1,
      86400,
      60,
      'Rate limit window, seconds.',
    ),
    tokenPerClient: integer(
      'RATE_LIMIT_TOKEN_PER_CLIENT',
      1,
      undefined,
      30,
      'Tokens issued per client id per window (requests with the right secret).',
    ),
    tokenPerAddress: integer(
      'RATE_LIMIT_TOKEN_PER_ADDRESS',
      1,
      undefined,
      120,
      'Token requests per source address per window.',
    ),
    tokenFailuresPerAddress: integer(
      'RATE_LIMIT_TOKEN_FAILURES_PER_ADDRESS',
      1,
      undefined,
      30,
      'Failed token authentications (unknown client, wrong or revoked secret) per source address per window.',
    ),
    productsPerClient: integer(
      'RATE_LIMIT_PRODUCTS_PER_CLIENT',
      1,
      undefined,
      600,
      'Product requests per client per window.',
    ),
  },
  demoPersistProducts: derived(
    'DEMO_PERSIST_PRODUCTS',
    enumOf(TRUE_FALSE, {
      default: 'false',
      description: 'Save product writes back to the demo data file.',
    }),
    (value) => value === 'true',
  ),
  resilience: {
    timeoutMs: integer(
      'CORE_TIMEOUT_MS',
      10,
      120000,
      5000,
      'Timeout of one core call, milliseconds.',
    ),
    errorPercentage: integer(
      'CIRCUIT_ERROR_PERCENTAGE',
      1,
      100,
      50,
      'Error percentage over the rolling window that opens a circuit.',
    ),
    minVolume: integer(
      'CIRCUIT_MIN_VOLUME',
      1,
      100000,
      10,
      'Calls in the window before a circuit may open (never 0).',
    ),
    resetSeconds: setting(
      'CIRCUIT_RESET_SECONDS',
      Type.Number({
        minimum: 0.05,
        maximum: 3600,
        default: 30,
        description: 'Seconds an open circuit waits before one trial call.',
      }),
    ),
    windowSeconds: integer(
      'CIRCUIT_WINDOW_SECONDS',
      1,
      3600,
      10,
      'Rolling statistics window, seconds.',
    ),
    retryAttempts: integer(
      'RETRY_ATTEMPTS',
      0,
      5,
      1,
      'Extra attempts of an idempotent read after a connection failure; 0 disables.',
    ),
    retryBaseDelayMs: integer(
      'RETRY_BASE_DELAY_MS',
      0,
      10000,
      50,
      'Base retry delay (full jitter), milliseconds.',
    ),
    retryBudgetPercent: integer(
      'RETRY_BUDGET_PERCENT',
      0,
      100,
      10,
      'Retries allowed as a percentage of calls.',
    ),
    cacheTtlSeconds: perOperation(
      'CACHE_TTL_SECONDS',
      'Cache TTL per operation in seconds, JSON (e.g. {"banking.listBalances": 5}), over the defaults.',
    ),
    cacheStaleSeconds: perOperation(
      'CACHE_STALE_SECONDS',
      'Stale-if-error window per operation in seconds, JSON, over the defaults.',
    ),
    cacheRedisUrl: derived(
      'CACHE_REDIS_URL',
      Type.String({
        pattern: '^rediss?://',
        description: 'Redis for the cache only; default REDIS_URL (absent both: in-process cache).',
      }),
      (value, values) => value ?? (values.REDIS_URL as string | undefined),
    ),
    cacheMaxEntries: integer(
      'CACHE_MAX_ENTRIES',
      1,
      10000000,
      10000,
      'Entries of the in-process cache.',
    ),
    cacheMaxMb: integer(
      'CACHE_MAX_MB',
      1,
      65536,
      64,
      'Memory of the in-process cache, MiB (an entry counts 3 bytes a character of its JSON); the least recently used entries go first past it.',
    ),
    cacheEncryptionKey: optional(
      'CACHE_ENCRYPTION_KEY',
      Type.String({
        pattern: '^[A-Za-z0-9+/]{43}=$',
        description: 'AES-256-GCM key (32 bytes, base64) for values cached in Redis.',
      }),
    ),
    cacheEncryption: setting(
      'CACHE_ENCRYPTION',
      enumOf(['on', 'off'], {
        default: 'on',
        description:
          'on: a Redis cache needs CACHE_ENCRYPTION_KEY unless the core is the demo; off: values cached in Redis are stored in clear.',
      }),
    ),
    maintenanceWindows: setting(
      'MAINTENANCE_WINDOWS',
      Type.Array(
        Type.Object(
          {
            adapter: Type.Optional(Type.String()),
            start: Type.String({ format: 'date-time' }),
            end: Type.String({ format: 'date-time' }),
          },
          { additionalProperties: false },
        ),
        {
          default: [],
          description:
            'Maintenance windows: JSON array of {adapter?, start, end} (ISO 8601 date-times).',
        },
      ),
    ),
  },
  serviceLevels: {
    customerPresentByDefault: derived(
      'CUSTOMER_PRESENT_DEFAULT',
      enumOf(TRUE_FALSE, {
        default: 'false',
        description:
          'Whether a call without x-fapi-customer-ip-address has a customer present (High or Low Priority tier) rather than none (Unattended); true where the platform does not forward the header.',
      }),
      (value) => value === 'true',
    ),
    maintenanceRefreshSeconds: integer(
      'MAINTENANCE_REFRESH_SECONDS',
      1,
      3600,
      5,
      'Seconds between two readings of the maintenance windows added at run time (kept in Redis); a window added by `data-holder-gateway maintenance add` applies within this time.',
    ),
  },
  tracing: {
    disabled: derived(
      'OTEL_SDK_DISABLED',
      enumOf(TRUE_FALSE, {
        default: 'false',
        description:
          'true turns tracing off whatever OTEL_TRACES_EXPORTER says (the OpenTelemetry switch).',
      }),
      (value) => value === 'true',
    ),
    exporter: setting(
      'OTEL_TRACES_EXPORTER',
      enumOf(['none', 'otlp'], {
        default: 'none',
        description:
          'Where spans go: none (tracing off: the OpenTelemetry SDK is not even loaded) or otlp (OpenTelemetry Protocol over HTTP to OTEL_EXPORTER_OTLP_ENDPOINT). Off unless set, unlike the SDK default.',
      }),
    ),
    endpoint: setting(
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      Type.String({
        format: 'uri',
        pattern: '^https?://',
        default: 'http://localhost:4318',
        description:
          'Base URL of the OTLP receiver (a collector); spans are sent to <endpoint>/v1/traces.',
      }),
    ),
    tracesEndpoint: optional(
      'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
      Type.String({
        format: 'uri',
        pattern: '^https?://',
        description:
          'Full URL spans are sent to, used as given (no /v1/traces added); default OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces.',
      }),
    ),
    protocol: setting(
      'OTEL_EXPORTER_OTLP_PROTOCOL',
      enumOf(['http/protobuf', 'http/json'], {
        default: 'http/protobuf',
        description: 'OTLP encoding: http/protobuf or http/json (grpc is not offered).',
      }),
    ),
    sampler: setting(
      'OTEL_TRACES_SAMPLER',
      enumOf(
        [
          'always_on',
          'always_off',
          'traceidratio',
          'parentbased_always_on',
          'parentbased_always_off',
          'parentbased_traceidratio',
        ],
        {
          default: 'parentbased_always_on',
          description:
            'Which requests are traced: the OpenTelemetry samplers; parentbased_* follow the sampled flag of a trusted incoming traceparent (TRACING_TRUST_TRACEPARENT), the rest decide alone.',
        },
      ),
    ),
    samplerRatio: setting(
      'OTEL_TRACES_SAMPLER_ARG',
      Type.Number({
        minimum: 0,
        maximum: 1,
        default: 1,
        description: 'Share of traces kept by the traceidratio samplers (0 to 1).',
      }),
    ),
    serviceName: setting(
      'OTEL_SERVICE_NAME',
      Type.String({
        minLength: 1,
        maxLength: 200,
        default: 'data-holder-gateway',
        description: 'service.name of every span.',
      }),
    ),
    propagators: derived(
      'OTEL_PROPAGATORS',
      Type.String({
        pattern: '^(tracecontext|baggage|none)(,(tracecontext|baggage|none))*$',
        default: 'tracecontext,baggage',
        description:
          'Context headers read from the caller and sent to cores, comma-separated: tracecontext (W3C traceparent and tracestate), baggage (W3C baggage), none.',
      }),
      (value) =>
        [...new Set((value ?? '').split(','))].filter(
          (name): name is 'tracecontext' | 'baggage' => name !== 'none',
        ),
    ),
    trustTraceparent: derived(
      'TRACING_TRUST_TRACEPARENT',
      enumOf(TRUE_FALSE, {
        default: 'true',
        description:
          "Whether a caller's traceparent is the parent of its request's span, its sampled flag included; false: every request starts a trace of its own. Never echoed in the response either way.",
      }),
      (value) => value === 'true',
    ),
    trustCallerState: derived(
      'TRACING_TRUST_CALLER_STATE',
      enumOf(TRUE_FALSE, {
        default: 'false',
        description:
          "Whether a caller's tracestate and baggage headers travel with its trusted traceparent (TRACING_TRUST_TRACEPARENT=true) into the request's spans and to the cores; false: only the caller's trace id, span id and sampled flag are kept.",
      }),
      (value) => value === 'true',
    ),
  },
  adapterOutputCheck: {
    mode: setting(
      'ADAPTER_OUTPUT_CHECK',
      enumOf(['off', 'log', 'enforce'], {
        default: 'log',
        description:
          "Adapter answers against their operation's contract: off; log (count in dhg_adapter_nonconforming_total and log where, never values); enforce (every answer checked, one out of contract fails as a core error, 502).",
      }),
    ),
    sample: setting(
      'ADAPTER_OUTPUT_CHECK_SAMPLE',
      Type.Number({
        minimum: 0,
        maximum: 1,
        default: 0.02,
        description:
          'Share of core answers checked under ADAPTER_OUTPUT_CHECK=log (0 to 1; a check costs about one JSON serialisation of the answer); enforce checks every answer.',
      }),
    ),
  },
  shutdownTimeoutMs: integer(
    'SHUTDOWN_TIMEOUT_MS',
    0,
    600000,
    10000,
    'Longest wait for in-flight requests on SIGTERM, milliseconds.',
  ),
  shutdownDelayMs: integer(
    'SHUTDOWN_DELAY_MS',
    0,
    600000,
    5000,
    'On SIGTERM, milliseconds between readiness turning false and the listener closing (SIGINT skips it).',
  ),
  metricsPort: optional(
    'METRICS_PORT',
    Type.Integer({
      minimum: 0,
      maximum: 65535,
      description: 'Port of a separate listener for /metrics (off the API port); absent: API port.',
    }),
  ),
  http: {
    headersTimeoutMs: integer(
      'HTTP_HEADERS_TIMEOUT_MS',
      1000,
      600000,
      10000,
      "Time to receive a request's headers, milliseconds.",
    ),
    requestTimeoutMs: integer(
      'HTTP_REQUEST_TIMEOUT_MS',
      1000,
      3600000,
      30000,
      'Time to receive a whole request (headers and body), milliseconds.',
    ),
    keepAliveTimeoutMs: integer(
      'HTTP_KEEP_ALIVE_TIMEOUT_MS',
      0,
      600000,
      5000,
      'Idle time before a keep-alive connection is closed, milliseconds.',
    ),
    maxConnections: integer(
      'HTTP_MAX_CONNECTIONS',
      1,
      1000000,
      10000,
      'Open connections at most; further ones are closed at once.',
    ),
  },
};

/** Where the other settings may also come from; it lands nowhere itself. */
export const CONFIG_FILE_SETTING = optional(
  'CONFIG_FILE',
  Type.String({
    minLength: 1,
    description: 'Optional JSON file of VARIABLE: value pairs; the environment wins over it.',
  }),
);
