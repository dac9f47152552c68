/**
 * The route families the gateway serves. Each family builds its routes (and whatever state they
 * need) from the route context; the gateway concatenates them into one route table. A new family
 * is one folder under src/endpoints whose routes file exports a `RouteFamily`, and one line below.
 */
import { bankingFamily } from './banking/banking.routes';
import { commonFamily } from './common/common.routes';
import { customerFamily } from './customer/customer.routes';
import { energyFamily } from './energy/energy.routes';
import { fdxFamily } from './fdx/fdx.routes';
import { platformFamily } from './platform/platform.routes';
import type { RouteContext, RouteFamily, RouteSpec } from '../routes/route-spec';

/** Every family, in route-table order. */
export const ROUTE_FAMILIES: readonly RouteFamily[] = [
  commonFamily,
  customerFamily,
  bankingFamily,
  energyFamily,
  fdxFamily,
  platformFamily,
];

/** Builds the whole route table. */
export async function buildRoutes(ctx: RouteContext): Promise<RouteSpec[]> {
  const routes: RouteSpec[] = [];
  for (const family of ROUTE_FAMILIES) routes.push(...(await family(ctx)));
  return routes;
}
