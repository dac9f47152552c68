/** The demo adapter module: id `demo`, configured by `DEMO_DATA_FILE` and `DEMO_PERSIST_PRODUCTS`. */
import type { AdapterModule } from '../../src/ports';
import { createDemoAdapter } from './demo.adapter';
import { loadDemoData } from './demo-data';

export const demoAdapterModule: AdapterModule = {
  id: 'demo',
  configSchema: {
    type: 'object',
    required: ['dataFile'],
    properties: {
      dataFile: {
        type: 'string',
        minLength: 1,
        description: 'Path of the data set (DEMO_DATA_FILE).',
      },
      persistProducts: {
        type: 'boolean',
        default: false,
        description:
          'Whether product writes are saved back to the data file (DEMO_PERSIST_PRODUCTS).',
      },
    },
  },
  async create({ config }) {
    const dataFile = config.dataFile as string;
    return createDemoAdapter(loadDemoData(dataFile), {
      dataFile,
      persistProducts: config.persistProducts === true,
    });
  },
};

export { createDemoAdapter } from './demo.adapter';
export { DemoDataError, loadDemoData, validateDemoData } from './demo-data';
