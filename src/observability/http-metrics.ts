/** Request counting and latency by route template (never the raw path) and response-time tier. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayMetrics } from './metrics';
import type { ResponseTier } from './response-tiers';

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
): (req: IncomingMessage, res: ServerResponse & { locals: Record<string, unknown> }) => void {
  return (req, res) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const tier = res.locals.tier as ResponseTier | undefined;
      const labels = {
        route: String(res.locals.route ?? 'unmatched'),
        method: req.method ?? '',
        status: String(res.statusCode),
        tier: tier ?? 'none',
      };
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpRequests.inc(labels);
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
