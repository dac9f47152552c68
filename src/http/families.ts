/**
 * The route families the gateway serves. Each family builds its routes (and whatever state they
 * need) from the route context; the gateway concatenates them into one route table. A new family
 * is one file exporting a `RouteFamily` and one line below.
 */
import { platformFamily } from './platform.routes';
import type { RouteContext, RouteFamily, RouteSpec } from './route-spec';
import { energyFamily } from './energy.routes';
import { fdxFamily } from './fdx.routes';
import { bankingAndCommonFamily } from './routes';

/** Every family, in route-table order. */
export const ROUTE_FAMILIES: readonly RouteFamily[] = [
  bankingAndCommonFamily,
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
