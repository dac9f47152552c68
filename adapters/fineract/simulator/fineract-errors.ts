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

function parameterError(parameterName: string, code: string, message: string, value: unknown) {
  return {
    developerMessage: message,
    defaultUserMessage: message,
    userMessageGlobalisationCode: code,
    parameterName,
    value,
    args: [{ value }],
  };
}

/** 400 as Fineract's validation mapper writes it. */
export function invalid(
  parameterName: string,
  code: string,
  message: string,
  value: unknown,
): FineractError {
  return new FineractError(
    400,
    errorBody(400, 'validation.msg.validation.errors.exist', 'Validation errors exist.', [
      parameterError(parameterName, code, message, value),
    ]),
  );
}

/**
 * 400 with several parameter errors, as the data table query writes them: each
 * `[parameter, message, value]` under the code "400" (Fineract's `parameterErrorWithValue`).
 */
export function invalidAll(errors: [string, string, unknown][]): FineractError {
  return new FineractError(
    400,
    errorBody(
      400,
      'validation.msg.validation.errors.exist',
      'Validation errors exist.',
      errors.map(([name, message, value]) => parameterError(name, '400', message, value ?? null)),
    ),
  );
}

/** 404 for a data table that is not registered. */
export function datatableNotFound(name: string): FineractError {
  const message = `Datatable not found.`;
  return new FineractError(
    404,
    errorBody(404, 'error.msg.resource.not.found', 'The requested resource is not available.', [
      {
        developerMessage: message,
        defaultUserMessage: message,
        userMessageGlobalisationCode: 'error.msg.datatable.not.found',
        parameterName: 'id',
        value: null,
        args: [{ value: name }],
      },
    ]),
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

/**
 * 500 as Fineract answers a single-row read that finds no row: its savings-family transaction
 * reads query with Spring's `queryForObject`, whose EmptyResultDataAccessException no exception
 * mapper turns into a 404, so the catch-all mapper writes the exception's message.
 */
export function emptyResult(): FineractError {
  return new FineractError(500, { Exception: 'Incorrect result size: expected 1, actual 0' });
}
