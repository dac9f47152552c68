/**
 * The Fineract calls each endpoint makes, cold (every cache lifetime 0), counted on the
 * simulator's request log: a change that reads more than the table of docs/benchmarks.md ("Core
 * calls per request") fails here. The account check and the data call of one request share their
 * reads; two requests never do.
 */
import { startFineractSimulator, type FineractSimulator } from '../../simulator/simulator';
import {
  countCoreCalls,
  countedGateway,
  FINERACT_CASES,
  fineractCalls,
  fineractCountEnv,
  type CountedCore,
} from '../../../../test/helpers/core-calls';

/**
 * Endpoint → Fineract calls (customer 1: 8 accounts; standing instructions in 2 pages of 4). The
 * account check of a data request reads the client's account list alone (`listAccountRefs`); the
 * data call reads only what the check did not.
 */
const EXPECTED: Record<string, number> = {
  'authorisation list': 2,
  'customer detail': 1,
  'customer identity': 1,
  'accounts (all 8)': 10,
  'accounts (2 of 8 by id)': 4,
  'balances (2 of 8)': 3,
  'direct debits (2 of 8)': 1,
  'scheduled payments (2 of 8)': 3,
  'scheduled payments of one account': 3,
  'instalment plans (1 loan of 8)': 2,
  payees: 1,
  'FDX transactions (savings, one page)': 2,
  'FDX statements': 1,
  'FDX statement document (none in Fineract)': 1,
  'account detail (1 of 8)': 3,
  // The check's account list, then the window 4 transactions a search (10 in March: 3 pages).
  'transactions (savings, March 2026: 10)': 4,
  'transaction detail (savings)': 2,
  'instalment plans of one loan': 2,
  'FDX accounts (2 of 8)': 1,
  'FDX account detail': 2,
  'FDX account contact': 3,
  'FDX payment networks': 1,
};

describe('Fineract calls per request, cold', () => {
  let sim: FineractSimulator;
  let core: CountedCore;
  beforeAll(async () => {
    sim = await startFineractSimulator({ port: 0 });
    core = await countedGateway(fineractCountEnv(sim), fineractCalls(sim));
  });
  afterAll(async () => {
    await core.gw.close();
    await sim.close();
  });

  it('when each endpoint is asked once, then it answers and makes exactly the calls of the table', async () => {
    const counts = await countCoreCalls(core, FINERACT_CASES);
    expect(counts.map((c) => [c.endpoint, c.status])).toEqual(
      FINERACT_CASES.map((c) => [c.endpoint, c.status]),
    );
    expect(Object.fromEntries(counts.map((c) => [c.endpoint, c.calls]))).toEqual(EXPECTED);
  });

  it('when balances are asked, then the account list and the named accounts are read, each once', async () => {
    const [balances] = await countCoreCalls(
      core,
      FINERACT_CASES.filter((c) => c.endpoint === 'balances (2 of 8)'),
    );
    expect(balances!.called).toEqual([
      'GET /v1/clients/1/accounts',
      'GET /v1/savingsaccounts/1',
      'GET /v1/loans/1',
    ]);
  });

  it('when a transaction list, its detail and the FDX contact are asked, then each reads what its table row says, in that order', async () => {
    const counts = await countCoreCalls(
      core,
      FINERACT_CASES.filter((c) =>
        [
          'transactions (savings, March 2026: 10)',
          'transaction detail (savings)',
          'FDX account contact',
        ].includes(c.endpoint),
      ),
    );
    expect(counts.map((c) => c.called)).toEqual([
      [
        'GET /v1/clients/1/accounts',
        'GET /v1/savingsaccounts/1/transactions/search',
        'GET /v1/savingsaccounts/1/transactions/search',
        'GET /v1/savingsaccounts/1/transactions/search',
      ],
      ['GET /v1/clients/1/accounts', 'GET /v1/savingsaccounts/1/transactions/1004'],
      [
        'GET /v1/clients/1/accounts',
        expect.stringMatching(/^GET \/v1\/client(s\/1|\/1\/addresses)$/),
        expect.stringMatching(/^GET \/v1\/client(s\/1|\/1\/addresses)$/),
      ],
    ]);
    expect(new Set(counts[2]!.called).size).toBe(3);
  });

  it('when the same request comes twice, then the second reads everything again (no reads kept between requests)', async () => {
    const balances = FINERACT_CASES.filter((c) => c.endpoint === 'balances (2 of 8)');
    const counts = await countCoreCalls(core, [...balances, ...balances]);
    expect(counts.map((c) => c.calls)).toEqual([3, 3]);
  });
});
