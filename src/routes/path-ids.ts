/**
 * Path ids that cannot be ids (docs/api.md, "Requests"): a matched path parameter that decodes to
 * hold `/`, `\`, NUL, CR, LF or `;`, or that is a dot segment (`.`, `..`). No core names a
 * resource so, and to a server that decodes it such a value is path structure, a header break or
 * a parameter separator rather than an id. It is answered as the family answers an unknown value
 * of that parameter, before any core or upstream is asked, on served and passed-through routes
 * alike (docs/decisions/0066-refusals-and-ids-on-passed-through-routes.md).
 */
import {
  AccountNotFoundError,
  CustomerNotFoundError,
  FdxAccountNotFoundError,
  FdxStatementNotFoundError,
  type GatewayError,
  PlatformNotFoundError,
  RouteNotFoundError,
  TransactionNotFoundError,
} from '../errors';
import type { RouteSpec } from './route-spec';

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
