/**
 * The gateway's own spans (tracing on): one server span per request, named by its route template
 * once the router has matched it; one span per core call (`core <port>.<method>`), parent of the
 * client spans the undici instrumentation makes for the call's HTTP requests; and the resilience
 * decisions as events and attributes of the current span. No raw path, query, header value,
 * customer or account id is ever a span name or attribute.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import {
  type Attributes,
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Tracer,
} from '@opentelemetry/api';
import type { Decision, TraceLogFields } from './tracing-types';
import type { StatefulResponse } from '../routes/request-state';

type Res = StatefulResponse;
type AnyFn = (...args: unknown[]) => Promise<unknown>;

/** The attributes of a request's span known once it is answered. */
function answeredAttributes(res: Res): Attributes {
  const locals = res.locals ?? {};
  return {
    'http.route': locals.route,
    'http.response.status_code': res.statusCode,
    'dhg.operation_id': locals.operationId,
    'dhg.family': locals.family,
    'dhg.tier': locals.tier,
    ...(res.statusCode >= 500 ? { 'error.type': String(res.statusCode) } : {}),
    ...(res.writableFinished ? {} : { 'dhg.aborted': true }),
  };
}

/** An error's kind for `error.type`: its stable code, else its class name, never its message. */
function errorType(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return err instanceof Error ? err.constructor.name : 'unknown';
}

/** The attributes a decision sets on its span, beside its event. */
function decisionAttributes(decision: Decision, value: unknown): Attributes {
  switch (decision) {
    case 'cache':
      return { 'dhg.cache': value as string };
    case 'single_flight_join':
      return { 'dhg.single_flight': 'joined' };
    case 'retry':
      return { 'dhg.retry_count': value as number };
    case 'circuit_refused':
      return { 'dhg.circuit': value as string, 'dhg.circuit_refused': true };
    case 'maintenance_window':
      return { 'dhg.maintenance_window': true };
    case 'replay_store':
      return { 'dhg.replay_store': value as string };
  }
}

/** The event a decision adds (a cache hit or miss, a fresh token: an attribute only). */
function decisionEvent(decision: Decision, value: unknown): [string, Attributes] | undefined {
  switch (decision) {
    case 'cache':
      return value === 'stale' ? ['dhg.stale_serve', {}] : undefined;
    case 'retry':
      return ['dhg.retry', { 'dhg.attempt': value as number }];
    case 'circuit_refused':
      return ['dhg.circuit_refused', { 'dhg.circuit': value as string }];
    case 'maintenance_window':
      return ['dhg.maintenance_window', { 'dhg.retry_after_s': value as number }];
    case 'single_flight_join':
      return ['dhg.single_flight_join', {}];
    case 'replay_store':
      return value === 'fresh'
        ? undefined
        : ['dhg.replay_store', { 'dhg.replay_store': value as string }];
  }
}

export interface TracedCallsOptions {
  /** `TRACING_TRUST_TRACEPARENT`: a caller's traceparent parents its request. */
  trustTraceparent: boolean;
  /** `TRACING_TRUST_CALLER_STATE`: its tracestate and baggage come with a trusted traceparent. */
  trustCallerState: boolean;
}

export class TracedCalls {
  constructor(
    private readonly tracer: Tracer,
    private readonly options: TracedCallsOptions,
  ) {}

  /**
   * The context a request continues: none, or the caller's trusted traceparent alone (its trace
   * id, span id and sampled flag), or with its tracestate and baggage too. A caller's tracestate
   * and baggage are whatever it chose to write: kept, they would be copied into every exported
   * span and sent to every core, so they stay out unless the operator trusts them.
   */
  private parentOf(headers: IncomingHttpHeaders): Context {
    if (!this.options.trustTraceparent) return ROOT_CONTEXT;
    if (this.options.trustCallerState) return propagation.extract(ROOT_CONTEXT, headers);
    const { traceparent } = headers;
    return traceparent === undefined
      ? ROOT_CONTEXT
      : propagation.extract(ROOT_CONTEXT, { traceparent });
  }

  /**
   * The request's server span, the caller's `traceparent` its parent when trusted; named by the
   * method until the router matches, then by method and route template. Ends when the response
   * closes. The trace ids go to `res.locals.traceIds` for the request's log line.
   */
  request(req: IncomingMessage, res: Res, next: () => void): void {
    const parent = this.parentOf(req.headers);
    const method = req.method ?? 'GET';
    const span = this.tracer.startSpan(
      method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
      parent,
    );
    if (span.isRecording()) {
      const { traceId, spanId } = span.spanContext();
      if (res.locals) res.locals.traceIds = { trace_id: traceId, span_id: spanId };
      res.once('close', () => {
        const route = res.locals?.route;
        if (route) span.updateName(`${method} ${route}`);
        span.setAttributes(answeredAttributes(res));
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
    }
    context.with(trace.setSpan(parent, span), next);
  }

  /** A span around a call of `operation`, made only inside a traced request. */
  around(adapterId: string, operation: string, call: () => Promise<unknown>): Promise<unknown> {
    const attributes = { 'dhg.adapter': adapterId, 'dhg.operation': operation };
    return this.spanned(`core ${operation}`, SpanKind.INTERNAL, attributes, call);
  }

  /** `call` inside a span of its own, made only inside a traced request. */
  private spanned(
    name: string,
    kind: SpanKind,
    attributes: Attributes,
    call: () => Promise<unknown>,
  ): Promise<unknown> {
    const current = trace.getSpan(context.active());
    if (!current?.isRecording()) return call();
    return this.tracer.startActiveSpan(name, { kind, attributes }, (span: Span) =>
      call().then(
        (value) => {
          span.end();
          return value;
        },
        (err: unknown) => {
          span.setStatus({ code: SpanStatusCode.ERROR });
          span.setAttribute('error.type', errorType(err));
          span.end();
          throw err;
        },
      ),
    );
  }

  /**
   * `target` with a client span around each of `methods`: `redis <group>.<method>`, its
   * `db.system.name`; never a key (keys hold digests of ids) nor a value.
   */
  redis<T extends object>(group: string, target: T, methods: readonly (keyof T & string)[]): T {
    const traced = Object.create(target) as Record<string, unknown>;
    const attributes = { 'db.system.name': 'redis', 'db.operation.name': group };
    for (const method of methods) {
      const fn = (target as Record<string, AnyFn>)[method]!.bind(target);
      traced[method] = (...args: unknown[]) =>
        this.spanned(`redis ${group}.${method}`, SpanKind.CLIENT, attributes, () => fn(...args));
    }
    return traced as T;
  }

  /** Records a decision on the current span, when it is recorded. */
  decide(decision: Decision, value: unknown): void {
    const span = trace.getSpan(context.active());
    if (!span?.isRecording()) return;
    span.setAttributes(decisionAttributes(decision, value));
    const event = decisionEvent(decision, value);
    if (event) span.addEvent(event[0], event[1]);
  }

  /** The current sampled span's ids, a new object each time (pino merges into it). */
  logFields(): TraceLogFields | undefined {
    const span = trace.getSpan(context.active());
    if (!span) return undefined;
    const { traceId, spanId, traceFlags } = span.spanContext();
    if ((traceFlags & TraceFlags.SAMPLED) === 0) return undefined;
    return { trace_id: traceId, span_id: spanId };
  }
}
