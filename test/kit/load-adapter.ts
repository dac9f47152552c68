/**
 * Loading a holder's adapter module the way the gateway does (`CORE_ADAPTER=<path or package>`),
 * for the contract suite. Modules are loaded through jest's own `require`, so a module path may
 * point at TypeScript source as well as at compiled JavaScript.
 */
import fs from 'node:fs';
import path from 'node:path';
import { adapterModuleOf } from '../../src/adapters';
import { adapterConfigFrom } from '../../src/config/adapter-config';
import type { AdapterContext, AdapterModule, CoreAdapter } from '../../src/ports';
import type {
  AdapterContractFixtures,
  OptionalPort,
} from '@data-holder-gateway/adapter-sdk/contract';

/** A logger that drops everything (adapters must log no personal data anyway). */
export const silentLog: AdapterContext['log'] = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/**
 * Loads the {@link AdapterModule} a specifier names: a path (starting with `.` or `/`, resolved
 * against `cwd`) or a package name (resolved from `cwd`). The module exports it as `default`, as
 * `adapterModule`, or as `module.exports` itself.
 * @param cwd where paths and packages are resolved from; default the working directory
 */
export async function loadAdapterModule(
  specifier: string,
  cwd: string = process.cwd(),
): Promise<AdapterModule> {
  const isPath = specifier.startsWith('.') || path.isAbsolute(specifier);
  const resolved = isPath
    ? path.resolve(cwd, specifier)
    : require.resolve(specifier, { paths: [cwd] });
  return adapterModuleOf(await import(resolved), specifier);
}

/** Options of {@link createAdapterFromModule}. */
export interface CreateFromModuleOptions {
  /** Variables the configuration block is read from (`<ID>_<PROPERTY>`); default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Where the specifier is resolved from; default the working directory. */
  cwd?: string;
  /** The adapter's logger; default {@link silentLog}. */
  log?: AdapterContext['log'];
}

/**
 * Loads an adapter module and creates its adapter with the configuration block the gateway
 * would give it: read from `<ID>_<PROPERTY>` variables, validated against its configSchema with
 * defaults applied (`src/config/adapter-config.ts`, the gateway's own code).
 * @throws ConfigError naming every bad variable
 */
export async function createAdapterFromModule(
  specifier: string,
  options: CreateFromModuleOptions = {},
): Promise<CoreAdapter> {
  const module = await loadAdapterModule(specifier, options.cwd);
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.env ?? process.env)) {
    if (value !== undefined) variables[name] = value;
  }
  const { config } = adapterConfigFrom(module.id, module.configSchema, variables);
  return module.create({ config, log: options.log ?? silentLog });
}

/** The fixtures file of `run-adapter-contract.ts` (JSON). */
export interface AdapterFixturesFile {
  /** Shown in the test titles; default the module's specifier. */
  name?: string;
  /** The optional ports the adapter serves. */
  ports: OptionalPort[];
  fixtures: AdapterContractFixtures;
}

/** Reads and checks the shape of a fixtures file. */
export function readFixturesFile(file: string): AdapterFixturesFile {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<AdapterFixturesFile>;
  const problems: string[] = [];
  if (!Array.isArray(parsed.ports)) problems.push('"ports" must be an array of port names');
  const f = parsed.fixtures as Partial<AdapterContractFixtures> | undefined;
  if (!f || typeof f !== 'object') problems.push('"fixtures" must be an object');
  else {
    if (typeof f.customerId !== 'string') problems.push('"fixtures.customerId" must be a string');
    if (typeof f.unknownCustomerId !== 'string')
      problems.push('"fixtures.unknownCustomerId" must be a string');
  }
  if (problems.length > 0) throw new Error(`${file}:\n  ${problems.join('\n  ')}`);
  return parsed as AdapterFixturesFile;
}
