/**
 * `data-holder-gateway check`: validates the configuration of the environment (and CONFIG_FILE)
 * without starting anything, as `kong check` or `krakend check` do: the gateway's settings, then
 * the core adapter's module and its configuration block. Exit 0 when it would start, 1 naming
 * every problem. Nothing is connected to: a Redis or a core that is down is not a configuration
 * problem.
 */
import { parseArgs } from 'node:util';
import { resolveAdapterModule } from '../adapters';
import { adapterConfigFrom } from '../config/adapter-config';
import { type Config, ConfigError, gatewayValuesFor, loadConfig } from '../config/config';
import { type Output, PROCESS_OUTPUT } from './clients';

export const CHECK_USAGE = `usage: data-holder-gateway check
  Validates the configuration from the environment (and CONFIG_FILE): every gateway setting, the
  core adapter (CORE_ADAPTER) and its settings. Connects to nothing.
Exit codes: 0 valid, 1 invalid (every problem is named on stderr), 2 usage.`;

/** The problems of the adapter's module and block under a valid gateway configuration. */
function adapterProblems(config: Config): string[] {
  try {
    const module = resolveAdapterModule(config.coreAdapter);
    adapterConfigFrom(
      module.id,
      module.configSchema,
      config.adapterSettings,
      gatewayValuesFor(config, module.id, module.configSchema),
    );
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

/** Every problem of the configuration (default: the process's environment); none when valid. */
export function configurationProblems(env?: Record<string, string | undefined>): string[] {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return adapterProblems(config);
}

/** Runs `check`. Returns the exit code. */
export function checkCommand(
  args: readonly string[],
  io: Output = PROCESS_OUTPUT,
  env?: Record<string, string | undefined>,
): number {
  let help: boolean | undefined;
  try {
    ({
      values: { help },
    } = parseArgs({
      args: [...args],
      strict: true,
      options: { help: { type: 'boolean', short: 'h' } },
    }));
  } catch (err) {
    io.err(`${(err as Error).message}\n${CHECK_USAGE}`);
    return 2;
  }
  if (help) {
    io.out(CHECK_USAGE);
    return 0;
  }
  const problems = configurationProblems(env);
  if (problems.length > 0) {
    io.err(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  }
  const config = loadConfig(env);
  io.out(`configuration valid (core adapter ${config.coreAdapter})`);
  return 0;
}
