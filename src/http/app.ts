/**
 * buildApp(deps) -> the gateway's HTTP request listener, without listening: the API routes on
 * Node's own request objects, then an Express app for the probes, documents and unmatched paths.
 */
import type { IncomingMessage, RequestListener } from 'node:http';
import express, { type Express } from 'express';
import type { JSONWebKeySet } from 'jose';
import type { Logger } from 'pino';
import type { HolderVerifier } from '../auth/holder-auth';
import { RouteNotFoundError } from '../errors';
import { declaresTooLargeBody, payloadTooLarge } from './body-reader';
import { errorHandler, sendError } from './error-handler';
import { buildOpenApi } from './openapi';
import type { HttpResponse } from './plain-http';
import type { RouteSpec } from './route-spec';
import { buildRouter } from './router';
import { httpMetrics } from '../observability/http-metrics';
import { createHttpLogger } from '../observability/logger';
import type { GatewayMetrics } from '../observability/metrics';

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
  /** Readiness, its checks and the dependencies reported beside them, for `/readyz`. */
  readiness: () => {
    ready: boolean;
    checks: Record<string, boolean>;
    dependencies: Record<string, boolean>;
  };
  /** `/metrics` is served by the admin listener only (`METRICS_PORT` set), not by this app. */
  separateMetrics?: boolean;
}

export interface GatewayHttp {
  /** Every request: `http.createServer(listener)`. */
  listener: RequestListener;
  /** The Express app behind the API routes (probes, documents, 404). */
  app: Express;
  /** The admin listener (`METRICS_PORT`): probes and `/metrics`. */
  adminListener: RequestListener;
}

/** `/livez`, `/readyz` and, when `withMetrics`, `/metrics`: no logging, no auth, no request metrics. */
function addOperationalRoutes(app: Express, deps: AppDeps, withMetrics: boolean): void {
  app.get('/livez', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    const { ready, checks, dependencies } = deps.readiness();
    res.setHeader('Cache-Control', 'no-store');
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'not ready', checks, dependencies });
  });
  if (!withMetrics) return;
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
}

/** An Express app without the `X-Powered-By` header and without ETags. */
function plainExpressApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  return app;
}

/** The admin listener's app (`METRICS_PORT`): the probes and `/metrics`, nothing else. */
function buildAdminApp(deps: AppDeps): Express {
  const app = plainExpressApp();
  addOperationalRoutes(app, deps, true);
  app.use((req, res) => sendError(req, res, new RouteNotFoundError()));
  return app;
}

export function buildApp(deps: AppDeps): GatewayHttp {
  const app = plainExpressApp();
  app.set('query parser', 'simple');
  // Probes (and metrics, unless an admin port serves them) come first.
  addOperationalRoutes(app, deps, !deps.separateMetrics);
  // Every other request: metrics, the common headers, then the request id (and request logging
  // at info). The API routes run it before their own steps; the rest here.
  const recordRequest = httpMetrics(deps.metrics);
  const logRequest = createHttpLogger(deps.logger);
  const prelude = (req: IncomingMessage, res: HttpResponse) => {
    recordRequest(req, res);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    logRequest(req, res);
  };
  app.use((req, res, next) => {
    prelude(req, res);
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
  app.use((req, res) => sendError(req, res, new RouteNotFoundError()));
  app.use(errorHandler);

  // The API routes are served before Express, on Node's own request and response objects
  // (see http/plain-http.ts); a path they do not have goes to the app above.
  const api = buildRouter(deps.routes, { verifyHolder: deps.verifyHolder, now: deps.now }, prelude);
  const listener: RequestListener = (req, res) => {
    try {
      // Whatever the path: a body declared too large is refused before anything reads it.
      if (declaresTooLargeBody(req)) {
        const response = Object.assign(res, { locals: {} });
        prelude(req, response);
        sendError(req, response, payloadTooLarge());
        return;
      }
      if (!api(req, res)) app(req, res);
    } catch (err) {
      // Nothing a request carries may escape as an exception: it would stop the process.
      sendError(req, res, err);
    }
  };
  return { listener, app, adminListener: buildAdminApp(deps) };
}
