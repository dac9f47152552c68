/**
 * `data-holder-gateway check`: validates the configuration of the environment (and CONFIG_FILE)
 * without starting anything, as `kong check` or `krakend check` do: the gateway's settings, then
 * the core adapter's module and its configuration block, then the operator's sharing refusal
 * file. Exit 0 when it would start, 1 naming every problem. Nothing is connected to: a Redis or a
 * core that is down is not a configuration problem.
 */
import { parseArgs } from 'node:util';
import { instanceConfigBlock, resolveInstanceModules } from '../adapters';
import { type Config, ConfigError, loadConfig } from '../config/config';
import { refusalFileProblems } from '../refusals/refusal-file';
import { type Output, PROCESS_OUTPUT } from './clients';

export const CHECK_USAGE = `usage: data-holder-gateway check
  Validates the configuration from the environment (and CONFIG_FILE): every gateway setting, the
  core adapters (CORE_ADAPTER, CORE_ADAPTERS) and
  their settings, and the sharing refusal list (SHARING_REFUSALS_FILE). Connects to nothing.
Exit codes: 0 valid, 1 invalid (every problem is named on stderr), 2 usage.`;

/** The problems of the adapters' modules and blocks under a valid gateway configuration. */
function adapterProblems(config: Config): string[] {
  try {
    const instances = resolveInstanceModules(config.cores);
    const ids = instances.map((i) => i.id);
    const problems: string[] = [];
    for (const { id, module } of instances) {
      try {
        instanceConfigBlock(config, id, module, ids);
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        problems.push(...err.problems);
      }
    }
    return problems;
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

/** The cores as `check` names them: `demo`, or `banking fineract, energy kraken, ...`. */
function coresLine(config: Config): string {
  const { instances } = config.cores;
  if (instances.length === 1) return `core adapter ${config.coreAdapter}`;
  const of = (i: (typeof instances)[number]) =>
    i.id && i.id !== i.kind ? `${i.id}=${i.kind}` : i.kind;
  return `core adapters ${instances.map((i) => `${i.families.join('+')}:${of(i)}`).join(', ')}`;
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
  const refusalsFile = config.refusals.file;
  return [...adapterProblems(config), ...(refusalsFile ? refusalFileProblems(refusalsFile) : [])];
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
  io.out(`configuration valid (${coresLine(config)})`);
  return 0;
}
