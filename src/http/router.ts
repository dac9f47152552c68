/**
 * Builds the Express router from the route table: for each route, authentication, body checks
 * (415, 413, malformed JSON), query and body validation, the handler, deprecation headers, and
 * JSON or streamed answers.
 */
import { pipeline } from 'node:stream/promises';
import express, { type Request, type Response } from 'express';
import type { HolderVerifier } from '../auth/holder-auth';
import { GatewayError, InvalidFieldError, UnsupportedMediaTypeError } from '../errors';
import type { CallContext } from '../ports';
import { sendError } from './error-handler';
import { parseAccountIdsBody, parseQuery, withDateWindow } from './parameters';
import type { AuthRequest, HandlerResult, RouteSpec } from './route-spec';

/** Largest accepted request body (decisions.md 1.2). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface RouterDeps {
  verifyHolder: HolderVerifier;
  /** Current time (tests inject a clock). */
  now: () => Date;
}

/** `/v1/banking/customer/{customerId}` -> `/v1/banking/customer/:customerId`. */
export function expressPath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}

/** The request path exactly as sent, without the query (the `aud` of holder tokens). */
export function rawPath(req: Request): string {
  const url = req.originalUrl;
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

const jsonParser = express.json({ limit: BODY_LIMIT_BYTES, type: () => true, strict: true });
const formParser = express.urlencoded({
  limit: BODY_LIMIT_BYTES,
  type: () => true,
  extended: false,
});

/** Any failure while reading or parsing a body is the body's fault: 400/413/415 as typed. */
function bodyErrors(next: express.NextFunction): express.NextFunction {
  return (err?: unknown) => {
    if (err === undefined || err === null || err === 'route' || err === 'router') return next(err);
    const e = err as { type?: string; status?: number };
    if (!(err instanceof GatewayError) && !e.type && e.status === 400) {
      return next(new InvalidFieldError('body', { cause: err }));
    }
    return next(err);
  };
}

function bodyParser(kind: NonNullable<RouteSpec['body']>): express.RequestHandler {
  return (req, res, next) => {
    if (req.is('application/json')) return jsonParser(req, res, bodyErrors(next));
    if (kind === 'json-or-form' && req.is('application/x-www-form-urlencoded')) {
      return formParser(req, res, bodyErrors(next));
    }
    throw new UnsupportedMediaTypeError();
  };
}

/**
 * The call context of one request. Its signal is made on first use: cached and coalesced reads
 * never use the caller's signal (a shared core call must not die with one caller), so most
 * requests need no AbortController and no close listener.
 */
function callContext(res: Response): CallContext {
  let signal: AbortSignal | undefined;
  return {
    requestId: String(res.locals.requestId),
    get signal() {
      if (!signal) {
        const controller = new AbortController();
        signal = controller.signal;
        const abort = () => {
          if (!res.writableFinished) controller.abort(new Error('client closed the connection'));
        };
        if (res.destroyed) abort();
        else res.on('close', abort);
      }
      return signal;
    },
  };
}

/** A middleware step that answers its own failure (see buildRouter) and otherwise goes on. */
function answeringErrors(
  step: (req: Request, res: Response) => Promise<unknown>,
): express.RequestHandler {
  return async (req, res, next) => {
    try {
      await step(req, res);
    } catch (err) {
      sendError(req, res, err);
      return;
    }
    next();
  };
}

function authRequest(req: Request): AuthRequest {
  return {
    authorization: req.headers.authorization,
    path: rawPath(req),
    ip: req.ip ?? req.socket.remoteAddress ?? '',
    headers: req.headers,
  };
}

async function send(req: Request, res: Response, route: RouteSpec, result: HandlerResult) {
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
  const status = result.status ?? route.successStatus ?? 200;
  if (result.stream) {
    const { body, contentType, contentLength } = result.stream;
    res.status(status).setHeader('Content-Type', contentType);
    if (contentLength !== undefined) res.setHeader('Content-Length', String(contentLength));
    if (req.method === 'HEAD') {
      // Headers only: release the core's stream instead of reading it to the end.
      body.destroy();
      res.end();
      return;
    }
    try {
      await pipeline(body, res);
    } catch (err) {
      // Headers may be gone already: the error handler then only closes the connection.
      if (!res.writableFinished) sendError(req, res, err);
    }
    return;
  }
  if (result.body === undefined) res.status(status).end();
  else res.status(status).json(result.body);
}

export function buildRouter(routes: readonly RouteSpec[], deps: RouterDeps): express.Router {
  const router = express.Router({ caseSensitive: true, strict: true });
  for (const route of routes) {
    const stack: express.RequestHandler[] = [
      (_req, res, next) => {
        res.locals.family = route.family;
        res.locals.route = route.path;
        res.locals.operationId = route.operationId;
        next();
      },
    ];
    // Errors of a matched route are answered here, not passed to next(err): with an error
    // pending, the router still matches the path of every later route on its way to the error
    // middleware, which made a rejected token cost more than an accepted one.
    const auth = route.auth;
    if (auth === 'holder') {
      stack.push(
        answeringErrors((req) => deps.verifyHolder(req.headers.authorization, rawPath(req))),
      );
    } else if (typeof auth === 'function') {
      stack.push(
        answeringErrors(async (req, res) => {
          res.locals.auth = await auth(authRequest(req));
        }),
      );
    }
    if (route.body === 'accountIds' || route.body === 'json') stack.push(bodyParser('json'));
    if (route.body === 'json-or-form') stack.push(bodyParser('json-or-form'));
    stack.push(async (req, res) => {
      try {
        await handle(req, res);
      } catch (err) {
        sendError(req, res, err);
      }
    });
    const handle = async (req: Request, res: Response) => {
      const rawQuery = req.query as Record<string, unknown>;
      let query = parseQuery(rawQuery, route.query);
      if (route.dateWindow) query = withDateWindow(query, deps.now());
      const accountIds = route.body === 'accountIds' ? parseAccountIdsBody(req.body) : undefined;
      const params = req.params as Record<string, string>;
      const result = await route.handle({
        params,
        query,
        rawQuery,
        accountIds,
        body: route.body && route.body !== 'accountIds' ? req.body : undefined,
        auth: res.locals.auth,
        headers: req.headers,
        ip: req.ip ?? req.socket.remoteAddress ?? '',
        ctx: callContext(res),
      });
      if (route.successor) {
        res.setHeader('Deprecation', 'true');
        res.setHeader('Link', `<${route.successor(params)}>; rel="successor-version"`);
      }
      await send(req, res, route, result);
    };
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](expressPath(route.path), ...stack);
  }
  return router;
}
