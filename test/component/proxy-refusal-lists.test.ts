/**
 * The operator's refusal list (`SHARING_REFUSALS_FILE`) on passed-through account lists: the
 * gateway answers them as a served gateway does. The served gateway runs on the demo core; the
 * passed-through one has banking on a bank-only upstream (by `CORE_ADAPTERS`, so that its accounts
 * reach the authorisation list through the proxy's port) and energy and FDX on a full upstream.
 * Neither upstream knows the operator's list. Then, on a scripted upstream: answers the gateway
 * cannot use are 502, and lists of customers the list does not name stream as they come.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startGateway, type TestGateway, type TestResponse } from '../helpers/gateway';
import {
  proxySettings,
  startScriptedUpstream,
  startUpstreamGateway,
  type Upstream,
} from '../helpers/upstream';

const CREDENTIAL = 'Basic dXBzdHJlYW06c2VjcmV0';
const SAMPLE = path.join(__dirname, '../../adapters/demo/data/sample.json');

/** c-1001 (30 banking, 4 energy accounts) has accounts refused; c-1002 is suspended; c-1003 harm. */
const LIST = [
  { customerId: 'c-1001', accountId: 'acc-b-1001-01', reason: 'harm' },
  { customerId: 'c-1001', accountId: 'acc-b-1001-03', reason: 'blocked' },
  { customerId: 'c-1001', accountId: 'acc-b-1001-27', reason: 'suspended' },
  { customerId: 'c-1001', accountId: 'acc-e-1001-02', reason: 'blocked' },
  { customerId: 'c-1001', accountId: 'acc-e-1001-03', reason: 'harm' },
  { customerId: 'c-1002', reason: 'suspended' },
  { customerId: 'c-1003', reason: 'harm' },
];
const REFUSED = LIST.flatMap((e) => (e.accountId ? [e.accountId] : []));

const ids = (accounts: { accountId: string }[] | undefined) =>
  (accounts ?? []).map((a) => a.accountId);
const answer = (res: TestResponse) => ({
  status: res.status,
  body: res.body as unknown,
  refused: res.headers.get('x-sharing-refused'),
});

describe('the operator refusal list on passed-through account lists', () => {
  let dir: string;
  let full: Upstream;
  let bank: Upstream;
  let served: TestGateway;
  let passed: TestGateway;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-proxy-refusal-lists-'));
    const file = path.join(dir, 'refusals.json');
    fs.writeFileSync(file, JSON.stringify(LIST));
    // The bank's upstream holds no energy accounts: its authorisation list is the bank's alone.
    const data = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as {
      customers: { energyAccounts?: unknown[] }[];
    };
    for (const customer of data.customers) customer.energyAccounts = [];
    const bankOnly = path.join(dir, 'bank.json');
    fs.writeFileSync(bankOnly, JSON.stringify(data));
    full = await startUpstreamGateway({ mount: '/core', credential: CREDENTIAL, space: '' });
    bank = await startUpstreamGateway({
      mount: '/cds',
      credential: CREDENTIAL,
      space: '/v1/banking',
      dataFile: bankOnly,
    });
    const settings = (id: string, space: string) =>
      proxySettings(id, { baseUrl: full.baseUrl + space, authorization: CREDENTIAL });
    served = await startGateway({ SHARING_REFUSALS_FILE: file });
    passed = await startGateway(
      {
        SHARING_REFUSALS_FILE: file,
        CORE_ADAPTERS: 'banking:cds=proxy',
        CDS_BASE_URL: bank.baseUrl,
        CDS_AUTHORIZATION: CREDENTIAL,
        CDS_AUTHORISATION_URL: `${bank.origin}/cds`,
      },
      {
        passThrough: [
          { family: 'energy', id: 'energy-up', settings: settings('energy-up', '/v1/energy') },
          { family: 'fdx', id: 'fdx-up', settings: settings('fdx-up', '/fdx/v6') },
        ],
      },
    );
  });
  afterAll(async () => {
    await passed?.close();
    await served?.close();
    await bank?.close();
    await full?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Both gateways' answers to the same request, with the same request id. */
  async function both(method: 'GET' | 'POST' | 'HEAD', target: string, body?: unknown) {
    const init = { headers: { 'x-request-id': 'refusal-lists' }, ...(body ? { body } : {}) };
    const [a, b] = [
      await served.request(method, target, init),
      await passed.request(method, target, init),
    ];
    return { served: a, passed: b };
  }

  it.each([
    ['', 25],
    ['?page=2', 2],
    ['?page-size=5&page=3', 5],
    ['?page-size=1000', 27],
    ['?open-status=CLOSED&page-size=4&page=2', 4],
    ['?product-category=TRANS_AND_SAVINGS_ACCOUNTS', undefined],
    ['?is-owned=false', undefined],
  ])(
    'when the deprecated banking list is asked with %s, then passed through it leaves out every refused account, with the counts and links of the served list',
    async (query, length) => {
      const { served: s, passed: p } = await both(
        'GET',
        `/v1/banking/customer/c-1001/accounts${query}`,
      );
      expect(answer(p)).toEqual(answer(s));
      expect(p.status).toBe(200);
      if (length !== undefined) expect(p.body.data.accounts).toHaveLength(length);
      expect(ids(p.body.data.accounts).filter((id) => REFUSED.includes(id))).toEqual([]);
      expect(p.headers.get('deprecation')).toBe('true');
    },
  );

  it('when a page past the last of the filtered list is asked, then both answer 422 with the same last page', async () => {
    const { served: s, passed: p } = await both(
      'GET',
      '/v1/banking/customer/c-1001/accounts?page=3',
    );
    expect(answer(p)).toEqual(answer(s));
    expect(answer(p)).toEqual({
      status: 422,
      body: { error: 'Invalid page: the last page is 2' },
      refused: null,
    });
  });

  it('when the deprecated energy list is asked, then the blocked and the harm-flagged accounts are left out, as served', async () => {
    const { served: s, passed: p } = await both('GET', '/v1/energy/customer/c-1001/accounts');
    expect(answer(p)).toEqual(answer(s));
    expect(ids(p.body.data.accounts)).toEqual(['acc-e-1001-01', 'acc-e-1001-04']);
  });

  it.each(['/v1/banking/customer/c-1002/accounts', '/v1/energy/customer/c-1002/accounts?page=4'])(
    'when a suspended customer asks for %s, then the list is empty, as served',
    async (target) => {
      const { served: s, passed: p } = await both('GET', target);
      expect(answer(p)).toEqual(answer(s));
      expect(p.body).toEqual({
        data: { accounts: [] },
        links: {},
        meta: { totalRecords: 0, totalPages: 0 },
      });
    },
  );

  it('when HEAD asks for a filtered deprecated list, then it has the headers of the GET answer and no body', async () => {
    const target = '/v1/banking/customer/c-1001/accounts?page-size=7';
    const get = await passed.get(target);
    const head = await passed.request('HEAD', target);
    expect({
      status: head.status,
      length: head.headers.get('content-length'),
      text: head.text,
    }).toEqual({ status: 200, length: String(Buffer.byteLength(get.text)), text: '' });
  });

  it.each([
    ['c-1001', 'the banking accounts, harm kept, blocked and suspended left out'],
    ['c-1002', 'nothing'],
  ])(
    "when %s's authorisation list comes from a pass-through instance, then it lists %s, as served",
    async (customer) => {
      const { served: s, passed: p } = await both('GET', `/auth/v1/customer/${customer}/accounts`);
      expect(answer(p)).toEqual(answer(s));
      const listed = ids(p.body.accounts);
      if (customer === 'c-1001') {
        expect(listed).toContain('acc-b-1001-01');
        expect(
          listed.filter((id) => ['acc-b-1001-03', 'acc-b-1001-27', 'acc-e-1001-02'].includes(id)),
        ).toEqual([]);
      } else expect(listed).toEqual([]);
      expect(bank.received.at(-1)!.url).toBe(`/cds/auth/v1/customer/${customer}/accounts`);
    },
  );

  it.each([
    ['/auth/v1/customer/c-1003/accounts'],
    ['/v1/banking/customer/c-1003/accounts'],
    ['/v1/energy/customer/c-1003/accounts'],
  ])(
    'when a customer flagged for harm asks for %s, then both answer 403 with the header',
    async (target) => {
      const { served: s, passed: p } = await both('GET', target);
      expect(answer(p)).toEqual(answer(s));
      expect(answer(p)).toEqual({
        status: 403,
        body: { error: 'Sharing refused' },
        refused: 'true',
      });
    },
  );

  it.each([
    ['/v1/banking/customer/c-1001/accounts', ['acc-b-1001-02', 'acc-b-1001-04']],
    ['/v1/banking/customer/c-1001/accounts?page-size=1&page=2', ['acc-b-1001-02', 'acc-b-1001-04']],
    ['/v1/energy/customer/c-1001/accounts', ['acc-e-1001-04', 'acc-e-1001-01']],
    ['/fdx/v6/customer/c-1001/accounts', ['acc-b-1001-02', 'acc-b-1001-05']],
  ])(
    'when the specific-accounts list %s names accounts the operator does not refuse, then both answer the same',
    async (target, accountIds) => {
      const { served: s, passed: p } = await both('POST', target, { data: { accountIds } });
      expect(answer(p)).toEqual(answer(s));
      expect(p.status).toBe(200);
    },
  );

  it.each([
    ['/v1/banking/customer/c-1001/accounts', ['acc-b-1001-02', 'acc-b-1001-03'], 404],
    ['/v1/banking/customer/c-1001/accounts', ['acc-b-1001-01', 'acc-b-1001-03'], 403],
    ['/v1/energy/customer/c-1001/accounts', ['acc-e-1001-02'], 404],
    ['/fdx/v6/customer/c-1001/accounts', ['acc-b-1001-27'], 404],
    ['/v1/banking/customer/c-1002/accounts', ['acc-b-1002-01'], 404],
  ])(
    'when the specific-accounts list %s names %j, then both refuse it with %i and the header',
    async (target, accountIds, status) => {
      const { served: s, passed: p } = await both('POST', target, { data: { accountIds } });
      expect(answer(p)).toEqual(answer(s));
      expect({ status: p.status, refused: p.headers.get('x-sharing-refused') }).toEqual({
        status,
        refused: 'true',
      });
    },
  );
});

/** What the scripted upstream answers to a banking account list, by the page it is asked. */
let script: (url: URL) => { status: number; body: unknown };

function scripted(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  req.on('end', () => {
    const { status, body } = script(new URL(req.url!, 'http://upstream'));
    res.writeHead(status, { 'content-type': 'application/json', etag: '"upstream"', 'x-v': '2' });
    res.end(JSON.stringify(body));
  });
}

/** A banking account of the deprecated list (detail version 3), as the contract has it. */
const account = (accountId: string) => ({
  accountId,
  creationDate: '2020-01-01',
  displayName: accountId,
  maskedNumber: 'xxxx1234',
  productCategory: 'TRANS_AND_SAVINGS_ACCOUNTS',
  productName: 'Everyday',
  openStatus: 'OPEN',
  isOwned: true,
  accountOwnership: 'ONE_PARTY',
  complexAccountType: 'INDIVIDUAL',
  users: [],
});
const listPage = (accounts: unknown[], totalRecords: number, totalPages: number) => ({
  data: { accounts },
  links: {},
  meta: { totalRecords, totalPages },
});

describe('passed-through account lists of customers the operator list names, against a scripted upstream', () => {
  let dir: string;
  let upstream: Upstream;
  let gw: TestGateway;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-proxy-refusal-lists-'));
    const file = path.join(dir, 'refusals.json');
    fs.writeFileSync(
      file,
      JSON.stringify([{ customerId: 'c-1', accountId: 'a-2', reason: 'blocked' }]),
    );
    upstream = await startScriptedUpstream(scripted, '/bank');
    const settings = proxySettings('bank', {
      baseUrl: upstream.baseUrl,
      responseHeaders: ['content-type', 'content-length', 'etag', 'x-v'],
    });
    gw = await startGateway(
      { SHARING_REFUSALS_FILE: file },
      { passThrough: [{ family: 'banking', id: 'bank', settings }] },
    );
  });
  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    upstream.received.length = 0;
  });

  it('when the list is read, then every page is asked with the caller filters at the largest page size, and the answer keeps the upstream x-v but not its etag', async () => {
    script = (url) =>
      url.searchParams.get('page') === '1'
        ? { status: 200, body: listPage([account('a-1'), account('a-2')], 3, 2) }
        : { status: 200, body: listPage([account('a-3')], 3, 2) };
    const res = await gw.get(
      '/v1/banking/customer/c-1/accounts?page-size=1&open-status=OPEN&page=2',
      {
        headers: { 'accept-encoding': 'gzip' },
      },
    );
    expect(answer(res)).toEqual({
      status: 200,
      body: {
        data: { accounts: [account('a-3')] },
        links: {
          first: 'page=1&page-size=1&open-status=OPEN',
          prev: 'page=1&page-size=1&open-status=OPEN',
        },
        meta: { totalRecords: 2, totalPages: 2 },
      },
      refused: null,
    });
    expect({ etag: res.headers.get('etag'), xv: res.headers.get('x-v') }).toEqual({
      etag: null,
      xv: '2',
    });
    expect(upstream.received.map((r) => r.url)).toEqual([
      '/bank/customer/c-1/accounts?open-status=OPEN&page=1&page-size=1000',
      '/bank/customer/c-1/accounts?open-status=OPEN&page=2&page-size=1000',
    ]);
    expect(upstream.received[0]!.headers['accept-encoding']).toBe('identity');
  });

  it('when a customer the list does not name asks, then the upstream answer is passed on as it is, in one call', async () => {
    const body = listPage([account('a-2')], 40, 40);
    script = () => ({ status: 200, body });
    const res = await gw.get('/v1/banking/customer/c-2/accounts?page=3&page-size=1');
    expect({ status: res.status, body: res.body, etag: res.headers.get('etag') }).toEqual({
      status: 200,
      body,
      etag: '"upstream"',
    });
    expect(upstream.received.map((r) => r.url)).toEqual([
      '/bank/customer/c-2/accounts?page=3&page-size=1',
    ]);
  });

  it.each([
    [
      'out of contract',
      {
        data: { accounts: [{ accountId: 'a-1' }] },
        links: {},
        meta: { totalRecords: 1, totalPages: 1 },
      },
    ],
    ['with more pages than the gateway reads', listPage([account('a-1')], 51_000, 51)],
  ])(
    'when the upstream list is %s, then the caller gets 502 Bad gateway and nothing of it',
    async (_case, body) => {
      script = () => ({ status: 200, body });
      const res = await gw.get('/v1/banking/customer/c-1/accounts');
      expect(answer(res)).toEqual({ status: 502, body: { error: 'Bad gateway' }, refused: null });
    },
  );

  it('when the upstream answers the list 404, then the caller gets that answer', async () => {
    script = () => ({ status: 404, body: { error: 'Customer not found' } });
    const res = await gw.get('/v1/banking/customer/c-1/accounts');
    expect(answer(res)).toEqual({
      status: 404,
      body: { error: 'Customer not found' },
      refused: null,
    });
  });

  it('when a specific-accounts answer lists a refused account the body did not name, then the caller gets 502 and nothing of it', async () => {
    script = () => ({ status: 200, body: listPage([account('a-1'), account('a-2')], 2, 1) });
    const res = await gw.post('/v1/banking/customer/c-1/accounts', {
      data: { accountIds: ['a-1'] },
    });
    expect(answer(res)).toEqual({ status: 502, body: { error: 'Bad gateway' }, refused: null });
  });
});
