/**
 * Where holder token keys come from.
 *
 * jose's `createRemoteJWKSet` refetches on an unknown `kid` with a cooldown, but once its cache is
 * older than `cacheMaxAge` a failing key set URL fails every request. The platform's key set URL
 * being down for a minute must not take every holder endpoint down, so this key set keeps the last
 * good keys serving for `maxStaleSeconds` after they were due for refresh, and only then refuses
 * (503, our fault, not the caller's).
 */
import {
  createLocalJWKSet,
  errors,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import { request } from 'undici';
import { AuthUnavailableError } from '../errors';

export interface KeySet {
  /** Key lookup for `jwtVerify`. */
  getKey: JWTVerifyGetKey;
  /** Whether a usable key set is loaded. */
  isReady(): boolean;
  /** Loads the key set now; resolves false when it could not (the gateway still starts). */
  warmUp(): Promise<boolean>;
}

/** Keys remembered per key set: a bound on what a set of few keys and algorithms can fill. */
const KEYS_REMEMBERED = 64;

/** Whether jose's local key set lets a JWK verify signatures at all (`use`, `key_ops`). */
function verifiesSignatures(jwk: JWK): boolean {
  if (typeof jwk.use === 'string' && jwk.use !== 'sig') return false;
  return !Array.isArray(jwk.key_ops) || jwk.key_ops.includes('verify');
}

/**
 * jose's local key set, refusing as `JOSEAlgNotAllowed` a token whose `kid` names a signing key of
 * the set that jose found no key for: the key is known, and its `alg` (or, without one, its type
 * and curve) is not the token's algorithm. jose says `JWKSNoMatchingKey` then, which the gateway
 * would answer as an unknown key although the key is known. The refusal is still the set's
 * answer for that kid: a remote key set asks for the set again as for an unknown kid (a platform
 * correcting its key's `alg`).
 */
function pinnedKeySet(jwks: JSONWebKeySet): JWTVerifyGetKey {
  const local = createLocalJWKSet(jwks);
  // The signing kids as the set was given: jose keeps its own copy too.
  const signingKids = new Set(
    jwks.keys.filter(verifiesSignatures).flatMap((jwk) => (jwk.kid === undefined ? [] : [jwk.kid])),
  );
  return async (header, token) => {
    try {
      return await local(header, token);
    } catch (err) {
      if (!(err instanceof errors.JWKSNoMatchingKey)) throw err;
      // jose chooses with the unprotected header too (a flattened JWS): so does this.
      const { alg, kid } = { ...header, ...token?.header };
      if (typeof kid !== 'string' || !signingKids.has(kid)) throw err;
      throw new errors.JOSEAlgNotAllowed(`key ${kid} does not verify ${String(alg)} signatures`);
    }
  };
}

/**
 * jose's local key set (algorithms pinned by key: {@link pinnedKeySet}), with the key each
 * algorithm and `kid` found remembered: in one set the same pair always finds the same key, so a
 * token after the first makes no candidate search, no copy of its header and no look-up in jose's
 * import cache. The algorithm is part of what is remembered, so a key found for one algorithm is
 * never handed to a token of another. Only keys found are remembered (an unknown `kid`, or one of
 * another algorithm, is asked of jose each time, as before); a refetched set starts with none.
 */
export function readyKeySet(jwks: JSONWebKeySet): JWTVerifyGetKey {
  const local = pinnedKeySet(jwks);
  const found = new Map<string, Awaited<ReturnType<JWTVerifyGetKey>>>();
  return async (header, token) => {
    const { alg, kid } = header;
    // A flattened JWS's unprotected header takes part in jose's choice: leave it to jose.
    if (token?.header !== undefined || typeof alg !== 'string') return local(header, token);
    if (kid !== undefined && typeof kid !== 'string') return local(header, token);
    const id = kid === undefined ? alg : `${alg}\u0000${kid}`;
    let key = found.get(id);
    if (key === undefined) {
      key = await local(header, token);
      if (found.size < KEYS_REMEMBERED) found.set(id, key);
    }
    return key;
  };
}

/** A fixed key set (development keys, tests). */
export function staticKeySet(jwks: JSONWebKeySet): KeySet {
  const local = readyKeySet(jwks);
  return { getKey: local, isReady: () => true, warmUp: async () => true };
}

export interface RemoteKeySetOptions {
  url: string;
  /** Minimum seconds between two refetches for a kid no key answers (unknown, or another alg's). */
  cooldownSeconds: number;
  /** Seconds after which the keys are refreshed. */
  maxAgeSeconds: number;
  /** Seconds past `maxAgeSeconds` that the last good keys keep serving while the URL fails. */
  maxStaleSeconds: number;
  /** Timeout of one fetch in milliseconds. */
  timeoutMs: number;
  /** Clock in milliseconds (tests inject one). */
  now?: () => number;
  /** Called after each fetch attempt, for metrics and logs. */
  onFetch?: (outcome: 'ok' | 'error', err?: unknown) => void;
  /** Called for each key lookup answered from the last good keys past their refresh time. */
  onStaleServe?: () => void;
}

const MAX_JWKS_BYTES = 512 * 1024;

/** The key set at `url`; any failure names the URL (a log line then says which key set failed). */
async function fetchJwks(url: string, timeoutMs: number): Promise<JSONWebKeySet> {
  try {
    return await fetchJwksOnce(url, timeoutMs);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(`key set ${url}: ${message}`, { cause: err });
  }
}

async function fetchJwksOnce(url: string, timeoutMs: number): Promise<JSONWebKeySet> {
  const res = await request(url, {
    method: 'GET',
    headers: { accept: 'application/json, application/jwk-set+json' },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    signal: AbortSignal.timeout(timeoutMs),
    maxRedirections: 0,
  } as Parameters<typeof request>[1]);
  if (res.statusCode !== 200) {
    await res.body.dump();
    throw new Error(`answered ${res.statusCode}`);
  }
  const length = Number(res.headers['content-length'] ?? 0);
  if (length > MAX_JWKS_BYTES) {
    await res.body.dump();
    throw new Error('too large');
  }
  const text = await res.body.text();
  if (text.length > MAX_JWKS_BYTES) throw new Error('too large');
  const parsed = JSON.parse(text) as { keys?: unknown };
  if (!parsed || !Array.isArray(parsed.keys)) throw new Error('has no keys array');
  return parsed as JSONWebKeySet;
}

/** A remote key set with cooldown-limited refetch on unknown kid and bounded stale serving. */
export function remoteKeySet(options: RemoteKeySetOptions): KeySet {
  const now = options.now ?? Date.now;
  let local: JWTVerifyGetKey | undefined;
  let fetchedAt = 0;
  let lastKidRefetch = -Infinity;
  let inflight: Promise<void> | undefined;

  const refresh = (): Promise<void> => {
    inflight ??= fetchJwks(options.url, options.timeoutMs)
      .then((jwks) => {
        local = readyKeySet(jwks);
        fetchedAt = now();
        options.onFetch?.('ok');
      })
      .catch((err: unknown) => {
        options.onFetch?.('error', err);
        throw err;
      })
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  };

  const usable = (): boolean =>
    local !== undefined &&
    now() - fetchedAt <= (options.maxAgeSeconds + options.maxStaleSeconds) * 1000;

  const ensureFresh = async (): Promise<void> => {
    if (local !== undefined && now() - fetchedAt <= options.maxAgeSeconds * 1000) return;
    try {
      await refresh();
    } catch (err) {
      if (!usable()) throw new AuthUnavailableError({ cause: err, retryAfterSeconds: 5 });
      // Stale but within the bound: keep serving the last good keys.
      options.onStaleServe?.();
    }
  };

  const getKey: JWTVerifyGetKey = async (header, token) => {
    await ensureFresh();
    try {
      return await local!(header, token);
    } catch (err) {
      // A known kid of another algorithm is refetched too: the platform may correct its `alg`.
      const unmatched =
        err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JOSEAlgNotAllowed;
      if (!unmatched) throw err;
      if (now() - lastKidRefetch < options.cooldownSeconds * 1000) throw err;
      lastKidRefetch = now();
      try {
        await refresh();
      } catch {
        throw err; // the key set URL failed: the kid is still unknown
      }
      return local!(header, token);
    }
  };

  return {
    getKey,
    isReady: usable,
    warmUp: () =>
      refresh().then(
        () => true,
        () => false,
      ),
  };
}
