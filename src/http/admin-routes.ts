/**
 * The admin listener's reports in the standard's shapes (docs/operations.md, "Response-time tiers
 * and Get Metrics", "Status and outages"): `GET /admin/metrics` (Get Metrics, version 5),
 * `GET /discovery/status` and `GET /discovery/outages` (version 1). They answer the operator and
 * whoever the operator lets reach that port, never the API port.
 */
import express, { type Express, type Request } from 'express';
import { InvalidFieldError, RouteNotFoundError } from '../errors';
import { errorHandler, sendError } from './error-handler';
import { METRICS_PERIODS, type MetricsPeriod } from '../service-levels/get-metrics';
import type { AdminReports } from '../service-levels/service-levels';

/**
 * The standard's `links.self`: `PUBLIC_BASE_URL`, the report's path and the query it read. Never
 * the request's `Host` (nor forwarded headers, nor its spelling of the path and query): whoever
 * reaches the admin port would otherwise choose the links the reports hand on.
 */
function selfLink(publicBaseUrl: string, path: string, period?: MetricsPeriod): string {
  return `${publicBaseUrl}${path}${period === undefined ? '' : `?period=${period}`}`;
}

/** The period asked for (absent: undefined, which is ALL). @throws InvalidFieldError */
function periodOf(req: Request): MetricsPeriod | undefined {
  const raw = req.query.period;
  if (raw === undefined) return undefined;
  if (typeof raw === 'string' && (METRICS_PERIODS as readonly string[]).includes(raw)) {
    return raw as MetricsPeriod;
  }
  throw new InvalidFieldError('period');
}

/**
 * Adds the three reports to an admin app (before its 404 and error handler); their links are
 * built on `publicBaseUrl` (`PUBLIC_BASE_URL`).
 */
export function addAdminReports(app: Express, reports: AdminReports, publicBaseUrl: string): void {
  app.get('/admin/metrics', async (req, res) => {
    const period = periodOf(req);
    const self = selfLink(publicBaseUrl, '/admin/metrics', period);
    const body = await reports.metrics(period ?? 'ALL', self);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('x-v', '5');
    res.json(body);
  });
  app.get('/discovery/status', async (_req, res) => {
    const data = await reports.status();
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('x-v', '1');
    res.json({ data, links: { self: selfLink(publicBaseUrl, '/discovery/status') }, meta: {} });
  });
  app.get('/discovery/outages', async (_req, res) => {
    const outages = await reports.outages();
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('x-v', '1');
    const links = { self: selfLink(publicBaseUrl, '/discovery/outages') };
    res.json({ data: { outages }, links, meta: {} });
  });
}

/** The paths of the reports. */
export const REPORT_PATHS: ReadonlySet<string> = new Set([
  '/admin/metrics',
  '/discovery/status',
  '/discovery/outages',
]);

/**
 * An app of the reports alone, for the primary of a set of workers (which serves `/metrics`
 * itself): 404 for anything else, errors in the `/v1` body.
 */
export function reportsApp(reports: AdminReports, publicBaseUrl: string): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  addAdminReports(app, reports, publicBaseUrl);
  app.use((req, res) => sendError(req, res, new RouteNotFoundError()));
  app.use(errorHandler);
  return app;
}
