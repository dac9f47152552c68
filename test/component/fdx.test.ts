/**
 * The FDX-style endpoints (rows 14, 15, 16) through the real app on the bundled demo data, as
 * the interface fixes them: dates, limit and the opaque offset, the order of results,
 * `page`, statuses and every error row with its HTTP status and exact body. Expected records are
 * computed here from sample.json with small code of their own. Records are also checked against
 * the FDX v6 profile (its extract in test/reference/fdx/). Every test runs twice: with the family
 * served from the demo core, and passed through to an upstream gateway on the demo core.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import { refOf } from '../../contracts';
import { CoreTimeoutError, CoreUnavailableError } from '../../src/errors';
import type { CoreAdapter, FdxPort } from '../../src/ports';
import { contractErrors } from '../helpers/contracts';
import {
  startGateway,
  TEST_BASE_URL,
  type TestGateway,
  type TestResponse,
} from '../helpers/gateway';
import { referenceValidators } from '../helpers/reference-schemas';
import { mappedGateway, passedThroughGateway } from '../helpers/upstream';

type Rec = Record<string, unknown>;
interface Transaction extends Rec {
  transactionId: string;
  postedTimestamp: string;
}
interface Statement extends Rec {
  statementId: string;
  statementDate: string;
  document: string;
}
interface Fdx {
  status: string;
  transactions: Transaction[];
  statements: Statement[];
  assetTransferNetworks?: Rec[];
}
interface Customer {
  customerId: string;
  bankingAccounts: { accountId: string; fdx?: Fdx }[];
}

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
const sample = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as { customers: Customer[] };
const fdxOf = (accountId: string): Fdx =>
  sample.customers.flatMap((c) => c.bankingAccounts).find((a) => a.accountId === accountId)!.fdx!;

const REQUEST_ID = 'fdx-test-1';
const C = 'c-1001';
const OPEN = 'acc-b-1001-01'; // 120 transactions, 11 statements, 3 networks
const TERM = 'acc-b-1001-04'; // no assetTransferNetworks: 704 on networks only
const CLOSED = 'acc-b-1001-07'; // 115 transactions, 4 statements; networks 705
const RESTRICTED = 'acc-b-1001-08';
const NO_FDX = 'acc-b-1001-02';
const FULL = 'startTime=2026-01-01&endTime=2026-11-20';

const base = (a: string, c = C) => `/fdx/v6/customer/${c}/accounts/${a}`;
const txPath = (a: string, c = C) => `${base(a, c)}/transactions`;
const stPath = (a: string, c = C) => `${base(a, c)}/statements`;
const atnPath = (a: string, c = C) => `${base(a, c)}/asset-transfer-networks`;
const docPath = (a: string, s: string, c = C) => `${base(a, c)}/statements/${s}`;

const dayStart = (d: string) => Date.parse(`${d}T00:00:00Z`);
const DAY = 86_400_000;

/** Transactions posted within [start, end] (UTC days), newest first, ties by id. */
function expectedTransactions(a: string, start: string, end: string): Transaction[] {
  return fdxOf(a)
    .transactions.filter((t) => {
      const ms = Date.parse(t.postedTimestamp);
      return ms >= dayStart(start) && ms < dayStart(end) + DAY;
    })
    .sort((x, y) => {
      const d = Date.parse(y.postedTimestamp) - Date.parse(x.postedTimestamp);
      return d !== 0 ? d : x.transactionId < y.transactionId ? -1 : 1;
    });
}

/** Statements dated within [start, end] (either optional), newest first, with accountId and link. */
function expectedStatements(a: string, start = '0000-01-01', end = '9999-12-31'): Rec[] {
  return fdxOf(a)
    .statements.filter((s) => s.statementDate >= start && s.statementDate <= end)
    .sort((x, y) => (x.statementDate < y.statementDate ? 1 : -1))
    .map(({ document: _document, ...s }) => ({
      accountId: a,
      ...s,
      links: [
        {
          href: `${TEST_BASE_URL}${docPath(a, s.statementId)}`,
          rel: 'download',
          action: 'GET',
          types: ['application/pdf'],
        },
      ],
    }));
}

const fdxError = (code: number, message: string) => ({
  code,
  message,
  debugMessage: `request ${REQUEST_ID}`,
});

/** The corex-6.0 schemas, compiled by a lenient draft-07 Ajv (as in the contract tests). */
function corexValidator(name: string) {
  return referenceValidators('fdx/corex-6.0.json', 'fdx-corex')(name);
}

describe.each([
  ['served from the core', mappedGateway],
  ['passed through to an upstream', () => passedThroughGateway('fdx')],
])('FDX endpoints, %s', (_name, setup) => {
  let gw: TestGateway;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ gw, stop } = await setup());
  });
  afterAll(() => stop());

  const get = (target: string) => gw.get(target, { headers: { 'x-request-id': REQUEST_ID } });
  const routeOf = (op: string) => gw.gateway.routes.find((r) => r.operationId === op)!;
  const expectOk = (op: string, res: TestResponse) => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(contractErrors(routeOf(op).response, res.body)).toEqual([]);
  };
  const expectFdxError = (res: TestResponse, status: number, code: number, message: string) => {
    expect({ status: res.status, body: res.body }).toEqual({
      status,
      body: fdxError(code, message),
    });
    expect(contractErrors({ $ref: refOf('envelopes', 'ErrorFdx') }, res.body)).toEqual([]);
  };
  const expectCustomerNotFound = (res: TestResponse) =>
    expect({ status: res.status, body: res.body }).toEqual({
      status: 404,
      body: { error: 'Customer not found' },
    });

  /** Follows nextOffset from `first` to the end; returns every page's body. */
  const walk = async (first: string): Promise<Rec[]> => {
    const pages: Rec[] = [];
    let target: string | undefined = first;
    while (target) {
      const res = await get(target);
      expect(res.status).toBe(200);
      pages.push(res.body);
      const next = (res.body.page as { nextOffset?: string } | undefined)?.nextOffset;
      target = next ? `${first}&offset=${encodeURIComponent(next)}` : undefined;
      expect(pages.length).toBeLessThan(200);
    }
    return pages;
  };

  describe('row 14, transactions', () => {
    it.each([1, 7, 25, 100, 119, 120, 1000])(
      'when every page is walked with limit %i, then each transaction comes exactly once, newest posted first',
      async (limit) => {
        const expected = expectedTransactions(OPEN, '2026-01-01', '2026-11-20');
        expect(expected).toHaveLength(120);
        const pages = await walk(`${txPath(OPEN)}?${FULL}&limit=${limit}`);
        const seen = pages.flatMap((p) => p.transactions as Rec[]);
        expect(seen).toEqual(expected);
        expect(pages).toHaveLength(Math.ceil(120 / limit));
        pages.forEach((p, i) => {
          const last = i === pages.length - 1;
          expect((p.transactions as Rec[]).length).toBe(last ? 120 - limit * i : limit);
          expect(Object.keys(p.page as Rec)).toEqual(last ? [] : ['nextOffset']);
          expect(contractErrors(routeOf('listFdxTransactions').response, p)).toEqual([]);
        });
      },
    );

    it('when no limit is given, then pages hold 100 transactions', async () => {
      const pages = await walk(`${txPath(OPEN)}?${FULL}`);
      expect(pages.map((p) => (p.transactions as Rec[]).length)).toEqual([100, 20]);
      expect(pages.flatMap((p) => p.transactions as Rec[])).toEqual(
        expectedTransactions(OPEN, '2026-01-01', '2026-11-20'),
      );
    });

    it('when a closed account is walked, then its transactions are still served, each once', async () => {
      const pages = await walk(`${txPath(CLOSED)}?${FULL}&limit=50`);
      const expected = expectedTransactions(CLOSED, '2026-01-01', '2026-11-20');
      expect(expected).toHaveLength(115);
      expect(pages.flatMap((p) => p.transactions as Rec[])).toEqual(expected);
    });

    it('when the window is the first and last posted days, then transactions at 00:00:00 and 23:59:59 are included', async () => {
      const res = await get(`${txPath(OPEN)}?${FULL}&limit=1000`);
      expectOk('listFdxTransactions', res);
      const stamps = (res.body.transactions as Transaction[]).map((t) => t.postedTimestamp);
      expect(stamps[0]).toBe('2026-11-20T23:59:59Z');
      expect(stamps[stamps.length - 1]).toBe('2026-01-01T00:00:00Z');
      expect(res.body).toEqual({
        page: {},
        transactions: expectedTransactions(OPEN, '2026-01-01', '2026-11-20'),
      });
    });

    it('when the window starts a day later and ends a day earlier, then those edge transactions are left out', async () => {
      const res = await get(`${txPath(OPEN)}?startTime=2026-01-02&endTime=2026-11-19&limit=1000`);
      expectOk('listFdxTransactions', res);
      const expected = expectedTransactions(OPEN, '2026-01-02', '2026-11-19');
      expect(expected.length).toBeLessThan(120);
      expect(res.body).toEqual({ page: {}, transactions: expected });
      const stamps = expected.map((t) => t.postedTimestamp);
      expect(stamps).not.toContain('2026-11-20T23:59:59Z');
      expect(stamps).not.toContain('2026-01-01T00:00:00Z');
    });

    it.each([
      ['2026-03-01', '2026-03-31'],
      ['2026-06-15', '2026-06-15'],
      ['2025-01-01', '2025-12-31'],
      ['2026-11-21', '2027-01-01'],
    ])(
      'when the window is %s to %s, then exactly the transactions posted in it come back',
      async (s, e) => {
        const res = await get(`${txPath(OPEN)}?startTime=${s}&endTime=${e}&limit=1000`);
        expectOk('listFdxTransactions', res);
        expect(res.body).toEqual({ page: {}, transactions: expectedTransactions(OPEN, s, e) });
      },
    );

    it("when a window is paged, then nextOffset stops at the window's end", async () => {
      const expected = expectedTransactions(OPEN, '2026-03-01', '2026-05-31');
      expect(expected.length).toBeGreaterThan(10);
      const pages = await walk(`${txPath(OPEN)}?startTime=2026-03-01&endTime=2026-05-31&limit=4`);
      expect(pages.flatMap((p) => p.transactions as Rec[])).toEqual(expected);
      expect(pages).toHaveLength(Math.ceil(expected.length / 4));
    });

    it('when transactions are served, then each is a valid FDX DepositTransaction', async () => {
      const validate = corexValidator('DepositTransaction');
      const res = await get(`${txPath(OPEN)}?${FULL}&limit=1000`);
      for (const t of res.body.transactions as Rec[]) {
        validate(t);
        expect(validate.errors ?? []).toEqual([]);
      }
      expect(validate({ ...res.body.transactions[0], debitCreditMemo: 'BOTH' })).toBe(false);
    });
  });

  describe('row 15, statements', () => {
    it('when no dates are given, then every statement comes back newest first, with its download link and totalElements', async () => {
      const res = await get(stPath(OPEN));
      expectOk('listFdxStatements', res);
      const expected = expectedStatements(OPEN);
      expect(expected).toHaveLength(11);
      expect(res.body).toEqual({ page: { totalElements: 11 }, statements: expected });
    });

    it('when paged with limit 4, then each statement comes once and every page carries totalElements', async () => {
      const pages = await walk(`${stPath(OPEN)}?limit=4`);
      expect(pages.map((p) => (p.page as Rec).totalElements)).toEqual([11, 11, 11]);
      expect(pages.map((p) => Object.keys(p.page as Rec).sort())).toEqual([
        ['nextOffset', 'totalElements'],
        ['nextOffset', 'totalElements'],
        ['totalElements'],
      ]);
      expect(pages.flatMap((p) => p.statements as Rec[])).toEqual(expectedStatements(OPEN));
    });

    it.each([
      ['startTime=2026-03-31&endTime=2026-06-30', '2026-03-31', '2026-06-30', 4],
      ['startTime=2026-10-31', '2026-10-31', undefined, 2],
      ['endTime=2026-02-28', undefined, '2026-02-28', 2],
      ['startTime=2026-04-01&endTime=2026-04-29', '2026-04-01', '2026-04-29', 0],
    ])('when filtered by %s, then the statementDate window is inclusive', async (q, s, e, n) => {
      const res = await get(`${stPath(OPEN)}?${q}`);
      expectOk('listFdxStatements', res);
      const expected = expectedStatements(OPEN, s, e);
      expect(expected).toHaveLength(n);
      expect(res.body).toEqual({ page: { totalElements: n }, statements: expected });
    });

    it('when a closed account is asked, then its statements are still served', async () => {
      const res = await get(stPath(CLOSED));
      expectOk('listFdxStatements', res);
      expect(res.body).toEqual({
        page: { totalElements: 4 },
        statements: expectedStatements(CLOSED),
      });
    });

    it('when statements are served, then each is a valid FDX Statement', async () => {
      const validate = corexValidator('Statement');
      const res = await get(stPath(OPEN));
      for (const s of res.body.statements as Rec[]) {
        validate(s);
        expect(validate.errors ?? []).toEqual([]);
      }
      expect(validate({ ...res.body.statements[0], status: 'READY' })).toBe(false);
    });
  });

  describe('row 16, asset transfer networks', () => {
    it('when asked without limit, then every network comes back in file order and no page', async () => {
      const res = await get(atnPath(OPEN));
      expectOk('listFdxAssetTransferNetworks', res);
      expect(res.body).toEqual({ assetTransferNetworks: fdxOf(OPEN).assetTransferNetworks });
    });

    it('when paged with limit 2, then page.nextOffset leads to the last network', async () => {
      const pages = await walk(`${atnPath(OPEN)}?limit=2`);
      expect(pages).toEqual([
        {
          page: { nextOffset: expect.any(String) },
          assetTransferNetworks: fdxOf(OPEN).assetTransferNetworks!.slice(0, 2),
        },
        { assetTransferNetworks: fdxOf(OPEN).assetTransferNetworks!.slice(2) },
      ]);
    });

    it('when networks are served, then each is a valid FDX AssetTransferNetwork', async () => {
      const validate = corexValidator('AssetTransferNetwork');
      const res = await get(atnPath(OPEN));
      for (const n of res.body.assetTransferNetworks as Rec[]) {
        validate(n);
        expect(validate.errors ?? []).toEqual([]);
      }
      expect(validate({ ...res.body.assetTransferNetworks[0], type: 'SWIFT' })).toBe(false);
    });

    it('when the account is closed, then it is 409 with code 705', async () => {
      expectFdxError(await get(atnPath(CLOSED)), 409, 705, 'Account is closed');
    });

    it('when the account type has no networks, then it is 422 with code 704', async () => {
      expectFdxError(await get(atnPath(TERM)), 422, 704, 'Account type not supported');
    });

    it('when the account type has no networks, then its transactions and statements are still served', async () => {
      const tx = await get(`${txPath(TERM)}?${FULL}`);
      expect(tx.body).toEqual({
        page: {},
        transactions: expectedTransactions(TERM, '2026-01-01', '2026-11-20'),
      });
      const st = await get(stPath(TERM));
      expect(st.body).toEqual({ page: { totalElements: 3 }, statements: expectedStatements(TERM) });
    });
  });

  describe('offsets', () => {
    const firstOffset = async (target: string): Promise<string> => {
      const res = await get(target);
      expect(res.status).toBe(200);
      return res.body.page.nextOffset as string;
    };

    it('when an offset is altered, made up, empty or repeated, then it is 400 Invalid request', async () => {
      const offset = await firstOffset(`${txPath(OPEN)}?${FULL}&limit=5`);
      const [payload, mac] = offset.split('.') as [string, string];
      const position = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Rec;
      const forged = Buffer.from(JSON.stringify({ ...position, after: '0|tx' })).toString(
        'base64url',
      );
      const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
      for (const bad of [
        `${forged}.${mac}`,
        `${payload}.${flip(mac)}`,
        flip(offset),
        payload,
        'B47D80MVP23T',
        '',
        `${offset}&offset=${offset}`,
      ]) {
        const res = await get(`${txPath(OPEN)}?${FULL}&limit=5&offset=${bad}`);
        expectFdxError(res, 400, 400, 'Invalid request');
      }
    });

    it('when an offset is used with other dates, another limit, another account or another endpoint, then it is 400 Invalid request', async () => {
      const offset = encodeURIComponent(await firstOffset(`${txPath(OPEN)}?${FULL}&limit=5`));
      for (const target of [
        `${txPath(OPEN)}?startTime=2026-01-02&endTime=2026-11-20&limit=5&offset=${offset}`,
        `${txPath(OPEN)}?startTime=2026-01-01&endTime=2026-11-19&limit=5&offset=${offset}`,
        `${txPath(OPEN)}?${FULL}&limit=6&offset=${offset}`,
        `${txPath(OPEN)}?${FULL}&offset=${offset}`,
        `${txPath(CLOSED)}?${FULL}&limit=5&offset=${offset}`,
        `${stPath(OPEN)}?${FULL}&limit=5&offset=${offset}`,
        `${atnPath(OPEN)}?limit=5&offset=${offset}`,
      ]) {
        expectFdxError(await get(target), 400, 400, 'Invalid request');
      }
      const same = await get(`${txPath(OPEN)}?${FULL}&limit=5&offset=${offset}`);
      expect(same.status).toBe(200);
    });

    it("when a statement offset is used for another customer's path, then it is 400 before the customer is looked up", async () => {
      const offset = encodeURIComponent(await firstOffset(`${stPath(OPEN)}?limit=2`));
      expectFdxError(
        await get(`${stPath(OPEN, 'c-9999')}?limit=2&offset=${offset}`),
        400,
        400,
        'Invalid request',
      );
    });
  });

  describe('parameter errors', () => {
    it.each([
      ['both dates missing', ''],
      ['startTime missing', 'endTime=2026-11-20'],
      ['endTime missing', 'startTime=2026-01-01'],
      ['a one-digit month', 'startTime=2026-1-01&endTime=2026-11-20'],
      ['no such day', 'startTime=2026-02-29&endTime=2026-11-20'],
      ['a month 13', 'startTime=2026-01-01&endTime=2026-13-01'],
      ['a timestamp', 'startTime=2026-01-01T00:00:00Z&endTime=2026-11-20'],
      ['no dashes', 'startTime=20260101&endTime=2026-11-20'],
      ['an empty date', 'startTime=&endTime=2026-11-20'],
      ['a repeated date', 'startTime=2026-01-01&startTime=2026-01-02&endTime=2026-11-20'],
    ])('when transactions get %s, then it is 400 with code 702', async (_name, q) => {
      expectFdxError(await get(`${txPath(OPEN)}?${q}`), 400, 702, 'Invalid start or end date');
    });

    it.each([
      'startTime=2026-02-30',
      'endTime=2026/11/20',
      'startTime=2026-01-01&startTime=2026-01-01',
    ])('when statements get %s, then it is 400 with code 702', async (q) => {
      expectFdxError(await get(`${stPath(OPEN)}?${q}`), 400, 702, 'Invalid start or end date');
    });

    it('when startTime is after endTime, then transactions and statements are 400 with code 703', async () => {
      const q = 'startTime=2026-05-02&endTime=2026-05-01';
      expectFdxError(await get(`${txPath(OPEN)}?${q}`), 400, 703, 'Invalid date range');
      expectFdxError(await get(`${stPath(OPEN)}?${q}`), 400, 703, 'Invalid date range');
    });

    it('when startTime equals endTime, then it is a valid one-day window', async () => {
      expect((await get(`${txPath(OPEN)}?startTime=2026-05-01&endTime=2026-05-01`)).status).toBe(
        200,
      );
    });

    it.each(['0', '1001', '-1', 'abc', '1.5', '', '+5', '0100', '1e2', '10&limit=10'])(
      'when limit is %j, then all three endpoints are 400 Invalid request',
      async (limit) => {
        for (const target of [
          `${txPath(OPEN)}?${FULL}&`,
          `${stPath(OPEN)}?`,
          `${atnPath(OPEN)}?`,
        ]) {
          expectFdxError(await get(`${target}limit=${limit}`), 400, 400, 'Invalid request');
        }
      },
    );

    it('when limit is 1000, then it is accepted', async () => {
      expect((await get(`${stPath(OPEN)}?limit=1000`)).status).toBe(200);
    });

    it('when unknown parameters are given, then they are ignored', async () => {
      const plain = await get(stPath(OPEN));
      const res = await get(`${stPath(OPEN)}?foo=bar&LIMIT=x&page=7`);
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: plain.body });
      const atn = await get(`${atnPath(OPEN)}?startTime=nonsense`);
      expect(atn.status).toBe(200);
    });

    it('when customerId or accountId is longer than 256 characters, then it is 400 Invalid request; at 256 it is looked up', async () => {
      const long = 'x'.repeat(257);
      const max = 'x'.repeat(256);
      for (const target of [txPath(OPEN, long), txPath(long), stPath(long), atnPath(OPEN, long)]) {
        expectFdxError(await get(`${target}?${FULL}`), 400, 400, 'Invalid request');
      }
      // Ids come before dates: a long id with no dates is still 400 code 400, not 702.
      expectFdxError(await get(txPath(long)), 400, 400, 'Invalid request');
      expectCustomerNotFound(await get(`${txPath(OPEN, max)}?${FULL}`));
      expectFdxError(await get(`${txPath(max)}?${FULL}`), 404, 701, 'Account not found');
    });
  });

  describe('customer, account and status', () => {
    const all = (a: string, c = C) => [`${txPath(a, c)}?${FULL}`, stPath(a, c), atnPath(a, c)];

    it('when the customer is unknown, then all three are 404 { error: Customer not found }', async () => {
      for (const target of all(OPEN, 'c-9999')) expectCustomerNotFound(await get(target));
      for (const target of all('acc-nope', 'c-9999')) expectCustomerNotFound(await get(target));
    });

    it('when the dates are bad and the customer unknown, then the dates are reported first (702)', async () => {
      expectFdxError(
        await get(`${txPath(OPEN, 'c-9999')}?startTime=x`),
        400,
        702,
        'Invalid start or end date',
      );
    });

    it("when the account is unknown or another customer's, then all three are 404 with code 701, alike", async () => {
      for (const a of ['acc-nope', 'acc-b-1002-01']) {
        for (const target of all(a))
          expectFdxError(await get(target), 404, 701, 'Account not found');
      }
    });

    it('when the account is RESTRICTED, then all three answer 200 with an empty body and no content type', async () => {
      for (const target of [...all(RESTRICTED), `${stPath(RESTRICTED)}?limit=1`]) {
        const res = await get(target);
        expect({
          status: res.status,
          text: res.text,
          type: res.headers.get('content-type'),
        }).toEqual({ status: 200, text: '', type: null });
      }
    });

    it('when the account is RESTRICTED but a parameter is bad, then the parameter error comes first', async () => {
      expectFdxError(await get(txPath(RESTRICTED)), 400, 702, 'Invalid start or end date');
      expectFdxError(await get(`${atnPath(RESTRICTED)}?limit=0`), 400, 400, 'Invalid request');
    });

    it('when the account has no FDX data, then all three are 422 with code 704', async () => {
      for (const a of [NO_FDX, 'acc-e-1001-01']) {
        for (const target of all(a)) {
          expectFdxError(await get(target), 422, 704, 'Account type not supported');
        }
      }
    });
  });

  describe('the OpenAPI document', () => {
    it('when fetched, then the FDX routes document their parameters and error answers', async () => {
      const doc = (await gw.get('/openapi.json', { headers: { authorization: '' } })).body;
      const op = (p: string) =>
        doc.paths[`/fdx/v6/customer/{customerId}/accounts/{accountId}${p}`].get;
      const names = (p: string) =>
        (op(p).parameters as { name: string; required: boolean }[]).map(
          (x) => `${x.name}${x.required ? '!' : ''}`,
        );
      expect(names('/transactions')).toEqual([
        'customerId!',
        'accountId!',
        'startTime!',
        'endTime!',
        'offset',
        'limit',
      ]);
      expect(names('/statements')).toEqual([
        'customerId!',
        'accountId!',
        'startTime',
        'endTime',
        'offset',
        'limit',
      ]);
      expect(names('/asset-transfer-networks')).toEqual([
        'customerId!',
        'accountId!',
        'offset',
        'limit',
      ]);
      expect(Object.keys(op('/statements/{statementId}').responses['200'].content)).toEqual([
        'application/pdf',
      ]);
      expect(Object.keys(op('/asset-transfer-networks').responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '404', '409', '422', '500', '503', '504']),
      );
    });
  });
});

describe('FDX answers when the core fails', () => {
  const failing = (error: Error): CoreAdapter => {
    const adapter = createDemoAdapter(loadDemoData(SAMPLE));
    const fdx: FdxPort = {
      ...adapter.fdx!,
      getAccountInfo: async () => {
        throw error;
      },
    };
    return { ...adapter, fdx };
  };

  it.each([
    [
      'an unexpected error',
      new Error('core stack detail'),
      500,
      500,
      'Internal server error',
      null,
    ],
    [
      'unavailable',
      new CoreUnavailableError({ retryAfterSeconds: 7 }),
      503,
      503,
      'Scheduled maintenance',
      '7',
    ],
    ['too slow', new CoreTimeoutError(), 504, 504, 'Upstream timeout', null],
  ] as const)(
    'when the core is %s, then it is %i with code %i and the FDX body',
    async (_name, error, status, code, message, retryAfter) => {
      const gw = await startGateway({}, { adapter: failing(error) });
      try {
        const res = await gw.get(`${txPath(OPEN)}?${FULL}`, {
          headers: { 'x-request-id': REQUEST_ID },
        });
        expect({ status: res.status, body: res.body }).toEqual({
          status,
          body: fdxError(code, message),
        });
        expect(res.headers.get('retry-after')).toBe(retryAfter);
        expect(res.text).not.toContain('stack');
      } finally {
        await gw.close();
      }
    },
  );
});
