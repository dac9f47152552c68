/**
 * Every route served from a core names the port operation it serves: a passed-through call of
 * the route goes through the resilience stack as that operation (its circuit group, metrics and
 * maintenance windows), so the operation must be one of the table's, of the route's own family.
 */
import path from 'node:path';
import pino from 'pino';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import { PagingTokens } from '../../src/api/paging-token';
import { configFrom } from '../../src/config/config';
import { buildRoutes } from '../../src/endpoints/families';
import type { RouteSpec } from '../../src/routes/route-spec';
import { OPERATION_NAMES } from '../../src/ports/operations';
import { redisKeysOf } from '../../src/stores/redis-keys';

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
/** The port each core family is served by (`common` is the customer port). */
const PORT = {
  banking: 'banking',
  energy: 'energy',
  common: 'customer',
  fdx: 'fdx',
  products: 'products',
};

describe('core operations of routes', () => {
  let routes: RouteSpec[];
  beforeAll(async () => {
    const config = configFrom({ LOG_LEVEL: 'silent' });
    routes = await buildRoutes({
      adapter: createDemoAdapter(loadDemoData(SAMPLE)),
      config,
      logger: pino({ level: 'silent' }),
      now: Date.now,
      redisKeys: redisKeysOf(config),
      paging: new PagingTokens(config.pagingSecret),
      onClose: () => undefined,
    });
  });

  it('when a route serves a core family, then it names an operation of that family’s port', () => {
    const served = routes.filter((r) => r.coreFamily !== undefined);
    expect(served.length).toBeGreaterThan(15);
    for (const route of served) {
      expect({ route: route.operationId, operation: route.coreOperation }).toEqual({
        route: route.operationId,
        operation: expect.stringMatching(new RegExp(`^${PORT[route.coreFamily!]}\\.`)),
      });
      expect(OPERATION_NAMES).toContain(route.coreOperation);
    }
  });

  it('when a route is the gateway’s own, then it names no core operation', () => {
    for (const route of routes.filter((r) => r.coreFamily === undefined)) {
      expect({ route: route.operationId, operation: route.coreOperation }).toEqual({
        route: route.operationId,
        operation: undefined,
      });
    }
  });
});
