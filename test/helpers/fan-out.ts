/**
 * Instances and calls for the fan-out's tests: an adapter as one instance's step (its port
 * methods, no layers), and a call of one operation as a service makes it.
 */
import type { CoreFamily } from '../../src/config/core-layout';
import type { CoreCall, Step } from '../../src/core-call/core-call';
import type { Instance } from '../../src/core-call/fan-out/fan-out';
import { implemented, portStep, scopeOf } from '../../src/core-call/ports';
import type { CallContext, CoreAdapter } from '../../src/ports';
import { type OperationName, operations } from '../../src/ports/operations';

export const ctx: CallContext = { signal: new AbortController().signal, requestId: 'r1' };

/** `adapter` as an instance serving `families`, its step straight to its port methods. */
export function instanceOf(
  id: string,
  families: readonly CoreFamily[],
  adapter: CoreAdapter,
): Instance {
  return {
    id,
    families,
    operations: new Set(implemented(adapter).map((op) => op.name)),
    step: portStep(adapter),
  };
}

/** A call of `name` with `args`, as the ports a service calls make it. */
export function callOf(name: OperationName, args: readonly unknown[]): CoreCall {
  const operation = operations().find((op) => op.name === name)!;
  return { operation, args, scope: scopeOf(ctx) };
}

/** `step` called as the port method `name`: its arguments, and the call's answer. */
export const asMethod =
  <T>(step: Step, name: OperationName) =>
  (...args: unknown[]): Promise<T> =>
    step(callOf(name, args)) as Promise<T>;
