/**
 * Transact's error answers. An enquiry ("query") operation answers
 * `{ header, error: { type, code, message } }`; a record ("screen") operation, such as reading
 * one customer, `{ header, error: { type, errorDetails: [{ code, message, fieldName? }] } }`.
 * `type` is `BUSINESS` for what the caller can fix (4xx) and `SYSTEM` for the server's own
 * failures (5xx); a refused credential is `SECURITY`. The codes are the simulator's own, in
 * Transact's dotted style (`EB-RECORD.NOT.FOUND`).
 */

/** How an operation answers: an enquiry (a list, paged) or a record. */
export type OperationFamily = 'query' | 'screen';

export type TemenosErrorType = 'BUSINESS' | 'SYSTEM' | 'SECURITY';

/** A refusal on its way to the caller: the HTTP status and what the body says. */
export class TemenosError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly type: TemenosErrorType = status >= 500 ? 'SYSTEM' : 'BUSINESS',
    readonly fieldName?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The audit block every header carries (fixed figures: answers stay reproducible). */
export const AUDIT = { T24_time: 7, responseParse_time: 0.1, requestParse_time: 0.1 } as const;

export function errorBody(family: OperationFamily, err: TemenosError): Record<string, unknown> {
  const header = { audit: AUDIT, status: 'failed' };
  if (family === 'screen') {
    const detail = {
      code: err.code,
      message: err.message,
      ...(err.fieldName ? { fieldName: err.fieldName } : {}),
    };
    return { header, error: { type: err.type, errorDetails: [detail] } };
  }
  return { header, error: { type: err.type, code: err.code, message: err.message } };
}

export const notFound = (what: string, id: string): TemenosError =>
  new TemenosError(404, 'EB-RECORD.NOT.FOUND', `${what} ${id} not found`);

export const badRequest = (field: string, message: string): TemenosError =>
  new TemenosError(400, 'EB-INVALID.INPUT', `${field}: ${message}`, 'BUSINESS', field);

export const unauthenticated = (): TemenosError =>
  new TemenosError(401, 'EB-SECURITY.VIOLATION', 'Authentication failed', 'SECURITY', undefined, {
    'www-authenticate': 'Basic realm="Transact"',
  });

export const noSuchResource = (path: string): TemenosError =>
  new TemenosError(404, 'EB-RESOURCE.NOT.FOUND', `No resource at ${path}`);

export const systemError = (): TemenosError =>
  new TemenosError(500, 'EB-SYSTEM.ERROR', 'Unexpected error in Transact');

export const unavailable = (retryAfterSeconds?: number): TemenosError =>
  new TemenosError(
    503,
    'EB-SERVICE.UNAVAILABLE',
    'Transact is not available',
    'SYSTEM',
    undefined,
    retryAfterSeconds !== undefined ? { 'retry-after': String(retryAfterSeconds) } : {},
  );
