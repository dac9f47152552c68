/**
 * The Temenos simulator misbehaving on demand (faults.ts, control.ts): 500, 503 and 400 bodies, a
 * delayed answer, a dropped and a hanging connection, per route or for every route, for a number
 * of requests or until cleared, from code or from the control endpoint; and the request counts.
 */
import { waitFor } from '../../../../test/helpers/wait';
import { callSimulator as call } from '../../simulator/sim-client';
import {
  startTemenosSimulator,
  TEMENOS_ROUTE_IDS,
  type TemenosSimulator,
} from '../../simulator/simulator';

const ACCOUNTS = '/api/v4.1.0/holdings/accounts?customerId=100100';
const ACCOUNTS_ROUTE = 'holdings-accounts.getAccounts';
const CUSTOMER = '/api/v4.0.0/party/customers/100100';
const CUSTOMER_ROUTE = 'party-customers.getCustomer';

let sim: TemenosSimulator;

beforeEach(async () => {
  sim = await startTemenosSimulator({ port: 0 });
});

afterEach(async () => {
  await sim.close();
});

describe('temenos simulator faults', () => {
  it('when one route answers 503, then it carries Retry-After and the error body, and other routes answer', async () => {
    sim.faults.set({ kind: 'unavailable503', route: ACCOUNTS_ROUTE, retryAfterSeconds: 7 });
    const faulted = await call(sim, ACCOUNTS);
    expect(faulted.status).toBe(503);
    expect(faulted.headers.get('retry-after')).toBe('7');
    expect(faulted.body).toEqual({
      header: expect.objectContaining({ status: 'failed' }),
      error: { type: 'SYSTEM', code: 'EB-SERVICE.UNAVAILABLE', message: expect.any(String) },
    });
    expect((await call(sim, CUSTOMER)).status).toBe(200);
    sim.faults.clear(ACCOUNTS_ROUTE);
    expect((await call(sim, ACCOUNTS)).status).toBe(200);
  });

  it('when every route answers 500, then a record read gets the record error body', async () => {
    sim.faults.set({ kind: 'error500' });
    const answer = await call(sim, CUSTOMER);
    expect(answer.status).toBe(500);
    expect(answer.body.error).toEqual({
      type: 'SYSTEM',
      errorDetails: [{ code: 'EB-SYSTEM.ERROR', message: expect.any(String) }],
    });
    expect((await call(sim, ACCOUNTS)).status).toBe(500);
  });

  it('when a route answers 400, then it is a business error of the operation family, not a system one', async () => {
    sim.faults.set({ kind: 'invalid400', route: CUSTOMER_ROUTE });
    const record = await call(sim, CUSTOMER);
    expect(record.status).toBe(400);
    expect(record.body.error).toEqual({
      type: 'BUSINESS',
      errorDetails: [
        { code: 'EB-INVALID.INPUT', message: expect.any(String), fieldName: 'customerId' },
      ],
    });
    sim.faults.set({ kind: 'invalid400' });
    const enquiry = await call(sim, ACCOUNTS);
    expect(enquiry.status).toBe(400);
    expect(enquiry.body.error).toEqual({
      type: 'BUSINESS',
      code: 'EB-INVALID.INPUT',
      message: expect.any(String),
    });
  });

  it('when a fault is set for n requests, then the next request after them is answered', async () => {
    sim.faults.set({ kind: 'error500', route: ACCOUNTS_ROUTE, times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await call(sim, ACCOUNTS)).status);
    expect(statuses).toEqual([500, 500, 200]);
    expect(sim.faults.list()).toEqual([]);
  });

  it('when a route is delayed, then its answer comes no sooner, unchanged', async () => {
    const plain = await call(sim, CUSTOMER);
    sim.faults.set({ kind: 'delay', route: CUSTOMER_ROUTE, delayMs: 300 });
    const started = performance.now();
    const delayed = await call(sim, CUSTOMER);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(delayed.body).toEqual(plain.body);
  });

  it('when connections are dropped, then the request fails without an answer', async () => {
    sim.faults.set({ kind: 'drop' });
    await expect(call(sim, ACCOUNTS)).rejects.toThrow();
  });

  it('when a route hangs, then the request stays open until the simulator closes', async () => {
    sim.faults.set({ kind: 'hang', route: ACCOUNTS_ROUTE });
    const outcome = call(sim, ACCOUNTS).then(
      () => 'answered',
      () => 'failed',
    );
    await waitFor(() => sim.requestCount(ACCOUNTS_ROUTE) === 1, 'the hanging request to arrive');
    expect((await call(sim, CUSTOMER)).status).toBe(200);
    await sim.close();
    expect(await outcome).toBe('failed');
  });

  it('when a fault names an unknown kind or route, then it is refused', () => {
    expect(() => sim.faults.set({ kind: 'error500', route: 'no.such' })).toThrow(/unknown route/);
    expect(() => sim.faults.set({ kind: 'nope' as 'error500' })).toThrow(/kind must be/);
  });
});

describe('temenos simulator control endpoint and request counts', () => {
  it('when a fault is set and cleared over HTTP, then requests meet it and then do not', async () => {
    const set = await call(sim, '/__sim/faults', {
      method: 'POST',
      auth: 'none',
      companyId: null,
      body: { kind: 'unavailable503', route: ACCOUNTS_ROUTE },
    });
    expect(set.status).toBe(200);
    expect(set.body.faults).toEqual([{ kind: 'unavailable503', route: ACCOUNTS_ROUTE }]);
    expect((await call(sim, ACCOUNTS)).status).toBe(503);
    const cleared = await call(sim, `/__sim/faults?route=${ACCOUNTS_ROUTE}`, { method: 'DELETE' });
    expect(cleared.body.faults).toEqual([]);
    expect((await call(sim, ACCOUNTS)).status).toBe(200);
  });

  it('when the control endpoint gets a bad fault, then it answers 400 naming what is wrong', async () => {
    const answer = await call(sim, '/__sim/faults', { method: 'POST', body: { kind: 'melt' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/kind must be one of/);
  });

  it('when requests are made, then they are counted by route, faulted and refused ones too', async () => {
    await call(sim, ACCOUNTS);
    await call(sim, ACCOUNTS, { auth: 'none' });
    await call(sim, CUSTOMER);
    await call(sim, '/api/v4.0.0/nothing/here');
    expect(sim.requestCount(ACCOUNTS_ROUTE)).toBe(2);
    expect(sim.requestCount(CUSTOMER_ROUTE)).toBe(1);
    expect(sim.requestCount()).toBe(4);
    expect(sim.requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/v4.1.0/holdings/accounts',
      route: ACCOUNTS_ROUTE,
      query: { customerId: '100100' },
      user: sim.login.username,
      companyId: sim.login.companyId,
    });
    const counts = await call(sim, '/__sim/requests');
    expect(counts.body).toEqual({
      total: 4,
      byRoute: { [ACCOUNTS_ROUTE]: 2, [CUSTOMER_ROUTE]: 1 },
    });
    await call(sim, '/__sim/requests', { method: 'DELETE' });
    expect(sim.requestCount()).toBe(0);
  });

  it('when the routes are listed, then each names its method and published path', async () => {
    const { body } = await call(sim, '/__sim/routes');
    expect(body.routes).toContainEqual({
      id: 'holdings-accounts.getAccountTransactions',
      method: 'GET',
      path: '/api/v4.1.0/holdings/accounts/{accountId}/transactions',
    });
    expect(body.routes.map((r: { id: string }) => r.id)).toEqual(TEMENOS_ROUTE_IDS);
    expect(TEMENOS_ROUTE_IDS).toHaveLength(27);
  });
});
