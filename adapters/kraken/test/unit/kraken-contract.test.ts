/**
 * The Kraken adapter passes the adapter contract suite (test/kit/adapter-contract.ts) over the
 * Kraken simulator, configured the way the gateway does it: from KRAKEN_* variables through its
 * configSchema. Customer 1 has energy accounts (one closed), customer 3 has an account of their
 * own, customer 2 is an account user without energy accounts; a page size of 3 makes the adapter
 * walk Kraken's connections page by page.
 */
import path from 'node:path';
import { adapterConfigFrom } from '../../../../src/config/adapter-config';
import type { AdapterContext, CoreAdapter } from '../../../../src/ports';
import { krakenAdapterModule } from '../..';
import { startKrakenSimulator } from '../../simulator/simulator';

/** The part of the contract kit's interface this file uses. */
interface ContractKit {
  describeAdapterContract(options: {
    name: string;
    ports: string[];
    fixtures: Record<string, unknown>;
    setup(): Promise<{ adapter: CoreAdapter; teardown?: () => Promise<void> }>;
  }): void;
}
// Loaded by path, not imported: dependency-cruiser (`npm run lint`) follows the imports of
// adapters/, and the kit's own modules import each other in a cycle it reports.
const KIT = path.join(__dirname, '..', '..', '..', '..', 'test', 'kit', 'adapter-contract');
const { describeAdapterContract } = jest.requireActual<ContractKit>(KIT);
const silentLog: AdapterContext['log'] = { info() {}, warn() {}, error() {} };

describeAdapterContract({
  name: 'kraken over the simulator',
  ports: ['energy'],
  fixtures: {
    customerId: '1',
    otherCustomerId: '3',
    emptyCustomerId: '2',
    unknownCustomerId: '999',
    abortsOnSignal: true,
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
