/**
 * The Kraken GraphQL operations each endpoint makes, cold (every cache lifetime 0), counted on
 * the simulator's request log (the token exchange left out): a change that reads more than the
 * table of docs/benchmarks.md ("Core calls per request") fails here. The account check and the
 * data call of one request share their reads; two requests never do.
 */
import { startKrakenSimulator, type KrakenSimulator } from '../../simulator/simulator';
import {
  countCoreCalls,
  countedGateway,
  krakenCalls,
  krakenCases,
  krakenCountEnv,
  NO_CACHE,
  type CountedCore,
} from '../../../../test/helpers/core-calls';

/**
 * Endpoint → Kraken operations (customer 1: 3 served accounts, 2 electricity agreements in force,
 * the first two accounts' 2026 bills in 6 pages of 5). The energy endpoints read the accounts
 * with their supply and the user's concession cards in one query (invoices: with each account's
 * first page of bills in the window, a balance: the accounts' balances); the account list and
 * an account's detail then read the rates of their plans, invoices the named accounts' next bill
 * pages, several products' or accounts' pages aliased in one query per page round.
 */
const EXPECTED: Record<string, number> = {
  'authorisation list': 1,
  'customer detail': 1,
  'customer identity': 1,
  'energy accounts (all 3)': 2,
  'energy accounts (2 of 3 by id)': 2,
  'invoices (2 of 3)': 3,
  'invoices of one account': 3,
  concessions: 1,
  'energy account detail': 2,
  'energy balance': 1,
};

describe('Kraken operations per request, cold', () => {
  let sim: KrakenSimulator;
  let core: CountedCore;
  beforeAll(async () => {
    sim = await startKrakenSimulator({ port: 0 });
    core = await countedGateway(krakenCountEnv(sim), krakenCalls(sim));
  });
  afterAll(async () => {
    await core.gw.close();
    await sim.close();
  });

  it('when each endpoint is asked once, then it answers and makes exactly the operations of the table', async () => {
    const cases = krakenCases(sim);
    const counts = await countCoreCalls(core, cases);
    expect(counts.map((c) => [c.endpoint, c.status])).toEqual(
      cases.map((c) => [c.endpoint, c.status]),
    );
    expect(Object.fromEntries(counts.map((c) => [c.endpoint, c.calls]))).toEqual(EXPECTED);
  });

  it('when invoices are asked, then the accounts are read once with their supply and first bill pages, then the named accounts’ next bills, both accounts’ pages in one query per page (no rates)', async () => {
    const [invoices] = await countCoreCalls(
      core,
      krakenCases(sim).filter((c) => c.endpoint === 'invoices (2 of 3)'),
    );
    const times = (op: string) => invoices!.called.filter((c) => c === op).length;
    expect(['AccountUserSupply', 'ProductRates', 'AccountBills'].map(times)).toEqual([1, 0, 2]);
  });

  it('when the check’s refs come from the cache, then the invoices read the accounts with their first bill pages themselves: 3 operations again, and the same answer', async () => {
    const ttls = { ...JSON.parse(NO_CACHE), 'energy.listAccountRefsForInvoices': 60 };
    const warm = await countedGateway(
      { ...krakenCountEnv(sim), CACHE_TTL_SECONDS: JSON.stringify(ttls) },
      krakenCalls(sim),
    );
    try {
      const [invoices] = krakenCases(sim).filter((c) => c.endpoint === 'invoices (2 of 3)');
      const ask = async () => {
        const mark = warm.calls().length;
        const res = await warm.gw.request('POST', invoices!.path, { body: invoices!.body });
        return { status: res.status, body: res.body, called: warm.calls().slice(mark) };
      };
      const cold = await ask();
      const refsCached = await ask();
      expect([cold.status, refsCached.status]).toEqual([200, 200]);
      expect(cold.called).toEqual(['AccountUserSupply', 'AccountBills', 'AccountBills']);
      expect(refsCached.called).toEqual(['AccountUserSupply', 'AccountBills', 'AccountBills']);
      expect(refsCached.body).toEqual(cold.body);
      expect(cold.body.data.invoices.length).toBeGreaterThan(10);
    } finally {
      await warm.gw.close();
    }
  });

  it('when an account’s detail and balance are asked, then the detail reads the accounts and its one plan’s rates, the balance only the accounts its check read', async () => {
    const named = ['energy account detail', 'energy balance'];
    const counts = await countCoreCalls(
      core,
      krakenCases(sim).filter((c) => named.includes(c.endpoint)),
    );
    expect(counts.map((c) => [c.endpoint, c.status, c.called])).toEqual([
      ['energy account detail', 200, ['AccountUserSupply', 'ProductRates']],
      ['energy balance', 200, ['AccountUserSupply']],
    ]);
  });

  it('when the balance check’s refs come from the cache, then the balance reads the accounts itself: one operation again, and the same answer', async () => {
    const ttls = { ...JSON.parse(NO_CACHE), 'energy.listAccountRefs': 60 };
    const warm = await countedGateway(
      { ...krakenCountEnv(sim), CACHE_TTL_SECONDS: JSON.stringify(ttls) },
      krakenCalls(sim),
    );
    try {
      const [balance] = krakenCases(sim).filter((c) => c.endpoint === 'energy balance');
      const ask = async () => {
        const mark = warm.calls().length;
        const res = await warm.gw.request('GET', balance!.path);
        return { status: res.status, body: res.body, called: warm.calls().slice(mark) };
      };
      const cold = await ask();
      const refsCached = await ask();
      expect([cold.status, refsCached.status]).toEqual([200, 200]);
      expect([cold.called, refsCached.called]).toEqual([
        ['AccountUserSupply'],
        ['AccountUserSupply'],
      ]);
      expect(refsCached.body).toEqual(cold.body);
    } finally {
      await warm.gw.close();
    }
  });

  it('when the same request comes twice, then the second reads everything again (no reads kept between requests)', async () => {
    const concessions = krakenCases(sim).filter((c) => c.endpoint === 'concessions');
    const counts = await countCoreCalls(core, [...concessions, ...concessions]);
    expect(counts.map((c) => c.calls)).toEqual([1, 1]);
  });
});
