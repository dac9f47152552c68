/** Request counting and latency by route template (never the raw path). */
import type { RequestHandler } from 'express';
import type { GatewayMetrics } from './metrics';

export function httpMetrics(metrics: GatewayMetrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const labels = {
        route: String(res.locals.route ?? 'unmatched'),
        method: req.method,
        status: String(res.statusCode),
      };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
