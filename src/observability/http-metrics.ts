/**
 * Request counting and latency by route template (never the raw path) and response-time tier;
 * refusals to share.
 */
import type { IncomingMessage } from 'node:http';
import { SHARING_REFUSED_HEADER } from '../refusals/sharing-refusals';
import type { GatewayMetrics } from './metrics';
import type { ResponseTier } from '../api/response-tiers';
import type { StatefulResponse } from '../routes/request-state';

/**
 * The reason of a refusal answer: the one the route noted, else (an upstream's refusal passed
 * through, whose reason only the upstream knows) what its status tells.
 */
function refusalReason(res: StatefulResponse): string {
  const noted = res.locals?.sharingRefusal;
  if (noted !== undefined) return noted;
  return res.statusCode === 403 ? 'harm' : 'blocked_or_suspended';
}

/** One answered call of a route of the table, as the traffic ledger records it. */
export interface AnsweredCall {
  /** The route template. */
  route: string;
  tier: ResponseTier;
  status: number;
  durationMs: number;
}

/**
 * Counts the request and observes its duration when its response finishes; a call of a route of
 * the table (one with a tier) is also handed to `onAnswered`.
 */
export function httpMetrics(
  metrics: GatewayMetrics,
  onAnswered?: (call: AnsweredCall) => void,
): (req: IncomingMessage, res: StatefulResponse) => void {
  return (req, res) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const tier = res.locals?.tier;
      const labels = {
        route: res.locals?.route ?? 'unmatched',
        method: req.method ?? '',
        status: String(res.statusCode),
        tier: tier ?? 'none',
      };
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpRequests.inc(labels);
      if (res.getHeader(SHARING_REFUSED_HEADER) === 'true')
        metrics.sharingRefusals.inc({ reason: refusalReason(res), route: labels.route });
      metrics.httpDuration.observe(labels, seconds);
      if (tier && onAnswered) {
        onAnswered({
          route: labels.route,
          tier,
          status: res.statusCode,
          durationMs: seconds * 1000,
        });
      }
    });
  };
}
