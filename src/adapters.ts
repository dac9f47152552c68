/**
 * The adapter registry: resolves `CORE_ADAPTER` to an adapter module and hands it its own
 * configuration block. The only place in `src/` that knows concrete adapters.
 *
 * `CORE_ADAPTER` is a built-in id (`demo`, `fineract`, `kraken`), a module path (starting with
 * `.` or `/`, resolved from the working directory) or a package name (resolved from the working
 * directory). A module exports its {@link AdapterModule} as `default`, as `adapterModule`, or as
 * the module itself.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { demoAdapterModule } from '../adapters/demo';
import { fineractAdapterModule } from '../adapters/fineract';
import { krakenAdapterModule } from '../adapters/kraken';
import { adapterConfigFrom } from './config/adapter-config';
import { type Config, ConfigError, gatewayValuesFor } from './config/config';
import type { AdapterContext, AdapterModule, CoreAdapter } from './ports';

const BUILT_IN: Readonly<Record<string, AdapterModule>> = {
  demo: demoAdapterModule,
  fineract: fineractAdapterModule,
  kraken: krakenAdapterModule,
};

/** Ids of the adapters shipped with the gateway. */
export const BUILT_IN_ADAPTERS = Object.keys(BUILT_IN);

const ADAPTER_ID = /^[a-z][a-z0-9-]*$/;

function isAdapterModule(value: unknown): value is AdapterModule {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<AdapterModule>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.create === 'function' &&
    typeof candidate.configSchema === 'object' &&
    candidate.configSchema !== null
  );
}

/**
 * Finds the adapter module `CORE_ADAPTER` names.
 * @param specifier a built-in id, a module path or a package name
 * @param cwd where paths and packages are resolved from, default the working directory
 * @throws ConfigError when it cannot be loaded or does not export an adapter module
 */
export function resolveAdapterModule(specifier: string, cwd = process.cwd()): AdapterModule {
  const builtIn = BUILT_IN[specifier];
  if (builtIn) return builtIn;
  const isPath = specifier.startsWith('.') || path.isAbsolute(specifier);
  const load = createRequire(path.join(cwd, 'core-adapter-loader.js'));
  let exported: unknown;
  try {
    exported = load(isPath ? path.resolve(cwd, specifier) : specifier);
  } catch (err) {
    const notFound = (err as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND';
    if (notFound && !isPath && ADAPTER_ID.test(specifier)) {
      throw new ConfigError([
        `CORE_ADAPTER: unknown adapter "${specifier}" (built in: ${BUILT_IN_ADAPTERS.join(', ')}; or give a module path or an installed package name)`,
      ]);
    }
    throw new ConfigError([
      `CORE_ADAPTER: cannot load "${specifier}" (${(err as Error).message.split('\n')[0]})`,
    ]);
  }
  return adapterModuleOf(exported, specifier);
}

/**
 * The adapter module a loaded module exports: its `default`, its `adapterModule`, or the module
 * itself, with a valid id.
 * @param specifier what named the module, for the error message
 * @throws ConfigError when none of them is an adapter module
 */
export function adapterModuleOf(exported: unknown, specifier: string): AdapterModule {
  const namespace = exported as { default?: unknown; adapterModule?: unknown } | undefined;
  const module = [namespace?.default, namespace?.adapterModule, exported].find(isAdapterModule);
  if (!module) {
    throw new ConfigError([
      `CORE_ADAPTER: "${specifier}" exports no adapter module (expected { id, configSchema, create } as default, adapterModule or module.exports)`,
    ]);
  }
  if (!ADAPTER_ID.test(module.id)) {
    throw new ConfigError([
      `CORE_ADAPTER: "${specifier}" has adapter id "${module.id}"; ids are lower-case letters, digits and dashes`,
    ]);
  }
  return module;
}

/**
 * The configuration block of an adapter, from its variables; a variable the gateway itself
 * declares (the demo's data file) comes with the gateway's validated value.
 */
function configBlock(
  config: Config,
  module: AdapterModule,
  log: AdapterContext['log'],
): Record<string, unknown> {
  const { config: block, unknownVariables } = adapterConfigFrom(
    module.id,
    module.configSchema,
    config.adapterSettings,
    gatewayValuesFor(config, module.id, module.configSchema),
  );
  if (unknownVariables.length > 0) {
    // `log` is already labelled with the adapter: a second `adapter` would repeat the key.
    log.warn(
      { variables: unknownVariables },
      'variables with the adapter prefix that name no setting of the adapter',
    );
  }
  return block;
}

/** Creates the configured adapter. @throws ConfigError for an unknown adapter or a bad block */
export async function createConfiguredAdapter(
  config: Config,
  log: AdapterContext['log'],
): Promise<CoreAdapter> {
  const module = resolveAdapterModule(config.coreAdapter);
  return module.create({ config: configBlock(config, module, log), log });
}
