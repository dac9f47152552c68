/**
 * Several cores behind one gateway, each on its simulator: Fineract for banking, customer detail
 * and FDX, Kraken for energy (`CORE_ADAPTERS`). The merged authorisation list and each family's
 * answers are compared with gateways on one core each over the same simulators; then one core
 * fails and the other's families keep answering. Also: two instances of one adapter kind with
 * their own settings and labels, and two cores that number an account alike.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type FineractSimulator,
  loadFineractDataset,
  startFineractSimulator,
} from '../../adapters/fineract/simulator/simulator';
import {
  type KrakenSimulator,
  startKrakenSimulator,
} from '../../adapters/kraken/simulator/simulator';
import { OPERATION_NAMES } from '../../src/resilience/operations';
import { fineractSettings, krakenSettings } from '../../scripts/simulator-settings';
import { startGateway, type TestGateway, type TestResponse } from '../helpers/gateway';

type Env = Record<string, string | number>;

/** Every cached operation at TTL 0, so each call reaches a simulator. */
const NO_CACHE = JSON.stringify(Object.fromEntries(OPERATION_NAMES.map((k) => [k, 0])));

const LOGIN = { tenant: 'default', username: 'mifos', password: 'password' };

/** The simulator's `FINERACT_*` settings, under another instance's prefix when given. */
function fineractEnv(sim: FineractSimulator, prefix = 'FINERACT'): Env {
  const settings = fineractSettings(sim, LOGIN, loadFineractDataset());
  return Object.fromEntries(settings.map(([k, v]) => [k.replace(/^FINERACT_/, `${prefix}_`), v]));
}

const krakenEnv = (sim: KrakenSimulator): Env => Object.fromEntries(krakenSettings(sim));

const WINDOW = '?startTime=2026-01-01&endTime=2026-11-20';
const MULTI = 'banking:fineract,energy:kraken,common:fineract,fdx:fineract';

const expectError = (res: TestResponse, status: number, error: string) =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });

const expect503 = (res: TestResponse) => {
  expectError(res, 503, 'Service unavailable');
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
};

const accountIds = (res: TestResponse): string[] =>
  (res.body.accounts as { accountId: string }[]).map((a) => a.accountId);

describe('several cores behind one gateway', () => {
  let fineract: FineractSimulator;
  let kraken: KrakenSimulator;
  let multi: TestGateway;
  let fineractOnly: TestGateway;
  let krakenOnly: TestGateway;

  beforeAll(async () => {
    fineract = await startFineractSimulator({ port: 0 });
    kraken = await startKrakenSimulator({ port: 0 });
    const both = {
      ...fineractEnv(fineract),
      ...krakenEnv(kraken),
      CACHE_TTL_SECONDS: NO_CACHE,
      // One paging secret: FDX offsets of the gateways compare equal.
      PAGING_SECRET: 'multi-core-test-paging-secret-0123456789abcdef',
    };
    multi = await startGateway({
      ...both,
      CORE_ADAPTERS: MULTI,
      RETRY_ATTEMPTS: 0,
      CIRCUIT_MIN_VOLUME: 4,
      CIRCUIT_RESET_SECONDS: 60,
    });
    fineractOnly = await startGateway({ ...both, CORE_ADAPTER: 'fineract' });
    krakenOnly = await startGateway({ ...both, CORE_ADAPTER: 'kraken' });
  });
  afterAll(async () => {
    for (const gw of [multi, fineractOnly, krakenOnly]) await gw?.close();
    await fineract?.close();
    await kraken?.close();
  });
  afterEach(() => {
    fineract.setFault('none');
    kraken.setFault('none');
  });

  /** A core's own list of the customer, or none when it does not know them. */
  const listOf = async (gw: TestGateway, customerId: string) => {
    const res = await gw.get(`/auth/v1/customer/${customerId}/accounts`);
    return res.status === 404 ? [] : (res.body.accounts as unknown[]);
  };

  it.each(['1', '2', '3'])(
    'when customer %s lists shareable accounts, then Fineract banking comes first, then Kraken energy',
    async (customerId) => {
      const res = await multi.get(`/auth/v1/customer/${customerId}/accounts`);
      expect(res.status).toBe(200);
      const expected = [
        ...(await listOf(fineractOnly, customerId)),
        ...(await listOf(krakenOnly, customerId)),
      ];
      expect(res.body).toEqual({ accounts: expected });
    },
  );

  it('when the default data sets are served, then customer 1 has both, 2 banking only, 3 energy only', async () => {
    const industries = async (customerId: string) => [
      (await listOf(fineractOnly, customerId)).length > 0,
      (await listOf(krakenOnly, customerId)).length > 0,
    ];
    expect(await industries('1')).toEqual([true, true]);
    expect(await industries('2')).toEqual([true, false]);
    expect(await industries('3')).toEqual([false, true]);
  });

  it('when no core knows the customer, then 404 Customer not found', async () => {
    expectError(await multi.get('/auth/v1/customer/99/accounts'), 404, 'Customer not found');
  });

  it('when each family is asked, then it answers from its own core', async () => {
    const banking = accountIds(await fineractOnly.get('/auth/v1/customer/1/accounts'));
    const energy = accountIds(await krakenOnly.get('/auth/v1/customer/1/accounts'));
    const calls: [TestGateway, string, unknown?][] = [
      [fineractOnly, '/v1/banking/customer/1/accounts', { data: { accountIds: banking } }],
      [fineractOnly, '/v1/banking/customer/1/accounts/balances', { data: { accountIds: banking } }],
      [krakenOnly, '/v1/energy/customer/1/accounts', { data: { accountIds: energy } }],
      [krakenOnly, `/v1/energy/customer/1/accounts/${energy[0]!}/concessions`],
      [fineractOnly, '/v1/common/customer/1/detail'],
      [fineractOnly, `/fdx/v6/customer/1/accounts/${banking[0]!}/transactions${WINDOW}`],
    ];
    for (const [single, target, body] of calls) {
      const ask = (gw: TestGateway) => (body ? gw.post(target, body) : gw.get(target));
      const [mine, theirs] = [await ask(multi), await ask(single)];
      expect({ target, status: mine.status }).toEqual({ target, status: 200 });
      expect({ target, body: mine.body }).toEqual({ target, body: theirs.body });
    }
  });

  it("when the holder reference's endpoints are asked, then each answers from its family's core", async () => {
    const banking = accountIds(await fineractOnly.get('/auth/v1/customer/1/accounts'));
    const energy = accountIds(await krakenOnly.get('/auth/v1/customer/1/accounts'));
    const loan = banking.find((id) => id.startsWith('loan-'))!;
    const window = '?oldest-time=2020-01-01T00:00:00Z&newest-time=2026-11-20T00:00:00Z';
    const listed = await multi.get(
      `/v1/banking/customer/1/accounts/${banking[0]!}/transactions${window}`,
    );
    const firstTransaction = (listed.body.data.transactions as { transactionId: string }[])[0]!;
    const calls: [TestGateway, string, unknown?][] = [
      [fineractOnly, `/v1/banking/customer/1/accounts/${banking[0]!}`],
      [fineractOnly, `/v1/banking/customer/1/accounts/${banking[0]!}/transactions${window}`],
      [
        fineractOnly,
        `/v1/banking/customer/1/accounts/${banking[0]!}/transactions/${firstTransaction.transactionId}`,
      ],
      [fineractOnly, `/v1/banking/customer/1/accounts/${loan}/payments/plans?plan-status=ALL`],
      [krakenOnly, `/v1/energy/customer/1/accounts/${energy[0]!}`],
      [krakenOnly, `/v1/energy/customer/1/accounts/${energy[0]!}/balance`],
      [fineractOnly, '/fdx/v6/customer/1/accounts', { data: { accountIds: banking } }],
      [fineractOnly, `/fdx/v6/customer/1/accounts/${banking[0]!}`],
      [fineractOnly, `/fdx/v6/customer/1/accounts/${banking[0]!}/contact`],
      [fineractOnly, `/fdx/v6/customer/1/accounts/${banking[0]!}/payment-networks`],
    ];
    for (const [single, target, body] of calls) {
      const ask = (gw: TestGateway) => (body ? gw.post(target, body) : gw.get(target));
      const [mine, theirs] = [await ask(multi), await ask(single)];
      expect({ target, status: mine.status }).toEqual({ target, status: 200 });
      expect({ target, body: mine.body }).toEqual({ target, body: theirs.body });
    }
    // Energy ids are Kraken's alone: the banking core does not know them.
    expectError(
      await multi.get(`/v1/banking/customer/1/accounts/${energy[0]!}`),
      404,
      'Account not found',
    );
  });

  it('when Kraken is down, then banking keeps answering, energy and the list answer 503', async () => {
    const banking = accountIds(await fineractOnly.get('/auth/v1/customer/1/accounts'));
    const energy = accountIds(await krakenOnly.get('/auth/v1/customer/1/accounts'));
    kraken.setFault('unavailable503');
    expect503(await multi.post('/v1/energy/customer/1/accounts', { data: { accountIds: energy } }));
    expect503(await multi.get('/auth/v1/customer/1/accounts'));
    // Customer 2 has no energy accounts, but Kraken may hold some: never a partial list.
    expect503(await multi.get('/auth/v1/customer/2/accounts'));
    const balances = await multi.post('/v1/banking/customer/1/accounts/balances', {
      data: { accountIds: banking },
    });
    expect(balances.status).toBe(200);
    expect((await multi.get('/v1/common/customer/1/detail')).status).toBe(200);
  });

  it('when Fineract is down, then energy keeps answering, banking, detail and the list answer 503', async () => {
    const energy = accountIds(await krakenOnly.get('/auth/v1/customer/1/accounts'));
    fineract.setFault('unavailable503');
    expect503(await multi.get('/v1/banking/customer/1/payees'));
    expect503(await multi.get('/v1/common/customer/1/detail'));
    expect503(await multi.get('/auth/v1/customer/3/accounts'));
    const invoices = await multi.post('/v1/energy/customer/1/accounts/invoices', {
      data: { accountIds: energy },
    });
    expect(invoices.status).toBe(200);
  });

  it('when one core fails until its circuit opens, then readiness names it and the other serves', async () => {
    const energy = accountIds(await krakenOnly.get('/auth/v1/customer/1/accounts'));
    kraken.setFault('error500');
    const circuitsOf = (id: string) => [...multi.gateway.circuits.get(id)!.values()];
    for (let i = 0; i < 20 && circuitsOf('kraken').every((c) => c.closed); i += 1) {
      await multi.post('/v1/energy/customer/1/accounts', { data: { accountIds: energy } });
    }
    const { ready, dependencies } = multi.gateway.readiness();
    expect({ ready, kraken: dependencies['core.kraken'] }).toEqual({ ready: true, kraken: false });
    expect({ fineract: dependencies['core.fineract'], core: dependencies.core }).toEqual({
      fineract: true,
      core: false,
    });
    expect((await multi.get('/v1/banking/customer/1/payees')).status).toBe(200);
    const metrics = await multi.gateway.metrics.registry.metrics();
    expect(metrics).toMatch(/dhg_core_call_duration_seconds_count\{[^}]*adapter="kraken"/);
    expect(metrics).toMatch(/dhg_core_call_duration_seconds_count\{[^}]*adapter="fineract"/);
  });
});

describe('two instances of one adapter kind', () => {
  it('when FDX is a second Fineract (its own id and settings), then each family calls its own core', async () => {
    const retail = await startFineractSimulator({ port: 0 });
    const business = await startFineractSimulator({ port: 0 });
    const gw = await startGateway({
      ...fineractEnv(retail),
      ...fineractEnv(business, 'BUSINESS'),
      CORE_ADAPTERS: 'banking:fineract,common:fineract,fdx:business=fineract',
      CACHE_TTL_SECONDS: NO_CACHE,
    });
    try {
      const ids = accountIds(await gw.get('/auth/v1/customer/1/accounts'));
      const [retailMark, businessMark] = [retail.requests.length, business.requests.length];
      expect(
        (await gw.get(`/fdx/v6/customer/1/accounts/${ids[0]!}/transactions${WINDOW}`)).status,
      ).toBe(200);
      expect(retail.requests.length).toBe(retailMark);
      expect(business.requests.length).toBeGreaterThan(businessMark);
      const metrics = await gw.gateway.metrics.registry.metrics();
      expect(metrics).toMatch(/adapter="business",operation="fdx\.listTransactions"/);
      expect([...gw.gateway.circuits.keys()].sort()).toEqual(['business', 'demo', 'fineract']);
      expect(Object.keys(gw.gateway.readiness().dependencies)).toEqual(
        expect.arrayContaining(['core.fineract', 'core.business', 'core.demo']),
      );
    } finally {
      await gw.close();
      await retail.close();
      await business.close();
    }
  });
});

describe('two cores that number accounts alike', () => {
  it('when both list one account id for a customer, then the list is refused, the families still serve', async () => {
    const sample = path.join(__dirname, '../../adapters/demo/data/sample.json');
    const data = JSON.parse(fs.readFileSync(sample, 'utf8')) as {
      customers: {
        customerId: string;
        bankingAccounts?: { accountId: string }[];
        energyAccounts?: { accountId: string }[];
      }[];
    };
    // The bank's copy numbers Jane's first banking account as her first energy account is
    // numbered in the power core (its own energy accounts are left out to keep the file valid).
    const jane = data.customers.find((c) => c.customerId === 'c-1001')!;
    const shared = jane.energyAccounts![0]!.accountId;
    jane.bankingAccounts![0]!.accountId = shared;
    jane.energyAccounts = [];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-collide-'));
    const clashing = path.join(dir, 'bank.json');
    fs.writeFileSync(clashing, JSON.stringify(data));
    const gw = await startGateway({
      CORE_ADAPTERS: 'banking:bank=demo,energy:power=demo',
      BANK_DATA_FILE: clashing,
      POWER_DATA_FILE: sample,
    });
    try {
      expectError(await gw.get('/auth/v1/customer/c-1001/accounts'), 500, 'Internal server error');
      // Another customer's accounts do not clash.
      expect((await gw.get('/auth/v1/customer/c-1002/accounts')).status).toBe(200);
      const res = await gw.post('/v1/banking/customer/c-1001/accounts/balances', {
        data: { accountIds: [shared] },
      });
      expect(res.status).toBe(200);
    } finally {
      await gw.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
