/**
 * Several cores behind one gateway, each on its simulator: Fineract for banking, customer detail
 * and FDX, Kraken for energy (`CORE_ADAPTERS`). The merged authorisation list and each family's
 * answers are compared with gateways on one core each over the same simulators; then one core
 * fails and the other's families keep answering. The consent flow over both: every customer a
 * search finds has an identity, from the first core that can give it. The same with Temenos in
 * Fineract's place (`npm run multi-core -- --bank temenos`). Also: two instances of one adapter
 * kind with their own settings and labels, and two cores that number an account alike.
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
import {
  startTemenosSimulator,
  type TemenosSimulator,
} from '../../adapters/temenos/simulator/simulator';
import { OPERATION_NAMES } from '../../src/ports/operations';
import { multiCoreEnv, TEMENOS_LAYOUT } from '../../scripts/multi-core-commands';
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

/** Both simulators and three gateways over them, as one describe's hooks start and stop them. */
interface BothCores {
  fineract: FineractSimulator;
  kraken: KrakenSimulator;
  /** Both cores (`MULTI`). */
  multi: TestGateway;
  fineractOnly: TestGateway;
  krakenOnly: TestGateway;
}

/**
 * Hooks of the enclosing describe: the simulators, then the gateways over them without a cache,
 * with `env` on all three and `multiEnv` on the one over both cores; the faults cleared after
 * each test. The object is filled once the hooks have run.
 */
function servedByBothCores(env: Env, multiEnv: Env): BothCores {
  const served = {} as BothCores;
  beforeAll(async () => {
    served.fineract = await startFineractSimulator({ port: 0 });
    served.kraken = await startKrakenSimulator({ port: 0 });
    const both = {
      ...fineractEnv(served.fineract),
      ...krakenEnv(served.kraken),
      CACHE_TTL_SECONDS: NO_CACHE,
      ...env,
    };
    served.multi = await startGateway({ ...both, CORE_ADAPTERS: MULTI, ...multiEnv });
    served.fineractOnly = await startGateway({ ...both, CORE_ADAPTER: 'fineract' });
    served.krakenOnly = await startGateway({ ...both, CORE_ADAPTER: 'kraken' });
  });
  afterAll(async () => {
    for (const gw of [served.multi, served.fineractOnly, served.krakenOnly]) await gw?.close();
    await served.fineract?.close();
    await served.kraken?.close();
  });
  afterEach(() => {
    served.fineract.setFault('none');
    served.kraken.setFault('none');
  });
  return served;
}

describe('several cores behind one gateway', () => {
  let fineract: FineractSimulator;
  let kraken: KrakenSimulator;
  let multi: TestGateway;
  let fineractOnly: TestGateway;
  let krakenOnly: TestGateway;
  const served = servedByBothCores(
    {
      // One paging secret: FDX offsets of the gateways compare equal.
      PAGING_SECRET: 'multi-core-test-paging-secret-0123456789abcdef',
    },
    { RETRY_ATTEMPTS: 0, CIRCUIT_MIN_VOLUME: 4, CIRCUIT_RESET_SECONDS: 60 },
  );
  beforeAll(() => ({ fineract, kraken, multi, fineractOnly, krakenOnly } = served));

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

describe('the consent flow over both simulators', () => {
  let fineract: FineractSimulator;
  let kraken: KrakenSimulator;
  let multi: TestGateway;
  let fineractOnly: TestGateway;
  let krakenOnly: TestGateway;
  const served = servedByBothCores({}, { RETRY_ATTEMPTS: 0 });
  beforeAll(() => ({ fineract, kraken, multi, fineractOnly, krakenOnly } = served));

  /** Identity reads Kraken received so far. */
  const krakenIdentityReads = () =>
    kraken.requests.filter((r) => r.operationName === 'AccountUserDetail').length;

  it("when every simulator person's address is searched, then each customer found has an identity (403 for the one flagged for harm), never 404, 422 or 500", async () => {
    const addresses = [
      'jane.citizen@example.com',
      'john.smith@example.com',
      'alex.nguyen@example.org',
      'sam.taylor@example.org',
      'pat.example@example.org',
      'accounts@harbourbakery.example',
      'kim.example@example.org',
      'robin.example@example.org',
    ];
    const reached: [string, string, number][] = [];
    for (const email of addresses) {
      const found = await multi.post('/auth/v1/customer/search', { email });
      expect({ email, status: found.status }).toEqual({ email, status: 200 });
      for (const { id } of found.body.data as { id: string }[]) {
        reached.push([email, id, (await multi.get(`/auth/v1/customer/${id}`)).status]);
      }
    }
    expect(reached).toEqual([
      ['jane.citizen@example.com', '1', 200],
      ['jane.citizen@example.com', '5', 200],
      ['john.smith@example.com', '2', 200],
      ['alex.nguyen@example.org', '3', 200],
      ['sam.taylor@example.org', '3', 200],
      ['pat.example@example.org', '4', 200],
      ['accounts@harbourbakery.example', '5', 200],
      ['kim.example@example.org', '6', 200],
      ['robin.example@example.org', '7', 403],
    ]);
  });

  it("when Fineract holds customer 3 without an email address, then the identity is Kraken's, not 422", async () => {
    expectError(
      await fineractOnly.get('/auth/v1/customer/3'),
      422,
      'Customer cannot be identified',
    );
    const [mine, krakens] = [
      await multi.get('/auth/v1/customer/3'),
      await krakenOnly.get('/auth/v1/customer/3'),
    ];
    expect({ status: mine.status, body: mine.body }).toEqual({ status: 200, body: krakens.body });
    expect(mine.body).toMatchObject({ name: 'Alex Nguyen', email: 'alex.nguyen@example.org' });
  });

  it("when only Kraken knows the customer, then the identity is Kraken's; its user flagged for harm is 403 with the header", async () => {
    const [mine, krakens] = [
      await multi.get('/auth/v1/customer/6'),
      await krakenOnly.get('/auth/v1/customer/6'),
    ];
    expect({ status: mine.status, body: mine.body }).toEqual({ status: 200, body: krakens.body });
    const refused = await multi.get('/auth/v1/customer/7');
    expect({
      status: refused.status,
      body: refused.body,
      header: refused.headers.get('x-sharing-refused'),
    }).toEqual({
      status: 403,
      body: { error: 'Sharing refused' },
      header: 'true',
    });
  });

  it("when Fineract identifies the customer, then it is Fineract's identity and Kraken is not asked", async () => {
    const mark = krakenIdentityReads();
    const [mine, fineracts] = [
      await multi.get('/auth/v1/customer/1'),
      await fineractOnly.get('/auth/v1/customer/1'),
    ];
    expect({ status: mine.status, body: mine.body }).toEqual({ status: 200, body: fineracts.body });
    expect(krakenIdentityReads()).toBe(mark);
  });

  it('when no core can identify the customer (a Fineract client without an email address Kraken does not know), then 422 Customer cannot be identified', async () => {
    fineract.putClient({
      ...(loadFineractDataset().clients.find((c) => c.id === 3) as Record<string, unknown>),
      id: 8,
      accountNo: '000000008',
      externalId: 'c-fin-8',
    });
    expectError(await multi.get('/auth/v1/customer/8'), 422, 'Customer cannot be identified');
    expectError(await multi.get('/auth/v1/customer/99'), 404, 'Customer not found');
  });

  it("when Fineract is down, then a customer only Kraken knows is 503, never Kraken's identity; when Kraken is, Fineract's customers still answer", async () => {
    fineract.setFault('unavailable503');
    expect503(await multi.get('/auth/v1/customer/6'));
    fineract.setFault('none');
    kraken.setFault('unavailable503');
    expect((await multi.get('/auth/v1/customer/1')).status).toBe(200);
    expect503(await multi.get('/auth/v1/customer/3'));
  });
});

describe('Temenos and Kraken behind one gateway (npm run multi-core -- --bank temenos)', () => {
  let temenos: TemenosSimulator;
  let kraken: KrakenSimulator;
  let multi: TestGateway;
  let temenosOnly: TestGateway;
  let krakenOnly: TestGateway;
  // Jane Citizen: Transact customer 100500, Kraken account user 301 (the script lines them up).
  const JANE = '100500';
  beforeAll(async () => {
    temenos = await startTemenosSimulator({ port: 0 });
    kraken = await startKrakenSimulator({ port: 0 });
    // The script's own settings, over every variable but the process's.
    const both = {
      ...(multiCoreEnv({}, { temenos, kraken }) as Env),
      CACHE_TTL_SECONDS: NO_CACHE,
      RETRY_ATTEMPTS: 0,
      // One paging secret: FDX offsets of the gateways compare equal.
      PAGING_SECRET: 'multi-core-test-paging-secret-0123456789abcdef',
    };
    multi = await startGateway(both);
    temenosOnly = await startGateway({
      ...both,
      CORE_ADAPTERS: 'banking:temenos,common:temenos,fdx:temenos',
    });
    krakenOnly = await startGateway({ ...both, CORE_ADAPTERS: 'energy:kraken,common:kraken' });
  });
  afterAll(async () => {
    for (const gw of [multi, temenosOnly, krakenOnly]) await gw?.close();
    await temenos?.close();
    await kraken?.close();
  });
  afterEach(() => {
    temenos.faults.clear();
    kraken.setFault('none');
  });

  const listOf = async (gw: TestGateway, customerId: string) => {
    const res = await gw.get(`/auth/v1/customer/${customerId}/accounts`);
    return res.status === 404 ? [] : (res.body.accounts as { accountId: string }[]);
  };

  it('when the script sets the layout, then banking, customer detail and FDX are Temenos, energy Kraken', () => {
    expect(multiCoreEnv({}, { temenos, kraken }).CORE_ADAPTERS).toBe(TEMENOS_LAYOUT);
    expect(TEMENOS_LAYOUT).toBe('banking:temenos,common:temenos,fdx:temenos,energy:kraken');
  });

  it('when Jane lists shareable accounts, then Temenos banking comes first, then Kraken energy', async () => {
    const res = await multi.get(`/auth/v1/customer/${JANE}/accounts`);
    expect(res.status).toBe(200);
    const [banking, energy] = [await listOf(temenosOnly, JANE), await listOf(krakenOnly, JANE)];
    expect(banking.map((a) => a.accountId)).toEqual(['10000280']);
    expect(energy.length).toBeGreaterThan(0);
    expect(res.body).toEqual({ accounts: [...banking, ...energy] });
  });

  it('when a customer only Temenos knows lists shareable accounts, then the list is its banking accounts', async () => {
    const res = await multi.get('/auth/v1/customer/100100/accounts');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accounts: await listOf(temenosOnly, '100100') });
    expectError(await multi.get('/auth/v1/customer/999999/accounts'), 404, 'Customer not found');
  });

  it("when Jane's address is searched, then she is found once, by the id both cores know her by", async () => {
    const res = await multi.post('/auth/v1/customer/search', { email: 'jane.citizen@example.com' });
    expect(res.status).toBe(200);
    expect((res.body.data as { id: string; name: string }[]).map((c) => [c.id, c.name])).toEqual([
      [JANE, 'Jane Citizen'],
    ]);
  });

  it('when each family is asked, then it answers from its own core', async () => {
    const energy = (await listOf(krakenOnly, JANE)).map((a) => a.accountId);
    const calls: [TestGateway, string, unknown?][] = [
      [temenosOnly, `/v1/banking/customer/${JANE}/accounts/10000280`],
      [temenosOnly, `/v1/common/customer/${JANE}/detail`],
      [krakenOnly, `/v1/energy/customer/${JANE}/accounts`, { data: { accountIds: energy } }],
      [temenosOnly, `/fdx/v6/customer/${JANE}/accounts/10000280/transactions${WINDOW}&limit=5`],
    ];
    for (const [single, target, body] of calls) {
      const ask = (gw: TestGateway) => (body ? gw.post(target, body) : gw.get(target));
      const [mine, theirs] = [await ask(multi), await ask(single)];
      expect({ target, status: mine.status }).toEqual({ target, status: 200 });
      expect({ target, body: mine.body }).toEqual({ target, body: theirs.body });
    }
  });

  it('when Kraken is down, then Temenos banking keeps answering and the list answers 503; when Transact is, energy answers', async () => {
    kraken.setFault('unavailable503');
    expect503(await multi.get(`/auth/v1/customer/${JANE}/accounts`));
    expect((await multi.get(`/v1/banking/customer/${JANE}/accounts/10000280`)).status).toBe(200);
    kraken.setFault('none');
    temenos.faults.set({ kind: 'unavailable503' });
    expect503(await multi.get(`/v1/common/customer/${JANE}/detail`));
    expect((await multi.get(`/v1/energy/customer/${JANE}/accounts`)).status).toBe(200);
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
