/** The shapes tracing's modules share: the decisions recorded, the runtime the SDK module makes. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { SpanExporter } from '@opentelemetry/sdk-trace';

type Res = ServerResponse & { locals?: Record<string, unknown> };

/**
 * What the resilience stack (and the replay store) decided for one call, recorded on its span:
 * each decision and the value it comes with (a primitive: the hooks allocate nothing).
 */
export interface DecisionValues {
  /** The cache lookup's result. */
  cache: 'hit' | 'miss' | 'stale';
  /** The call waited for an identical one under way. */
  single_flight_join: undefined;
  /** The retry's number (1 for the first). */
  retry: number;
  /** The circuit that refused the call. */
  circuit_refused: string;
  /** The seconds until the maintenance window ends. */
  maintenance_window: number;
  /** The token's claim in the replay store. */
  replay_store: 'fresh' | 'replayed' | 'error';
}

export type Decision = keyof DecisionValues;

/** The ids a log line of a traced request carries. */
export interface TraceLogFields {
  trace_id: string;
  span_id: string;
}

/** What a started tracer does; made by tracing-sdk.ts, the only module that loads the SDK. */
export interface TracingRuntime {
  /** Starts the request's server span and runs `next` in its context. */
  request(req: IncomingMessage, res: Res, next: () => void): void;
  /** `run` inside a span of core call `operation` of instance `adapterId`, in a traced request. */
  around(adapterId: string, operation: string, run: () => Promise<unknown>): Promise<unknown>;
  /** `target` with a client span (`redis <group>.<method>`) around each of `methods`. */
  redis<T extends object>(group: string, target: T, methods: readonly (keyof T & string)[]): T;
  /** Records a decision on the current span (an event, and an attribute where one fits). */
  decide<D extends Decision>(decision: D, value: DecisionValues[D]): void;
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
