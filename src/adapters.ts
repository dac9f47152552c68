/**
 * The adapter registry: resolves `CORE_ADAPTER` to an adapter module and hands it its own
 * configuration block. The only place in `src/` that knows concrete adapters.
 */
import { demoAdapterModule } from '../adapters/demo';
import type { Config } from './config/config';
import { ConfigError } from './config/config';
import type { AdapterContext, AdapterModule, CoreAdapter } from './ports';

const BUILT_IN: Record<string, AdapterModule> = { demo: demoAdapterModule };

/** The configuration block of each built-in adapter, from the operator contract. */
function configBlock(config: Config, id: string): Record<string, unknown> {
  if (id === 'demo')
    return { dataFile: config.demoDataFile, persistProducts: config.demoPersistProducts };
  return {};
}

/** Creates the configured adapter. @throws ConfigError for an unknown adapter id */
export async function createConfiguredAdapter(
  config: Config,
  log: AdapterContext['log'],
): Promise<CoreAdapter> {
  const module = BUILT_IN[config.coreAdapter];
  if (!module) {
    throw new ConfigError([
      `CORE_ADAPTER: unknown adapter "${config.coreAdapter}" (known: ${Object.keys(BUILT_IN).join(', ')})`,
    ]);
  }
  return module.create({ config: configBlock(config, module.id), log });
}
