/**
 * The OpenTelemetry SDK as the gateway sets it up, from its `OTEL_*` settings: the tracer
 * provider and sampler, the span exporter (OTLP over HTTP, protobuf or JSON), the W3C
 * propagators, the context manager (AsyncLocalStorage) and the undici instrumentation, which
 * makes a client span for every request any adapter or the pass-through sends through undici and
 * puts its `traceparent` on it. Loaded only when tracing is on (tracing.ts imports it lazily).
 */
import {
  context,
  diag,
  DiagLogLevel,
  propagation,
  trace,
  type TextMapPropagator,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  detectResources,
  envDetector,
  type Resource,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { type Config, SETTINGS } from '../config/config';
import { gatewayVersion } from '../config/version';
import type { TracingOptions, TracingRuntime } from './tracing-types';
import { TracedCalls } from './traced-calls';

type TracingSettings = Config['tracing'];

/** The sampler `OTEL_TRACES_SAMPLER` (and `_ARG`) name. */
export function samplerOf(settings: Pick<TracingSettings, 'sampler' | 'samplerRatio'>): Sampler {
  const [parentBased, rootName] = settings.sampler.startsWith('parentbased_')
    ? [true, settings.sampler.slice('parentbased_'.length)]
    : [false, settings.sampler];
  const root =
    rootName === 'always_on'
      ? new AlwaysOnSampler()
      : rootName === 'always_off'
        ? new AlwaysOffSampler()
        : new TraceIdRatioBasedSampler(settings.samplerRatio);
  return parentBased ? new ParentBasedSampler({ root }) : root;
}

/** The propagator `OTEL_PROPAGATORS` names (none: an empty composite, which carries nothing). */
function propagatorOf(names: TracingSettings['propagators']): TextMapPropagator {
  return new CompositePropagator({
    propagators: names.map((name) =>
      name === 'baggage' ? new W3CBaggagePropagator() : new W3CTraceContextPropagator(),
    ),
  });
}

/** Where spans are sent: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, else the base endpoint's path. */
export function tracesUrlOf(settings: Pick<TracingSettings, 'endpoint' | 'tracesEndpoint'>) {
  return settings.tracesEndpoint ?? `${settings.endpoint.replace(/\/+$/, '')}/v1/traces`;
}

/** The OTLP exporter of the configured encoding; only that package is loaded. */
function otlpExporter(settings: TracingSettings): SpanExporter {
  const url = tracesUrlOf(settings);
  /* eslint-disable @typescript-eslint/no-require-imports -- one encoding's package, not both */
  if (settings.protocol === 'http/json') {
    const { OTLPTraceExporter } =
      require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter({ url });
  }
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-proto') as typeof import('@opentelemetry/exporter-trace-otlp-proto');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return new OTLPTraceExporter({ url });
}

/** A given exporter gets each span as it ends (tests); the OTLP one, batches. */
function spanProcessorOf(settings: TracingSettings, given?: SpanExporter): SpanProcessor {
  return given
    ? new SimpleSpanProcessor({ exporter: given })
    : new BatchSpanProcessor({ exporter: otlpExporter(settings) });
}

/**
 * The undici instrumentation, its spans without the URL's path and query (a core's paths carry
 * customer and account ids): method, server address and port, status.
 */
function undiciInstrumentation(provider: TracerProvider): UndiciInstrumentation {
  const instrumentation = new UndiciInstrumentation({
    enabled: false,
    // Only a request's own core calls: a key set refresh or a token fetch outside one is no trace.
    requireParentforSpans: true,
    startSpanHook: () => ({ 'url.full': undefined, 'url.path': undefined, 'url.query': undefined }),
  });
  instrumentation.setTracerProvider(provider);
  instrumentation.setConfig({ ...instrumentation.getConfig(), enabled: true });
  instrumentation.enable();
  return instrumentation;
}

/** The warning of an OTEL_RESOURCE_ATTRIBUTES the SDK could not read (`check` says it too). */
export const RESOURCE_ATTRIBUTES_UNREAD =
  'OTEL_RESOURCE_ATTRIBUTES not read: comma-separated key=value pairs, with "," and "=" in a key or value percent-encoded';

/** OTEL_SERVICE_NAME's default: a `service.name` in OTEL_RESOURCE_ATTRIBUTES replaces it. */
const DEFAULT_SERVICE_NAME = SETTINGS.find((s) => s.env === 'OTEL_SERVICE_NAME')!.schema
  .default as string;

/**
 * The SDK's env detector over the environment, with why it read nothing of
 * OTEL_RESOURCE_ATTRIBUTES when the variable was not key=value pairs: the detector then drops the
 * whole variable, as the specification asks, and says why only to the SDK's debug log.
 */
function detectFromEnvironment(): { detected: Resource; unread?: string } {
  const failures: string[] = [];
  const keep = (message: string) => {
    if (message.startsWith('EnvDetector failed')) failures.push(message);
  };
  diag.setLogger(
    { error: keep, warn: keep, info: keep, debug: keep, verbose: keep },
    { logLevel: DiagLogLevel.DEBUG, suppressOverrideMessage: true },
  );
  try {
    return { detected: detectResources({ detectors: [envDetector] }), unread: failures[0] };
  } finally {
    diag.disable();
  }
}

/**
 * The spans' resource, merged as the SDK does (each merge's attributes win): the gateway's own
 * (`service.name`, `service.version`), then what the env detector reads from the environment
 * (OTEL_RESOURCE_ATTRIBUTES, then OTEL_SERVICE_NAME over its `service.name`), then a service
 * name the configuration file set, which wins over the attributes as OTEL_SERVICE_NAME does.
 * `unread`: why OTEL_RESOURCE_ATTRIBUTES was dropped, if it was.
 */
export function resourceOf(settings: Pick<TracingSettings, 'serviceName'>): {
  resource: Resource;
  unread?: string;
} {
  const own = resourceFromAttributes({
    [ATTR_SERVICE_NAME]: settings.serviceName,
    [ATTR_SERVICE_VERSION]: gatewayVersion(),
  });
  const { detected, unread } = detectFromEnvironment();
  const named =
    settings.serviceName === DEFAULT_SERVICE_NAME
      ? undefined
      : resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName });
  return { resource: own.merge(detected).merge(named ?? null), unread };
}

/** Sets up and registers the SDK; the runtime's `shutdown` undoes all of it. */
export function createTracingRuntime(
  settings: TracingSettings,
  options: TracingOptions,
): TracingRuntime {
  const { resource, unread } = resourceOf(settings);
  if (unread) options.logger.warn({ reason: unread }, RESOURCE_ATTRIBUTES_UNREAD);
  const provider = new TracerProvider({
    sampler: samplerOf(settings),
    resource,
    spanProcessors: [spanProcessorOf(settings, options.exporter)],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(propagatorOf(settings.propagators));
  trace.setGlobalTracerProvider(provider);
  const instrumentation = undiciInstrumentation(provider);
  const calls = new TracedCalls(provider.getTracer('data-holder-gateway', gatewayVersion()), {
    trustTraceparent: settings.trustTraceparent,
    trustCallerState: settings.trustCallerState,
  });
  options.logger.info(
    {
      exporter: options.exporter ? 'given' : settings.exporter,
      sampler: settings.sampler,
      propagators: settings.propagators,
    },
    'tracing on',
  );
  return {
    request: (req, res, next) => calls.request(req, res, next),
    around: (adapterId, operation, run) => calls.around(adapterId, operation, run),
    redis: (group, target, methods) => calls.redis(group, target, methods),
    decide: (decision, value) => calls.decide(decision, value),
    logFields: () => calls.logFields(),
    async shutdown() {
      instrumentation.disable();
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
