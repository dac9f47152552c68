/**
 * Errors become HTTP here and nowhere else. The body family follows the route (`/v1` `{error}`,
 * FDX `{code, message, debugMessage}`, platform `{error, error_description}`): the matched route,
 * or the family space the request was in (router.ts), sets `res.locals.family`; anything else
 * answers in the `/v1` body. Upstream details and stacks stay in `cause` and the log.
 */
import type { IncomingMessage } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import {
  CoreRecordInvalidError,
  CustomerNotFoundError,
  DecimalFormatError,
  GatewayError,
  InternalError,
  InvalidFieldError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../errors';
import { recordFailure } from '../observability/logger';
import { sendJson } from './json-answer';
import type { ErrorFamily } from '../routes/route-spec';
import type { StatefulResponse } from '../routes/request-state';

/** Default `Retry-After` seconds of a 503 whose cause did not say. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

/** Turns errors of Express and body-parser (which carry `type`/`status`) into gateway errors. */
export function toGatewayError(err: unknown): GatewayError {
  if (err instanceof GatewayError) return err;
  // A decimal of the core's answer the adapter could not read: that record's problem (502).
  if (err instanceof DecimalFormatError) return new CoreRecordInvalidError({ cause: err });
  const e = err as { type?: string; status?: number } | null;
  switch (e?.type) {
    case 'entity.too.large':
      return new PayloadTooLargeError({ cause: err });
    case 'entity.parse.failed':
    case 'entity.verify.failed':
    case 'request.aborted':
    case 'request.size.invalid':
      return new InvalidFieldError('body', { cause: err });
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new UnsupportedMediaTypeError({ cause: err });
  }
  if (err instanceof URIError || (e?.status === 400 && !e.type)) {
    return new InvalidFieldError('path', { cause: err });
  }
  return new InternalError({ cause: err });
}

/** FDX `code` and `message` of errors raised by shared code (docs/api.md, "FDX answers"). */
function fdxCodeAndMessage(err: GatewayError): { code: number; message: string } {
  if (typeof err.publicCode === 'number') return { code: err.publicCode, message: err.message };
  switch (err.status) {
    case 400:
    case 413:
    case 415:
      return { code: 400, message: 'Invalid request' };
    case 503:
      return { code: 503, message: 'Scheduled maintenance' };
    case 504:
      return { code: 504, message: 'Upstream timeout' };
    case 500:
      return { code: 500, message: 'Internal server error' };
    default:
      return { code: err.status, message: err.expose ? err.message : 'Internal server error' };
  }
}

/** Platform `error` codes of errors raised by shared code. */
const PLATFORM_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'invalid_token',
  403: 'insufficient_scope',
  404: 'not_found',
  413: 'invalid_request',
  415: 'invalid_request',
  429: 'rate_limited',
  503: 'temporarily_unavailable',
};

function body(family: ErrorFamily, err: GatewayError, requestId: string): object {
  const message = err.expose ? err.message : 'Internal server error';
  switch (family) {
    case 'fdx': {
      // Unknown customer keeps the /v1 body on FDX routes too (docs/api.md, "FDX answers").
      if (err.code === CustomerNotFoundError.code) return { error: err.message };
      const { code, message: fdxMessage } = fdxCodeAndMessage(err);
      // debugMessage: the correlation id, plus what was wrong with a caller's request.
      const debugMessage =
        err.status < 500 && err.expose && fdxMessage !== err.message
          ? `${err.message} (request ${requestId})`
          : `request ${requestId}`;
      return { code, message: fdxMessage, debugMessage };
    }
    case 'platform':
      return {
        error:
          typeof err.publicCode === 'string'
            ? err.publicCode
            : (PLATFORM_CODES[err.status] ?? 'server_error'),
        error_description: message,
      };
    default:
      return { error: message };
  }
}

/** Sends a gateway error as the route's documented error body. */
export function sendError(req: IncomingMessage, res: StatefulResponse, raw: unknown): void {
  const err = toGatewayError(raw);
  const locals = res.locals ?? {};
  const family = locals.family ?? 'v1';
  const requestId = locals.requestId ?? '';
  // What was thrown is logged (an unexpected error as itself, not as the InternalError it became).
  recordFailure(res, { code: err.code, status: err.status, error: raw });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const [name, value] of Object.entries(err.headers ?? {})) res.setHeader(name, value);
  if (err.status === 503 || err.status === 429) {
    res.setHeader(
      'Retry-After',
      String(Math.max(1, Math.ceil(err.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS))),
    );
  }
  sendJson(req, res, err.status, body(family, err, requestId));
}

/** The one error middleware. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => sendError(req, res, err);
