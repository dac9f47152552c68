/**
 * How many calls one gateway request makes to a core, cold (every cache lifetime 0), counted on
 * the simulators' request logs: the Fineract and Temenos simulators' HTTP requests and the Kraken
 * simulator's GraphQL operations (Kraken's token exchange left out: it is made once per token
 * lifetime, not per request). The cases are the endpoints each adapter serves, for customer 1 of
 * the Fineract and Kraken data sets and customer 100100 of the Temenos one; the component tests
 * assert their counts, and `npm run core-calls` prints them as the table of docs/benchmarks.md.
 */
import type { FineractSimulator } from '../../adapters/fineract/simulator/simulator';
import type { KrakenSimulator } from '../../adapters/kraken/simulator/simulator';
import type { TemenosSimulator } from '../../adapters/temenos/simulator/simulator';
import { startGateway, type TestGateway } from './gateway';
import { type Env, fineractSimEnv, krakenSimEnv, temenosSimEnv } from './simulator-env';

export { NO_CACHE } from './simulator-env';

/** One request of the table. */
export interface CoreCallCase {
  /** The endpoint as the table names it. */
  endpoint: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** The answer's status (a case that fails before reaching the core would count nothing). */
  status: number;
}

const ids = (accountIds: string[]) => ({ data: { accountIds } });
const FDX_WINDOW = 'startTime=2026-01-01&endTime=2026-01-31';

/** Fineract's customer 1 has 8 accounts: sav-1 to sav-4, fd-5, rd-6, loan-1 and loan-2. */
export const FINERACT_CASES: readonly CoreCallCase[] = [
  {
    endpoint: 'authorisation list',
    method: 'GET',
    path: '/auth/v1/customer/1/accounts',
    status: 200,
  },
  { endpoint: 'customer detail', method: 'GET', path: '/v1/common/customer/1/detail', status: 200 },
  { endpoint: 'customer identity', method: 'GET', path: '/auth/v1/customer/1', status: 200 },
  {
    endpoint: 'accounts (all 8)',
    method: 'GET',
    path: '/v1/banking/customer/1/accounts',
    status: 200,
  },
  {
    endpoint: 'accounts (2 of 8 by id)',
    method: 'POST',
    path: '/v1/banking/customer/1/accounts',
    body: ids(['sav-1', 'loan-1']),
    status: 200,
  },
  {
    endpoint: 'balances (2 of 8)',
    method: 'POST',
    path: '/v1/banking/customer/1/accounts/balances',
    body: ids(['sav-1', 'loan-1']),
    status: 200,
  },
  {
    endpoint: 'direct debits (2 of 8)',
    method: 'POST',
    path: '/v1/banking/customer/1/accounts/direct-debits',
    body: ids(['sav-1', 'sav-2']),
    status: 200,
  },
  {
    endpoint: 'scheduled payments (2 of 8)',
    method: 'POST',
    path: '/v1/banking/customer/1/payments/scheduled',
    body: ids(['sav-1', 'sav-2']),
    status: 200,
  },
  {
    endpoint: 'scheduled payments of one account',
    method: 'GET',
    path: '/v1/banking/customer/1/accounts/sav-1/payments/scheduled',
    status: 200,
  },
  {
    endpoint: 'instalment plans (1 loan of 8)',
    method: 'POST',
    path: '/v1/banking/customer/1/accounts/payments/plans',
    body: ids(['loan-1']),
    status: 200,
  },
  { endpoint: 'payees', method: 'GET', path: '/v1/banking/customer/1/payees', status: 200 },
  {
    endpoint: 'FDX transactions (savings, one page)',
    method: 'GET',
    path: `/fdx/v6/customer/1/accounts/sav-1/transactions?${FDX_WINDOW}`,
    status: 200,
  },
  {
    endpoint: 'FDX statements',
    method: 'GET',
    path: '/fdx/v6/customer/1/accounts/sav-1/statements',
    status: 200,
  },
  {
    endpoint: 'FDX statement document (none in Fineract)',
    method: 'GET',
    path: '/fdx/v6/customer/1/accounts/sav-1/statements/s-1',
    status: 404,
  },
  {
    endpoint: 'account detail (1 of 8)',
    method: 'GET',
    path: '/v1/banking/customer/1/accounts/sav-1',
    status: 200,
  },
  {
    endpoint: 'transactions (savings, March 2026: 10)',
    method: 'GET',
    path: '/v1/banking/customer/1/accounts/sav-1/transactions?oldest-time=2026-03-01T00:00:00Z&newest-time=2026-03-31T23:59:59Z&page-size=5',
    status: 200,
  },
  {
    endpoint: 'transaction detail (savings)',
    method: 'GET',
    path: '/v1/banking/customer/1/accounts/sav-1/transactions/1004',
    status: 200,
  },
  {
    endpoint: 'instalment plans of one loan',
    method: 'GET',
    path: '/v1/banking/customer/1/accounts/loan-1/payments/plans',
    status: 200,
  },
  {
    endpoint: 'FDX accounts (2 of 8)',
    method: 'POST',
    path: '/fdx/v6/customer/1/accounts',
    body: ids(['sav-1', 'loan-1']),
    status: 200,
  },
  {
    endpoint: 'FDX account detail',
    method: 'GET',
    path: '/fdx/v6/customer/1/accounts/sav-1',
    status: 200,
  },
  {
    endpoint: 'FDX account contact',
    method: 'GET',
    path: '/fdx/v6/customer/1/accounts/sav-1/contact',
    status: 200,
  },
  {
    endpoint: 'FDX payment networks',
    method: 'GET',
    path: '/fdx/v6/customer/1/accounts/sav-1/payment-networks',
    status: 200,
  },
];

/** Fineract's settings of the counts: those of the Fineract component tests. */
export function fineractCountEnv(sim: FineractSimulator): Env {
  // Every answer checked against its operation's contract: one out of it fails the case (502).
  return { ...fineractSimEnv(sim), ADAPTER_OUTPUT_CHECK: 'enforce' };
}

const TEMENOS_BANKING = '/v1/banking/customer/100100';
const TEMENOS_FDX = '/fdx/v6/customer/100100/accounts';

/** Transact's customer 100100's identity and banking endpoints: 5 accounts, one of them joint. */
const TEMENOS_CUSTOMER_CASES: readonly CoreCallCase[] = [
  {
    endpoint: 'authorisation list',
    method: 'GET',
    path: '/auth/v1/customer/100100/accounts',
    status: 200,
  },
  {
    endpoint: 'customer detail',
    method: 'GET',
    path: '/v1/common/customer/100100/detail',
    status: 200,
  },
  { endpoint: 'customer identity', method: 'GET', path: '/auth/v1/customer/100100', status: 200 },
  {
    endpoint: 'customer search (a signatory: herself and the business)',
    method: 'POST',
    path: '/auth/v1/customer/search',
    body: { email: 'priya.sharma@example.com' },
    status: 200,
  },
  { endpoint: 'accounts (all 5)', method: 'GET', path: `${TEMENOS_BANKING}/accounts`, status: 200 },
  {
    endpoint: 'accounts (2 of 5 by id)',
    method: 'POST',
    path: `${TEMENOS_BANKING}/accounts`,
    body: ids(['10000183', '10000213']),
    status: 200,
  },
  {
    endpoint: 'balances (2 of 5)',
    method: 'POST',
    path: `${TEMENOS_BANKING}/accounts/balances`,
    body: ids(['10000183', '10000213']),
    status: 200,
  },
  {
    endpoint: 'direct debits (2 of 5)',
    method: 'POST',
    path: `${TEMENOS_BANKING}/accounts/direct-debits`,
    body: ids(['10000183', '10000221']),
    status: 200,
  },
  {
    endpoint: 'scheduled payments (2 of 5)',
    method: 'POST',
    path: `${TEMENOS_BANKING}/payments/scheduled`,
    body: ids(['10000183', '10000221']),
    status: 200,
  },
  {
    endpoint: 'scheduled payments of one account',
    method: 'GET',
    path: `${TEMENOS_BANKING}/accounts/10000183/payments/scheduled`,
    status: 200,
  },
  {
    endpoint: 'instalment plans (1 loan of 5; none in Transact)',
    method: 'POST',
    path: `${TEMENOS_BANKING}/accounts/payments/plans`,
    body: ids(['10000213']),
    status: 404,
  },
  { endpoint: 'payees', method: 'GET', path: `${TEMENOS_BANKING}/payees`, status: 200 },
];

/** Transact's customer 100100's account reads, transactions and FDX endpoints. */
const TEMENOS_ACCOUNT_CASES: readonly CoreCallCase[] = [
  {
    endpoint: 'account detail (1 of 5)',
    method: 'GET',
    path: `${TEMENOS_BANKING}/accounts/10000183`,
    status: 200,
  },
  {
    endpoint: 'transactions (everyday, March 2026: none pending)',
    method: 'GET',
    path: `${TEMENOS_BANKING}/accounts/10000183/transactions?oldest-time=2026-03-01T00:00:00Z&newest-time=2026-03-31T23:59:59Z&page-size=5`,
    status: 200,
  },
  {
    endpoint: 'transactions (everyday, November 2026: 3 pending)',
    method: 'GET',
    path: `${TEMENOS_BANKING}/accounts/10000183/transactions?oldest-time=2026-11-01T00:00:00Z&newest-time=2026-11-30T23:59:59Z&page-size=5`,
    status: 200,
  },
  {
    endpoint: 'transaction detail (posted)',
    method: 'GET',
    path: `${TEMENOS_BANKING}/accounts/10000183/transactions/260600000000096.000001`,
    status: 200,
  },
  {
    endpoint: 'FDX transactions (everyday, one page)',
    method: 'GET',
    path: `${TEMENOS_FDX}/10000183/transactions?${FDX_WINDOW}`,
    status: 200,
  },
  {
    endpoint: 'FDX statements',
    method: 'GET',
    path: `${TEMENOS_FDX}/10000183/statements`,
    status: 200,
  },
  {
    endpoint: 'FDX statement document (none in Transact)',
    method: 'GET',
    path: `${TEMENOS_FDX}/10000183/statements/s-1`,
    status: 404,
  },
  {
    endpoint: 'FDX accounts (2 of 5)',
    method: 'POST',
    path: TEMENOS_FDX,
    body: ids(['10000183', '10000213']),
    status: 200,
  },
  {
    endpoint: 'FDX account detail (deposit)',
    method: 'GET',
    path: `${TEMENOS_FDX}/10000183`,
    status: 200,
  },
  {
    endpoint: 'FDX account detail (loan)',
    method: 'GET',
    path: `${TEMENOS_FDX}/10000213`,
    status: 200,
  },
  {
    endpoint: 'FDX account contact (joint: 2 holders)',
    method: 'GET',
    path: `${TEMENOS_FDX}/10000221/contact`,
    status: 200,
  },
  {
    endpoint: 'FDX payment networks',
    method: 'GET',
    path: `${TEMENOS_FDX}/10000183/payment-networks`,
    status: 200,
  },
];

/** Every Temenos case, customer 100100 of the simulator's data set (100400's address searched). */
export const TEMENOS_CASES: readonly CoreCallCase[] = [
  ...TEMENOS_CUSTOMER_CASES,
  ...TEMENOS_ACCOUNT_CASES,
];

/** Temenos's settings of the counts: those of the Temenos component tests. */
export function temenosCountEnv(sim: TemenosSimulator): Env {
  return { ...temenosSimEnv(sim), ADAPTER_OUTPUT_CHECK: 'enforce' };
}

/** Kraken's customer 1 and its first two served accounts (the data set is generated from a seed). */
export function krakenCases(sim: KrakenSimulator): CoreCallCase[] {
  const user = sim.data.users.find((u) => u.id === sim.data.customers['1'])!;
  const served = user.accountNumbers.filter((n) => sim.data.accounts[n]!.status !== 'VOID');
  const [first, second] = served as [string, string];
  const window = 'oldest-date=2026-01-01&newest-date=2026-12-31&page-size=100';
  const base = '/v1/energy/customer/1/accounts';
  const of = served.length;
  return [
    {
      endpoint: 'authorisation list',
      method: 'GET',
      path: '/auth/v1/customer/1/accounts',
      status: 200,
    },
    {
      endpoint: 'customer detail',
      method: 'GET',
      path: '/v1/common/customer/1/detail',
      status: 200,
    },
    { endpoint: 'customer identity', method: 'GET', path: '/auth/v1/customer/1', status: 200 },
    { endpoint: `energy accounts (all ${of})`, method: 'GET', path: base, status: 200 },
    {
      endpoint: `energy accounts (2 of ${of} by id)`,
      method: 'POST',
      path: base,
      body: ids([first, second]),
      status: 200,
    },
    {
      endpoint: `invoices (2 of ${of})`,
      method: 'POST',
      path: `${base}/invoices?${window}`,
      body: ids([first, second]),
      status: 200,
    },
    {
      endpoint: 'invoices of one account',
      method: 'GET',
      path: `${base}/${first}/invoices?${window}`,
      status: 200,
    },
    { endpoint: 'concessions', method: 'GET', path: `${base}/${first}/concessions`, status: 200 },
    {
      endpoint: 'energy account detail',
      method: 'GET',
      path: `${base}/${first}`,
      status: 200,
    },
    { endpoint: 'energy balance', method: 'GET', path: `${base}/${first}/balance`, status: 200 },
  ];
}

/** Kraken's settings of the counts: those of the Kraken component tests. */
export function krakenCountEnv(sim: KrakenSimulator): Env {
  return { ...krakenSimEnv(sim), ADAPTER_OUTPUT_CHECK: 'enforce' };
}

/** One case's outcome: the answer's status and the core calls it made. */
export interface CoreCallCount {
  endpoint: string;
  status: number;
  calls: number;
  /** What was called, in order (paths or GraphQL operations), for a failing assertion's message. */
  called: string[];
}

/** A gateway and the log of the core it runs on. */
export interface CountedCore {
  gw: TestGateway;
  /** Every call the core received so far, as a path or operation name. */
  calls(): string[];
}

/** Runs the cases one after the other, each counted on its own. */
export async function countCoreCalls(
  core: CountedCore,
  cases: readonly CoreCallCase[],
): Promise<CoreCallCount[]> {
  const out: CoreCallCount[] = [];
  for (const c of cases) {
    const mark = core.calls().length;
    const res = await core.gw.request(
      c.method,
      c.path,
      c.body === undefined ? {} : { body: c.body },
    );
    const called = core.calls().slice(mark);
    out.push({ endpoint: c.endpoint, status: res.status, calls: called.length, called });
  }
  return out;
}

/** The Fineract simulator's log as paths. */
export const fineractCalls = (sim: FineractSimulator) => () =>
  sim.requests.map((r) => `${r.method} ${r.path}`);

/** The Temenos simulator's log as paths. */
export const temenosCalls = (sim: TemenosSimulator) => () =>
  sim.requests.map((r) => `${r.method} ${r.path}`);

/** The Kraken simulator's log as operations, the token exchange left out. */
export const krakenCalls = (sim: KrakenSimulator) => () =>
  sim.requests
    .filter((r) => r.operationName !== 'ObtainKrakenToken')
    .map((r) => r.operationName ?? '(anonymous)');

/** A gateway on the core, its Kraken token (if any) already obtained by a first request. */
export async function countedGateway(env: Env, calls: () => string[]): Promise<CountedCore> {
  const gw = await startGateway(env);
  await gw.get('/v1/common/customer/1/detail');
  return { gw, calls };
}
