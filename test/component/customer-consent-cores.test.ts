/**
 * The consent flow's endpoints over several cores and through pass-through (docs/operations.md,
 * "Several cores"): the search asks every core that can search at once and merges by customer
 * id, the `common` core's answer first; a core that cannot answer fails the whole search; the
 * identity asks the same cores in turn, the `common` core first, and the first that knows the
 * customer answers. A pass-through instance forwards both calls to its upstream.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { refOf } from '../../contracts';
import { contractErrors } from '../helpers/contracts';
import { startGateway, type TestGateway, type TestResponse } from '../helpers/gateway';
import { startScriptedUpstream, startUpstreamGateway, type Upstream } from '../helpers/upstream';

const SAMPLE = path.join(__dirname, '../../adapters/demo/data/sample.json');
const SEARCH = '/auth/v1/customer/search';
const JANE = { email: 'jane.citizen@example.com' };

interface DemoCustomer {
  customerId: string;
  identity?: { name: string; [k: string]: unknown };
  authorisedContacts?: { email: string; phoneNumber?: string }[];
  [k: string]: unknown;
}

const SEARCH_ANSWER = { $ref: refOf('envelopes', 'CustomerSearchResponse') };
const IDENTITY = { $ref: refOf('customer-identity') };

const expectError = (res: TestResponse, status: number, error: string) =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });

/** A copy of the sample with `change` applied, written to `dir`. */
function sampleWith(dir: string, name: string, change: (customers: DemoCustomer[]) => void) {
  const data = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as { customers: DemoCustomer[] };
  change(data.customers);
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(data));
  return file;
}

const byId = (customers: DemoCustomer[], id: string) => customers.find((c) => c.customerId === id)!;

/** Calls of `operation` each instance made so far, by adapter id, from the core call metric. */
async function coreCalls(
  gw: TestGateway,
  operation = 'searchCustomersByEmail',
): Promise<Record<string, number>> {
  const text = await gw.gateway.metrics.registry.metrics();
  const calls: Record<string, number> = {};
  const line =
    /^dhg_core_call_duration_seconds_count\{adapter="([^"]+)",operation="customer\.([^"]+)",outcome="[^"]+"\} (\d+)$/gm;
  for (const [, adapter, op, count] of text.matchAll(line)) {
    if (op === operation) calls[adapter!] = (calls[adapter!] ?? 0) + Number(count);
  }
  return calls;
}

const searchCalls = (gw: TestGateway) => coreCalls(gw);

/** The identity calls each of `ids` made while `call` ran. */
async function identityCallsDuring(gw: TestGateway, ids: string[], call: () => Promise<unknown>) {
  const before = await coreCalls(gw, 'getCustomerIdentity');
  await call();
  const after = await coreCalls(gw, 'getCustomerIdentity');
  return Object.fromEntries(ids.map((id) => [id, (after[id] ?? 0) - (before[id] ?? 0)]));
}

/** A customer without accounts whose identity has `name` and `email`. */
function personOnly(customers: DemoCustomer[], customerId: string, name: string): DemoCustomer {
  const template = byId(customers, 'c-1003');
  const email = `${name.toLowerCase().replace(/ /g, '.')}@example.org`;
  return {
    ...template,
    customerId,
    identity: { ...template.identity!, name, email },
  };
}

describe('customer search over several demo cores', () => {
  let dir: string;
  let gw: TestGateway;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-consent-cores-'));
    // The bank knows John as a contact of Jane's address too, and calls Jane otherwise: the
    // merged search has John once more, and Jane under the `common` core's name.
    // Casey is unknown to the common core and known to both others (by other names); Drew is
    // known to the energy core alone.
    const bank = sampleWith(dir, 'bank.json', (customers) => {
      byId(customers, 'c-1002').authorisedContacts = [{ email: 'Jane.Citizen@example.com' }];
      byId(customers, 'c-1001').identity!.name = 'Jane Q. Citizen (bank)';
      customers.push(personOnly(customers, 'c-5001', 'Casey Bank'));
    });
    const power = sampleWith(dir, 'power.json', (customers) => {
      customers.push(personOnly(customers, 'c-5001', 'Casey Power'));
      customers.push(personOnly(customers, 'c-5002', 'Drew Power'));
    });
    gw = await startGateway({
      CORE_ADAPTERS: 'banking:bank=demo,energy:power=demo',
      BANK_DATA_FILE: bank,
      POWER_DATA_FILE: power,
    });
  });
  afterAll(async () => {
    await gw?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('when the layout is read, then three instances can search: the common core, bank and power', () => {
    expect(gw.gateway.cores.map((c) => [c.id, c.families])).toEqual([
      ['bank', ['banking']],
      ['power', ['energy']],
      ['demo', ['common', 'fdx', 'products']],
    ]);
  });

  it("when Jane's address is searched, then each customer comes once, the common core's first", async () => {
    const res = await gw.post(SEARCH, JANE);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: {
        data: [
          { id: 'c-1001', name: 'Jane Citizen', phoneNumber: '+61491570006' },
          { id: 'c-3001', name: 'Example Consulting Pty Ltd', phoneNumber: '+61491570006' },
          { id: 'c-1002', name: 'John Citizen' },
        ],
      },
    });
    expect(contractErrors(SEARCH_ANSWER, res.body)).toEqual([]);
  });

  it('when nothing matches in any core, then 200 with an empty list', async () => {
    const res = await gw.post(SEARCH, { email: 'nobody@example.org' });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { data: [] } });
  });

  it('when the common core knows the customer, then the identity is its own and no other core is asked', async () => {
    let res: TestResponse | undefined;
    const calls = await identityCallsDuring(gw, ['demo', 'bank', 'power'], async () => {
      res = await gw.get('/auth/v1/customer/c-1001');
    });
    expect(res!.status).toBe(200);
    expect(contractErrors(IDENTITY, res!.body)).toEqual([]);
    expect(res!.body.name).toBe('Jane Citizen');
    expect(calls).toEqual({ demo: 1, bank: 0, power: 0 });
  });

  it('when the common core does not know the customer, then the first core in layout order that does answers', async () => {
    let res: TestResponse | undefined;
    const calls = await identityCallsDuring(gw, ['demo', 'bank', 'power'], async () => {
      res = await gw.get('/auth/v1/customer/c-5001');
    });
    expect({ status: res!.status, name: res!.body.name }).toEqual({
      status: 200,
      name: 'Casey Bank',
    });
    expect(contractErrors(IDENTITY, res!.body)).toEqual([]);
    expect(calls).toEqual({ demo: 1, bank: 1, power: 0 });
  });

  it('when only the last core knows the customer, then every core is asked once and it answers', async () => {
    let res: TestResponse | undefined;
    const calls = await identityCallsDuring(gw, ['demo', 'bank', 'power'], async () => {
      res = await gw.get('/auth/v1/customer/c-5002');
    });
    expect({ status: res!.status, name: res!.body.name }).toEqual({
      status: 200,
      name: 'Drew Power',
    });
    expect(calls).toEqual({ demo: 1, bank: 1, power: 1 });
  });

  it("when a customer only another core knows is searched, then the identity the flow asks next is that core's", async () => {
    const found = await gw.post(SEARCH, { email: 'drew.power@example.org' });
    expect(found.body).toEqual({
      data: [{ id: 'c-5002', name: 'Drew Power', phoneNumber: '+61491570313' }],
    });
    const res = await gw.get('/auth/v1/customer/c-5002');
    expect({ status: res.status, email: res.body.email }).toEqual({
      status: 200,
      email: 'drew.power@example.org',
    });
  });

  it('when no core knows the customer, then 404 Customer not found after asking each once', async () => {
    let res: TestResponse | undefined;
    const calls = await identityCallsDuring(gw, ['demo', 'bank', 'power'], async () => {
      res = await gw.get('/auth/v1/customer/c-9999');
    });
    expectError(res!, 404, 'Customer not found');
    expect(calls).toEqual({ demo: 1, bank: 1, power: 1 });
  });

  it('when the body is bad, then 400 before any core', async () => {
    const before = await searchCalls(gw);
    expectError(await gw.post(SEARCH, { email: 'jane' }), 400, 'Invalid field: email');
    expect(await searchCalls(gw)).toEqual(before);
  });

  it('when a search is made, then every instance is asked once', async () => {
    const before = await searchCalls(gw);
    await gw.post(SEARCH, JANE);
    const after = await searchCalls(gw);
    expect(
      Object.fromEntries(
        ['bank', 'power', 'demo'].map((id) => [id, after[id]! - (before[id] ?? 0)]),
      ),
    ).toEqual({ bank: 1, power: 1, demo: 1 });
  });
});

describe('customer search when one of several cores is down', () => {
  it('when one core is in a maintenance window, then the search is 503 with Retry-After, never partial; identity answers unless that core is needed', async () => {
    const now = Date.now();
    const gw = await startGateway({
      CORE_ADAPTERS: 'banking:bank=demo,energy:power=demo',
      BANK_DATA_FILE: SAMPLE,
      POWER_DATA_FILE: SAMPLE,
      MAINTENANCE_WINDOWS: JSON.stringify([
        {
          adapter: 'power',
          start: new Date(now - 60_000).toISOString(),
          end: new Date(now + 3_600_000).toISOString(),
        },
      ]),
    });
    try {
      const res = await gw.post(SEARCH, JANE);
      expectError(res, 503, 'Service unavailable');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect((await gw.get('/auth/v1/customer/c-1001')).status).toBe(200);
      // A customer the cores before it do not know: the core in its window might, so never 404.
      expectError(await gw.get('/auth/v1/customer/c-9999'), 503, 'Service unavailable');
    } finally {
      await gw.close();
    }
  });
});

describe('customer search and identity through a pass-through instance', () => {
  const CREDENTIAL = 'Bearer upstream-own-credential';
  let dir: string;
  let upstream: Upstream;
  let gw: TestGateway;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-consent-proxy-'));
    const renamed = sampleWith(dir, 'upstream.json', (customers) => {
      byId(customers, 'c-1001').identity!.name = 'Jane Citizen (upstream)';
    });
    upstream = await startUpstreamGateway({
      mount: '/cds',
      credential: CREDENTIAL,
      space: '/v1/common',
      dataFile: renamed,
    });
    gw = await startGateway({
      CORE_ADAPTERS: 'common:cds=proxy',
      CDS_BASE_URL: upstream.baseUrl,
      CDS_AUTHORIZATION: CREDENTIAL,
      CDS_AUTHORISATION_URL: `${upstream.origin}/cds`,
    });
  });
  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('when the search is made, then the upstream is asked with its credential and its answer leads the merge', async () => {
    const mark = upstream.received.length;
    const res = await gw.post(SEARCH, { email: '  JANE.citizen@example.com' });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: {
        data: [
          { id: 'c-1001', name: 'Jane Citizen (upstream)', phoneNumber: '+61491570006' },
          { id: 'c-3001', name: 'Example Consulting Pty Ltd', phoneNumber: '+61491570006' },
        ],
      },
    });
    expect(contractErrors(SEARCH_ANSWER, res.body)).toEqual([]);
    const seen = upstream.received.slice(mark);
    expect(seen.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
      ['POST', '/cds/auth/v1/customer/search', CREDENTIAL],
    ]);
  });

  it("when an identity is asked, then it is the upstream's, read with its credential", async () => {
    const mark = upstream.received.length;
    const res = await gw.get('/auth/v1/customer/c-1001');
    expect(res.status).toBe(200);
    expect(contractErrors(IDENTITY, res.body)).toEqual([]);
    expect(res.body).toMatchObject({ id: 'c-1001', name: 'Jane Citizen (upstream)' });
    expect(upstream.received.slice(mark).map((r) => [r.method, r.url])).toEqual([
      ['GET', '/cds/auth/v1/customer/c-1001'],
    ]);
  });

  it('when the upstream does not know the customer, then 404 Customer not found', async () => {
    expectError(await gw.get('/auth/v1/customer/c-9999'), 404, 'Customer not found');
  });
});

describe('customer search through a scripted pass-through upstream', () => {
  let answer: { status: number; body: string };
  const bodies: string[] = [];
  let upstream: Upstream;
  let gw: TestGateway;
  beforeAll(async () => {
    upstream = await startScriptedUpstream((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString());
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      });
    });
    gw = await startGateway({
      CORE_ADAPTERS: 'common:cds=proxy',
      CDS_BASE_URL: `${upstream.origin}/v1/common`,
      RETRY_ATTEMPTS: 0,
    });
  });
  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
  });

  it('when the search is forwarded, then the upstream gets the address trimmed and lower-cased, as JSON', async () => {
    answer = { status: 200, body: '{"data":[{"id":"c-1","name":"Jane Citizen"}]}' };
    bodies.splice(0);
    const res = await gw.post(SEARCH, { email: ' Jane.Citizen@Example.COM ' });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      // The upstream serves `common`: its answer first, then the demo core's (the other families).
      body: {
        data: [
          { id: 'c-1', name: 'Jane Citizen' },
          { id: 'c-1001', name: 'Jane Citizen', phoneNumber: '+61491570006' },
          { id: 'c-3001', name: 'Example Consulting Pty Ltd', phoneNumber: '+61491570006' },
        ],
      },
    });
    expect(bodies).toEqual(['{"email":"jane.citizen@example.com"}']);
    expect(upstream.received.at(-1)!.headers['content-type']).toBe('application/json');
  });

  it.each([
    ['503', { status: 503, body: '{"error":"Service unavailable"}' }],
    ['out of contract', { status: 200, body: '{"data":[{"id":"c-1","email":"x@example.com"}]}' }],
    ['404 Not found (no such route upstream)', { status: 404, body: '{"error":"Not found"}' }],
  ])('when the upstream answers %s, then the search is 503, never partial', async (_case, a) => {
    answer = a;
    expectError(await gw.post(SEARCH, JANE), 503, 'Service unavailable');
  });

  it('when the upstream answers an identity out of contract, then 503', async () => {
    answer = { status: 200, body: '{"id":"c-1001"}' };
    expectError(await gw.get('/auth/v1/customer/c-1001'), 503, 'Service unavailable');
  });
});
