/**
 * The span layer: the rest of the call runs inside a span of its operation when the request is
 * traced, so that the client spans of the core's HTTP requests are its children. What makes the
 * span is given by the composition root (the tracing runtime), never imported here.
 */
import type { Layer } from './core-call';

/** Runs `run` inside a span named for `operation` of instance `adapterId`, or just runs it. */
export type AroundCall = (
  adapterId: string,
  operation: string,
  run: () => Promise<unknown>,
) => Promise<unknown>;

export function spanLayer(adapterId: string, around: AroundCall | undefined): Layer {
  if (!around) return (next) => next;
  return (next) => (call) => around(adapterId, call.operation.name, () => next(call));
}
