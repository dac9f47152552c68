/**
 * The template adapter and the shipped adapters (demo, Fineract) pass the exported adapter contract suite
 * (`@data-holder-gateway/adapter-sdk/contract`), each against its own core and fixtures.
 */
import path from 'node:path';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import { fineractAdapterModule } from '../../adapters/fineract';
import { adapterModule as templateAdapterModule } from '../../adapters/template';
import { startFineractSimulator } from '../../adapters/fineract/simulator/simulator';
import { CONTACTS_DATATABLE } from '../../adapters/fineract/simulator/dataset';
import { adapterConfigFrom } from '../../src/config/adapter-config';
import {
  CONTRACT_CHECKS,
  describeAdapterContract,
  type AdapterContractFixtures,
  type OptionalPort,
} from '@data-holder-gateway/adapter-sdk/contract';
import templateContract from '../../adapters/template/fixtures/contract-fixtures.json';
import { silentLog } from '../kit/load-adapter';
import {
  startTemplateCore,
  TEMPLATE_CORE_API_KEY,
} from '../../adapters/template/test/template-core';

// (a) The embedded demo core over the bundled sample (in memory: nothing to abort).
describeAdapterContract({
  name: 'demo over sample.json',
  ports: ['banking', 'energy', 'fdx', 'products'],
  fixtures: {
    customerId: 'c-1001',
    otherCustomerId: 'c-1002',
    emptyCustomerId: 'c-1003',
    unknownCustomerId: 'c-9999',
    customerEmail: 'jane.citizen@example.com',
    fdx: { accountId: 'acc-b-1001-01', minTransactions: 120, minAssetTransferNetworks: 3 },
    refusals: {
      accounts: [
        { customerId: 'c-2001', accountId: 'acc-b-2001-02', reason: 'blocked' },
        { customerId: 'c-2001', accountId: 'acc-b-2001-03', reason: 'suspended' },
        { customerId: 'c-2001', accountId: 'acc-e-2001-02', reason: 'blocked' },
      ],
      harmCustomerId: 'c-2002',
    },
  },
  setup: async () => ({
    adapter: createDemoAdapter(
      loadDemoData(path.resolve(__dirname, '../../adapters/demo/data/sample.json')),
    ),
  }),
});

// (b) The template adapter over its loopback core, configured the way the gateway does it:
// from TEMPLATE_* variables through its configSchema, with the fixtures it ships (those a
// project made by new-adapter runs). It shows every optional method of the ports it serves and
// every kind of refusal, so no check of them may pass with nothing to check (it serves no
// energy: those checks run on the demo core).
describeAdapterContract({
  name: 'template over its loopback core',
  ports: templateContract.ports as OptionalPort[],
  fixtures: templateContract.fixtures as AdapterContractFixtures,
  expectChecked: CONTRACT_CHECKS.filter((check) => !check.startsWith('energy.')),
  setup: async () => {
    const core = await startTemplateCore();
    const { config } = adapterConfigFrom('template', templateAdapterModule.configSchema, {
      TEMPLATE_BASE_URL: core.url,
      TEMPLATE_API_KEY: TEMPLATE_CORE_API_KEY,
      TEMPLATE_CONNECTIONS: '4',
    });
    const adapter = await templateAdapterModule.create({ config, log: silentLog });
    return { adapter, teardown: () => core.close() };
  },
});

// (c) The Fineract adapter over the Fineract simulator (recorded Fineract payloads on loopback),
// configured from FINERACT_* variables. Client 1 holds every account kind and sav-1 has over a
// hundred transactions; client 2 has accounts of their own; client 3 has none. Client 1 reads
// its payees with its self-service user.
describeAdapterContract({
  name: 'fineract over the simulator',
  ports: ['banking', 'fdx'],
  fixtures: {
    customerId: '1',
    otherCustomerId: '2',
    emptyCustomerId: '3',
    unknownCustomerId: '999',
    customerEmail: 'jane.citizen@example.com',
    fdx: { accountId: 'sav-1', minTransactions: 100 },
    abortsOnSignal: true,
    // Client 4: sav-8's sub-status blocks it, sav-9 is on hold for a transfer.
    refusals: {
      accounts: [
        { customerId: '4', accountId: 'sav-8', reason: 'blocked' },
        { customerId: '4', accountId: 'sav-9', reason: 'suspended' },
      ],
    },
  },
  setup: async () => {
    const sim = await startFineractSimulator({ port: 0 });
    const { config } = adapterConfigFrom('fineract', fineractAdapterModule.configSchema, {
      FINERACT_BASE_URL: sim.url,
      FINERACT_USERNAME: 'mifos',
      FINERACT_PASSWORD: 'password',
      FINERACT_BSB: '012-345',
      FINERACT_CONTACTS_DATATABLE: CONTACTS_DATATABLE,
      FINERACT_CUSTOMERS: JSON.stringify({
        '1': { selfServiceUsername: 'client1', selfServicePassword: 'client1-pass' },
      }),
    });
    const adapter = await fineractAdapterModule.create({ config, log: silentLog });
    return { adapter, teardown: () => sim.close() };
  },
});
