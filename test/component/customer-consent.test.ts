/**
 * The consent flow's holder endpoints on the demo core (docs/api.md, "Customer search and
 * identity"): `POST /auth/v1/customer/search` and `GET /auth/v1/customer/{customerId}`, their
 * body checks (nothing reaches the core), the token's audience, their place in the route table
 * beside row 1, `AUTH_CUSTOMER_ENDPOINTS=false`, a core without the methods, and logs and metrics
 * that never carry an address.
 */
import path from 'node:path';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import type { CallContext, CoreAdapter } from '../../src/ports';
import { contractErrors } from '../helpers/contracts';
import {
  startGateway,
  TEST_BASE_URL,
  type TestGateway,
  type TestResponse,
} from '../helpers/gateway';
import { captureLogger } from '../helpers/log-capture';

const SAMPLE = path.join(__dirname, '../../adapters/demo/data/sample.json');
const SEARCH = '/auth/v1/customer/search';
const identityPath = (id: string) => `/auth/v1/customer/${encodeURIComponent(id)}`;

const JANE_AND_BUSINESS = [
  { id: 'c-1001', name: 'Jane Citizen', phoneNumber: '+61491570006' },
  { id: 'c-3001', name: 'Example Consulting Pty Ltd', phoneNumber: '+61491570006' },
];

const expectError = (res: TestResponse, status: number, error: string) =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });

/** The demo core, its search calls recorded: what reached the core, and with which address. */
function recordingDemo(): { adapter: CoreAdapter; searched: string[] } {
  const adapter = createDemoAdapter(loadDemoData(SAMPLE));
  const searched: string[] = [];
  const search = adapter.customer.searchCustomersByEmail!.bind(adapter.customer);
  adapter.customer.searchCustomersByEmail = (email: string, ctx: CallContext) => {
    searched.push(email);
    return search(email, ctx);
  };
  return { adapter, searched };
}

describe('customer search and identity on the demo core', () => {
  let gw: TestGateway;
  let searched: string[];
  beforeAll(async () => {
    const demo = recordingDemo();
    searched = demo.searched;
    gw = await startGateway({}, { adapter: demo.adapter });
  });
  afterAll(() => gw.close());
  beforeEach(() => searched.splice(0));

  const schemaOf = (operationId: string) =>
    gw.gateway.routes.find((r) => r.operationId === operationId)!.response;
  const expectSearch = (res: TestResponse, data: unknown[]) => {
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { data } });
    expect(contractErrors(schemaOf('searchCustomers'), res.body)).toEqual([]);
  };

  it('when Jane searches by her address, then she and the business she acts for come back', async () => {
    expectSearch(await gw.post(SEARCH, { email: 'jane.citizen@example.com' }), JANE_AND_BUSINESS);
    expect(searched).toEqual(['jane.citizen@example.com']);
  });

  it('when the address has capitals and surrounding spaces, then the core is asked trimmed and lower-cased', async () => {
    const res = await gw.post(SEARCH, { email: ' \tJane.Citizen@EXAMPLE.com  ' });
    expectSearch(res, JANE_AND_BUSINESS);
    expect(searched).toEqual(['jane.citizen@example.com']);
  });

  it('when nobody has the address, then 200 with an empty list', async () => {
    expectSearch(await gw.post(SEARCH, { email: 'nobody@example.org' }), []);
  });

  it('when the address is 254 characters, then it is searched', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(email).toHaveLength(254);
    expectSearch(await gw.post(SEARCH, { email }), []);
    expect(searched).toEqual([email]);
  });

  it.each([
    ['no email', {}],
    ['a null email', { email: null }],
    ['a number', { email: 42 }],
    ['an array', { email: ['jane.citizen@example.com'] }],
    ['an object', { email: { address: 'jane.citizen@example.com' } }],
    ['an empty string', { email: '' }],
    ['only spaces', { email: '   ' }],
    ['no @', { email: 'jane.citizen.example.com' }],
    ['no local part', { email: '@example.com' }],
    ['no domain', { email: 'jane.citizen@' }],
    ['a space inside', { email: 'jane citizen@example.com' }],
    ['two addresses', { email: 'jane.citizen@example.com, john.citizen@example.net' }],
    [
      '255 characters',
      { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com` },
    ],
    ['a body that is a list', [{ email: 'jane.citizen@example.com' }]],
  ])(
    'when the body has %s, then 400 Invalid field: email and the core is not asked',
    async (_case, body) => {
      expectError(await gw.post(SEARCH, body), 400, 'Invalid field: email');
      expect(searched).toEqual([]);
    },
  );

  it('when the body is empty, then 400 Invalid field: email', async () => {
    const res = await gw.request('POST', SEARCH, {
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400, 'Invalid field: email');
    expect(searched).toEqual([]);
  });

  it('when the body is not JSON, then 400 Invalid field: body; not declared JSON, 415', async () => {
    const json = { 'content-type': 'application/json' };
    expectError(
      await gw.request('POST', SEARCH, { rawBody: '{"email": jane}', headers: json }),
      400,
      'Invalid field: body',
    );
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expectError(
      await gw.request('POST', SEARCH, {
        rawBody: 'email=jane.citizen%40example.com',
        headers: form,
      }),
      415,
      'Unsupported media type',
    );
    expect(searched).toEqual([]);
  });

  it("when a customer's identity is asked, then it validates and is the core's", async () => {
    const res = await gw.get(identityPath('c-1001'));
    expect(res.status).toBe(200);
    expect(contractErrors(schemaOf('getCustomerIdentity'), res.body)).toEqual([]);
    expect(res.body).toEqual({
      id: 'c-1001',
      email: 'jane.citizen@example.com',
      emailVerified: true,
      givenName: 'Jane',
      familyName: 'Citizen',
      name: 'Jane Citizen',
      phoneNumber: '+61491570006',
      phoneNumberVerified: true,
      updatedAt: '2026-06-30T09:15:00Z',
      address: {
        streetAddress: '1 Sample Street',
        locality: 'Exampleton',
        region: 'NSW',
        postalCode: '2999',
        country: 'AUS',
      },
    });
  });

  it('when the business customer is asked, then its identity names the organisation', async () => {
    const res = await gw.get(identityPath('c-3001'));
    expect(res.status).toBe(200);
    expect(contractErrors(schemaOf('getCustomerIdentity'), res.body)).toEqual([]);
    expect(res.body).toMatchObject({ id: 'c-3001', name: 'Example Consulting Pty Ltd' });
    expect(res.body).not.toHaveProperty('givenName');
  });

  it.each(['c-9999', 'search ', 'c-1001 '])(
    'when customer %j is unknown, then 404 Customer not found',
    async (id) => {
      expectError(await gw.get(identityPath(id)), 404, 'Customer not found');
    },
  );

  it('when GET names the search path, then it is the identity of a customer called "search": 404 Customer not found', async () => {
    expectError(await gw.get(SEARCH), 404, 'Customer not found');
  });

  it('when the token was signed for another resource, then 401 Invalid audience', async () => {
    const forAccounts = { aud: `${TEST_BASE_URL}/auth/v1/customer/c-1001/accounts` };
    expectError(
      await gw.get(identityPath('c-1001'), { token: forAccounts }),
      401,
      'Invalid audience',
    );
    const forIdentity = { aud: `${TEST_BASE_URL}${identityPath('c-1001')}` };
    const res = await gw.post(
      SEARCH,
      { email: 'jane.citizen@example.com' },
      { token: forIdentity },
    );
    expectError(res, 401, 'Invalid audience');
    expect(searched).toEqual([]);
  });

  it('when the search carries no token, then 401 Missing bearer token and the core is not asked', async () => {
    const res = await gw.post(
      SEARCH,
      { email: 'jane.citizen@example.com' },
      { headers: { authorization: '' } },
    );
    expectError(res, 401, 'Missing bearer token');
    expect(searched).toEqual([]);
  });

  it('when the authorisation list is asked beside the identity route, then it is still row 1', async () => {
    const res = await gw.get('/auth/v1/customer/c-3001/accounts');
    expect(res.status).toBe(200);
    expect(res.body.accounts.map((a: { accountId: string }) => a.accountId)).toEqual([
      'acc-b-3001-01',
    ]);
  });

  it.each([
    ['GET', '/auth/v1/customer/c-1001/'],
    ['GET', '/auth/v1/customer/c-1001/accounts/'],
    ['GET', '/auth/v1/customer/search/'],
    ['GET', '/auth/v1/customer/'],
    ['GET', '/auth/v1/customer/c-1001/detail'],
    ['POST', '/auth/v1/customer/c-1001'],
    ['PUT', SEARCH],
    ['DELETE', '/auth/v1/customer/c-1001'],
    ['POST', '/auth/v1/customer/search/'],
  ])('when %s %s is asked, then 404 Not found in the /v1 body', async (method, target) => {
    const res = await gw.request(method, target, {
      body: method === 'GET' ? undefined : { email: 'a@b.example' },
    });
    expectError(res, 404, 'Not found');
    expect(searched).toEqual([]);
  });

  it('when paths differ in case, then they are not the routes', async () => {
    const res = await gw.get('/auth/v1/Customer/c-1001');
    expectError(res, 404, 'Not found');
  });

  it('when the API description is read, then both operations are there with the body contract', async () => {
    const res = await fetch(`${gw.origin}/openapi.json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, any>> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    const search = doc.paths[SEARCH]!.post;
    expect(search.operationId).toBe('searchCustomers');
    expect(search.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/requests.CustomerSearchBody',
    });
    expect(search.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/envelopes.CustomerSearchResponse',
    });
    const identity = doc.paths['/auth/v1/customer/{customerId}']!.get;
    expect(identity.operationId).toBe('getCustomerIdentity');
    expect(identity.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/customer-identity',
    });
    expect(Object.keys(doc.paths['/auth/v1/customer/{customerId}/accounts']!)).toEqual(['get']);
  });
});

describe('customer endpoints turned off or not served', () => {
  it('when AUTH_CUSTOMER_ENDPOINTS=false, then both answer 404 Not found and row 1 still serves', async () => {
    const gw = await startGateway({ AUTH_CUSTOMER_ENDPOINTS: 'false' });
    try {
      expect(gw.gateway.config.authCustomerEndpoints).toBe(false);
      expectError(await gw.post(SEARCH, { email: 'jane.citizen@example.com' }), 404, 'Not found');
      expectError(await gw.get(identityPath('c-1001')), 404, 'Not found');
      expect((await gw.get('/auth/v1/customer/c-1001/accounts')).status).toBe(200);
      const doc = (await (await fetch(`${gw.origin}/openapi.json`)).json()) as { paths: object };
      expect(Object.keys(doc.paths)).not.toContain(SEARCH);
      expect(Object.keys(doc.paths)).not.toContain('/auth/v1/customer/{customerId}');
    } finally {
      await gw.close();
    }
  });

  it('when AUTH_CUSTOMER_ENDPOINTS is not a boolean, then start-up names it', async () => {
    await expect(startGateway({ AUTH_CUSTOMER_ENDPOINTS: 'yes' })).rejects.toThrow(
      /AUTH_CUSTOMER_ENDPOINTS/,
    );
  });

  it('when the core implements neither method, then both routes are 404 Not found', async () => {
    const demo = createDemoAdapter(loadDemoData(SAMPLE));
    const adapter = { ...demo, customer: { getCustomerDetail: demo.customer.getCustomerDetail } };
    const gw = await startGateway({}, { adapter });
    try {
      expectError(await gw.post(SEARCH, { email: 'jane.citizen@example.com' }), 404, 'Not found');
      expectError(await gw.get(identityPath('c-1001')), 404, 'Not found');
      expect((await gw.get('/v1/common/customer/c-1001/detail')).status).toBe(200);
    } finally {
      await gw.close();
    }
  });

  it('when the core implements only the search, then identity is 404 Not found and the search serves', async () => {
    const adapter = createDemoAdapter(loadDemoData(SAMPLE));
    delete adapter.customer.getCustomerIdentity;
    const gw = await startGateway({}, { adapter });
    try {
      expect((await gw.post(SEARCH, { email: 'john.citizen@example.net' })).body).toEqual({
        data: [{ id: 'c-1002', name: 'John Citizen', phoneNumber: '+61491570156' }],
      });
      expectError(await gw.get(identityPath('c-1001')), 404, 'Not found');
    } finally {
      await gw.close();
    }
  });
});

describe("a core's answers, as the gateway serves them", () => {
  it('when a core finds one customer twice and adds fields of its own, then each customer comes once with the documented fields only', async () => {
    const demo = createDemoAdapter(loadDemoData(SAMPLE));
    const leaky = { internalRef: 'CRM-0042', email: 'jane.citizen@example.com' };
    const adapter: CoreAdapter = {
      ...demo,
      customer: {
        getCustomerDetail: demo.customer.getCustomerDetail,
        searchCustomersByEmail: async () => [
          { id: 'c-1001', name: 'Jane Citizen', ...leaky },
          { id: 'c-3001', name: 'Example Consulting Pty Ltd' },
          { id: 'c-1001', name: 'Jane (as contact)', phoneNumber: '+61491570006' },
        ],
        getCustomerIdentity: async (customerId, ctx) => ({
          ...(await demo.customer.getCustomerIdentity!(customerId, ctx)),
          ...leaky,
          address: { country: 'AUS', internalRef: 'CRM-0042' } as never,
        }),
      },
    };
    const gw = await startGateway({}, { adapter });
    try {
      const found = await gw.post(SEARCH, { email: 'jane.citizen@example.com' });
      expect({ status: found.status, body: found.body }).toEqual({
        status: 200,
        body: {
          data: [
            { id: 'c-1001', name: 'Jane Citizen' },
            { id: 'c-3001', name: 'Example Consulting Pty Ltd' },
          ],
        },
      });
      const identity = await gw.get(identityPath('c-1003'));
      expect(identity.status).toBe(200);
      expect(identity.body).not.toHaveProperty('internalRef');
      expect(identity.body.address).toEqual({ country: 'AUS' });
      expect(identity.body.email).toBe('jane.citizen@example.com');
    } finally {
      await gw.close();
    }
  });
});

describe('personal data of a search in logs and metrics', () => {
  it('when searches succeed, fail and are refused, then no log line and no metric holds an address', async () => {
    const { logger, lines } = captureLogger('trace');
    const gw = await startGateway({ LOG_LEVEL: 'trace' }, { logger });
    try {
      await gw.post(SEARCH, { email: 'Jane.Citizen@Example.com' });
      await gw.post(SEARCH, { email: 'nobody.here@example.org' });
      await gw.post(SEARCH, { email: 'not-an-address.example.org' });
      await gw.request('POST', SEARCH, {
        rawBody: '{"email": jane.citizen@example.com}',
        headers: { 'content-type': 'application/json' },
      });
      await gw.post(
        SEARCH,
        { email: 'jane.citizen@example.com' },
        { headers: { authorization: 'Bearer x' } },
      );
      await gw.get(identityPath('c-1001'));
      const metrics = await gw.gateway.metrics.registry.metrics();
      const requestLines = lines.filter((l) => l.includes('"route":"/auth/v1/customer/search"'));
      expect(requestLines.length).toBeGreaterThanOrEqual(5);
      for (const text of [...lines, metrics]) {
        expect(text.toLowerCase()).not.toMatch(
          /citizen|nobody\.here|not-an-address|example\.(com|org)/,
        );
      }
      // Not even the name or phone the search answered.
      expect(lines.join('\n')).not.toMatch(/Consulting|\+61491570006/);
    } finally {
      await gw.close();
    }
  });
});
