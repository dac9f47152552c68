/**
 * Holder-side authentication (docs/api.md, Authentication): the platform's self-signed JWT.
 *
 * Checks, in order: a bearer token is present; its header names an allowed asymmetric algorithm
 * and its `kid`, when present, is a string (before any key lookup, so garbage is cheap to reject);
 * the signature verifies against the key set (the key named by `kid`; without a `kid`, each key of
 * the algorithm's type is tried), each key verifying its own algorithm only (its JWK's `alg`, else
 * its type: a `kid` naming a key of another algorithm is `Algorithm not allowed`, key-set.ts);
 * `exp` is present and not past (with tolerance) nor further ahead than the maximum lifetime;
 * `iss` and `sub` equal the holder subdomain; `aud` equals the public base URL plus the request
 * path, byte for byte; `iat`, when present, is not ahead of our clock by more than the tolerance;
 * `jti` is present and has not been seen before its token expires, and the token cannot have been
 * used before the replay store's memory began (a Redis that lost its data). These two last checks
 * are the request's admission, settled after the verifier answers (admission.ts).
 *
 * Every refusal is 401 by default, or 403 with `HOLDER_AUTH_FAILURE_STATUS=403` (what some platform
 * instances expect): the same reason, body and `WWW-Authenticate` challenge either way.
 */
import {
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWTHeaderParameters,
  type JWTPayload,
} from 'jose';
import { GatewayError, UnauthorizedError } from '../errors';
import { traceDecision } from '../observability/tracing';
import { type Admission, handled } from './admission';
import { canonicalBase64url, takesShortWay, verifyShortWay } from './holder-jwt';
import type { KeySet } from './key-set';
import { couldPredateMemory, type ReplayStore } from './replay-store';

/** Stable reason slugs (metric labels) with the message each one answers. */
export const AUTH_REASONS = {
  missing_token: 'Missing bearer token',
  malformed_token: 'Malformed token',
  algorithm_not_allowed: 'Algorithm not allowed',
  unknown_key: 'Unknown signing key',
  invalid_signature: 'Invalid signature',
  missing_exp: 'Missing exp',
  expired: 'Token expired',
  lifetime_too_long: 'Token lifetime too long',
  not_yet_valid: 'Token not yet valid',
  invalid_issuer: 'Invalid issuer',
  invalid_subject: 'Invalid subject',
  invalid_audience: 'Invalid audience',
  missing_jti: 'Missing jti',
  replayed: 'Token replayed',
  predates_replay_memory: 'Token issued before replay protection was restored',
  invalid_token: 'Invalid token',
} as const;
export type AuthReason = keyof typeof AUTH_REASONS;

/** The status of a refused holder token (`HOLDER_AUTH_FAILURE_STATUS`). */
export type AuthFailureStatus = 401 | 403;

/**
 * A refused holder token: `UnauthorizedError`'s code (`instanceof UnauthorizedError` holds), its
 * reason slug, and the RFC 6750 challenge: `Bearer` when no token came (no error code, as RFC 6750
 * section 3.1 asks), `Bearer error="invalid_token"` for one rejected. Its status is 401, or 403
 * for platforms that expect it; the challenge is sent with 403 too (RFC 9110 section 11.6.1 allows
 * it on any answer), and is what tells a refused token from a refusal to share there.
 */
export class AuthError extends GatewayError {
  constructor(
    readonly reason: AuthReason,
    status: AuthFailureStatus = 401,
  ) {
    super(
      UnauthorizedError.code,
      status,
      AUTH_REASONS[reason],
      { name: 'UnauthorizedError' },
      {
        headers: {
          'WWW-Authenticate':
            reason === 'missing_token' ? 'Bearer' : 'Bearer error="invalid_token"',
        },
      },
    );
    this.name = UnauthorizedError.code; // as `UnauthorizedError` names itself, for the logs
  }
}

const AUTH_ERRORS = new Map<string, AuthError>();

/**
 * The error of one rejection reason and status, built once and thrown again for every token
 * rejected for that reason: a rejected request then builds no error object and captures no stack
 * of its own (an attack is a stream of rejections; their stacks are never logged, 4xx are logged
 * by code).
 */
export function authError(reason: AuthReason, status: AuthFailureStatus = 401): AuthError {
  const id = `${status} ${reason}`;
  let error = AUTH_ERRORS.get(id);
  if (!error) {
    error = new AuthError(reason, status);
    AUTH_ERRORS.set(id, error);
  }
  return error;
}

export interface HolderAuthOptions {
  keySet: KeySet;
  replayStore: ReplayStore;
  /** Expected `iss` and `sub`. */
  subdomain: string;
  /** Public base URL without trailing slash. */
  publicBaseUrl: string;
  algorithms: readonly string[];
  clockToleranceSeconds: number;
  maxLifetimeSeconds: number;
  /** Status of every refusal (default 401); a key set or replay store outage stays 503. */
  failureStatus?: AuthFailureStatus;
  /** Clock in milliseconds (tests inject one). */
  now?: () => number;
}

export interface HolderClaims {
  jti: string;
  exp: number;
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/;

export function reasonOf(err: unknown): AuthReason {
  if (err instanceof errors.JWTExpired) return 'expired';
  if (err instanceof errors.JWTClaimValidationFailed) {
    switch (err.claim) {
      case 'iss':
        return 'invalid_issuer';
      case 'sub':
        return 'invalid_subject';
      case 'aud':
        return 'invalid_audience';
      case 'exp':
        return err.reason === 'missing' ? 'missing_exp' : 'expired';
      case 'jti':
        return 'missing_jti';
      case 'nbf':
        return 'not_yet_valid';
      default:
        return 'invalid_token';
    }
  }
  if (err instanceof errors.JOSEAlgNotAllowed) return 'algorithm_not_allowed';
  if (err instanceof errors.JWKSNoMatchingKey) return 'unknown_key';
  if (err instanceof errors.JWKSMultipleMatchingKeys) return 'unknown_key';
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'invalid_signature';
  if (err instanceof errors.JWSInvalid || err instanceof errors.JWTInvalid)
    return 'malformed_token';
  if (err instanceof errors.JOSENotSupported) return 'algorithm_not_allowed';
  return 'invalid_token';
}

/**
 * The token's claims once its signature and claims checks pass: ECDSA tokens without `crit` the
 * short way (holder-jwt.ts), any other through jose's `jwtVerify`. @throws AuthError, or jose's
 * errors (mapped by `reasonOf`)
 */
async function verifiedClaims(
  token: string,
  header: JWTHeaderParameters,
  path: string,
  options: HolderAuthOptions,
  nowMs: number,
): Promise<JWTPayload> {
  const rules = {
    issuer: options.subdomain,
    subject: options.subdomain,
    audience: options.publicBaseUrl + path,
    clockToleranceSeconds: options.clockToleranceSeconds,
    nowMs,
  };
  if (takesShortWay(header)) {
    const verdict = await verifyShortWay(token, header, options.keySet.getKey, rules);
    if (verdict && 'reason' in verdict) throw authError(verdict.reason, options.failureStatus);
    if (verdict) return verdict.payload;
  }
  // jose 5 decodes leniently: only a canonical payload and signature reach it (holder-jwt.ts).
  const [, payloadPart, signaturePart] = token.split('.') as [string, string, string];
  if (!canonicalBase64url(payloadPart) || !canonicalBase64url(signaturePart)) {
    throw authError('malformed_token', options.failureStatus);
  }
  const { payload } = await jwtVerify(token, options.keySet.getKey, {
    algorithms: [...options.algorithms],
    issuer: rules.issuer,
    subject: rules.subject,
    audience: rules.audience,
    clockTolerance: rules.clockToleranceSeconds,
    requiredClaims: ['exp', 'jti'],
    currentDate: new Date(nowMs),
  });
  return payload;
}

/** A token whose signature and claims passed, and the claim of its `jti`, still under way. */
export interface VerifiedToken {
  claims: HolderClaims;
  /** Rejects with `Token replayed`, the memory-loss refusal, or the store's 503 (admission.ts). */
  admission: Admission;
}

export type HolderVerifier = (
  authorization: string | undefined,
  path: string,
) => Promise<VerifiedToken>;

/** The claim of the token's `jti` and the rules on the store's answer. @throws AuthError */
async function admit(
  options: HolderAuthOptions,
  token: { jti: string; exp: number; iat: number | undefined },
): Promise<void> {
  const { jti, exp, iat } = token;
  const claim = await options.replayStore.claim(
    `${options.subdomain}\u0000${jti}`,
    (exp + options.clockToleranceSeconds) * 1000,
  );
  traceDecision('replay_store', claim.fresh ? 'fresh' : 'replayed');
  if (!claim.fresh) throw authError('replayed', options.failureStatus);
  if (
    claim.memorySinceMs !== undefined &&
    couldPredateMemory({ exp, iat }, claim.memorySinceMs, options)
  ) {
    throw authError('predates_replay_memory', options.failureStatus);
  }
}

type ProtectedHeader = ReturnType<typeof decodeProtectedHeader>;

/** How many decoded protected headers a verifier keeps: a platform signs with one or a few. */
const KEPT_HEADERS = 64;

/**
 * `decodeProtectedHeader`, remembered by the header's base64url text: a platform's tokens share
 * their header (`alg`, `kid`, `typ`), and decoding it (base64url, UTF-8, JSON) on every request
 * was about 6 000 instructions of a cache hit (`bench:instructions`, main thread). Each kept
 * header is frozen, being every request's; at most `KEPT_HEADERS` are kept (forgotten all at
 * once when full), and a header that does not decode throws every time, as jose does.
 */
function protectedHeaders(): (token: string) => ProtectedHeader {
  const kept = new Map<string, ProtectedHeader>();
  return (token) => {
    // A token here has three parts (BEARER): its header is the text before the first dot.
    const text = token.slice(0, token.indexOf('.'));
    let header = kept.get(text);
    if (header === undefined) {
      // Only a canonical header is read (holder-jwt.ts): jose 5 would decode any of its spellings.
      if (!canonicalBase64url(text)) throw new TypeError('header not canonical base64url');
      header = Object.freeze(decodeProtectedHeader(token));
      if (kept.size >= KEPT_HEADERS) kept.clear();
      kept.set(text, header);
    }
    return header;
  };
}

/**
 * Builds the verifier used by the holder-side routes: it answers once the token itself passes; the
 * claim of its `jti` is its admission, which the caller must await before any core call and any
 * answer.
 */
export function createHolderVerifier(options: HolderAuthOptions): HolderVerifier {
  const now = options.now ?? Date.now;
  const algorithms = [...options.algorithms];
  const protectedHeader = protectedHeaders();
  const refuse = (reason: AuthReason) => authError(reason, options.failureStatus);
  return async (authorization, path) => {
    const match = authorization ? BEARER.exec(authorization) : null;
    if (!authorization) throw refuse('missing_token');
    if (!match) throw refuse('malformed_token');
    const token = match[1]!;
    let header: ProtectedHeader;
    try {
      header = protectedHeader(token);
    } catch {
      throw refuse('malformed_token');
    }
    const alg = header.alg;
    if (typeof alg !== 'string') throw refuse('malformed_token');
    // A `kid` that is not a string could never name a key: refuse it before any key look-up
    // (it would otherwise count as an unknown key and trigger a key set refetch).
    if (header.kid !== undefined && typeof header.kid !== 'string') {
      throw refuse('malformed_token');
    }
    if (!algorithms.includes(alg)) throw refuse('algorithm_not_allowed');

    let payload: JWTPayload;
    try {
      payload = await verifiedClaims(token, header as JWTHeaderParameters, path, options, now());
    } catch (err) {
      if (err instanceof GatewayError) throw err; // key set unavailable: 503; or our own refusal
      throw refuse(reasonOf(err));
    }
    const nowSeconds = now() / 1000;
    const exp = payload.exp!;
    if (exp - nowSeconds > options.maxLifetimeSeconds + options.clockToleranceSeconds) {
      throw refuse('lifetime_too_long');
    }
    // Bounds what an accepted token can claim, which the rule after a loss of replay memory needs.
    const iat = payload.iat;
    if (iat !== undefined && iat - nowSeconds > options.clockToleranceSeconds) {
      throw refuse('not_yet_valid');
    }
    if (typeof payload.jti !== 'string' || payload.jti.length === 0 || payload.jti.length > 512) {
      throw refuse('missing_jti');
    }
    // Not awaited here: the request's first cache read joins the claim's round trip (ADR 0051).
    const admission = handled(admit(options, { jti: payload.jti, exp, iat }));
    return { claims: { jti: payload.jti, exp }, admission };
  };
}
