/**
 * The Transact calls each endpoint makes, cold (every cache lifetime 0), counted on the
 * simulator's request log: a change that reads more than the table of docs/benchmarks.md ("Core
 * calls per request") fails here. The account check and the data call of one request share their
 * reads (the account list above all); two requests never do.
 */
import { startTemenosSimulator, type TemenosSimulator } from '../../simulator/simulator';
import {
  countCoreCalls,
  countedGateway,
  TEMENOS_CASES,
  temenosCalls,
  temenosCountEnv,
  type CountedCore,
} from '../../../../test/helpers/core-calls';

/**
 * Endpoint → Transact calls (customer 100100: 5 accounts, a loan and a term deposit among them;
 * every list one page of 100). Every request starts from the customer's account list
 * (getAccounts), which also carries the balances and the parties: what it says costs no call.
 */
const EXPECTED: Record<string, number> = {
  'authorisation list': 1,
  'customer detail': 1,
  'customer identity': 1,
  // The email search, the owner's record, the customers naming her (relation 71), the business.
  'customer search (a signatory: herself and the business)': 4,
  // The list, then the loan's and the term deposit's arrangements.
  'accounts (all 5)': 3,
  'accounts (2 of 5 by id)': 2,
  'balances (2 of 5)': 1,
  'direct debits (2 of 5)': 2,
  'scheduled payments (2 of 5)': 2,
  'scheduled payments of one account': 2,
  'instalment plans (1 loan of 5; none in Transact)': 1,
  payees: 1,
  'account detail (1 of 5)': 1,
  // The list, the booked and the pending lists of the window side by side.
  'transactions (everyday, March 2026: none pending)': 3,
  // ... and the detail of each pending transaction, the one read that dates it.
  'transactions (everyday, November 2026: 3 pending)': 6,
  'transaction detail (posted)': 2,
  'FDX transactions (everyday, one page)': 2,
  'FDX statements': 1,
  'FDX statement document (none in Transact)': 1,
  'FDX accounts (2 of 5)': 1,
  'FDX account detail (deposit)': 1,
  'FDX account detail (loan)': 2,
  // The list, then each holder's record (the list's parties name no number's kind or country).
  'FDX account contact (joint: 2 holders)': 3,
  'FDX payment networks': 1,
};

describe('Transact calls per request, cold', () => {
  let sim: TemenosSimulator;
  let core: CountedCore;
  beforeAll(async () => {
    sim = await startTemenosSimulator({ port: 0 });
    core = await countedGateway(temenosCountEnv(sim), temenosCalls(sim));
  });
  afterAll(async () => {
    await core.gw.close();
    await sim.close();
  });

  it('when each endpoint is asked once, then it answers and makes exactly the calls of the table', async () => {
    const counts = await countCoreCalls(core, TEMENOS_CASES);
    expect(counts.map((c) => [c.endpoint, c.status])).toEqual(
      TEMENOS_CASES.map((c) => [c.endpoint, c.status]),
    );
    expect(Object.fromEntries(counts.map((c) => [c.endpoint, c.calls]))).toEqual(EXPECTED);
  });

  it('when balances are asked, then the account list alone is read: it carries them', async () => {
    const [balances] = await countCoreCalls(
      core,
      TEMENOS_CASES.filter((c) => c.endpoint === 'balances (2 of 5)'),
    );
    expect(balances!.called).toEqual(['GET /api/v4.1.0/holdings/accounts']);
  });

  it('when a transaction list and its detail are asked, then each reads what its table row says, in that order', async () => {
    const counts = await countCoreCalls(
      core,
      TEMENOS_CASES.filter((c) =>
        [
          'transactions (everyday, March 2026: none pending)',
          'transaction detail (posted)',
        ].includes(c.endpoint),
      ),
    );
    const list = 'GET /api/v1.0.0/holdings/transactions';
    expect(counts.map((c) => c.called)).toEqual([
      ['GET /api/v4.1.0/holdings/accounts', list, list],
      ['GET /api/v4.1.0/holdings/accounts', list],
    ]);
  });

  it('when the same request comes twice, then the second reads everything again (no reads kept between requests)', async () => {
    const accounts = TEMENOS_CASES.filter((c) => c.endpoint === 'accounts (2 of 5 by id)');
    const counts = await countCoreCalls(core, [...accounts, ...accounts]);
    expect(counts.map((c) => c.calls)).toEqual([2, 2]);
  });
});
