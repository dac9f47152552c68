/**
 * The timeout layer: the core sees a signal that aborts when the caller goes away or the call's
 * time is up; a call past its time fails with 504 (`CoreTimeoutError`).
 */
import { withTimeout } from '../resilience/timeout';
import type { Layer } from './core-call';

export function timeoutLayer(timeoutMs: number): Layer {
  return (next) => (call) =>
    withTimeout(timeoutMs, call.scope.signal, (signal) => next({ ...call, signal }));
}
