/**
 * An adapter behind the core-call layers as the gateway puts it there (src/gateway.ts): one event
 * stream per stack, observed by `metrics` and the tracing runtime.
 */
import { CoreCallEvents } from '../../src/core-call/events';
import {
  type CoreCallStack,
  type CoreCallStackDeps,
  coreCallStack,
} from '../../src/core-call/stack';
import { observeCoreCalls } from '../../src/observability/core-call-observers';
import type { GatewayMetrics } from '../../src/observability/metrics';
import { traceCoreCall } from '../../src/observability/tracing';
import type { CoreAdapter } from '../../src/ports';

export type ResilientAdapter = CoreCallStack;

export type ResilienceDeps = Omit<CoreCallStackDeps, 'events' | 'aroundCall'> & {
  metrics: GatewayMetrics;
};

export function withResilience(inner: CoreAdapter, deps: ResilienceDeps): CoreCallStack {
  const events = new CoreCallEvents();
  observeCoreCalls(events, deps.metrics);
  return coreCallStack(inner, { ...deps, events, aroundCall: traceCoreCall });
}
