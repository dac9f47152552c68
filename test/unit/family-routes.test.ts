/**
 * A family's table declares its routes without what the family's defaults say, and without a
 * core family: each route's core family is its port operation's.
 */
import { familyRoutes, type DeclaredRoute } from '../../src/routes/route-spec';

const declared = (fields: Partial<DeclaredRoute>): DeclaredRoute => ({
  operationId: 'someRoute',
  method: 'GET',
  path: '/v1/some/customer/{customerId}',
  summary: 'A route',
  tier: 'highPriority',
  query: [],
  response: {},
  handle: () => Promise.resolve({}),
  ...fields,
});

const DEFAULTS = { family: 'v1', tags: ['Banking'], auth: 'holder' } as const;

describe('the routes of a family', () => {
  it.each([
    ['banking.listPayees', 'banking'],
    ['energy.listInvoices', 'energy'],
    ['customer.getCustomerDetail', 'common'],
    ['fdx.listStatements', 'fdx'],
    ['products.listProducts', 'products'],
  ] as const)('when a route serves %s, then its core family is %s', (operation, family) => {
    const [route] = familyRoutes({ ...DEFAULTS, tags: [...DEFAULTS.tags] }, [
      declared({ coreOperation: operation }),
    ]);
    expect(route!.coreFamily).toBe(family);
  });

  it('when a route names no port operation, or the merged authorisation list, then it has no core family', () => {
    const routes = familyRoutes({ ...DEFAULTS, tags: [] }, [
      declared({}),
      declared({ coreOperation: 'authorisation.listShareableAccounts' }),
    ]);
    expect(routes.map((r) => 'coreFamily' in r)).toEqual([false, false]);
  });

  it('when a route says its own tags, auth or error family, then they win over the defaults', () => {
    const own = (): Promise<undefined> => Promise.resolve(undefined);
    const [plain, special] = familyRoutes({ ...DEFAULTS, tags: ['Banking'] }, [
      declared({}),
      declared({ tags: ['Authorisation'], auth: own, family: 'fdx' }),
    ]);
    expect([plain!.tags, plain!.auth, plain!.family]).toEqual([['Banking'], 'holder', 'v1']);
    expect([special!.tags, special!.auth, special!.family]).toEqual([
      ['Authorisation'],
      own,
      'fdx',
    ]);
  });
});
