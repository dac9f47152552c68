/** The holder's signing keys and the tokens each scenario sends, signed before it starts. */
import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, type KeyLike, SignJWT } from 'jose';
import { MAX_TOKENS, SUBDOMAIN } from './settings';

export interface SigningKey {
  kid: string;
  /** A key made here, or the gateway's development key (`loadDevKey`). */
  privateKey: KeyLike | Uint8Array;
  publicJwk: JWK;
}

export async function makeKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
  };
}

export async function signTokens(
  key: SigningKey,
  aud: string | string[],
  count: number,
  lifetimeSeconds = 300,
  /** Tokens sent per second: token j then expires j / sendRate seconds later than token 0. */
  sendRate?: number,
): Promise<string[]> {
  const auds = Array.isArray(aud) ? aud : [aud];
  const n = Math.min(MAX_TOKENS, Math.ceil(count));
  const out: string[] = new Array<string>(n);
  const now = Math.floor(Date.now() / 1000);
  const BATCH = 2000;
  for (let i = 0; i < n; i += BATCH) {
    const batch: Promise<string>[] = [];
    for (let j = i; j < Math.min(n, i + BATCH); j += 1) {
      batch.push(
        new SignJWT({
          iss: SUBDOMAIN,
          sub: SUBDOMAIN,
          aud: auds[j % auds.length],
          jti: crypto.randomUUID(),
        })
          .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
          .setIssuedAt(now)
          .setExpirationTime(now + lifetimeSeconds + (sendRate ? Math.floor(j / sendRate) : 0))
          .sign(key.privateKey),
      );
    }
    const signed = await Promise.all(batch);
    for (let j = 0; j < signed.length; j += 1) out[i + j] = signed[j];
  }
  return out;
}
