/**
 * A core call as a value, and the layers it passes through on its way to a core. A service calls
 * a port method; the boundary (ports.ts) turns that call into a `CoreCall` and hands it to the
 * step of its kind; each layer takes the next step and returns a step, as lura's proxy
 * middlewares and undici's dispatcher interceptors do; the last step calls the adapter's port
 * method (or sends a passed-through request). The order of the layers is declared in stack.ts.
 */
import type { CallContext, RequestReads } from '../ports';
import type { Operation } from '../ports/operations';

/** What the request that makes a call gives it. */
export interface RequestScope {
  readonly requestId: string;
  /** The caller's signal: aborts when the caller went away. */
  readonly signal?: AbortSignal;
  /** The request's admission (the claim of its token's `jti`), awaited before a core is reached. */
  readonly admission?: Promise<void>;
  /** The request itself, one object per request: what its calls' shared reads hang off. */
  readonly request: object;
}

/** A passed-through request: what sends it upstream, in place of a port method. */
export type Send = (ctx: CallContext) => Promise<unknown>;

/** One call of a port operation (or a passed-through request), as the layers see it. */
export interface CoreCall {
  readonly operation: Operation;
  /** The port method's arguments, without the call context. */
  readonly args: readonly unknown[];
  readonly scope: RequestScope;
  /** Set by the cache lookup on reads: the cache and single-flight key, and what it found. */
  readonly cached?: CachedLookup;
  /** Set by the request-reads layer: the reads shared within the request for the customer. */
  readonly reads?: RequestReads;
  /** Set by the timeout layer: the signal the core sees (the caller's, or the timeout's). */
  readonly signal?: AbortSignal;
  /** A passed-through request's sender; undefined for a port operation. */
  readonly send?: Send;
}

/** What the cache lookup hands the layers below it. */
export interface CachedLookup {
  readonly key: string;
  /** The entry found, fresh or not; served stale by the cache fill when the core fails. */
  readonly entry?: { readonly value: unknown; readonly storedAt: number };
  /** How long an answer stays fresh, and how much longer it may be served stale (ms). */
  readonly ttlMs: number;
  readonly staleMs: number;
}

/** A call on its way down: the rest of the layers and the core. */
export type Step = (call: CoreCall) => Promise<unknown>;

/** One layer: given the next step, the step that runs this layer first. */
export type Layer = (next: Step) => Step;

/** The step that runs `layers` in order (the first outermost), then `last`. */
export function through(layers: readonly Layer[], last: Step): Step {
  return layers.reduceRight<Step>((next, layer) => layer(next), last);
}

/** The call context an adapter gets for `call`. */
export function contextOf(call: CoreCall): CallContext {
  const { scope, reads } = call;
  const signal = call.signal ?? scope.signal ?? new AbortController().signal;
  return reads
    ? { signal, requestId: scope.requestId, reads }
    : { signal, requestId: scope.requestId };
}
