/**
 * Platform access tokens (docs/api.md, Platform endpoints): JWTs the gateway signs with its own key and
 * verifies itself. Claims: `iss` = PUBLIC_BASE_URL, `aud` = PUBLIC_BASE_URL + `/v1/data-provider`,
 * `sub` = `client_id` = the client, `scope` (space separated), `iat`, `exp` = `iat` + 900, `jti`.
 * Verification uses the gateway's clock with no tolerance: a token is good for exactly 900 s.
 */
import { isDemoOnly } from '../config/core-layout';
import { writeKeyFileOnce } from './dev-keys';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  jwtVerify,
  type KeyLike,
  SignJWT,
} from 'jose';
import { type Config, ConfigError } from '../config/config';
import { InvalidTokenError } from '../errors';
import { PLATFORM_SCOPES, type PlatformScope } from './platform-clients';

/** Lifetime of a platform access token, seconds (data-holder-interface.md, Limits). */
export const PLATFORM_TOKEN_LIFETIME_SECONDS = 900;
/** Algorithms a platform signing key may use (asymmetric only). */
export const PLATFORM_KEY_ALGORITHMS = ['ES256', 'ES384', 'EdDSA', 'PS256'] as const;
/** Algorithm of a generated platform signing key. */
export const PLATFORM_KEY_ALG = 'ES256';
/** File name of the generated key in `DEV_KEYS_DIR` (demo mode). */
export const DEMO_PLATFORM_KEY_FILE = 'platform-signing-key.json';
/** JWT `typ` of platform access tokens (RFC 9068), so no other JWT passes for one. */
const TOKEN_TYPE = 'at+jwt';

export interface PlatformSigningKey {
  kid: string;
  alg: string;
  privateKey: KeyLike | Uint8Array;
  publicKey: KeyLike | Uint8Array;
}

/** A new private signing key as a JWK (with `kid`, `alg` and `use`), serialised. */
export async function generatePlatformKeyJson(): Promise<string> {
  const { privateKey } = await generateKeyPair(PLATFORM_KEY_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = `platform-${crypto.randomBytes(6).toString('hex')}`;
  return `${JSON.stringify({ ...jwk, kid, alg: PLATFORM_KEY_ALG, use: 'sig' }, null, 2)}\n`;
}

async function createKeyFile(file: string): Promise<void> {
  writeKeyFileOnce(file, await generatePlatformKeyJson());
}

/**
 * Loads the platform signing key: `PLATFORM_SIGNING_KEY_FILE`, or in demo mode (the demo core, or
 * the development keys of `HOLDER_DEV_KEYS=true`) when that is unset, a key generated once into `DEV_KEYS_DIR`.
 * @throws ConfigError naming PLATFORM_SIGNING_KEY_FILE when it is missing (outside demo mode) or unusable
 */
export async function loadPlatformSigningKey(config: Config): Promise<PlatformSigningKey> {
  const demo = isDemoOnly(config.cores) || config.devKeys;
  let file = config.platformSigningKeyFile;
  if (file === undefined) {
    if (!demo)
      throw new ConfigError([
        'PLATFORM_SIGNING_KEY_FILE: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true',
      ]);
    file = path.join(config.devKeysDir, DEMO_PLATFORM_KEY_FILE);
    if (!fs.existsSync(file)) await createKeyFile(file);
  }
  const problem = (what: string) => new ConfigError([`PLATFORM_SIGNING_KEY_FILE: ${file} ${what}`]);
  let jwk: JWK & { kid?: string; alg?: string };
  try {
    jwk = JSON.parse(fs.readFileSync(file, 'utf8')) as JWK;
  } catch (err) {
    throw problem(`cannot be read as a JSON Web Key (${(err as Error).message})`);
  }
  const alg = jwk.alg ?? PLATFORM_KEY_ALG;
  if (!(PLATFORM_KEY_ALGORITHMS as readonly string[]).includes(alg)) {
    throw problem(`has alg ${alg}; use one of ${PLATFORM_KEY_ALGORITHMS.join(', ')}`);
  }
  if (typeof jwk.d !== 'string') throw problem('holds no private key');
  try {
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
    return {
      kid:
        jwk.kid ??
        `platform-${crypto.createHash('sha256').update(JSON.stringify(publicJwk)).digest('hex').slice(0, 12)}`,
      alg,
      privateKey: await importJWK(jwk, alg),
      publicKey: await importJWK(publicJwk, alg),
    };
  } catch (err) {
    throw problem(`is not a usable ${alg} key (${(err as Error).message})`);
  }
}

/** What a verified platform token says. */
export interface PlatformTokenClaims {
  clientId: string;
  scopes: PlatformScope[];
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  jti: string;
}

export interface PlatformTokensOptions {
  key: PlatformSigningKey;
  /** `iss`: the gateway's public base URL. */
  issuer: string;
  /** `aud`: the base URL + `/v1/data-provider`. */
  audience: string;
  /** Clock in milliseconds. */
  now: () => number;
}

/** 401 invalid_token with `WWW-Authenticate: Bearer error="invalid_token"`. */
export const invalidToken = (description: string, cause?: unknown) =>
  new InvalidTokenError(description, {
    cause,
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  });

/** A compact JWS: three base64url parts. */
const COMPACT_JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** Issues and verifies platform access tokens. */
export class PlatformTokens {
  constructor(private readonly options: PlatformTokensOptions) {}

  /** Signs a token for a client carrying its scopes, valid 900 s from now. */
  async issue(clientId: string, scopes: readonly PlatformScope[]): Promise<string> {
    const { key, issuer, audience, now } = this.options;
    const iat = Math.floor(now() / 1000);
    return new SignJWT({ scope: scopes.join(' '), client_id: clientId })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: TOKEN_TYPE })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(clientId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + PLATFORM_TOKEN_LIFETIME_SECONDS)
      .setJti(crypto.randomUUID())
      .sign(key.privateKey);
  }

  /**
   * Verifies an `Authorization` header value. Expiry is checked against the gateway's clock with no
   * tolerance (a token is good for its 900 s exactly).
   * @throws InvalidTokenError (401 invalid_token, with `WWW-Authenticate`)
   */
  async verify(authorization: string | undefined): Promise<PlatformTokenClaims> {
    if (!authorization) throw invalidToken('Missing bearer token');
    const match = /^Bearer ([^\s]+)$/.exec(authorization);
    if (!match || !COMPACT_JWT.test(match[1]!)) throw invalidToken('Malformed token');
    const { key, issuer, audience, now } = this.options;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(match[1]!, key.publicKey, {
        algorithms: [key.alg],
        issuer,
        audience,
        typ: TOKEN_TYPE,
        currentDate: new Date(now()),
        clockTolerance: 0,
        requiredClaims: ['iat', 'exp', 'sub', 'jti'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw invalidToken('Token expired', err);
      throw invalidToken('Invalid token', err);
    }
    const scope = typeof payload.scope === 'string' ? payload.scope : '';
    return {
      clientId: payload.sub as string,
      scopes: PLATFORM_SCOPES.filter((s) => scope.split(' ').includes(s)),
      issuedAt: payload.iat as number,
      expiresAt: payload.exp as number,
      jti: payload.jti as string,
    };
  }
}
