/**
 * `data-holder-gateway check`: runs every check `serve` makes before it listens (src/preflight.ts)
 * without listening, as `kong check` or `krakend check` do, and prints what `serve` would print.
 * Exit 0 when it would start, 1 naming every problem at once; either way, every warning `serve`
 * would log as it starts (a variable that looks like a misspelt setting, an adapter's unknown
 * variables, the cache in clear, ...) is printed too, so that one run says everything to fix.
 * Each adapter instance is created and closed again (the built-in ones connect to nothing when
 * created): a Redis, a key set or a core that is down is not a configuration problem.
 */
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { Config } from '../config/config';
import { createLogger } from '../observability/logger';
import { preflight, problemsText } from '../preflight';
import { type Output, PROCESS_OUTPUT } from './clients';

export const CHECK_USAGE = `usage: data-holder-gateway check
  Runs every check serve makes before it listens, over the environment (and CONFIG_FILE): every
  gateway setting, the core adapters (CORE_ADAPTER, CORE_ADAPTERS) and the shadow candidates
  (SHADOW_ADAPTERS), their settings, their ports and methods, the demo data file, the platform
  signing key and client store, and the sharing refusal list (SHARING_REFUSALS_FILE); and prints
  every warning serve would log as it starts (variables that look like a misspelt setting, ...).
  Connects to nothing.
Exit codes: 0 valid (warnings, if any, on stderr), 1 invalid (every problem is named on stderr, as
serve names them, then the warnings), 2 usage.`;

/** Fields of a log line that are not what it warns about. */
const LINE_FIELDS = new Set(['level', 'time', 'service', 'msg', 'adapter']);

/**
 * A logger whose warnings (those of the preflight and of the adapters it creates) are kept, each
 * as one line: `adapter <id>: <message> (<field>: <value>; ...)`.
 */
function warningsLogger(): { logger: ReturnType<typeof createLogger>; warnings: string[] } {
  const warnings: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const record = JSON.parse(line) as Record<string, unknown>;
        const fields = Object.entries(record)
          .filter(([key]) => !LINE_FIELDS.has(key))
          .map(
            ([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`,
          );
        const from = typeof record.adapter === 'string' ? `adapter ${record.adapter}: ` : '';
        warnings.push(
          `${from}${String(record.msg)}${fields.length ? ` (${fields.join('; ')})` : ''}`,
        );
      }
      done();
    },
  });
  return { logger: createLogger('warn', stream), warnings };
}

/** The warnings as `check` prints them, on stderr; nothing when there are none. */
function warningsText(warnings: readonly string[]): string | undefined {
  if (warnings.length === 0) return undefined;
  return ['Warnings:', ...warnings.map((w) => `  - ${w}`)].join('\n');
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
export async function configurationProblems(
  env?: Record<string, string | undefined>,
): Promise<string[]> {
  const result = await preflight(env, () => warningsLogger().logger);
  if (!result.ok) return result.problems;
  await Promise.allSettled(
    [...result.instances, ...result.candidates].map((i) => i.adapter.close?.()),
  );
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
  const logged = warningsLogger();
  const result = await preflight(env, () => logged.logger);
  const warnings = warningsText([...new Set([...logged.warnings, ...result.startWarnings])]);
  if (!result.ok) {
    io.err(problemsText(result.problems));
    if (warnings) io.err(warnings);
    return 1;
  }
  await Promise.allSettled(
    [...result.instances, ...result.candidates].map((i) => i.adapter.close?.()),
  );
  if (warnings) io.err(warnings);
  io.out(`configuration valid (${coresLine(result.config)})`);
  return 0;
}
