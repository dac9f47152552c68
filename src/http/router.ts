/**
 * Builds the Express router from the route table: for each route, holder authentication, body
 * checks (415, 413, malformed JSON), query and body validation, the handler, deprecation headers.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import type { HolderVerifier } from '../auth/holder-auth';
import { UnsupportedMediaTypeError } from '../errors';
import type { CallContext } from '../ports';
import { parseAccountIdsBody, parseQuery, withDateWindow } from './parameters';
import type { RouteSpec } from './route-spec';

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

const jsonBody = express.json({ limit: BODY_LIMIT_BYTES, type: () => true, strict: true });

function callContext(res: Response): CallContext {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('client closed the connection'));
  });
  return { signal: controller.signal, requestId: String(res.locals.requestId) };
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
    if (route.auth === 'holder') {
      stack.push(async (req, _res, next) => {
        await deps.verifyHolder(req.headers.authorization, rawPath(req));
        next();
      });
    }
    if (route.body) {
      stack.push((req, _res, next: NextFunction) => {
        if (!req.is('application/json')) throw new UnsupportedMediaTypeError();
        jsonBody(req, _res, next);
      });
    }
    stack.push(async (req, res) => {
      let query = parseQuery(req.query as Record<string, unknown>, route.query);
      if (route.dateWindow) query = withDateWindow(query, deps.now());
      const accountIds = route.body ? parseAccountIdsBody(req.body) : undefined;
      const params = req.params as Record<string, string>;
      const result = await route.handle({ params, query, accountIds, ctx: callContext(res) });
      if (route.successor) {
        res.setHeader('Deprecation', 'true');
        res.setHeader('Link', `<${route.successor(params)}>; rel="successor-version"`);
      }
      for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
      res.status(200).json(result.body);
    });
    router[route.method === 'GET' ? 'get' : 'post'](expressPath(route.path), ...stack);
  }
  return router;
}
