/**
 * What an adapter's HTTP client needs to turn a core's transport into the gateway's errors: a
 * failed request (aborted, timed out, refused) as CoreTimeoutError or CoreUnavailableError, the
 * `Retry-After` header as seconds, and JSON numbers read exactly.
 */
import { CoreRejectedRequestError, CoreTimeoutError, CoreUnavailableError } from './errors';

/** undici's codes of a request that took too long (connect, headers, body). */
const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** The error code of a failed request (Node's or undici's), on the error or its cause. */
export function transportErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A request that failed before the core answered, as the gateway's error. Aborted by `signal`:
 * its reason when that is an error of the gateway's (its timeout), else CoreTimeoutError; a
 * transport timeout: CoreTimeoutError; anything else (refused, reset, DNS): CoreUnavailableError.
 */
export function transportFailure(err: unknown, signal: AbortSignal): Error {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof Error && reason.name !== 'AbortError'
      ? reason
      : new CoreTimeoutError({ cause: err });
  }
  const code = transportErrorCode(err);
  if (code !== undefined && TIMEOUT_CODES.has(code)) return new CoreTimeoutError({ cause: err });
  return new CoreUnavailableError({ cause: err });
}

/** A core's statuses that say the gateway's own credentials were refused: only an operator can fix it. */
const CREDENTIALS_REFUSED = new Set([401, 403, 407]);
/** A core's 4xx statuses that say "not now" rather than "not this": the core's load, not the caller. */
const NOT_NOW = new Set([408, 429]);

/**
 * A core's error answer, for the statuses an adapter gives no meaning of its own (a 404 it reads
 * as "not found" first, say), as the gateway's error:
 * - 401, 403, 407: the gateway's credentials refused, CoreUnavailableError (a core failure);
 * - 408, 429 and 5xx: the core cannot answer now, CoreUnavailableError with its `Retry-After`;
 * - any other 4xx: the core refused what the caller asked for, CoreRejectedRequestError (400),
 *   which never counts toward a circuit: a caller sending values the core refuses must not cut
 *   the core off for every other caller;
 * - anything else (a 1xx or 3xx the client did not follow): a plain Error (500).
 * @param cause what the log shows (the operation and status, never a body)
 */
export function coreAnswerFailure(
  status: number,
  retryAfter: string | string[] | undefined,
  cause: Error,
): Error {
  if (CREDENTIALS_REFUSED.has(status)) return new CoreUnavailableError({ cause });
  if (NOT_NOW.has(status) || (status >= 500 && status <= 599)) {
    const seconds = retryAfterSeconds(retryAfter);
    return new CoreUnavailableError({
      cause,
      ...(seconds !== undefined && seconds > 0 ? { retryAfterSeconds: seconds } : {}),
    });
  }
  if (status >= 400 && status <= 499) return new CoreRejectedRequestError({ cause });
  return cause;
}

/** `Retry-After` as whole seconds (delta-seconds or an HTTP date); undefined when absent or bad. */
export function retryAfterSeconds(
  header: string | string[] | undefined,
  now = Date.now(),
): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * A JSON number's text as the value a mapper can keep exactly: a safe integer as a number, any
 * other number (decimals, large integers) as its text. The reviver of lossless-json's `parse`.
 */
export function exactJsonNumber(text: string): number | string {
  if (/^-?\d+$/.test(text)) {
    const value = Number(text);
    if (Number.isSafeInteger(value)) return value;
  }
  return text;
}
