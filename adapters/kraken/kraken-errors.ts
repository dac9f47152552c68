/**
 * Kraken's GraphQL errors (`errors[].extensions.errorCode`, `KT-CT-*`) sorted into what the
 * adapter does about them. Kraken answers HTTP 200 with an `errors` list for every application
 * error; the codes are the ones its schema documents on the fields the adapter uses.
 */

/** What an error in a GraphQL answer means to the adapter. */
export type KrakenErrorKind =
  /** The Kraken Token expired: obtain a fresh one and send the operation once more. */
  | 'tokenExpired'
  /** The gateway's credentials or token were refused: only an operator can fix it. */
  | 'unauthorized'
  /** The account user or account does not exist. */
  | 'notFound'
  /** Kraken throttled the caller. */
  | 'throttled'
  /** Kraken refused a value of the request (a validation error): the caller's, not a failure. */
  | 'rejected'
  /** Anything else: a bug or an answer the adapter does not expect. */
  | 'failure';

const KINDS: Readonly<Record<string, KrakenErrorKind>> = {
  'KT-CT-1120': 'tokenExpired', // The Kraken Token has expired.
  'KT-CT-1111': 'unauthorized', // Unauthorized.
  'KT-CT-1112': 'unauthorized', // 'Authorization' header not provided.
  'KT-CT-1128': 'unauthorized', // Unauthorized (authentication server).
  'KT-CT-1134': 'unauthorized', // Invalid data (obtainKrakenToken: a refused key).
  'KT-CT-1135': 'unauthorized', // Invalid data (obtainKrakenToken: a refused key).
  'KT-CT-4177': 'unauthorized', // Unauthorized (account: not visible to the viewer).
  'KT-CT-4123': 'unauthorized', // Unauthorized (account-scoped fields).
  'KT-CT-4178': 'notFound', // No account found with given account number.
  'KT-CT-5412': 'notFound', // No account user exists with the given id.
  'KT-CT-5415': 'notFound', // Account user not found.
  'KT-CT-5421': 'notFound', // Account user not found.
  'KT-CT-5518': 'notFound', // Account user not found.
  'KT-CT-1199': 'throttled', // Too many requests.
};

/** Kraken's `errorType` values the adapter reads when a code is not in its table. */
const TYPES: Readonly<Record<string, KrakenErrorKind>> = {
  NOT_FOUND: 'notFound',
  AUTHORIZATION: 'unauthorized',
  VALIDATION: 'rejected',
};

/** One entry of a GraphQL answer's `errors`. */
export interface GraphqlError {
  message?: unknown;
  extensions?: { errorCode?: unknown; errorType?: unknown } | null;
}

/** The kind of the first error that decides the outcome, and its code for logs. */
export function classify(errors: readonly GraphqlError[]): {
  kind: KrakenErrorKind;
  code?: string;
} {
  // An error that needs an operator outranks one a retry may mend; "not found" only decides alone.
  const ranked: KrakenErrorKind[] = [
    'unauthorized',
    'tokenExpired',
    'throttled',
    'failure',
    'rejected',
    'notFound',
  ];
  const found = errors.map((e) => {
    const code = typeof e.extensions?.errorCode === 'string' ? e.extensions.errorCode : undefined;
    const type = typeof e.extensions?.errorType === 'string' ? e.extensions.errorType : undefined;
    const kind = (code && KINDS[code]) || (type && TYPES[type]) || 'failure';
    return { kind, code };
  });
  for (const kind of ranked) {
    const hit = found.find((f) => f.kind === kind);
    if (hit) return hit;
  }
  return { kind: 'failure' };
}

/** A GraphQL error the adapter turns into a port answer (not found) or retries (token expired). */
export class KrakenAnswerError extends Error {
  constructor(
    readonly kind: 'notFound' | 'tokenExpired',
    readonly operation: string,
    readonly code?: string,
  ) {
    super(`Kraken ${operation}: ${kind}${code ? ` (${code})` : ''}`);
    this.name = 'KrakenAnswerError';
  }
}
