/**
 * A read started now whose outcome is used later, after another read of the same call: the
 * customer's account list proves the customer and its accounts, and the data read beside it must
 * not report its own failure first (an unknown customer is 404, whatever a list under it says).
 */

/** Starts `promise`; the function returned gives its value, or rethrows its failure, when asked. */
export function later<T>(promise: Promise<T>): () => Promise<T> {
  const settled = promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return async () => {
    const outcome = await settled;
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  };
}
