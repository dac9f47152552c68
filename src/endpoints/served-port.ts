/**
 * The port a family's routes are built over. A family passed through to an upstream keeps its
 * routes (their checks stand in front of the proxy) even when no core has its port: the routes
 * are then built over a port whose methods never run, and answer 404 if they ever did.
 */
import { RouteNotFoundError } from '../errors';
import type { CoreAdapter } from '../ports';
import { portsOver } from '../core-call/ports';
import { operations } from '../ports/operations';

type FamilyPort = 'banking' | 'energy' | 'fdx' | 'products';

/** What a method answers when its data has no source at all: the route does not exist. */
const unserved = () => Promise.reject(new RouteNotFoundError());

/**
 * The adapter's port for `family`; a port of unserved methods when the family is passed through
 * and no core has one; undefined (no routes) otherwise.
 */
export function servedPort<P extends FamilyPort>(
  ctx: { adapter: CoreAdapter; passThrough?: ReadonlySet<string> },
  family: P,
): NonNullable<CoreAdapter[P]> | undefined {
  const port = ctx.adapter[family];
  if (port) return port as NonNullable<CoreAdapter[P]>;
  if (!ctx.passThrough?.has(family)) return undefined;
  const ofFamily = operations().filter((op) => op.port === family);
  return portsOver(ofFamily, 'unserved', () => unserved)[family] as NonNullable<CoreAdapter[P]>;
}
