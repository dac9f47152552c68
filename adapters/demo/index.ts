/** The demo adapter module: id `demo`, configured by `DEMO_DATA_FILE` and `DEMO_PERSIST_PRODUCTS`. */
import type { AdapterModule } from '@data-holder-gateway/adapter-sdk';
import { createDemoAdapter } from './demo.adapter';
import { demoConfigSchema, type DemoConfig } from './demo-config';
import { loadDemoData } from './demo-data';

export const demoAdapterModule: AdapterModule = {
  id: 'demo',
  configSchema: demoConfigSchema,
  async create({ config }) {
    // The gateway validated the block against demoConfigSchema.
    const { dataFile, persistProducts } = config as DemoConfig;
    return createDemoAdapter(loadDemoData(dataFile), { dataFile, persistProducts });
  },
};

export { createDemoAdapter } from './demo.adapter';
export { demoConfigSchema, type DemoConfig } from './demo-config';
export { DemoDataError, loadDemoData, validateDemoData } from './demo-data';
