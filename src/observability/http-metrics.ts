/** Request counting and latency by route template (never the raw path). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayMetrics } from './metrics';

/** Counts the request and observes its duration when its response finishes. */
export function httpMetrics(
  metrics: GatewayMetrics,
): (req: IncomingMessage, res: ServerResponse & { locals: Record<string, unknown> }) => void {
  return (req, res) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const labels = {
        route: String(res.locals.route ?? 'unmatched'),
        method: req.method ?? '',
        status: String(res.statusCode),
      };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
  };
}
