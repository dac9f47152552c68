/**
 * `data-holder-gateway clients <command>` (`npm run clients -- <command>`): manages the platform clients of the gateway's registry (the
 * file `PLATFORM_CLIENTS_FILE`, or Redis when `REDIS_URL` is set), with the same configuration as
 * `serve`. A new secret is printed once, on create and rotate, and kept nowhere: the registry
 * holds only its scrypt hash.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type ClientStore,
  ClientRegistryError,
  FileClientStore,
  type IssuedSecret,
  parseScopes,
  PlatformClientRegistry,
  RedisClientStore,
  redisClientsKey,
} from '../auth/platform-clients';
import { generatePlatformKeyJson } from '../auth/platform-tokens';
import { type Config, ConfigError, loadConfig } from '../config/config';
import { connectRedis, redisTargetOf } from '../resilience/redis';
import { redisKeysOf } from '../resilience/redis-keys';
import { createLogger } from '../observability/logger';

export const USAGE = `usage: data-holder-gateway clients <command>   (npm run clients -- <command>)
  create <client_id> [--scopes read,write]   new client (default scope: read); prints its secret once
  rotate <client_id>                         new secret, printed once; tokens already issued stay valid
  revoke <client_id>                         the secret and every token of the client stop working
  list                                       ids, scopes, state and dates (never secrets or hashes)
  signing-key <file>                         writes a new private key for PLATFORM_SIGNING_KEY_FILE
The registry is the one the gateway uses with the same environment: Redis when one is configured,
else PLATFORM_CLIENTS_FILE. Exit codes: 0 done, 1 refused (e.g. unknown client), 2 usage.`;

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

function printSecret(issued: IssuedSecret, io: Output): void {
  io.out(`client_id      ${issued.client.id}`);
  io.out(`client_secret  ${issued.secret}`);
  io.out(`scopes         ${issued.client.scopes.join(' ')}`);
  io.err('The secret is shown only now; keep it safe. The gateway stores only its hash.');
}

async function writeSigningKey(file: string | undefined, io: Output): Promise<number> {
  if (!file) {
    io.err(USAGE);
    return 2;
  }
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(target, await generatePlatformKeyJson(), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      io.err(`${target} exists already; it is not overwritten`);
      return 1;
    }
    throw err;
  }
  io.out(`wrote ${target}; set PLATFORM_SIGNING_KEY_FILE=${target}`);
  return 0;
}

/** Runs one command over a registry. Returns the exit code. */
export async function runClientsCommand(
  args: readonly string[],
  registry: PlatformClientRegistry,
  io: Output,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: { scopes: { type: 'string' } },
    });
  } catch {
    io.err(USAGE);
    return 2;
  }
  const [command, id, ...rest] = parsed.positionals;
  const scopesGiven = parsed.values.scopes;
  const needsId = ['create', 'rotate', 'revoke'].includes(command ?? '');
  if (!command || needsId !== (id !== undefined) || rest.length > 0) {
    io.err(USAGE);
    return 2;
  }
  if (scopesGiven !== undefined && command !== 'create') {
    io.err(USAGE);
    return 2;
  }
  try {
    switch (command) {
      case 'create':
        printSecret(await registry.create(id!, parseScopes(scopesGiven ?? 'read')), io);
        return 0;
      case 'rotate':
        printSecret(await registry.rotate(id!), io);
        return 0;
      case 'revoke': {
        const client = await registry.revoke(id!);
        io.out(`revoked ${client.id} at ${client.revokedAt}`);
        return 0;
      }
      case 'list': {
        const clients = await registry.list();
        io.out(['client_id', 'scopes', 'state', 'created', 'rotated', 'revoked'].join('\t'));
        for (const c of clients) {
          io.out(
            [
              c.id,
              c.scopes.join(' '),
              c.revoked ? 'revoked' : 'active',
              c.createdAt,
              c.rotatedAt ?? '-',
              c.revokedAt ?? '-',
            ].join('\t'),
          );
        }
        return 0;
      }
    }
  } catch (err) {
    if (err instanceof ClientRegistryError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  }
  io.err(USAGE);
  return 2;
}

/** The store the gateway itself would use with this configuration. */
function storeOf(config: Config): { store: ClientStore; close(): Promise<void> } {
  const target = redisTargetOf(config);
  if (target) {
    // A command line waits for its connection: the offline queue holds commands until it is up.
    const redis = connectRedis(target, createLogger(config.logLevel), config.redis, {
      enableOfflineQueue: true,
      maxRetriesPerRequest: 1,
      connectTimeout: 5000,
    });
    return {
      store: new RedisClientStore(redis, redisClientsKey(redisKeysOf(config))),
      close: async () => {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  if (config.platformClientsFile) {
    return { store: new FileClientStore(config.platformClientsFile), close: async () => {} };
  }
  throw new ConfigError([
    'PLATFORM_CLIENTS_FILE: required unless CORE_ADAPTER is demo or REDIS_URL is set',
  ]);
}

/** Writes lines to the process's stdout and stderr. */
export const PROCESS_OUTPUT: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** `clients <args>` over the registry of the environment's configuration. Returns the exit code. */
export async function clientsCommand(
  args: readonly string[],
  io: Output = PROCESS_OUTPUT,
): Promise<number> {
  if (args[0] === '--help' || args[0] === '-h' || args.length === 0) {
    (args.length === 0 ? io.err : io.out)(USAGE);
    return args.length === 0 ? 2 : 0;
  }
  if (args[0] === 'signing-key') {
    if (args.length !== 2) {
      io.err(USAGE);
      return 2;
    }
    return writeSigningKey(args[1], io);
  }
  if (!['create', 'rotate', 'revoke', 'list'].includes(args[0] ?? '')) {
    io.err(USAGE);
    return 2;
  }
  const { store, close } = storeOf(loadConfig());
  try {
    io.err(`registry: ${store.description}`);
    return await runClientsCommand(args, new PlatformClientRegistry(store), io);
  } finally {
    await close();
  }
}
