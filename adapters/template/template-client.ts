/**
 * The template's HTTP client: one undici Pool to the core, and the one place where transport
 * outcomes become the gateway's errors. Copy it as it is; change the headers your core wants.
 *
 * What it guarantees the adapter:
 * - every request carries the call's AbortSignal, so the gateway's timeout (and a caller that
 *   goes away) cancels the request and frees the socket;
 * - JSON numbers arrive as their exact source text (lossless-json): money is never a float;
 * - a 404 resolves `undefined` (the adapter knows what is missing: a customer, a balance...);
 * - a 451 (the core's safety hold on a customer) is `SharingRefusedError('harm')`: the gateway
 *   refuses every request of that customer with 403 and `X-Sharing-Refused: true`;
 * - 5xx, 429 and transport failures are `CoreUnavailableError`, with `retryAfterSeconds` when
 *   the core sent `Retry-After`; header and body timeouts are `CoreTimeoutError`;
 * - any other answer (400, 401, 403, ...) is a plain Error: the gateway answers 500 and logs it.
 *
 * Messages name the route template (`customer.accounts`), never a customer or account id: errors
 * end up in logs, and ids are personal data.
 */
import { parse } from 'lossless-json';
import { Pool } from 'undici';
import {
  coreAnswerFailure,
  CoreTimeoutError,
  CoreUnavailableError,
  SharingRefusedError,
  type CallContext,
} from '@data-holder-gateway/adapter-sdk';

/** The template's configuration block, as validated against its configSchema (see index.ts). */
export interface TemplateConfig {
  /** Base URL of the core API, e.g. `https://core.bank.example/api/v2`. */
  baseUrl: string;
  /** Bearer key the core expects. */
  apiKey: string;
  /** Most connections to the core (undici Pool `connections`). */
  connections: number;
  /** Connect timeout, ms. */
  connectTimeoutMs: number;
  /** Longest wait for response headers, ms. */
  headersTimeoutMs: number;
  /** Longest gap between body chunks, ms. */
  bodyTimeoutMs: number;
  /** How long an idle connection is kept, ms. */
  keepAliveTimeoutMs: number;
  /** Largest response body accepted, bytes. */
  maxResponseBytes: number;
}

/** Query values; undefined ones are left out. */
export type Query = Record<string, string | number | undefined>;

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** `Retry-After` as seconds (delta-seconds or an HTTP date), at least 1; undefined if absent. */
export function retryAfterSeconds(
  header: string | string[] | undefined,
  now = Date.now(),
): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Math.max(1, Number(value.trim()));
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(1, Math.ceil((at - now) / 1000));
}

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

export class TemplateCoreClient {
  private readonly pool: Pool;
  private readonly basePath: string;
  private closed = false;

  constructor(private readonly config: TemplateConfig) {
    const base = new URL(config.baseUrl);
    this.basePath = base.pathname.replace(/\/+$/, '');
    // One pool per adapter: explicit limits, so a slow core cannot take every socket we have.
    this.pool = new Pool(base.origin, {
      connections: config.connections,
      connectTimeout: config.connectTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      bodyTimeout: config.bodyTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      maxResponseSize: config.maxResponseBytes,
    });
  }

  /**
   * GETs a JSON resource. `route` names the call in errors (no ids).
   * @returns the parsed body, or undefined when the core answers 404
   */
  async get<T>(
    route: string,
    path: string,
    query: Query,
    ctx: CallContext,
  ): Promise<T | undefined> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) search.set(key, String(value));
    }
    const qs = search.size > 0 ? `?${search.toString()}` : '';
    try {
      const res = await this.pool.request({
        method: 'GET',
        path: `${this.basePath}${path}${qs}`,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${this.config.apiKey}`,
          // Lets the core's logs be joined to the gateway's.
          'x-request-id': ctx.requestId,
        },
        signal: ctx.signal,
      });
      if (res.statusCode === 200) {
        const text = await res.body.text();
        try {
          // Every number as its exact text: `1234.10` stays "1234.10".
          return parse(text, null, (n: string) => n) as T;
        } catch {
          throw new Error(`template core sent invalid JSON on ${route}`);
        }
      }
      await res.body.dump();
      if (res.statusCode === 404) return undefined;
      // The core refuses every read of a customer it holds under a safety hold.
      if (res.statusCode === 451) throw new SharingRefusedError('harm');
      if (res.statusCode >= 500 || res.statusCode === 429) {
        const after = retryAfterSeconds(res.headers['retry-after']);
        throw new CoreUnavailableError(after !== undefined ? { retryAfterSeconds: after } : {});
      }
      // Any other 4xx refuses what the caller asked (400 to it, never a core failure); 401 and
      // 403 are the gateway's credentials refused (503).
      throw coreAnswerFailure(
        res.statusCode,
        res.headers['retry-after'],
        new Error(`template core answered ${res.statusCode} on ${route}`),
      );
    } catch (err) {
      throw this.failure(err, ctx.signal);
    }
  }

  /** What a failed request becomes. */
  private failure(err: unknown, signal: AbortSignal): unknown {
    // Aborted by the gateway (its timeout: the reason is a CoreTimeoutError) or by the caller.
    if (signal.aborted) return signal.reason instanceof Error ? signal.reason : err;
    if (err instanceof CoreUnavailableError || err instanceof CoreTimeoutError) return err;
    const code = errorCode(err);
    if (code && TIMEOUT_CODES.has(code)) return new CoreTimeoutError({ cause: err });
    // Connection refused or reset, DNS failure, connect timeout, socket closed, body too large:
    // the core cannot be used right now (retried once by the gateway when idempotent).
    if (code && (code.startsWith('UND_ERR') || code.startsWith('E')))
      return new CoreUnavailableError({ cause: err });
    return err;
  }

  /** False once closed. Not a health check: an unreachable core is answered by the circuit. */
  isOpen(): boolean {
    return !this.closed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.close();
  }
}
