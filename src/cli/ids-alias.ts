/**
 * `data-holder-gateway ids alias <command>`: the aliases of a core migration, kept in the
 * gateway's Redis (src/ids/aliases.ts). `import` checks a whole file, against itself and against
 * the aliases stored, before it writes anything; `list` and `export` write the stored aliases as
 * a file `import` reads back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ALIAS_HEADER, aliasLine, readAliasFile } from '../ids/alias-file';
import {
  type AliasStoreRedis,
  checkStored,
  storedAliases,
  unevenKinds,
  writeAliases,
} from '../ids/alias-store';
import { ALIAS_KINDS } from '../ids/aliases';
import { redisKeysOf, type RedisKeys } from '../stores/redis-keys';
import { NO_REDIS, withCommandRedis } from './command-redis';
import { configOf } from './env-config';
import type { IdsIo } from './ids-io';

export const ALIAS_USAGE = `usage: data-holder-gateway ids alias <command>
  import [--check] <file.csv>  imports the aliases of a file of rows kind,from,to (an optional
                  header kind,from,to first), from and to each <core instance id>:<core id>: the
                  record from (old core) is the record to (new core). Kinds: ${ALIAS_KINDS.join(', ')}.
                  The whole file is checked first, against itself and the aliases in Redis; one
                  bad row refuses the file (each problem named by its line) and nothing is
                  written. Importing a file again is harmless. --check: check only. - reads stdin.
  list            prints every alias as CSV kind,from,to (a header first; the count on stderr)
  export [<file>] writes the same CSV to <file> (mode 0600), or to stdout
Aliases are kept in the gateway's Redis (REDIS_URL, or a Redis Cluster or Sentinel, and
REDIS_KEY_NAMESPACE as the gateway's); a gateway follows an import within 30 seconds.
Exit codes: 0 done, 1 a bad file (nothing written), 2 usage, or no Redis.`;

/** Problems printed at most: the first ones show what is wrong with a file. */
const MAX_PROBLEMS = 100;

export interface AliasDeps {
  /** The gateway's Redis; absent when none is configured. */
  redis?: AliasStoreRedis;
  keys: RedisKeys;
}

function printProblems(problems: readonly string[], io: IdsIo): void {
  for (const problem of problems.slice(0, MAX_PROBLEMS)) io.err(problem);
  if (problems.length > MAX_PROBLEMS)
    io.err(`... and ${problems.length - MAX_PROBLEMS} more problems`);
  io.err(`nothing was imported (${problems.length} problems)`);
}

/** The file's text, or undefined (said on err) when it cannot be read. */
async function textOf(file: string, io: IdsIo): Promise<string | undefined> {
  if (file === '-') return io.input();
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    io.err(`${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    return undefined;
  }
}

async function importFile(args: string[], deps: AliasDeps, io: IdsIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { check: { type: 'boolean' } } });
  } catch (err) {
    io.err(`${(err as Error).message}\n${ALIAS_USAGE}`);
    return 2;
  }
  if (parsed.positionals.length !== 1) {
    io.err(ALIAS_USAGE);
    return 2;
  }
  if (!hasRedis(deps, io)) return NO_REDIS;
  const [file] = parsed.positionals as [string];
  const text = await textOf(file, io);
  if (text === undefined) return 1;
  const { aliases, problems } = readAliasFile(text);
  if (problems.length === 0 && aliases.length === 0) problems.push(`${file} holds no alias`);
  if (problems.length > 0) {
    printProblems(problems, io);
    return 1;
  }
  const stored = await checkStored(deps.redis, deps.keys, aliases);
  if (stored.problems.length > 0) {
    printProblems(stored.problems, io);
    return 1;
  }
  if (parsed.values.check) {
    io.out(
      `${stored.missing.length} aliases to import (${stored.present} already there); nothing written`,
    );
    return 0;
  }
  await writeAliases(deps.redis, deps.keys, stored.missing);
  io.out(`imported ${stored.missing.length} aliases (${stored.present} already there)`);
  return 0;
}

/** Writes every stored alias as CSV lines, kind by kind; returns how many. */
async function writeStored(
  deps: AliasDeps & { redis: AliasStoreRedis },
  write: (lines: string[]) => void,
  io: IdsIo,
) {
  write([ALIAS_HEADER.join(',')]);
  let count = 0;
  for (const kind of ALIAS_KINDS) {
    const { aliases, unreadable } = await storedAliases(deps.redis, deps.keys, kind);
    write(aliases.map(aliasLine));
    count += aliases.length;
    if (unreadable > 0)
      io.err(`warning: ${unreadable} stored ${kind} aliases name no <instance>:<id>; left out`);
  }
  for (const kind of await unevenKinds(deps.redis, deps.keys)) {
    io.err(
      `warning: the ${kind} aliases are not stored both ways (an import cut short?): import the file again`,
    );
  }
  return count;
}

async function list(deps: AliasDeps, io: IdsIo): Promise<number> {
  if (!hasRedis(deps, io)) return NO_REDIS;
  const count = await writeStored(deps, (lines) => lines.forEach((l) => io.out(l)), io);
  io.err(`${count} aliases`);
  return 0;
}

async function exportFile(args: string[], deps: AliasDeps, io: IdsIo): Promise<number> {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    io.err(ALIAS_USAGE);
    return 2;
  }
  if (args.length === 0) return list(deps, io);
  if (!hasRedis(deps, io)) return NO_REDIS;
  const target = path.resolve(args[0]!);
  let fd: number;
  try {
    fd = fs.openSync(target, 'w', 0o600);
  } catch (err) {
    io.err(`${target} cannot be written (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    return 1;
  }
  try {
    const count = await writeStored(
      deps,
      (lines) => lines.length > 0 && fs.writeSync(fd, `${lines.join('\n')}\n`),
      io,
    );
    io.out(`wrote ${count} aliases to ${target}`);
  } finally {
    fs.closeSync(fd);
  }
  return 0;
}

/** Runs one alias command. Returns the exit code. */
export async function runAliasCommand(
  args: readonly string[],
  deps: AliasDeps,
  io: IdsIo,
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'import') return importFile(rest, deps, io);
  if (command === 'list' && rest.length === 0) return list(deps, io);
  if (command === 'export') return exportFile(rest, deps, io);
  return usage(io);
}

function usage(io: IdsIo): number {
  io.err(ALIAS_USAGE);
  return 2;
}

/** Whether Redis is there; says where aliases live when it is not. */
function hasRedis(deps: AliasDeps, io: IdsIo): deps is AliasDeps & { redis: AliasStoreRedis } {
  if (deps.redis) return true;
  io.err(
    'aliases are kept in Redis: set REDIS_URL (or a Redis Cluster or Sentinel) as the gateway has it',
  );
  return false;
}

/** `ids alias <args>` with the configuration of `env`. Returns the exit code. */
export async function idsAliasCommand(
  args: readonly string[],
  io: IdsIo,
  env: Record<string, string | undefined> | undefined,
): Promise<number> {
  if (args.some((a) => a === '--help' || a === '-h')) {
    io.out(ALIAS_USAGE);
    return 0;
  }
  if (!['import', 'list', 'export'].includes(args[0] ?? '')) return usage(io);
  const config = configOf(env, io);
  if (!config) return 1;
  const keys = redisKeysOf(config);
  return withCommandRedis(config, io, (redis) => runAliasCommand(args, { redis, keys }, io));
}
