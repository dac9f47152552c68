/**
 * The admin listener's reports in the standard's shapes (docs/operations.md, "Response-time tiers
 * and Get Metrics", "Status and outages"): `GET /admin/metrics` (Get Metrics, version 5),
 * `GET /discovery/status` and `GET /discovery/outages` (version 1). They answer the operator and
 * whoever the operator lets reach that port, never the API port.
 */
import express, { type Express, type Request } from 'express';
import { InvalidFieldError, RouteNotFoundError } from '../errors';
import { errorHandler, sendError } from './error-handler';
import { METRICS_PERIODS, type MetricsPeriod } from '../observability/get-metrics';
import type { AdminReports } from '../observability/service-levels';

/** The fully qualified URL of the request, as the standard's `links.self`. */
function selfLink(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`;
}

function periodOf(req: Request): MetricsPeriod {
  const raw = req.query.period;
  if (raw === undefined) return 'ALL';
  if (typeof raw === 'string' && (METRICS_PERIODS as readonly string[]).includes(raw)) {
    return raw as MetricsPeriod;
  }
  throw new InvalidFieldError('period');
}

/** Adds the three reports to an admin app (before its 404 and error handler). */
export function addAdminReports(app: Express, reports: AdminReports): void {
  app.get('/admin/metrics', async (req, res) => {
    const body = await reports.metrics(periodOf(req), selfLink(req));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('x-v', '5');
    res.json(body);
  });
  app.get('/discovery/status', async (req, res) => {
    const data = await reports.status();
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('x-v', '1');
    res.json({ data, links: { self: selfLink(req) }, meta: {} });
  });
  app.get('/discovery/outages', async (req, res) => {
    const outages = await reports.outages();
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('x-v', '1');
    res.json({ data: { outages }, links: { self: selfLink(req) }, meta: {} });
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
export function reportsApp(reports: AdminReports): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  addAdminReports(app, reports);
  app.use((req, res) => sendError(req, res, new RouteNotFoundError()));
  app.use(errorHandler);
  return app;
}
