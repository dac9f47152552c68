import { CoreRecordInvalidError, DecimalFormatError, GatewayError } from '../errors';

/**
 * A core failure, which counts toward the circuit: not the caller's mistake, not a core 4xx, and
 * not one record the adapter could not map (CoreRecordInvalidError, or a decimal the SDK could not
 * read): a bad record is answered 502 for its request alone, never taken for the core being down.
 */
export function isCoreFailure(err: unknown): boolean {
  if (isRecordInvalid(err)) return false;
  return !(err instanceof GatewayError) || err.status >= 500;
}

/** A record of the core's answer that its adapter could not map. */
export function isRecordInvalid(err: unknown): boolean {
  return err instanceof CoreRecordInvalidError || err instanceof DecimalFormatError;
}
