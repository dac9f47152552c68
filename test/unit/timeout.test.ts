/** The per-call timeout: rejects at its time and aborts the call's signal, whatever the call does. */
import { CoreTimeoutError } from '../../src/errors';
import { withTimeout } from '../../src/resilience/timeout';

const never = () => new Promise<never>(() => undefined);

describe('withTimeout', () => {
  it('when the call answers in time, then its value is returned and its signal never aborts', async () => {
    let seen: AbortSignal | undefined;
    const value = await withTimeout(1000, undefined, async (signal) => {
      seen = signal;
      return 42;
    });
    expect(value).toBe(42);
    expect(seen!.aborted).toBe(false);
  });

  it('when the call ignores its signal and never answers, then it rejects with CoreTimeoutError and the signal is aborted', async () => {
    let seen: AbortSignal | undefined;
    const result = withTimeout(20, undefined, (signal) => {
      seen = signal;
      return never();
    });
    await expect(result).rejects.toBeInstanceOf(CoreTimeoutError);
    expect(seen!.aborted).toBe(true);
    expect(seen!.reason).toBeInstanceOf(CoreTimeoutError);
  });

  it("when the caller's signal aborts, then the call's signal aborts with it", async () => {
    const caller = new AbortController();
    let seen: AbortSignal | undefined;
    const result = withTimeout(10_000, caller.signal, (signal) => {
      seen = signal;
      return new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason as Error)),
      );
    });
    caller.abort(new Error('caller went away'));
    await expect(result).rejects.toThrow('caller went away');
    expect(seen!.aborted).toBe(true);
  });
});
