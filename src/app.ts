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
import { httpMetrics } from './observability/http-metrics';
import { createHttpLogger } from './observability/logger';
import type { GatewayMetrics } from './observability/metrics';

export interface AppDeps {
  routes: readonly RouteSpec[];
  verifyHolder: HolderVerifier;
  logger: Logger;
  now: () => Date;
  /** The development key set, served at `/dev/jwks.json` in demo mode only. */
  devJwks?: JSONWebKeySet;
  /** Version shown in the OpenAPI document. */
  version: string;
  metrics: GatewayMetrics;
  /** Readiness and its checks, for `/readyz`. */
  readiness: () => { ready: boolean; checks: Record<string, boolean> };
}

export function buildApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  // Probes and metrics come first: no logging, no auth, no request metrics of their own.
  app.get('/livez', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    const { ready, checks } = deps.readiness();
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks });
  });
  app.get('/metrics', async (_req, res, next) => {
    try {
      const body = await deps.metrics.registry.metrics();
      res.setHeader('Content-Type', deps.metrics.registry.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.end(body);
    } catch (err) {
      next(err);
    }
  });
  app.use(httpMetrics(deps.metrics));
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
