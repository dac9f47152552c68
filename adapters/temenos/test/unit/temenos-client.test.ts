/**
 * The Temenos adapter's HTTP side against a loopback server that answers what each test tells
 * it: the headers every call sends, paging across `page_token`, Transact's error answers mapped to
 * the SDK's errors (and whether each counts toward a circuit), timeouts, aborts, and the
 * configuration block and module.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import {
  CoreRejectedRequestError,
  CoreTimeoutError,
  CoreUnavailableError,
  CustomerNotFoundError,
  type CallContext,
} from '@data-holder-gateway/adapter-sdk';
import {
  MAX_PAGES,
  createTemenosAdapter,
  temenosAdapterModule,
  temenosConfigSchema,
  type TemenosAdapter,
  type TemenosSettings,
} from '../..';
import { adapterConfigFrom, adapterEnvName } from '../../../../src/config/adapter-config';
import { isCoreFailure } from '../../../../src/resilience/core-failure';

const raw = (name: string): string =>
  fs.readFileSync(path.resolve(__dirname, '../../fixtures', name), 'utf8');

interface Received {
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}
type Answer =
  { status: number; body?: string; headers?: Record<string, string> } | 'hang' | 'reset';

/** A loopback server whose answer each test sets; every request recorded. */
class FakeServer {
  readonly received: Received[] = [];
  answer: (req: Received) => Answer = () => ({ status: 200, body: '{"body":[]}' });
  url = '';
  private readonly server: http.Server;
  private readonly sockets = new Set<Socket>();

  constructor() {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const received = {
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
      };
      this.received.push(received);
      const answer = this.answer(received);
      if (answer === 'hang') return;
      if (answer === 'reset') {
        req.socket.destroy();
        return;
      }
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
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/transact`;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const ctx = (signal = new AbortController().signal): CallContext => ({
  signal,
  requestId: 'req-7',
});
const accountsPage = (body: unknown[], header: Record<string, unknown>) =>
  JSON.stringify({ header: { status: 'success', ...header }, body });
const account = (id: string) => ({
  accountId: id,
  customerId: '100100',
  categoryId: '1001',
  accountStatus: 'active',
  workingBalance: 1,
});

describe('Temenos HTTP client', () => {
  let server: FakeServer;
  let adapter: TemenosAdapter;
  let logged: { level: string; obj: object; msg?: string }[];

  const build = (settings: Partial<TemenosSettings> = {}) => {
    logged = [];
    const log = (level: string) => (obj: object, msg?: string) => logged.push({ level, obj, msg });
    return createTemenosAdapter(
      {
        baseUrl: server.url,
        companyId: 'AU0010001',
        username: 'gateway',
        password: 'pa:ss',
        ...settings,
      },
      { info: log('info'), warn: log('warn'), error: log('error') },
    );
  };

  beforeEach(async () => {
    server = new FakeServer();
    await server.start();
    adapter = build();
  });
  afterEach(async () => {
    await adapter.close();
    await server.close();
  });

  it('when a call is made, then it goes under the base URL and the service’s base path with companyId, Basic credentials and the request id', async () => {
    server.answer = () => ({ status: 200, body: raw('customer-100100.json') });
    await adapter.customer.getCustomerDetail('100100', ctx());
    const [req] = server.received;
    expect(req?.path).toBe('/transact/api/v4.0.0/party/customers/100100');
    expect(req?.headers.companyid).toBe('AU0010001');
    expect(req?.headers.authorization).toBe(
      `Basic ${Buffer.from('gateway:pa:ss').toString('base64')}`,
    );
    expect(req?.headers['x-request-id']).toBe('req-7');
  });

  it('when no credentials are configured, then calls carry the company but no Authorization header', async () => {
    await adapter.close();
    adapter = build({ username: undefined, password: undefined });
    server.answer = () => ({ status: 200, body: raw('customer-100100.json') });
    await adapter.customer.getCustomerDetail('100100', ctx());
    expect(server.received[0]?.headers).not.toHaveProperty('authorization');
    expect(server.received[0]?.headers.companyid).toBe('AU0010001');
  });

  it('when a list spans pages, then the next pages are asked by page number under the first page’s token until total_size is read', async () => {
    await adapter.close();
    adapter = build({ pageSize: 2 });
    const all = ['1', '2', '3', '4', '5'].map((n) => account(`10010000${n}`));
    server.answer = (req) => {
      const start = Number(req.query.page_start ?? 1);
      return {
        status: 200,
        body: accountsPage(all.slice((start - 1) * 2, start * 2), {
          page_size: 2,
          page_start: start,
          total_size: 5,
          page_token: 'T-42.01',
        }),
      };
    };
    const records = await adapter.banking.listAccounts('100100', ctx());
    expect(records.map((r) => r.accountId)).toEqual(all.map((a) => a.accountId));
    expect(server.received.map((r) => r.query)).toEqual([
      { customerId: '100100', page_size: '2' },
      { customerId: '100100', page_size: '2', page_start: '2', page_token: 'T-42.01' },
      { customerId: '100100', page_size: '2', page_start: '3', page_token: 'T-42.01' },
    ]);
  });

  it('when a core never says its list ends, then the walk stops after MAX_PAGES pages and says so', async () => {
    await adapter.close();
    adapter = build({ pageSize: 1 });
    let n = 0;
    server.answer = () => {
      n += 1;
      return { status: 200, body: accountsPage([account(`9${String(n).padStart(8, '0')}`)], {}) };
    };
    const records = await adapter.banking.listAccounts('100100', ctx());
    expect(records).toHaveLength(MAX_PAGES);
    expect(logged).toContainEqual({
      level: 'warn',
      obj: { operation: 'accounts.list', pages: MAX_PAGES },
      msg: 'a Transact enquiry has more pages than read',
    });
  });

  it('when Transact answers 404 for a record, then the customer is unknown (404, no circuit)', async () => {
    server.answer = () => ({ status: 404, body: raw('error-not-found.json') });
    const err = await adapter.customer.getCustomerDetail('999999', ctx()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CustomerNotFoundError);
    expect(isCoreFailure(err)).toBe(false);
  });

  it('when Transact refuses a value the caller sent (400), then it is the caller’s bad request and never counts toward a circuit', async () => {
    server.answer = () => ({ status: 400, body: raw('error-invalid-input.json') });
    const err = (await adapter.customer
      .getCustomerDetail('100100', ctx())
      .catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(CoreRejectedRequestError);
    expect(isCoreFailure(err)).toBe(false);
    // Transact's code reaches the cause (for the log); its message (which quotes ids) never does.
    expect(String((err.cause as Error).message)).toContain('EB-INVALID.INPUT');
    expect(String((err.cause as Error).message)).not.toContain('dateFrom');
  });

  it('when Transact answers 500, then the core is unavailable and it counts toward the circuit', async () => {
    server.answer = () => ({ status: 500, body: raw('error-system.json') });
    const err = await adapter.customer.getCustomerDetail('100100', ctx()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CoreUnavailableError);
    expect(isCoreFailure(err)).toBe(true);
    expect(logged).toContainEqual({
      level: 'warn',
      obj: { operation: 'customers.get', status: 500, code: 'EB-SYSTEM.ERROR', type: 'SYSTEM' },
      msg: 'Transact answered an error',
    });
  });

  it.each([
    [503, '30', 30],
    [429, '5', 5],
    [503, undefined, undefined],
  ])(
    'when Transact answers %s with Retry-After %s, then the core is unavailable for %s seconds',
    async (status, after, seconds) => {
      server.answer = () => ({
        status,
        headers: after !== undefined ? { 'retry-after': after } : ({} as Record<string, string>),
        body: '{}',
      });
      const err = (await adapter.customer
        .getCustomerDetail('100100', ctx())
        .catch((e: unknown) => e)) as { retryAfterSeconds?: number };
      expect(err).toBeInstanceOf(CoreUnavailableError);
      expect(err.retryAfterSeconds).toBe(seconds);
    },
  );

  it('when Transact refuses the gateway’s credentials, then the core is unavailable and the log names the settings, never the secret', async () => {
    server.answer = () => ({
      status: 401,
      body: '{"error":{"type":"SECURITY","code":"EB-SECURITY.VIOLATION"}}',
    });
    const err = await adapter.customer.getCustomerDetail('100100', ctx()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CoreUnavailableError);
    expect(logged[0]?.level).toBe('error');
    expect(logged[0]?.msg).toContain('TEMENOS_PASSWORD');
    expect(JSON.stringify(logged)).not.toContain('pa:ss');
  });

  it('when Transact sends no headers in time, then the call is a timeout (504)', async () => {
    await adapter.close();
    adapter = build({ headersTimeoutMs: 100 });
    server.answer = () => 'hang';
    const err = await adapter.customer.getCustomerDetail('100100', ctx()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CoreTimeoutError);
    expect(isCoreFailure(err)).toBe(true);
  });

  it('when the connection is reset, then the core is unavailable', async () => {
    server.answer = () => 'reset';
    await expect(adapter.customer.getCustomerDetail('100100', ctx())).rejects.toBeInstanceOf(
      CoreUnavailableError,
    );
  });

  it('when the call signal aborts, then the request stops with the signal’s reason', async () => {
    server.answer = () => 'hang';
    const controller = new AbortController();
    const reason = new CoreTimeoutError();
    setTimeout(() => controller.abort(reason), 50);
    await expect(adapter.customer.getCustomerDetail('100100', ctx(controller.signal))).rejects.toBe(
      reason,
    );
  });

  it('when Transact answers a body that is not JSON, then it is an error of its own, not a core outage', async () => {
    server.answer = () => ({ status: 200, body: '<html>' });
    const err = (await adapter.customer
      .getCustomerDetail('100100', ctx())
      .catch((e: unknown) => e)) as Error;
    expect(err.message).toBe('Temenos customers.get: the body is not JSON');
  });

  it('when the adapter is closed, then it is no longer ready', async () => {
    expect(adapter.isReady?.()).toBe(true);
    await adapter.close();
    expect(adapter.isReady?.()).toBe(false);
    adapter = build();
  });
});

describe('Temenos configuration and module', () => {
  it('when the variables are read, then each property has its TEMENOS_ name and its default', () => {
    const { config } = adapterConfigFrom('temenos', temenosConfigSchema, {
      TEMENOS_BASE_URL: 'https://transact.example/irf-provider-container',
      TEMENOS_COMPANY_ID: 'AU0010001',
      TEMENOS_USERNAME: 'gateway',
      TEMENOS_PASSWORD: 'secret',
      TEMENOS_PRODUCT_CATEGORIES: '{"3100":"BUSINESS_LOANS","6600-6699":"TERM_DEPOSITS"}',
    });
    expect(config).toEqual({
      baseUrl: 'https://transact.example/irf-provider-container',
      companyId: 'AU0010001',
      username: 'gateway',
      password: 'secret',
      productCategories: { '3100': 'BUSINESS_LOANS', '6600-6699': 'TERM_DEPOSITS' },
      phoneCountryCode: '61',
      pageSize: 100,
      connections: 16,
      pipelining: 1,
      connectTimeoutMs: 2000,
      headersTimeoutMs: 5000,
      bodyTimeoutMs: 10000,
      keepAliveTimeoutMs: 4000,
      rejectUnauthorized: true,
    });
    const properties = (
      temenosConfigSchema as unknown as { properties: Record<string, { description: string }> }
    ).properties;
    for (const [name, property] of Object.entries(properties)) {
      expect(property.description).toContain(adapterEnvName('temenos', name));
    }
  });

  it('when a setting is missing or wrong, then the block is refused naming the variables', () => {
    expect(() =>
      adapterConfigFrom('temenos', temenosConfigSchema, {
        TEMENOS_BASE_URL: 'https://transact.example',
        TEMENOS_USERNAME: 'gateway',
        TEMENOS_PRODUCT_CATEGORIES: '{"current":"MORTGAGES"}',
      }),
    ).toThrow(
      /TEMENOS_COMPANY_ID[\s\S]*TEMENOS_PRODUCT_CATEGORIES|TEMENOS_PRODUCT_CATEGORIES[\s\S]*TEMENOS_COMPANY_ID/,
    );
  });

  it('when a user is configured without its password, then the block is refused', () => {
    expect(() =>
      adapterConfigFrom('temenos', temenosConfigSchema, {
        TEMENOS_BASE_URL: 'https://transact.example',
        TEMENOS_COMPANY_ID: 'AU0010001',
        TEMENOS_USERNAME: 'gateway',
      }),
    ).toThrow(/password/i);
  });

  it('when the module creates the adapter, then it has the temenos id and every port, and calls nothing', async () => {
    const adapter = await temenosAdapterModule.create({
      config: { baseUrl: 'http://127.0.0.1:9', companyId: 'AU0010001' },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    expect(temenosAdapterModule.id).toBe('temenos');
    expect(adapter.id).toBe('temenos');
    expect(Object.keys(adapter).sort()).toEqual(
      ['authorisation', 'banking', 'close', 'customer', 'fdx', 'id', 'isReady'].sort(),
    );
    await adapter.close?.();
  });
});
