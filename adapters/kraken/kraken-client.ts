/**
 * The HTTP side of the Kraken adapter: one undici Pool to Kraken's origin with explicit limits,
 * every operation sent as `POST <baseUrl>` with `{ query, operationName, variables }`, the Kraken
 * Token as the raw `Authorization` header (Kraken's convention: no `Bearer` prefix), the gateway's
 * request id as `X-Request-ID`, and the call's AbortSignal handed to undici.
 *
 * Error mapping (the ports' conventions):
 * - GraphQL errors (HTTP 200 with `errors`), by `KT-CT-*` code (kraken-errors.ts): token expired →
 *   one fresh token and one more try; unauthorized → CoreUnavailableError and an error log naming
 *   the setting (never the token or key); not found → KrakenAnswerError('notFound') for the
 *   adapter to turn into the port's answer; throttled → CoreUnavailableError with `Retry-After`
 *   when Kraken sent one; a validation error (`errorType` VALIDATION) → CoreRejectedRequestError
 *   (400, never a core failure); anything else → a plain Error (500, logged by the gateway);
 * - HTTP 5xx and 429 (with `Retry-After` → `retryAfterSeconds`), connection failures →
 *   CoreUnavailableError; 401/403 → CoreUnavailableError and an error log; any other 4xx →
 *   CoreRejectedRequestError (`coreAnswerFailure`);
 * - connect, headers and body timeouts → CoreTimeoutError; an aborted call rethrows the signal's
 *   reason (the gateway's timeout error, or the caller gone).
 * Logs carry the operation name, status and error code only: no variables (they hold account
 * numbers and user ids), no body, no token.
 */
import { parse } from 'lossless-json';
import { Pool } from 'undici';
import {
  type AdapterContext,
  type CallContext,
  coreAnswerFailure,
  CoreRejectedRequestError,
  CoreUnavailableError,
  type GatewayError,
  exactJsonNumber,
  retryAfterSeconds,
  transportErrorCode,
  transportFailure,
} from '@data-holder-gateway/adapter-sdk';
import type { KrakenConfig } from './kraken-config';
import { classify, KrakenAnswerError, type GraphqlError } from './kraken-errors';
import {
  aliasedOperation,
  loadOperations,
  type AliasedOperation,
  type OperationName,
} from './kraken-queries';
import { KrakenTokens } from './kraken-token';

/** Kraken's largest page (`first`) of a connection. */
export const MAX_PAGE_SIZE = 100;
/** Sets of variables one aliased query asks at most: keeps a query well under Kraken's limits. */
export const MAX_ALIASES = 10;

/** A Kraken answer the adapter cannot read (not JSON, too large): a bug or a broken core, 500. */
class KrakenProtocolError extends Error {
  override name = 'KrakenProtocolError';
}

/** The answer of one POST: the status, `Retry-After`, and the parsed body on 200. */
interface Posted {
  status: number;
  retryAfter?: number;
  body?: { data?: unknown; errors?: GraphqlError[] };
}

export class KrakenClient {
  private readonly pool: Pool;
  private readonly path: string;
  private readonly operations = loadOperations();
  private readonly aliasedTexts = new Map<string, AliasedOperation>();
  private readonly tokens: KrakenTokens;

  constructor(
    private readonly config: KrakenConfig,
    private readonly log: AdapterContext['log'],
  ) {
    const url = new URL(config.baseUrl);
    this.path = `${url.pathname}${url.search}`;
    this.pool = new Pool(url.origin, {
      connections: config.connections,
      connectTimeout: config.connectTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      bodyTimeout: config.bodyTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      connect: { rejectUnauthorized: config.rejectUnauthorized },
    });
    this.tokens = new KrakenTokens(config, (input, signal) => this.obtain(input, signal));
  }

  /** Whether this client can send calls: its pool is open. Never the last call's outcome. */
  get ready(): boolean {
    return !this.pool.closed && !this.pool.destroyed;
  }

  /**
   * Sends an authenticated operation and answers its `data`; on an expired token, obtains a
   * fresh one and sends it once more.
   */
  async query<T>(
    operation: OperationName,
    variables: Record<string, unknown>,
    ctx: CallContext,
    text: string = this.operations[operation],
  ): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const token = await this.tokens.current(ctx.signal);
      try {
        return await this.send<T>(operation, text, variables, ctx, token);
      } catch (err) {
        if (!(err instanceof KrakenAnswerError && err.kind === 'tokenExpired') || attempt > 0) {
          throw err instanceof KrakenAnswerError && err.kind === 'tokenExpired'
            ? this.unauthorized(operation, err.code)
            : err;
        }
        this.tokens.expired(token);
      }
    }
  }

  /**
   * Sends `operation` for each set of variables, at most {@link MAX_ALIASES} sets to a query (its
   * root fields aliased per set, kraken-queries.ts `aliasedOperation`), and answers each set's
   * `data` as `query` would. One set is sent as the operation itself.
   */
  async queryEach<T>(
    operation: OperationName,
    sets: readonly Record<string, unknown>[],
    ctx: CallContext,
  ): Promise<T[]> {
    if (sets.length === 1) return [await this.query<T>(operation, sets[0]!, ctx)];
    const answers: T[] = [];
    for (let start = 0; start < sets.length; start += MAX_ALIASES) {
      const chunk = sets.slice(start, start + MAX_ALIASES);
      const { text, keys } = this.aliased(operation, chunk.length);
      const variables = Object.fromEntries(
        chunk.flatMap((set, i) => Object.entries(set).map(([name, v]) => [`${name}_${i}`, v])),
      );
      const data = await this.query<Record<string, unknown>>(operation, variables, ctx, text);
      chunk.forEach((_, i) =>
        answers.push(Object.fromEntries(keys.map((key) => [key, data[`${key}_${i}`]])) as T),
      );
    }
    return answers;
  }

  /** The aliased text of an operation for `count` sets, built once per operation and count. */
  private aliased(operation: OperationName, count: number): AliasedOperation {
    const key = `${operation}:${count}`;
    let aliased = this.aliasedTexts.get(key);
    if (!aliased) {
      aliased = aliasedOperation(this.operations[operation], count);
      this.aliasedTexts.set(key, aliased);
    }
    return aliased;
  }

  /** The token mutation, unauthenticated, for {@link KrakenTokens}. */
  private obtain(input: Record<string, string>, signal: AbortSignal): Promise<unknown> {
    const ctx = { signal, requestId: 'kraken-token' };
    return this.send(
      'ObtainKrakenToken',
      this.operations.ObtainKrakenToken,
      { input },
      ctx,
      undefined,
    );
  }

  private async send<T>(
    operation: OperationName,
    text: string,
    variables: Record<string, unknown>,
    ctx: CallContext,
    token: string | undefined,
  ): Promise<T> {
    const posted = await this.post(operation, text, variables, ctx, token);
    if (posted.status === 401 || posted.status === 403) throw this.unauthorized(operation);
    if (posted.status >= 500 || posted.status === 429) {
      this.log.warn({ operation, status: posted.status }, 'Kraken answered an error');
      throw new CoreUnavailableError(
        posted.retryAfter ? { retryAfterSeconds: posted.retryAfter } : {},
      );
    }
    if (posted.status !== 200 || !posted.body) {
      throw coreAnswerFailure(
        posted.status,
        posted.retryAfter === undefined ? undefined : String(posted.retryAfter),
        new Error(`Kraken ${operation} answered ${posted.status}`),
      );
    }
    const { data, errors } = posted.body;
    if (Array.isArray(errors) && errors.length > 0) {
      const { kind, code } = classify(errors);
      if (kind === 'unauthorized') throw this.unauthorized(operation, code);
      if (kind === 'notFound' || kind === 'tokenExpired') {
        throw new KrakenAnswerError(kind, operation, code);
      }
      if (kind === 'rejected') {
        throw new CoreRejectedRequestError({
          cause: new Error(`Kraken ${operation} refused a value (${code ?? 'VALIDATION'})`),
        });
      }
      if (kind === 'throttled') {
        this.log.warn({ operation, errorCode: code }, 'Kraken throttled the gateway');
        throw new CoreUnavailableError(
          posted.retryAfter ? { retryAfterSeconds: posted.retryAfter } : {},
        );
      }
      throw new Error(`Kraken ${operation} answered the error ${code ?? 'without a code'}`);
    }
    if (data === null || typeof data !== 'object') {
      throw new Error(`Kraken ${operation} answered no data`);
    }
    return data as T;
  }

  private async post(
    operation: OperationName,
    text: string,
    variables: Record<string, unknown>,
    ctx: CallContext,
    token: string | undefined,
  ): Promise<Posted> {
    const body = JSON.stringify({
      query: text,
      operationName: operation,
      variables,
    });
    try {
      const response = await this.pool.request({
        method: 'POST',
        path: this.path,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'x-request-id': ctx.requestId,
          ...(token ? { authorization: token } : {}),
        },
        body,
        signal: ctx.signal,
      });
      const retryAfter = retryAfterSeconds(response.headers['retry-after']);
      if (response.statusCode !== 200) {
        await response.body.dump().catch(() => undefined);
        return { status: response.statusCode, retryAfter };
      }
      const text = await this.readLimited(response.body, operation);
      let parsed: Posted['body'];
      try {
        parsed = parse(text, null, exactJsonNumber) as Posted['body'];
      } catch (err) {
        throw new KrakenProtocolError(`Kraken ${operation}: the body is not JSON`, { cause: err });
      }
      return { status: 200, retryAfter, body: parsed };
    } catch (err) {
      if (err instanceof KrakenProtocolError) throw err;
      throw this.failure(operation, err, ctx);
    }
  }

  private async readLimited(body: AsyncIterable<Buffer>, operation: string): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > this.config.maxResponseBytes) {
        throw new KrakenProtocolError(
          `Kraken ${operation}: the answer exceeds KRAKEN_MAX_RESPONSE_BYTES`,
        );
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  private unauthorized(operation: string, code?: string): GatewayError {
    this.log.error(
      { operation, errorCode: code },
      'Kraken refused the gateway credentials (check KRAKEN_API_KEY and KRAKEN_API_KEY_KIND)',
    );
    return new CoreUnavailableError();
  }

  private failure(operation: string, err: unknown, ctx: CallContext): Error {
    if (!ctx.signal.aborted) {
      this.log.warn({ operation, code: transportErrorCode(err) }, 'Kraken could not be reached');
    }
    return transportFailure(err, ctx.signal);
  }

  /** Closes every connection at once (in-flight requests fail). */
  async close(): Promise<void> {
    this.tokens.clear();
    await this.pool.destroy();
  }
}
