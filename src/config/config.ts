/**
 * Configuration: environment (and an optional JSON file) -> the settings table's JSON Schema,
 * with a default and a description for every key -> env-schema (ajv) -> one error naming every
 * bad key -> a frozen object. Nothing outside `src/config/` reads `process.env`.
 */
import fs from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { adapterEnvName, adapterEnvPrefix, blockProperties } from './adapter-config';
import { ConfigError } from './config-error';
import { coreLayoutOf, type CoreLayout, isDemoOnly } from './core-layout';
import { shadowLayoutOf } from './shadow-layout';
import {
  CONFIG_FILE_SETTING,
  GATEWAY_SETTINGS,
  holderSubdomainOf,
  KEY_NAMESPACE_PATTERN,
  layoutOfValues,
} from './gateway.settings';
import { convertText, problemOf, type ReadableSchema, validateValues } from './read-settings';
import { type ConfigOf, landValues, type Setting, settingsOf, type SettingValues } from './setting';
import { trustProxyProblems } from './trust-proxy';

export { ConfigError } from './config-error';
export { ALLOWED_JWT_ALGORITHMS } from './gateway.settings';

/**
 * The validated, frozen configuration of one gateway process: each field is documented by its
 * entry in `GATEWAY_SETTINGS` (variable, default, meaning) and in docs/configuration.md.
 */
export type Config = ConfigOf<typeof GATEWAY_SETTINGS> & {
  /**
   * Variables (environment and `CONFIG_FILE`) that are not gateway settings, by name: the source of
   * the adapter's configuration block (`<ID>_<PROPERTY>`, see `src/config/adapter-config.ts`).
   */
  readonly adapterSettings: Readonly<Record<string, string>>;
};

/** Every variable the gateway reads, with its schema, default and meaning, in table order. */
export const SETTINGS: readonly Setting[] = [
  ...settingsOf(GATEWAY_SETTINGS).map((s) => s.setting),
  CONFIG_FILE_SETTING,
];

const SETTING_BY_NAME = new Map(SETTINGS.map((s) => [s.env, s]));

// Defaults are applied by readVariables, before validation, so that the cross-setting checks see
// them even when another setting is bad.
const ajv = new Ajv({ allErrors: true, strict: true, strictSchema: false });
addFormats(ajv, ['uri', 'date-time']);
/** The one JSON Schema of the gateway's variables (compiled once: ajv caches it by identity). */
const GATEWAY_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: Object.fromEntries(SETTINGS.map((s) => [s.env, s.schema])),
};

function readConfigFile(file: string, problems: string[]): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      problems.push(`CONFIG_FILE: ${file} must hold a JSON object of VARIABLE: value pairs`);
      return {};
    }
    return parsed as Record<string, unknown>;
  } catch (err) {
    problems.push(`CONFIG_FILE: cannot read ${file} (${(err as Error).message})`);
    return {};
  }
}

/** Variables of the environment and the config file that are not gateway settings (env wins). */
function otherVariables(
  env: Record<string, string | undefined>,
  fromFile: Record<string, unknown>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fromFile)) {
    if (SETTING_BY_NAME.has(name) || value === undefined || value === null) continue;
    out[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  for (const [name, value] of Object.entries(env)) {
    if (SETTING_BY_NAME.has(name) || value === undefined || value === '') continue;
    if (/^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name)) out[name] = value;
  }
  return out;
}

/**
 * The gateway's variables, converted to their schema types (an empty variable is unset), with the
 * default of every absent one.
 */
function readVariables(
  env: Record<string, string | undefined>,
  fromFile: Record<string, unknown>,
): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const { env: name, schema } of SETTINGS) {
    const value = env[name] !== undefined && env[name] !== '' ? env[name] : fromFile[name];
    if (value !== undefined) {
      raw[name] =
        typeof value === 'string' ? convertText(value, schema as ReadableSchema, 'comma') : value;
    } else if ('default' in schema) {
      raw[name] = structuredClone(schema.default as unknown);
    }
  }
  return raw;
}

/**
 * A Redis cache holds customer data outside the process: outside the demo core (whose data is
 * synthetic) it must be encrypted, unless the operator says in so many words that it need not be.
 */
function cacheEncryptionProblems(values: SettingValues, demo: boolean): string[] {
  const redisCache = values.CACHE_REDIS_URL !== undefined || redisModesOf(values).length > 0;
  const hasKey = values.CACHE_ENCRYPTION_KEY !== undefined;
  if (values.CACHE_ENCRYPTION === 'off') {
    return hasKey
      ? ['CACHE_ENCRYPTION: off contradicts CACHE_ENCRYPTION_KEY; unset one of them']
      : [];
  }
  if (values.CACHE_ENCRYPTION === 'on' && redisCache && !hasKey && !demo) {
    return [
      'CACHE_ENCRYPTION_KEY: required when the cache is in Redis (REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS or CACHE_REDIS_URL) and CORE_ADAPTER is not demo; or set CACHE_ENCRYPTION=off to store customer data in clear',
    ];
  }
  return [];
}

/**
 * Redis keys hold keyed digests of customer ids and addresses: outside the demo core, the key of
 * those digests is the operator's. It is derived from CACHE_ENCRYPTION_KEY, which the cache
 * already requires unless CACHE_ENCRYPTION=off: then REDIS_KEY_SECRET must say it. The namespace
 * defaults to the holder subdomain, which must then be one.
 */
function redisKeyProblems(values: SettingValues, demo: boolean): string[] {
  const problems: string[] = [];
  const inRedis = values.CACHE_REDIS_URL !== undefined || redisModesOf(values).length > 0;
  const keyed = values.REDIS_KEY_SECRET !== undefined || values.CACHE_ENCRYPTION_KEY !== undefined;
  if (inRedis && !demo && !keyed && values.CACHE_ENCRYPTION === 'off')
    problems.push(
      'REDIS_KEY_SECRET: required when Redis is in use (REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS or CACHE_REDIS_URL), CORE_ADAPTER is not demo and CACHE_ENCRYPTION=off (there is no CACHE_ENCRYPTION_KEY to derive it from)',
    );
  const subdomain = holderSubdomainOf(values);
  if (
    values.REDIS_KEY_NAMESPACE === undefined &&
    !new RegExp(KEY_NAMESPACE_PATTERN).test(subdomain)
  )
    problems.push(
      `REDIS_KEY_NAMESPACE: required, since HOLDER_SUBDOMAIN ${JSON.stringify(subdomain)} cannot be a key namespace (1 to 64 letters, digits, '.', '_', '-')`,
    );
  return problems;
}

const REDIS_MODE_SETTINGS = ['REDIS_URL', 'REDIS_CLUSTER_NODES', 'REDIS_SENTINELS'] as const;

/** The Redis settings given among the three that each choose a mode. */
function redisModesOf(values: SettingValues): string[] {
  return REDIS_MODE_SETTINGS.filter((name) => values[name] !== undefined);
}

/** One Redis mode at most, and the settings of a mode only with that mode. */
function redisProblems(values: SettingValues): string[] {
  const problems: string[] = [];
  const modes = redisModesOf(values);
  if (modes.length > 1)
    problems.push(`${modes.join(', ')}: set one Redis mode only (one server, Cluster or Sentinel)`);
  const cluster = values.REDIS_CLUSTER_NODES !== undefined;
  const sentinel = values.REDIS_SENTINELS !== undefined;
  for (const name of ['REDIS_CLUSTER_NODES', 'REDIS_SENTINELS']) {
    const list = typeof values[name] === 'string' ? (values[name] as string) : '';
    const bad = list.split(',').filter((item) => {
      const port = Number(item.trim().split(':').pop());
      return list !== '' && (port < 1 || port > 65535);
    });
    if (bad.length > 0) problems.push(`${name}: port out of range in ${bad.join(', ')}`);
  }
  if (sentinel && values.REDIS_SENTINEL_NAME === undefined)
    problems.push('REDIS_SENTINEL_NAME: required with REDIS_SENTINELS');
  if (!sentinel) {
    for (const name of ['REDIS_SENTINEL_NAME', 'REDIS_SENTINEL_PASSWORD']) {
      if (values[name] !== undefined) problems.push(`${name}: only with REDIS_SENTINELS`);
    }
  }
  if (!cluster && !sentinel) {
    for (const name of ['REDIS_USERNAME', 'REDIS_PASSWORD']) {
      if (values[name] !== undefined)
        problems.push(
          `${name}: only with REDIS_CLUSTER_NODES or REDIS_SENTINELS (put it in REDIS_URL)`,
        );
    }
  }
  if (cluster && typeof values.REDIS_WAIT_REPLICAS === 'number' && values.REDIS_WAIT_REPLICAS > 0)
    problems.push('REDIS_WAIT_REPLICAS: not supported with REDIS_CLUSTER_NODES');
  return problems;
}

/** Workers share what must be shared: the replay store (in Redis) and one metrics endpoint. */
function workersProblems(values: SettingValues): string[] {
  if (!((values.WORKERS as number) > 1)) return [];
  const problems: string[] = [];
  if (redisModesOf(values).length === 0)
    problems.push(
      'WORKERS: more than 1 needs a shared Redis (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS): the in-process replay store is not shared between workers',
    );
  if (values.METRICS_PORT === undefined)
    problems.push(
      "WORKERS: more than 1 needs METRICS_PORT, where the primary serves every worker's metrics",
    );
  return problems;
}

/**
 * The problems of `CORE_ADAPTER` and `CORE_ADAPTERS` together, and ids whose variables would be
 * read as gateway settings (`redis` would own `REDIS_URL`). A built-in adapter under its own id is
 * exempt: its variables that are gateway settings too are read once, by the gateway.
 */
function coreLayoutProblems(values: SettingValues): string[] {
  if (typeof values.CORE_ADAPTER !== 'string') return [];
  const { layout, problems } = coreLayoutOf(
    values.CORE_ADAPTER,
    values.CORE_ADAPTERS as string | undefined,
  );
  for (const { id, kind } of layout?.instances ?? []) {
    if (id !== undefined && id !== kind) problems.push(...settingClash('CORE_ADAPTERS', id));
  }
  return problems;
}

/** An instance id whose variables (`<ID>_*`) would be read as a gateway setting's. */
function settingClash(setting: string, id: string): string[] {
  const prefix = adapterEnvPrefix(id);
  const clash = SETTINGS.find((s) => s.env.startsWith(prefix));
  return clash
    ? [
        `${setting}: adapter id "${id}" would read gateway setting ${clash.env} as its own (${prefix}*); choose another id`,
      ]
    : [];
}

/**
 * The problems of `SHADOW_ADAPTERS` (src/config/shadow-layout.ts) beside the live layout, and
 * candidate ids whose variables would be read as gateway settings, as for `CORE_ADAPTERS`.
 */
function shadowAdaptersProblems(values: SettingValues): string[] {
  if (typeof values.SHADOW_ADAPTERS !== 'string') return [];
  const live =
    typeof values.CORE_ADAPTER === 'string'
      ? coreLayoutOf(values.CORE_ADAPTER, values.CORE_ADAPTERS as string | undefined).layout
      : undefined;
  const { layout, problems } = shadowLayoutOf(values.SHADOW_ADAPTERS, live);
  for (const { id, kind } of layout?.candidates ?? []) {
    if (id !== kind) problems.push(...settingClash('SHADOW_ADAPTERS', id));
  }
  return problems;
}

/** The checks one setting's schema cannot make: they relate several settings. */
function crossSettingProblems(values: SettingValues): string[] {
  const problems: string[] = [];
  // A value that is not an array has already been reported by the schema.
  const windows = Array.isArray(values.MAINTENANCE_WINDOWS)
    ? (values.MAINTENANCE_WINDOWS as { start?: unknown; end?: unknown }[])
    : [];
  for (const [i, w] of windows.entries()) {
    if (
      w &&
      typeof w.start === 'string' &&
      typeof w.end === 'string' &&
      Date.parse(w.end) <= Date.parse(w.start)
    ) {
      problems.push(`MAINTENANCE_WINDOWS: window ${i} ends before it starts`);
    }
  }
  if ((values.HTTP_HEADERS_TIMEOUT_MS as number) > (values.HTTP_REQUEST_TIMEOUT_MS as number))
    problems.push('HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS');
  problems.push(...coreLayoutProblems(values), ...shadowAdaptersProblems(values));
  const demo = isDemoOnly(layoutOfValues(values));
  const devKeysOptIn = values.HOLDER_DEV_KEYS === 'true';
  if (!demo && !devKeysOptIn && values.HOLDER_SUBDOMAIN === undefined)
    problems.push('HOLDER_SUBDOMAIN: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true');
  if (!demo && !devKeysOptIn && values.HOLDER_JWKS_URL === undefined)
    problems.push('HOLDER_JWKS_URL: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true');
  if (
    !demo &&
    devKeysOptIn &&
    values.HOLDER_JWKS_URL === undefined &&
    values.NODE_ENV === 'production'
  )
    problems.push(
      'HOLDER_DEV_KEYS: true is refused with NODE_ENV=production when CORE_ADAPTER is not demo (it trusts a key set the gateway made itself); set HOLDER_JWKS_URL and HOLDER_SUBDOMAIN',
    );
  problems.push(...cacheEncryptionProblems(values, demo), ...redisKeyProblems(values, demo));
  const opaqueIds = values.ID_ENCODING === 'opaque' || (values.ID_ENCODING === undefined && !demo);
  if (opaqueIds && !demo && !devKeysOptIn && values.ID_KEY_FILE === undefined)
    problems.push(
      "ID_KEY_FILE: required with opaque ids (the default unless CORE_ADAPTER is demo) unless HOLDER_DEV_KEYS=true; make one with `openssl rand -out id.key 32` and back it up, or set ID_ENCODING=raw to hand out the cores' own ids",
    );
  if (typeof values.TRUST_PROXY === 'string')
    problems.push(...trustProxyProblems(values.TRUST_PROXY));
  problems.push(...redisProblems(values), ...workersProblems(values));
  return problems;
}

/**
 * The configuration of an environment, or every problem of it; with problems, the core layout
 * still comes back when `CORE_ADAPTER` and `CORE_ADAPTERS` themselves are valid, so that the
 * adapters they name can be looked for in the same run.
 */
export function readConfiguration(env: Record<string, string | undefined> = process.env): {
  config?: Config;
  layout?: CoreLayout;
  /** With problems: the configuration as far as it reads (see partialConfig); never to serve. */
  partial?: Config;
  problems: string[];
} {
  try {
    return { config: loadConfig(env), problems: [] };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    const fromFile = env.CONFIG_FILE ? readConfigFile(env.CONFIG_FILE, []) : {};
    const values = readVariables(env, fromFile);
    const layout =
      typeof values.CORE_ADAPTER === 'string' && /^\S+$/.test(values.CORE_ADAPTER)
        ? layoutOfValues(values)
        : undefined;
    const partial = layout ? partialConfig(env, fromFile, values) : undefined;
    return { layout, partial, problems: err.problems };
  }
}

/**
 * A configuration with problems, as far as it reads: each setting valid on its own keeps its
 * value, any other its default (or none), and the checks between settings are skipped; so that
 * the checks that need a configuration (adapter blocks, platform key and store) still run and
 * every problem is named in one run. Undefined when even that does not land.
 */
function partialConfig(
  env: Record<string, string | undefined>,
  fromFile: Record<string, unknown>,
  raw: Record<string, unknown>,
): Config | undefined {
  const validation = validateValues(GATEWAY_SCHEMA, raw, ajv);
  const values = { ...raw };
  for (const error of validation.ok ? [] : validation.errors) {
    const setting = SETTING_BY_NAME.get(error.instancePath.split('/')[1] ?? '');
    if (!setting) continue;
    if ('default' in setting.schema) values[setting.env] = structuredClone(setting.schema.default);
    else delete values[setting.env];
  }
  try {
    return deepFreeze({
      ...landValues(GATEWAY_SETTINGS, values),
      adapterSettings: otherVariables(env, fromFile),
    } as Config);
  } catch {
    return undefined;
  }
}

/**
 * Builds the configuration from an environment (default `process.env`).
 * @throws ConfigError naming every bad setting
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const fromFile = env.CONFIG_FILE ? readConfigFile(env.CONFIG_FILE, problems) : {};
  const raw = readVariables(env, fromFile);
  const validation = validateValues(GATEWAY_SCHEMA, raw, ajv);
  const values = validation.ok ? validation.values : raw;
  if (!validation.ok) {
    for (const e of validation.errors) {
      problems.push(problemOf(e, e.instancePath.split('/')[1] ?? '', false));
    }
  }
  problems.push(...crossSettingProblems(values));
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  const config = {
    ...landValues(GATEWAY_SETTINGS, values),
    adapterSettings: otherVariables(env, fromFile),
  } as Config;
  return deepFreeze(config);
}

const LANDING_BY_NAME = new Map(settingsOf(GATEWAY_SETTINGS).map((s) => [s.setting.env, s.path]));

/**
 * The values an adapter block takes from the gateway's own settings, by property: a variable that
 * is both a gateway setting and a block variable (`DEMO_DATA_FILE`) is read once, by the gateway,
 * and the block gets the value as it landed in the configuration (resolved, defaulted).
 */
export function gatewayValuesFor(
  config: Config,
  adapterId: string,
  configSchema: object,
): Record<string, unknown> {
  const given: Record<string, unknown> = {};
  for (const property of Object.keys(blockProperties(configSchema))) {
    const at = LANDING_BY_NAME.get(adapterEnvName(adapterId, property));
    if (!at) continue;
    const value = at.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], config);
    if (value !== undefined) given[property] = value;
  }
  return given;
}

/** Builds a configuration for tests and embedders: `loadConfig` over the given variables only. */
export function configFrom(vars: Record<string, string | number | undefined>): Config {
  return loadConfig(
    Object.fromEntries(
      Object.entries(vars).map(([k, v]) => [k, v === undefined ? undefined : String(v)]),
    ),
  );
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
