/**
 * The two boundaries between the ports and the steps: a port method of an adapter as the last
 * step of a call, and the steps as the ports a service calls. The only place that reads a port
 * method by its name, and the one cast between the two shapes.
 */
import { admissionOf } from '../auth/admission';
import type { CallContext, CoreAdapter } from '../ports';
import { type Operation, operations } from '../ports/operations';
import { contextOf, type CoreCall, type RequestScope, type Step } from './core-call';

type PortMethod = (...args: unknown[]) => Promise<unknown>;

/** The port method `adapter` has for `operation`, bound to its port; undefined if it has none. */
function methodOf(adapter: CoreAdapter, operation: Operation): PortMethod | undefined {
  const port = adapter[operation.port] as Record<string, unknown> | undefined;
  const method = port?.[operation.method];
  return typeof method === 'function' ? (method as PortMethod).bind(port) : undefined;
}

/** The operations of the table that `adapter` implements. */
export function implemented(adapter: CoreAdapter): Operation[] {
  return operations().filter((op) => methodOf(adapter, op) !== undefined);
}

/** The last step: the adapter's port method (or the passed-through request's sender). */
export function portStep(adapter: CoreAdapter): Step {
  const methods = new Map(implemented(adapter).map((op) => [op.name, methodOf(adapter, op)!]));
  return (call: CoreCall) => {
    const ctx = contextOf(call);
    if (call.send) return call.send(ctx);
    const method = methods.get(call.operation.name);
    if (!method) return Promise.reject(new Error(`no port method ${call.operation.name}`));
    return method(...call.args, ctx);
  };
}

/** What the request a service serves gives each of its calls. */
export function scopeOf(ctx: CallContext): RequestScope {
  return {
    requestId: ctx.requestId,
    signal: ctx.signal,
    admission: admissionOf(ctx),
    request: ctx,
  };
}

/**
 * An adapter whose ports have exactly `operations`, each a call of `stepOf` its operation with
 * the call context its last argument.
 */
export function portsOver(
  operations: readonly Operation[],
  adapterId: string,
  stepOf: (operation: Operation) => Step,
): CoreAdapter {
  const ports: Record<string, unknown> = { id: adapterId };
  for (const operation of operations) {
    const step = stepOf(operation);
    const port = (ports[operation.port] ??= {}) as Record<string, PortMethod>;
    port[operation.method] = (...allArgs: unknown[]) => {
      const ctx = allArgs[allArgs.length - 1] as CallContext;
      return step({ operation, args: allArgs.slice(0, -1), scope: scopeOf(ctx) });
    };
  }
  return ports as unknown as CoreAdapter;
}

/** The ports a service calls over `inner`: every operation it implements, and its own hooks. */
export function portsOf(
  inner: CoreAdapter,
  adapterId: string,
  stepOf: (operation: Operation) => Step,
): CoreAdapter {
  const ports = portsOver(implemented(inner), adapterId, stepOf);
  if (inner.isReady) ports.isReady = () => inner.isReady!();
  if (inner.readinessDetails) ports.readinessDetails = () => inner.readinessDetails!();
  if (inner.close) ports.close = () => inner.close!();
  return ports;
}
