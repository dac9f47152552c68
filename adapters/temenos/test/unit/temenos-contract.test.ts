/**
 * The Temenos adapter passes the adapter contract suite (`@data-holder-gateway/adapter-sdk/contract`)
 * over the Temenos simulator, configured the way the gateway does it: from TEMENOS_* variables
 * (those `npm run temenos:sim` prints) through its configSchema, with the fixtures file
 * `npm run test:adapter` reads (adapters/temenos/fixtures/contract-fixtures.json). Customer 100100
 * holds every account kind and the joint account with 100200 (allowed: only ids exclusive to one
 * of them are checked for isolation); the everyday account has over two hundred transactions. A
 * page size of 50 makes the adapter walk Transact's pages.
 */
import {
  CONTRACT_CHECKS,
  describeAdapterContract,
  type AdapterContractFixtures,
  type OptionalPort,
} from '@data-holder-gateway/adapter-sdk/contract';
import type { AdapterContext } from '@data-holder-gateway/adapter-sdk';
import { adapterConfigFrom } from '../../../../src/config/adapter-config';
import { temenosAdapterModule } from '../..';
import contract from '../../fixtures/contract-fixtures.json';
import { temenosGatewaySettings } from '../../simulator/gateway-settings';
import { startTemenosSimulator } from '../../simulator/simulator';

const silentLog: AdapterContext['log'] = { info() {}, warn() {}, error() {} };

describeAdapterContract({
  name: contract.name,
  ports: contract.ports as OptionalPort[],
  fixtures: contract.fixtures as AdapterContractFixtures,
  // Every check of what Transact holds runs and checks something: no energy, no refusals (Transact
  // documents no block on these reads), and text is searched, never ignored.
  expectChecked: CONTRACT_CHECKS.filter(
    (check) =>
      !check.startsWith('energy.') &&
      !check.startsWith('refusals') &&
      check !== 'banking.listTransactions(textIgnored)',
  ),
  setup: async () => {
    const sim = await startTemenosSimulator({ port: 0 });
    const settings = Object.fromEntries(temenosGatewaySettings(sim));
    const { config } = adapterConfigFrom('temenos', temenosAdapterModule.configSchema, {
      ...settings,
      TEMENOS_PAGE_SIZE: '50',
    });
    const adapter = await temenosAdapterModule.create({ config, log: silentLog });
    return { adapter, teardown: () => sim.close() };
  },
});
