/**
 * The gateway's one error model (docs/api.md, Errors).
 *
 * Every failure the gateway knows about is a {@link GatewayError} with a stable `code`
 * (`GW_ERR_<AREA>_<REASON>`, never renamed once published), the HTTP `status` it becomes, and
 * whether its message may be shown to the caller (`expose`). Errors become HTTP in exactly one
 * place, the gateway's error middleware. Upstream details belong in `cause` and the log.
 *
 * Adapters throw the core-facing errors below
 * (`CustomerNotFoundError`, `CoreUnavailableError`, `CoreTimeoutError`, ...) and the gateway
 * turns them into the documented answers.
 */

/** Options shared by every gateway error. */
export interface GatewayErrorOptions {
  /** The underlying error; logged, never sent to a caller. */
  cause?: unknown;
  /** Seconds a caller should wait before retrying; becomes the `Retry-After` header. */
  retryAfterSeconds?: number;
  /** Extra response headers (e.g. `WWW-Authenticate`). */
  headers?: Record<string, string>;
}

/** Fixed traits of an error class made by {@link createError}. */
export interface ErrorTraits {
  /** Whether the message may be shown to the caller; default true. */
  expose?: boolean;
  /**
   * The code the caller sees where a family has its own codes: the FDX numeric `code` (702, 705,
   * ...) or the platform's OAuth-style `error` string (`invalid_client`, ...).
   */
  publicCode?: string | number;
  /**
   * The class name: what logs show as the error's type. Default: derived from the code
   * (`GW_ERR_CORE_UNAVAILABLE` gives `CoreUnavailableError`).
   */
  name?: string;
}

/**
 * Brand of every GatewayError, shared by every copy of this module in the process (`Symbol.for`),
 * so that an adapter that loads its own copy of this package (installed in its own folder) still
 * throws errors the gateway recognises.
 */
const BRAND = Symbol.for('data-holder-gateway.GatewayError');

function isBranded(value: unknown): value is GatewayError {
  return typeof value === 'object' && value !== null && BRAND in value;
}

/**
 * Base class of every error the gateway raises on purpose.
 *
 * `instanceof` works across module copies: `x instanceof GatewayError` holds for any branded
 * error, and `x instanceof SomeCodedError` (a class made by {@link createError}) for a branded
 * error with that class's code.
 */
export class GatewayError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (!isBranded(value)) return false;
    if (this === GatewayError) return true;
    const code = Object.hasOwn(this, 'code') ? (this as { code?: unknown }).code : undefined;
    return typeof code === 'string' && value.code === code;
  }

  /** Stable machine-readable code, `GW_ERR_<AREA>_<REASON>`. */
  readonly code: string;
  /** HTTP status the error becomes. */
  readonly status: number;
  /** Whether `message` may be shown to the caller (false: a generic message is sent instead). */
  readonly expose: boolean;
  /** Seconds until a retry may succeed, for 503 and 429 answers. */
  readonly retryAfterSeconds?: number;
  /** The family-specific code the caller sees (FDX `code`, platform `error`), when it has one. */
  readonly publicCode?: string | number;
  /** Extra response headers. */
  readonly headers?: Record<string, string>;

  constructor(
    code: string,
    status: number,
    message: string,
    traits: ErrorTraits = {},
    options: GatewayErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GatewayError';
    this.code = code;
    this.status = status;
    this.expose = traits.expose ?? true;
    if (traits.publicCode !== undefined) this.publicCode = traits.publicCode;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
    if (options.headers !== undefined) this.headers = options.headers;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/** A constructor made by {@link createError}: takes an optional message override and options. */
export interface GatewayErrorClass<A extends unknown[] = []> {
  new (...args: [...A, GatewayErrorOptions?]): GatewayError;
  readonly code: string;
  readonly status: number;
}

/**
 * Makes a GatewayError subclass with a fixed code and status, as fastify's `createError` does.
 * `format` builds the message from the constructor's leading arguments.
 */
export function createError<A extends unknown[] = []>(
  code: string,
  status: number,
  format: (...args: A) => string,
  traits: ErrorTraits = {},
): GatewayErrorClass<A> {
  const Cls = class extends GatewayError {
    static readonly code = code;
    static readonly status = status;
    constructor(...args: [...A, GatewayErrorOptions?]) {
      const last = args[format.length];
      const options =
        args.length > format.length && typeof last === 'object' && last !== null
          ? (last as GatewayErrorOptions)
          : {};
      super(code, status, format(...(args.slice(0, format.length) as A)), traits, options);
      this.name = code;
    }
  };
  // Loggers take an error's type from its constructor's name, which would else be `Cls`.
  Object.defineProperty(Cls, 'name', { value: traits.name ?? classNameOf(code) });
  return Cls;
}

/** `GW_ERR_CORE_UNAVAILABLE` -> `CoreUnavailableError`. */
function classNameOf(code: string): string {
  const words = code
    .replace(/^GW_ERR_/, '')
    .toLowerCase()
    .split('_')
    .filter(Boolean);
  return `${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}Error`;
}

// ---- Caller mistakes -------------------------------------------------------------------------

/** A query parameter or body field is missing or invalid. Message names the field. */
export const InvalidFieldError = createError(
  'GW_ERR_REQ_INVALID_FIELD',
  400,
  (field: string) => `Invalid field: ${field}`,
  { name: 'InvalidFieldError' },
);
/** The request body is larger than the limit. */
export const PayloadTooLargeError = createError(
  'GW_ERR_REQ_PAYLOAD_TOO_LARGE',
  413,
  () => 'Payload too large',
  { name: 'PayloadTooLargeError' },
);
/** A POST body whose content type is not `application/json`. */
export const UnsupportedMediaTypeError = createError(
  'GW_ERR_REQ_UNSUPPORTED_MEDIA_TYPE',
  415,
  () => 'Unsupported media type',
  { name: 'UnsupportedMediaTypeError' },
);
/** The requested page is after the last page of a non-empty set. */
export const PageOutOfRangeError = createError(
  'GW_ERR_REQ_PAGE_OUT_OF_RANGE',
  422,
  (lastPage: number) => `Invalid page: the last page is ${lastPage}`,
  { name: 'PageOutOfRangeError' },
);
/**
 * More customer searches are under way on this instance than it serves at once
 * (`CUSTOMER_SEARCH_MAX_IN_FLIGHT`): 429 with `Retry-After`, refused before any core is asked.
 */
export const TooManySearchesError = createError(
  'GW_ERR_REQ_TOO_MANY_SEARCHES',
  429,
  () => 'Too many searches in progress',
  { name: 'TooManySearchesError' },
);
/** No route matches the method and path. */
export const RouteNotFoundError = createError(
  'GW_ERR_REQ_ROUTE_NOT_FOUND',
  404,
  () => 'Not found',
  { name: 'RouteNotFoundError' },
);
/** The path exists but not for this method. */
export const MethodNotAllowedError = createError(
  'GW_ERR_REQ_METHOD_NOT_ALLOWED',
  405,
  () => 'Method not allowed',
  { name: 'MethodNotAllowedError' },
);

// ---- Authentication ----------------------------------------------------------------------------

/** The bearer token is missing or rejected; the message is the documented reason. */
export const UnauthorizedError = createError(
  'GW_ERR_AUTH_UNAUTHORIZED',
  401,
  (reason: string) => reason,
  { name: 'UnauthorizedError' },
);
/** The replay store (or the key set) cannot be reached: the request is refused, never let through. */
export const AuthUnavailableError = createError(
  'GW_ERR_AUTH_UNAVAILABLE',
  503,
  () => 'Service unavailable',
  { name: 'AuthUnavailableError' },
);

// ---- Resources (thrown by services and adapters) ---------------------------------------------

/** The customer id is unknown to the core. */
export const CustomerNotFoundError = createError(
  'GW_ERR_RES_CUSTOMER_NOT_FOUND',
  404,
  () => 'Customer not found',
  { name: 'CustomerNotFoundError' },
);
/**
 * The core knows the customer but holds nothing an identity can be given from (no email address,
 * say): 422, never 500. The caller's answer about one record, so it never counts toward a circuit.
 */
export const CustomerNotIdentifiableError = createError(
  'GW_ERR_RES_CUSTOMER_NOT_IDENTIFIABLE',
  422,
  () => 'Customer cannot be identified',
  { name: 'CustomerNotIdentifiableError' },
);
/** An account id in a specific-accounts body is unknown or not this customer's. */
export const AccountInQueryNotFoundError = createError(
  'GW_ERR_RES_ACCOUNT_IN_QUERY_NOT_FOUND',
  404,
  () => 'Account in query not found',
  { name: 'AccountInQueryNotFoundError' },
);
/** An account id in the path is unknown or not this customer's. */
export const AccountNotFoundError = createError(
  'GW_ERR_RES_ACCOUNT_NOT_FOUND',
  404,
  () => 'Account not found',
  { name: 'AccountNotFoundError' },
);
/** The path's transaction is not one of the account's. */
export const TransactionNotFoundError = createError(
  'GW_ERR_RES_TRANSACTION_NOT_FOUND',
  404,
  () => 'Transaction not found',
  { name: 'TransactionNotFoundError' },
);
/** The operation is not supported for the type of a requested account (e.g. instalment plans). */
export const ResourceNotImplementedError = createError(
  'GW_ERR_RES_NOT_IMPLEMENTED',
  404,
  () => 'resource not implemented',
  { name: 'ResourceNotImplementedError' },
);

/** Why a holder refuses to share data it has (docs/adapters.md, "Refusing to share"). */
export type SharingRefusalReason = 'harm' | 'blocked' | 'suspended';

/** Every {@link SharingRefusalReason}, in the order the gateway weighs them (harm first). */
export const SHARING_REFUSAL_REASONS: readonly SharingRefusalReason[] = [
  'harm',
  'blocked',
  'suspended',
];

/**
 * The core refuses to share: sharing the customer's data (or an account's) could cause harm, or
 * an account is blocked or suspended. The gateway answers it as the interface says (harm: 403;
 * blocked or suspended: the answer of an unknown account id), always with
 * `X-Sharing-Refused: true`. Thrown from any method of a harm-flagged customer; `blocked` and
 * `suspended` only from a method that takes account ids (for the account lists, set
 * `sharingRefusal` on the record instead).
 */
export class SharingRefusedError extends GatewayError {
  static readonly code = 'GW_ERR_RES_SHARING_REFUSED';
  static readonly status = 403;
  /** Why sharing is refused. */
  readonly reason: SharingRefusalReason;

  constructor(reason: SharingRefusalReason, options: GatewayErrorOptions = {}) {
    super(
      SharingRefusedError.code,
      SharingRefusedError.status,
      'Sharing refused',
      { name: 'SharingRefusedError' },
      options,
    );
    this.name = SharingRefusedError.code;
    this.reason = reason;
  }
}

// ---- Core systems ------------------------------------------------------------------------------

/** The core cannot be reached or says it is unavailable (503 with Retry-After). */
export const CoreUnavailableError = createError(
  'GW_ERR_CORE_UNAVAILABLE',
  503,
  () => 'Service unavailable',
  { name: 'CoreUnavailableError' },
);
/**
 * The core refused what the caller asked for (a 4xx of the core other than its credentials being
 * refused or a rate limit): the caller's mistake, 400 in the family's body. Never a core failure,
 * so it never counts toward a circuit.
 */
export const CoreRejectedRequestError = createError(
  'GW_ERR_CORE_REJECTED_REQUEST',
  400,
  () => 'Invalid request',
  { name: 'CoreRejectedRequestError' },
);
/** The core did not answer in time (504). */
export const CoreTimeoutError = createError('GW_ERR_CORE_TIMEOUT', 504, () => 'Upstream timeout', {
  name: 'CoreTimeoutError',
});

/**
 * The adapter answered something out of its operation's contract and the gateway is set to refuse
 * such answers (`ADAPTER_OUTPUT_CHECK=enforce`): a core failure, never a partial answer (502).
 */
export const CoreAnswerInvalidError = createError(
  'GW_ERR_CORE_INVALID_ANSWER',
  502,
  () => 'Bad gateway',
  { name: 'CoreAnswerInvalidError' },
);

/**
 * A record the core answered that the adapter cannot map (a value of an unknown shape, a required
 * field missing): the caller gets 502, and the call never counts toward a circuit. One bad record
 * is a data problem of that record, not the core being down: opening the circuit for it would
 * refuse every customer. Adapters throw it from their mappers (the SDK's decimal helpers'
 * `DecimalFormatError` counts the same).
 */
export const CoreRecordInvalidError = createError(
  'GW_ERR_CORE_RECORD_INVALID',
  502,
  () => 'Bad gateway',
  { name: 'CoreRecordInvalidError' },
);

// ---- Anything else -----------------------------------------------------------------------------

/** An unexpected failure; its details go to the log only. */
export const InternalError = createError('GW_ERR_INTERNAL', 500, () => 'Internal server error', {
  name: 'InternalError',
  expose: false,
});

// ---- FDX-style family (docs/api.md, FDX endpoints) ------------------------------------------------

/** `startTime`/`endTime` malformed or missing. */
export const FdxInvalidDateError = createError(
  'GW_ERR_FDX_INVALID_DATE',
  400,
  () => 'Invalid start or end date',
  { name: 'FdxInvalidDateError', publicCode: 702 },
);
/** `startTime` after `endTime`. */
export const FdxInvalidDateRangeError = createError(
  'GW_ERR_FDX_INVALID_DATE_RANGE',
  400,
  () => 'Invalid date range',
  { name: 'FdxInvalidDateRangeError', publicCode: 703 },
);
/** A bad `limit`, `offset` or id length; the detail goes to `debugMessage`. */
export const FdxInvalidRequestError = createError(
  'GW_ERR_FDX_INVALID_REQUEST',
  400,
  () => 'Invalid request',
  { name: 'FdxInvalidRequestError', publicCode: 400 },
);
/** The account is unknown for this customer. */
export const FdxAccountNotFoundError = createError(
  'GW_ERR_FDX_ACCOUNT_NOT_FOUND',
  404,
  () => 'Account not found',
  { name: 'FdxAccountNotFoundError', publicCode: 701 },
);
/** The operation is unsupported for a closed account. */
export const FdxAccountClosedError = createError(
  'GW_ERR_FDX_ACCOUNT_CLOSED',
  409,
  () => 'Account is closed',
  { name: 'FdxAccountClosedError', publicCode: 705 },
);
/** The account's type does not support the operation. */
export const FdxAccountTypeNotSupportedError = createError(
  'GW_ERR_FDX_ACCOUNT_TYPE_NOT_SUPPORTED',
  422,
  () => 'Account type not supported',
  { name: 'FdxAccountTypeNotSupportedError', publicCode: 704 },
);

// ---- Platform family (docs/api.md, Platform endpoints) -------------------------------------------

/** A malformed platform request; the message is the `error_description`. */
export const PlatformInvalidRequestError = createError(
  'GW_ERR_PLATFORM_INVALID_REQUEST',
  400,
  (description: string) => description,
  { name: 'PlatformInvalidRequestError', publicCode: 'invalid_request' },
);
/** Unknown client, wrong or revoked secret: one answer for all three. */
export const InvalidClientError = createError(
  'GW_ERR_PLATFORM_INVALID_CLIENT',
  401,
  () => 'Client authentication failed',
  { name: 'InvalidClientError', publicCode: 'invalid_client' },
);
/** A platform bearer token missing, expired or revoked. */
export const InvalidTokenError = createError(
  'GW_ERR_PLATFORM_INVALID_TOKEN',
  401,
  (description: string) => description,
  { name: 'InvalidTokenError', publicCode: 'invalid_token' },
);
/** The platform token lacks the scope the endpoint needs. */
export const InsufficientScopeError = createError(
  'GW_ERR_PLATFORM_INSUFFICIENT_SCOPE',
  403,
  (scope: string) => `The token lacks the scope ${scope}`,
  { name: 'InsufficientScopeError', publicCode: 'insufficient_scope' },
);
/** A platform record (e.g. a product) does not exist. */
export const PlatformNotFoundError = createError(
  'GW_ERR_PLATFORM_NOT_FOUND',
  404,
  (description: string) => description,
  { name: 'PlatformNotFoundError', publicCode: 'not_found' },
);
/** A platform record exists already. */
export const PlatformConflictError = createError(
  'GW_ERR_PLATFORM_CONFLICT',
  409,
  (description: string) => description,
  { name: 'PlatformConflictError', publicCode: 'conflict' },
);
/** Too many requests; `retryAfterSeconds` becomes `Retry-After`. */
export const RateLimitedError = createError(
  'GW_ERR_PLATFORM_RATE_LIMITED',
  429,
  () => 'Too many requests; retry after the time in Retry-After',
  { name: 'RateLimitedError', publicCode: 'rate_limited' },
);

/** Whether a value is a GatewayError (also across module copies, by its brand). */
export function isGatewayError(value: unknown): value is GatewayError {
  return value instanceof GatewayError;
}
