/**
 * The HTTP client of the Temenos adapter: one undici Pool to Transact's origin with explicit
 * connection limits and timeouts, the `companyId` header and HTTP Basic credentials on every
 * request, the gateway's request id as `X-Request-ID`, and the call's AbortSignal handed to undici.
 * Paths are `<baseUrl><service base path><path>`: each Transact service has its own base path
 * (`/api/v4.1.0` for the accounts service, ...), given by the caller.
 *
 * Bodies are parsed with lossless-json: safe integers become numbers, every other number keeps
 * its exact decimal text, so no amount is ever rounded through a double.
 *
 * Error mapping (the ports' conventions):
 * - 404 → `null`: each caller decides what a missing record or an empty enquiry means;
 * - 401, 403, 407 → CoreUnavailableError and an error log: the gateway's credentials or company
 *   are refused, which only an operator can fix (the log names the settings, never a secret);
 * - 408, 429, 5xx (with `Retry-After` as `retryAfterSeconds`), refused or reset connections →
 *   CoreUnavailableError; connect, headers and body timeouts → CoreTimeoutError; both count
 *   toward the circuit;
 * - any other 4xx → CoreRejectedRequestError: Transact refused a value the caller sent (400 to
 *   the caller), never a core failure, so it never counts toward a circuit;
 * - an aborted call rethrows the signal's reason (the gateway's timeout, or the caller gone);
 * - a body that is not JSON → a plain Error (500, logged by the gateway).
 * Transact's error body (`{ header, error: { code, message, type } }`, or for a record read
 * `{ header, error: { type, errorDetails: [{ code, message }] } }`) gives its code and type to
 * the log and the error's cause; its message is never read (it may quote the ids asked for). Logs
 * carry the operation name and status only: no path, no body, no credentials.
 */
import { parse } from 'lossless-json';
import { Pool } from 'undici';
import {
  CoreUnavailableError,
  coreAnswerFailure,
  exactJsonNumber,
  retryAfterSeconds,
  transportErrorCode,
  transportFailure,
  type AdapterContext,
  type CallContext,
} from '@data-holder-gateway/adapter-sdk';
import type { TemenosErrorBody } from './mappers';
import type { TemenosConfig } from './temenos-config';

/** The base path of each Transact service the adapter calls. */
export const SERVICES = {
  /** party-customerServices v4.0.0. */
  party: '/api/v4.0.0',
  /** holdings-accounts-service v4.1.0. */
  accounts: '/api/v4.1.0',
  /**
   * holdings-loans and holdings-transactions (files v2.0.0), order-directDebits and
   * party-beneficiaries v1.0.0.
   */
  v1: '/api/v1.0.0',
} as const;

/** Query values; undefined ones are left out. */
export type Query = Readonly<Record<string, string | number | undefined>>;

/** The most of an error body read for its code and type. */
const ERROR_BODY_BYTES = 16 * 1024;

/** Parses a Transact body exactly (see the module comment). */
export function parseTemenosJson(text: string): unknown {
  return parse(text, null, exactJsonNumber);
}

export class TemenosHttp {
  private readonly pool: Pool;
  private readonly basePath: string;
  private readonly headers: Readonly<Record<string, string>>;

  constructor(
    config: TemenosConfig,
    private readonly log: AdapterContext['log'],
  ) {
    const url = new URL(config.baseUrl);
    this.basePath = url.pathname.replace(/\/+$/, '');
    const { username, password } = config;
    this.headers = {
      accept: 'application/json',
      companyid: config.companyId,
      ...(username !== undefined && password !== undefined
        ? { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` }
        : {}),
    };
    this.pool = new Pool(url.origin, {
      connections: config.connections,
      pipelining: config.pipelining,
      connectTimeout: config.connectTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      bodyTimeout: config.bodyTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      connect: { rejectUnauthorized: config.rejectUnauthorized },
    });
  }

  /** Whether the pool is open. Never the outcome of the last call (see docs/adapters.md). */
  get ready(): boolean {
    return !this.pool.closed && !this.pool.destroyed;
  }

  /**
   * `GET <baseUrl><service><path>?<query>`: the parsed body, or null on 404.
   * @param operation a name for logs and errors (e.g. `accounts.list`), never personal data
   */
  async get<T>(
    operation: string,
    service: string,
    path: string,
    query: Query,
    ctx: CallContext,
  ): Promise<T | null> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) search.append(key, String(value));
    }
    const qs = search.toString();
    let response;
    try {
      response = await this.pool.request({
        method: 'GET',
        path: `${this.basePath}${service}${path}${qs ? `?${qs}` : ''}`,
        headers: { ...this.headers, 'x-request-id': ctx.requestId },
        signal: ctx.signal,
      });
    } catch (err) {
      throw this.failure(operation, err, ctx);
    }
    const status = response.statusCode;
    if (status < 200 || status >= 300) {
      const error = await errorOf(response.body);
      if (status === 404) return null;
      throw this.rejection(operation, status, response.headers['retry-after'], error);
    }
    let text: string;
    try {
      text = await response.body.text();
    } catch (err) {
      throw this.failure(operation, err, ctx);
    }
    try {
      return parseTemenosJson(text) as T;
    } catch (err) {
      throw new Error(`Temenos ${operation}: the body is not JSON`, { cause: err });
    }
  }

  /** The error of a status that is neither success nor 404 (see the module comment). */
  private rejection(
    operation: string,
    status: number,
    retryAfter: string | string[] | undefined,
    error: TemenosErrorBody['error'],
  ): Error {
    const code = error?.code;
    const type = error?.type;
    const cause = new Error(
      `Temenos ${operation} answered ${status}${code !== undefined ? ` (${type ?? ''} ${code})` : ''}`,
    );
    if (status === 401 || status === 403 || status === 407) {
      this.log.error(
        { operation, status, code, type },
        'Transact refused the gateway credentials (check TEMENOS_USERNAME, TEMENOS_PASSWORD and TEMENOS_COMPANY_ID)',
      );
      return new CoreUnavailableError({ cause });
    }
    if (status >= 500 || status === 408 || status === 429) {
      this.log.warn({ operation, status, code, type }, 'Transact answered an error');
      const seconds = retryAfterSeconds(retryAfter);
      return new CoreUnavailableError({
        cause,
        ...(seconds !== undefined && seconds > 0 ? { retryAfterSeconds: seconds } : {}),
      });
    }
    return coreAnswerFailure(status, retryAfter, cause);
  }

  private failure(operation: string, err: unknown, ctx: CallContext): Error {
    if (!ctx.signal.aborted) {
      this.log.warn({ operation, code: transportErrorCode(err) }, 'Transact could not be reached');
    }
    return transportFailure(err, ctx.signal);
  }

  /** Closes every connection at once (in-flight requests fail). */
  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

/** The code and type of Transact's error body, read up to a bound; undefined when none. */
async function errorOf(body: AsyncIterable<Buffer> & { destroy(): unknown }) {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > ERROR_BODY_BYTES) break;
    }
  } catch {
    return undefined;
  } finally {
    body.destroy();
  }
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TemenosErrorBody | null;
    const error = parsed?.error;
    if (typeof error !== 'object' || error === null) return undefined;
    // An enquiry's error names its code; a record read's, the code of its first detail.
    const code =
      error.code ?? (Array.isArray(error.errorDetails) ? error.errorDetails[0]?.code : undefined);
    return {
      ...(typeof code === 'string' ? { code } : {}),
      ...(typeof error.type === 'string' ? { type: error.type } : {}),
    };
  } catch {
    return undefined;
  }
}
