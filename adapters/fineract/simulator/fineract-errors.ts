/** Error answers as Fineract writes them (its exception mappers' bodies). */
import type { Json } from './dataset';

export class FineractError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.developerMessage));
  }
}

export function errorBody(
  status: number,
  code: string,
  message: string,
  errors: Json[] = [],
  developerMessage = message,
): Json {
  return {
    developerMessage,
    httpStatusCode: String(status),
    defaultUserMessage: message,
    userMessageGlobalisationCode: code,
    errors,
  };
}

const NOT_AVAILABLE = 'The requested resource is not available.';

/** 404 as Fineract's resource-not-found mapper writes it. */
export function notFound(code?: string, message?: string, id?: number): FineractError {
  const errors =
    code && message
      ? [
          {
            developerMessage: message,
            defaultUserMessage: message,
            userMessageGlobalisationCode: code,
            parameterName: 'id',
            value: null,
            args: [{ value: id }],
          },
        ]
      : [];
  return new FineractError(
    404,
    errorBody(404, 'error.msg.resource.not.found', NOT_AVAILABLE, errors),
  );
}

/** 400 as Fineract's validation mapper writes it. */
export function invalid(
  parameterName: string,
  code: string,
  message: string,
  value: unknown,
): FineractError {
  const error = {
    developerMessage: message,
    defaultUserMessage: message,
    userMessageGlobalisationCode: code,
    parameterName,
    value,
    args: [{ value }],
  };
  return new FineractError(
    400,
    errorBody(400, 'validation.msg.validation.errors.exist', 'Validation errors exist.', [error]),
  );
}

export const NOT_AUTHENTICATED = errorBody(
  401,
  'error.msg.not.authenticated',
  'Unauthenticated. Please login.',
  [],
  'Invalid authentication details were passed in api request.',
);
export const NOT_AUTHORIZED = errorBody(
  403,
  'error.msg.not.authorized',
  'User has no authority to access this resource.',
);
export const SERVER_ERROR = errorBody(
  500,
  'error.msg.platform.server.side.error',
  'An unexpected error occurred on the platform server.',
  [],
  'java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available, request timed out after 30000ms. at com.zaxxer.hikari.pool.HikariPool.createTimeoutException(HikariPool.java:696)',
);
export const UNAVAILABLE = errorBody(
  503,
  'error.msg.platform.service.unavailable',
  'The platform is temporarily unavailable. Please try again later.',
);
