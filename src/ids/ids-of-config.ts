/**
 * The deployment's ids as its configuration says (`ID_ENCODING`, `ID_KEY_FILE`): the cores' own,
 * with a warning outside the demo core; or opaque, sealed with the id key, whose fingerprint Redis
 * keeps, aliases read from Redis. Without a key file (the demo core, or HOLDER_DEV_KEYS=true), a
 * development key is generated once into DEV_KEYS_DIR.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import { writeKeyFileOnce } from '../auth/dev-keys';
import type { Config } from '../config/config';
import { isDemoOnly } from '../config/core-layout';
import type { RedisClient } from '../stores/redis';
import type { RedisKeys } from '../stores/redis-keys';
import { NO_ALIASES, redisAliases } from './aliases';
import { IdCodec } from './id-codec';
import { checkIdKeyFingerprint, IdKeyError, readIdKey } from './id-key';
import { type GatewayIds, type OnIdRefused, OpaqueIds, RAW_IDS } from './gateway-ids';

/** The development id key's file in DEV_KEYS_DIR. */
export const DEV_ID_KEY_FILE = 'id.key';

/** The id key file: the setting's, or the development key's (made on first use). */
export function idKeyFileOf(config: Pick<Config, 'ids' | 'devKeysDir'>): string {
  if (config.ids.keyFile !== undefined) return config.ids.keyFile;
  const file = path.join(config.devKeysDir, DEV_ID_KEY_FILE);
  writeKeyFileOnce(file, `${crypto.randomBytes(32).toString('hex')}\n`);
  return file;
}

export interface IdsDeps {
  /** The deployment's Redis: the key's fingerprint and the aliases (none without it). */
  redis?: RedisClient;
  keys: RedisKeys;
  logger: Logger;
  onRefused?: OnIdRefused;
}

/**
 * The ids of the configuration.
 * @throws IdKeyError when the key file holds no key, or Redis keeps another key's fingerprint
 */
export async function gatewayIdsOf(
  config: Pick<Config, 'ids' | 'devKeysDir' | 'cores'>,
  deps: IdsDeps,
): Promise<GatewayIds> {
  if (config.ids.encoding === 'raw') {
    if (!isDemoOnly(config.cores))
      deps.logger.warn(
        "ID_ENCODING=raw: the gateway hands out its cores' own ids, which change when a core does (every consent the platform holds would break)",
      );
    return RAW_IDS;
  }
  const file = idKeyFileOf(config);
  const key = readIdKey(file);
  if (deps.redis) await checkFingerprint(deps.redis, deps, key);
  if (config.ids.keyFile === undefined)
    deps.logger.warn({ file }, 'opaque ids sealed with a development id key (ID_KEY_FILE unset)');
  return new OpaqueIds({
    codec: new IdCodec(key),
    aliases: deps.redis ? redisAliases(deps.redis, deps.keys) : NO_ALIASES,
    onRefused: deps.onRefused,
    instances: new Set(config.cores.instances.map((i) => i.id ?? i.kind)),
  });
}

/**
 * The key's fingerprint check; a Redis that cannot answer now is no reason to refuse a start (the
 * gateway starts without Redis and refuses what needs it), so the check is then only logged.
 */
async function checkFingerprint(redis: RedisClient, deps: IdsDeps, key: Uint8Array) {
  try {
    await checkIdKeyFingerprint(redis, deps.keys, key);
  } catch (err) {
    if (err instanceof IdKeyError) throw err;
    deps.logger.warn(
      { err: (err as Error).message },
      'the id key fingerprint could not be checked: Redis did not answer',
    );
  }
}
