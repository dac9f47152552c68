/**
 * Pass-through configured as operators do it: `CORE_ADAPTERS` gives a family to an instance of
 * the built-in kind `proxy`, whose settings are its `<ID>_*` variables. The proxied family reaches
 * the upstream with the upstream's own credential; the other families stay on their cores; the
 * upstream's accounts join the merged authorisation list; readiness and circuits carry its id.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { startUpstreamGateway, type Upstream } from '../helpers/upstream';

const CREDENTIAL = 'Bearer upstream-own-credential';
const SAMPLE = path.join(__dirname, '../../adapters/demo/data/sample.json');

interface DemoData {
  customers: { energyAccounts?: unknown[]; [k: string]: unknown }[];
}

describe('a family passed through by CORE_ADAPTERS', () => {
  let dir: string;
  let upstream: Upstream;
  let demoOnly: TestGateway;
  beforeAll(async () => {
    // The upstream holds the bank's accounts only; energy stays on the gateway's demo core.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-proxy-layout-'));
    const data = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as DemoData;
    for (const customer of data.customers) customer.energyAccounts = [];
    const bankOnly = path.join(dir, 'bank.json');
    fs.writeFileSync(bankOnly, JSON.stringify(data));
    upstream = await startUpstreamGateway({
      mount: '/cds',
      credential: CREDENTIAL,
      space: '/v1/banking',
      dataFile: bankOnly,
    });
    demoOnly = await startGateway({});
  });
  afterAll(async () => {
    await demoOnly?.close();
    await upstream?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const passThrough = () =>
    startGateway({
      CORE_ADAPTERS: 'banking:cds=proxy',
      CDS_BASE_URL: upstream.baseUrl,
      CDS_AUTHORIZATION: CREDENTIAL,
      // The upstream serves the whole interface under /cds.
      CDS_AUTHORISATION_URL: `${upstream.origin}/cds`,
    });

  it('when banking is proxied, then its answers come from the upstream with its own credential', async () => {
    const gw = await passThrough();
    try {
      const mark = upstream.received.length;
      const body = { data: { accountIds: ['acc-b-1001-01', 'acc-b-1001-02'] } };
      const res = await gw.post('/v1/banking/customer/c-1001/accounts/balances', body);
      const mapped = await demoOnly.post('/v1/banking/customer/c-1001/accounts/balances', body);
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: mapped.body });
      const seen = upstream.received.slice(mark);
      expect(seen.map((r) => [r.method, r.url])).toEqual([
        ['POST', '/cds/v1/banking/customer/c-1001/accounts/balances'],
      ]);
      expect(seen[0]!.headers.authorization).toBe(CREDENTIAL);
      // Energy is not the upstream's: the gateway's own demo core answers it.
      const energy = await gw.post('/v1/energy/customer/c-1001/accounts', {
        data: { accountIds: ['acc-e-1001-01'] },
      });
      expect(energy.status).toBe(200);
      expect(upstream.received.length).toBe(mark + 1);
    } finally {
      await gw.close();
    }
  });

  it("when the authorisation list is asked, then the upstream's accounts come first, merged with energy", async () => {
    const gw = await passThrough();
    try {
      const res = await gw.get('/auth/v1/customer/c-1001/accounts');
      const expected = await demoOnly.get('/auth/v1/customer/c-1001/accounts');
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: expected.body });
      expect(upstream.received.at(-1)!.url).toBe('/cds/auth/v1/customer/c-1001/accounts');
    } finally {
      await gw.close();
    }
  });

  it('when the proxy is used, then readiness and circuits carry its id', async () => {
    const gw = await passThrough();
    try {
      await gw.get('/v1/banking/customer/c-1001/payees');
      // Payees are the payments group's: the circuit a mapped core's payees go through too.
      expect(gw.gateway.circuits.get('cds')?.get('payments')?.closed).toBe(true);
      expect(gw.gateway.readiness().dependencies).toMatchObject({ 'core.cds': true });
      expect(gw.gateway.cores.map((c) => [c.id, c.kind, c.families])).toEqual([
        ['cds', 'proxy', ['banking']],
        ['demo', 'demo', ['energy', 'common', 'fdx', 'products']],
      ]);
    } finally {
      await gw.close();
    }
  });

  it("when a maintenance window of the proxy instance is on, then its families answer 503 with Retry-After without calling the upstream, and the other cores' families answer", async () => {
    const start = new Date(Date.now() - 60_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const gw = await startGateway({
      CORE_ADAPTERS: 'banking:cds=proxy',
      CDS_BASE_URL: upstream.baseUrl,
      CDS_AUTHORIZATION: CREDENTIAL,
      MAINTENANCE_WINDOWS: JSON.stringify([{ adapter: 'cds', start, end }]),
    });
    try {
      const mark = upstream.received.length;
      const res = await gw.get('/v1/banking/customer/c-1001/payees');
      expect({ status: res.status, body: res.body }).toEqual({
        status: 503,
        body: { error: 'Service unavailable' },
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(upstream.received.length).toBe(mark);
      const energy = await gw.post('/v1/energy/customer/c-1001/accounts', {
        data: { accountIds: ['acc-e-1001-01'] },
      });
      expect(energy.status).toBe(200);
    } finally {
      await gw.close();
    }
  });

  it('when the upstream base URL is missing, then start-up stops naming the variable', async () => {
    await expect(startGateway({ CORE_ADAPTERS: 'banking:cds=proxy' })).rejects.toThrow(
      /CDS_BASE_URL: required by adapter cds/,
    );
  });
});
