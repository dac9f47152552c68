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
  type CountedCore,
} from '../../../../test/helpers/core-calls';

/**
 * Endpoint → Kraken operations (customer 1: 3 served accounts, 2 electricity agreements in force,
 * the first two accounts' 2026 bills in 6 pages of 5). The energy endpoints read the accounts
 * with their supply and the user's concession cards in one query; the account list then reads the
 * rates of its plans, invoices the named accounts' bills, several products' or accounts' pages
 * aliased in one query per page round.
 */
const EXPECTED: Record<string, number> = {
  'authorisation list': 1,
  'customer detail': 1,
  'customer identity': 1,
  'energy accounts (all 3)': 2,
  'energy accounts (2 of 3 by id)': 2,
  'invoices (2 of 3)': 4,
  'invoices of one account': 4,
  concessions: 1,
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

  it('when invoices are asked, then the accounts with their supply are read once, then the named accounts’ bills, both accounts’ pages in one query per page (no rates)', async () => {
    const [invoices] = await countCoreCalls(
      core,
      krakenCases(sim).filter((c) => c.endpoint === 'invoices (2 of 3)'),
    );
    const times = (op: string) => invoices!.called.filter((c) => c === op).length;
    expect(['AccountUserSupply', 'ProductRates', 'AccountBills'].map(times)).toEqual([1, 0, 3]);
  });

  it('when the same request comes twice, then the second reads everything again (no reads kept between requests)', async () => {
    const concessions = krakenCases(sim).filter((c) => c.endpoint === 'concessions');
    const counts = await countCoreCalls(core, [...concessions, ...concessions]);
    expect(counts.map((c) => c.calls)).toEqual([1, 1]);
  });
});
