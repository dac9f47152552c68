/**
 * Structured logs without personal data: requests are logged by route template (never the raw
 * path, which carries customer and account ids), method, status, duration and request id; headers,
 * bodies and query strings are never logged, and token-shaped fields are redacted wherever they
 * appear.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import pinoHttp, { type HttpLogger } from 'pino-http';

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
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

type Res = ServerResponse & { locals?: Record<string, unknown> };

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

/** Sets up a request's id and logging; synchronous. */
export type RequestLogging = (req: IncomingMessage, res: Res) => void;

/**
 * Request logging and request ids. Request lines are logged at info (pino-http, which gives each
 * request its `req.log`). When info is off (e.g. `LOG_LEVEL=warn`) no line would ever be written,
 * so pino-http's per-request work is skipped: the request id is set, and the base logger is left
 * in `res.locals.logger` for the error path, which adds the request id to what it logs. Nothing
 * else is made per request.
 */
export function createHttpLogger(logger: Logger): RequestLogging {
  if (logger.isLevelEnabled('info')) return fullHttpLogger(logger);
  return (req, res) => {
    requestId(req, res);
    if (res.locals) res.locals.logger = logger;
  };
}

function fullHttpLogger(logger: Logger): HttpLogger<IncomingMessage, Res> {
  return pinoHttp<IncomingMessage, Res>({
    logger,
    genReqId: (req, res) => requestId(req, res),
    customProps: (_req, res) => ({
      route: res.locals?.route ?? 'unmatched',
      operationId: res.locals?.operationId,
    }),
    serializers: {
      req: (req: { id: string; method: string }) => ({ id: req.id, method: req.method }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'info',
    quietReqLogger: true,
  });
}
