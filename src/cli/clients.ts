/**
 * `data-holder-gateway clients <command>` (`npm run clients -- <command>`): manages the platform clients of the gateway's registry (the
 * file `PLATFORM_CLIENTS_FILE`, or Redis when `REDIS_URL` is set, with that file as its copy), with
 * the same configuration as `serve`. A new secret is printed once, on create and rotate, and kept
 * nowhere: the registry holds only its keyed hash (`PLATFORM_CLIENT_HASH_KEY`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { CopiedClientStore } from '../auth/platform-client-copy';
import {
  type ClientStore,
  ClientRegistryError,
  FileClientStore,
  hashIsCurrent,
  type IssuedSecret,
  parseScopes,
  PlatformClientRegistry,
  RedisClientStore,
  redisClientsKey,
} from '../auth/platform-clients';
import { secretHasherOf } from '../auth/platform-secret-hash';
import { generatePlatformKeyJson } from '../auth/platform-tokens';
import { type Config, ConfigError, loadConfig } from '../config/config';
import { connectRedis, redisTargetOf } from '../stores/redis';
import { redisKeysOf } from '../stores/redis-keys';
import { createLogger } from '../observability/logger';

export const USAGE = `usage: data-holder-gateway clients <command>   (npm run clients -- <command>)
  create <client_id> [--scopes read,write]   new client (default scope: read); prints its secret once
  rotate <client_id>                         new secret, printed once; tokens already issued stay valid
  revoke <client_id>                         the secret and every token of the client stop working
  list                                       ids, scopes, state and dates (never secrets or hashes)
  migrate-hashes [--rotate]                  lists the clients whose secret still has an scrypt hash
                                             (each moves to HMAC-SHA-256 at its next token request);
                                             --rotate gives each a new secret now, printed once
  signing-key <file>                         writes a new private key for PLATFORM_SIGNING_KEY_FILE
The registry is the one the gateway uses with the same environment: Redis when one is configured
(PLATFORM_CLIENTS_FILE is then its copy, and what Redis lost is put back from it), else
PLATFORM_CLIENTS_FILE. Exit codes: 0 done, 1 refused (e.g. unknown client), 2 usage.`;

const COMMANDS = ['create', 'rotate', 'revoke', 'list', 'migrate-hashes'];

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

/**
 * `migrate-hashes`: a hash cannot be turned into another without the secret, so an active client
 * moves at its next token request, or at once with `--rotate` (a new secret). A revoked client's
 * scrypt hash is replaced here: it never authenticates again, and a guess at it then costs an HMAC.
 */
async function migrateHashes(
  registry: PlatformClientRegistry,
  rotate: boolean,
  io: Output,
): Promise<number> {
  const retired = await registry.retireRevokedScryptHashes();
  if (retired.length > 0)
    io.err(`revoked clients whose scrypt hash was replaced: ${retired.join(' ')}`);
  const waiting = (await registry.list()).filter((c) => !hashIsCurrent(c));
  if (waiting.length === 0) {
    io.err('every client secret has an HMAC-SHA-256 hash');
    return 0;
  }
  if (!rotate) {
    for (const c of waiting) io.out(c.id);
    io.err(
      `${waiting.length} client(s) above still have an scrypt hash: each moves to HMAC-SHA-256 at its next token request, or now with --rotate (new secrets)`,
    );
    return 0;
  }
  for (const c of waiting) printSecret(await registry.rotate(c.id), io);
  return 0;
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
      options: { scopes: { type: 'string' }, rotate: { type: 'boolean' } },
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
  if (
    (scopesGiven !== undefined && command !== 'create') ||
    (parsed.values.rotate !== undefined && command !== 'migrate-hashes')
  ) {
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
      case 'migrate-hashes':
        return await migrateHashes(registry, parsed.values.rotate === true, io);
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
    // On stderr: stdout carries what the command prints (a secret, the list).
    const logger = createLogger(config.logLevel, pino.destination(2));
    // A command line waits for its connection: the offline queue holds commands until it is up.
    const redis = connectRedis(target, logger, config.redis, {
      enableOfflineQueue: true,
      maxRetriesPerRequest: 1,
      connectTimeout: 5000,
    });
    const inRedis = new RedisClientStore(redis, redisClientsKey(redisKeysOf(config)));
    return {
      store: config.platformClientsFile
        ? new CopiedClientStore(inRedis, config.platformClientsFile, logger)
        : inRedis,
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
  if (!COMMANDS.includes(args[0] ?? '')) {
    io.err(USAGE);
    return 2;
  }
  const config = loadConfig();
  const hasher = secretHasherOf(config);
  const { store, close } = storeOf(config);
  try {
    io.err(`registry: ${store.description}`);
    const registry = new PlatformClientRegistry(store, Date.now, { hasher });
    return await runClientsCommand(args, registry, io);
  } finally {
    await close();
  }
}
