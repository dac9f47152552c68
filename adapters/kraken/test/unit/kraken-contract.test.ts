/**
 * The Kraken adapter passes the adapter contract suite (`@data-holder-gateway/adapter-sdk/contract`) over the
 * Kraken simulator, configured the way the gateway does it: from KRAKEN_* variables through its
 * configSchema. Customer 1 has energy accounts (one closed), customer 3 has an account of their
 * own, customer 2 is an account user without energy accounts; a page size of 3 makes the adapter
 * walk Kraken's connections page by page.
 */
import { describeAdapterContract } from '@data-holder-gateway/adapter-sdk/contract';
import type { AdapterContext } from '@data-holder-gateway/adapter-sdk';
import { adapterConfigFrom } from '../../../../src/config/adapter-config';
import { krakenAdapterModule } from '../..';
import { startKrakenSimulator } from '../../simulator/simulator';
import { generateKrakenDataset } from '../../simulator/dataset';

const silentLog: AdapterContext['log'] = { info() {}, warn() {}, error() {} };
/** Customer 6's account in a family violence hardship agreement (the data set is seeded). */
const violenceAccount = generateKrakenDataset().users.find((u) => u.id === '306')!
  .accountNumbers[0]!;

describeAdapterContract({
  name: 'kraken over the simulator',
  ports: ['energy'],
  fixtures: {
    customerId: '1',
    otherCustomerId: '3',
    emptyCustomerId: '2',
    unknownCustomerId: '999',
    customerEmail: 'jane.citizen@example.com',
    abortsOnSignal: true,
    // Customer 7 is flagged for family issues; customer 6 holds an account in a family violence
    // hardship agreement.
    refusals: {
      accounts: [{ customerId: '6', accountId: violenceAccount, reason: 'harm' }],
      harmCustomerId: '7',
    },
  },
  setup: async () => {
    const sim = await startKrakenSimulator({ port: 0 });
    const { config } = adapterConfigFrom('kraken', krakenAdapterModule.configSchema, {
      KRAKEN_BASE_URL: sim.url,
      KRAKEN_API_KEY: sim.apiKey,
      KRAKEN_CUSTOMERS: JSON.stringify(sim.data.customers),
      KRAKEN_PAGE_SIZE: '3',
    });
    const adapter = await krakenAdapterModule.create({ config, log: silentLog });
    return { adapter, teardown: () => sim.close() };
  },
});
