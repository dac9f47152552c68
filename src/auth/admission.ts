/**
 * A holder request's admission: the replay store's answer to the claim of its token's `jti`.
 * The claim starts as soon as the signature and claims checks pass, but is awaited only where it
 * matters (ADR 0051): before any core call (the resilience stack) and before any answer (the
 * router). Meanwhile the request's first cache read goes out, with Redis in the claim's round trip.
 */
import type { CallContext } from '../ports';

/**
 * Resolves when the token is admitted; rejects with the refusal the request must answer (401
 * `Token replayed`, 503 when the store cannot answer...). Handled from birth: it never counts as an
 * unhandled rejection, whoever awaits it later.
 */
export type Admission = Promise<void>;

/** A call context that may carry its request's admission (the router's does for holder routes). */
export interface AdmittedContext extends CallContext {
  readonly admission?: Admission;
}

const ignore = () => undefined;

/** Marks `admission` as handled now; its refusal still reaches whoever awaits it. */
export function handled(admission: Admission): Admission {
  admission.catch(ignore);
  return admission;
}

/** The admission a call waits for before it reaches a core; undefined when it has none. */
export function admissionOf(ctx: CallContext): Admission | undefined {
  return (ctx as AdmittedContext).admission;
}

/** The admission's refusal, or undefined once it is admitted (or when there is none). */
export async function refusalOf(admission: Admission | undefined): Promise<unknown> {
  if (admission === undefined) return undefined;
  try {
    await admission;
    return undefined;
  } catch (err) {
    return err;
  }
}
