/**
 * The id key: 32 random bytes in the file `ID_KEY_FILE` names (as they are, or as 64 hex digits,
 * or as base64), and its fingerprint. Every id the gateway hands out is made with it, so a
 * different key changes every id the platform holds: the fingerprint kept in Redis makes a start
 * with another key fail instead. There is no rotation, for the same reason
 * (docs/decisions/0076-ids-of-the-gateways-own.md).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { RedisKeys } from '../stores/redis-keys';

const KEY_BYTES = 32;
/** The HMAC message of the fingerprint: never the key itself, never a digest anything else makes. */
const FINGERPRINT_LABEL = 'data-holder-gateway id key fingerprint';

/** The key file is missing, unreadable, or holds no 32-byte key. */
export class IdKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdKeyError';
  }
}

/** The 32 bytes of a key file's content: raw, 64 hex digits, or base64 (either alphabet). */
export function idKeyFrom(content: Buffer, file: string): Uint8Array {
  if (content.length === KEY_BYTES) return Uint8Array.from(content);
  const text = content.toString('latin1').trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Uint8Array.from(Buffer.from(text, 'hex'));
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === KEY_BYTES) return Uint8Array.from(bytes);
  }
  throw new IdKeyError(
    `ID_KEY_FILE ${file} holds no 32-byte key (${content.length} bytes; expected 32 raw bytes, 64 hex digits or base64 of 32 bytes: openssl rand -out ${file} 32)`,
  );
}

/** Reads the key file. @throws IdKeyError naming the file and what is wrong */
export function readIdKey(file: string): Uint8Array {
  let content: Buffer;
  try {
    content = fs.readFileSync(file);
  } catch (err) {
    throw new IdKeyError(`ID_KEY_FILE ${file} cannot be read (${(err as Error).message})`);
  }
  return idKeyFrom(content, file);
}

/** What tells two keys apart without telling anything of either: 16 bytes of an HMAC, hex. */
export function idKeyFingerprint(key: Uint8Array): string {
  return crypto.createHmac('sha256', key).update(FINGERPRINT_LABEL).digest('hex').slice(0, 32);
}

/** The commands the fingerprint check needs of Redis. */
export interface FingerprintStore {
  set(key: string, value: string, nx: 'NX'): Promise<'OK' | null>;
  get(key: string): Promise<string | null>;
}

/**
 * Keeps the first key's fingerprint in Redis and refuses another: a deployment's ids are made
 * with one key for their whole life.
 * @throws IdKeyError when Redis holds another key's fingerprint
 */
export async function checkIdKeyFingerprint(
  store: FingerprintStore,
  keys: RedisKeys,
  key: Uint8Array,
): Promise<void> {
  const name = keys.key('ids', 'key-fingerprint');
  const mine = idKeyFingerprint(key);
  if ((await store.set(name, mine, 'NX')) === 'OK') return;
  const kept = await store.get(name);
  if (kept === null || kept === mine) {
    if (kept === null) await store.set(name, mine, 'NX');
    return;
  }
  throw new IdKeyError(
    `ID_KEY_FILE holds another key than the one this deployment's ids were made with (fingerprint ${mine}, Redis keeps ${kept}): every id the platform holds would change. Restore the key from its backup; never replace it`,
  );
}
