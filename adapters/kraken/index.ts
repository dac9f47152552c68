/**
 * The Kraken adapter module: id `kraken`, configured by the `KRAKEN_*` variables of its
 * configuration block (see `krakenConfigSchema`).
 */
import type { AdapterModule } from '@data-holder-gateway/adapter-sdk';
import { createKrakenAdapter } from './kraken.adapter';
import { krakenConfigSchema, type KrakenSettings } from './kraken-config';

export const krakenAdapterModule: AdapterModule = {
  id: 'kraken',
  configSchema: krakenConfigSchema,
  async create({ config, log }) {
    return createKrakenAdapter(config as unknown as KrakenSettings, log);
  },
};

export { createKrakenAdapter, type KrakenAdapter } from './kraken.adapter';
export {
  krakenConfigSchema,
  withDefaults,
  type KrakenConfig,
  type KrakenSettings,
} from './kraken-config';
