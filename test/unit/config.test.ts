import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, configFrom, loadConfig, SETTINGS } from '../../src/config/config';

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
      jwt: { algorithms: ['PS256', 'ES256'], clockToleranceSeconds: 30, maxLifetimeSeconds: 900 },
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

  it('every setting the schema declares is read into the configuration', () => {
    for (const { env: name } of SETTINGS) {
      if (name === 'CONFIG_FILE') continue;
      // Each variable's name appears in the configuration's documentation of the field it sets.
      expect(fs.readFileSync(path.join(__dirname, '../../src/config/config.ts'), 'utf8')).toContain(
        `raw.${name}`,
      );
    }
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
        'CACHE_ENCRYPTION_KEY: required when the cache is in Redis (REDIS_URL or CACHE_REDIS_URL) and CORE_ADAPTER is not demo; or set CACHE_ENCRYPTION=off to store customer data in clear',
      ]);
    },
  );

  it('when CACHE_ENCRYPTION_KEY is given, then the Redis cache is encrypted with it', () => {
    const config = configFrom({ ...CORE, REDIS_URL: 'redis://r:6379', CACHE_ENCRYPTION_KEY: KEY });
    expect(config.resilience).toMatchObject({ cacheEncryption: 'on', cacheEncryptionKey: KEY });
  });

  it('when the operator opts out with CACHE_ENCRYPTION=off, then a Redis cache without a key starts', () => {
    const config = configFrom({ ...CORE, REDIS_URL: 'redis://r:6379', CACHE_ENCRYPTION: 'off' });
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
