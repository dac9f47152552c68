/**
 * Every operation the simulator serves, each at its service's base path and its published path.
 * A route's id is `<service>.<operationId>` (`holdings-accounts.getAccountTransactions`): two
 * services publish operations of the same name. A request path is matched with repeated slashes
 * read as one (the published base paths end with a slash, so `.../v4.1.0//holdings/...` comes
 * too), and where a literal segment and a parameter both fit, the literal wins
 * (`/holdings/accounts/balances` is not account `balances`).
 */
import { ACCOUNT_ROUTES } from './account-routes';
import { BENEFICIARY_ROUTES } from './beneficiary-routes';
import { CUSTOMER_ROUTES } from './customer-routes';
import { LOAN_ROUTES } from './loan-routes';
import { ORDER_ROUTES } from './order-routes';
import { type RouteSpec, TEMENOS_SERVICES } from './route-types';
import { TRANSACTION_ROUTES } from './transaction-routes';

export const TEMENOS_ROUTES: readonly RouteSpec[] = [
  ...CUSTOMER_ROUTES,
  ...ORDER_ROUTES,
  ...BENEFICIARY_ROUTES,
  ...ACCOUNT_ROUTES,
  ...TRANSACTION_ROUTES,
  ...LOAN_ROUTES,
];

export const routeId = (spec: RouteSpec): string => `${spec.service}.${spec.operationId}`;

/** The ids of every route, the keys of request counts and route faults. */
export const TEMENOS_ROUTE_IDS: readonly string[] = TEMENOS_ROUTES.map(routeId);

/** The full path of a route, `/api/v4.1.0/holdings/accounts/{accountId}`. */
export const fullPath = (spec: RouteSpec): string =>
  `${TEMENOS_SERVICES[spec.service]}${spec.path}`;

interface Compiled {
  spec: RouteSpec;
  segments: string[];
}

const COMPILED: Compiled[] = TEMENOS_ROUTES.map((spec) => ({
  spec,
  segments: fullPath(spec).split('/').filter(Boolean),
}));

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The route a path names and its parameters; undefined when none does. */
export function matchRoute(
  pathname: string,
): { spec: RouteSpec; params: Record<string, string> } | undefined {
  const parts = pathname.split('/').filter(Boolean).map(decode);
  let best: { spec: RouteSpec; params: Record<string, string>; literals: number } | undefined;
  for (const { spec, segments } of COMPILED) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    const fits = segments.every((segment, i) => {
      const name = /^\{(.+)\}$/.exec(segment)?.[1];
      if (name) params[name] = parts[i]!;
      else literals += 1;
      return name !== undefined || segment === parts[i];
    });
    if (fits && (!best || literals > best.literals)) best = { spec, params, literals };
  }
  return best && { spec: best.spec, params: best.params };
}
