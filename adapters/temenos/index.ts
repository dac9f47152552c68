/**
 * The Temenos Transact adapter module: id `temenos`, configured by the `TEMENOS_*` variables of
 * its configuration block (see `temenosConfigSchema`).
 */
import type { AdapterModule } from '@data-holder-gateway/adapter-sdk';
import { createTemenosAdapter } from './temenos.adapter';
import { temenosConfigSchema, type TemenosSettings } from './temenos-config';

export const temenosAdapterModule: AdapterModule = {
  id: 'temenos',
  configSchema: temenosConfigSchema,
  async create({ config, log }) {
    return createTemenosAdapter(config as unknown as TemenosSettings, log);
  },
};

// Also under the name a module path is loaded by, so that `npm run test:adapter` can run the
// contract suite on this folder against a real Transact (docs/temenos.md).
export { temenosAdapterModule as adapterModule };

export { MAX_PARALLEL } from './temenos-accounts';
export { createTemenosAdapter, type TemenosAdapter } from './temenos.adapter';
export {
  temenosConfigSchema,
  withDefaults,
  type TemenosConfig,
  type TemenosSettings,
} from './temenos-config';
export { parseTemenosJson, SERVICES } from './temenos-client';
export { MAX_PAGES } from './temenos-pages';
