/**
 * `data-holder-gateway ids <command>`: the gateway's own ids (docs/decisions/0076): the aliases of
 * a core migration (`alias`, ids-alias.ts), the ids handed out for some customers (`export`,
 * ids-export.ts), and a new id key (`new-key`). Each command's module is loaded when it runs, so
 * `--help` and `new-key` answer without loading the configuration or the adapters.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Output } from './clients';
import { type IdsIo, PROCESS_IDS_IO } from './ids-io';

export const IDS_USAGE = `usage: data-holder-gateway ids <command>
  alias import [--check] <file.csv>
                  imports the aliases of a core migration (rows kind,from,to; from and to each
                  <core instance id>:<core id>), the whole file checked first: one bad row
                  refuses it, nothing written
  alias list      prints every alias as CSV kind,from,to
  alias export [<file>]
                  writes the same CSV to a file (or stdout): what alias import reads back
  export [--customer <core customer id>]...
                  prints CSV kind,external id,core ref: this deployment's ids of what the
                  configured cores list for the customers (without --customer: core customer ids
                  on stdin, one a line)
  new-key <file>  writes a new id key (32 random bytes, as 64 hex digits) to a new file, mode
                  0600, for ID_KEY_FILE; never overwrites a file
Aliases are kept in the gateway's Redis (its REDIS_URL, or Redis Cluster or Sentinel settings,
and REDIS_KEY_NAMESPACE); the configuration comes from the environment as the gateway's does.
Run data-holder-gateway ids <command> --help for more.
Exit codes: 0 done, 1 bad input or refused (nothing written), 2 usage, or no Redis where the
command needs one.`;

export const NEW_KEY_USAGE = `usage: data-holder-gateway ids new-key <file>
  Writes a new id key to <file>, which must not exist: 32 random bytes as 64 hex digits and a
  newline, mode 0600. Set ID_KEY_FILE=<file> and back the file up: every id the gateway hands out
  is made with this key, and another key changes them all (a gateway refuses to start with
  another key than the one its Redis knows).
Exit codes: 0 written, 1 the file exists (left as it is) or cannot be written, 2 usage.`;

/** `ids new-key <file>`. Returns the exit code. */
export function newKeyCommand(args: readonly string[], io: Output): number {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(NEW_KEY_USAGE);
    return 0;
  }
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    io.err(NEW_KEY_USAGE);
    return 2;
  }
  const target = path.resolve(args[0]!);
  try {
    // `wx`: a key in use is never replaced, not even by a race with another writer.
    fs.writeFileSync(target, `${crypto.randomBytes(32).toString('hex')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    io.err(
      code === 'EEXIST'
        ? `${target} exists already; it is not overwritten (a key in use must never change)`
        : `${target} cannot be written (${code ?? (err as Error).message})`,
    );
    return 1;
  }
  io.out(`wrote ${target}; set ID_KEY_FILE=${target} and back the file up`);
  return 0;
}

/** `ids <args>` with the configuration of `env` (default the process's). Returns the exit code. */
export async function idsCommand(
  args: readonly string[],
  io: IdsIo = PROCESS_IDS_IO,
  env?: Record<string, string | undefined>,
): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'alias':
      return (await import('./ids-alias')).idsAliasCommand(rest, io, env);
    case 'export':
      return (await import('./ids-export')).idsExportCommand(rest, io, env);
    case 'new-key':
      return newKeyCommand(rest, io);
    case '--help':
    case '-h':
    case 'help':
      io.out(IDS_USAGE);
      return 0;
    default:
      io.err(`${command === undefined ? '' : `unknown ids command: ${command}\n`}${IDS_USAGE}`);
      return 2;
  }
}
