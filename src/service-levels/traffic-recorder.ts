/**
 * Turns each answered call into a traffic increment (traffic-ledger.ts): its second by the
 * gateway's clock, whether it was within its tier's threshold, and whether a planned maintenance
 * window of its core was in effect (such calls are left out of availability and counted apart).
 */
import type { AnsweredCall } from '../observability/http-metrics';
import type { GatewayMetrics } from '../observability/metrics';
import { TIER_THRESHOLD_MS } from '../api/response-tiers';
import type { TrafficIncrement } from './traffic-ledger';

export interface TrafficRecorderDeps {
  /** The gateway's clock, epoch milliseconds. */
  now: () => number;
  /** Whether a planned maintenance window of the core serving `route` is in effect at `at`. */
  planned: (route: string, at: number) => boolean;
  metrics: GatewayMetrics;
  /** Where increments go: a ledger, or a batch handed to the primary of a set of workers. */
  sink: (increment: TrafficIncrement) => void;
}

export function trafficRecorder(deps: TrafficRecorderDeps): (call: AnsweredCall) => void {
  return ({ route, tier, status, durationMs }) => {
    const at = deps.now();
    const planned = deps.planned(route, at);
    if (planned) deps.metrics.plannedOutageRequests.inc({ server_error: String(status >= 500) });
    deps.sink({
      second: Math.floor(at / 1000),
      tier,
      status,
      within: durationMs <= TIER_THRESHOLD_MS[tier],
      planned,
      count: 1,
      durationMs,
    });
  };
}
