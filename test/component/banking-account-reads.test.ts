/**
 * The banking endpoints of one account in the path, through the real app on the bundled demo
 * data: its detail, its transactions (window, amounts, text, order, paging), one transaction's
 * detail, and its instalment plans (docs/api.md, "Banking: one account, its transactions and
 * plans"). Expected records are computed here from sample.json with code of their own; answers
 * are validated against the route's contract and the public CDS schemas. Every test runs with the
 * family served from the demo core and passed through to an upstream gateway on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contractErrors } from '../helpers/contracts';
import type { TestGateway, TestResponse } from '../helpers/gateway';
import { referenceErrors } from '../helpers/reference-schemas';
import { mappedGateway, passedThroughGateway, type SetupOptions } from '../helpers/upstream';

type Rec = Record<string, unknown>;
interface Transaction extends Rec {
  transactionId: string;
  description: string;
  reference: string;
  amount: string;
  status: string;
  postingDateTime?: string;
  executionDateTime?: string;
  extendedData?: Rec;
}
interface Plan extends Rec {
  creationDate: string;
  schedule: { isPaid: boolean }[];
}
interface Account extends Rec {
  accountId: string;
  transactions?: Transaction[];
  instalmentPlans?: Plan[];
}

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
const sample = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as {
  customers: { customerId: string; bankingAccounts?: Account[] }[];
};
const accountOf = (c: string, a: string) =>
  sample.customers
    .find((x) => x.customerId === c)!
    .bankingAccounts!.find((x) => x.accountId === a)!;

const NOW = '2026-11-27T09:30:00.000Z';
const YEAR_AGO = '2025-11-27T09:30:00.000Z';
const clock = () => Date.parse(NOW);
const ACC = 'acc-b-1001-01';
const base = (a = ACC, c = 'c-1001') => `/v1/banking/customer/${c}/accounts/${a}`;

const EXTRAS = new Set([
  'subtitle',
  'balance',
  'directDebits',
  'scheduledPayments',
  'instalmentPlans',
  'transactions',
  'fdx',
  'sharingRefusal',
]);
const withoutExtras = (a: Account): Rec =>
  Object.fromEntries(Object.entries(a).filter(([k]) => !EXTRAS.has(k)));

const effective = (t: Transaction) => Date.parse(t.postingDateTime ?? t.executionDateTime!);
/** A transaction as the list serves it: the file record, its account, whether detail exists. */
const listed = (accountId: string, t: Transaction): Rec => {
  const { extendedData, ...rest } = t;
  return { ...rest, accountId, isDetailAvailable: extendedData !== undefined };
};

interface Filter {
  oldest?: string;
  newest?: string;
  min?: number;
  max?: number;
  text?: string;
}
/** The expected transactions of `filter`, newest effective time first, ties by id. */
function expectedTransactions(c: string, a: string, f: Filter = {}): Rec[] {
  const from = Date.parse(f.oldest ?? YEAR_AGO);
  const to = Date.parse(f.newest ?? NOW);
  const text = f.text?.toLowerCase();
  return (accountOf(c, a).transactions ?? [])
    .filter((t) => effective(t) >= from && effective(t) <= to)
    .filter((t) => f.min === undefined || Number(t.amount) >= f.min)
    .filter((t) => f.max === undefined || Number(t.amount) <= f.max)
    .filter(
      (t) =>
        text === undefined ||
        t.description.toLowerCase().includes(text) ||
        t.reference.toLowerCase().includes(text),
    )
    .sort(
      (x, y) =>
        effective(y) - effective(x) ||
        (x.transactionId < y.transactionId ? -1 : x.transactionId > y.transactionId ? 1 : 0),
    )
    .map((t) => listed(a, t));
}

const expectError = (res: TestResponse, status: number, error: string) =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });
const page = (records: Rec[], size = 25, n = 1) => records.slice((n - 1) * size, n * size);

describe.each([
  ['served from the core', (o: SetupOptions) => mappedGateway(o)],
  ['passed through to an upstream', (o: SetupOptions) => passedThroughGateway('banking', o)],
])('banking accounts in the path, %s', (_name, setup) => {
  let gw: TestGateway;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ gw, stop } = await setup({ now: clock }));
  });
  afterAll(() => stop());

  const routeOf = (op: string) => gw.gateway.routes.find((r) => r.operationId === op)!;
  /** 200, valid against the route's contract and the CDS or FDX schema the platform names. */
  const expectValid = (op: string, res: TestResponse) => {
    expect(res.status).toBe(200);
    expect(contractErrors(routeOf(op).response, res.body)).toEqual([]);
    expect(referenceErrors(op, res.body)).toEqual([]);
  };

  describe("an account's detail", () => {
    it.each(['acc-b-1001-01', 'acc-b-1001-03', 'acc-b-1001-07', 'acc-b-1001-16'])(
      'when %s is asked, then it is the record the POST detail gives for it',
      async (accountId) => {
        const res = await gw.get(base(accountId));
        expectValid('getBankingAccount', res);
        const posted = await gw.post('/v1/banking/customer/c-1001/accounts', {
          data: { accountIds: [accountId] },
        });
        expect(res.body).toEqual({ data: posted.body.data.accounts[0] });
        expect(res.body.data).toEqual(withoutExtras(accountOf('c-1001', accountId)));
      },
    );

    it("when another customer's account or an unknown one is asked, then both are 404 Account not found, alike", async () => {
      const other = await gw.get(base('acc-b-1002-01'));
      const unknown = await gw.get(base('acc-b-nope'));
      expectError(other, 404, 'Account not found');
      expect(unknown.text).toBe(other.text);
      expectError(await gw.get(base(ACC, 'c-9999')), 404, 'Customer not found');
    });
  });

  describe('transactions', () => {
    const list = (query = '', a = ACC, c = 'c-1001') =>
      gw.get(`${base(a, c)}/transactions${query ? `?${query}` : ''}`);

    it('when asked with no query, then the last 12 months come back newest first, 25 a page, with the window in the links', async () => {
      const all = expectedTransactions('c-1001', ACC);
      expect(all.length).toBeGreaterThan(100);
      expect(all.length).toBeLessThan(accountOf('c-1001', ACC).transactions!.length);
      const res = await list();
      expectValid('listBankingTransactions', res);
      const window = `oldest-time=${encodeURIComponent(YEAR_AGO)}&newest-time=${encodeURIComponent(NOW)}`;
      const last = Math.ceil(all.length / 25);
      expect(res.body).toEqual({
        data: { transactions: page(all) },
        links: {
          next: `page=2&page-size=25&${window}`,
          last: `page=${last}&page-size=25&${window}`,
        },
        meta: { totalRecords: all.length, totalPages: last },
      });
    });

    it('when every page is walked by its next link, then each transaction comes once, in order', async () => {
      const all = expectedTransactions('c-1001', ACC);
      const seen: Rec[] = [];
      let next: string | undefined = 'page-size=40';
      while (next !== undefined) {
        const res = await list(next);
        expectValid('listBankingTransactions', res);
        seen.push(...(res.body.data.transactions as Rec[]));
        next = res.body.links.next as string | undefined;
      }
      expect(seen).toEqual(all);
    });

    it.each<[string, string, Filter]>([
      [
        'a window',
        'oldest-time=2026-03-01T00:00:00Z&newest-time=2026-06-30T23:59:59Z',
        { oldest: '2026-03-01T00:00:00Z', newest: '2026-06-30T23:59:59Z' },
      ],
      [
        'a window written with an offset',
        'oldest-time=2026-03-01T10:00:00%2B10:00&newest-time=2026-04-01T10:00:00%2B10:00',
        { oldest: '2026-03-01T00:00:00Z', newest: '2026-04-01T00:00:00Z' },
      ],
      ['money out of 100 or less', 'min-amount=-100&max-amount=0', { min: -100, max: 0 }],
      ['money in from 100', 'min-amount=100.00', { min: 100 }],
      ['an exact amount', 'min-amount=-100.00&max-amount=-100', { min: -100, max: -100 }],
      ['text in any case', 'text=HOLIDAY', { text: 'holiday' }],
      [
        'everything at once',
        'oldest-time=2024-01-01T00:00:00Z&text=card&max-amount=-10',
        { oldest: '2024-01-01T00:00:00Z', text: 'card', max: -10 },
      ],
    ])(
      'when filtered by %s, then exactly the matching transactions come back',
      async (_what, query, filter) => {
        const expected = expectedTransactions('c-1001', ACC, filter);
        expect(expected.length).toBeGreaterThan(0);
        const res = await list(`${query}&page-size=1000`);
        expectValid('listBankingTransactions', res);
        expect(res.body.data.transactions).toEqual(expected);
        expect(res.body.meta).toEqual({ totalRecords: expected.length, totalPages: 1 });
      },
    );

    it('when the window holds pending transactions, then they are placed by their execution time', async () => {
      const all = expectedTransactions('c-1001', ACC, { oldest: '2024-01-01T00:00:00Z' });
      const pending = all.filter((t) => t.status === 'PENDING');
      expect(pending.length).toBeGreaterThan(0);
      const res = await list('oldest-time=2024-01-01T00:00:00Z&page-size=1000');
      expect(res.body.data.transactions).toEqual(all);
    });

    it.each([
      ['oldest-time', 'oldest-time=2026-01-01'],
      ['oldest-time', 'oldest-time=2026-01-01T00:00:00'],
      ['oldest-time', 'oldest-time=2026-02-30T00:00:00Z'],
      ['oldest-time', 'oldest-time=1899-12-31T23:59:59Z'],
      ['oldest-time', 'oldest-time=2026-06-30T23:59:60Z'],
      ['newest-time', 'newest-time=yesterday'],
      ['oldest-time', 'oldest-time=2026-02-01T00:00:00Z&newest-time=2026-01-01T00:00:00Z'],
      ['min-amount', 'min-amount=ten'],
      ['min-amount', 'min-amount=1e3'],
      ['max-amount', 'max-amount=-'],
      ['min-amount', 'min-amount=10&max-amount=9.99'],
      ['text', 'text='],
      ['text', `text=${'x'.repeat(257)}`],
      ['text', 'text=a&text=b'],
      ['page-size', 'page-size=1001'],
    ])('when the query has a bad %s (%s), then it is 400 naming it', async (field, query) => {
      expectError(await list(query), 400, `Invalid field: ${field}`);
    });

    it('when a page after the last is asked, then it is 422 naming the last page, even a page no core could seek to', async () => {
      const n = expectedTransactions('c-1001', ACC).length;
      const last = Math.ceil(n / 25);
      expectError(await list(`page=${last + 1}`), 422, `Invalid page: the last page is ${last}`);
      expectError(
        await list('page=999999999999999&page-size=1000'),
        422,
        `Invalid page: the last page is ${Math.ceil(n / 1000)}`,
      );
    });

    it('when the window holds none, then page 1 is empty with links {}', async () => {
      const res = await list('newest-time=2020-01-01T00:00:00Z');
      expectValid('listBankingTransactions', res);
      expect(res.body).toEqual({
        data: { transactions: [] },
        links: {},
        meta: { totalRecords: 0, totalPages: 0 },
      });
    });

    it("when another customer's account, a refused one, or an unknown customer is asked, then it is the account's 404", async () => {
      expectError(await list('', 'acc-b-1002-01'), 404, 'Account not found');
      const blocked = await list('', 'acc-b-2001-02', 'c-2001');
      expectError(blocked, 404, 'Account not found');
      expect(blocked.headers.get('x-sharing-refused')).toBe('true');
      expectError(await list('', ACC, 'c-9999'), 404, 'Customer not found');
      const harmed = await list('', 'acc-b-2002-01', 'c-2002');
      expectError(harmed, 403, 'Sharing refused');
    });
  });

  describe("a transaction's detail", () => {
    const txs = accountOf('c-1001', ACC).transactions!;
    const detailed = txs.find((t) => t.extendedData !== undefined)!;
    const plain = txs.find((t) => t.extendedData === undefined)!;
    const detail = (id: string, a = ACC, c = 'c-1001') =>
      gw.get(`${base(a, c)}/transactions/${encodeURIComponent(id)}`);

    it.each([
      ['with NPP data', detailed],
      ['without extended data', plain],
    ])(
      'when a transaction %s is asked, then it is its list record with extendedData',
      async (_what, t) => {
        const res = await detail(t.transactionId);
        expectValid('getBankingTransaction', res);
        expect(res.body).toEqual({
          data: { ...listed(ACC, t), extendedData: t.extendedData ?? {} },
        });
      },
    );

    it("when an unknown id, or another account's transaction, is asked, then it is 404 Transaction not found", async () => {
      expectError(await detail('btx-nope'), 404, 'Transaction not found');
      const other = accountOf('c-1001', 'acc-b-1001-02').transactions![0]!;
      expectError(await detail(other.transactionId), 404, 'Transaction not found');
      expectError(await detail(detailed.transactionId, 'acc-b-1002-01'), 404, 'Account not found');
    });
  });

  describe("an account's instalment plans", () => {
    const plans = (a: string, query = '') =>
      gw.get(`${base(a)}/payments/plans${query ? `?${query}` : ''}`);
    const state = (p: Plan) => (p.schedule.some((s) => !s.isPaid) ? 'ACTIVE' : 'INACTIVE');
    const expected = (a: string, wanted: string) =>
      (accountOf('c-1001', a).instalmentPlans ?? [])
        .map((p) => ({ accountId: a, ...p }))
        .filter((p) => wanted === 'ALL' || state(p) === wanted)
        .sort((x, y) => (x.creationDate < y.creationDate ? 1 : -1));
    const withPlans = accountOf('c-1001', ACC).instalmentPlans ? ACC : 'acc-b-1001-02';

    it.each(['ACTIVE', 'INACTIVE', 'ALL'])(
      'when plan-status is %s, then the POST answer for this one account comes back',
      async (status) => {
        const res = await plans(withPlans, `plan-status=${status}&page-size=1000`);
        expectValid('listInstalmentPlansForAccount', res);
        const exp = expected(withPlans, status);
        expect(res.body.data.plans).toEqual(exp);
        const posted = await gw.post(
          `/v1/banking/customer/c-1001/accounts/payments/plans?plan-status=${status}&page-size=1000`,
          { data: { accountIds: [withPlans] } },
        );
        expect(res.body).toEqual(posted.body);
      },
    );

    it('when the account type has no instalment plans, then it is 404 resource not implemented', async () => {
      const none = accountOf('c-1001', 'acc-b-1001-04').instalmentPlans;
      expect(none).toBeUndefined();
      expectError(await plans('acc-b-1001-04'), 404, 'resource not implemented');
      expectError(await plans(withPlans, 'plan-status=PAID'), 400, 'Invalid field: plan-status');
    });
  });
});
