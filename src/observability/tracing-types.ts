/** The shapes tracing's modules share: the decisions recorded, the runtime the SDK module makes. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { SpanExporter } from '@opentelemetry/sdk-trace';

type Res = ServerResponse & { locals?: Record<string, unknown> };

/** What the resilience stack decided for one call, recorded on its span. */
export type ResilienceDecision =
  | { decision: 'cache'; result: 'hit' | 'miss' | 'stale' }
  | { decision: 'single_flight_join' }
  | { decision: 'retry'; attempt: number }
  | { decision: 'circuit_refused'; circuit: string }
  | { decision: 'maintenance_window'; retryAfterSeconds: number }
  | { decision: 'replay_store'; outcome: 'fresh' | 'replayed' | 'error' };

/** The ids a log line of a traced request carries. */
export interface TraceLogFields {
  trace_id: string;
  span_id: string;
}

/** A resilience stack as tracing wraps it: its port methods and its pass-through calls. */
export interface TraceableStack {
  adapter: object;
  pass: (...args: never[]) => Promise<unknown>;
}

/** What a started tracer does; made by tracing-sdk.ts, the only module that loads the SDK. */
export interface TracingRuntime {
  /** Starts the request's server span and runs `next` in its context. */
  request(req: IncomingMessage, res: Res, next: () => void): void;
  /** The stack with a span around each port call and pass-through call, named by operation. */
  stack<S extends TraceableStack>(adapterId: string, stack: S): S;
  /** Records a decision on the current span (an event, and an attribute where one fits). */
  decide(decision: ResilienceDecision): void;
  /** The current span's ids, when a sampled span is current. */
  logFields(): TraceLogFields | undefined;
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

/** What tests and embedders may give instead of the configured exporter. */
export interface TracingOptions {
  /** Spans go here, each as it ends (tests: an in-memory exporter). */
  exporter?: SpanExporter;
  logger: Logger;
}
