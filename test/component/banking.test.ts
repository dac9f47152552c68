/**
 * The banking endpoints through the real app on the bundled demo data: rows 2, 3, 5, 7, 8, 10, 11
 * and the scheduled payments POST (docs/api.md: requests, bodies,
 * paging, errors, order). Every expected record is
 * computed here from sample.json with small code of its own, never with the gateway's services
 * or mappers. Every test runs twice: with the family served from the demo core, and passed
 * through to an upstream gateway on the demo core.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contractErrors } from '../helpers/contracts';
import type { TestGateway, TestResponse } from '../helpers/gateway';
import { mappedGateway, passedThroughGateway } from '../helpers/upstream';

type Rec = Record<string, unknown>;
type Query = Record<string, string>;
interface Plan extends Rec {
  creationDate: string;
  schedule: { isPaid: boolean }[];
}
interface Account extends Rec {
  accountId: string;
  openStatus?: string;
  isOwned?: boolean;
  productCategory: string;
  balance?: Rec;
  directDebits?: Rec[];
  scheduledPayments?: Rec[];
  instalmentPlans?: Plan[];
}
interface Customer {
  customerId: string;
  payees: (Rec & { type: string })[];
  bankingAccounts: Account[];
}

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
const sample = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as { customers: Customer[] };
const customer = (id: string) => sample.customers.find((c) => c.customerId === id)!;
const accountsOf = (id: string) => customer(id).bankingAccounts;
const ALL_1001 = accountsOf('c-1001').map((a) => a.accountId);

const EXTRAS =
  'subtitle balance directDebits scheduledPayments instalmentPlans transactions fdx'.split(' ');
/** A demo extra as a JSON key anywhere in a response text. */
const EXTRA_KEY = new RegExp(`"(${EXTRAS.join('|')})":`);
const withoutExtras = (a: Account): Rec =>
  Object.fromEntries(Object.entries(a).filter(([k]) => !EXTRAS.includes(k)));

/** The customer's accounts among `ids` (all when undefined), in file order, narrowed by `q`. */
function select(customerId: string, ids: string[] | undefined, q: Query): Account[] {
  const status = q['open-status'] ?? 'ALL';
  return accountsOf(customerId).filter(
    (a) =>
      (ids === undefined || ids.includes(a.accountId)) &&
      (status === 'ALL' || (a.openStatus ?? 'OPEN') === status) &&
      (q['is-owned'] === undefined || String(a.isOwned ?? true) === q['is-owned']) &&
      (q['product-category'] === undefined || a.productCategory === q['product-category']),
  );
}
const expectedAccounts = (c: string, ids: string[] | undefined, q: Query) =>
  select(c, ids, q).map(withoutExtras);
const expectedBalances = (c: string, ids: string[], q: Query) =>
  select(c, ids, q).map((a) => ({ accountId: a.accountId, ...a.balance }));
const expectedDebits = (c: string, ids: string[], q: Query) =>
  select(c, ids, q).flatMap((a) =>
    (a.directDebits ?? []).map((d) => ({ accountId: a.accountId, ...d })),
  );
const expectedScheduled = (c: string, ids: string[], q: Query) =>
  select(c, ids, q).flatMap((a) => a.scheduledPayments ?? []);
const planState = (p: Plan) => (p.schedule.some((s) => !s.isPaid) ? 'ACTIVE' : 'INACTIVE');
const newestFirst = (x: Plan, y: Plan) => (x.creationDate < y.creationDate ? 1 : -1);
function expectedPlans(c: string, ids: string[], q: Query): Plan[] {
  const wanted = q['plan-status'] ?? 'ACTIVE';
  return select(c, ids, {})
    .flatMap((a) => (a.instalmentPlans ?? []).map((p) => ({ accountId: a.accountId, ...p })))
    .filter((p) => wanted === 'ALL' || planState(p) === wanted)
    .sort(newestFirst);
}
const expectedPayees = (c: string, q: Query) =>
  customer(c).payees.filter((p) => (q.type ?? 'ALL') === 'ALL' || p.type === q.type);

const parse = (query: string): Query => Object.fromEntries(new URLSearchParams(query));
const and = (...parts: string[]) => parts.filter(Boolean).join('&');
const lastPage = (n: number, size = 25) => Math.ceil(n / size);
/** The expected body of a set that fits on one page (or is empty): links {}. */
const pageBody = (key: string, records: unknown[]) => ({
  data: { [key]: records },
  links: {},
  meta: { totalRecords: records.length, totalPages: records.length ? 1 : 0 },
});
/** The expected body of one page of a larger set. */
const paged = (key: string, recs: unknown[], links: Rec, total: number, pages: number) => ({
  data: { [key]: recs },
  links,
  meta: { totalRecords: total, totalPages: pages },
});

interface Endpoint {
  op: string;
  path: (customerId: string) => string;
  key: string;
  /** The query parameters the route takes (default: paging and the account filters). */
  params?: string[];
  /** POST endpoints only: c-1001 ids that have records, in file order (the default body). */
  ids?: string[];
  /** POST only: a query that narrows `ids` to a smaller, non-empty set. */
  narrow?: string;
  expected: (customerId: string, ids: string[], q: Query) => Rec[];
}

const ACCOUNT_PARAMS = ['page', 'page-size', 'product-category', 'open-status', 'is-owned'];
const SP_ACCOUNT = 'acc-b-1001-01';
const POSTS: Endpoint[] = [
  {
    op: 'listSpecificBankingAccounts',
    path: (c) => `/v1/banking/customer/${c}/accounts`,
    key: 'accounts',
    ids: ['acc-b-1001-01', 'acc-b-1001-02', 'acc-b-1001-06', 'acc-b-1001-09', 'acc-b-1001-10'],
    narrow: 'is-owned=true&open-status=OPEN',
    expected: expectedAccounts,
  },
  {
    op: 'listInstalmentPlans',
    path: (c) => `/v1/banking/customer/${c}/accounts/payments/plans`,
    key: 'plans',
    params: ['page', 'page-size', 'plan-status'],
    ids: ['acc-b-1001-01', 'acc-b-1001-02', 'acc-b-1001-16', 'acc-b-1001-19'],
    narrow: 'plan-status=INACTIVE',
    expected: expectedPlans,
  },
  {
    op: 'listDirectDebits',
    path: (c) => `/v1/banking/customer/${c}/accounts/direct-debits`,
    key: 'directDebitAuthorisations',
    ids: ['acc-b-1001-01', 'acc-b-1001-05', 'acc-b-1001-10', 'acc-b-1001-18'],
    narrow: 'product-category=OVERDRAFTS',
    expected: expectedDebits,
  },
  {
    op: 'listBalances',
    path: (c) => `/v1/banking/customer/${c}/accounts/balances`,
    key: 'balances',
    ids: ['acc-b-1001-01', 'acc-b-1001-06', 'acc-b-1001-07', 'acc-b-1001-09', 'acc-b-1001-16'],
    narrow: 'open-status=CLOSED',
    expected: expectedBalances,
  },
  {
    op: 'listScheduledPayments',
    path: (c) => `/v1/banking/customer/${c}/payments/scheduled`,
    key: 'scheduledPayments',
    ids: ['acc-b-1001-01', 'acc-b-1001-05', 'acc-b-1001-10', 'acc-b-1001-18'],
    narrow: 'is-owned=true&product-category=TRANS_AND_SAVINGS_ACCOUNTS',
    expected: expectedScheduled,
  },
];
const GETS: Endpoint[] = [
  {
    op: 'listBankingAccounts',
    path: (c) => `/v1/banking/customer/${c}/accounts`,
    key: 'accounts',
    expected: (c, _ids, q) => expectedAccounts(c, undefined, q),
  },
  {
    op: 'listScheduledPaymentsForAccount',
    path: (c) => `/v1/banking/customer/${c}/accounts/${SP_ACCOUNT}/payments/scheduled`,
    key: 'scheduledPayments',
    params: ['page', 'page-size'],
    expected: (c) => expectedScheduled(c, [SP_ACCOUNT], {}),
  },
  {
    op: 'listPayees',
    path: (c) => `/v1/banking/customer/${c}/payees`,
    key: 'payees',
    params: ['page', 'page-size', 'type'],
    expected: (c, _ids, q) => expectedPayees(c, q),
  },
];
const ENDPOINTS = [...GETS, ...POSTS];
const paramsOf = (ep: Endpoint) => ep.params ?? ACCOUNT_PARAMS;
const byOp = (op: string) => ENDPOINTS.find((e) => e.op === op)!;
const table = (eps: Endpoint[]) => eps.map((e) => [e.op, e] as const);

/** Account filter queries (every value of each filter, a few categories, combinations). */
const FILTERS = [
  '',
  ...[
    'TRANS_AND_SAVINGS_ACCOUNTS',
    'CRED_AND_CHRG_CARDS',
    'OVERDRAFTS',
    'TERM_DEPOSITS',
    'LEASES',
  ].map((c) => `product-category=${c}`),
  ...['ALL', 'OPEN', 'CLOSED'].map((v) => `open-status=${v}`),
  'is-owned=true',
  'is-owned=false',
  'product-category=TRANS_AND_SAVINGS_ACCOUNTS&open-status=OPEN&is-owned=true',
  'product-category=BUSINESS_LOANS&open-status=CLOSED&is-owned=false',
];
const BAD_VALUES: Record<string, string[]> = {
  page: ['0', '-1', 'abc', '1.5', ''],
  'page-size': ['0', '1001', 'ten'],
  'product-category': ['SAVINGS', 'trans_and_savings_accounts'],
  'open-status': ['open', 'BOTH'],
  'is-owned': ['yes', 'TRUE', '1'],
  'plan-status': ['active', 'PAID'],
  type: ['biller', 'ACCOUNT'],
};
const GOOD_VALUES: Record<string, string> = {
  page: '1',
  'page-size': '5',
  'product-category': 'LEASES',
  'open-status': 'ALL',
  'is-owned': 'true',
  'plan-status': 'ALL',
  type: 'ALL',
};

describe.each([
  ['served from the core', mappedGateway],
  ['passed through to an upstream', () => passedThroughGateway('banking')],
])('banking endpoints, %s', (_name, setup) => {
  let gw: TestGateway;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ gw, stop } = await setup());
  });
  afterAll(() => stop());

  const routeOf = (op: string) => gw.gateway.routes.find((r) => r.operationId === op)!;
  /** Calls `ep` for `customerId` with `query` and (POST) a body of `ids`. */
  const call = (ep: Endpoint, c: string, query = '', ids = ep.ids): Promise<TestResponse> => {
    const target = query ? `${ep.path(c)}?${query}` : ep.path(c);
    return ep.ids === undefined ? gw.get(target) : gw.post(target, { data: { accountIds: ids } });
  };
  const raw = (ep: Endpoint, rawBody: string, contentType = 'application/json') =>
    gw.request('POST', ep.path('c-1001'), { rawBody, headers: { 'content-type': contentType } });
  const records = (ep: Endpoint, res: TestResponse) => res.body.data[ep.key] as Rec[];
  const expectError = (res: TestResponse, status: number, error: string) =>
    expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });
  /** 200, valid against the route's response contract, and exactly `expected`. */
  const expectPage = (ep: Endpoint, res: TestResponse, expected: unknown) => {
    expect(res.status).toBe(200);
    expect(contractErrors(routeOf(ep.op).response, res.body)).toEqual([]);
    expect(res.body).toEqual(expected);
  };
  const expectSame404 = (a: TestResponse, b: TestResponse, error: string) => {
    expectError(a, 404, error);
    expect({ status: b.status, text: b.text }).toEqual({ status: a.status, text: a.text });
  };

  describe.each(table(ENDPOINTS))('%s (every endpoint)', (_op, ep) => {
    const all = () => ep.expected('c-1001', ep.ids ?? [], {});

    it('when called with defaults, then page 1 validates and holds the file records', async () => {
      expect(all().length).toBeGreaterThan(0);
      const res = await call(ep, 'c-1001');
      expect(res.status).toBe(200);
      expect(contractErrors(routeOf(ep.op).response, res.body)).toEqual([]);
      expect(records(ep, res)).toEqual(all().slice(0, 25));
      const n = all().length;
      expect(res.body.meta).toEqual({ totalRecords: n, totalPages: lastPage(n) });
    });

    it('when called with page-size 1000, then all records are on one page, links {}', async () => {
      const res = await call(ep, 'c-1001', 'page-size=1000');
      expectPage(ep, res, pageBody(ep.key, all()));
      expect(JSON.stringify(records(ep, res))).not.toMatch(EXTRA_KEY);
    });

    it('when called for an unknown customer, then it is 404 Customer not found', async () => {
      expectError(await call(ep, 'c-9999'), 404, 'Customer not found');
    });

    it.each(paramsOf(ep).flatMap((p) => BAD_VALUES[p]!.map((v) => [`${p}=${v}`, p])))(
      'when it gets %j, then it is 400 Invalid field: %s',
      async (query, name) => {
        expectError(await call(ep, 'c-1001', query), 400, `Invalid field: ${name}`);
      },
    );

    it.each(paramsOf(ep).map((p) => [`${p}=${GOOD_VALUES[p]}&${p}=${GOOD_VALUES[p]}`, p]))(
      'when it gets the repeated %j, then it is 400 Invalid field: %s',
      async (query, name) => {
        expectError(await call(ep, 'c-1001', query), 400, `Invalid field: ${name}`);
      },
    );

    it('when it gets unknown parameters, then they are ignored', async () => {
      const plain = await call(ep, 'c-1001');
      const res = await call(ep, 'c-1001', 'foo=bar&Page=9&PAGE-SIZE=x&oldest-date=bad');
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: plain.body });
    });

    it('when asked for the page after the last, then it is 422 naming the last page', async () => {
      const last = lastPage(all().length);
      const res = await call(ep, 'c-1001', `page=${last + 1}`);
      expectError(res, 422, `Invalid page: the last page is ${last}`);
      const far = await call(ep, 'c-1001', 'page=999999999&page-size=1000');
      expectError(far, 422, 'Invalid page: the last page is 1');
    });

    if (ep.op !== 'listBankingAccounts') {
      it('when it answers, then it sends no Deprecation or Link header', async () => {
        const res = await call(ep, 'c-1001');
        expect([res.headers.get('deprecation'), res.headers.get('link')]).toEqual([null, null]);
      });
    }
  });

  // [operation, query (filters out of order), page-size, the filters links carry, in order]
  const BOUNDARIES: [string, string, number, string][] = [
    ['listBankingAccounts', '', 10, '&open-status=ALL'],
    ['listScheduledPaymentsForAccount', 'type=ALL', 5, ''],
    ['listPayees', 'type=DOMESTIC', 3, '&type=DOMESTIC'],
    ['listSpecificBankingAccounts', 'is-owned=true', 1, '&open-status=ALL&is-owned=true'],
    ['listInstalmentPlans', 'open-status=OPEN', 5, '&plan-status=ACTIVE'],
    [
      'listDirectDebits',
      'open-status=OPEN&product-category=TRANS_AND_SAVINGS_ACCOUNTS',
      5,
      '&product-category=TRANS_AND_SAVINGS_ACCOUNTS&open-status=OPEN',
    ],
    ['listBalances', '', 2, '&open-status=ALL'],
    [
      'listScheduledPayments',
      'is-owned=true&open-status=OPEN',
      10,
      '&open-status=OPEN&is-owned=true',
    ],
  ];
  describe.each(BOUNDARIES)('%s paged (%j, page-size %i)', (op, query, size, filters) => {
    const ep = byOp(op);
    const all = ep.expected('c-1001', ep.ids ?? [], parse(query));
    const pages = Math.ceil(all.length / size);
    const l = (n: number) => `page=${n}&page-size=${size}${filters}`;
    const ask = (page: number) => call(ep, 'c-1001', and(query, `page-size=${size}&page=${page}`));

    it.each([
      ['first', 1, { next: l(2), last: l(pages) }],
      ['second', 2, { first: l(1), prev: l(1), next: l(3), last: l(pages) }],
      ['last', pages, { first: l(1), prev: l(pages - 1) }],
    ])(
      'when the %s page is asked, then records, links and meta are exact',
      async (_n, page, links) => {
        expect(pages).toBeGreaterThanOrEqual(3);
        const slice = all.slice((page - 1) * size, page * size);
        expectPage(ep, await ask(page), paged(ep.key, slice, links, all.length, pages));
      },
    );

    it('when the page after the last is asked, then it is 422 naming the last page', async () => {
      expectError(await ask(pages + 1), 422, `Invalid page: the last page is ${pages}`);
    });
  });

  describe('row 2, the deprecated account list', () => {
    const ep = byOp('listBankingAccounts');
    const l = (n: number, size = 10, filters = 'open-status=ALL') =>
      `page=${n}&page-size=${size}&${filters}`;

    it('when it answers, then it sends Deprecation: true and the successor Link', async () => {
      const res = await call(ep, 'c-1001');
      expect(res.headers.get('deprecation')).toBe('true');
      expect(res.headers.get('link')).toBe(
        '</auth/v1/customer/c-1001/accounts>; rel="successor-version"',
      );
    });

    it('when listed, then every record carries complexAccountType and users', async () => {
      const res = await call(ep, 'c-1001', 'page-size=1000');
      expect(records(ep, res)).toHaveLength(30);
      for (const a of records(ep, res)) {
        expect(a).toEqual(
          expect.objectContaining({
            complexAccountType: expect.any(String),
            users: expect.any(Array),
          }),
        );
      }
    });

    it.each(FILTERS)(
      'when filtered by %j, then it holds exactly the matching file accounts',
      async (query) => {
        for (const c of ['c-1001', 'c-1002']) {
          const res = await call(ep, c, and('page-size=1000', query));
          expectPage(ep, res, pageBody('accounts', expectedAccounts(c, undefined, parse(query))));
        }
      },
    );

    it('when no paging is given, then links carry page-size=25 and the defaulted open-status', async () => {
      const all = expectedAccounts('c-1001', undefined, {});
      const first = await call(ep, 'c-1001');
      expectPage(
        ep,
        first,
        paged('accounts', all.slice(0, 25), { next: l(2, 25), last: l(2, 25) }, 30, 2),
      );
      const second = await call(ep, 'c-1001', 'page=2');
      expectPage(
        ep,
        second,
        paged('accounts', all.slice(25), { first: l(1, 25), prev: l(1, 25) }, 30, 2),
      );
    });

    it('when every filter is given out of order, then links list them in the documented order', async () => {
      const q = 'is-owned=true&open-status=OPEN&product-category=TRANS_AND_SAVINGS_ACCOUNTS';
      const all = expectedAccounts('c-1001', undefined, parse(q));
      expect(all).toHaveLength(5);
      const f = 'product-category=TRANS_AND_SAVINGS_ACCOUNTS&open-status=OPEN&is-owned=true';
      const links = { first: l(1, 2, f), prev: l(1, 2, f), next: l(3, 2, f), last: l(3, 2, f) };
      const res = await call(ep, 'c-1001', `${q}&page-size=2&page=2`);
      expectPage(ep, res, paged('accounts', all.slice(2, 4), links, 5, 3));
    });

    it.each([['page=1'], ['page=7'], ['page=2&page-size=1000'], ['product-category=LEASES']])(
      'when the customer has no accounts (%s), then it is 200 with an empty page and links {}',
      async (query) => {
        expectPage(ep, await call(ep, 'c-1003', query), pageBody('accounts', []));
      },
    );

    it('when a filter matches nothing, then it is 200 with an empty page and links {}', async () => {
      const res = await call(ep, 'c-1002', 'product-category=LEASES&page=3');
      expectPage(ep, res, pageBody('accounts', []));
    });
  });

  describe.each(table(POSTS))('%s (specific-accounts body)', (_op, ep) => {
    const ids = ep.ids!;
    const bodyOf = (accountIds: unknown) => ({ data: { accountIds } });
    const padded = (bytes: number) => {
      const json = JSON.stringify(bodyOf(ids));
      return json + ' '.repeat(bytes - Buffer.byteLength(json));
    };

    it('when ids come reversed with duplicates, then each record comes once, in file order', async () => {
      const body = [...ids].reverse().concat(ids[0]!, ids[1]!);
      const res = await call(ep, 'c-1001', 'page-size=1000', body);
      expectPage(ep, res, pageBody(ep.key, ep.expected('c-1001', ids, {})));
    });

    it('when a filter query is given, then the filters narrow the requested accounts', async () => {
      const all = ep.expected('c-1001', ids, { 'plan-status': 'ALL' });
      const expected = ep.expected('c-1001', ids, parse(ep.narrow!));
      expect(expected.length).toBeGreaterThan(1);
      expect(expected.length).toBeLessThan(all.length);
      const res = await call(ep, 'c-1001', `${ep.narrow}&page-size=1000`);
      expectPage(ep, res, pageBody(ep.key, expected));
    });

    it("when an id is another customer's or nonexistent, then both are the same 404", async () => {
      const other = await call(ep, 'c-1001', '', [ids[0]!, 'acc-b-1002-01']);
      const missing = await call(ep, 'c-1001', '', [ids[0]!, 'acc-b-9999-01']);
      expectSame404(other, missing, 'Account in query not found');
    });

    it('when an unknown id comes with a filter it would fail, then it is still 404', async () => {
      const unknown = await call(ep, 'c-1001', ep.narrow, ['acc-b-9999-01']);
      expectError(unknown, 404, 'Account in query not found');
      const closed = await call(ep, 'c-1001', 'open-status=CLOSED', ['acc-b-1001-01', 'acc-x']);
      expectError(closed, 404, 'Account in query not found');
    });

    it('when an id is an energy account of the customer, then it is 404', async () => {
      const res = await call(ep, 'c-1001', '', ['acc-e-1001-01']);
      expectError(res, 404, 'Account in query not found');
    });

    it("when c-1001's ids are sent under c-1002, then it answers as for nonexistent ids", async () => {
      const theirs = [...ids, 'acc-b-1001-03'];
      const foreign = await call(ep, 'c-1002', '', theirs);
      const missing = await call(
        ep,
        'c-1002',
        '',
        theirs.map((id) => id.replace('1001', '9999')),
      );
      expectSame404(foreign, missing, 'Account in query not found');
    });

    it('when the filters leave nothing, then it is 200 with an empty page and links {}', async () => {
      const res =
        ep.op === 'listInstalmentPlans'
          ? await call(ep, 'c-1001', 'page=2', ['acc-b-1001-10'])
          : await call(ep, 'c-1001', 'product-category=LEASES&page=2');
      expectPage(ep, res, pageBody(ep.key, []));
    });

    it.each([
      ['no data', {}, 'data'],
      ['no accountIds', { data: {} }, 'data.accountIds'],
      ['empty accountIds', bodyOf([]), 'data.accountIds'],
      ['accountIds a string', bodyOf('acc-b-1001-01'), 'data.accountIds'],
      ['a number id', bodyOf(['acc-b-1001-01', 42]), 'data.accountIds'],
      ['a null id', bodyOf([null]), 'data.accountIds'],
      ['an empty id', bodyOf(['']), 'data.accountIds'],
      ['1001 ids', bodyOf(Array.from({ length: 1001 }, () => 'acc-b-1001-01')), 'data.accountIds'],
    ])('when the body has %s, then it is 400 Invalid field: %s', async (_name, body, field) => {
      expectError(await gw.post(ep.path('c-1001'), body), 400, `Invalid field: ${field}`);
    });

    it('when it gets 1000 ids (one id repeated), then it answers 200 for that id', async () => {
      const res = await call(
        ep,
        'c-1001',
        '',
        Array.from({ length: 1000 }, () => ids[0]!),
      );
      expectPage(ep, res, pageBody(ep.key, ep.expected('c-1001', [ids[0]!], {})));
    });

    it('when it gets malformed JSON, then it is 400 Invalid field: body', async () => {
      const res = await raw(ep, '{"data":{"accountIds":["acc-b-1001-01"]');
      expectError(res, 400, 'Invalid field: body');
    });

    it('when it gets a text/plain body, then it is 415 Unsupported media type', async () => {
      const res = await raw(ep, JSON.stringify(bodyOf(ids)), 'text/plain');
      expectError(res, 415, 'Unsupported media type');
    });

    it('when it gets application/json; charset=utf-8, then it is accepted', async () => {
      const res = await raw(ep, JSON.stringify(bodyOf(ids)), 'application/json; charset=utf-8');
      expect(res.status).toBe(200);
    });

    it('when the body is exactly 1 MiB, then it is accepted', async () => {
      expect((await raw(ep, padded(1024 * 1024))).status).toBe(200);
    });

    it('when the body is over 1 MiB, then it is 413 Payload too large', async () => {
      expectError(await raw(ep, padded(1024 * 1024 + 1)), 413, 'Payload too large');
    });
  });

  it('when a body says gzip but is not, then it is 400 Invalid field: body (not path)', async () => {
    const res = await gw.request('POST', byOp('listBalances').path('c-1001'), {
      rawBody: JSON.stringify({ data: { accountIds: ['acc-b-1001-01'] } }),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expectError(res, 400, 'Invalid field: body');
  });

  describe('row 5, instalment plans', () => {
    const ep = byOp('listInstalmentPlans');
    const ids = ep.ids!;

    it.each([
      ['', 'ACTIVE'],
      ['plan-status=ACTIVE', 'ACTIVE'],
      ['plan-status=INACTIVE', 'INACTIVE'],
      ['plan-status=ALL', 'ALL'],
    ])('when asked with %j, then it holds the %s plans, newest first', async (query, status) => {
      const expected = expectedPlans('c-1001', ids, { 'plan-status': status });
      const res = await call(ep, 'c-1001', and(query, 'page-size=1000'));
      expectPage(ep, res, pageBody('plans', expected));
      const got = records(ep, res) as Plan[];
      for (const p of got) {
        if (status === 'ACTIVE') expect(p.schedule.some((s) => s.isPaid === false)).toBe(true);
        if (status === 'INACTIVE') expect(p.schedule.every((s) => s.isPaid)).toBe(true);
      }
      const dates = got.map((p) => p.creationDate);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(new Set(got.map((p) => p.accountId)).size).toBeGreaterThan(1);
    });

    it.each([
      [['acc-b-1001-01', 'acc-b-1001-03']],
      [['acc-b-1001-04']],
      [['acc-b-1001-10', 'acc-b-1001-05']],
    ])(
      'when the ids %j include an account without plans, then it is 404 resource not implemented',
      async (body) => {
        const res = await call(ep, 'c-1001', 'plan-status=ALL', body);
        expectError(res, 404, 'resource not implemented');
      },
    );

    it('when an account supports plans but has none, then it is 200 with an empty page', async () => {
      const res = await call(ep, 'c-1001', 'plan-status=ALL', ['acc-b-1001-10']);
      expectPage(ep, res, pageBody('plans', []));
    });
  });

  describe('row 10, scheduled payments of one account', () => {
    const ep = byOp('listScheduledPaymentsForAccount');
    const pathOf = (c: string, a: string) =>
      `/v1/banking/customer/${c}/accounts/${a}/payments/scheduled`;

    it.each([
      ['c-1001', 'acc-b-1001-05'],
      ['c-1001', 'acc-b-1001-18'],
      ['c-1002', 'acc-b-1002-01'],
      ['c-1001', 'acc-b-1001-02'],
    ])("when %s asks for %s, then it holds exactly that account's file payments", async (c, a) => {
      expectPage(
        ep,
        await gw.get(pathOf(c, a)),
        pageBody('scheduledPayments', expectedScheduled(c, [a], {})),
      );
    });

    it("when the account is another customer's or does not exist, then both are the same 404", async () => {
      const other = await gw.get(pathOf('c-1001', 'acc-b-1002-01'));
      expectSame404(other, await gw.get(pathOf('c-1001', 'acc-b-9999-01')), 'Account not found');
    });

    it("when c-1001's account is asked under c-1002, then it answers as for a nonexistent id", async () => {
      const foreign = await gw.get(pathOf('c-1002', SP_ACCOUNT));
      expectSame404(foreign, await gw.get(pathOf('c-1002', 'acc-b-9999-01')), 'Account not found');
    });

    it('when the account is an energy account of the customer, then it is 404 Account not found', async () => {
      expectError(await gw.get(pathOf('c-1001', 'acc-e-1001-01')), 404, 'Account not found');
    });
  });

  describe('row 11, payees', () => {
    const ep = byOp('listPayees');

    it.each([
      [''],
      ['type=ALL'],
      ['type=BILLER'],
      ['type=DIGITAL_WALLET'],
      ['type=DOMESTIC'],
      ['type=INTERNATIONAL'],
    ])('when filtered by %j, then it holds exactly the file payees of that type', async (query) => {
      for (const c of ['c-1001', 'c-1002']) {
        const res = await call(ep, c, and(query, 'page-size=1000'));
        expectPage(ep, res, pageBody('payees', expectedPayees(c, parse(query))));
      }
    });

    it('when type is defaulted, then links carry type=ALL', async () => {
      const all = expectedPayees('c-1001', {});
      const l2 = 'page=2&page-size=25&type=ALL';
      const res = await call(ep, 'c-1001');
      expectPage(ep, res, paged('payees', all.slice(0, 25), { next: l2, last: l2 }, all.length, 2));
    });

    it.each([['page=1'], ['page=4&type=BILLER']])(
      'when the customer has no payees (%s), then it is 200 with an empty page',
      async (query) => {
        expectPage(ep, await call(ep, 'c-1003', query), pageBody('payees', []));
      },
    );
  });

  describe('the account filters on the specific-accounts POSTs', () => {
    const withFilters = POSTS.filter((e) => paramsOf(e).includes('open-status'));
    it.each(withFilters.flatMap((e) => FILTERS.map((f) => [e.op, f, e] as const)))(
      'when %s gets every c-1001 id and %j, then it holds exactly the matching records',
      async (_op, query, ep) => {
        const res = await call(ep, 'c-1001', and(query, 'page-size=1000'), ALL_1001);
        expectPage(ep, res, pageBody(ep.key, ep.expected('c-1001', ALL_1001, parse(query))));
      },
    );
  });
});
