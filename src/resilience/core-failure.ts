import { GatewayError } from '../errors';

/** A core failure: not the caller's mistake and not a core 4xx (those never trip a circuit). */
export function isCoreFailure(err: unknown): boolean {
  return !(err instanceof GatewayError) || err.status >= 500;
}
