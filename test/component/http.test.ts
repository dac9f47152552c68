/**
 * Cross-cutting HTTP behaviour: unknown routes, request ids, logs without tokens or personal data,
 * core failures mapped to the documented answers, the OpenAPI document.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import { ConfigError, configFrom } from '../../src/config/config';
import { CoreTimeoutError, CoreUnavailableError } from '../../src/errors';
import { createGateway } from '../../src/gateway';
import type { CoreAdapter } from '../../src/ports';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { captureLogger } from '../helpers/log-capture';
import { validateOpenApi } from '../helpers/openapi-validate';

const SAMPLE = path.resolve(__dirname, '../../adapters/demo/data/sample.json');
const DETAIL = '/v1/common/customer/c-1001/detail';

describe('routing and request ids', () => {
  let gw: TestGateway;
  const capture = captureLogger();
  beforeAll(async () => {
    gw = await startGateway({}, { logger: capture.logger });
  });
  afterAll(() => gw.close());

  it("when an API route or a probe is called, then no request or response is re-parented: the server makes them with the app's prototypes", async () => {
    const setPrototypeOf = Object.setPrototypeOf;
    const reparented: string[] = [];
    const spy = jest.spyOn(Object, 'setPrototypeOf').mockImplementation((target, proto) => {
      const isHttpObject =
        target instanceof http.IncomingMessage || target instanceof http.ServerResponse;
      if (isHttpObject && Object.getPrototypeOf(target) !== proto) {
        reparented.push((target as object).constructor.name);
      }
      return setPrototypeOf(target, proto);
    });
    // The same app behind a plain server: Express re-parents both objects of each request.
    const plain = http.createServer(gw.gateway.app).listen(0, '127.0.0.1');
    await new Promise((resolve) => plain.once('listening', resolve));
    try {
      const api = await gw.get(DETAIL);
      expect(api.status).toBe(200);
      expect(api.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(api.headers.get('content-length')).toBe(String(Buffer.byteLength(api.text)));
      expect((await gw.get('/livez')).status).toBe(200);
      expect(reparented).toEqual([]);

      const port = (plain.address() as AddressInfo).port;
      expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
      expect(reparented).toEqual(['IncomingMessage', 'ServerResponse']);
    } finally {
      spy.mockRestore();
      plain.closeAllConnections();
      await new Promise((resolve) => plain.close(resolve));
    }
  });

  it('when an API route is called at info, then its request line carries the route template and operation id', async () => {
    const res = await gw.get(DETAIL, { headers: { 'x-request-id': 'req-route-1' } });
    expect(res.status).toBe(200);
    const line = capture.lines
      .map((l) => JSON.parse(l))
      .find((l) => l.reqId === 'req-route-1' && l.msg === 'request completed');
    expect(line).toMatchObject({
      route: '/v1/common/customer/{customerId}/detail',
      operationId: 'getCustomerDetail',
      res: { statusCode: 200 },
    });
  });

  it('when no route matches, then it is 404 Not found in the /v1 body', async () => {
    const res = await gw.get('/v1/banking/customer/c-1001/nothing-here');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 404,
      body: { error: 'Not found' },
    });
  });

  it('when a documented path is called with another method, then it is 404 Not found', async () => {
    const res = await gw.request('DELETE', DETAIL);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 404,
      body: { error: 'Not found' },
    });
  });

  it('when the path has a bad percent-encoding, then it is 400 naming the path', async () => {
    const res = await gw.get('/v1/common/customer/%E0%A4%A/detail');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid field: path' });
  });

  it('when a path differs from a route only by case, a trailing slash or an empty parameter, then it is 404 Not found', async () => {
    for (const p of [
      '/v1/common/customer/c-1001/Detail',
      `${DETAIL}/`,
      '/v1/common/customer//detail',
    ]) {
      const res = await gw.get(p);
      expect({ p, status: res.status, body: res.body }).toEqual({
        p,
        status: 404,
        body: { error: 'Not found' },
      });
    }
  });

  it('when a parameter is as long as an id may be or percent-encoded, then it reaches the handler decoded', async () => {
    // Unknown customers: the handler's 404, not the router's (256 characters is the longest id).
    for (const id of ['c'.repeat(256), 'c%2F1001', 'c%201001']) {
      const res = await gw.get(`/v1/common/customer/${id}/detail`);
      expect({ id, status: res.status, body: res.body }).toEqual({
        id,
        status: 404,
        body: { error: 'Customer not found' },
      });
    }
    const encoded = await gw.get('/v1/common/customer/c%2D1001/detail');
    expect(encoded.status).toBe(200);
  });

  it("when a request in a family's space matches no route, then the answer has that family's body", async () => {
    const answers = [];
    for (const [method, target] of [
      ['GET', '/fdx/v6/customer/c-1001/nothing-here'],
      ['GET', '/fdx/v6/customer/%E0%A4%A/accounts/a/transactions'],
      ['GET', '/v1/data-provider/cdr/nothing-here'],
      ['GET', '/v1/token'],
      ['OPTIONS', DETAIL],
    ] as const) {
      const res = await gw.request(method, target, { headers: { 'x-request-id': 'req-space' } });
      answers.push({ method, target, status: res.status, body: res.body });
    }
    expect(answers).toEqual([
      {
        method: 'GET',
        target: '/fdx/v6/customer/c-1001/nothing-here',
        status: 404,
        body: { code: 404, message: 'Not found', debugMessage: 'request req-space' },
      },
      {
        method: 'GET',
        target: '/fdx/v6/customer/%E0%A4%A/accounts/a/transactions',
        status: 400,
        body: {
          code: 400,
          message: 'Invalid request',
          debugMessage: 'Invalid field: path (request req-space)',
        },
      },
      {
        method: 'GET',
        target: '/v1/data-provider/cdr/nothing-here',
        status: 404,
        body: { error: 'not_found', error_description: 'Not found' },
      },
      {
        method: 'GET',
        target: '/v1/token',
        status: 404,
        body: { error: 'not_found', error_description: 'Not found' },
      },
      { method: 'OPTIONS', target: DETAIL, status: 404, body: { error: 'Not found' } },
    ]);
  });

  it('when HEAD is sent to a GET route, then it answers the GET headers without a body', async () => {
    const get = await gw.get(DETAIL);
    const head = await gw.request('HEAD', DETAIL);
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
  });

  it('when the target is in absolute form, then it is served by its path, and its host never reaches the log', async () => {
    const token = await gw.token(DETAIL);
    const { port } = new URL(gw.origin);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: `http://elsewhere.example${DETAIL}`,
            headers: { authorization: `Bearer ${token}`, 'x-request-id': 'absolute-1' },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          },
        )
        .on('error', reject);
    });
    const byPath = await gw.get(DETAIL);
    expect({ status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual({
      status: 200,
      body: byPath.body,
    });
    const line = capture.lines.find((l) => l.includes('absolute-1'))!;
    expect(JSON.parse(line)).toMatchObject({ route: '/v1/common/customer/{customerId}/detail' });
    expect(capture.lines.join('\n')).not.toContain('elsewhere.example');
  });

  it('when the caller sends a safe X-Request-Id, then it is echoed; otherwise a UUID is made', async () => {
    const given = await gw.get(DETAIL, { headers: { 'x-request-id': 'abc-123.DEF_4' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123.DEF_4');
    const unsafe = await gw.get(DETAIL, { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when any response is sent, then it is not cacheable and not sniffable, and names no framework', async () => {
    const res = await gw.get(DETAIL);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('when requests are logged, then lines carry the route template and never a token, a customer or account id, or personal data', async () => {
    const token = await gw.token('/v1/banking/customer/c-1001/accounts/balances');
    await gw.post(
      '/v1/banking/customer/c-1001/accounts/balances',
      { data: { accountIds: ['acc-b-1001-01'] } },
      { headers: { authorization: `Bearer ${token}` } },
    );
    await gw.get(DETAIL);
    await gw.get(DETAIL, { headers: { authorization: 'Bearer x.y.z' } });
    const text = capture.lines.join('\n');
    expect(text).toContain('/v1/banking/customer/{customerId}/accounts/balances');
    expect(text).toContain('/v1/common/customer/{customerId}/detail');
    for (const secret of [
      token,
      token.split('.')[2]!,
      'Bearer',
      'c-1001',
      'acc-b-1001-01',
      'Jane',
      'Citizen',
      'example.com',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

/** A demo adapter whose customer port fails the way a core would. */
function failingAdapter(error: Error): CoreAdapter {
  const demo = createDemoAdapter(loadDemoData(SAMPLE));
  return { ...demo, customer: { getCustomerDetail: async () => Promise.reject(error) } };
}

describe.each([
  [
    'an unexpected error',
    new Error('core said: secret stack detail'),
    500,
    { error: 'Internal server error' },
    null,
  ],
  [
    'core unavailable with Retry-After',
    new CoreUnavailableError({ retryAfterSeconds: 42 }),
    503,
    { error: 'Service unavailable' },
    '42',
  ],
  [
    'core unavailable without Retry-After',
    new CoreUnavailableError(),
    503,
    { error: 'Service unavailable' },
    '5',
  ],
  ['core timeout', new CoreTimeoutError(), 504, { error: 'Upstream timeout' }, null],
])('when the core fails with %s', (_name, error, status, body, retryAfter) => {
  let gw: TestGateway;
  const capture = captureLogger();
  beforeAll(async () => {
    gw = await startGateway({}, { adapter: failingAdapter(error), logger: capture.logger });
  });
  afterAll(() => gw.close());

  it(`then the answer is ${status} with the documented body and nothing of the cause`, async () => {
    const res = await gw.get(DETAIL);
    expect({ status: res.status, body: res.body }).toEqual({ status, body });
    expect(res.headers.get('retry-after')).toBe(retryAfter);
    expect(res.text).not.toContain('secret');
  });

  if (status === 500) {
    it('then the log holds the cause, tied to the request id', async () => {
      const res = await gw.get(DETAIL);
      const id = res.headers.get('x-request-id')!;
      const line = capture.lines
        .map((l) => JSON.parse(l))
        .find((l) => l.msg === 'request failed' && l.reqId === id);
      expect(line?.err?.message).toBe('core said: secret stack detail');
    });
  }
});

describe('logging at warn', () => {
  let gw: TestGateway;
  const capture = captureLogger('warn');
  beforeAll(async () => {
    gw = await startGateway(
      {},
      { adapter: failingAdapter(new Error('core exploded')), logger: capture.logger },
    );
  });
  afterAll(() => gw.close());

  it('when info is off, then no request lines are written, yet a 500 logs its cause under the request id', async () => {
    const ok = await gw.get('/auth/v1/customer/c-1001/accounts', {
      headers: { 'x-request-id': 'req-ok-1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toBe('req-ok-1');
    const failed = await gw.get(DETAIL, { headers: { 'x-request-id': 'req-fail-1' } });
    expect(failed.status).toBe(500);
    const lines = capture.lines.map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.reqId === 'req-ok-1')).toEqual([]);
    const error = lines.find((l) => l.reqId === 'req-fail-1');
    expect(error?.msg).toBe('request failed');
    expect(error?.err?.message).toBe('core exploded');
  });

  it('when several requests fail one after another on one connection, then each line carries its own request id', async () => {
    for (const id of ['req-seq-1', 'req-seq-2', 'req-seq-3']) {
      expect((await gw.get(DETAIL, { headers: { 'x-request-id': id } })).status).toBe(500);
    }
    const ids = capture.lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === 'request failed' && String(l.reqId).startsWith('req-seq-'))
      .map((l) => l.reqId);
    expect(ids).toEqual(['req-seq-1', 'req-seq-2', 'req-seq-3']);
  });
});

describe('the demo data file at start-up', () => {
  const write = (data: unknown) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-data-')), 'data.json');
    fs.writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
    return file;
  };
  const start = (file: string) =>
    createGateway(
      configFrom({
        DEMO_DATA_FILE: file,
        LOG_LEVEL: 'silent',
        DEV_KEYS_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-keys-')),
      }),
    );

  it('when the file is not JSON, then start-up stops naming the variable and the file', async () => {
    const file = write('{ nope');
    const error = await start(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      expect.stringMatching(new RegExp(`^DEMO_DATA_FILE: ${file}: \\(file\\): `)),
    ]);
  });

  it('when records are wrong, then start-up stops with the JSON path of each problem', async () => {
    const data = JSON.parse(fs.readFileSync(SAMPLE, 'utf8'));
    data.customers[0].bankingAccounts[2].productCategory = 'SAVINGS';
    data.customers[0].bankingAccounts[3].secretCoreField = 'leak';
    data.customers[1].bankingAccounts[0].accountId = data.customers[0].bankingAccounts[0].accountId;
    data.customers[0].payees[1].type = 42;
    const error = await start(write(data)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('/customers/0/bankingAccounts/2/productCategory');
    expect(message).toContain('/customers/0/bankingAccounts/3: unknown field "secretCoreField"');
    expect(message).toContain(
      '/customers/1/bankingAccounts/0/accountId: account id "acc-b-1001-01" is used again',
    );
    expect(message).toContain('/customers/0/payees/1/type');
  });
});

describe('the OpenAPI document', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw.close());

  it('when fetched, then it is a valid OpenAPI 3.1 document with every route of the table', async () => {
    const res = await gw.get('/openapi.json', { headers: { authorization: '' } });
    expect(res.status).toBe(200);
    const result = await validateOpenApi(res.body);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    for (const route of gw.gateway.routes) {
      expect(res.body.paths[route.path][route.method.toLowerCase()].operationId).toBe(
        route.operationId,
      );
    }
  });

  it('when every $ref is followed, then it resolves inside the document', async () => {
    const doc = (await gw.get('/openapi.json', { headers: { authorization: '' } })).body;
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && typeof v === 'string') refs.push(v);
          else walk(v);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      expect(ref.startsWith('#/')).toBe(true);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (node, part) =>
            (node as Record<string, unknown> | undefined)?.[
              part.replace(/~1/g, '/').replace(/~0/g, '~')
            ],
          doc,
        );
      expect({ ref, found: target !== undefined }).toEqual({ ref, found: true });
    }
  });
});
