import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAdapterModule } from '../../adapters/demo';
import { resolveAdapterModule } from '../../src/adapters';
import {
  adapterConfigFrom,
  adapterEnvName,
  adapterEnvPrefix,
} from '../../src/config/adapter-config';
import { ConfigError, configFrom } from '../../src/config/config';
import { contractErrorsOf } from '../helpers/contracts';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'adapters', 'holder-adapter.js');
const fixtureSchema = jest.requireActual<{ adapterModule: { configSchema: object } }>(FIXTURE)
  .adapterModule.configSchema;

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('adapter configuration blocks', () => {
  it('when names are derived, then ids and camelCase properties become SCREAMING_SNAKE variables', () => {
    expect(adapterEnvPrefix('fineract')).toBe('FINERACT_');
    expect(adapterEnvPrefix('my-core')).toBe('MY_CORE_');
    expect(adapterEnvName('fineract', 'baseUrl')).toBe('FINERACT_BASE_URL');
    expect(adapterEnvName('fineract', 'connectTimeoutMs')).toBe('FINERACT_CONNECT_TIMEOUT_MS');
    expect(adapterEnvName('demo', 'dataFile')).toBe('DEMO_DATA_FILE');
    expect(adapterEnvName('my-core', 'bsb')).toBe('MY_CORE_BSB');
  });

  it('when variables are given, then each is converted to its property type and defaults fill the rest', () => {
    const { config, unknownVariables } = adapterConfigFrom('holder-kit', fixtureSchema, {
      HOLDER_KIT_GREETING: 'Hello',
      HOLDER_KIT_VERBOSE: 'true',
      HOLDER_KIT_BRANCHES: '{"north":1,"south":2}',
      OTHER_SETTING: 'ignored',
    });
    expect(config).toEqual({
      greeting: 'Hello',
      verbose: true,
      branches: { north: 1, south: 2 },
      accounts: 2,
    });
    expect(Object.isFrozen(config)).toBe(true);
    expect(unknownVariables).toEqual([]);
  });

  it('when variables are bad or missing, then one error names every bad variable', () => {
    const problems = problemsOf(() =>
      adapterConfigFrom('holder-kit', fixtureSchema, {
        HOLDER_KIT_ACCOUNTS: 'many',
        HOLDER_KIT_VERBOSE: 'yes',
        HOLDER_KIT_BRANCHES: '{"north":"one"}',
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'HOLDER_KIT_GREETING: required by adapter holder-kit',
        'HOLDER_KIT_ACCOUNTS: must be integer',
        'HOLDER_KIT_VERBOSE: must be boolean',
        'HOLDER_KIT_BRANCHES: must be integer (at /north)',
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('when a variable carries the prefix but names no property, then it is reported as unknown', () => {
    const { unknownVariables } = adapterConfigFrom('holder-kit', fixtureSchema, {
      HOLDER_KIT_GREETING: 'Hi',
      HOLDER_KIT_GRETING: 'typo',
    });
    expect(unknownVariables).toEqual(['HOLDER_KIT_GRETING']);
  });

  it('when the config file holds an adapter variable as JSON, then it reaches the block like the environment', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-adapter-config-'));
    const file = path.join(dir, 'config.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ HOLDER_KIT_GREETING: 'From file', HOLDER_KIT_BRANCHES: { east: 3 } }),
    );
    const config = configFrom({ CONFIG_FILE: file, HOLDER_KIT_GREETING: 'From env' });
    const { config: block } = adapterConfigFrom(
      'holder-kit',
      fixtureSchema,
      config.adapterSettings,
    );
    expect(block).toMatchObject({ greeting: 'From env', branches: { east: 3 } });
    expect(config.adapterSettings).not.toHaveProperty('CONFIG_FILE');
  });
});

describe('loading an adapter named by CORE_ADAPTER', () => {
  it('when the id is built in, then its module is returned without loading anything', () => {
    expect(resolveAdapterModule('demo')).toBe(demoAdapterModule);
    expect(resolveAdapterModule('fineract').id).toBe('fineract');
  });

  it('when a module path is given, then it is resolved from the working directory', () => {
    const cwd = path.dirname(FIXTURE);
    expect(resolveAdapterModule('./holder-adapter.js', cwd).id).toBe('holder-kit');
    expect(resolveAdapterModule(FIXTURE, '/').id).toBe('holder-kit');
  });

  it('when a package name is given, then it is resolved from the working directory node_modules', () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-adapter-pkg-'));
    const pkg = path.join(cwd, 'node_modules', '@acme', 'core-adapter');
    fs.mkdirSync(pkg, { recursive: true });
    fs.writeFileSync(
      path.join(pkg, 'package.json'),
      JSON.stringify({ name: '@acme/core-adapter', main: 'main.js' }),
    );
    fs.writeFileSync(
      path.join(pkg, 'main.js'),
      `module.exports = require(${JSON.stringify(FIXTURE)}).adapterModule;`,
    );
    expect(resolveAdapterModule('@acme/core-adapter', cwd).id).toBe('holder-kit');
  });

  it('when the id is neither built in nor installed, then start-up stops naming the choices', () => {
    expect(problemsOf(() => resolveAdapterModule('acme', os.tmpdir()))).toEqual([
      'CORE_ADAPTER: unknown adapter "acme" (built in: demo, fineract, kraken, temenos, proxy; or give a module path or an installed package name)',
    ]);
  });

  it('when a path does not exist, then start-up stops naming it', () => {
    const [problem] = problemsOf(() => resolveAdapterModule('./missing-adapter.js', os.tmpdir()));
    expect(problem).toMatch(
      /^CORE_ADAPTER: cannot load "\.\/missing-adapter\.js" \(Cannot find module/,
    );
  });

  it('when a module exports no adapter module, then start-up stops saying what is expected', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-adapter-bad-'));
    fs.writeFileSync(path.join(dir, 'bad.js'), 'module.exports = { id: "bad" };');
    fs.writeFileSync(
      path.join(dir, 'bad-id.js'),
      'module.exports = { id: "Bad Id", configSchema: {}, create: async () => ({}) };',
    );
    expect(problemsOf(() => resolveAdapterModule('./bad.js', dir))).toEqual([
      'CORE_ADAPTER: "./bad.js" exports no adapter module (expected { id, configSchema, create } as default, adapterModule or module.exports)',
    ]);
    expect(problemsOf(() => resolveAdapterModule('./bad-id.js', dir))).toEqual([
      'CORE_ADAPTER: "./bad-id.js" has adapter id "Bad Id"; ids are lower-case letters, digits and dashes',
    ]);
  });
});

describe('a gateway on an adapter loaded from a module path', () => {
  it('when the holder module is configured by its variables, then its data is served through the gateway', async () => {
    // Imported here so the unit tests above stay free of the HTTP stack.
    const { startGateway } = await import('../helpers/gateway');
    const gw = await startGateway({
      CORE_ADAPTER: FIXTURE,
      HOLDER_KIT_GREETING: 'Ada',
      HOLDER_KIT_ACCOUNTS: 3,
      HOLDER_KIT_BRANCHES: '{"north":7}',
    });
    try {
      const detail = await gw.get('/v1/common/customer/h-1/detail');
      expect(detail.status).toBe(200);
      expect(contractErrorsOf('customer-detail', detail.body.data)).toEqual([]);
      expect(detail.body.data.person).toMatchObject({
        firstName: 'Ada',
        lastName: 'Branches {"north":7} verbose false',
      });
      const accounts = await gw.get('/auth/v1/customer/h-1/accounts');
      expect(accounts.status).toBe(200);
      expect(accounts.body.accounts.map((a: { accountId: string }) => a.accountId)).toEqual([
        'h-acc-1',
        'h-acc-2',
        'h-acc-3',
      ]);
      expect(gw.gateway.adapter.id).toBe('holder-kit');
    } finally {
      await gw.close();
    }
  });

  it('when a required variable of the holder module is missing, then the gateway does not start', async () => {
    const { createGateway } = await import('../../src/gateway');
    const config = configFrom({
      CORE_ADAPTER: FIXTURE,
      HOLDER_SUBDOMAIN: 'holder',
      HOLDER_JWKS_URL: 'http://127.0.0.1:1/jwks.json',
      LOG_LEVEL: 'silent',
      ID_ENCODING: 'raw',
    });
    await expect(createGateway(config)).rejects.toThrow(
      'HOLDER_KIT_GREETING: required by adapter holder-kit',
    );
  });
});

describe('an adapter whose ports are class instances', () => {
  it('when a port method lives on a class prototype and uses this, then the gateway still serves it', async () => {
    const { startGateway } = await import('../helpers/gateway');
    const { createDemoAdapter, loadDemoData } = await import('../../adapters/demo');
    const { CustomerNotFoundError } = await import('../../src/errors');
    const demo = createDemoAdapter(loadDemoData(configFrom({}).demoDataFile));
    class CustomerPort {
      constructor(private readonly firstName: string) {}
      async getCustomerDetail(customerId: string) {
        if (customerId !== 'k-1') throw new CustomerNotFoundError();
        return {
          customerUType: 'person' as const,
          person: {
            lastUpdateTime: '2026-01-01T00:00:00Z',
            firstName: this.firstName,
            lastName: 'Class',
            middleNames: [],
            phoneNumbers: [],
            emailAddresses: [],
            physicalAddresses: [],
          },
        };
      }
    }
    const gw = await startGateway(
      {},
      { adapter: { ...demo, customer: new CustomerPort('Proto') } },
    );
    try {
      const ok = await gw.get('/v1/common/customer/k-1/detail');
      expect([ok.status, ok.body.data.person.firstName]).toEqual([200, 'Proto']);
      expect(contractErrorsOf('customer-detail', ok.body.data)).toEqual([]);
      const missing = await gw.get('/v1/common/customer/k-2/detail');
      expect({ status: missing.status, body: missing.body }).toEqual({
        status: 404,
        body: { error: 'Customer not found' },
      });
    } finally {
      await gw.close();
    }
  });
});
