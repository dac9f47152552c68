import path from 'node:path';
import { demoAdapterModule } from '../../adapters/demo';
import { fineractAdapterModule, withDefaults } from '../../adapters/fineract';
import { adapterConfigFrom } from '../../src/config/adapter-config';
import { configFrom, gatewayValuesFor } from '../../src/config/config';

describe('adapter blocks through the gateway settings', () => {
  it('when nothing is set, then the demo block gets the gateway’s bundled data file and no persistence', () => {
    const config = configFrom({});
    const { config: block } = adapterConfigFrom(
      'demo',
      demoAdapterModule.configSchema,
      config.adapterSettings,
      gatewayValuesFor(config, 'demo', demoAdapterModule.configSchema),
    );
    expect(block).toEqual({ dataFile: config.demoDataFile, persistProducts: false });
    expect(path.isAbsolute(block.dataFile as string)).toBe(true);
  });

  it('when DEMO_DATA_FILE is relative and DEMO_PERSIST_PRODUCTS is true, then the block gets the resolved path and true', () => {
    const config = configFrom({ DEMO_DATA_FILE: 'data.json', DEMO_PERSIST_PRODUCTS: 'true' });
    expect(gatewayValuesFor(config, 'demo', demoAdapterModule.configSchema)).toEqual({
      dataFile: path.resolve('data.json'),
      persistProducts: true,
    });
  });

  it('when an adapter’s variables are not gateway settings, then the gateway gives its block nothing', () => {
    expect(
      gatewayValuesFor(configFrom({}), 'fineract', fineractAdapterModule.configSchema),
    ).toEqual({});
  });

  it('when the Fineract adapter is built directly, then the schema defaults fill what is missing, once per call', () => {
    const first = withDefaults({ baseUrl: 'https://f.example/api', username: 'u', password: 'p' });
    expect(first).toEqual({
      baseUrl: 'https://f.example/api',
      username: 'u',
      password: 'p',
      tenant: 'default',
      customerIds: 'clientId',
      customers: {},
      payeesSource: 'self-service-plugin',
      phoneCountryCode: '61',
      productCategories: {},
      connections: 16,
      pipelining: 1,
      connectTimeoutMs: 2000,
      headersTimeoutMs: 5000,
      bodyTimeoutMs: 10000,
      keepAliveTimeoutMs: 4000,
      pageSize: 100,
      emailIndexMaxClients: 1_000_000,
      emailIndexRefreshSeconds: 900,
      emailIndexAtStart: false,
      rejectUnauthorized: true,
    });
    const second = withDefaults({ baseUrl: 'https://f.example/api', username: 'u', password: 'p' });
    expect(second.customers).not.toBe(first.customers);
    expect(withDefaults({ ...first, tenant: undefined, pageSize: 7 })).toMatchObject({
      tenant: 'default',
      pageSize: 7,
    });
  });
});
