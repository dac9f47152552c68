/**
 * What the gateway measures against the standard's service levels, assembled for one gateway:
 * the traffic ledger and its recorder (Get Metrics), and the status reporter (Get Status, Get
 * Outages), over the route table, the cores' circuits and the maintenance windows.
 */
import type CircuitBreaker from 'opossum';
import type { CoreFamily } from '../config/core-layout';
import type { MaintenanceWindows } from '../resilience/maintenance-windows';
import { getMetricsBody, type MetricsPeriod } from './get-metrics';
import type { AnsweredCall } from '../observability/http-metrics';
import type { GatewayMetrics } from '../observability/metrics';
import { ACCOUNT_FAMILIES, type Outage, type StatusData, StatusReporter } from './service-status';
import { type TrafficIncrement, TrafficLedger } from './traffic-ledger';
import { trafficRecorder } from './traffic-recorder';

/** What the admin listener's reports are made of (src/http/admin-routes.ts). */
export interface AdminReports {
  /** The Get Metrics body for a period; `self` is its `links.self`, on `PUBLIC_BASE_URL`. */
  metrics(period: MetricsPeriod, self: string): Promise<object> | object;
  status(): Promise<StatusData> | StatusData;
  outages(): Promise<Outage[]> | Outage[];
}

/** A route as the service levels see it. */
export interface LevelRoute {
  method: string;
  path: string;
  coreFamily?: CoreFamily;
  /** For a holder route without a family, the families whose cores it asks (default banking, energy). */
  familiesAsked?: readonly CoreFamily[];
  /** `holder`: the route serves a customer's data (the platform's signed token). */
  auth: unknown;
}

export interface ServiceLevelParts {
  routes: readonly LevelRoute[];
  cores: readonly {
    id: string;
    families: readonly CoreFamily[];
    circuits: ReadonlyMap<string, CircuitBreaker>;
  }[];
  windows: MaintenanceWindows;
  metrics: GatewayMetrics;
  now: () => number;
  options: {
    /**
     * Where this gateway's increments go; default its own ledger. A worker hands them to its
     * primary, which keeps the ledger of every worker.
     */
    trafficSink?: (increment: TrafficIncrement) => void;
  };
}

export interface ServiceLevels {
  /** Records each answered call of the route table (http-metrics.ts). */
  onAnswered(call: AnsweredCall): void;
  ledger: TrafficLedger;
  status: StatusReporter;
  reports: AdminReports;
  close(): void;
}

/** How often failing cores are looked at, for the detection time of an outage. */
const OBSERVE_EVERY_MS = 1000;

/**
 * The cores each route needs, by path: its family's, or for a holder route without a family those
 * of the families it asks (the authorisation list: the accounts' families); none for the others.
 */
function coresByPath(parts: ServiceLevelParts): Map<string, string[]> {
  const serving = (family: CoreFamily) =>
    parts.cores.filter((c) => c.families.includes(family)).map((c) => c.id);
  return new Map(
    parts.routes.map((r) => {
      if (r.coreFamily) return [r.path, serving(r.coreFamily)];
      const asked = r.familiesAsked ?? ACCOUNT_FAMILIES;
      return [r.path, r.auth === 'holder' ? [...new Set(asked.flatMap(serving))] : []];
    }),
  );
}

/** Whether a planned window of every core, or of a core the route needs, covers a call at `at`. */
function plannedCheck(parts: ServiceLevelParts): (route: string, at: number) => boolean {
  const needs = coresByPath(parts);
  return (path, at) => {
    if (parts.windows.list.length === 0) return false;
    const cores = needs.get(path) ?? [];
    return parts.windows
      .inEffect(at)
      .some((w) => w.adapter === undefined || cores.includes(w.adapter));
  };
}

export function serviceLevels(parts: ServiceLevelParts): ServiceLevels {
  const ledger = new TrafficLedger(parts.now());
  const onAnswered = trafficRecorder({
    now: parts.now,
    planned: plannedCheck(parts),
    metrics: parts.metrics,
    sink: parts.options.trafficSink ?? ((increment) => ledger.add([increment])),
  });
  const status = new StatusReporter({
    cores: parts.cores,
    routes: parts.routes.map((r) => ({ ...r, holder: r.auth === 'holder' })),
    windows: parts.windows,
    now: parts.now,
  });
  const observing = setInterval(() => status.observe(), OBSERVE_EVERY_MS);
  observing.unref();
  return {
    onAnswered,
    ledger,
    status,
    reports: {
      metrics: (period, self) => getMetricsBody(ledger, parts.now(), period, self),
      status: () => status.status(),
      outages: () => status.outages(),
    },
    close: () => clearInterval(observing),
  };
}
