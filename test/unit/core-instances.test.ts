/** Creating the adapter instances of a layout: blocks by id, ports per named family, ids apart. */
import path from 'node:path';
import pino from 'pino';
import {
  createCoreInstances,
  instanceConfigBlock,
  resolveInstanceModules,
} from '../../src/adapters';
import { fineractAdapterModule } from '../../adapters/fineract';
import { ConfigError, configFrom } from '../../src/config/config';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'adapters', 'holder-adapter.js');
const silent = pino({ level: 'silent' });

async function problemsOf(vars: Record<string, string>): Promise<string[]> {
  try {
    const instances = await createCoreInstances(
      configFrom({ HOLDER_DEV_KEYS: 'true', ...vars }),
      silent,
    );
    await Promise.all(instances.map((i) => i.adapter.close?.()));
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('the adapter instances', () => {
  it('when a family is named for an adapter without its port, then start-up stops naming both', async () => {
    expect(
      await problemsOf({
        CORE_ADAPTERS: 'banking:kraken',
        KRAKEN_BASE_URL: 'http://127.0.0.1:1/v1/graphql/',
        KRAKEN_API_KEY: 'k',
        KRAKEN_CUSTOMERS: '{}',
      }),
    ).toEqual(['CORE_ADAPTERS: adapter "kraken" has no banking port for the banking family']);
  });

  it('when two modules have one id and no id= tells them apart, then start-up stops', () => {
    const config = configFrom({
      HOLDER_DEV_KEYS: 'true',
      CORE_ADAPTER: FIXTURE,
      // The same module named two ways: two instances, one id.
      CORE_ADAPTERS: `banking:./${path.relative(process.cwd(), FIXTURE)}`,
    });
    expect(() => resolveInstanceModules(config.cores)).toThrow(
      /two adapters have the id "holder-kit"; name them apart with family:id=adapter/,
    );
  });

  it("when one instance's prefix extends another's, then its variables are not the other's unknowns", () => {
    const config = configFrom({
      HOLDER_DEV_KEYS: 'true',
      FINERACT_BASE_URL: 'http://127.0.0.1:1/api',
      FINERACT_USERNAME: 'u',
      FINERACT_PASSWORD: 'p',
      FINERACT_B_BASE_URL: 'http://127.0.0.1:2/api',
      FINERACT_B_USERNAME: 'u2',
      FINERACT_B_PASSWORD: 'p2',
      FINERACT_TYPO: 'x',
    });
    const block = instanceConfigBlock(config, 'fineract', fineractAdapterModule, [
      'fineract',
      'fineract-b',
    ]);
    expect(block.unknownVariables).toEqual(['FINERACT_TYPO']);
    expect(block.config).toMatchObject({ baseUrl: 'http://127.0.0.1:1/api' });
    const other = instanceConfigBlock(config, 'fineract-b', fineractAdapterModule, [
      'fineract',
      'fineract-b',
    ]);
    expect(other.config).toMatchObject({ baseUrl: 'http://127.0.0.1:2/api' });
  });
});
