/**
 * What a configuration that starts is warned about, for `check` to say before `serve` does: the
 * variables that look like a setting misspelt (logged by the preflight, so `serve` says them too),
 * and the warnings the gateway logs as it starts with such a configuration (the cache in clear,
 * the development digest key, platform clients in Redis only, resource attributes the tracing SDK
 * could not read). Each line is the text `serve` logs, word for word: a test compares the two.
 */
import { resolveInstanceModules, resolveShadowModules } from './adapters';
import { adapterEnvName, blockProperties } from './config/adapter-config';
import { type Config, ConfigError, SETTINGS } from './config/config';
import { lookalikeOf } from './config/read-settings';
import type { AdapterModule } from './ports';
import { redisTargetOf } from './stores/redis';
import { redisKeysOf } from './stores/redis-keys';

/**
 * Variables the libraries the gateway uses read themselves (documented in docs/operations.md):
 * never a misspelt setting, and what a misspelt one of them is told to be.
 */
const READ_BY_LIBRARIES = [
  'OTEL_RESOURCE_ATTRIBUTES',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
  'OTEL_EXPORTER_OTLP_TIMEOUT',
  'OTEL_EXPORTER_OTLP_TRACES_TIMEOUT',
  'OTEL_EXPORTER_OTLP_COMPRESSION',
  'OTEL_EXPORTER_OTLP_TRACES_COMPRESSION',
  'NODE_OPTIONS',
];

/** The variables of the instances `resolve` names (none when an adapter cannot be loaded). */
function variablesOf(resolve: () => readonly { id: string; module: AdapterModule }[]): string[] {
  try {
    return resolve().flatMap(({ id, module }) =>
      Object.keys(blockProperties(module.configSchema)).map((p) => adapterEnvName(id, p)),
    );
  } catch (err) {
    if (err instanceof ConfigError) return [];
    throw err;
  }
}

/**
 * The variables of every configured adapter instance, live (CORE_ADAPTERS) and shadow candidate
 * (SHADOW_ADAPTERS): the live ones' are known even when a candidate's adapter cannot be loaded.
 */
const instanceVariables = (config: Config): string[] => [
  ...variablesOf(() => resolveInstanceModules(config.cores)),
  ...variablesOf(() => resolveShadowModules(config)),
];

/**
 * One line per variable the gateway read that no setting, adapter or library reads, but that
 * looks like one that does (`HOLDER_JWKS_ULR`): its value is ignored, and the operator meant the
 * other. Names only, never values.
 */
export function misspeltVariables(config: Config): string[] {
  const known = [...SETTINGS.map((s) => s.env), ...READ_BY_LIBRARIES, ...instanceVariables(config)];
  const read = new Set(known);
  return Object.keys(config.adapterSettings)
    .filter((name) => !read.has(name))
    .flatMap((name) => {
      const meant = lookalikeOf(name, known);
      return meant ? [`${name} is not a setting, and is ignored: did you mean ${meant}?`] : [];
    });
}

/** The warnings the gateway logs as it starts with `config` (gateway.ts, the platform routes). */
export function gatewayStartWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const redis = redisTargetOf(config) !== undefined;
  const cacheInRedis = redis || config.resilience.cacheRedisUrl !== undefined;
  if (cacheInRedis && redisKeysOf(config).source === 'development')
    warnings.push(
      'REDIS_KEY_SECRET and CACHE_ENCRYPTION_KEY unset: ids and addresses in Redis keys are digested with a development key anyone can derive (demo core only)',
    );
  if (
    cacheInRedis &&
    !config.resilience.cacheEncryptionKey &&
    config.resilience.cacheEncryption === 'off'
  )
    warnings.push('CACHE_ENCRYPTION=off: cached customer data is stored in Redis in clear');
  if (redis && !config.platformClientsFile)
    warnings.push(
      'platform clients are kept in Redis only: a loss of its data loses them; set PLATFORM_CLIENTS_FILE to keep a copy that restores them',
    );
  return warnings;
}

/**
 * The tracing SDK's warning about OTEL_RESOURCE_ATTRIBUTES when tracing is on (the SDK is loaded
 * only then, as the gateway loads it).
 */
export async function tracingStartWarnings(config: Config): Promise<string[]> {
  const { tracing } = config;
  if (tracing.exporter === 'none' || tracing.disabled) return [];
  const { resourceOf, RESOURCE_ATTRIBUTES_UNREAD } = await import('./observability/tracing-sdk');
  const { unread } = resourceOf(tracing);
  return unread ? [`${RESOURCE_ATTRIBUTES_UNREAD} (reason: ${unread})`] : [];
}
