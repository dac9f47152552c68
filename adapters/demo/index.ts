/** The demo adapter module: id `demo`, configured by `DEMO_DATA_FILE`. */
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
    },
  },
  async create({ config }) {
    return createDemoAdapter(loadDemoData(config.dataFile as string));
  },
};

export { createDemoAdapter } from './demo.adapter';
export { DemoDataError, loadDemoData, validateDemoData } from './demo-data';
