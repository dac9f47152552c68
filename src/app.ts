/** buildApp(deps) -> the Express app, without listening. */
import express, { type Express } from 'express';
import type { JSONWebKeySet } from 'jose';
import type { Logger } from 'pino';
import type { HolderVerifier } from './auth/holder-auth';
import { RouteNotFoundError } from './errors';
import { errorHandler, sendError } from './http/error-handler';
import { buildOpenApi } from './http/openapi';
import type { RouteSpec } from './http/route-spec';
import { buildRouter } from './http/router';
import { createHttpLogger } from './observability/logger';

export interface AppDeps {
  routes: readonly RouteSpec[];
  verifyHolder: HolderVerifier;
  logger: Logger;
  now: () => Date;
  /** The development key set, served at `/dev/jwks.json` in demo mode only. */
  devJwks?: JSONWebKeySet;
  /** Version shown in the OpenAPI document. */
  version: string;
}

export function buildApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  app.use(createHttpLogger(deps.logger));
  app.use((_req, res, next) => {
    res.locals.requestId = res.getHeader('X-Request-Id');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });

  const openapi = buildOpenApi(deps.routes, deps.version);
  app.get('/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(openapi);
  });
  if (deps.devJwks) {
    const jwks = deps.devJwks;
    app.get('/dev/jwks.json', (_req, res) => res.json(jwks));
  }
  app.use(buildRouter(deps.routes, { verifyHolder: deps.verifyHolder, now: deps.now }));
  app.use((req, res) => sendError(req, res, new RouteNotFoundError()));
  app.use(errorHandler);
  return app;
}
