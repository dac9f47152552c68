/**
 * Prometheus metrics (prom-client), one registry per gateway. Labels never carry raw paths,
 * customer or account ids: routes are templates, core calls are `<port>.<method>`.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { RESPONSE_TIERS, TIER_THRESHOLD_MS } from './response-tiers';

/** Circuit states as the `dhg_circuit_state` gauge values. */
export const CIRCUIT_STATE_VALUE = { closed: 0, half_open: 1, open: 2 } as const;
export type CircuitStateName = keyof typeof CIRCUIT_STATE_VALUE;

export class GatewayMetrics {
  readonly registry = new Registry();

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
  readonly httpDuration = new Histogram({
    name: 'dhg_http_request_duration_seconds',
    help: 'HTTP request duration, by route template, method, status and response-time tier.',
    labelNames: ['route', 'method', 'status', 'tier'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2.5, 4, 5, 6, 10],
    registers: [this.registry],
  });
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
  readonly coreDuration = new Histogram({
    name: 'dhg_core_call_duration_seconds',
    help: 'Core call duration by adapter, operation and outcome (success, client_error, failure, timeout, rejected, maintenance).',
    labelNames: ['adapter', 'operation', 'outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  /** Proxied answers that did not match their route's contract (check mode `log`). */
  readonly proxyNonconforming = new Counter({
    name: 'dhg_proxy_nonconforming_responses_total',
    help: 'Proxied success answers whose body did not match the route contract (passed on unchanged), by proxy instance and operation.',
    labelNames: ['adapter', 'operation'] as const,
    registers: [this.registry],
  });
  readonly coreRetries = new Counter({
    name: 'dhg_core_retries_total',
    help: 'Retries of idempotent core reads, by adapter and operation.',
    labelNames: ['adapter', 'operation'] as const,
    registers: [this.registry],
  });
  /** Circuit state: 0 closed, 1 half-open, 2 open. */
  readonly circuitState = new Gauge({
    name: 'dhg_circuit_state',
    help: 'Circuit breaker state: 0 closed, 1 half-open, 2 open.',
    labelNames: ['adapter', 'circuit'] as const,
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

  constructor(options: { processMetrics?: boolean } = {}) {
    if (options.processMetrics ?? true)
      collectDefaultMetrics({ register: this.registry, prefix: 'dhg_' });
    for (const tier of RESPONSE_TIERS) {
      const seconds = TIER_THRESHOLD_MS[tier] / 1000;
      this.tierThreshold.set({ tier, le: String(seconds) }, seconds);
    }
    // Both series exist from the start, so that availability expressions always have them.
    for (const serverError of ['true', 'false']) {
      this.plannedOutageRequests.inc({ server_error: serverError }, 0);
    }
  }

  setCircuitState(adapter: string, circuit: string, state: CircuitStateName): void {
    this.circuitState.set({ adapter, circuit }, CIRCUIT_STATE_VALUE[state]);
  }
}
