/**
 * The real gateway on the Kraken adapter (`CORE_ADAPTER=kraken`, configured by `KRAKEN_*`
 * variables) against the Kraken simulator on a loopback port, with real platform tokens: the
 * authorisation list, energy accounts with plans, one account's detail and balance, invoices,
 * concessions and customer detail, each validated against contracts/, with expected values
 * computed here from the simulator's data set (amounts in bigint cents), never with the adapter's
 * mappers; then Kraken misbehaving: slow (504), 5xx (503 with Retry-After), an expired Kraken
 * Token (refreshed unseen), refused credentials (503, logged without the token or key).
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { contractErrors } from '../../../../test/helpers/contracts';
import { referenceErrors } from '../../../../test/helpers/reference-schemas';
import { type Env, krakenSimEnv } from '../../../../test/helpers/simulator-env';
import {
  startGateway,
  type TestGateway,
  type TestResponse,
} from '../../../../test/helpers/gateway';
import { startKrakenSimulator, type KrakenSimulator } from '../../simulator/simulator';

function money(cents: number): string {
  const c = BigInt(cents);
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

function krakenEnv(sim: KrakenSimulator, extra: Env = {}): Env {
  return { ...krakenSimEnv(sim), ...extra };
}

/** A pino logger writing JSON lines into `lines`. */
function capturingLogger(lines: string[]) {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return pino({ level: 'info' }, stream);
}

const expectError = (res: TestResponse, status: number, error: string) =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });

describe('the gateway on the Kraken adapter', () => {
  let sim: KrakenSimulator;
  let gw: TestGateway;
  beforeAll(async () => {
    sim = await startKrakenSimulator({ port: 0 });
    gw = await startGateway(krakenEnv(sim));
  });
  afterAll(async () => {
    await gw.close();
    await sim.close();
  });

  const routeOf = (op: string) => gw.gateway.routes.find((r) => r.operationId === op)!;
  const expectValid = (op: string, res: TestResponse) => {
    expect({ op, status: res.status }).toEqual({ op, status: 200 });
    expect({ op, errors: contractErrors(routeOf(op).response, res.body) }).toEqual({
      op,
      errors: [],
    });
    expect({ op, reference: referenceErrors(op, res.body) }).toEqual({ op, reference: [] });
  };
  const user = (customerId: string) =>
    sim.data.users.find((u) => u.id === sim.data.customers[customerId])!;
  const servedOf = (customerId: string) =>
    user(customerId).accountNumbers.filter((n) => sim.data.accounts[n]!.status !== 'VOID');

  it('when customer 1 lists shareable accounts, then the energy accounts come in Kraken order, VOID left out', async () => {
    const res = await gw.get('/auth/v1/customer/1/accounts');
    expectValid('listShareableAccounts', res);
    const accounts = res.body.accounts as { accountId: string; openStatus: string }[];
    expect(accounts.map((a) => [a.accountId, a.openStatus])).toEqual(
      servedOf('1').map((n) => [n, sim.data.accounts[n]!.status === 'ACTIVE' ? 'OPEN' : 'CLOSED']),
    );
  });

  it('when customer 2 (no energy accounts) lists, then the list is empty; an unmapped customer is 404', async () => {
    const res = await gw.get('/auth/v1/customer/2/accounts');
    expectValid('listShareableAccounts', res);
    expect(res.body.accounts).toEqual([]);
    expectError(await gw.get('/auth/v1/customer/999/accounts'), 404, 'Customer not found');
  });

  it('when energy accounts are asked, then each has its plans in force with the meter point ids', async () => {
    const ids = servedOf('1');
    const res = await gw.post('/v1/energy/customer/1/accounts', { data: { accountIds: ids } });
    expectValid('listSpecificEnergyAccounts', res);
    const accounts = res.body.data.accounts as {
      accountId: string;
      plans: { servicePointIds: number[] }[];
    }[];
    const inForce = (n: string) =>
      sim.data.accounts[n]!.properties.flatMap((p) =>
        p.meterPoints.flatMap((m) =>
          m.agreements.filter((a) => a.validTo === null).map(() => m.id),
        ),
      );
    expect(accounts.map((a) => [a.accountId, a.plans.flatMap((p) => p.servicePointIds)])).toEqual(
      ids.map((n) => [n, inForce(n)]),
    );
  });

  it('when the invoices of an account are asked for 2026, then the statements come exact, newest first', async () => {
    const [home] = servedOf('1');
    const res = await gw.get(
      `/v1/energy/customer/1/accounts/${home}/invoices?oldest-date=2026-01-01&newest-date=2026-12-31&page-size=100`,
    );
    expectValid('listEnergyInvoicesForAccount', res);
    const expected = sim.data.accounts[home!]!.bills.filter(
      (b) => b.billType === 'STATEMENT' && b.issuedDate >= '2026-01-01',
    ).map((b) => ({
      invoiceNumber: b.id,
      issueDate: b.issuedDate,
      invoiceAmount: money(b.totalCharges.grossTotal),
      gstAmount: money(b.totalCharges.taxTotal),
      balanceAtIssue: money(-b.closingBalance),
      paymentStatus: b.closingBalance >= 0 ? 'PAID' : 'NOT_PAID',
    }));
    const got = (res.body.data.invoices as Record<string, unknown>[]).map((i) => ({
      invoiceNumber: i.invoiceNumber,
      issueDate: i.issueDate,
      invoiceAmount: i.invoiceAmount,
      gstAmount: i.gstAmount,
      balanceAtIssue: i.balanceAtIssue,
      paymentStatus: i.paymentStatus,
    }));
    expect(got).toEqual(expected);
    expect(got.some((i) => i.paymentStatus === 'NOT_PAID')).toBe(true);
  });

  it('when concessions are asked, then the holder’s current card is served; customer detail is the account user', async () => {
    const [home] = servedOf('1');
    const concessions = await gw.get(`/v1/energy/customer/1/accounts/${home}/concessions`);
    expectValid('listEnergyConcessions', concessions);
    expect(concessions.body.data.concessions).toHaveLength(
      user('1').concessions.filter((c) => c.isCurrent && !c.removalDate).length,
    );
    const detail = await gw.get('/v1/common/customer/1/detail');
    expectValid('getCustomerDetail', detail);
    expect(detail.body.data.person).toMatchObject({
      firstName: user('1').givenName,
      lastName: user('1').familyName,
      emailAddresses: [{ address: user('1').email }],
    });
  });

  it('when one account’s detail is asked, then it is the record the specific-accounts POST gives for it', async () => {
    for (const accountId of servedOf('1')) {
      const detail = await gw.get(`/v1/energy/customer/1/accounts/${accountId}`);
      expectValid('getEnergyAccount', detail);
      const listed = await gw.post('/v1/energy/customer/1/accounts', {
        data: { accountIds: [accountId] },
      });
      expect(listed.body.data.accounts).toHaveLength(1);
      expect(detail.body).toEqual({ data: listed.body.data.accounts[0] });
    }
  });

  it('when the balances are asked, then customer 1’s active accounts owe (positive) and customer 3’s business is in credit (negative), exact', async () => {
    const cases = [...servedOf('1').map((n) => ['1', n]), ...servedOf('3').map((n) => ['3', n])];
    const got: [string, unknown][] = [];
    for (const [customerId, accountId] of cases) {
      const res = await gw.get(`/v1/energy/customer/${customerId}/accounts/${accountId}/balance`);
      expectValid('getEnergyAccountBalance', res);
      got.push([accountId!, res.body]);
    }
    expect(got).toEqual(
      cases.map(([, n]) => [n, { data: { balance: money(-sim.data.accounts[n!]!.balance) } }]),
    );
    // Home and dual-fuel owe, the closed account is settled, the business paid ahead.
    const states = got.map(([, body]) => {
      const { balance } = (body as { data: { balance: string } }).data;
      return balance.startsWith('-') ? 'credit' : balance === '0.00' ? 'settled' : 'owed';
    });
    expect(states).toEqual(['owed', 'owed', 'settled', 'credit']);
  });

  it('when another customer’s account, a VOID one or an unknown one is asked for its detail or balance, then it is 404 Account not found', async () => {
    const [home] = servedOf('1');
    const [cafe] = servedOf('3');
    const voided = user('1').accountNumbers.find((n) => sim.data.accounts[n]!.status === 'VOID');
    for (const path of [
      `/v1/energy/customer/3/accounts/${home}`,
      `/v1/energy/customer/3/accounts/${home}/balance`,
      `/v1/energy/customer/1/accounts/${cafe}`,
      `/v1/energy/customer/1/accounts/${cafe}/balance`,
      `/v1/energy/customer/1/accounts/${voided}`,
      `/v1/energy/customer/1/accounts/${voided}/balance`,
      '/v1/energy/customer/1/accounts/A-00000000',
      '/v1/energy/customer/1/accounts/A-00000000/balance',
    ]) {
      expectError(await gw.get(path), 404, 'Account not found');
    }
    expectError(
      await gw.get(`/v1/energy/customer/999/accounts/${home}/balance`),
      404,
      'Customer not found',
    );
  });

  it("when customer 3 asks for customer 1's account, then it is 404 and Kraken's account is never read", async () => {
    const [home] = servedOf('1');
    const mark = sim.requests.length;
    const res = await gw.get(`/v1/energy/customer/3/accounts/${home}/concessions`);
    expect(res.status).toBe(404);
    expect(sim.requests.slice(mark).some((r) => r.variables.accountNumber === home)).toBe(false);
  });
});

describe('Kraken misbehaving under the gateway', () => {
  const DETAIL = '/v1/common/customer/1/detail';
  async function withGateway(
    env: Env,
    body: (gw: TestGateway, sim: KrakenSimulator, logs: string[]) => Promise<void>,
  ): Promise<void> {
    const sim = await startKrakenSimulator();
    const logs: string[] = [];
    const gw = await startGateway(
      { ...krakenEnv(sim), RETRY_ATTEMPTS: 0, ...env },
      { logger: capturingLogger(logs) },
    );
    try {
      await body(gw, sim, logs);
    } finally {
      await gw.close();
      await sim.close();
    }
  }

  it('when Kraken is slow, then the caller gets 504 at the gateway timeout', async () => {
    await withGateway({ CORE_TIMEOUT_MS: 300 }, async (gw, sim) => {
      expect((await gw.get(DETAIL)).status).toBe(200);
      sim.setFault('slow', { delayMs: 3000 });
      expectError(await gw.get(DETAIL), 504, 'Upstream timeout');
    });
  });

  it('when Kraken answers 503 with Retry-After, or 500, then the caller gets 503 with Retry-After', async () => {
    await withGateway({}, async (gw, sim) => {
      sim.setFault('unavailable503', { retryAfterSeconds: 17 });
      const unavailable = await gw.get(DETAIL);
      expectError(unavailable, 503, 'Service unavailable');
      expect(unavailable.headers.get('retry-after')).toBe('17');
      sim.setFault('error500');
      const failed = await gw.get(DETAIL);
      expectError(failed, 503, 'Service unavailable');
      expect(failed.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });

  it('when the Kraken Token expires, then the gateway answers 200 after one refresh', async () => {
    await withGateway({}, async (gw, sim) => {
      expect((await gw.get(DETAIL)).status).toBe(200);
      sim.expireTokens();
      const mark = sim.requests.length;
      expect((await gw.get(DETAIL)).status).toBe(200);
      expect(sim.requests.slice(mark).map((r) => r.operationName)).toEqual([
        'AccountUserDetail',
        'ObtainKrakenToken',
        'AccountUserDetail',
      ]);
    });
  });

  it('when Kraken refuses the credentials, then the caller gets 503 and the log has neither token nor key', async () => {
    await withGateway({}, async (gw, sim, logs) => {
      expect((await gw.get(DETAIL)).status).toBe(200);
      sim.setFault('refuseCredentials');
      expectError(await gw.get(DETAIL), 503, 'Service unavailable');
      const text = logs.join('');
      expect(text).toMatch(/Kraken refused the gateway credentials/);
      expect(text).not.toContain(sim.apiKey);
      expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]+\./);
      expect(text).not.toContain(sim.data.users[0]!.email);
    });
  });
});
