/**
 * buildApp(deps) -> the gateway's Express apps, without listening (http-server.ts makes their
 * servers): every route, API and operational, is an Express route.
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { JSONWebKeySet } from 'jose';
import type { Logger } from 'pino';
import type { HolderVerifier } from '../auth/holder-auth';
import { RouteNotFoundError } from '../errors';
import { declaresTooLargeBody } from './body-reader';
import { errorHandler, sendError } from './error-handler';
import { buildOpenApi, type OpenApiServer } from './openapi';
import type { FamilyProxy } from '../proxy/family-proxy';
import type { CoreFamily, RouteSpec } from '../routes/route-spec';
import type { TrustProxy } from '../config/trust-proxy';
import { buildApiRouter, refuseDeclaredTooLarge } from './router';
import type { GatewayIds } from '../ids/gateway-ids';
import { addAdminReports } from './admin-routes';
import { type AnsweredCall, httpMetrics } from '../observability/http-metrics';
import { createHttpLogger } from '../observability/logger';
import type { GatewayMetrics } from '../observability/metrics';
import { traceRequest } from '../observability/tracing';
import { Registry } from 'prom-client';
import type { Readiness } from '../service-levels/readiness';
import type { SharingRefusals } from '../refusals/sharing-refusals';
import type { AdminReports } from '../service-levels/service-levels';

export interface AppDeps {
  routes: readonly RouteSpec[];
  verifyHolder: HolderVerifier;
  logger: Logger;
  now: () => Date;
  /** The development key set, served at `/dev/jwks.json` in demo mode only. */
  devJwks?: JSONWebKeySet;
  /** Version shown in the OpenAPI document. */
  version: string;
  /** The OpenAPI document's server: the public base URL and the holder subdomain. */
  openApiServer?: OpenApiServer;
  metrics: GatewayMetrics;
  /** Readiness, its checks and the dependencies reported beside them, for `/readyz`. */
  readiness: () => Readiness;
  /** `/metrics` is served by the admin listener only (`METRICS_PORT` set), not by this app. */
  separateMetrics?: boolean;
  /** Core families passed through to an upstream (docs/proxying.md); the rest use the adapter. */
  passThrough?: ReadonlyMap<CoreFamily, FamilyProxy>;
  /**
   * Proxies trusted to name the client (`TRUST_PROXY`: Express's `trust proxy`): `req.ip`, which
   * the per-address limits count, is then the address they name. Absent: the peer's address.
   */
  trustProxy?: TrustProxy;
  /** The holder's refusals to share (the operator's list, `BODY_ID_NOT_FOUND_STATUS`). */
  refusals?: SharingRefusals;
  /** The deployment's ids (path and body ids checked at the input step); default raw. */
  ids?: GatewayIds;
  /**
   * Get Metrics, Get Status and Get Outages, served by the admin listener, with the base of their
   * links (`PUBLIC_BASE_URL`).
   */
  adminReports?: { reports: AdminReports; publicBaseUrl: string };
  /** Records each answered call of the route table (the traffic Get Metrics reports). */
  onAnswered?: (call: AnsweredCall) => void;
  /** Whether a call without `x-fapi-customer-ip-address` has a customer present. */
  customerPresentByDefault?: boolean;
}

export interface GatewayHttp {
  /** Every request of the gateway's port: the API routes, probes, documents and 404s. */
  app: Express;
  /** The admin port's requests (`METRICS_PORT`): probes and `/metrics`; only with that port. */
  adminApp?: Express;
}

/**
 * A probe with a body declared too large is not the probe's to answer: the app refuses it (413)
 * as on any other path, before anything would read the body.
 */
function leaveWhenTooLarge(req: Request, _res: Response, next: NextFunction): void {
  next(declaresTooLargeBody(req) ? 'route' : undefined);
}

/** An `Accept` header that takes OpenMetrics text. */
const OPEN_METRICS = /application\/openmetrics-text/i;

/**
 * `/livez`, `/readyz` and, when `withMetrics`, `/metrics`, on the app itself: Express's default
 * routing (case-insensitive, a trailing slash allowed); no logging, no auth, no request metrics.
 */
function addOperationalRoutes(app: Express, deps: AppDeps, withMetrics: boolean): void {
  app.get('/livez', leaveWhenTooLarge, (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  app.get('/readyz', leaveWhenTooLarge, (_req, res) => {
    const { ready, checks, dependencies } = deps.readiness();
    res.setHeader('Cache-Control', 'no-store');
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'not ready', checks, dependencies });
  });
  if (!withMetrics) return;
  app.get('/metrics', leaveWhenTooLarge, async (req, res) => {
    // Trace exemplars exist in OpenMetrics only: served to a scraper that asks for it.
    const openMetrics = deps.metrics.exemplars && OPEN_METRICS.test(req.headers.accept ?? '');
    const body = await (openMetrics ? deps.metrics.openMetrics() : deps.metrics.registry.metrics());
    res.setHeader(
      'Content-Type',
      openMetrics ? Registry.OPENMETRICS_CONTENT_TYPE : deps.metrics.registry.contentType,
    );
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  });
}

/** `/openapi.json` and, in demo mode, `/dev/jwks.json`, routed as the probes are. */
function addDocumentRoutes(app: Express, deps: AppDeps): void {
  const openapi = buildOpenApi(deps.routes, deps.version, deps.openApiServer);
  app.get('/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(openapi);
  });
  if (deps.devJwks) {
    const jwks = deps.devJwks;
    app.get('/dev/jwks.json', (_req, res) => res.json(jwks));
  }
}

/** An Express app without the `X-Powered-By` header and without ETags. */
function plainExpressApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  return app;
}

/** The end of every app: what no route answered is 404, then the one error handler. */
function addNotFoundAndErrors(app: Express): void {
  app.use((req, res) => sendError(req, res, new RouteNotFoundError()));
  app.use(errorHandler);
}

/** The admin listener's app (`METRICS_PORT`): the probes, `/metrics` and the standard's reports. */
function buildAdminApp(deps: AppDeps): Express {
  const app = plainExpressApp();
  addOperationalRoutes(app, deps, true);
  if (deps.adminReports) {
    addAdminReports(app, deps.adminReports.reports, deps.adminReports.publicBaseUrl);
  }
  app.use(refuseDeclaredTooLarge);
  addNotFoundAndErrors(app);
  return app;
}

/**
 * The gateway's app, in order: the probes (and metrics, unless an admin port serves them); then
 * for every other request metrics, the common headers and the request id (and request logging
 * at info); the API router (router.ts: case-sensitive and strict); a body declared too large
 * refused on any other path; the documents; 404; errors.
 */
export function buildApp(deps: AppDeps): GatewayHttp {
  const app = plainExpressApp();
  if (deps.trustProxy !== undefined) app.set('trust proxy', deps.trustProxy);
  addOperationalRoutes(app, deps, !deps.separateMetrics);
  const recordRequest = httpMetrics(deps.metrics, deps.onAnswered);
  const logRequest = createHttpLogger(deps.logger);
  app.use((req, res, next) => {
    recordRequest(req, res);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    logRequest(req, res);
    traceRequest(req, res, next);
  });
  app.use(
    buildApiRouter(deps.routes, {
      verifyHolder: deps.verifyHolder,
      now: deps.now,
      passThrough: deps.passThrough,
      refusals: deps.refusals,
      customerPresentByDefault: deps.customerPresentByDefault,
      ids: deps.ids,
    }),
  );
  app.use(refuseDeclaredTooLarge);
  addDocumentRoutes(app, deps);
  addNotFoundAndErrors(app);
  return { app, ...(deps.separateMetrics ? { adminApp: buildAdminApp(deps) } : {}) };
}
