/**
 * A core's error answers as the gateway's errors: the gateway's credentials refused and "not now"
 * are core failures (503); any other 4xx is the caller's request refused (400), never a failure.
 */
import {
  coreAnswerFailure,
  CoreRejectedRequestError,
  CoreUnavailableError,
  type GatewayError,
} from '../src';

const cause = new Error('core answered');

describe('coreAnswerFailure', () => {
  it.each([400, 404, 409, 410, 422])(
    'when the core answers %i, then the caller asked for something it refuses: 400 Invalid request',
    (status) => {
      const err = coreAnswerFailure(status, undefined, cause) as GatewayError;
      expect(err).toBeInstanceOf(CoreRejectedRequestError);
      expect({ status: err.status, message: err.message, code: err.code }).toEqual({
        status: 400,
        message: 'Invalid request',
        code: 'GW_ERR_CORE_REJECTED_REQUEST',
      });
      expect(err.cause).toBe(cause);
    },
  );

  it.each([401, 403, 407, 408, 429, 500, 502, 503])(
    'when the core answers %i, then the core is unavailable',
    (status) => {
      expect(coreAnswerFailure(status, undefined, cause)).toBeInstanceOf(CoreUnavailableError);
    },
  );

  it('when a 429 or 503 says when to come back, then the wait is kept', () => {
    expect((coreAnswerFailure(429, '12', cause) as GatewayError).retryAfterSeconds).toBe(12);
    expect((coreAnswerFailure(503, '3', cause) as GatewayError).retryAfterSeconds).toBe(3);
    expect((coreAnswerFailure(403, '3', cause) as GatewayError).retryAfterSeconds).toBeUndefined();
  });

  it('when the status is no error the client handles, then the cause itself is thrown (500)', () => {
    expect(coreAnswerFailure(302, undefined, cause)).toBe(cause);
  });
});
