/**
 * Builds the gateway's router from the route table: for each route, authentication, body checks
 * (415, 413, malformed JSON), query and body validation, the handler, deprecation headers, and
 * JSON or streamed answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import FindMyWay from 'find-my-way';
import { withDateWindow } from '../api/date-window';
import type { HolderVerifier } from '../auth/holder-auth';
import { InvalidFieldError, UnsupportedMediaTypeError } from '../errors';
import { readBody } from './body-reader';
import type { CallContext } from '../ports';
import { sendError } from './error-handler';
import { parseAccountIdsBody, parseQuery } from './parameters';
import {
  hasBodyOfType,
  type HttpRequest,
  type HttpResponse,
  queryOf,
  rawPath,
  sendJson,
} from './plain-http';
import type { AuthRequest, HandlerResult, RouteSpec } from './route-spec';

export interface RouterDeps {
  verifyHolder: HolderVerifier;
  /** Current time (tests inject a clock). */
  now: () => Date;
}

/** `/v1/banking/customer/{customerId}` -> `/v1/banking/customer/:customerId`. */
export function routePattern(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}

/** Reads a route's body: JSON, or (for `json-or-form` routes) a form; any other type is 415. */
async function readRouteBody(kind: NonNullable<RouteSpec['body']>, req: HttpRequest) {
  if (hasBodyOfType(req, 'application/json')) req.body = await readBody(req, 'json');
  else if (kind === 'json-or-form' && hasBodyOfType(req, 'application/x-www-form-urlencoded')) {
    req.body = await readBody(req, 'form');
  } else throw new UnsupportedMediaTypeError();
}

/**
 * The call context of one request. Its signal is made on first use: cached and coalesced reads
 * never use the caller's signal (a shared core call must not die with one caller), so most
 * requests need no AbortController and no close listener.
 *
 * A class, not an object literal with a getter: a literal's getter is a new function on every
 * request, so V8 gives every context a hidden class of its own, kept from old space until the
 * next full GC, and through the getter's closure it kept each finished request's objects alive
 * across young-generation GCs (bench/results.md: 10% of what a request allocated
 * survived a scavenge, 2.7% with the class).
 */
class RequestCallContext implements CallContext {
  readonly requestId: string;
  #signal: AbortSignal | undefined;

  constructor(private readonly res: HttpResponse) {
    this.requestId = String(res.locals.requestId);
  }

  get signal(): AbortSignal {
    if (!this.#signal) {
      const controller = new AbortController();
      this.#signal = controller.signal;
      const res = this.res;
      const abort = () => {
        if (!res.writableFinished) controller.abort(new Error('client closed the connection'));
      };
      if (res.destroyed) abort();
      else res.on('close', abort);
    }
    return this.#signal;
  }
}

function authRequest(req: HttpRequest): AuthRequest {
  return {
    authorization: req.headers.authorization,
    path: rawPath(req),
    ip: req.socket.remoteAddress ?? '',
    headers: req.headers,
  };
}

async function send(req: HttpRequest, res: HttpResponse, route: RouteSpec, result: HandlerResult) {
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
  const status = result.status ?? route.successStatus ?? 200;
  if (result.stream) {
    const { body, contentType, contentLength } = result.stream;
    res.statusCode = status;
    res.setHeader('Content-Type', contentType);
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
  if (result.body === undefined) {
    res.statusCode = status;
    res.end();
  } else sendJson(req, res, status, result.body);
}

/** The answer to one request of a matched route: its steps, each answering its own failure. */
type RouteRunner = (req: HttpRequest, res: HttpResponse) => Promise<void>;

function routeRunner(route: RouteSpec, deps: RouterDeps): RouteRunner {
  const auth = route.auth;
  const body = route.body === 'accountIds' ? 'json' : route.body;
  const handle = async (req: HttpRequest, res: HttpResponse) => {
    const rawQuery = queryOf(req);
    let query = parseQuery(rawQuery, route.query);
    if (route.dateWindow) query = withDateWindow(query, deps.now());
    const accountIds = route.body === 'accountIds' ? parseAccountIdsBody(req.body) : undefined;
    const params = req.params ?? {};
    const result = await route.handle({
      params,
      query,
      rawQuery,
      accountIds,
      body: route.body && route.body !== 'accountIds' ? req.body : undefined,
      auth: res.locals.auth,
      headers: req.headers,
      ip: req.socket.remoteAddress ?? '',
      ctx: new RequestCallContext(res),
    });
    if (route.successor) {
      res.setHeader('Deprecation', 'true');
      res.setHeader('Link', `<${route.successor(params)}>; rel="successor-version"`);
    }
    await send(req, res, route, result);
  };
  return async (req, res) => {
    try {
      if (auth === 'holder') await deps.verifyHolder(req.headers.authorization, rawPath(req));
      else if (typeof auth === 'function') res.locals.auth = await auth(authRequest(req));
      if (body) await readRouteBody(body, req);
      await handle(req, res);
    } catch (err) {
      sendError(req, res, err);
    }
  };
}

/** A path parameter is one or more characters, as in the route table's `{name}`. */
const hasEmptyParam = (params: Record<string, string | undefined>) =>
  Object.values(params).some((value) => !value);

/** Each path segment percent-decodes, or is replaced by `_`: tells a bad encoding from no route. */
const withBadSegmentsReplaced = (path: string) =>
  path
    .split('/')
    .map((segment) => {
      try {
        decodeURIComponent(segment);
        return segment;
      } catch {
        return '_';
      }
    })
    .join('/');

/**
 * Serves a request when a route matches it (or would, but for a bad percent-encoding), and says
 * so; false leaves the request untouched for the rest of the app.
 */
export type ApiDispatcher = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The route table as one dispatcher: a single radix-tree look-up (find-my-way) of the method and
 * raw path, then `prelude` (metrics, common headers, request id), then the route's steps in order
 * (authentication, body, handler), each failure answered as the route's error family. It runs on
 * Node's own request and response objects, before and without Express (see plain-http.ts). Paths
 * are case-sensitive and strict (no trailing slash), HEAD is answered by the GET route, and a
 * path or method no route has is left to the app (its 404). A path parameter that is not valid
 * percent-encoding answers 400 "Invalid field: path".
 */
export function buildRouter(
  routes: readonly RouteSpec[],
  deps: RouterDeps,
  prelude: (req: HttpRequest, res: HttpResponse) => void,
): ApiDispatcher {
  const table = FindMyWay<FindMyWay.HTTPVersion.V1>({
    caseSensitive: true,
    ignoreTrailingSlash: false,
    ignoreDuplicateSlashes: false,
    // find-my-way's default (100) would make a longer id a 404; Node's header limit bounds it.
    maxParamLength: 16 * 1024,
  });
  for (const route of routes) {
    const runner = routeRunner(route, deps);
    table.on(route.method, routePattern(route.path), () => undefined, { runner, route });
  }
  const find = (method: string, path: string) => {
    const found = table.find(method as FindMyWay.HTTPMethod, path);
    if (found || method !== 'HEAD') return found;
    return table.find('GET', path);
  };
  // The route is known before the prelude, so metrics and request logs carry its template.
  const begin = (req: IncomingMessage, res: ServerResponse, route?: RouteSpec) => {
    const response = res as HttpResponse;
    const locals = Object.create(null) as Record<string, unknown>;
    if (route) {
      locals.family = route.family;
      locals.route = route.path;
      locals.operationId = route.operationId;
    }
    response.locals = locals;
    prelude(req, response);
    return response;
  };
  return (req, res) => {
    const method = req.method ?? 'GET';
    const path = rawPath(req);
    const found = find(method, path);
    if (!found || hasEmptyParam(found.params)) {
      if (path.includes('%') && find(method, withBadSegmentsReplaced(path))) {
        sendError(req, begin(req, res), new InvalidFieldError('path'));
        return true;
      }
      return false;
    }
    const request = req as HttpRequest;
    request.params = found.params as Record<string, string>;
    const { runner, route } = found.store as { runner: RouteRunner; route: RouteSpec };
    void runner(request, begin(req, res, route));
    return true;
  };
}
