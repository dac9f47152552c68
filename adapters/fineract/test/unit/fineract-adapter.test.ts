/**
 * The Fineract adapter against a small loopback Fineract started here (node:http serving the
 * recorded fixtures): headers, pushed-down paging and windows, error mapping, aborts, exact money.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { parse as losslessParse, stringify as losslessStringify } from 'lossless-json';
import {
  createFineractAdapter,
  fineractAdapterModule,
  type FineractAdapter,
  type FineractSettings,
} from '../..';
import { adapterConfigFrom, adapterEnvName } from '../../../../src/config/adapter-config';
import {
  CoreTimeoutError,
  CoreUnavailableError,
  retryAfterSeconds,
  type CallContext,
} from '@data-holder-gateway/adapter-sdk';
import { contractErrorsOf } from '../../../../test/helpers/contracts';

const FIXTURES = path.resolve(__dirname, '../../fixtures');
const raw = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const API = '/fineract-provider/api';

interface Received {
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';
type Handler = (req: Received) => Answer | undefined;

/** A loopback Fineract: fixtures by path, overridable per test, every request recorded. */
class FakeFineract {
  readonly received: Received[] = [];
  override: Handler = () => undefined;
  url = '';
  private readonly server: http.Server;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly routes: Record<string, (req: Received) => Answer>) {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const received: Received = {
        path: url.pathname.slice(API.length),
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
      };
      this.received.push(received);
      const answer = this.override(received) ??
        this.routes[received.path]?.(received) ?? {
          status: 404,
          body: JSON.stringify({
            developerMessage: 'The requested resource is not available.',
            httpStatusCode: '404',
            userMessageGlobalisationCode: 'error.msg.resource.not.found',
            errors: [],
          }),
        };
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body ?? '');
    });
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${API}`;
  }

  paths(): string[] {
    return this.received.map((r) => r.path);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const ok = (body: string): Answer => ({ status: 200, body });
const json = (value: unknown): Answer => ok(JSON.stringify(value));

/** Client 1's account list with one more active savings account (a copy of 11 as `id`). */
function clientOneAccountsWithSavings(id: number): Answer {
  const accounts = JSON.parse(raw('client-accounts-1.json')) as {
    savingsAccounts: Record<string, unknown>[];
  };
  const copy = { ...accounts.savingsAccounts[0], id, accountNo: `0000000${id}` };
  return json({ ...accounts, savingsAccounts: [...accounts.savingsAccounts, copy] });
}

/** Serves a recorded savings search page as Fineract pages: `offset` is the page number. */
function savingsSearch(req: Received): Answer {
  // lossless-json keeps the 19-digit amount's text through parse and stringify.
  const page = losslessParse(raw('savings-transactions-11.json')) as { content: unknown[] };
  const limit = Number(req.query.limit ?? 50);
  const offset = Number(req.query.offset ?? 0) * limit;
  const slice = page.content.slice(offset, offset + limit);
  return ok(losslessStringify({ total: page.content.length, content: slice }) ?? '');
}

/** Serves the recorded loan transactions as Spring pages of `size`. */
function loanPages(req: Received): Answer {
  const all = (JSON.parse(raw('loan-transactions-21.json')) as { content: unknown[] }).content;
  const page = Number(req.query.page ?? 0);
  const size = Number(req.query.size ?? 20);
  const content = all.slice(page * size, page * size + size);
  const totalPages = Math.ceil(all.length / size);
  return json({
    content,
    totalElements: all.length,
    totalPages,
    number: page,
    size,
    first: page === 0,
    last: page >= totalPages - 1,
    numberOfElements: content.length,
    empty: content.length === 0,
  });
}

const ROUTES: Record<string, (req: Received) => Answer> = {
  '/v1/clients/1': () => ok(raw('client-1.json')),
  '/v1/clients/1/accounts': () => ok(raw('client-accounts-1.json')),
  '/v1/clients/27': () => ok(raw('client-27.json')),
  '/v1/clients/27/accounts': () => ok(raw('client-accounts-27.json')),
  '/v1/clients': (req) =>
    ok(
      raw(
        req.query.externalId === 'CUST-0001'
          ? 'clients-by-external-id.json'
          : 'clients-by-external-id-empty.json',
      ),
    ),
  '/v1/savingsaccounts/11': () => ok(raw('savings-11.json')),
  '/v1/savingsaccounts/12': () => ok(raw('savings-12-overdraft.json')),
  '/v1/savingsaccounts/15': () => ok(raw('savings-15-closed.json')),
  '/v1/savingsaccounts/18': () => ok(raw('savings-18-precise.json')),
  '/v1/fixeddepositaccounts/13': () => ok(raw('fixed-deposit-13.json')),
  '/v1/recurringdepositaccounts/14': () => ok(raw('recurring-deposit-14.json')),
  '/v1/loans/21': () => ok(raw('loan-21.json')),
  '/v1/loans/22': () => ok(raw('loan-22.json')),
  '/v1/loans/23': () => ok(raw('loan-23-closed.json')),
  '/v1/savingsaccounts/11/transactions/search': savingsSearch,
  '/v1/loans/21/transactions': loanPages,
  '/v1/standinginstructions': () => ok(raw('standing-instructions-1.json')),
  '/v1/self/beneficiaries/tpt': () => ok(raw('beneficiaries-tpt-client1.json')),
};

interface LogLine {
  level: 'info' | 'warn' | 'error';
  obj: object;
  msg?: string;
}

function recordingLog() {
  const lines: LogLine[] = [];
  return {
    lines,
    log: {
      info: (obj: object, msg?: string) => lines.push({ level: 'info', obj, msg }),
      warn: (obj: object, msg?: string) => lines.push({ level: 'warn', obj, msg }),
      error: (obj: object, msg?: string) => lines.push({ level: 'error', obj, msg }),
    },
  };
}

const ctx = (requestId = 'req-1', signal = new AbortController().signal): CallContext => ({
  signal,
  requestId,
});

describe('Fineract adapter', () => {
  let fineract: FakeFineract;
  let adapter: FineractAdapter;
  let logs: LogLine[];

  const build = (settings: Partial<FineractSettings> = {}): FineractAdapter => {
    const recorder = recordingLog();
    logs = recorder.lines;
    return createFineractAdapter(
      {
        baseUrl: fineract.url,
        username: 'mifos',
        password: 's3cret-pass',
        tenant: 'bank1',
        bsb: '062-000',
        ...settings,
      },
      recorder.log,
    );
  };

  beforeEach(async () => {
    fineract = new FakeFineract(ROUTES);
    await fineract.start();
    adapter = build();
  });

  afterEach(async () => {
    await adapter.close();
    await fineract.close();
  });

  it('when any port is called, then Basic auth, the tenant, accept and the request id headers are sent', async () => {
    await adapter.customer.getCustomerDetail('1', ctx('req-42'));
    expect(fineract.received).toHaveLength(1);
    const { headers, path: calledPath } = fineract.received[0]!;
    expect(calledPath).toBe('/v1/clients/1');
    expect(headers.authorization).toBe(
      `Basic ${Buffer.from('mifos:s3cret-pass').toString('base64')}`,
    );
    expect(headers['fineract-platform-tenantid']).toBe('bank1');
    expect(headers.accept).toBe('application/json');
    expect(headers['x-request-id']).toBe('req-42');
  });

  it('when the customer detail is read, then the mapped client validates against the contract', async () => {
    const detail = await adapter.customer.getCustomerDetail('1', ctx());
    expect(contractErrorsOf('customer-detail', detail)).toEqual([]);
    expect(detail.person.lastName).toBe('Citizen');
  });

  it('when accounts are listed, then only opened accounts are fetched and every record conforms', async () => {
    const accounts = await adapter.banking.listAccounts('1', ctx());
    expect(accounts.map((a) => [a.accountId, a.openStatus])).toEqual([
      ['sav-11', 'OPEN'],
      ['sav-12', 'OPEN'],
      ['fd-13', 'OPEN'],
      ['rd-14', 'OPEN'],
      ['sav-15', 'CLOSED'],
      ['loan-21', 'OPEN'],
      ['loan-22', 'OPEN'],
      ['loan-23', 'CLOSED'],
    ]);
    for (const a of accounts) {
      expect(contractErrorsOf('banking-account-list-item-v4', a)).toEqual([]);
      expect(a.bsb).toBe('062000');
      expect(a.users).toEqual([
        { id: '1', email: 'alex.citizen@example.com', isAccountHolder: true },
      ]);
    }
    expect(fineract.paths().sort()).toEqual(
      [
        '/v1/clients/1',
        '/v1/clients/1/accounts',
        '/v1/savingsaccounts/11',
        '/v1/savingsaccounts/12',
        '/v1/fixeddepositaccounts/13',
        '/v1/recurringdepositaccounts/14',
        '/v1/savingsaccounts/15',
        '/v1/loans/21',
        '/v1/loans/22',
        '/v1/loans/23',
      ].sort(),
    );
    const loanCall = fineract.received.find((r) => r.path === '/v1/loans/21');
    expect(loanCall?.query).toEqual({ associations: 'repaymentSchedule' });
  });

  it('when product categories are configured, then the table wins over the kind default', async () => {
    await adapter.close();
    adapter = build({ productCategories: { 'loan:6': 'OVERDRAFTS', 'sav:2': 'OVERDRAFTS' } });
    const accounts = await adapter.banking.listAccounts('1', ctx());
    const category = (id: string) => accounts.find((a) => a.accountId === id)?.productCategory;
    expect(category('loan-22')).toBe('OVERDRAFTS');
    expect(category('sav-12')).toBe('OVERDRAFTS');
    expect(category('loan-21')).toBe('PERS_LOANS');
    expect(category('fd-13')).toBe('TERM_DEPOSITS');
  });

  it('when the authorisation list is read, then it uses the account list only', async () => {
    const items = await adapter.authorisation.listShareableAccounts('1', ctx());
    expect(items.map((i) => i.accountId)).toEqual([
      'sav-11',
      'sav-12',
      'fd-13',
      'rd-14',
      'sav-15',
      'loan-21',
      'loan-22',
      'loan-23',
    ]);
    expect(fineract.paths().sort()).toEqual(['/v1/clients/1', '/v1/clients/1/accounts']);
  });

  it('when a balance carries 19 significant digits, then it is served exactly', async () => {
    fineract.override = (req) =>
      req.path === '/v1/clients/1/accounts' ? clientOneAccountsWithSavings(18) : undefined;
    const balances = await adapter.banking.listBalances(
      '1',
      ['sav-18', 'sav-12', 'loan-21'],
      ctx(),
    );
    expect(balances).toEqual([
      {
        accountId: 'sav-18',
        currentBalance: '12345678901234.567891',
        availableBalance: '1234567890123456789.12',
      },
      { accountId: 'sav-12', currentBalance: '-120.50', availableBalance: '879.50' },
      { accountId: 'loan-21', currentBalance: '-4240.00', availableBalance: '0.00' },
    ]);
    for (const b of balances) expect(contractErrorsOf('balance', b)).toEqual([]);
  });

  it('when a listed account answers 404, then it is left out and a warning names only its kind', async () => {
    fineract.override = (req) =>
      req.path === '/v1/savingsaccounts/12' ? { status: 404, body: '{}' } : undefined;
    const accounts = await adapter.banking.listAccounts('1', ctx());
    expect(accounts.map((a) => a.accountId)).not.toContain('sav-12');
    expect(accounts).toHaveLength(7);
    expect(logs).toEqual([
      {
        level: 'warn',
        obj: { accountKind: 'sav' },
        msg: 'an account of the client list is unknown to Fineract; left out',
      },
    ]);
  });

  it('when an account belongs to another client, then its balance is not served', async () => {
    fineract.override = (req) =>
      req.path === '/v1/savingsaccounts/11'
        ? ok(raw('savings-11.json').replace('"clientId": 1,', '"clientId": 2,'))
        : undefined;
    expect(await adapter.banking.listBalances('1', ['sav-11'], ctx())).toEqual([]);
  });

  it('when savings transactions are paged, then the window and pages of the limit are pushed down to the search', async () => {
    const window = { oldest: '2024-06-01', newest: '2024-06-30' };
    const first = await adapter.fdx.listTransactions('1', 'sav-11', window, { limit: 2 }, ctx());
    expect(first.records.map((r) => r.transactionId)).toEqual(['120', '119']);
    expect(first.next).toBe('2');
    expect(fineract.paths()).toEqual([
      '/v1/clients/1/accounts',
      '/v1/savingsaccounts/11/transactions/search',
    ]);
    expect(fineract.received[1]).toMatchObject({
      path: '/v1/savingsaccounts/11/transactions/search',
      query: {
        fromDate: '2024-06-01',
        toDate: '2024-06-30',
        dateFormat: 'yyyy-MM-dd',
        locale: 'en',
        offset: '0',
        limit: '2',
        orderBy: 'transactionDate,id',
        sortOrder: 'DESC',
      },
    });
    expect(first.records[1]?.amount).toBe(Number('1234567890123456789.12'));

    fineract.received.length = 0;
    const second = await adapter.fdx.listTransactions(
      '1',
      'sav-11',
      window,
      { limit: 2, after: first.next! },
      ctx(),
    );
    // 117 is reversed: the adapter reads on, page 2, for the one record still missing.
    expect(second.records.map((r) => r.transactionId)).toEqual(['118', '116']);
    expect(second.next).toBe('5');
    const searches = fineract.received.filter((r) => r.path.endsWith('/transactions/search'));
    expect(searches.map((r) => [r.query.offset, r.query.limit])).toEqual([
      ['1', '2'],
      ['2', '2'],
    ]);

    const last = await adapter.fdx.listTransactions(
      '1',
      'sav-11',
      window,
      { limit: 2, after: second.next! },
      ctx(),
    );
    expect(last.records.map((r) => r.transactionId)).toEqual(['115']);
    expect(last).not.toHaveProperty('next');
    for (const r of [...first.records, ...second.records, ...last.records]) {
      expect(contractErrorsOf('fdx-transaction', r)).toEqual([]);
    }
  });

  it('when no window is given, then no date filter is sent', async () => {
    await adapter.fdx.listTransactions('1', 'sav-11', {}, { limit: 10 }, ctx());
    const search = fineract.received.find((r) => r.path.endsWith('/transactions/search'));
    expect(search?.query).toMatchObject({ offset: '0', limit: '10' });
    expect(search?.query).not.toHaveProperty('fromDate');
    expect(search?.query).not.toHaveProperty('toDate');
  });

  it('when a position key was not made by the adapter, then the request is invalid (400)', async () => {
    await expect(
      adapter.fdx.listTransactions('1', 'sav-11', {}, { limit: 2, after: 'abc' }, ctx()),
    ).rejects.toMatchObject({ status: 400, code: 'GW_ERR_FDX_INVALID_REQUEST' });
    expect(fineract.received).toHaveLength(0);
  });

  it('when loan transactions are read in a window, then Fineract pages are walked and the window applied', async () => {
    await adapter.close();
    adapter = build({ pageSize: 2 });
    const page = await adapter.fdx.listTransactions(
      '1',
      'loan-21',
      { oldest: '2024-04-01', newest: '2024-04-30' },
      { limit: 10 },
      ctx(),
    );
    expect(page.records.map((r) => r.transactionId)).toEqual(['303']);
    expect(page).not.toHaveProperty('next');
    expect(fineract.paths()[0]).toBe('/v1/clients/1/accounts');
    expect(fineract.received.slice(1).map((r) => [r.path, r.query])).toEqual([
      ['/v1/loans/21/transactions', { page: '0', size: '2', sort: 'transactionDate,desc' }],
      ['/v1/loans/21/transactions', { page: '1', size: '2', sort: 'transactionDate,desc' }],
      ['/v1/loans/21/transactions', { page: '2', size: '2', sort: 'transactionDate,desc' }],
    ]);
  });

  it('when loan transactions are paged, then the position key resumes inside Fineract pages', async () => {
    await adapter.close();
    adapter = build({ pageSize: 2 });
    const first = await adapter.fdx.listTransactions('1', 'loan-21', {}, { limit: 1 }, ctx());
    expect(first.records.map((r) => r.transactionId)).toEqual(['305']);
    expect(first.next).toBe('1');
    fineract.received.length = 0;
    const second = await adapter.fdx.listTransactions(
      '1',
      'loan-21',
      {},
      { limit: 1, after: '1' },
      ctx(),
    );
    // 304 is an accrual (left out): 303 comes from Fineract page 1, and 302 is next.
    expect(second.records.map((r) => r.transactionId)).toEqual(['303']);
    expect(second.next).toBe('3');
    expect(
      fineract.received
        .filter((r) => r.path === '/v1/loans/21/transactions')
        .map((r) => r.query.page),
    ).toEqual(['0', '1']);
    const third = await adapter.fdx.listTransactions(
      '1',
      'loan-21',
      {},
      { limit: 5, after: '3' },
      ctx(),
    );
    expect(third.records.map((r) => r.transactionId)).toEqual(['301']);
    expect(third).not.toHaveProperty('next');
  });

  it('when account info is asked, then only the customer opened accounts are known', async () => {
    expect(await adapter.fdx.getAccountInfo('1', 'sav-11', ctx())).toEqual({
      status: 'OPEN',
      supportsFdx: true,
      supportsAssetTransferNetworks: false,
    });
    expect(await adapter.fdx.getAccountInfo('1', 'loan-23', ctx())).toMatchObject({
      status: 'CLOSED',
    });
    expect(await adapter.fdx.getAccountInfo('1', 'sav-16', ctx())).toBeNull();
    expect(await adapter.fdx.getAccountInfo('1', 'loan-99', ctx())).toBeNull();
    expect(await adapter.fdx.getAccountInfo('1', 'acct-1', ctx())).toBeNull();
  });

  it('when statements, documents, networks and direct debits are asked, then Fineract has none and only the client’s account list is read', async () => {
    expect(await adapter.fdx.listStatements('1', 'sav-11', {}, { limit: 10 }, ctx())).toEqual({
      records: [],
      total: 0,
    });
    expect(await adapter.fdx.getStatementDocument('1', 'sav-11', 's-1', ctx())).toBeNull();
    expect(
      await adapter.fdx.listAssetTransferNetworks('1', 'sav-11', { limit: 10 }, ctx()),
    ).toEqual({ records: [] });
    expect(await adapter.banking.listDirectDebits('1', ['sav-11'], ctx())).toEqual([]);
    expect(fineract.paths()).toEqual([
      '/v1/clients/1/accounts',
      '/v1/clients/1/accounts',
      '/v1/clients/1/accounts',
      '/v1/clients/1/accounts',
    ]);
  });

  it('when scheduled payments are listed, then standing instructions are read by client and filtered by source', async () => {
    const payments = await adapter.banking.listScheduledPayments('1', ['sav-12'], ctx());
    expect(payments.map((p) => p.scheduledPaymentId)).toEqual(['2']);
    const call = fineract.received.find((r) => r.path === '/v1/standinginstructions');
    expect(call?.query).toEqual({ clientId: '1', offset: '0', limit: '100' });
    const all = await adapter.banking.listScheduledPayments('1', ['sav-11', 'sav-12'], ctx());
    expect(all.map((p) => p.scheduledPaymentId)).toEqual(['1', '2', '3', '6']);
    for (const p of all) expect(contractErrorsOf('scheduled-payment', p)).toEqual([]);
  });

  it('when instalment products are configured, then other loans and deposit accounts are unsupported', async () => {
    await adapter.close();
    adapter = build({ instalmentProducts: [5] });
    const plans = await adapter.banking.listInstalmentPlans(
      '1',
      ['loan-21', 'loan-22', 'sav-11'],
      ctx(),
    );
    expect(plans.get('loan-22')).toEqual({ supported: false });
    expect(plans.get('sav-11')).toEqual({ supported: false });
    const result = plans.get('loan-21');
    expect(result?.supported).toBe(true);
    if (!result?.supported) throw new Error('unreachable');
    expect(result.plans).toHaveLength(1);
    expect(contractErrorsOf('instalment-plan', result.plans[0])).toEqual([]);
    expect(fineract.paths().sort()).toEqual([
      '/v1/clients/1/accounts',
      '/v1/loans/21',
      '/v1/loans/22',
    ]);
  });

  it('when the customer has self-service credentials, then beneficiaries are read as that user', async () => {
    await adapter.close();
    adapter = build({
      customers: { '1': { selfServiceUsername: 'client1', selfServicePassword: 'client1-pass' } },
    });
    const payees = await adapter.banking.listPayees('1', ctx());
    expect(payees.map((p) => p.payeeId)).toEqual(['1', '2', '3']);
    for (const p of payees) expect(contractErrorsOf('payee', p)).toEqual([]);
    const read = fineract.received.find((r) => r.path === '/v1/self/beneficiaries/tpt');
    expect(read?.headers.authorization).toBe(
      `Basic ${Buffer.from('client1:client1-pass').toString('base64')}`,
    );
    expect(read?.headers['fineract-platform-tenantid']).toBe('bank1');
    // The client is checked with the gateway's own credentials, alongside.
    const check = fineract.received.find((r) => r.path === '/v1/clients/1');
    expect(check?.headers.authorization).toBe(
      `Basic ${Buffer.from('mifos:s3cret-pass').toString('base64')}`,
    );
    expect(fineract.paths().sort()).toEqual(['/v1/clients/1', '/v1/self/beneficiaries/tpt']);
  });

  describe('payees source', () => {
    const SELF = { '1': { selfServiceUsername: 'client1', selfServicePassword: 'client1-pass' } };
    const notImplemented = {
      status: 404,
      code: 'GW_ERR_RES_NOT_IMPLEMENTED',
      message: 'resource not implemented',
    };
    const pluginMissing = (req: Received): Answer | undefined =>
      req.path.startsWith('/v1/self/')
        ? { status: 404, body: '{"httpStatusCode":"404"}' }
        : undefined;

    beforeEach(async () => {
      await adapter.close();
      adapter = build({ customers: SELF });
    });

    it('when the plugin answers, then the readiness detail payeesSource stays true and nothing is warned', async () => {
      expect(adapter.readinessDetails?.()).toEqual({ payeesSource: true });
      expect(await adapter.banking.listPayees('1', ctx())).toHaveLength(3);
      expect(adapter.readinessDetails?.()).toEqual({ payeesSource: true });
      expect(logs.filter((l) => l.level === 'warn')).toEqual([]);
    });

    it('when Fineract has no self-service plugin, then payees are not implemented, warned once and reported', async () => {
      fineract.override = pluginMissing;
      await expect(adapter.banking.listPayees('1', ctx())).rejects.toMatchObject(notImplemented);
      await expect(adapter.banking.listPayees('1', ctx())).rejects.toMatchObject(notImplemented);
      expect(adapter.readinessDetails?.()).toEqual({ payeesSource: false });
      const warnings = logs.filter((l) => l.level === 'warn');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toMatch(/self-service plugin.*FINERACT_PAYEES_SOURCE=none/);
      expect(JSON.stringify(warnings)).not.toMatch(/client1|s3cret|\/v1\/clients/);
      // The plugin installed later: payees are served again and the detail recovers.
      fineract.override = () => undefined;
      expect(await adapter.banking.listPayees('1', ctx())).toHaveLength(3);
      expect(adapter.readinessDetails?.()).toEqual({ payeesSource: true });
    });

    it('when the plugin is missing and the customer is unknown, then it is still CustomerNotFoundError', async () => {
      fineract.override = pluginMissing;
      await adapter.close();
      adapter = build({ customers: { '999': SELF['1'] } });
      await expect(adapter.banking.listPayees('999', ctx())).rejects.toMatchObject({
        code: 'GW_ERR_RES_CUSTOMER_NOT_FOUND',
      });
    });

    it('when the source is none, then a known customer has no payees and no self-service path is asked', async () => {
      await adapter.close();
      adapter = build({ customers: SELF, payeesSource: 'none' });
      expect(await adapter.banking.listPayees('1', ctx())).toEqual([]);
      expect(fineract.paths()).toEqual(['/v1/clients/1']);
      await expect(adapter.banking.listPayees('999', ctx())).rejects.toMatchObject({
        code: 'GW_ERR_RES_CUSTOMER_NOT_FOUND',
      });
    });
  });

  it('when the customer has no self-service credentials, then there are no payees and only the client is checked', async () => {
    expect(await adapter.banking.listPayees('1', ctx())).toEqual([]);
    expect(fineract.paths()).toEqual(['/v1/clients/1']);
  });

  it('when Fineract does not know the client, then it is CustomerNotFoundError (404)', async () => {
    const error = {
      status: 404,
      code: 'GW_ERR_RES_CUSTOMER_NOT_FOUND',
      message: 'Customer not found',
    };
    await expect(adapter.customer.getCustomerDetail('999', ctx())).rejects.toMatchObject(error);
    await expect(adapter.banking.listAccounts('999', ctx())).rejects.toMatchObject(error);
    fineract.received.length = 0;
    await expect(adapter.customer.getCustomerDetail('alice', ctx())).rejects.toMatchObject(error);
    expect(fineract.received).toHaveLength(0);
  });

  describe('when the customer is unknown to Fineract', () => {
    const notFound = {
      status: 404,
      code: 'GW_ERR_RES_CUSTOMER_NOT_FOUND',
      message: 'Customer not found',
    };
    // Client 1's accounts are passed along on purpose: client 999 must not get them.
    const calls: [string, (a: FineractAdapter) => Promise<unknown>, string][] = [
      [
        'banking.listBalances',
        (a) => a.banking.listBalances('999', ['sav-11', 'loan-21'], ctx()),
        '/v1/clients/999/accounts',
      ],
      [
        'banking.listDirectDebits',
        (a) => a.banking.listDirectDebits('999', ['sav-11'], ctx()),
        '/v1/clients/999/accounts',
      ],
      [
        'banking.listScheduledPayments',
        (a) => a.banking.listScheduledPayments('999', ['sav-11'], ctx()),
        '/v1/clients/999/accounts',
      ],
      [
        'banking.listInstalmentPlans',
        (a) => a.banking.listInstalmentPlans('999', ['loan-21', 'sav-11'], ctx()),
        '/v1/clients/999/accounts',
      ],
      ['banking.listPayees', (a) => a.banking.listPayees('999', ctx()), '/v1/clients/999'],
      [
        'fdx.getAccountInfo',
        (a) => a.fdx.getAccountInfo('999', 'sav-11', ctx()),
        '/v1/clients/999/accounts',
      ],
      [
        'fdx.listTransactions (savings)',
        (a) => a.fdx.listTransactions('999', 'sav-11', {}, { limit: 5 }, ctx()),
        '/v1/clients/999/accounts',
      ],
      [
        'fdx.listTransactions (loan)',
        (a) => a.fdx.listTransactions('999', 'loan-21', {}, { limit: 5 }, ctx()),
        '/v1/clients/999/accounts',
      ],
      [
        'fdx.listStatements',
        (a) => a.fdx.listStatements('999', 'sav-11', {}, { limit: 5 }, ctx()),
        '/v1/clients/999/accounts',
      ],
      [
        'fdx.getStatementDocument',
        (a) => a.fdx.getStatementDocument('999', 'sav-11', 's-1', ctx()),
        '/v1/clients/999/accounts',
      ],
      [
        'fdx.listAssetTransferNetworks',
        (a) => a.fdx.listAssetTransferNetworks('999', 'sav-11', { limit: 5 }, ctx()),
        '/v1/clients/999/accounts',
      ],
    ];

    it.each(calls)(
      'when %s is called, then it rejects with CustomerNotFoundError after one client call',
      async (_label, fn, checked) => {
        await expect(fn(adapter)).rejects.toMatchObject(notFound);
        expect(fineract.paths()).toEqual([checked]);
      },
    );

    it('when the unknown customer has self-service credentials, then the payees still reject with CustomerNotFoundError', async () => {
      await adapter.close();
      adapter = build({
        customers: {
          '999': { selfServiceUsername: 'client1', selfServicePassword: 'client1-pass' },
        },
      });
      await expect(adapter.banking.listPayees('999', ctx())).rejects.toMatchObject(notFound);
      expect(fineract.paths()).toContain('/v1/clients/999');
    });

    it('when customers map by table and the listed client is unknown, then the account-free methods reject too', async () => {
      await adapter.close();
      adapter = build({ customerIds: 'table', customers: { ghost: { clientId: 999 } } });
      await expect(adapter.banking.listDirectDebits('ghost', [], ctx())).rejects.toMatchObject(
        notFound,
      );
      await expect(adapter.banking.listBalances('ghost', [], ctx())).rejects.toMatchObject(
        notFound,
      );
      expect(fineract.paths()).toEqual(['/v1/clients/999/accounts', '/v1/clients/999/accounts']);
    });
  });

  describe("when a customer asks for another client's account", () => {
    // Customer 27 is client 27 (savings 6 and loan 1); sav-11 and loan-21 are client 1's.
    const accountNotFound = {
      status: 404,
      code: 'GW_ERR_FDX_ACCOUNT_NOT_FOUND',
      message: 'Account not found',
    };
    const onlyTheAccountList = () =>
      expect(fineract.paths().every((p) => p === '/v1/clients/27/accounts')).toBe(true);

    it('when balances are asked for, then the other client account is left out unread', async () => {
      expect(await adapter.banking.listBalances('27', ['sav-11', 'loan-21'], ctx())).toEqual([]);
      onlyTheAccountList();
    });

    it('when instalment plans are asked for, then the other client accounts get no key', async () => {
      const plans = await adapter.banking.listInstalmentPlans('27', ['loan-21', 'sav-11'], ctx());
      expect([...plans.keys()]).toEqual([]);
      onlyTheAccountList();
    });

    it('when scheduled payments are asked for, then none comes from the other client account', async () => {
      expect(await adapter.banking.listScheduledPayments('27', ['sav-11'], ctx())).toEqual([]);
    });

    it('when FDX account info is asked for, then it is null', async () => {
      expect(await adapter.fdx.getAccountInfo('27', 'sav-11', ctx())).toBeNull();
      expect(await adapter.fdx.getAccountInfo('27', 'loan-21', ctx())).toBeNull();
      onlyTheAccountList();
    });

    it.each(['sav-11', 'loan-21'])(
      'when transactions of %s are asked for, then it is FdxAccountNotFoundError (701) and no transaction is read',
      async (accountId) => {
        const failure = adapter.fdx.listTransactions('27', accountId, {}, { limit: 5 }, ctx());
        await expect(failure).rejects.toMatchObject(accountNotFound);
        await expect(failure).rejects.toMatchObject({ publicCode: 701 });
        onlyTheAccountList();
      },
    );

    it('when statements or asset transfer networks are asked for, then it is FdxAccountNotFoundError (701)', async () => {
      await expect(
        adapter.fdx.listStatements('27', 'sav-11', {}, { limit: 5 }, ctx()),
      ).rejects.toMatchObject(accountNotFound);
      await expect(
        adapter.fdx.listAssetTransferNetworks('27', 'sav-11', { limit: 5 }, ctx()),
      ).rejects.toMatchObject(accountNotFound);
      onlyTheAccountList();
    });

    it('when its own account is asked for, then it is served', async () => {
      expect(await adapter.fdx.getAccountInfo('27', 'sav-6', ctx())).toMatchObject({
        status: 'OPEN',
      });
      expect(await adapter.fdx.getAccountInfo('27', 'sav-7', ctx())).toBeNull(); // not opened
    });
  });

  it('when customers map by external id, then the client is looked up once and remembered', async () => {
    await adapter.close();
    adapter = build({ customerIds: 'externalId' });
    await adapter.customer.getCustomerDetail('CUST-0001', ctx());
    await adapter.customer.getCustomerDetail('CUST-0001', ctx());
    expect(fineract.received.map((r) => [r.path, r.query])).toEqual([
      ['/v1/clients', { externalId: 'CUST-0001', limit: '1' }],
      ['/v1/clients/1', {}],
      ['/v1/clients/1', {}],
    ]);
    await expect(adapter.customer.getCustomerDetail('CUST-9', ctx())).rejects.toMatchObject({
      status: 404,
      code: 'GW_ERR_RES_CUSTOMER_NOT_FOUND',
    });
  });

  it('when customers map by external id, then a fresh lookup proves the client and a remembered one is checked', async () => {
    await adapter.close();
    adapter = build({ customerIds: 'externalId' });
    expect(await adapter.banking.listPayees('CUST-0001', ctx())).toEqual([]);
    expect(await adapter.banking.listPayees('CUST-0001', ctx())).toEqual([]);
    expect(fineract.paths()).toEqual(['/v1/clients', '/v1/clients/1']);
  });

  it('when customers map by table, then unlisted customers are unknown without a call', async () => {
    await adapter.close();
    adapter = build({ customerIds: 'table', customers: { alice: { clientId: 1 } } });
    const detail = await adapter.customer.getCustomerDetail('alice', ctx());
    expect(detail.person.firstName).toBe('Alex');
    await expect(adapter.customer.getCustomerDetail('1', ctx())).rejects.toMatchObject({
      status: 404,
      code: 'GW_ERR_RES_CUSTOMER_NOT_FOUND',
    });
    expect(fineract.received).toHaveLength(1);
  });

  it('when Fineract answers 503 with Retry-After, then CoreUnavailableError carries the seconds', async () => {
    fineract.override = () => ({
      status: 503,
      headers: { 'retry-after': '7' },
      body: '{"developerMessage":"maintenance"}',
    });
    const failure = adapter.customer.getCustomerDetail('1', ctx());
    await expect(failure).rejects.toBeInstanceOf(CoreUnavailableError);
    await expect(failure).rejects.toMatchObject({
      status: 503,
      code: 'GW_ERR_CORE_UNAVAILABLE',
      message: 'Service unavailable',
      retryAfterSeconds: 7,
    });
  });

  it('when Fineract fails or cannot be reached, then the adapter stays ready; once closed, it is not', async () => {
    fineract.override = () => ({ status: 503, body: '{}' });
    await expect(adapter.customer.getCustomerDetail('1', ctx())).rejects.toBeInstanceOf(
      CoreUnavailableError,
    );
    expect(adapter.isReady?.()).toBe(true);
    await fineract.close();
    await expect(adapter.customer.getCustomerDetail('1', ctx())).rejects.toBeInstanceOf(
      CoreUnavailableError,
    );
    expect(adapter.isReady?.()).toBe(true);
    await adapter.close();
    expect(adapter.isReady?.()).toBe(false);
    fineract = new FakeFineract(ROUTES);
    await fineract.start();
    adapter = build();
  });

  it('when Fineract answers 500, then CoreUnavailableError without Retry-After', async () => {
    fineract.override = () => ({ status: 500, body: '{}' });
    const error = await adapter.banking.listAccounts('1', ctx()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoreUnavailableError);
    expect(error).toMatchObject({ status: 503 });
    expect((error as { retryAfterSeconds?: number }).retryAfterSeconds).toBeUndefined();
  });

  it('when Fineract refuses the credentials, then CoreUnavailableError and an error log without secrets', async () => {
    fineract.override = () => ({ status: 401, body: '{"developerMessage":"Unauthenticated"}' });
    await expect(adapter.customer.getCustomerDetail('1', ctx())).rejects.toMatchObject({
      status: 503,
      code: 'GW_ERR_CORE_UNAVAILABLE',
    });
    expect(logs).toEqual([
      {
        level: 'error',
        obj: { operation: 'clients.get', status: 401, selfService: false },
        msg: 'Fineract refused the gateway credentials (check FINERACT_USERNAME, FINERACT_PASSWORD and FINERACT_TENANT)',
      },
    ]);
    const text = JSON.stringify(logs);
    expect(text).not.toContain('s3cret-pass');
    expect(text).not.toContain('bWlmb3M6czNjcmV0LXBhc3M'); // base64 of the credentials
  });

  it('when the call signal aborts, then the request stops with the signal reason', async () => {
    fineract.override = () => 'hang';
    const controller = new AbortController();
    const reason = new CoreTimeoutError();
    setTimeout(() => controller.abort(reason), 50);
    const started = Date.now();
    await expect(
      adapter.customer.getCustomerDetail('1', ctx('req-1', controller.signal)),
    ).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('when Fineract sends no headers in time, then CoreTimeoutError (504)', async () => {
    await adapter.close();
    adapter = build({ headersTimeoutMs: 100 });
    fineract.override = () => 'hang';
    await expect(adapter.customer.getCustomerDetail('1', ctx())).rejects.toMatchObject({
      status: 504,
      code: 'GW_ERR_CORE_TIMEOUT',
    });
  });

  it('when Fineract cannot be reached, then CoreUnavailableError (503)', async () => {
    const url = fineract.url;
    await adapter.close();
    await fineract.close();
    const recorder = recordingLog();
    adapter = createFineractAdapter(
      { baseUrl: url, username: 'mifos', password: 's3cret-pass' },
      recorder.log,
    );
    await expect(adapter.customer.getCustomerDetail('1', ctx())).rejects.toMatchObject({
      status: 503,
      code: 'GW_ERR_CORE_UNAVAILABLE',
    });
    expect(JSON.stringify(recorder.lines)).not.toContain('s3cret-pass');
    fineract = new FakeFineract(ROUTES);
    await fineract.start();
  });
});

describe('Fineract adapter module', () => {
  it('when the block is read from variables, then defaults apply and every setting names its variable', () => {
    const { config } = adapterConfigFrom('fineract', fineractAdapterModule.configSchema, {
      FINERACT_BASE_URL: 'https://fineract.example/fineract-provider/api',
      FINERACT_USERNAME: 'mifos',
      FINERACT_PASSWORD: 'password',
      FINERACT_CUSTOMERS: '{"1":{"selfServiceUsername":"client1","selfServicePassword":"x"}}',
      FINERACT_PRODUCT_CATEGORIES: '{"loan:6":"BUSINESS_LOANS"}',
    });
    expect(config).toEqual({
      baseUrl: 'https://fineract.example/fineract-provider/api',
      username: 'mifos',
      password: 'password',
      tenant: 'default',
      customerIds: 'clientId',
      customers: { '1': { selfServiceUsername: 'client1', selfServicePassword: 'x' } },
      payeesSource: 'self-service-plugin',
      phoneCountryCode: '61',
      productCategories: { 'loan:6': 'BUSINESS_LOANS' },
      connections: 16,
      pipelining: 1,
      connectTimeoutMs: 2000,
      headersTimeoutMs: 5000,
      bodyTimeoutMs: 10000,
      keepAliveTimeoutMs: 4000,
      pageSize: 100,
      emailIndexMaxClients: 1_000_000,
      emailIndexRefreshSeconds: 900,
      emailIndexAtStart: false,
      rejectUnauthorized: true,
    });
    const properties = (
      fineractAdapterModule.configSchema as { properties: Record<string, { description: string }> }
    ).properties;
    for (const [name, property] of Object.entries(properties)) {
      expect(property.description).toContain(adapterEnvName('fineract', name));
    }
  });

  it('when a bad category or BSB is configured, then the block is refused naming the variables', () => {
    expect(() =>
      adapterConfigFrom('fineract', fineractAdapterModule.configSchema, {
        FINERACT_BASE_URL: 'https://fineract.example/api',
        FINERACT_USERNAME: 'mifos',
        FINERACT_PASSWORD: 'password',
        FINERACT_BSB: '06200',
        FINERACT_PRODUCT_CATEGORIES: '{"loan:6":"MORTGAGE"}',
      }),
    ).toThrow(
      /FINERACT_BSB[\s\S]*FINERACT_PRODUCT_CATEGORIES|FINERACT_PRODUCT_CATEGORIES[\s\S]*FINERACT_BSB/,
    );
  });

  it('when the module creates the adapter, then it has the fineract id and every port', async () => {
    const adapter = await fineractAdapterModule.create({
      config: { baseUrl: 'http://127.0.0.1:9/api', username: 'u', password: 'p' },
      log: recordingLog().log,
    });
    expect(adapter.id).toBe('fineract');
    expect(Object.keys(adapter).sort()).toEqual(
      [
        'authorisation',
        'banking',
        'close',
        'customer',
        'fdx',
        'id',
        'isReady',
        'readinessDetails',
      ].sort(),
    );
    await adapter.close?.();
  });

  it('when Retry-After is a date or delta seconds, then it becomes whole seconds', () => {
    const now = Date.parse('2024-01-01T00:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Mon, 01 Jan 2024 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(undefined, now)).toBeUndefined();
  });
});
