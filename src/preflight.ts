/**
 * Every check `serve` makes before it listens, in one place, so that `check` says exactly what
 * `serve` would: the settings, the adapters the layout names (looked for even when other settings
 * are bad), each instance's block, its creation (the demo data file), its ports and methods, the
 * per-operation settings and circuit groups, the platform's signing key and client store, the
 * operator's sharing refusal list, and the shadow candidates (SHADOW_ADAPTERS), checked as the
 * live instances are.
 * Every problem found is reported in one run: with bad settings, the checks that need a
 * configuration run on the configuration as far as it reads (each bad setting at its default).
 * Variables that look like a misspelt setting are logged as warnings, and the warnings the gateway
 * will log as it starts are handed over for `check` to print. Nothing is connected to: Redis, the
 * key set and the cores being down is not a configuration problem.
 */
import type { Logger } from 'pino';
import {
  type CoreInstance,
  createCoreInstances,
  createShadowInstances,
  resolveInstanceModules,
} from './adapters';
import { clientHashKeyProblem } from './auth/platform-secret-hash';
import { loadPlatformSigningKey } from './auth/platform-tokens';
import { type Config, ConfigError, readConfiguration } from './config/config';
import { isDemoOnly } from './config/core-layout';
import { clientStoreProblem } from './endpoints/platform/platform.routes';
import { refusalFileProblems } from './refusals/refusal-file';
import { circuitNames } from './resilience/circuit-groups';
import { redisTargetOf } from './stores/redis';
import { checkOperationSettings } from './resilience/operation-settings';
import { gatewayStartWarnings, misspeltVariables, tracingStartWarnings } from './start-warnings';

export type { CoreInstance };

/**
 * A configuration that would start, with its adapter instances created; or its problems. Either
 * way `startWarnings`: what the gateway would warn about as it starts (not logged here).
 */
export type Preflight = { startWarnings: string[] } & (
  | {
      ok: true;
      config: Config;
      instances: CoreInstance[];
      /** The shadow candidates (SHADOW_ADAPTERS), created and checked like the instances. */
      candidates: CoreInstance[];
    }
  | { ok: false; problems: string[] }
);

/** The problems `fn` throws as a ConfigError (anything else is rethrown). */
async function problemsOf(fn: () => unknown): Promise<string[]> {
  try {
    await fn();
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

/**
 * The platform endpoints' needs: a signing key (generated only in demo mode), a client store and
 * the key of client secrets' hashes (a development one only in demo mode).
 */
async function platformProblems(config: Config): Promise<string[]> {
  const generated =
    config.platformSigningKeyFile === undefined && (isDemoOnly(config.cores) || config.devKeys);
  const problems = generated ? [] : await problemsOf(() => loadPlatformSigningKey(config));
  const store = clientStoreProblem(config, redisTargetOf(config) !== undefined);
  const hashKey = clientHashKeyProblem(config);
  return [...problems, ...[store, hashKey].filter((p): p is string => p !== undefined)];
}

/**
 * The ids the configured core instances have once served: their modules are loaded (a path or a
 * package names itself), none is created or connected to. @throws ConfigError
 */
export function configuredCoreIds(config: Config): string[] {
  return resolveInstanceModules(config.cores).map((instance) => instance.id);
}

/**
 * The shadow candidates (SHADOW_ADAPTERS), each created as a live instance is (its block, its
 * ports and methods) and its circuit groups checked; their problems go to `problems`.
 */
async function checkedCandidates(
  config: Config,
  logger: Logger,
  problems: string[],
): Promise<CoreInstance[]> {
  let candidates: CoreInstance[] = [];
  problems.push(
    ...(await problemsOf(async () => {
      candidates = await createShadowInstances(config, logger);
    })),
  );
  for (const { adapter } of candidates)
    problems.push(...(await problemsOf(() => circuitNames(adapter))));
  return candidates;
}

/** Closes what the checks created. */
async function closeAll(...created: CoreInstance[][]): Promise<void> {
  await Promise.allSettled(created.flat().map((i) => i.adapter.close?.()));
}

/**
 * The checks that need a configuration, in order: per-operation settings, platform, refusal
 * list, the adapter instances (created, then their circuit groups), the shadow candidates (the
 * same). @returns the live instances and the candidates created
 */
async function configuredChecks(
  config: Config,
  logger: Logger,
  problems: string[],
): Promise<{ instances: CoreInstance[]; candidates: CoreInstance[] }> {
  problems.push(...(await problemsOf(() => checkOperationSettings(config.resilience))));
  problems.push(...(await platformProblems(config)));
  if (config.refusals.file) problems.push(...refusalFileProblems(config.refusals.file));
  let instances: CoreInstance[] = [];
  problems.push(
    ...(await problemsOf(async () => {
      instances = await createCoreInstances(config, logger);
    })),
  );
  for (const { adapter } of instances)
    problems.push(...(await problemsOf(() => circuitNames(adapter))));
  return { instances, candidates: await checkedCandidates(config, logger, problems) };
}

/**
 * Runs every start-up check over an environment (default the process's). On success the adapter
 * instances and shadow candidates are created and handed over (the caller closes them, or gives
 * them to the gateway); on failure nothing is left open.
 * @param logger for the warnings about misspelt variables and the adapters' own start-up lines
 *   (made from the configuration, as far as it reads, when absent)
 */
export async function preflight(
  env: Record<string, string | undefined> | undefined,
  logger: (config: Config) => Logger,
): Promise<Preflight> {
  const { config, layout, partial, problems } = readConfiguration(env);
  const read = config ?? partial;
  if (!read) {
    // The adapters are still looked for: a misspelt one is named beside the other problems.
    if (layout) problems.push(...(await problemsOf(() => resolveInstanceModules(layout))));
    return { ok: false, problems: [...new Set(problems)], startWarnings: [] };
  }
  const log = logger(read);
  for (const warning of misspeltVariables(read)) log.warn(warning);
  const { instances, candidates } = await configuredChecks(read, log, problems);
  const startWarnings = [...gatewayStartWarnings(read), ...(await tracingStartWarnings(read))];
  if (!config || problems.length > 0) {
    await closeAll(instances, candidates);
    return { ok: false, problems: [...new Set(problems)], startWarnings };
  }
  return { ok: true, config, instances, candidates, startWarnings };
}

/** How `check` and `serve` print the problems of a configuration, on stderr. */
export function problemsText(problems: readonly string[]): string {
  return new ConfigError([...problems]).message;
}
