/** Request counting and latency by route template (never the raw path); refusals to share. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SHARING_REFUSED_HEADER } from '../refusals/sharing-refusals';
import type { GatewayMetrics } from './metrics';

/**
 * The reason of a refusal answer: the one the route noted, else (an upstream's refusal passed
 * through, whose reason only the upstream knows) what its status tells.
 */
function refusalReason(res: ServerResponse & { locals: Record<string, unknown> }): string {
  const noted = res.locals.sharingRefusal;
  if (typeof noted === 'string') return noted;
  return res.statusCode === 403 ? 'harm' : 'blocked_or_suspended';
}

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
      if (res.getHeader(SHARING_REFUSED_HEADER) === 'true')
        metrics.sharingRefusals.inc({ reason: refusalReason(res), route: labels.route });
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
  };
}
