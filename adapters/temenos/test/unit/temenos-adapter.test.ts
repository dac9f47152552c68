/**
 * The Temenos adapter's ports against a small loopback Transact started here (node:http serving
 * the hand-written fixtures, paged as Transact pages): what each port answers, which core calls
 * it makes, and what it answers for what Transact lacks. Every answer is validated against the
 * SDK's contract schemas.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { parse as losslessParse, stringify as losslessStringify } from 'lossless-json';
import {
  CustomerNotFoundError,
  CustomerNotIdentifiableError,
  FdxAccountNotFoundError,
  FdxInvalidRequestError,
  createContractsAjv,
  refOf,
  schemasDir,
  type CallContext,
  type RequestReads,
} from '@data-holder-gateway/adapter-sdk';
import { createTemenosAdapter, type TemenosAdapter, type TemenosSettings } from '../..';

const FIXTURES = path.resolve(__dirname, '../../fixtures');
const raw = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const ROOT = '/irf-provider-container';

interface Received {
  path: string;
  query: Record<string, string>;
}
type Answer = { status: number; body: string };
type Route = (req: Received) => Answer;

/** A loopback Transact: fixtures by path, every request recorded. */
class FakeTransact {
  readonly received: Received[] = [];
  url = '';
  private readonly server: http.Server;
  private readonly sockets = new Set<Socket>();

  constructor(routes: Record<string, Route>) {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const received = {
        path: url.pathname.slice(ROOT.length),
        query: Object.fromEntries(url.searchParams),
      };
      this.received.push(received);
      const answer = routes[received.path]?.(received) ?? notFound();
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${ROOT}`;
  }

  paths(): string[] {
    return this.received.map((r) => r.path);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const notFound = (): Answer => ({ status: 404, body: raw('error-not-found.json') });
const ok = (body: string): Answer => ({ status: 200, body });
type Body = { header?: Record<string, unknown>; body?: Record<string, unknown>[] };

/** A list answer paged as Transact pages it: `page_start` counts pages from 1. */
function paged(records: readonly unknown[], req: Received): Answer {
  const size = Number(req.query.page_size ?? 50);
  const start = Number(req.query.page_start ?? 1);
  const token = 'fake-token.01';
  if (req.query.page_token !== undefined && req.query.page_token !== token) {
    return { status: 400, body: raw('error-invalid-input.json') };
  }
  const body = records.slice((start - 1) * size, start * size);
  const header = {
    status: 'success',
    page_size: size,
    page_start: start,
    total_size: records.length,
    page_token: token,
  };
  return ok(losslessStringify({ header, body }) ?? '');
}
const bodyOf = (name: string): Record<string, unknown>[] =>
  (losslessParse(raw(name)) as Body).body ?? [];
const fixtureList = (name: string) => (req: Received) => paged(bodyOf(name), req);
const record = (name: string) => () => ok(raw(name));

/** The fixture's transactions Transact has not booked yet (one has a booking date already). */
const NOT_BOOKED = new Set(['FT25020PPPPP', 'FT25020WOOLW']);

/**
 * Transact's transaction list: `COMPLETED` the booked transactions, `PENDING` the others; booked
 * ones by booking date, the others by value date (the fixture's are of 2025-01-20).
 */
function transactions(req: Received): Answer {
  const { listType, entryReference, dateFrom, dateTo } = req.query;
  const inWindow = (date: string) => (!dateFrom || date >= dateFrom) && (!dateTo || date <= dateTo);
  const selected = bodyOf('transactions-100100001.json').filter((t) => {
    const waiting = NOT_BOOKED.has(String(t.transactionReference));
    if (listType === (waiting ? 'COMPLETED' : 'PENDING')) return false;
    if (entryReference !== undefined && t.entryReference !== entryReference) return false;
    const booked = String(t.bookingDate).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
    return inWindow(waiting ? '2025-01-20' : booked);
  });
  return paged(req.query.accountId === '100100001' ? selected : [], req);
}

/** Transact's customer search by email, related customer or id. */
function customerSearch(req: Received): Answer {
  const { email, relCustomer, customerId } = req.query;
  if (email === 'jane.citizen@example.com') return fixtureList('customers-search-jane.json')(req);
  if (email === 'family@example.com') return fixtureList('customers-search-family.json')(req);
  const related = bodyOf('customers-related-100100.json');
  if (relCustomer === '100100') return paged(related, req);
  return paged(customerId ? related.filter((c) => c.customerId === customerId) : [], req);
}

const ROUTES: Record<string, Route> = {
  '/api/v4.1.0/holdings/accounts': (req) =>
    paged(req.query.customerId === '100100' ? bodyOf('accounts-100100.json') : [], req),
  '/api/v4.1.0/holdings/accounts/balances': (req) =>
    req.query.accountId === '100100005'
      ? fixtureList('balances-100100005.json')(req)
      : paged([], req),
  '/api/v4.0.0/party/customers': customerSearch,
  '/api/v4.0.0/party/customers/100100': record('customer-100100.json'),
  '/api/v4.0.0/party/customers/100200': record('customer-100200.json'),
  '/api/v4.0.0/party/customers/100700': record('customer-100200.json'),
  '/api/v4.0.0/party/customers/300300': record('customer-300300.json'),
  '/api/v4.0.0/party/customers/300400': record('customer-300400.json'),
  '/api/v4.0.0/party/customers/100500': record('customer-100500-no-email.json'),
  '/api/v4.0.0/party/customers/100600': record('customer-100600-no-dates.json'),
  '/api/v4.0.0/party/customers/100100/standingOrders': fixtureList('standing-orders-100100.json'),
  '/api/v1.0.0/order/directDebits/debtorMandates': (req) =>
    req.query.customerId === '100100'
      ? fixtureList('debtor-mandates-100100.json')(req)
      : paged([], req),
  '/api/v1.0.0/party/customers/100100/beneficiaries': fixtureList('beneficiaries-100100.json'),
  '/api/v1.0.0/holdings/loans/AA21055LNQRS': record('loan-AA21055LNQRS.json'),
  '/api/v1.0.0/holdings/loans/AA20011TDXYZ': record('deposit-AA20011TDXYZ.json'),
  '/api/v1.0.0/holdings/transactions': transactions,
  '/api/v1.0.0/holdings/transactions/FT25020PPPPP': record('transaction-FT25020PPPPP.json'),
};

const ajv = createContractsAjv();
ajv.addSchema(
  JSON.parse(fs.readFileSync(path.join(schemasDir(), 'ports', 'records.json'), 'utf8')) as object,
);
function errorsOf(value: unknown, name: string, def?: string): string[] {
  const validate = ajv.getSchema(refOf(name, def))!;
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** The request-scoped reads the gateway gives a call: one per key. */
function requestReads(): RequestReads {
  const reads = new Map<string, Promise<unknown>>();
  return {
    once<T>(key: string, read: () => Promise<T>): Promise<T> {
      if (!reads.has(key)) reads.set(key, read());
      return reads.get(key) as Promise<T>;
    },
  };
}
const ctx = (reads?: RequestReads): CallContext => ({
  signal: new AbortController().signal,
  requestId: 'req-1',
  ...(reads ? { reads } : {}),
});

describe('Temenos adapter ports', () => {
  let transact: FakeTransact;
  let adapter: TemenosAdapter;
  let logged: { level: string; obj: object; msg?: string }[];

  const build = (settings: Partial<TemenosSettings> = {}) => {
    logged = [];
    const log = (level: string) => (obj: object, msg?: string) => logged.push({ level, obj, msg });
    return createTemenosAdapter(
      {
        baseUrl: transact.url,
        companyId: 'AU0010001',
        username: 'gateway',
        password: 'secret',
        pageSize: 3,
        ...settings,
      },
      { info: log('info'), warn: log('warn'), error: log('error') },
    );
  };

  beforeEach(async () => {
    transact = new FakeTransact(ROUTES);
    await transact.start();
    adapter = build();
  });
  afterEach(async () => {
    await adapter.close();
    await transact.close();
  });

  describe('accounts and balances', () => {
    it('when the authorisation list is asked, then every account the customer is a party of comes from one list, read page by page', async () => {
      const list = await adapter.authorisation.listShareableAccounts('100100', ctx());
      expect(list.map((a) => a.accountId)).toEqual([
        '100100001',
        '100100002',
        '100100003',
        '100100004',
        '100100005',
        '300300001',
      ]);
      for (const a of list) expect(errorsOf(a, 'records', 'ShareableAccountRecord')).toEqual([]);
      // 7 accounts, 3 a page: three pages of one enquiry, the later ones under its token.
      expect(
        transact.received.map((r) => [r.path, r.query.page_start, r.query.page_token]),
      ).toEqual([
        ['/api/v4.1.0/holdings/accounts', undefined, undefined],
        ['/api/v4.1.0/holdings/accounts', '2', 'fake-token.01'],
        ['/api/v4.1.0/holdings/accounts', '3', 'fake-token.01'],
      ]);
      expect(logged).toEqual([
        {
          level: 'warn',
          obj: { reason: 'uncategorised', categoryId: '15001' },
          msg: 'an account is left out',
        },
      ]);
    });

    it('when the accounts are listed, then loans and term deposits carry their arrangement’s terms', async () => {
      const records = await adapter.banking.listAccounts('100100', ctx());
      expect(records).toHaveLength(6);
      for (const r of records) expect(errorsOf(r, 'records', 'BankingAccountRecord')).toEqual([]);
      expect(records.find((r) => r.accountId === '100100004')).toMatchObject({
        specificAccountUType: 'loan',
        loan: { originalLoanAmount: '30000.00', repaymentFrequency: 'P1M' },
      });
      expect(records.find((r) => r.accountId === '100100003')).toMatchObject({
        specificAccountUType: 'termDeposit',
        depositRate: 0.0485,
      });
      expect(transact.paths().filter((p) => p.includes('/loans/'))).toEqual([
        '/api/v1.0.0/holdings/loans/AA20011TDXYZ',
        '/api/v1.0.0/holdings/loans/AA21055LNQRS',
      ]);
    });

    it('when a few accounts are asked by id, then only theirs are read, and the refs say what the records say', async () => {
      const records = await adapter.banking.listAccountsById('100100', ['100100001', 'x'], ctx());
      expect(records.map((r) => r.accountId)).toEqual(['100100001']);
      expect(transact.paths().some((p) => p.includes('/loans/'))).toBe(false);
      const refs = await adapter.banking.listAccountRefs('100100', ctx());
      const all = await adapter.banking.listAccounts('100100', ctx());
      expect(refs).toEqual(
        all.map((r) => ({
          accountId: r.accountId,
          openStatus: r.openStatus,
          isOwned: r.isOwned,
          productCategory: r.productCategory,
        })),
      );
    });

    it('when the account check and the balances share a request, then the account list is read once and gives the balances', async () => {
      const shared = ctx(requestReads());
      await adapter.banking.listAccountRefs('100100', shared);
      const balances = await adapter.banking.listBalances(
        '100100',
        ['100100004', '100100001', '100100005'],
        shared,
      );
      expect(balances).toEqual([
        { accountId: '100100001', currentBalance: '1523.45', availableBalance: '2510.95' },
        { accountId: '100100004', currentBalance: '-18250.50', availableBalance: '0.00' },
        { accountId: '100100005', currentBalance: '0.00', availableBalance: '0.00' },
      ]);
      // One list (three pages), and today's balance of the account the list gave none for.
      expect(transact.paths()).toEqual([
        '/api/v4.1.0/holdings/accounts',
        '/api/v4.1.0/holdings/accounts',
        '/api/v4.1.0/holdings/accounts',
        '/api/v4.1.0/holdings/accounts/balances',
      ]);
      expect(transact.received[3]?.query.accountId).toBe('100100005');
    });

    it('when a customer has no account, then Transact is asked whether it knows the customer', async () => {
      await expect(adapter.banking.listAccounts('100700', ctx())).resolves.toEqual([]);
      await expect(adapter.banking.listAccounts('999999', ctx())).rejects.toBeInstanceOf(
        CustomerNotFoundError,
      );
      expect(transact.paths().slice(-1)).toEqual(['/api/v4.0.0/party/customers/999999']);
    });

    it('when a customer id cannot be a Transact id, then it is unknown without a call', async () => {
      await expect(adapter.banking.listAccounts('../x', ctx())).rejects.toBeInstanceOf(
        CustomerNotFoundError,
      );
      expect(transact.received).toEqual([]);
    });
  });

  describe('payments, payees and plans', () => {
    it('when direct debits are asked, then the debtor mandates on the given accounts come back', async () => {
      const debits = await adapter.banking.listDirectDebits('100100', ['100100001'], ctx());
      expect(debits).toEqual([
        {
          accountId: '100100001',
          authorisedEntity: { description: 'Sydney Energy' },
          lastDebitDateTime: '2025-01-15T00:00:00Z',
        },
      ]);
      const mandates = transact.received.find((r) => r.path.endsWith('/debtorMandates'));
      expect(mandates?.query.customerId).toBe('100100');
    });

    it('when scheduled payments are asked, then the readable orders of the given accounts come back and an unreadable one is reported without ids', async () => {
      const payments = await adapter.banking.listScheduledPayments(
        '100100',
        ['100100001', '100100002'],
        ctx(),
      );
      expect(payments.map((p) => p.scheduledPaymentId)).toEqual([
        '100100001.1',
        '100100001.2',
        '100100001.3',
        '100100001.4',
        '100100002.1',
        '100100001.6',
      ]);
      for (const p of payments) expect(errorsOf(p, 'scheduled-payment')).toEqual([]);
      expect(logged).toContainEqual({
        level: 'warn',
        obj: { reason: 'recurrence', count: 1 },
        msg: 'standing orders left out of the scheduled payments',
      });
      expect(JSON.stringify(logged)).not.toContain('100100001.5');
    });

    it('when instalment plans are asked, then every account of the customer says it has none', async () => {
      const plans = await adapter.banking.listInstalmentPlans('100100', ['100100004', 'x'], ctx());
      expect([...plans]).toEqual([['100100004', { supported: false }]]);
    });

    it('when payees are asked, then the beneficiaries that can be described come back', async () => {
      const payees = await adapter.banking.listPayees('100100', ctx());
      expect(payees.map((p) => [p.payeeId, p.type])).toEqual([
        ['BEN2301AAAA', 'DOMESTIC'],
        ['BEN2401ABC', 'DOMESTIC'],
        ['BEN2106MUM', 'INTERNATIONAL'],
        ['BEN2203WATER', 'BILLER'],
      ]);
      for (const p of payees) expect(errorsOf(p, 'payee')).toEqual([]);
    });

    it('when a customer has no beneficiaries (404), then a known one has none and an unknown one is 404', async () => {
      await expect(adapter.banking.listPayees('100700', ctx())).resolves.toEqual([]);
      await expect(adapter.banking.listPayees('999999', ctx())).rejects.toBeInstanceOf(
        CustomerNotFoundError,
      );
    });
  });

  describe('banking transactions', () => {
    const window = { oldest: '2025-01-01T00:00:00.000Z', newest: '2025-01-31T23:59:59.999Z' };

    it('when the window is listed, then posted and pending transactions come newest first, the pending one dated by its detail', async () => {
      const page = await adapter.banking.listTransactions(
        '100100',
        '100100001',
        { ...window, offset: 0, limit: 10 },
        ctx(),
      );
      expect(page.total).toBe(6);
      expect(page.records.map((r) => [r.transactionId, r.status])).toEqual([
        ['250120000005.000001', 'PENDING'],
        ['FT25020PPPPP', 'PENDING'],
        ['250117000004.000001', 'POSTED'],
        ['250116000003.000001', 'POSTED'],
        ['250115000001.000001', 'POSTED'],
        ['250115000002.000001', 'POSTED'],
      ]);
      expect(page).not.toHaveProperty('textIgnored');
      for (const r of page.records) expect(errorsOf(r, 'banking-transaction')).toEqual([]);
      // Both lists, side by side; the booked one (6 in the window, 3 a page) on two pages.
      const lists = transact.received.filter((r) => r.path === '/api/v1.0.0/holdings/transactions');
      expect(lists.map((r) => `${r.query.listType} ${r.query.page_start ?? 1}`).sort()).toEqual([
        'COMPLETED 1',
        'COMPLETED 2',
        'PENDING 1',
      ]);
      for (const list of lists) {
        expect(list.query).toMatchObject({
          accountId: '100100001',
          dateFrom: '2025-01-01',
          dateTo: '2025-01-31',
        });
      }
      expect(transact.paths()).toContain('/api/v1.0.0/holdings/transactions/FT25020PPPPP');
    });

    it('when amounts, text and a page are asked, then the adapter filters and cuts exactly', async () => {
      const list = (query: object) =>
        adapter.banking.listTransactions(
          '100100',
          '100100001',
          { ...window, offset: 0, limit: 10, ...query },
          ctx(),
        );
      const small = await list({ minAmount: '-100.00', maxAmount: '0' });
      expect(small.records.map((r) => r.amount)).toEqual(['-87.12', '-12.40', '-89.95', '-5.00']);
      expect((await list({ text: 'RENT' })).records.map((r) => r.transactionId)).toEqual([
        '250116000003.000001',
      ]);
      const page = await list({ offset: 1, limit: 2 });
      expect([page.total, page.records.map((r) => r.transactionId)]).toEqual([
        6,
        ['FT25020PPPPP', '250117000004.000001'],
      ]);
    });

    it('when the account is not the customer’s, then nothing of it is read', async () => {
      const page = await adapter.banking.listTransactions(
        '100100',
        '555555555',
        { ...window, offset: 0, limit: 10 },
        ctx(),
      );
      expect(page).toEqual({ records: [], total: 0 });
      expect(transact.paths().some((p) => p.includes('/holdings/transactions'))).toBe(false);
      await expect(
        adapter.banking.getTransaction('100100', '555555555', '250116000003.000001', ctx()),
      ).resolves.toBeNull();
    });

    it('when one posted transaction is asked, then it is found by its entry reference: its listed record plus extended data', async () => {
      const detail = await adapter.banking.getTransaction(
        '100100',
        '100100001',
        '250116000003.000001',
        ctx(),
      );
      expect(detail).toMatchObject({
        transactionId: '250116000003.000001',
        status: 'POSTED',
        extendedData: { payee: 'Harbour Realty' },
      });
      expect(errorsOf(detail, 'banking-transaction-detail')).toEqual([]);
      const lookup = transact.received.find((r) => r.path === '/api/v1.0.0/holdings/transactions');
      expect(lookup?.query.entryReference).toBe('250116000003.000001');
    });

    it.each([
      ['FT25020PPPPP', 'known by its reference, dated by its detail', { payee: 'Bondi Cafe' }],
      ['250120000005.000001', 'with an entry already', { payee: 'Woolworths' }],
    ])(
      'when the pending transaction %s (%s) is asked, then it equals its listed record',
      async (id, _how, extended) => {
        const listed = await adapter.banking.listTransactions(
          '100100',
          '100100001',
          { ...window, offset: 0, limit: 10 },
          ctx(),
        );
        const detail = await adapter.banking.getTransaction('100100', '100100001', id, ctx());
        const { extendedData, ...fields } = detail!;
        expect(fields).toEqual(listed.records.find((r) => r.transactionId === id));
        expect(fields.status).toBe('PENDING');
        expect(extendedData).toEqual(extended);
      },
    );

    it('when an unknown transaction is asked, then it is null', async () => {
      await expect(
        adapter.banking.getTransaction('100100', '100100001', 'FT00000NONE0', ctx()),
      ).resolves.toBeNull();
      await expect(
        adapter.banking.getTransaction('100100', '100100001', 'no such/id', ctx()),
      ).resolves.toBeNull();
    });
  });

  describe('FDX', () => {
    it('when account info is asked, then the account list says its status; asset transfer networks are unsupported', async () => {
      const info = await adapter.fdx.getAccountInfo('100100', '100100005', ctx());
      expect(info).toEqual({
        status: 'CLOSED',
        supportsFdx: true,
        supportsAssetTransferNetworks: false,
      });
      expect(errorsOf(info, 'records', 'FdxAccountInfo')).toEqual([]);
      await expect(adapter.fdx.getAccountInfo('100100', '555', ctx())).resolves.toBeNull();
    });

    it('when FDX transactions are paged, then booked ones come newest first and the position key leads on', async () => {
      const window = { oldest: '2024-12-01', newest: '2025-01-31' };
      const first = await adapter.fdx.listTransactions(
        '100100',
        '100100001',
        window,
        { limit: 4 },
        ctx(),
      );
      expect(first.records.map((t) => t.transactionId)).toEqual([
        '250117000004.000001',
        '250116000003.000001',
        '250115000001.000001',
        '250115000002.000001',
      ]);
      expect(first.next).toBe('4');
      const second = await adapter.fdx.listTransactions(
        '100100',
        '100100001',
        window,
        { limit: 4, after: first.next! },
        ctx(),
      );
      expect(second).toEqual({
        records: [expect.objectContaining({ transactionId: '241231000009.000001' })],
      });
      for (const t of [...first.records, ...second.records])
        expect(errorsOf(t, 'fdx-transaction')).toEqual([]);
      const query = transact.received.find(
        (r) => r.path === '/api/v1.0.0/holdings/transactions',
      )?.query;
      expect(query).toMatchObject({
        listType: 'COMPLETED',
        dateFrom: '2024-12-01',
        dateTo: '2025-01-31',
      });
    });

    it('when a position key is not one the adapter made, or the account not the customer’s, then it is refused', async () => {
      await expect(
        adapter.fdx.listTransactions('100100', '100100001', {}, { limit: 2, after: 'x' }, ctx()),
      ).rejects.toBeInstanceOf(FdxInvalidRequestError);
      await expect(
        adapter.fdx.listTransactions('100100', '555', {}, { limit: 2 }, ctx()),
      ).rejects.toBeInstanceOf(FdxAccountNotFoundError);
    });

    it('when descriptors and account details are asked, then they come from the banking records and balances', async () => {
      const descriptors = await adapter.fdx.listAccountDescriptors('100100', ctx());
      for (const d of descriptors)
        expect(errorsOf(d, 'records', 'FdxAccountDescriptorRecord')).toEqual([]);
      expect(descriptors[3]).toMatchObject({
        accountCategory: 'LOAN_ACCOUNT',
        accountNumberDisplay: 'xxxxx0004',
      });
      const loan = await adapter.fdx.getAccountDetail('100100', '100100004', ctx());
      expect(loan).toMatchObject({
        principalBalance: 18250.5,
        originalPrincipal: 30000,
        interestRate: 8.95,
      });
      const saver = await adapter.fdx.getAccountDetail('100100', '100100001', ctx());
      expect(saver).toMatchObject({ currentBalance: 1523.45, availableBalance: 2510.95 });
      for (const a of [loan, saver]) expect(errorsOf(a, 'fdx-account')).toEqual([]);
    });

    it('when a joint account’s contact is asked, then both holders come, the customer first', async () => {
      const contact = await adapter.fdx.getAccountContact('100100', '100100002', ctx());
      expect(contact?.holders.map((h) => [h.name?.first, h.relationship])).toEqual([
        ['Jane', 'PRIMARY_JOINT'],
        ['John', 'SECONDARY_JOINT'],
      ]);
      expect(contact?.emails).toEqual(['jane.citizen@example.com', 'john.citizen@example.com']);
      expect(errorsOf(contact, 'fdx-account-contact')).toEqual([]);
    });

    it('when statements, documents and networks are asked, then Transact has none: empty answers', async () => {
      await expect(
        adapter.fdx.listStatements('100100', '100100001', {}, { limit: 5 }, ctx()),
      ).resolves.toEqual({
        records: [],
        total: 0,
      });
      await expect(
        adapter.fdx.getStatementDocument('100100', '100100001', 's1', ctx()),
      ).resolves.toBeNull();
      await expect(
        adapter.fdx.listPaymentNetworks('100100', '100100001', { limit: 5 }, ctx()),
      ).resolves.toEqual({
        records: [],
      });
      await expect(
        adapter.fdx.listAssetTransferNetworks('100100', '100100001', { limit: 5 }, ctx()),
      ).resolves.toEqual({ records: [] });
    });
  });

  describe('customers', () => {
    it('when the customer detail is asked, then it is the customer record, one call', async () => {
      const detail = await adapter.customer.getCustomerDetail('100100', ctx());
      expect(detail.person).toMatchObject({ firstName: 'Jane', lastName: 'Citizen' });
      expect(errorsOf(detail, 'customer-detail')).toEqual([]);
      expect(transact.paths()).toEqual(['/api/v4.0.0/party/customers/100100']);
      await expect(adapter.customer.getCustomerDetail('999999', ctx())).rejects.toBeInstanceOf(
        CustomerNotFoundError,
      );
    });

    it('when a person’s identity is asked, then its claims come from its record', async () => {
      const identity = await adapter.customer.getCustomerIdentity!('100100', ctx());
      expect(identity).toEqual({
        id: '100100',
        email: 'jane.citizen@example.com',
        emailVerified: false,
        givenName: 'Jane',
        familyName: 'Citizen',
        name: 'Jane Citizen',
        phoneNumber: '+61491570110',
        phoneNumberVerified: false,
        updatedAt: '2024-06-30T00:00:00Z',
        address: {
          streetAddress: '1 George Street\nUnit 5',
          locality: 'Sydney',
          region: 'NSW',
          postalCode: '2000',
          country: 'AUS',
        },
      });
      expect(errorsOf(identity, 'customer-identity')).toEqual([]);
    });

    it('when a customer has no email address or no last change, then it cannot be identified (422)', async () => {
      await expect(adapter.customer.getCustomerIdentity!('100500', ctx())).rejects.toBeInstanceOf(
        CustomerNotIdentifiableError,
      );
      await expect(adapter.customer.getCustomerIdentity!('100600', ctx())).rejects.toBeInstanceOf(
        CustomerNotIdentifiableError,
      );
      await expect(adapter.customer.getCustomerIdentity!('999999', ctx())).rejects.toBeInstanceOf(
        CustomerNotFoundError,
      );
      expect(JSON.stringify(logged)).not.toMatch(/100500|100600|@/);
    });

    it('when an address one customer owns is searched, then that customer comes back, not one whose address only looks alike', async () => {
      const found = await adapter.customer.searchCustomersByEmail!(
        'jane.citizen@example.com',
        ctx(),
      );
      expect(found).toEqual([{ id: '100100', name: 'Jane Citizen', phoneNumber: '+61491570110' }]);
      expect(transact.received[0]?.query).toMatchObject({ email: 'jane.citizen@example.com' });
      for (const f of found) expect(errorsOf(f, 'customer-search-result')).toEqual([]);
    });

    it('when an address several customers own is searched, then each identifiable one comes back', async () => {
      const found = await adapter.customer.searchCustomersByEmail!('family@example.com', ctx());
      expect(found.map((f) => f.id)).toEqual(['100200', '100100']);
      expect(logged).toContainEqual({
        level: 'warn',
        obj: { operation: 'customer.search', gap: 'lastChange' },
        msg: 'a customer left out',
      });
    });

    it('when an address nobody owns is searched, then the answer is empty', async () => {
      await expect(
        adapter.customer.searchCustomersByEmail!('nobody@example.com', ctx()),
      ).resolves.toEqual([]);
      await expect(adapter.customer.searchCustomersByEmail!('  ', ctx())).resolves.toEqual([]);
    });

    it('when contact relation codes are configured, then the customers the owner acts for come too, with the owner’s number', async () => {
      await adapter.close();
      adapter = build({ contactRelationCodes: ['21'] });
      const found = await adapter.customer.searchCustomersByEmail!(
        'jane.citizen@example.com',
        ctx(),
      );
      expect(found).toEqual([
        { id: '100100', name: 'Jane Citizen', phoneNumber: '+61491570110' },
        { id: '300300', name: 'Harbour Bakery Pty Ltd', phoneNumber: '+61491570110' },
        { id: '300400', name: 'Citizen Family Trust', phoneNumber: '+61491570110' },
      ]);
      const identity = await adapter.customer.getCustomerIdentity!('300300', ctx());
      expect(identity).toMatchObject({
        email: 'jane.citizen@example.com',
        name: 'Harbour Bakery Pty Ltd',
      });
      expect(identity).not.toHaveProperty('givenName');
      expect(identity).not.toHaveProperty('familyName');
      expect(errorsOf(identity, 'customer-identity')).toEqual([]);
    });

    it('when a customer’s contact is recorded without an email, then its identity reads the contact’s own record', async () => {
      await adapter.close();
      adapter = build({ contactRelationCodes: ['21'] });
      const identity = await adapter.customer.getCustomerIdentity!('300400', ctx());
      expect(identity).toEqual({
        id: '300400',
        email: 'jane.citizen@example.com',
        emailVerified: false,
        name: 'Citizen Family Trust',
        phoneNumber: '+61491570110',
        phoneNumberVerified: false,
        updatedAt: '2024-01-15T00:00:00Z',
        address: {
          streetAddress: '1 George Street',
          locality: 'Sydney',
          region: 'NSW',
          postalCode: '2000',
          country: 'AUS',
        },
      });
      // Its first related customer (a spouse code) is not read; its contact (code 21) is.
      expect(transact.paths()).not.toContain('/api/v4.0.0/party/customers/100200');
      expect(transact.paths()).toContain('/api/v4.0.0/party/customers/100100');
    });

    it('when no contact relation codes are configured, then a customer without an email of its own has no identity', async () => {
      await expect(adapter.customer.getCustomerIdentity!('300400', ctx())).rejects.toBeInstanceOf(
        CustomerNotIdentifiableError,
      );
    });
  });
});
