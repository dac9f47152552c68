/**
 * Structured logs without personal data: requests are logged by route template (never the raw
 * path, which carries customer and account ids), method, status, duration and request id; headers,
 * bodies and query strings are never logged, and token-shaped fields are redacted wherever they
 * appear.
 *
 * One line per request, with unique keys (log stores refuse a document that repeats a key). A
 * failed request's line carries its error code, and on 5xx its error (`err`: real class name,
 * message with causes); the stack of one cause is logged at most once per
 * `STACK_INTERVAL_MS` (error-log.ts), so an outage writes one stack a minute, not one per request.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import pinoHttp, { type HttpLogger } from 'pino-http';
import {
  causeSignature,
  describeError,
  errorSerializer,
  type LoggedError,
  StackGate,
} from '../errors/error-log';
import { mergeTraceFields, traceLogMixin } from './tracing';
import type { RequestState } from '../routes/request-state';

/** Field paths redacted in every log line, whatever logs them. */
export const REDACT_PATHS = [
  'authorization',
  'token',
  'client_secret',
  'secret',
  '*.authorization',
  '*.token',
  '*.client_secret',
  '*.secret',
  'req.headers',
  'res.headers',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'data-holder-gateway' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: errorSerializer },
      timestamp: pino.stdTimeFunctions.isoTime,
      // A traced request's lines carry its trace_id and span_id; untraced ones, nothing more.
      mixin: traceLogMixin,
      mixinMergeStrategy: mergeTraceFields,
    },
    destination,
  );
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The request's state, with the logger's own sink of its failure (see recordFailure). */
interface LoggedState extends RequestState {
  logFailure?: FailureSink;
}
type Res = ServerResponse & { locals?: LoggedState };

/**
 * The request id: a caller's safe `X-Request-Id` is kept, else a UUID; echoed on the response
 * and kept in `res.locals.requestId` for error bodies and call contexts.
 */
function requestId(req: IncomingMessage, res: Res): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
  res.setHeader('X-Request-Id', id);
  if (res.locals) res.locals.requestId = id;
  return id;
}

/** What the error path knows of a failed request. */
export interface RequestFailure {
  /** The error's stable code, `GW_ERR_...`. */
  code: string;
  /** The HTTP status it became. */
  status: number;
  /** What was thrown: logged as `err` on 5xx. */
  error: unknown;
}

type Level = 'info' | 'warn' | 'error';

/** The fields a failure adds to its request's line. */
interface FailureLine {
  level: Level;
  msg: string;
  fields: { code: string; err?: LoggedError };
}

/** Where `sendError` hands a failure: set per request by the request logging. */
type FailureSink = (res: Res, failure: RequestFailure) => void;

const SINK = 'logFailure' satisfies keyof LoggedState;

/**
 * Logs a failed request (from the error path): 4xx at info with its code; an unexpected 500 at
 * error and an expected 5xx (503, 504: the core, Redis or a maintenance window) at warn, with
 * the error, its stack once per interval per cause (code, route operation, innermost error).
 */
export function recordFailure(res: Res, failure: RequestFailure): void {
  const sink = res.locals?.[SINK];
  sink?.(res, failure);
}

/** 4xx info; an unexpected 500 error; an expected 5xx (an outage, not a bug) warn. */
const levelOf = (status: number): Level =>
  status < 500 ? 'info' : status === 500 ? 'error' : 'warn';

function failureLine(failure: RequestFailure, operationId: unknown, gate: StackGate): FailureLine {
  if (failure.status < 500) {
    // A refused token says why, by its slug (`expired`, `replayed`...): never the token itself.
    const reason = (failure.error as { reason?: unknown } | null)?.reason;
    const fields =
      typeof reason === 'string' ? { code: failure.code, reason } : { code: failure.code };
    return { level: 'info', msg: 'request rejected', fields };
  }
  const cause = `${failure.code}|${String(operationId ?? '')}|${causeSignature(failure.error)}`;
  return {
    level: levelOf(failure.status),
    msg: 'request failed',
    fields: { code: failure.code, err: describeError(failure.error, gate.pass(cause)) },
  };
}

/** Sets up a request's id and logging; synchronous. */
export type RequestLogging = (req: IncomingMessage, res: Res) => void;

/**
 * Request logging and request ids. Request lines are logged at info (pino-http, which gives each
 * request its `req.log`), one per request, failures included. When info is off (e.g.
 * `LOG_LEVEL=warn`) no request line would ever be written, so pino-http's per-request work is
 * skipped: the request id is set, and a failure is logged on its own line, with the request id,
 * when its level is on (a rejected token at `LOG_LEVEL=warn` costs no logging work). Nothing
 * else is made per request.
 */
export function createHttpLogger(logger: Logger): RequestLogging {
  const gate = new StackGate();
  if (logger.isLevelEnabled('info')) return fullHttpLogger(logger, gate);
  const log = logger.child({}, { serializers: { err: errorSerializer } });
  const sink: FailureSink = (res, failure) => {
    const locals = res.locals ?? {};
    if (!log.isLevelEnabled(levelOf(failure.status))) return;
    const line = failureLine(failure, locals.operationId, gate);
    const where = {
      reqId: locals.requestId,
      route: locals.route ?? 'unmatched',
      ...(locals.traceIds as object | undefined),
    };
    log[line.level]({ ...where, operationId: locals.operationId, ...line.fields }, line.msg);
  };
  return (req, res) => {
    requestId(req, res);
    if (res.locals) res.locals[SINK] = sink;
  };
}

function fullHttpLogger(logger: Logger, gate: StackGate): RequestLogging {
  // The failure is kept for the request's one line, written when the response ends.
  const sink: FailureSink = (res, failure) => {
    if (res.locals) res.locals.failure = failureLine(failure, res.locals.operationId, gate);
  };
  const failureOf = (res: Res) => res.locals?.failure as FailureLine | undefined;
  // The request's trace ids come from its span: the line is written when the response
  // finishes, where the request's context may no longer be the current one.
  const line = (res: Res, val: { res?: unknown; responseTime?: unknown }) => ({
    ...(res.locals?.traceIds as object | undefined),
    route: res.locals?.route ?? 'unmatched',
    operationId: res.locals?.operationId,
    ...failureOf(res)?.fields,
    res: val.res,
    responseTime: val.responseTime,
  });
  const log: HttpLogger<IncomingMessage, Res> = pinoHttp<IncomingMessage, Res>({
    logger,
    genReqId: (req, res) => requestId(req, res),
    // Our own serializers on the raw objects: pino-http's wrapping would run pino's `err`
    // serializer first, which names every described error `Object`.
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => ({ id: req.id, method: req.method }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      err: errorSerializer,
    },
    customLogLevel: (_req, res, err) =>
      failureOf(res)?.level ?? (err || res.statusCode >= 500 ? 'error' : 'info'),
    // Route and operation are added here, once: pino-http's `customProps` would bind them at
    // the start and add them again at the end when a value holds braces (route templates do).
    customSuccessObject: (_req, res, val: { res?: unknown; responseTime?: unknown }) =>
      line(res, val),
    // Drops pino-http's own `err` ("failed with status code 503", a stack per request).
    customErrorObject: (_req, res, _err, val: { res?: unknown; responseTime?: unknown }) =>
      line(res, val),
    customSuccessMessage: (req, res) =>
      failureOf(res)?.msg ??
      (!req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted'),
    customErrorMessage: (_req, res) => failureOf(res)?.msg ?? 'request failed',
    quietReqLogger: true,
  });
  return (req, res) => {
    if (res.locals) res.locals[SINK] = sink;
    log(req, res);
  };
}
