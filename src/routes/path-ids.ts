/**
 * Path ids that cannot be ids (docs/api.md, "Requests"): a matched path parameter that decodes to
 * hold `/`, `\`, NUL, CR, LF or `;`, or that is a dot segment (`.`, `..`). No core names a
 * resource so, and to a server that decodes it such a value is path structure, a header break or
 * a parameter separator rather than an id. It is answered as the family answers an unknown value
 * of that parameter, before any core or upstream is asked, on served and passed-through routes
 * alike (docs/decisions/0066-refusals-and-ids-on-passed-through-routes.md).
 */
import {
  AccountInQueryNotFoundError,
  AccountNotFoundError,
  CustomerNotFoundError,
  FdxAccountNotFoundError,
  FdxInvalidRequestError,
  FdxStatementNotFoundError,
  type GatewayError,
  PlatformNotFoundError,
  RouteNotFoundError,
  TransactionNotFoundError,
} from '../errors';
import type { GatewayIds } from '../ids/gateway-ids';
import type { IdKind } from '../ids/id-codec';
import type { CheckedInput, RouteSpec } from './route-spec';

/** Characters no id holds. */
const NOT_IN_AN_ID = /[/\\\0\r\n;]/;

/** Whether a decoded path parameter cannot be an id. */
export function isImpossibleId(value: string): boolean {
  return value === '.' || value === '..' || NOT_IN_AN_ID.test(value);
}

/** The family's answer to an unknown value of the path parameter `name` on `route`. */
export function unknownIdError(route: RouteSpec, name: string): GatewayError {
  switch (name) {
    case 'customerId':
      return new CustomerNotFoundError();
    case 'accountId':
      return route.family === 'fdx' ? new FdxAccountNotFoundError() : new AccountNotFoundError();
    case 'transactionId':
      return new TransactionNotFoundError();
    case 'statementId':
      return new FdxStatementNotFoundError();
    case 'product_id':
      return new PlatformNotFoundError('Product not found');
    default:
      return new RouteNotFoundError();
  }
}

/**
 * Throws the unknown-id answer of the first matched path parameter (they come in path order) that
 * cannot be an id.
 */
export function refuseImpossibleIds(
  route: RouteSpec,
  params: Readonly<Record<string, string | undefined>>,
): void {
  for (const name of Object.keys(params)) {
    const value = params[name];
    if (value !== undefined && isImpossibleId(value)) throw unknownIdError(route, name);
  }
}

/** The kind of record each path parameter names (the others hold no id of a core record). */
export const KIND_OF_PARAM: Readonly<Record<string, IdKind>> = {
  customerId: 'customer',
  accountId: 'account',
  transactionId: 'transaction',
  statementId: 'statement',
};

/**
 * Throws the family's unknown-id answer for the first path id, then body account id, that is not
 * one of the gateway's ids for the path's customer (docs/api.md, "Ids"): no core is asked, and the
 * reason is only counted. With raw ids, nothing is refused here.
 */
export function refuseUnknownIds(route: RouteSpec, input: CheckedInput, ids: GatewayIds): void {
  if (ids.encoding === 'raw') return;
  const { params } = input;
  const customer = params.customerId;
  for (const name of Object.keys(params)) {
    const kind = KIND_OF_PARAM[name];
    const value = params[name];
    if (kind && value !== undefined && ids.rejects(kind, value, customer) !== undefined)
      throw unknownIdError(route, name);
  }
  for (const id of input.accountIds ?? []) {
    if (ids.rejects('account', id, customer) !== undefined) throw new AccountInQueryNotFoundError();
  }
}

/**
 * The route's answer to an id the core-call layers found naming nothing of the asked core: as an
 * unknown path id of its kind, or an unknown body account id when the path names no account.
 */
export function unknownIdOfKind(route: RouteSpec, kind: IdKind): GatewayError {
  if (kind === 'account' && !route.path.includes('{accountId}')) {
    return new AccountInQueryNotFoundError();
  }
  if (kind === 'cursor')
    return route.family === 'fdx' ? new FdxInvalidRequestError() : new RouteNotFoundError();
  const name = Object.keys(KIND_OF_PARAM).find((n) => KIND_OF_PARAM[n] === kind);
  return name ? unknownIdError(route, name) : new RouteNotFoundError();
}
