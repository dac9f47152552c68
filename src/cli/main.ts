#!/usr/bin/env node
/**
 * The gateway's command line, `data-holder-gateway <command>`: `serve`, `check`, `clients`,
 * `token`, `maintenance`. It runs from dist/ with production dependencies only.
 */
import { checkCommand } from './check';
import { clientsCommand } from './clients';
import { maintenanceCommand } from './maintenance';
import { serveCommand } from './serve';
import { tokenCommand } from './token';

const USAGE = `usage: data-holder-gateway <command> [arguments]
  serve      start the gateway (WORKERS=n: n processes on one host)
  check      validate the configuration from the environment; exit 0 valid, 1 invalid
  clients    manage platform clients: create, rotate, revoke, list, signing-key
  token      development only: print a curl command with a freshly signed holder token
  new-adapter  start an adapter project outside the tree (in a clone of the gateway)
  maintenance  plan maintenance windows at run time: add, list, cancel
Configuration comes from the environment (see docs/configuration.md).
Run data-holder-gateway <command> --help for a command's arguments and exit codes.`;

/** Runs one command; resolves with the exit code, or undefined for a server left running. */
async function run(args: readonly string[]): Promise<number | undefined> {
  const [command, ...rest] = args;
  switch (command) {
    case 'serve':
      return serveCommand(rest);
    case 'check':
      return checkCommand(rest);
    case 'clients':
      return clientsCommand(rest);
    case 'token':
      return tokenCommand(rest);
    case 'new-adapter':
      return (await import('./new-adapter')).newAdapterCommand(rest);
    case 'maintenance':
      return maintenanceCommand(rest);
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
