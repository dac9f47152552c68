/**
 * The development signing key of demo mode: generated once into `DEV_KEYS_DIR`, shared by the
 * gateway (which serves its public half as the holder key set) and `npm run token` (which signs
 * with it). Never used when `HOLDER_JWKS_URL` is configured.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, type KeyLike } from 'jose';

/** Algorithm of the development key. */
export const DEV_KEY_ALG = 'ES256';
const FILE = 'holder-signing-key.json';

export interface DevKey {
  kid: string;
  alg: string;
  privateKey: KeyLike | Uint8Array;
  publicJwk: JWK;
}

/**
 * Writes a new key file once (mode 0600, folder 0700). When another process made it first,
 * theirs is kept: every process then loads the same key.
 */
export function writeKeyFileOnce(file: string, body: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, body, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

async function createKeyFile(file: string): Promise<void> {
  const { privateKey } = await generateKeyPair(DEV_KEY_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = `dev-${crypto.randomBytes(6).toString('hex')}`;
  writeKeyFileOnce(file, JSON.stringify({ ...jwk, kid, alg: DEV_KEY_ALG, use: 'sig' }, null, 2));
}

/** Loads the development key from `dir`, creating it on first use. */
export async function loadDevKey(dir: string): Promise<DevKey> {
  const file = path.join(dir, FILE);
  if (!fs.existsSync(file)) await createKeyFile(file);
  const jwk = JSON.parse(fs.readFileSync(file, 'utf8')) as JWK & { kid: string; alg: string };
  const { d: _d, ...publicJwk } = jwk;
  return {
    kid: jwk.kid,
    alg: jwk.alg,
    privateKey: await importJWK(jwk, jwk.alg),
    publicJwk: { ...publicJwk, kid: jwk.kid, alg: jwk.alg, use: 'sig' },
  };
}
