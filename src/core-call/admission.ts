/**
 * The admission layer: no call goes further before its request is admitted (the claim of its
 * token's `jti`); a refused request's call fails with the refusal. A cache lookup may stand above
 * it, so that with Redis the read and the claim share one round trip (docs/decisions/0051).
 */
import type { Layer } from './core-call';

export const admissionLayer: Layer = (next) => (call) => {
  const { admission } = call.scope;
  return admission ? admission.then(() => next(call)) : next(call);
};
