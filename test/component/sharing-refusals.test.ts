/**
 * Refusals to share, row by row of the refusal table (docs/api.md, "Refusals to share"), through
 * the real app on the bundled demo data: c-2001 holds a blocked account (acc-b-2001-02, and
 * acc-e-2001-02) and a suspended one (acc-b-2001-03); c-2002 is flagged for harm by the core.
 * Every test runs twice: served from the demo core, and with banking, energy and FDX passed
 * through to an upstream gateway on the demo core (which makes the refusals; the gateway passes
 * its answers on, header included).
 */
import type { TestGateway, TestResponse } from '../helpers/gateway';
import { mappedGateway, passedThroughGateway, type GatewaySetup } from '../helpers/upstream';
import type { CoreFamily } from '../../src/config/core-layout';

const REQUEST_ID = 'refusal-test-request';
const BLOCKED = 'acc-b-2001-02';
const SUSPENDED = 'acc-b-2001-03';
const OPEN = 'acc-b-2001-01';
const ENERGY_OPEN = 'acc-e-2001-01';
const ENERGY_BLOCKED = 'acc-e-2001-02';

const refusedHeader = (res: TestResponse) => res.headers.get('x-sharing-refused');

/** The exact status and body, and the refusal header. */
function expectRefused(res: TestResponse, status: number, body: unknown): void {
  expect({ status: res.status, body: res.body, header: refusedHeader(res) }).toEqual({
    status,
    body,
    header: 'true',
  });
}

/** The exact status and body of an ordinary error: no refusal header. */
function expectOrdinary(res: TestResponse, status: number, body: unknown): void {
  expect({ status: res.status, body: res.body, header: refusedHeader(res) }).toEqual({
    status,
    body,
    header: null,
  });
}

const fdxBody = (code: number, message: string) => ({
  code,
  message,
  debugMessage: `request ${REQUEST_ID}`,
});

/** A gateway whose banking, energy and FDX families are all passed through to one upstream each. */
async function passedThroughAll(): Promise<GatewaySetup> {
  const setups: GatewaySetup[] = [];
  // One gateway passing each family through: the families are tested against their own setup.
  for (const family of ['banking', 'energy', 'fdx'] as CoreFamily[])
    setups.push(await passedThroughGateway(family));
  const byFamily = new Map<string, TestGateway>(
    ['banking', 'energy', 'fdx'].map((f, i) => [f, setups[i]!.gw]),
  );
  const route: TestGateway = {
    ...setups[0]!.gw,
    request: (method, target, init) => {
      const family = target.startsWith('/fdx/')
        ? 'fdx'
        : target.startsWith('/v1/energy/')
          ? 'energy'
          : 'banking';
      return byFamily.get(family)!.request(method, target, init);
    },
  };
  route.get = (target, init) => route.request('GET', target, init);
  route.post = (target, body, init) => route.request('POST', target, { ...init, body });
  return {
    gw: route,
    stop: async () => {
      for (const s of setups) await s.stop();
    },
  };
}

describe.each([
  ['served from the core', () => mappedGateway()],
  ['passed through to an upstream', passedThroughAll],
])('refusals to share, %s', (_name, setup) => {
  let gw: TestGateway;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ gw, stop } = await setup());
  });
  afterAll(() => stop());

  const get = (target: string) => gw.get(target, { headers: { 'x-request-id': REQUEST_ID } });
  const post = (target: string, ids: string[]) =>
    gw.post(target, { data: { accountIds: ids } }, { headers: { 'x-request-id': REQUEST_ID } });

  describe('a customer the core flags for harm (c-2002): 403 on every endpoint', () => {
    it.each([
      ['row 1', '/auth/v1/customer/c-2002/accounts'],
      ['customer detail', '/v1/common/customer/c-2002/detail'],
      ['payees', '/v1/banking/customer/c-2002/payees'],
      ['the deprecated banking list', '/v1/banking/customer/c-2002/accounts'],
      ['the deprecated energy list', '/v1/energy/customer/c-2002/accounts'],
      [
        'scheduled payments',
        '/v1/banking/customer/c-2002/accounts/acc-b-2002-01/payments/scheduled',
      ],
    ])('when %s is asked for, then it is 403 Sharing refused with the header', async (_r, path) => {
      expectRefused(await get(path), 403, { error: 'Sharing refused' });
    });

    it('when balances of its account are asked for, then it is 403 Sharing refused with the header', async () => {
      const res = await post('/v1/banking/customer/c-2002/accounts/balances', ['acc-b-2002-01']);
      expectRefused(res, 403, { error: 'Sharing refused' });
    });

    it.each([
      ['FDX transactions', 'transactions?startTime=2026-01-01&endTime=2026-11-20'],
      ['FDX statements', 'statements'],
    ])('when %s are asked for, then it is 403 code 403 with the header', async (_r, tail) => {
      const res = await get(`/fdx/v6/customer/c-2002/accounts/acc-b-2002-01/${tail}`);
      expectRefused(res, 403, fdxBody(403, 'Sharing refused'));
    });
  });

  describe('a blocked or suspended account in the path: the answer of an unknown id, with the header', () => {
    it.each([BLOCKED, SUSPENDED])(
      'when scheduled payments of %s are asked for, then it is 404 Account not found with the header',
      async (id) => {
        const res = await get(`/v1/banking/customer/c-2001/accounts/${id}/payments/scheduled`);
        expectRefused(res, 404, { error: 'Account not found' });
      },
    );

    it.each(['invoices', 'concessions'])(
      'when energy %s of the blocked account are asked for, then it is 404 Account not found with the header',
      async (tail) => {
        const res = await get(`/v1/energy/customer/c-2001/accounts/${ENERGY_BLOCKED}/${tail}`);
        expectRefused(res, 404, { error: 'Account not found' });
      },
    );

    it.each([
      ['FDX transactions', `${BLOCKED}/transactions?startTime=2026-01-01&endTime=2026-11-20`],
      ['FDX statements', `${SUSPENDED}/statements`],
      ['a statement the account holds', `${BLOCKED}/statements/stmt-b200102-2026-09`],
      ['FDX asset transfer networks', `${BLOCKED}/asset-transfer-networks`],
    ])(
      'when %s of a refused account is asked for, then it is 404 code 701 with the header',
      async (_r, tail) => {
        const res = await get(`/fdx/v6/customer/c-2001/accounts/${tail}`);
        expectRefused(res, 404, fdxBody(701, 'Account not found'));
      },
    );

    it('when the open account of the same customer is asked for, then it answers without the header', async () => {
      const res = await get(`/fdx/v6/customer/c-2001/accounts/${OPEN}/statements`);
      expect(res.status).toBe(200);
      expect(refusedHeader(res)).toBeNull();
    });
  });

  describe('a blocked or suspended account in the body: the answer of an unknown body id, with the header', () => {
    it.each([
      ['balances', '/v1/banking/customer/c-2001/accounts/balances', [OPEN, BLOCKED]],
      ['account detail', '/v1/banking/customer/c-2001/accounts', [SUSPENDED]],
      ['direct debits', '/v1/banking/customer/c-2001/accounts/direct-debits', [BLOCKED]],
      ['instalment plans', '/v1/banking/customer/c-2001/accounts/payments/plans', [BLOCKED]],
      ['scheduled payments', '/v1/banking/customer/c-2001/payments/scheduled', [SUSPENDED]],
      ['energy accounts', '/v1/energy/customer/c-2001/accounts', [ENERGY_OPEN, ENERGY_BLOCKED]],
      ['energy invoices', '/v1/energy/customer/c-2001/accounts/invoices', [ENERGY_BLOCKED]],
    ])(
      'when a body of %s names a refused account, then it is 404 Account in query not found with the header',
      async (_r, path, ids) => {
        expectRefused(await post(path, ids), 404, { error: 'Account in query not found' });
      },
    );

    it('when the body also names an unknown account, then the ordinary answer wins, without the header', async () => {
      const res = await post('/v1/banking/customer/c-2001/accounts/balances', [BLOCKED, 'nope']);
      expectOrdinary(res, 404, { error: 'Account in query not found' });
    });

    it('when the body names only accounts that may be shared, then they are served', async () => {
      const res = await post('/v1/banking/customer/c-2001/accounts/balances', [OPEN]);
      expect(res.status).toBe(200);
      expect(res.body.data.balances.map((b: { accountId: string }) => b.accountId)).toEqual([OPEN]);
      expect(refusedHeader(res)).toBeNull();
    });
  });

  describe('the account lists leave blocked and suspended accounts out', () => {
    it('when c-2001 lists its accounts for consent (row 1), then only the accounts that may be shared come back, without the header', async () => {
      const res = await get('/auth/v1/customer/c-2001/accounts');
      expect(res.status).toBe(200);
      expect(res.body.accounts.map((a: { accountId: string }) => a.accountId)).toEqual([
        OPEN,
        ENERGY_OPEN,
      ]);
      expect(res.text).not.toContain('sharingRefusal');
      expect(refusedHeader(res)).toBeNull();
    });

    it.each([
      ['banking', '/v1/banking/customer/c-2001/accounts', [OPEN]],
      ['energy', '/v1/energy/customer/c-2001/accounts', [ENERGY_OPEN]],
    ])(
      'when the deprecated %s list is asked for, then it leaves them out, without the header',
      async (_r, path, expected) => {
        const res = await get(path);
        expect(res.status).toBe(200);
        expect(res.body.data.accounts.map((a: { accountId: string }) => a.accountId)).toEqual(
          expected,
        );
        expect(res.text).not.toContain('sharingRefusal');
        expect(refusedHeader(res)).toBeNull();
      },
    );
  });

  describe('ordinary errors never carry the header', () => {
    it.each([
      [
        'an unknown path account',
        () => get('/v1/banking/customer/c-2001/accounts/nope/payments/scheduled'),
        404,
        { error: 'Account not found' },
      ],
      [
        'an unknown body account',
        () => post('/v1/banking/customer/c-2001/accounts/balances', ['nope']),
        404,
        { error: 'Account in query not found' },
      ],
      [
        'an unknown customer',
        () => get('/v1/banking/customer/c-9999/payees'),
        404,
        { error: 'Customer not found' },
      ],
      [
        'a bad query',
        () => get('/v1/banking/customer/c-2001/payees?page-size=0'),
        400,
        { error: 'Invalid field: page-size' },
      ],
      [
        'an unknown FDX account',
        () => get('/fdx/v6/customer/c-2001/accounts/nope/statements'),
        404,
        fdxBody(701, 'Account not found'),
      ],
      [
        'bad FDX dates of a refused account',
        () => get(`/fdx/v6/customer/c-2001/accounts/${BLOCKED}/transactions?startTime=x`),
        400,
        fdxBody(702, 'Invalid start or end date'),
      ],
    ])('when %s is asked for, then the answer is as ever and has no header', async (...args) => {
      const [, call, status, body] = args as [string, () => Promise<TestResponse>, number, unknown];
      expectOrdinary(await call(), status, body);
    });

    it('when the token is missing, then it is 401 without the header', async () => {
      const res = await gw.get('/v1/common/customer/c-2002/detail', {
        headers: { authorization: '' },
      });
      expectOrdinary(res, 401, { error: 'Missing bearer token' });
    });
  });
});

describe('the consent flow to the customers of the refusals to share (docs/demo-core.md)', () => {
  let gw: TestGateway;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ gw, stop } = await mappedGateway());
  });
  afterAll(() => stop());

  const search = (email: string) => gw.post('/auth/v1/customer/search', { email });

  it("when Pat's address is searched and c-2001's identity asked, then both answer, without the header", async () => {
    const found = await search('pat.example@example.org');
    expect({ status: found.status, body: found.body, header: refusedHeader(found) }).toEqual({
      status: 200,
      body: { data: [{ id: 'c-2001', name: 'Pat Example', phoneNumber: '+61491570159' }] },
      header: null,
    });
    const identity = await gw.get('/auth/v1/customer/c-2001');
    expect({ status: identity.status, header: refusedHeader(identity) }).toEqual({
      status: 200,
      header: null,
    });
    expect(identity.body).toMatchObject({ id: 'c-2001', email: 'pat.example@example.org' });
  });

  it("when Alex's address is searched, then c-2002 is found; its identity is then 403 Sharing refused with the header", async () => {
    const found = await search('alex.sample@example.org');
    expect({ status: found.status, body: found.body, header: refusedHeader(found) }).toEqual({
      status: 200,
      body: { data: [{ id: 'c-2002', name: 'Alex Sample', phoneNumber: '+61491570110' }] },
      header: null,
    });
    expectRefused(await gw.get('/auth/v1/customer/c-2002'), 403, { error: 'Sharing refused' });
  });
});

describe('refusals to share in the API description', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    ({ gw } = await mappedGateway());
  });
  afterAll(() => gw.close());

  it('when /openapi.json is read, then every holder route documents 403 and the refusal header, and /v1 body routes the 422 of BODY_ID_NOT_FOUND_STATUS (an FDX body id answers 404 code 701)', async () => {
    const doc = (await gw.get('/openapi.json', { headers: { authorization: '' } })).body;
    const header = { 'X-Sharing-Refused': { $ref: '#/components/headers/SharingRefused' } };
    expect(doc.components.headers.SharingRefused.schema).toEqual({
      type: 'string',
      enum: ['true'],
    });
    for (const route of gw.gateway.routes) {
      const responses = doc.paths[route.path][route.method.toLowerCase()].responses;
      if (route.auth !== 'holder') {
        expect(responses['403']?.headers).toBeUndefined();
        continue;
      }
      expect([route.operationId, responses['403'].headers]).toEqual([route.operationId, header]);
      expect(responses['404'].headers).toEqual(header);
      if (route.body !== 'accountIds') continue;
      if (route.family === 'fdx') expect(responses['422'].headers).toBeUndefined();
      else expect(responses['422'].headers).toEqual(header);
    }
  });
});
