/** Test key sets and a token signer, built with jose like the platform would. */
import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload, type KeyLike } from 'jose';

export interface TestKey {
  kid: string;
  alg: string;
  privateKey: KeyLike;
  publicJwk: JWK;
}

export async function makeKey(
  alg = 'PS256',
  kid = `test-${alg}-${crypto.randomBytes(3).toString('hex')}`,
): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return {
    kid,
    alg,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' },
  };
}

export interface TokenOptions {
  /** Full audience; default the gateway's base URL + path. */
  aud?: string | string[];
  iss?: string;
  sub?: string;
  /** Seconds from now; default 300. */
  expiresIn?: number;
  /** Leave a claim out. */
  omit?: ('exp' | 'jti' | 'iss' | 'sub' | 'aud')[];
  jti?: string;
  header?: Record<string, unknown>;
  /** Clock in ms; default Date.now(). */
  now?: number;
}

/** A token of `claims` signed by `key` (a test key, or the gateway's development key). */
export async function signToken(
  key: Pick<TestKey, 'kid' | 'alg'> & { privateKey: KeyLike | Uint8Array },
  claims: JWTPayload,
  opts: { header?: Record<string, unknown> } = {},
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT', ...opts.header })
    .sign(key.privateKey);
}

/** Claims of a valid holder token for `aud`, adjusted by `opts`. */
export function holderClaims(subdomain: string, aud: string, opts: TokenOptions = {}): JWTPayload {
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  const claims: JWTPayload = {
    iss: opts.iss ?? subdomain,
    sub: opts.sub ?? subdomain,
    aud: opts.aud ?? aud,
    iat: now,
    exp: now + (opts.expiresIn ?? 300),
    jti: opts.jti ?? crypto.randomUUID(),
  };
  for (const claim of opts.omit ?? []) delete claims[claim];
  return claims;
}
