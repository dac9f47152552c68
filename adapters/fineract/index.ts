/**
 * The Apache Fineract adapter module: id `fineract`, configured by the `FINERACT_*` variables of
 * its configuration block (see `fineractConfigSchema`).
 */
import type { AdapterModule } from '@data-holder-gateway/adapter-sdk';
import { createFineractAdapter } from './fineract.adapter';
import { fineractConfigSchema, type FineractSettings } from './fineract-config';

export const fineractAdapterModule: AdapterModule = {
  id: 'fineract',
  configSchema: fineractConfigSchema,
  async create({ config, log }) {
    return createFineractAdapter(config as unknown as FineractSettings, log);
  },
};

export { MAX_PARALLEL } from './fineract-accounts';
export { createFineractAdapter, type FineractAdapter } from './fineract.adapter';
export {
  fineractConfigSchema,
  withDefaults,
  type FineractConfig,
  type FineractCustomerEntry,
  type FineractCustomerIdMode,
  type FineractPayeesSource,
  type FineractSettings,
} from './fineract-config';
export { parseFineractJson } from './fineract-client';
