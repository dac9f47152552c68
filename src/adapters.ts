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
import { PROXY_KIND, proxyAdapterModule } from './proxy/proxy-adapter';
import { adapterConfigFrom, adapterEnvPrefix } from './config/adapter-config';
import { type Config, ConfigError, gatewayValuesFor } from './config/config';
import type { Logger } from 'pino';
import type { CoreFamily, CoreLayout } from './config/core-layout';
import type { AdapterModule, CoreAdapter } from './ports';

/** The adapter port each family is served by. */
const PORT_OF_FAMILY = {
  banking: 'banking',
  energy: 'energy',
  common: 'customer',
  fdx: 'fdx',
  products: 'products',
} as const satisfies Record<CoreFamily, keyof CoreAdapter>;

const BUILT_IN: Readonly<Record<string, AdapterModule>> = {
  demo: demoAdapterModule,
  fineract: fineractAdapterModule,
  kraken: krakenAdapterModule,
  [PROXY_KIND]: proxyAdapterModule,
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
 * The configuration block of an adapter instance, from the variables named after its id; a
 * variable the gateway itself declares (the demo's data file) comes with the gateway's validated
 * value. Variables of another instance whose prefix extends this one's (`FINERACT_B_` beside
 * `FINERACT_`) are that instance's, not unknown ones.
 */
export function instanceConfigBlock(
  config: Config,
  id: string,
  module: AdapterModule,
  otherIds: readonly string[] = [],
): { config: Record<string, unknown>; unknownVariables: string[] } {
  const { config: block, unknownVariables } = adapterConfigFrom(
    id,
    module.configSchema,
    config.adapterSettings,
    gatewayValuesFor(config, id, module.configSchema),
  );
  const own = adapterEnvPrefix(id);
  const longer = otherIds.map(adapterEnvPrefix).filter((p) => p !== own && p.startsWith(own));
  return {
    config: block,
    unknownVariables: unknownVariables.filter((v) => !longer.some((p) => v.startsWith(p))),
  };
}

/** One adapter instance of the configured layout, created. */
export interface CoreInstance {
  /** The instance id: settings prefix, circuit, cache key and metric label. */
  readonly id: string;
  /** What `CORE_ADAPTER`/`CORE_ADAPTERS` named: a built-in id, a module path or a package. */
  readonly kind: string;
  readonly families: readonly CoreFamily[];
  /** The families `CORE_ADAPTERS` names for it. */
  readonly named: readonly CoreFamily[];
  /** Its validated configuration block. */
  readonly block: Readonly<Record<string, unknown>>;
  readonly adapter: CoreAdapter;
}

/** The modules of the layout's instances with their final ids. @throws ConfigError */
export function resolveInstanceModules(
  layout: CoreLayout,
): (Omit<CoreInstance, 'adapter' | 'block'> & { module: AdapterModule })[] {
  const resolved = layout.instances.map((spec) => {
    const module = resolveAdapterModule(spec.kind);
    return { ...spec, id: spec.id ?? module.id, module };
  });
  const ids = resolved.map((r) => r.id);
  const twice = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  if (twice.length > 0) {
    throw new ConfigError(
      twice.map(
        (id) =>
          `CORE_ADAPTERS: two adapters have the id "${id}"; name them apart with family:id=adapter`,
      ),
    );
  }
  return resolved;
}

/**
 * Creates every adapter instance of the configured layout, each with its own block and a logger
 * labelled with its id. A family named in `CORE_ADAPTERS` whose adapter has no port for it stops
 * start-up. @throws ConfigError
 */
export async function createCoreInstances(config: Config, logger: Logger): Promise<CoreInstance[]> {
  const resolved = resolveInstanceModules(config.cores);
  const ids = resolved.map((r) => r.id);
  const created: CoreInstance[] = [];
  try {
    for (const { module, ...instance } of resolved) {
      const { id } = instance;
      const log = logger.child({ adapter: id });
      const block = instanceConfigBlock(config, id, module, ids);
      if (block.unknownVariables.length > 0) {
        // `log` is already labelled with the adapter: a second `adapter` would repeat the key.
        log.warn(
          { variables: block.unknownVariables },
          'variables with the adapter prefix that name no setting of the adapter',
        );
      }
      const adapter = await module.create({ config: block.config, log });
      created.push({ ...instance, block: block.config, adapter });
      missingPortProblem(created.at(-1)!);
    }
  } catch (err) {
    await Promise.allSettled(created.map((c) => c.adapter.close?.()));
    throw err;
  }
  return created;
}

/** Families `CORE_ADAPTERS` names for an adapter that has no port for them. @throws ConfigError */
function missingPortProblem(instance: CoreInstance): void {
  // A pass-through instance serves every family it is given: its upstream speaks the interface.
  if (instance.kind === PROXY_KIND) return;
  const missing = instance.named.filter((family) => !instance.adapter[PORT_OF_FAMILY[family]]);
  if (missing.length > 0) {
    throw new ConfigError(
      missing.map(
        (family) =>
          `CORE_ADAPTERS: adapter "${instance.id}" has no ${PORT_OF_FAMILY[family]} port for the ${family} family`,
      ),
    );
  }
}
