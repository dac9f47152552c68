/**
 * `data-holder-gateway check`: runs every check `serve` makes before it listens (src/preflight.ts)
 * without listening, as `kong check` or `krakend check` do, and prints what `serve` would print.
 * Exit 0 when it would start, 1 naming every problem at once. Each adapter instance is created and
 * closed again (the built-in ones connect to nothing when created): a Redis, a key set or a core
 * that is down is not a configuration problem.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { Config } from '../config/config';
import { preflight, problemsText } from '../preflight';
import { type Output, PROCESS_OUTPUT } from './clients';

export const CHECK_USAGE = `usage: data-holder-gateway check
  Runs every check serve makes before it listens, over the environment (and CONFIG_FILE): every
  gateway setting, the core adapters (CORE_ADAPTER, CORE_ADAPTERS), their settings, their ports
  and methods, the demo data file, the platform signing key and client store, and the sharing
  refusal list (SHARING_REFUSALS_FILE). Connects to nothing.
Exit codes: 0 valid, 1 invalid (every problem is named on stderr, as serve names them), 2 usage.`;

/** The cores as `check` names them: `demo`, or `banking fineract, energy kraken, ...`. */
function coresLine(config: Config): string {
  const { instances } = config.cores;
  if (instances.length === 1) return `core adapter ${config.coreAdapter}`;
  const of = (i: (typeof instances)[number]) =>
    i.id && i.id !== i.kind ? `${i.id}=${i.kind}` : i.kind;
  return `core adapters ${instances.map((i) => `${i.families.join('+')}:${of(i)}`).join(', ')}`;
}

/** Every problem of the configuration (default: the process's environment); none when valid. */
export async function configurationProblems(
  env?: Record<string, string | undefined>,
): Promise<string[]> {
  const result = await preflight(env, () => pino({ level: 'silent' }));
  if (!result.ok) return result.problems;
  await Promise.allSettled(result.instances.map((i) => i.adapter.close?.()));
  return [];
}

/** Runs `check`. Resolves with the exit code. */
export async function checkCommand(
  args: readonly string[],
  io: Output = PROCESS_OUTPUT,
  env?: Record<string, string | undefined>,
): Promise<number> {
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
  const result = await preflight(env, () => pino({ level: 'silent' }));
  if (!result.ok) {
    io.err(problemsText(result.problems));
    return 1;
  }
  await Promise.allSettled(result.instances.map((i) => i.adapter.close?.()));
  io.out(`configuration valid (${coresLine(result.config)})`);
  return 0;
}
