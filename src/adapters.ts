/**
 * The adapter registry: resolves `CORE_ADAPTER` to an adapter module and hands it its own
 * configuration block. The only place in `src/` that knows concrete adapters.
 *
 * `CORE_ADAPTER` is a built-in id (`demo`, `fineract`, `kraken`, `temenos`), a module path (starting with
 * `.` or `/`, resolved from the working directory) or a package name (resolved from the working
 * directory). A module exports its {@link AdapterModule} as `default`, as `adapterModule`, or as
 * the module itself.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { DemoDataError, demoAdapterModule } from '../adapters/demo';
import { fineractAdapterModule } from '../adapters/fineract';
import { krakenAdapterModule } from '../adapters/kraken';
import { temenosAdapterModule } from '../adapters/temenos';
import { PROXY_KIND, proxyAdapterModule } from './proxy/proxy-adapter';
import { missingMethodProblems } from './ports/port-methods';
import { adapterConfigFrom, adapterEnvName, adapterEnvPrefix } from './config/adapter-config';
import { type Config, ConfigError, gatewayValuesFor } from './config/config';
import type { Logger } from 'pino';
import type { CoreFamily, CoreLayout } from './config/core-layout';
import { shadowLayoutOf } from './config/shadow-layout';
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
  temenos: temenosAdapterModule,
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
 * Finds the adapter module `CORE_ADAPTER` (or an entry of `CORE_ADAPTERS`) names.
 * @param specifier a built-in id, a module path or a package name
 * @param cwd where paths and packages are resolved from, default the working directory
 * @param variable the variable that named it, for the error message
 * @throws ConfigError when it cannot be loaded or does not export an adapter module
 */
export function resolveAdapterModule(
  specifier: string,
  cwd = process.cwd(),
  variable = 'CORE_ADAPTER',
): AdapterModule {
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
        `${variable}: unknown adapter "${specifier}" (built in: ${BUILT_IN_ADAPTERS.join(', ')}; or give a module path or an installed package name)`,
      ]);
    }
    throw new ConfigError([
      `${variable}: cannot load "${specifier}" (${(err as Error).message.split('\n')[0]})`,
    ]);
  }
  return adapterModuleOf(exported, specifier, variable);
}

/**
 * The adapter module a loaded module exports: its `default`, its `adapterModule`, or the module
 * itself, with a valid id.
 * @param specifier what named the module, for the error message
 * @param variable the variable that named it, for the error message
 * @throws ConfigError when none of them is an adapter module
 */
export function adapterModuleOf(
  exported: unknown,
  specifier: string,
  variable = 'CORE_ADAPTER',
): AdapterModule {
  const namespace = exported as { default?: unknown; adapterModule?: unknown } | undefined;
  const module = [namespace?.default, namespace?.adapterModule, exported].find(isAdapterModule);
  if (!module) {
    throw new ConfigError([
      `${variable}: "${specifier}" exports no adapter module (expected { id, configSchema, create } as default, adapterModule or module.exports)`,
    ]);
  }
  if (!ADAPTER_ID.test(module.id)) {
    throw new ConfigError([
      `${variable}: "${specifier}" has adapter id "${module.id}"; ids are lower-case letters, digits and dashes`,
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

/** The variable that named an instance: `CORE_ADAPTERS` for a family it names, else `CORE_ADAPTER`. */
export const variableOf = (spec: { readonly named: readonly CoreFamily[] }) =>
  spec.named.length > 0 ? 'CORE_ADAPTERS' : 'CORE_ADAPTER';

/** Runs `fn`, adding the problems of a ConfigError it throws to `problems`. */
function collecting<T>(problems: string[], fn: () => T): T | undefined {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    problems.push(...err.problems);
    return undefined;
  }
}

/**
 * The modules of the layout's instances with their final ids; every instance is looked for, so
 * that one error names every module that cannot be loaded. @throws ConfigError
 */
export function resolveInstanceModules(
  layout: CoreLayout,
): (Omit<CoreInstance, 'adapter' | 'block'> & { module: AdapterModule })[] {
  const problems: string[] = [];
  const resolved = layout.instances.flatMap((spec) => {
    const module = collecting(problems, () =>
      resolveAdapterModule(spec.kind, undefined, variableOf(spec)),
    );
    return module ? [{ ...spec, id: spec.id ?? module.id, module }] : [];
  });
  if (problems.length > 0) throw new ConfigError(problems);
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

/** Problems of a data file shown at most: the first ones locate the fault. */
const MAX_DATA_PROBLEMS = 50;

/**
 * The problems an adapter's `create` reported: a ConfigError's, or a demo data file that cannot
 * be used (named by the variable that set it); undefined for any other failure.
 */
function creationProblems(id: string, err: unknown): string[] | undefined {
  if (err instanceof ConfigError) return err.problems;
  if (err instanceof DemoDataError) {
    const variable = adapterEnvName(id, 'dataFile');
    const shown = err.problems
      .slice(0, MAX_DATA_PROBLEMS)
      .map((p) => `${variable}: ${err.file}: ${p}`);
    const more = err.problems.length - shown.length;
    return more > 0 ? [...shown, `${variable}: ${err.file}: ... and ${more} more`] : shown;
  }
  return undefined;
}

/** A resolved instance, its module loaded, not created yet. */
type ResolvedInstance = Omit<CoreInstance, 'adapter' | 'block'> & { module: AdapterModule };

/**
 * Creates each of `resolved` with its own block and a logger labelled with its id (and `labels`),
 * then runs `check` on it. Every instance's problems are gathered into one error; the instances
 * created are closed when there is one. @throws ConfigError
 * @param ids every instance id, live and candidate: a prefix extending another's is not unknown
 */
async function createEach(
  config: Config,
  logger: Logger,
  resolved: readonly ResolvedInstance[],
  ids: readonly string[],
  check: (instance: CoreInstance) => void,
  labels: Record<string, unknown> = {},
): Promise<CoreInstance[]> {
  const problems: string[] = [];
  const blocks = resolved.map(({ id, module }) =>
    collecting(problems, () => instanceConfigBlock(config, id, module, ids)),
  );
  if (problems.length > 0) throw new ConfigError(problems);
  const created: CoreInstance[] = [];
  try {
    for (const [i, { module, ...instance }] of resolved.entries()) {
      const { id } = instance;
      const block = blocks[i]!;
      const log = logger.child({ adapter: id, ...labels });
      if (block.unknownVariables.length > 0) {
        // `log` is already labelled with the adapter: a second `adapter` would repeat the key.
        log.warn(
          { variables: block.unknownVariables },
          'variables with the adapter prefix that name no setting of the adapter',
        );
      }
      let adapter: CoreAdapter;
      try {
        adapter = await module.create({ config: block.config, log });
      } catch (err) {
        const found = creationProblems(id, err);
        if (!found) throw err;
        problems.push(...found);
        continue;
      }
      created.push({ ...instance, block: block.config, adapter });
      collecting(problems, () => check(created.at(-1)!));
    }
    if (problems.length > 0) throw new ConfigError(problems);
  } catch (err) {
    await Promise.allSettled(created.map((c) => c.adapter.close?.()));
    throw err;
  }
  return created;
}

/** The ids of the shadow candidates (SHADOW_ADAPTERS), when it reads; else none. */
const candidateIdsOf = (config: Config): string[] =>
  shadowLayoutOf(config.shadow.adapters, undefined).layout?.candidates.map((c) => c.id) ?? [];

/**
 * Creates every adapter instance of the configured layout, each with its own block and a logger
 * labelled with its id. Every instance's problems are gathered into one error: its block, its
 * creation, a family named in `CORE_ADAPTERS` it has no port for, a port method its families
 * need that it lacks. @throws ConfigError
 */
export async function createCoreInstances(config: Config, logger: Logger): Promise<CoreInstance[]> {
  const resolved = resolveInstanceModules(config.cores);
  const ids = [...resolved.map((r) => r.id), ...candidateIdsOf(config)];
  return createEach(config, logger, resolved, ids, missingPortProblem);
}

/**
 * The candidates of `SHADOW_ADAPTERS`, their modules loaded: refused when one is a pass-through
 * (its answers are an upstream's bytes, not records to compare), has a live instance's id (a
 * module naming itself is known only now), or shadows a family that is passed through (its reads
 * never reach a port). @throws ConfigError
 */
function resolveCandidates(config: Config, live: readonly ResolvedInstance[]): ResolvedInstance[] {
  const { layout, problems } = shadowLayoutOf(config.shadow.adapters, config.cores);
  for (const { id, kind, families } of layout?.candidates ?? []) {
    if (kind === PROXY_KIND)
      problems.push(
        `SHADOW_ADAPTERS: "${id}" is a pass-through instance, which cannot be a candidate`,
      );
    if (live.some((i) => i.id === id))
      problems.push(`SHADOW_ADAPTERS: "${id}" is a live instance's id; a candidate needs its own`);
    for (const family of families) {
      if (live.find((i) => i.families.includes(family))?.kind === PROXY_KIND)
        problems.push(
          `SHADOW_ADAPTERS: the ${family} family is passed through to an upstream: its reads reach no port to shadow`,
        );
    }
  }
  const resolved = (problems.length > 0 ? [] : layout!.candidates).flatMap((c) => {
    const module = collecting(problems, () =>
      resolveAdapterModule(c.kind, undefined, 'SHADOW_ADAPTERS'),
    );
    return module ? [{ ...c, named: c.families, module }] : [];
  });
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  return resolved;
}

/**
 * The shadow candidates' modules with their ids, none created (their variables are known ones,
 * not misspelt settings: start-warnings.ts). @throws ConfigError
 */
export function resolveShadowModules(config: Config): ResolvedInstance[] {
  if (config.shadow.adapters === undefined) return [];
  return resolveCandidates(config, resolveInstanceModules(config.cores));
}

/** A candidate without the port, or a required method of the port, of a family it shadows. */
function candidatePortProblem(instance: CoreInstance): void {
  const missing = instance.families.filter((family) => !instance.adapter[PORT_OF_FAMILY[family]]);
  const problems = [
    ...missing.map(
      (family) =>
        `SHADOW_ADAPTERS: adapter "${instance.id}" has no ${PORT_OF_FAMILY[family]} port for the ${family} family`,
    ),
    ...missingMethodProblems(instance).map((p) =>
      p.replace(/^CORE_ADAPTERS?:/, 'SHADOW_ADAPTERS:'),
    ),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
}

/**
 * Creates the shadow candidates of `SHADOW_ADAPTERS` (none when it is unset), each as a live
 * instance is created: its block from `<ID>_<PROPERTY>`, validated, and a logger labelled with
 * its id and `shadow: true`. `families` (and `named`) are the families it shadows: it serves
 * none. Every problem is gathered into one error, as for the live instances. @throws ConfigError
 */
export async function createShadowInstances(
  config: Config,
  logger: Logger,
): Promise<CoreInstance[]> {
  if (config.shadow.adapters === undefined) return [];
  const live = resolveInstanceModules(config.cores);
  const resolved = resolveCandidates(config, live);
  const ids = [...live, ...resolved].map((r) => r.id);
  return createEach(config, logger, resolved, ids, candidatePortProblem, { shadow: true });
}

/**
 * Families `CORE_ADAPTERS` names for an adapter that has no port for them, and port methods its
 * families need that it lacks. @throws ConfigError
 */
function missingPortProblem(instance: CoreInstance): void {
  // A pass-through instance serves every family it is given: its upstream speaks the interface.
  if (instance.kind === PROXY_KIND) return;
  const missing = instance.named.filter((family) => !instance.adapter[PORT_OF_FAMILY[family]]);
  const problems = [
    ...missing.map(
      (family) =>
        `CORE_ADAPTERS: adapter "${instance.id}" has no ${PORT_OF_FAMILY[family]} port for the ${family} family`,
    ),
    ...missingMethodProblems(instance),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
}
