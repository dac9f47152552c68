/**
 * Prometheus metrics (prom-client), one registry per gateway. Labels never carry raw paths,
 * customer or account ids: routes are templates, core calls are `<port>.<method>`.
 */
import {
  type Aggregator,
  Counter,
  Gauge,
  Histogram,
  type LabelValues,
  type Metric,
  type OpenMetricsContentType,
  type ObserveDataWithExemplar,
  Registry,
  collectDefaultMetrics,
} from 'prom-client';
import { RESPONSE_TIERS, TIER_THRESHOLD_MS } from '../api/response-tiers';
import { currentTraceIds } from './tracing';

/**
 * Makes `histogram` (created with exemplars enabled) take the usual `(labels, value)` and attach
 * the current span's `trace_id` and `span_id` as the exemplar of the observation's bucket: its
 * callers stay as they are.
 */
function withTraceExemplars<T extends string>(histogram: Histogram<T>): void {
  const observe = histogram.observe.bind(histogram) as (data: ObserveDataWithExemplar<T>) => void;
  histogram.observe = ((labels: LabelValues<T>, value: number) =>
    observe({
      labels,
      value,
      exemplarLabels: (currentTraceIds() ?? {}) as LabelValues<T>,
    })) as Histogram<T>['observe'];
}

/**
 * Across WORKERS, the primary reports the worst worker's value of `name` (prom-client averages
 * the event loop's percentiles, which hides the one worker that stalls). prom-client reads a
 * metric's `aggregator` when the primary asks for the registry; its types leave the field out.
 */
function worstWorkerWins(registry: Registry, name: string): void {
  const metric = registry.getSingleMetric(name) as { aggregator?: Aggregator } | undefined;
  if (metric) metric.aggregator = 'max';
}

/** Circuit states as the `dhg_circuit_state` gauge values. */
export const CIRCUIT_STATE_VALUE = { closed: 0, half_open: 1, open: 2 } as const;
export type CircuitStateName = keyof typeof CIRCUIT_STATE_VALUE;

export interface GatewayMetricsOptions {
  /** Process metrics (CPU, memory, event loop); default true. */
  processMetrics?: boolean;
  /**
   * Trace exemplars on the latency histograms (tracing on), served in OpenMetrics to a scraper
   * that asks for it; default false.
   */
  exemplars?: boolean;
}

export class GatewayMetrics {
  readonly registry = new Registry();
  /** Whether the latency histograms carry trace exemplars. */
  readonly exemplars: boolean;

  /**
   * Always 1, labelled with the running version: which build serves. With WORKERS the primary
   * aggregates every worker's registry (prom-client sums by default): `first` keeps it 1, as
   * every worker runs the build the primary forked (a version of its own keeps its own series).
   */
  readonly buildInfo = new Gauge({
    name: 'dhg_build_info',
    help: 'The running build: always 1, labelled with the gateway version.',
    labelNames: ['version'] as const,
    aggregator: 'first',
    registers: [this.registry],
  });
  /**
   * HTTP requests by route template, method, status and response-time tier (`none` outside the
   * route table); a route has at most two tiers (customer present or not).
   */
  readonly httpRequests = new Counter({
    name: 'dhg_http_requests_total',
    help: 'HTTP requests answered, by route template, method, status and response-time tier.',
    labelNames: ['route', 'method', 'status', 'tier'] as const,
    registers: [this.registry],
  });
  /** Buckets include the tiers' thresholds (1, 1.5, 4 and 6 s: response-tiers.ts). */
  readonly httpDuration: Histogram<'route' | 'method' | 'status' | 'tier'>;
  /**
   * Each tier's threshold, labelled with the request histogram's `le` bound equal to it: alerts
   * and panels select each tier's bucket of calls within its threshold by joining on it.
   */
  readonly tierThreshold = new Gauge({
    name: 'dhg_response_tier_threshold_seconds',
    help: "The standard's response-time threshold of each tier; le: the request histogram bucket bound equal to it.",
    labelNames: ['tier', 'le'] as const,
    aggregator: 'first',
    registers: [this.registry],
  });
  /** Calls inside a planned maintenance window: left out of availability (operations.md). */
  readonly plannedOutageRequests = new Counter({
    name: 'dhg_planned_outage_requests_total',
    help: 'Requests answered while a planned maintenance window of their core was in effect, by whether the answer was a server error (5xx).',
    labelNames: ['server_error'] as const,
    registers: [this.registry],
  });
  /** Core calls by adapter, operation and outcome. */
  readonly coreDuration: Histogram<'adapter' | 'operation' | 'outcome'>;
  /**
   * Proxied answers that did not match their route's contract: passed on unchanged in check mode
   * `log`, answered 502 where the gateway must read the answer (a list it applies refusals to).
   */
  readonly proxyNonconforming = new Counter({
    name: 'dhg_proxy_nonconforming_responses_total',
    help: 'Proxied success answers whose body did not match the route contract (passed on unchanged in check mode log; 502 where the gateway applies refusals to a list), by proxy instance and operation.',
    labelNames: ['adapter', 'operation'] as const,
    registers: [this.registry],
  });
  /** Adapter answers that did not match their operation's contract (ADAPTER_OUTPUT_CHECK). */
  readonly adapterNonconforming = new Counter({
    name: 'dhg_adapter_nonconforming_total',
    help: 'Adapter answers that did not match the contract of their operation (checked ones only: ADAPTER_OUTPUT_CHECK_SAMPLE), by adapter instance and operation.',
    labelNames: ['adapter', 'operation'] as const,
    registers: [this.registry],
  });
  readonly coreRetries = new Counter({
    name: 'dhg_core_retries_total',
    help: 'Retries of idempotent core reads, by adapter and operation.',
    labelNames: ['adapter', 'operation'] as const,
    registers: [this.registry],
  });
  /**
   * Circuit state: 0 closed, 1 half-open, 2 open. Each worker has its own circuits: across
   * WORKERS the worst one counts (`max`; a sum would read 4 for two open circuits, 2 for two
   * half-open ones), since that worker's callers get 503.
   */
  readonly circuitState = new Gauge({
    name: 'dhg_circuit_state',
    help: 'Circuit breaker state: 0 closed, 1 half-open, 2 open.',
    labelNames: ['adapter', 'circuit'] as const,
    aggregator: 'max',
    registers: [this.registry],
  });
  readonly circuitTransitions = new Counter({
    name: 'dhg_circuit_transitions_total',
    help: 'Circuit breaker state changes, by the state entered.',
    labelNames: ['adapter', 'circuit', 'to'] as const,
    registers: [this.registry],
  });
  /** Cache events: hit, miss, stale (served within stale-if-error), error (cache store failed). */
  readonly cacheEvents = new Counter({
    name: 'dhg_cache_events_total',
    help: 'Cache lookups by adapter, operation and result: hit, miss, stale, error.',
    labelNames: ['adapter', 'operation', 'result'] as const,
    registers: [this.registry],
  });
  readonly authFailures = new Counter({
    name: 'dhg_auth_failures_total',
    help: 'Rejected holder tokens, by reason.',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  readonly keySetFetches = new Counter({
    name: 'dhg_jwks_fetches_total',
    help: 'Holder key set fetches, by outcome (ok, error).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  /** Lookups served by the last good key set while its URL fails: the stale window is running. */
  readonly keySetStaleServes = new Counter({
    name: 'dhg_jwks_stale_serves_total',
    help: 'Holder token key lookups answered from the last good key set past its refresh time, because the key set URL failed.',
    registers: [this.registry],
  });
  readonly replayStoreErrors = new Counter({
    name: 'dhg_replay_store_errors_total',
    help: 'Replay store calls that failed (the request was refused with 503).',
    registers: [this.registry],
  });

  /**
   * Answers marked `X-Sharing-Refused: true`, by reason (harm, blocked, suspended; for a
   * passed-through upstream's refusal, harm for a 403 and blocked_or_suspended otherwise) and
   * route template: never a customer or account id.
   */
  readonly sharingRefusals = new Counter({
    name: 'dhg_sharing_refusals_total',
    help: 'Requests refused with X-Sharing-Refused: true, by reason and route template.',
    labelNames: ['reason', 'route'] as const,
    registers: [this.registry],
  });
  /** Re-reads of the sharing refusal file after it changed, by outcome (ok, error). */
  readonly sharingRefusalListReloads = new Counter({
    name: 'dhg_sharing_refusal_list_reloads_total',
    help: 'Re-reads of SHARING_REFUSALS_FILE after it changed, by outcome: ok, or error (the last good list stays in force).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /**
   * Ids refused before any core call, by kind (customer, account...) and reason: malformed (not
   * an id's shape), unauthentic (not made by this deployment's key for this kind and customer),
   * other-core (a record of a core the route does not ask). The reason is never answered.
   */
  readonly idsRejected = new Counter({
    name: 'dhg_id_rejected_total',
    help: 'Ids refused before any core call, by kind and reason (malformed, unauthentic, other-core).',
    labelNames: ['kind', 'reason'] as const,
    registers: [this.registry],
  });

  /**
   * Sampled reads also asked of a family's candidate core (SHADOW_ADAPTERS), by how the
   * comparison ended: same, different, error (the candidate failed) or skipped (SHADOW_CONCURRENCY
   * shadow reads already under way).
   */
  readonly shadowReads = new Counter({
    name: 'dhg_shadow_reads_total',
    help: 'Live reads also asked of the candidate core (sampled: SHADOW_SAMPLE), by family, operation and outcome: same, different, error, skipped.',
    labelNames: ['family', 'operation', 'outcome'] as const,
    registers: [this.registry],
  });
  /**
   * Shadow reads whose answer differed from the live one at a field, counted once per read and
   * field: `route` is the operation (a core call knows no route template), `field` the JSON path
   * with array indexes and map keys left out (`$[].balance.current`): never a value or an id.
   */
  readonly shadowDifferences = new Counter({
    name: 'dhg_shadow_differences_total',
    help: 'Shadow reads whose candidate answer differed from the live one, by operation (route) and field path (indexes and map keys as [] and {}), once per read and field.',
    labelNames: ['route', 'field'] as const,
    registers: [this.registry],
  });

  constructor(options: GatewayMetricsOptions = {}) {
    this.exemplars = options.exemplars ?? false;
    // Made here, not as fields, because whether they carry exemplars is an option.
    this.httpDuration = new Histogram({
      name: 'dhg_http_request_duration_seconds',
      help: 'HTTP request duration, by route template, method, status and response-time tier.',
      labelNames: ['route', 'method', 'status', 'tier'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2.5, 4, 5, 6, 10],
      enableExemplars: this.exemplars,
      registers: [],
    });
    this.coreDuration = new Histogram({
      name: 'dhg_core_call_duration_seconds',
      help: 'Core call duration by adapter, operation and outcome (success, client_error, invalid_record, failure, timeout, rejected, maintenance).',
      labelNames: ['adapter', 'operation', 'outcome'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      enableExemplars: this.exemplars,
      registers: [],
    });
    for (const histogram of [this.httpDuration, this.coreDuration]) {
      // prom-client refuses exemplars on a Prometheus text registry when it registers the
      // metric; registered this way, its text just leaves them out (openMetrics() has them).
      this.registry.registerMetric(histogram);
      if (this.exemplars) withTraceExemplars(histogram);
    }
    if (options.processMetrics ?? true) {
      collectDefaultMetrics({ register: this.registry, prefix: 'dhg_' });
      worstWorkerWins(this.registry, 'dhg_nodejs_eventloop_lag_p99_seconds');
    }
    for (const tier of RESPONSE_TIERS) {
      const seconds = TIER_THRESHOLD_MS[tier] / 1000;
      this.tierThreshold.set({ tier, le: String(seconds) }, seconds);
    }
    // Both series exist from the start, so that availability expressions always have them.
    for (const serverError of ['true', 'false']) {
      this.plannedOutageRequests.inc({ server_error: serverError }, 0);
    }
  }

  /**
   * The registry in OpenMetrics, with the exemplars (the Prometheus text format has none).
   * prom-client renders it from a registry of that type and, doing so, drops `_total` from the
   * counters' names; they are put back at once (every name is read before the first await), so
   * the Prometheus text scrapes stay as they were.
   */
  async openMetrics(): Promise<string> {
    const openMetrics = new Registry<OpenMetricsContentType>();
    openMetrics.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
    // At run time each entry is the metric itself, whose `name` prom-client reads and writes.
    const metrics = this.registry.getMetricsAsArray() as unknown as (Metric & { name: string })[];
    const names = metrics.map((metric) => [metric, metric.name] as const);
    for (const metric of metrics) openMetrics.registerMetric(metric);
    const text = openMetrics.metrics();
    for (const [metric, name] of names) metric.name = name;
    return text;
  }

  setCircuitState(adapter: string, circuit: string, state: CircuitStateName): void {
    this.circuitState.set({ adapter, circuit }, CIRCUIT_STATE_VALUE[state]);
  }
}
