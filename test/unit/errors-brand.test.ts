import * as errors from '../../src/errors';

/** A second copy of src/errors, as an adapter package bundling its own would load. */
function secondCopy(): typeof errors {
  let copy: typeof errors | undefined;
  jest.isolateModules(() => {
    copy = jest.requireActual<typeof errors>('../../src/errors');
  });
  return copy!;
}

describe('gateway errors across module copies', () => {
  const other = secondCopy();

  it('when the copy is loaded, then its classes are distinct objects (the case being tested)', () => {
    expect(other.GatewayError).not.toBe(errors.GatewayError);
  });

  it('when a copy throws CustomerNotFoundError, then the gateway recognises it by brand and code', () => {
    const err = new other.CustomerNotFoundError();
    expect(err instanceof errors.GatewayError).toBe(true);
    expect(err instanceof errors.CustomerNotFoundError).toBe(true);
    expect(err instanceof errors.CoreUnavailableError).toBe(false);
    expect(errors.isGatewayError(err)).toBe(true);
  });

  it('when a copy throws CoreUnavailableError with Retry-After, then the resilience checks see it', () => {
    const err = new other.CoreUnavailableError({ retryAfterSeconds: 7 });
    expect(err instanceof errors.CoreUnavailableError).toBe(true);
    expect((err as errors.GatewayError).retryAfterSeconds).toBe(7);
  });

  it('when an unbranded error merely carries a code, then it is not taken for a gateway error', () => {
    const impostor = Object.assign(new Error('x'), {
      code: 'GW_ERR_CORE_UNAVAILABLE',
      status: 503,
    });
    expect(impostor instanceof errors.GatewayError).toBe(false);
    expect(impostor instanceof errors.CoreUnavailableError).toBe(false);
  });

  it('when errors come from this copy, then instanceof behaves as usual', () => {
    expect(new errors.CustomerNotFoundError() instanceof errors.CustomerNotFoundError).toBe(true);
    expect(new errors.CustomerNotFoundError() instanceof errors.CoreTimeoutError).toBe(false);
    expect(new Error('plain') instanceof errors.GatewayError).toBe(false);
  });
});
