/** The per-call timeout of the resilience stack. */
import { CoreTimeoutError } from '../errors';

/**
 * Runs `call` with a signal that aborts after `ms` (or when the caller's signal does), and
 * rejects with {@link CoreTimeoutError} at that time whether or not the call honours its signal.
 */
export async function withTimeout<T>(
  ms: number,
  callerSignal: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const signal = callerSignal
    ? AbortSignal.any([callerSignal, controller.signal])
    : controller.signal;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new CoreTimeoutError();
      controller.abort(err);
      reject(err);
    }, ms);
  });
  try {
    return await Promise.race([call(signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
