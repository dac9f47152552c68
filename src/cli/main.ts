#!/usr/bin/env node
/**
 * The gateway's command line, `data-holder-gateway <command>`: `serve`, `check`, `clients`,
 * `token`, `maintenance`, `new-adapter`, `replay-store`, `ids`, `version`. It runs from dist/ with
 * production dependencies only. Each command's module is loaded when it runs: `token` and
 * `--version` answer without loading the gateway (Express, the adapters), in a fraction of the time.
 */
import { gatewayVersion } from '../config/version';

const USAGE = `usage: data-holder-gateway <command> [arguments]
  serve      start the gateway (WORKERS=n: n processes on one host)
  check      validate the configuration from the environment; exit 0 valid, 1 invalid
  clients    manage platform clients: create, rotate, revoke, list, migrate-hashes, signing-key
  token      development only: print a curl command with a freshly signed holder token
  new-adapter  start an adapter project outside the tree (in a clone of the gateway)
  maintenance  plan maintenance windows at run time: add, list, cancel
  replay-store  the replay store in Redis: status, init (mark a store no gateway has used yet)
  ids        the gateway's own ids: alias import, list, export (core migrations); export; new-key
  version    print the version (also --version, -v)
Configuration comes from the environment (see docs/configuration.md).
Run data-holder-gateway <command> --help for a command's arguments and exit codes.`;

/** Runs one command; resolves with the exit code, or undefined for a server left running. */
async function run(args: readonly string[]): Promise<number | undefined> {
  const [command, ...rest] = args;
  switch (command) {
    case 'serve':
      return (await import('./serve')).serveCommand(rest);
    case 'check':
      return (await import('./check')).checkCommand(rest);
    case 'clients':
      return (await import('./clients')).clientsCommand(rest);
    case 'token':
      return (await import('./token')).tokenCommand(rest);
    case 'new-adapter':
      return (await import('./new-adapter')).newAdapterCommand(rest);
    case 'maintenance':
      return (await import('./maintenance')).maintenanceCommand(rest);
    case 'replay-store':
      return (await import('./replay-store')).replayStoreCommand(rest);
    case 'ids':
      return (await import('./ids')).idsCommand(rest);
    case 'version':
    case '--version':
    case '-v':
      process.stdout.write(`${gatewayVersion()}\n`);
      return 0;
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(`${USAGE}\n`);
      return 0;
    default:
      process.stderr.write(
        `${command === undefined ? '' : `unknown command: ${command}\n`}${USAGE}\n`,
      );
      return 2;
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    // An exit, not an exit code: a failed start may have left connections open.
    if (code !== undefined) process.exit(code);
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
