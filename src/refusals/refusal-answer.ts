/**
 * How a refusal to share is answered (docs/api.md, "Refusals to share"), in one place for every
 * route: whoever refused (the operator's list, the core's `sharingRefusal`, an adapter's
 * `SharingRefusedError`), the route turns the reason into the interface's answer, always with
 * `X-Sharing-Refused: true`:
 * - harm: 403 `Sharing refused` (FDX code 403);
 * - blocked or suspended, a path `{accountId}`: the route's answer to an unknown account, 404
 *   `Account not found` (FDX code 701);
 * - blocked or suspended, a specific-accounts body: the answer to an unknown body id,
 *   `Account in query not found` with `BODY_ID_NOT_FOUND_STATUS` (FDX: 404 code 701).
 * An unknown body id takes `BODY_ID_NOT_FOUND_STATUS` too, without the header.
 */
import {
  AccountInQueryNotFoundError,
  GatewayError,
  InternalError,
  SharingRefusedError,
  type SharingRefusalReason,
} from '../errors';
import { type BodyIdNotFoundStatus, SHARING_REFUSED_HEADER } from './sharing-refusals';

/** What the answer needs of a route (a `RouteSpec` is one). */
export interface RefusingRoute {
  readonly path: string;
  readonly family: 'v1' | 'fdx' | 'platform';
  readonly body?: string;
}

/** Where a route takes account ids from. */
function accountIdsOf(route: RefusingRoute): 'body' | 'path' | undefined {
  if (route.body === 'accountIds') return 'body';
  return route.path.includes('{accountId}') ? 'path' : undefined;
}

function refused(
  reason: SharingRefusalReason,
  status: number,
  message: string,
  cause: unknown,
  publicCode?: number,
): GatewayError {
  return new GatewayError(
    `GW_ERR_SHARING_REFUSED_${reason.toUpperCase()}`,
    status,
    message,
    { name: 'SharingRefusedError', ...(publicCode !== undefined ? { publicCode } : {}) },
    { cause, headers: { [SHARING_REFUSED_HEADER]: 'true' } },
  );
}

/** The answer to a refusal on `route`; undefined when `err` is not a refusal. */
function refusalOn(
  route: RefusingRoute,
  err: GatewayError,
  bodyIdStatus: BodyIdNotFoundStatus,
): GatewayError | undefined {
  if (!(err instanceof SharingRefusedError)) return undefined;
  const { reason } = err as SharingRefusedError;
  const fdx = route.family === 'fdx';
  if (reason === 'harm') return refused(reason, 403, 'Sharing refused', err, fdx ? 403 : undefined);
  switch (accountIdsOf(route)) {
    case 'path':
      return refused(reason, 404, 'Account not found', err, fdx ? 701 : undefined);
    case 'body':
      return fdx
        ? refused(reason, 404, 'Account not found', err, 701)
        : refused(reason, bodyIdStatus, 'Account in query not found', err);
    default:
      // A blocked or suspended account where the route names none: the adapter's mistake
      // (docs/adapters.md: such accounts carry `sharingRefusal` in the lists instead).
      return new InternalError({ cause: err });
  }
}

/**
 * What the route answers for `err`: a refusal's answer (with its reason, for the count of
 * refusals), an unknown body id with the configured status, or `err` unchanged.
 */
export function answerFor(
  route: RefusingRoute,
  err: unknown,
  bodyIdStatus: BodyIdNotFoundStatus,
): { error: unknown; refusal?: SharingRefusalReason } {
  if (!(err instanceof GatewayError)) return { error: err };
  const answer = refusalOn(route, err, bodyIdStatus);
  if (answer) {
    const reason = (err as SharingRefusedError).reason;
    return answer.headers ? { error: answer, refusal: reason } : { error: answer };
  }
  if (err instanceof AccountInQueryNotFoundError && err.status !== bodyIdStatus) {
    const { code, message } = err;
    return {
      error: new GatewayError(code, bodyIdStatus, message, { name: err.name }, { cause: err }),
    };
  }
  return { error: err };
}
