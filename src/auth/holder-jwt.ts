/**
 * The holder token's signature and claims, checked without jose's general JWS machinery for the
 * tokens the platform signs (ECDSA: ES256, ES384, ES512, no `crit` header): the key object the key
 * set found, `crypto.verify` on the thread pool, and the claims checks jose's `jwtVerify` makes,
 * in its order and with its outcomes (docs/decisions/0049-holder-token-fast-path.md). Any other token
 * (another algorithm, a `crit` header, a key that is not a ready public key object of the
 * algorithm's curve) goes through jose's `jwtVerify` as before; both ways end in the same reasons.
 */
import crypto, { KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { joseToDer } from 'ecdsa-sig-formatter';
import type { JWTHeaderParameters, JWTPayload, JWTVerifyGetKey } from 'jose';

/** What the claims must say (the options the gateway gives jose's `jwtVerify`). */
export interface HolderClaimRules {
  issuer: string;
  subject: string;
  audience: string;
  clockToleranceSeconds: number;
  /** Now, in milliseconds. */
  nowMs: number;
}

/** Why the short way refuses a token: reason slugs of holder-auth.ts's `AUTH_REASONS`. */
export type ShortWayReason =
  | 'invalid_signature'
  | 'malformed_token'
  | 'invalid_issuer'
  | 'invalid_subject'
  | 'invalid_audience'
  | 'missing_jti'
  | 'missing_exp'
  | 'invalid_token'
  | 'not_yet_valid'
  | 'expired';

/** A token's verdict: its claims, or why it is refused. */
export type HolderJwtVerdict = { payload: JWTPayload } | { reason: ShortWayReason };

type EcdsaAlgorithm = 'ES256' | 'ES384' | 'ES512';

/** The digest and the curve (as node names it) of each ECDSA algorithm. */
const ECDSA: Readonly<Record<string, { digest: string; curve: string }>> = {
  ES256: { digest: 'sha256', curve: 'prime256v1' },
  ES384: { digest: 'sha384', curve: 'secp384r1' },
  ES512: { digest: 'sha512', curve: 'secp521r1' },
};

/** The curve of each key object the key set handed out, read once (a call into C++ each time). */
const curves = new WeakMap<KeyObject, string | null>();

function curveOf(key: KeyObject): string | null {
  let curve = curves.get(key);
  if (curve === undefined) {
    curve =
      key.type === 'public' && key.asymmetricKeyType === 'ec'
        ? (key.asymmetricKeyDetails?.namedCurve ?? null)
        : null;
    curves.set(key, curve);
  }
  return curve;
}

/** Whether a token with this (already parsed, already allowed) header can take the short way. */
export function takesShortWay(header: JWTHeaderParameters): boolean {
  return header.crit === undefined && ECDSA[header.alg] !== undefined;
}

const utf8 = new TextDecoder();

/**
 * The bytes of a token part in its one canonical base64url form (RFC 7515 section 2: the URL-safe
 * alphabet, no padding, the unused bits of the last character zero), else undefined. Node's
 * decoder (and jose 5's, which is Node's) skips characters outside the alphabet and ignores a
 * dangling last character and set trailing bits, so several texts would carry one signature or
 * one claims set; jose 6 refuses part of them. A canonical text is the one its bytes encode to.
 */
export function canonicalBase64url(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

/**
 * `crypto.verify` with a callback: the check runs on libuv's thread pool, as jose runs it, so the
 * event loop serves other requests meanwhile (checked synchronously, the cache-miss and 1000 req/s
 * benchmarks answered slower: docs/benchmarks.md).
 */
const verifyInPool = promisify(crypto.verify) as (
  algorithm: string,
  data: Buffer,
  key: KeyObject,
  signature: Buffer,
) => Promise<boolean>;

/**
 * The claims set as jose reads it: canonical base64url, UTF-8 (a BOM dropped), JSON, a plain
 * object; else undefined.
 */
function claimsOf(encoded: string): JWTPayload | undefined {
  const bytes = canonicalBase64url(encoded);
  if (bytes === undefined) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(utf8.decode(bytes));
  } catch {
    return undefined;
  }
  if (typeof payload !== 'object' || payload === null) return undefined;
  if (Object.prototype.toString.call(payload) !== '[object Object]') return undefined;
  return payload as JWTPayload;
}

function audienceMatches(aud: unknown, audience: string): boolean {
  if (typeof aud === 'string') return aud === audience;
  if (Array.isArray(aud)) return aud.includes(audience);
  return false;
}

/** jose's claims checks for the gateway's options, in jose's order, as reasons. */
export function claimsVerdict(payload: JWTPayload, rules: HolderClaimRules): ShortWayReason | null {
  // Presence, in the order jose checks it (iss, sub, aud, then the required jti and exp).
  if (!('iss' in payload)) return 'invalid_issuer';
  if (!('sub' in payload)) return 'invalid_subject';
  if (!('aud' in payload)) return 'invalid_audience';
  if (!('jti' in payload)) return 'missing_jti';
  if (!('exp' in payload)) return 'missing_exp';
  if (rules.issuer && payload.iss !== rules.issuer) return 'invalid_issuer';
  if (rules.subject && payload.sub !== rules.subject) return 'invalid_subject';
  if (rules.audience && !audienceMatches(payload.aud, rules.audience)) return 'invalid_audience';
  const tolerance = rules.clockToleranceSeconds;
  const now = Math.floor(rules.nowMs / 1000);
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return 'invalid_token';
  if (payload.nbf !== undefined) {
    if (typeof payload.nbf !== 'number' || payload.nbf > now + tolerance) return 'not_yet_valid';
  }
  if (payload.exp !== undefined) {
    if (typeof payload.exp !== 'number' || payload.exp <= now - tolerance) return 'expired';
  }
  return null;
}

/**
 * Verifies a token that `takesShortWay`: the key set's key, the signature, the claims. Undefined
 * when the key set answered with something other than a public key of the algorithm's curve
 * (jose then decides, as it always did).
 */
export async function verifyShortWay(
  token: string,
  header: JWTHeaderParameters,
  getKey: JWTVerifyGetKey,
  rules: HolderClaimRules,
): Promise<HolderJwtVerdict | undefined> {
  const { digest, curve } = ECDSA[header.alg]!;
  const [protectedPart, payloadPart, signaturePart] = token.split('.') as [string, string, string];
  const key = await getKey(header, {
    protected: protectedPart,
    payload: payloadPart,
    signature: signaturePart,
  });
  if (!(key instanceof KeyObject) || curveOf(key) !== curve) return undefined;
  // Decoded after the key look-up, where jose decodes it: a signature that does not decode is
  // a malformed token, as jose says.
  const signature = canonicalBase64url(signaturePart);
  if (signature === undefined) return { reason: 'malformed_token' };
  const signed = Buffer.from(token.slice(0, protectedPart.length + 1 + payloadPart.length));
  let valid: boolean;
  try {
    // The key object itself and a DER signature, not `{ key, dsaEncoding: 'ieee-p1363' }`:
    // handed an options object, Node 24 tells it from a key by catching two TypeErrors, stack
    // traces and all (docs/decisions/0057-token-check-gives-node-a-key-object.md). A signature
    // of the wrong length throws here, as OpenSSL would refuse it: an invalid signature.
    const der = joseToDer(signature, header.alg as EcdsaAlgorithm);
    valid = await verifyInPool(digest, signed, key, der);
  } catch {
    valid = false;
  }
  if (!valid) return { reason: 'invalid_signature' };
  const payload = claimsOf(payloadPart);
  if (!payload) return { reason: 'malformed_token' };
  const reason = claimsVerdict(payload, rules);
  return reason ? { reason } : { payload };
}
