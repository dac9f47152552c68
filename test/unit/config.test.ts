import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, configFrom, loadConfig, SETTINGS } from '../../src/config/config';
import { GATEWAY_SETTINGS } from '../../src/config/gateway.settings';
import { settingsOf } from '../../src/config/setting';

describe('configuration', () => {
  it('when nothing is set, then the demo core is served with the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicBaseUrl: 'http://localhost:3000',
      holderSubdomain: 'demo',
      holderJwksUrl: undefined,
      redisUrl: undefined,
      logLevel: 'info',
      coreAdapter: 'demo',
      bankingAccountDetailVersion: 4,
      devKeys: true,
      jwt: {
        algorithms: ['PS256', 'ES256', 'RS256'],
        clockToleranceSeconds: 30,
        maxLifetimeSeconds: 900,
        failureStatus: 401,
      },
    });
    expect(config.demoDataFile).toMatch(/adapters[/\\]demo[/\\]data[/\\]sample\.json$/);
  });

  it('when nothing is set, then the resilience, rate limit and shutdown settings have their documented defaults', () => {
    const config = loadConfig({});
    expect(config.resilience).toEqual({
      timeoutMs: 5000,
      errorPercentage: 50,
      minVolume: 10,
      resetSeconds: 30,
      windowSeconds: 10,
      retryAttempts: 1,
      retryBaseDelayMs: 50,
      retryBudgetPercent: 10,
      cacheTtlSeconds: {},
      cacheStaleSeconds: {},
      cacheRedisUrl: undefined,
      cacheMaxEntries: 10000,
      cacheMaxMb: 64,
      cacheEncryptionKey: undefined,
      cacheEncryption: 'on',
      maintenanceWindows: [],
    });
    expect(config.rateLimits).toEqual({
      windowSeconds: 60,
      tokenPerClient: 30,
      tokenPerAddress: 120,
      tokenFailuresPerAddress: 30,
      productsPerClient: 600,
    });
    expect(config.shutdownTimeoutMs).toBe(10000);
    expect(config.demoPersistProducts).toBe(false);
  });

  it('every setting of the table lands in the configuration at its place in the table', () => {
    const config = loadConfig({});
    const landed = settingsOf(GATEWAY_SETTINGS);
    expect(landed.map((s) => s.setting.env)).toEqual(
      SETTINGS.map((s) => s.env).filter((name) => name !== 'CONFIG_FILE'),
    );
    for (const { path: at } of landed) expect(config).toHaveProperty([...at]);
    expect(new Set(SETTINGS.map((s) => s.env)).size).toBe(SETTINGS.length);
  });

  it('when every setting is given a value other than its default, then each lands where the table says', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-')), 'f');
    const vars = {
      PORT: 4001,
      HOST: '127.0.0.1',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      PUBLIC_BASE_URL: 'https://bank.example/api',
      HOLDER_SUBDOMAIN: 'bank',
      HOLDER_JWKS_URL: 'https://platform.example/jwks.json',
      REDIS_URL: 'redis://r:6379',
      DEMO_DATA_FILE: file,
      LOG_LEVEL: 'warn',
      BANKING_ACCOUNT_DETAIL_VERSION: 3,
      AUTH_CUSTOMER_ENDPOINTS: 'false',
      CUSTOMER_SEARCH_MAX_IN_FLIGHT: '12',
      JWT_ALGORITHMS: 'ES256, EdDSA',
      JWT_CLOCK_TOLERANCE_SECONDS: 5,
      JWT_MAX_LIFETIME_SECONDS: 600,
      HOLDER_AUTH_FAILURE_STATUS: 403,
      JWKS_COOLDOWN_SECONDS: 7,
      JWKS_MAX_AGE_SECONDS: 70,
      JWKS_MAX_STALE_SECONDS: 700,
      JWKS_TIMEOUT_MS: 1500,
      DEV_KEYS_DIR: file,
      PAGING_SECRET: 'k'.repeat(43),
      PLATFORM_CLIENT_HASH_KEY: 'h'.repeat(43),
      PLATFORM_CLIENTS_FILE: file,
      PLATFORM_SIGNING_KEY_FILE: file,
      RATE_LIMIT_WINDOW_SECONDS: 61,
      RATE_LIMIT_TOKEN_PER_CLIENT: 31,
      RATE_LIMIT_TOKEN_PER_ADDRESS: 121,
      RATE_LIMIT_TOKEN_FAILURES_PER_ADDRESS: 32,
      RATE_LIMIT_PRODUCTS_PER_CLIENT: 601,
      DEMO_PERSIST_PRODUCTS: 'true',
      CORE_TIMEOUT_MS: 5001,
      CIRCUIT_ERROR_PERCENTAGE: 51,
      CIRCUIT_MIN_VOLUME: 11,
      CIRCUIT_RESET_SECONDS: 0.25,
      CIRCUIT_WINDOW_SECONDS: 12,
      RETRY_ATTEMPTS: 2,
      RETRY_BASE_DELAY_MS: 51,
      RETRY_BUDGET_PERCENT: 11,
      CACHE_TTL_SECONDS: '{"a": 1}',
      CACHE_STALE_SECONDS: '{"b": 2}',
      CACHE_REDIS_URL: 'rediss://c:6380',
      CACHE_MAX_ENTRIES: 10001,
      CACHE_MAX_MB: 65,
      CACHE_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      CACHE_ENCRYPTION: 'on',
      MAINTENANCE_WINDOWS: '[{"start":"2026-01-01T00:00:00Z","end":"2026-01-01T01:00:00Z"}]',
      SHUTDOWN_TIMEOUT_MS: 10001,
      SHUTDOWN_DELAY_MS: 5001,
      METRICS_PORT: 9100,
      HTTP_HEADERS_TIMEOUT_MS: 10001,
      HTTP_REQUEST_TIMEOUT_MS: 30001,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 5001,
      HTTP_MAX_CONNECTIONS: 10001,
      REDIS_WAIT_REPLICAS: 2,
      REDIS_WAIT_TIMEOUT_MS: 150,
      REDIS_COMMAND_TIMEOUT_MS: 750,
      REDIS_KEY_NAMESPACE: 'bank-prod',
      REDIS_KEY_SECRET: 's'.repeat(43),
      WORKERS: 2,
      UV_THREADPOOL_SIZE: 3,
      SHARING_REFUSALS_FILE: file,
      BODY_ID_NOT_FOUND_STATUS: 422,
      CUSTOMER_PRESENT_DEFAULT: 'true',
      MAINTENANCE_REFRESH_SECONDS: 6,
      NODE_ENV: 'production',
      ADAPTER_OUTPUT_CHECK: 'enforce',
      ADAPTER_OUTPUT_CHECK_SAMPLE: 0.5,
      OTEL_SDK_DISABLED: 'true',
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector:4318/traces',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: 0.25,
      OTEL_SERVICE_NAME: 'bank-gateway',
      OTEL_PROPAGATORS: 'tracecontext',
      TRACING_TRUST_TRACEPARENT: 'false',
      TRACING_TRUST_CALLER_STATE: 'true',
      ID_ENCODING: 'opaque',
      ID_KEY_FILE: file,
      SHADOW_ADAPTERS: 'banking:candidate=demo',
      SHADOW_SAMPLE: 0.5,
      SHADOW_CONCURRENCY: 8,
    };
    const config = configFrom(vars);
    expect(config).toMatchObject({
      port: 4001,
      host: '127.0.0.1',
      trustProxy: ['10.0.0.0/8', 'loopback'],
      publicBaseUrl: 'https://bank.example/api',
      holderSubdomain: 'bank',
      holderJwksUrl: 'https://platform.example/jwks.json',
      redisUrl: 'redis://r:6379',
      demoDataFile: file,
      logLevel: 'warn',
      bankingAccountDetailVersion: 3,
      authCustomerEndpoints: false,
      customerSearchMaxInFlight: 12,
      refusals: { file, bodyIdNotFoundStatus: 422 },
      jwt: {
        algorithms: ['ES256', 'EdDSA'],
        clockToleranceSeconds: 5,
        maxLifetimeSeconds: 600,
        failureStatus: 403,
      },
      jwks: { cooldownSeconds: 7, maxAgeSeconds: 70, maxStaleSeconds: 700, timeoutMs: 1500 },
      devKeysDir: file,
      devKeys: false,
      pagingSecret: 'k'.repeat(43),
      platformClientHashKey: 'h'.repeat(43),
      platformClientsFile: file,
      platformSigningKeyFile: file,
      rateLimits: {
        windowSeconds: 61,
        tokenPerClient: 31,
        tokenPerAddress: 121,
        tokenFailuresPerAddress: 32,
        productsPerClient: 601,
      },
      demoPersistProducts: true,
      resilience: {
        timeoutMs: 5001,
        errorPercentage: 51,
        minVolume: 11,
        resetSeconds: 0.25,
        windowSeconds: 12,
        retryAttempts: 2,
        retryBaseDelayMs: 51,
        retryBudgetPercent: 11,
        cacheTtlSeconds: { a: 1 },
        cacheStaleSeconds: { b: 2 },
        cacheRedisUrl: 'rediss://c:6380',
        cacheMaxEntries: 10001,
        cacheMaxMb: 65,
        cacheEncryptionKey: vars.CACHE_ENCRYPTION_KEY,
        cacheEncryption: 'on',
        maintenanceWindows: [{ start: '2026-01-01T00:00:00Z', end: '2026-01-01T01:00:00Z' }],
      },
      shutdownTimeoutMs: 10001,
      shutdownDelayMs: 5001,
      metricsPort: 9100,
      nodeEnv: 'production',
      adapterOutputCheck: { mode: 'enforce', sample: 0.5 },
      ids: { encoding: 'opaque', keyFile: file },
      shadow: { adapters: 'banking:candidate=demo', sample: 0.5, concurrency: 8 },
      http: {
        headersTimeoutMs: 10001,
        requestTimeoutMs: 30001,
        keepAliveTimeoutMs: 5001,
        maxConnections: 10001,
      },
    });
    expect(config.redis).toEqual({
      waitReplicas: 2,
      waitTimeoutMs: 150,
      commandTimeoutMs: 750,
      keyNamespace: 'bank-prod',
      keySecret: 's'.repeat(43),
    });
    expect(config.workers).toBe(2);
    expect(config.threadPoolSize).toBe(3);
    expect(config.tracing).toEqual({
      disabled: true,
      exporter: 'otlp',
      endpoint: 'http://collector:4318/',
      tracesEndpoint: 'https://collector:4318/traces',
      protocol: 'http/json',
      sampler: 'parentbased_traceidratio',
      samplerRatio: 0.25,
      serviceName: 'bank-gateway',
      propagators: ['tracecontext'],
      trustTraceparent: false,
      trustCallerState: true,
    });
    expect(config.serviceLevels).toEqual({
      customerPresentByDefault: true,
      maintenanceRefreshSeconds: 6,
    });
    // Every variable of the table is given above (CORE_ADAPTER, CORE_ADAPTERS and HOLDER_DEV_KEYS
    // are those whose other values need a core other than the demo: see core-layout.test.ts and
    // the tests below; the Cluster and
    // Sentinel settings exclude REDIS_URL: see redis-config.test.ts).
    const given = new Set([
      ...Object.keys(vars),
      ...['CORE_ADAPTER', 'CORE_ADAPTERS', 'HOLDER_DEV_KEYS', 'CONFIG_FILE'],
      ...['REDIS_CLUSTER_NODES', 'REDIS_SENTINELS', 'REDIS_SENTINEL_NAME'],
      ...['REDIS_USERNAME', 'REDIS_PASSWORD', 'REDIS_SENTINEL_PASSWORD'],
    ]);
    expect(SETTINGS.map((s) => s.env).filter((name) => !given.has(name))).toEqual([]);
  });

  it('when a numeric setting is not a plain decimal number, then it is refused as before (no hex, no exponent)', () => {
    expect(() => configFrom({ PORT: '0x10' })).toThrow(/PORT: must be integer/);
    expect(() => configFrom({ PORT: '1e3' })).toThrow(/PORT: must be integer/);
    expect(configFrom({ PORT: ' 8080 ' }).port).toBe(8080);
  });

  it('when MAINTENANCE_WINDOWS is not JSON, then it is named as a bad setting', () => {
    expect(() => configFrom({ MAINTENANCE_WINDOWS: 'not json' })).toThrow(
      /MAINTENANCE_WINDOWS: must be array/,
    );
  });

  it('when JSON settings are given, then they are parsed and validated', () => {
    const config = configFrom({
      CACHE_TTL_SECONDS: '{"banking.listBalances": 2}',
      MAINTENANCE_WINDOWS: '[{"start":"2026-01-01T00:00:00Z","end":"2026-01-01T01:00:00Z"}]',
      CIRCUIT_RESET_SECONDS: '0.5',
    });
    expect(config.resilience.cacheTtlSeconds).toEqual({ 'banking.listBalances': 2 });
    expect(config.resilience.maintenanceWindows).toHaveLength(1);
    expect(config.resilience.resetSeconds).toBe(0.5);
    expect(() => configFrom({ MAINTENANCE_WINDOWS: 'not json' })).toThrow(/MAINTENANCE_WINDOWS/);
    expect(() =>
      configFrom({
        MAINTENANCE_WINDOWS: '[{"start":"2026-01-02T00:00:00Z","end":"2026-01-01T00:00:00Z"}]',
      }),
    ).toThrow(/MAINTENANCE_WINDOWS: window 0 ends before it starts/);
    expect(() => configFrom({ CACHE_TTL_SECONDS: '{"x": -1}' })).toThrow(/CACHE_TTL_SECONDS/);
  });

  it('when PORT is set and PUBLIC_BASE_URL is not, then the base URL follows the port', () => {
    expect(configFrom({ PORT: 8080 }).publicBaseUrl).toBe('http://localhost:8080');
  });

  it('when PUBLIC_BASE_URL has a trailing slash, then it is removed', () => {
    expect(configFrom({ PUBLIC_BASE_URL: 'https://bank.example/api/' }).publicBaseUrl).toBe(
      'https://bank.example/api',
    );
  });

  it('when HOLDER_AUTH_FAILURE_STATUS is given as text, then 401 and 403 land as numbers and any other status is refused', () => {
    expect(configFrom({ HOLDER_AUTH_FAILURE_STATUS: '403' }).jwt.failureStatus).toBe(403);
    expect(configFrom({ HOLDER_AUTH_FAILURE_STATUS: '401' }).jwt.failureStatus).toBe(401);
    expect(() => configFrom({ HOLDER_AUTH_FAILURE_STATUS: '400' })).toThrow(
      'HOLDER_AUTH_FAILURE_STATUS: must be equal to one of the allowed values (401, 403)',
    );
  });

  it('when several settings are bad, then one error names every one of them', () => {
    let error: unknown;
    try {
      configFrom({
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        JWT_ALGORITHMS: 'PS256,HS256',
        BANKING_ACCOUNT_DETAIL_VERSION: 5,
        PUBLIC_BASE_URL: 'ftp://x',
        REDIS_URL: 'localhost:6379',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(new Set(names)).toEqual(
      new Set([
        'PORT',
        'LOG_LEVEL',
        'JWT_ALGORITHMS',
        'BANKING_ACCOUNT_DETAIL_VERSION',
        'PUBLIC_BASE_URL',
        'REDIS_URL',
      ]),
    );
    expect((error as Error).message).toContain('Invalid configuration');
  });

  it('when a core other than the demo is configured without subdomain and key set, then both are named', () => {
    expect(() => configFrom({ CORE_ADAPTER: 'fineract' })).toThrow(
      /HOLDER_SUBDOMAIN: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true[\s\S]*HOLDER_JWKS_URL: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true/,
    );
  });

  it('when another core opts in to the development keys, then they are trusted and the subdomain defaults to demo', () => {
    const config = configFrom({ CORE_ADAPTER: 'fineract', HOLDER_DEV_KEYS: 'true' });
    expect([config.devKeys, config.holderSubdomain]).toEqual([true, 'demo']);
    expect(
      configFrom({
        CORE_ADAPTER: 'fineract',
        HOLDER_DEV_KEYS: 'true',
        HOLDER_JWKS_URL: 'https://platform.example/jwks.json',
      }).devKeys,
    ).toBe(false);
    expect(() => configFrom({ HOLDER_DEV_KEYS: 'yes' })).toThrow(/HOLDER_DEV_KEYS: must be equal/);
  });

  it('when variables that are not gateway settings are present, then they are kept for the adapter block only', () => {
    const config = configFrom({ FINERACT_TENANT: 'bank', PORT: 8080, lowercase_name: 'x' });
    expect(config.adapterSettings).toEqual({ FINERACT_TENANT: 'bank' });
  });

  it('when HOLDER_JWKS_URL is set with the demo core, then the development keys are not trusted', () => {
    expect(configFrom({ HOLDER_JWKS_URL: 'https://platform.example/jwks.json' }).devKeys).toBe(
      false,
    );
  });

  it('when the configuration is loaded, then it is frozen', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.jwt)).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow();
  });

  it('when a CONFIG_FILE is given, then it adds settings and the environment wins over it', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-')), 'gateway.json');
    fs.writeFileSync(file, JSON.stringify({ PORT: 4100, LOG_LEVEL: 'warn' }));
    const config = loadConfig({ CONFIG_FILE: file, LOG_LEVEL: 'error' });
    expect(config.port).toBe(4100);
    expect(config.logLevel).toBe('error');
  });

  it('when the CONFIG_FILE cannot be read, then start-up is refused naming it', () => {
    expect(() => loadConfig({ CONFIG_FILE: '/nonexistent/gateway.json' })).toThrow(
      /CONFIG_FILE: cannot read/,
    );
  });
});

describe('encryption of the Redis cache', () => {
  /** A core other than the demo, with what such a core needs anyway. */
  const CORE = {
    CORE_ADAPTER: 'fineract',
    HOLDER_SUBDOMAIN: 'bank',
    HOLDER_JWKS_URL: 'https://platform.example/jwks.json',
    ID_KEY_FILE: '/etc/dhg/id.key',
  };
  const KEY = Buffer.alloc(32, 7).toString('base64');
  const problemsOf = (vars: Record<string, string>): string[] => {
    try {
      configFrom(vars);
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };

  it.each([
    ['REDIS_URL', { REDIS_URL: 'redis://cache.example:6379' }],
    ['CACHE_REDIS_URL', { CACHE_REDIS_URL: 'redis://cache.example:6379' }],
  ])(
    'when a core other than the demo caches in Redis (%s) without CACHE_ENCRYPTION_KEY, then start-up is refused naming both settings',
    (_name, redis) => {
      expect(problemsOf({ ...CORE, ...redis })).toEqual([
        'CACHE_ENCRYPTION_KEY: required when the cache is in Redis (REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS or CACHE_REDIS_URL) and CORE_ADAPTER is not demo; or set CACHE_ENCRYPTION=off to store customer data in clear',
      ]);
    },
  );

  it('when CACHE_ENCRYPTION_KEY is given, then the Redis cache is encrypted with it', () => {
    const config = configFrom({ ...CORE, REDIS_URL: 'redis://r:6379', CACHE_ENCRYPTION_KEY: KEY });
    expect(config.resilience).toMatchObject({ cacheEncryption: 'on', cacheEncryptionKey: KEY });
  });

  it('when the operator opts out with CACHE_ENCRYPTION=off (and gives the key digests their secret), then a Redis cache without a key starts', () => {
    const config = configFrom({
      ...CORE,
      REDIS_URL: 'redis://r:6379',
      CACHE_ENCRYPTION: 'off',
      REDIS_KEY_SECRET: 's'.repeat(43),
    });
    expect(config.resilience).toMatchObject({
      cacheEncryption: 'off',
      cacheEncryptionKey: undefined,
      cacheRedisUrl: 'redis://r:6379',
    });
  });

  it('when CACHE_ENCRYPTION=off comes with a key, then start-up is refused: the two contradict', () => {
    expect(problemsOf({ ...CORE, CACHE_ENCRYPTION: 'off', CACHE_ENCRYPTION_KEY: KEY })).toEqual([
      'CACHE_ENCRYPTION: off contradicts CACHE_ENCRYPTION_KEY; unset one of them',
    ]);
  });

  it('when CACHE_ENCRYPTION has another value, then start-up is refused naming the values', () => {
    expect(problemsOf({ CACHE_ENCRYPTION: 'no' })).toEqual([
      'CACHE_ENCRYPTION: must be equal to one of the allowed values (on, off)',
    ]);
  });

  it('when the cache is in process, or the core is the demo, then no key is needed', () => {
    expect(configFrom(CORE).resilience.cacheRedisUrl).toBeUndefined();
    expect(configFrom({ REDIS_URL: 'redis://r:6379' }).resilience.cacheEncryptionKey).toBe(
      undefined,
    );
  });
});

describe('the Redis key scheme', () => {
  const CORE = {
    CORE_ADAPTER: 'fineract',
    HOLDER_SUBDOMAIN: 'bank',
    HOLDER_JWKS_URL: 'https://platform.example/jwks.json',
    ID_KEY_FILE: '/etc/dhg/id.key',
  };
  const problemsOf = (vars: Record<string, string>): string[] => {
    try {
      configFrom(vars);
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };

  it('when REDIS_KEY_NAMESPACE is unset, then the namespace is the holder subdomain (demo with the demo core)', () => {
    expect(configFrom(CORE).redis.keyNamespace).toBe('bank');
    expect(configFrom({}).redis.keyNamespace).toBe('demo');
    expect(configFrom({ ...CORE, REDIS_KEY_NAMESPACE: 'bank-staging' }).redis.keyNamespace).toBe(
      'bank-staging',
    );
  });

  it('when the namespace would hold a colon, a brace or a space, then start-up is refused naming the setting', () => {
    expect(problemsOf({ REDIS_KEY_NAMESPACE: 'a:b' })).toEqual([
      'REDIS_KEY_NAMESPACE: must match pattern "^[A-Za-z0-9._-]{1,64}$"',
    ]);
    expect(problemsOf({ ...CORE, HOLDER_SUBDOMAIN: 'bank {x}' })).toEqual([
      `REDIS_KEY_NAMESPACE: required, since HOLDER_SUBDOMAIN "bank {x}" cannot be a key namespace (1 to 64 letters, digits, '.', '_', '-')`,
    ]);
    expect(problemsOf({ ...CORE, HOLDER_SUBDOMAIN: 'bank {x}', REDIS_KEY_NAMESPACE: 'b' })).toEqual(
      [],
    );
  });

  it('when Redis is used by a core other than the demo with CACHE_ENCRYPTION=off and no REDIS_KEY_SECRET, then start-up is refused naming it', () => {
    expect(problemsOf({ ...CORE, REDIS_URL: 'redis://r:6379', CACHE_ENCRYPTION: 'off' })).toEqual([
      'REDIS_KEY_SECRET: required when Redis is in use (REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS or CACHE_REDIS_URL), CORE_ADAPTER is not demo and CACHE_ENCRYPTION=off (there is no CACHE_ENCRYPTION_KEY to derive it from)',
    ]);
  });

  it('when REDIS_KEY_SECRET is shorter than 32 bytes of base64, then start-up is refused naming it', () => {
    expect(problemsOf({ REDIS_KEY_SECRET: 'short' })).toEqual([
      'REDIS_KEY_SECRET: must NOT have fewer than 43 characters',
    ]);
  });
});

describe('TRUST_PROXY', () => {
  const problemsOf = (value: string): string[] => {
    try {
      configFrom({ TRUST_PROXY: value });
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };

  it('when unset, then no proxy is trusted', () => {
    expect(configFrom({}).trustProxy).toBeUndefined();
    expect(configFrom({ TRUST_PROXY: 'false' }).trustProxy).toBeUndefined();
  });

  it('when a hop count, addresses, CIDR ranges or named ranges, then they land as Express takes them', () => {
    expect(configFrom({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      configFrom({ TRUST_PROXY: ' 10.0.0.0/8 , 192.168.1.7, fd00::/8, loopback,uniquelocal ' })
        .trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback', 'uniquelocal']);
  });

  it.each([
    [
      'ingress',
      'TRUST_PROXY: "ingress" is not a hop count, an IP address, a CIDR range or one of loopback, linklocal, uniquelocal',
    ],
    [
      '10.0.0.0/33, loopback, 1.2.3',
      'TRUST_PROXY: "10.0.0.0/33", "1.2.3" is not a hop count, an IP address, a CIDR range or one of loopback, linklocal, uniquelocal',
    ],
    [
      '10.0.0.1,,10.0.0.2',
      'TRUST_PROXY: "" is not a hop count, an IP address, a CIDR range or one of loopback, linklocal, uniquelocal',
    ],
    ['0', 'TRUST_PROXY: a hop count must be 1 to 32, not 0'],
    ['33', 'TRUST_PROXY: a hop count must be 1 to 32, not 33'],
    [
      'true',
      'TRUST_PROXY: true would take the client address from any X-Forwarded-For a caller sends; give the number of proxies in front of the gateway or their addresses',
    ],
  ])('when it is %j, then start-up is refused naming the setting', (value, problem) => {
    expect(problemsOf(value)).toEqual([problem]);
  });
});
