/**
 * The embedded demo core: serves a data set file (docs/demo-core.md) in-process. Platform teams
 * integrate against it, holders try the gateway on it, and the tests run on it.
 * One file per port; this one puts them together.
 */
import type { CoreAdapter } from '@data-holder-gateway/adapter-sdk';
import { demoBankingPort } from './demo-banking';
import { demoAuthorisationPort, demoCustomerPort } from './demo-common';
import type { DemoData } from './demo-data';
import { demoEnergyPort } from './demo-energy';
import { demoFdxPort } from './demo-fdx';
import { demoProductsPort } from './demo-products';
import { DemoStore } from './demo-store';

/** How the demo adapter treats its data file. */
export interface DemoAdapterOptions {
  /** The data set's file (DEMO_DATA_FILE). */
  dataFile?: string;
  /** Whether product writes are saved back to `dataFile` (DEMO_PERSIST_PRODUCTS), default false. */
  persistProducts?: boolean;
}

/** Builds the demo adapter over a validated data set. */
export function createDemoAdapter(data: DemoData, options: DemoAdapterOptions = {}): CoreAdapter {
  const store = new DemoStore(data);
  return {
    id: 'demo',
    authorisation: demoAuthorisationPort(store),
    customer: demoCustomerPort(store),
    banking: demoBankingPort(store),
    energy: demoEnergyPort(store),
    fdx: demoFdxPort(store),
    products: demoProductsPort(store, {
      persistFile: options.persistProducts ? options.dataFile : undefined,
    }),
  };
}
