/**
 * Signs development holder tokens with the development key (`DEV_KEYS_DIR`), for `token` and
 * `token --serve`: valid for one path of `PUBLIC_BASE_URL` for 5 minutes, or off in one way the
 * gateway refuses (docs/api.md, "Trying it"). Never used with `HOLDER_JWKS_URL`: the callers check
 * `config.devKeys` first.
 */
import crypto from 'node:crypto';
import { generateKeyPair, type JWTPayload, type KeyLike, SignJWT } from 'jose';
import { DEV_KEY_ALG, loadDevKey } from '../auth/dev-keys';
import type { Config } from '../config/config';

/** Lifetime of a development token, seconds. */
export const DEV_TOKEN_LIFETIME_SECONDS = 300;

/** The path a token is for, and how it differs from a valid one (at most one refusal). */
export interface DevTokenRequest {
  /** The request target; its query is left out of the audience, as the gateway checks it. */
  target: string;
  expired?: boolean;
  notYetValid?: boolean;
  /** Another path, or a whole URL, as the audience. */
  audience?: string;
  issuer?: string;
  unknownKey?: boolean;
  jti?: string;
}

/** Why a configuration cannot sign development tokens, or undefined when it can. */
export function devKeyProblem(config: Config): string | undefined {
  return config.devKeys
    ? undefined
    : 'token signs with the development key, which is trusted only with the demo core (or HOLDER_DEV_KEYS=true) and no HOLDER_JWKS_URL.';
}

/**
 * The claims: valid for `config` and the target's path, or off in the one way the request asks.
 * Times are past the clock tolerance, so the gateway refuses them whatever its tolerance is (the
 * signer reads the same setting).
 */
function claimsOf(request: DevTokenRequest, config: Config, nowSeconds: number): JWTPayload {
  const tolerance = config.jwt.clockToleranceSeconds;
  const audience = request.audience ?? request.target.split('?')[0]!;
  let iat = nowSeconds;
  let nbf: number | undefined;
  if (request.expired) iat = nowSeconds - tolerance - DEV_TOKEN_LIFETIME_SECONDS - 60;
  if (request.notYetValid) nbf = nowSeconds + tolerance + 60;
  return {
    iss: request.issuer ?? config.holderSubdomain,
    sub: config.holderSubdomain,
    aud: audience.startsWith('/') ? config.publicBaseUrl + audience : audience,
    iat,
    ...(nbf === undefined ? {} : { nbf }),
    exp: (nbf ?? iat) + DEV_TOKEN_LIFETIME_SECONDS,
    jti: request.jti ?? crypto.randomUUID(),
  };
}

/** The development key, or for `unknownKey` a new key of its algorithm with a kid of its own. */
async function signingKey(
  request: DevTokenRequest,
  config: Config,
): Promise<{ kid: string; alg: string; privateKey: KeyLike | Uint8Array }> {
  if (!request.unknownKey) return loadDevKey(config.devKeysDir);
  const { privateKey } = await generateKeyPair(DEV_KEY_ALG);
  return {
    kid: `untrusted-${crypto.randomBytes(6).toString('hex')}`,
    alg: DEV_KEY_ALG,
    privateKey,
  };
}

/** A signed development token and the claims it carries. */
export async function signDevToken(
  request: DevTokenRequest,
  config: Config,
  nowMs: number = Date.now(),
): Promise<{ token: string; claims: JWTPayload }> {
  const key = await signingKey(request, config);
  const claims = claimsOf(request, config, Math.floor(nowMs / 1000));
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .sign(key.privateKey);
  return { token, claims };
}
