/**
 * What reaches a pass-through upstream is what the gateway checked: the path is built from the
 * route's matched parameters (each one segment, never path structure), the query from the
 * parameters the route validated, the headers from the allow-list minus every hop-by-hop header
 * the caller names, and a body only on routes that take one. A path id that cannot be an id never
 * reaches the upstream, nor a core on a served route. An absolute-form request target is served
 * by its path. Product pass-through keeps the mapped routes' checks.
 */
import http from 'node:http';
import { captureLogger } from '../helpers/log-capture';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { proxySettings, startScriptedUpstream, type Upstream } from '../helpers/upstream';
import { bearer, platformDir, type PlatformDir, READ, tokenFor, WRITE } from './platform-helpers';

const C = 'c-1001';
const OPEN = 'acc-b-1001-01';
const DATES = 'startTime=2026-01-01&endTime=2026-11-20';
const txPath = (account: string) => `/fdx/v6/customer/${C}/accounts/${account}/transactions`;
const PRODUCTS = '/v1/data-provider/cdr/products';
const API_KEY = 'gateway-own-key';
const fdxError = (code: number, message: string) => ({
  code,
  message,
  debugMessage: 'request impossible-id',
});

/** Ids that cannot be ids, one per parameter, and the family's unknown-id answer of each. */
const IMPOSSIBLE_IDS: [string, { status: number; body: unknown }, string, string][] = [
  [
    'an FDX customer id holds /',
    { status: 404, body: { error: 'Customer not found' } },
    'GET',
    `/fdx/v6/customer/c%2F1001/accounts/${OPEN}/transactions?${DATES}`,
  ],
  [
    'an FDX statement id holds ;',
    { status: 404, body: fdxError(404, 'Statement not found') },
    'GET',
    `/fdx/v6/customer/${C}/accounts/${OPEN}/statements/s%3B1`,
  ],
  [
    'a banking customer id holds \\',
    { status: 404, body: { error: 'Customer not found' } },
    'GET',
    '/v1/banking/customer/c%5C1001/payees',
  ],
  [
    'a banking account id holds CR LF',
    { status: 404, body: { error: 'Account not found' } },
    'GET',
    `/v1/banking/customer/${C}/accounts/acc%0D%0Ax/payments/scheduled`,
  ],
  [
    'a transaction id holds NUL',
    { status: 404, body: { error: 'Transaction not found' } },
    'GET',
    `/v1/banking/customer/${C}/accounts/${OPEN}/transactions/t%001`,
  ],
  [
    'a product id would climb out of the products path',
    { status: 404, body: { error: 'not_found', error_description: 'Product not found' } },
    'DELETE',
    `${PRODUCTS}/..%2F..%2Fadmin`,
  ],
];

/** Core calls a gateway has made so far (every adapter call is measured). */
async function coreCalls(on: TestGateway): Promise<number> {
  const text = await on.gateway.metrics.registry.getSingleMetricAsString(
    'dhg_core_call_duration_seconds',
  );
  return text
    .split('\n')
    .filter((line) => line.startsWith('dhg_core_call_duration_seconds_count'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

interface RawAnswer {
  status: number;
  body: string;
}

/**
 * A request written as given (an absolute-form target, dot segments, a Connection header and a
 * chunked body are all sent as they are, which fetch would not do).
 */
function raw(
  gw: TestGateway,
  method: string,
  target: string,
  headers: Record<string, string>,
  chunks: Buffer[] = [],
): Promise<RawAnswer> {
  const { port } = new URL(gw.origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('what a passed-through request carries to the upstream', () => {
  let upstream: Upstream;
  let gw: TestGateway;
  let served: TestGateway;
  let dir: PlatformDir;
  let log: ReturnType<typeof captureLogger>;
  const bodyBytes: number[] = [];
  const tokens = { read: '', write: '' };

  beforeAll(async () => {
    upstream = await startScriptedUpstream((req, res) => {
      let size = 0;
      req.on('data', (chunk: Buffer) => (size += chunk.length));
      req.on('end', () => {
        bodyBytes.push(size);
        if (req.method === 'DELETE') {
          res.writeHead(204).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          req.url!.includes('/products')
            ? JSON.stringify({ cursor: '', products: [], total_pages: 0 })
            : JSON.stringify({ page: {}, transactions: [] }),
        );
      });
    }, '/api');
    dir = platformDir();
    log = captureLogger('info');
    const settings = proxySettings('scripted', {
      baseUrl: upstream.baseUrl,
      headers: { 'x-api-key': API_KEY },
    });
    gw = await startGateway(
      { ...dir.env, CIRCUIT_MIN_VOLUME: 5, CIRCUIT_ERROR_PERCENTAGE: 50 },
      {
        logger: log.logger,
        passThrough: [
          { family: 'fdx', id: 'scripted', settings },
          { family: 'products', id: 'scripted', settings },
          {
            family: 'banking',
            id: 'scripted-bank',
            settings: proxySettings('scripted-bank', { baseUrl: `${upstream.origin}/bank` }),
          },
        ],
      },
    );
    served = await startGateway(dir.env);
    const reader = await dir.registry.create('client-read', [READ]);
    tokens.read = await tokenFor(gw, 'client-read', reader.secret);
    const writer = await dir.registry.create('client-write', [WRITE]);
    tokens.write = await tokenFor(gw, 'client-write', writer.secret);
  });
  afterAll(async () => {
    await served?.close();
    await gw?.close();
    await upstream?.close();
    dir?.remove();
  });
  beforeEach(() => {
    upstream.received.length = 0;
    bodyBytes.length = 0;
  });

  const holder = async (target: string, on: TestGateway = gw) => ({
    authorization: `Bearer ${await on.token(target)}`,
  });

  it.each([
    '..%2F..%2Fadmin',
    '..%5C..%5Cadmin',
    '%2Fadmin%2F',
    'a%00b',
    'a%0Db',
    'a%0Ab',
    'a%3Bb',
    'a;b',
    '..',
    '%2e%2e',
    '.',
    '%2E',
  ])(
    'when an account id is %s, then the family answers 701 Account not found and the upstream is not called',
    async (id) => {
      const target = `${txPath(id)}?${DATES}`;
      const res = await raw(gw, 'GET', target, {
        ...(await holder(target)),
        'x-request-id': 'impossible-id',
      });
      expect({ status: res.status, body: JSON.parse(res.body) as unknown }).toEqual({
        status: 404,
        body: { code: 701, message: 'Account not found', debugMessage: 'request impossible-id' },
      });
      expect(upstream.received).toEqual([]);
    },
  );

  it.each(IMPOSSIBLE_IDS)(
    'when %s, then the family answers its unknown id and the upstream is not called',
    async (_case, expected, method, target) => {
      const res = await raw(gw, method, target, {
        ...(target.startsWith(PRODUCTS) ? bearer(tokens.write) : await holder(target)),
        'x-request-id': 'impossible-id',
      });
      expect({ status: res.status, body: JSON.parse(res.body) as unknown }).toEqual(expected);
      expect(upstream.received).toEqual([]);
    },
  );

  it.each(IMPOSSIBLE_IDS)(
    'when %s on a gateway serving the family itself, then it answers the same and no core is called',
    async (_case, expected, method, target) => {
      const before = await coreCalls(served);
      const res = await raw(served, method, target, {
        ...(target.startsWith(PRODUCTS) ? bearer(tokens.write) : await holder(target, served)),
        'x-request-id': 'impossible-id',
      });
      expect({
        status: res.status,
        body: JSON.parse(res.body) as unknown,
        coreCalls: await coreCalls(served),
      }).toEqual({ ...expected, coreCalls: before });
    },
  );

  it('when the query holds unknown, case-variant, repeated-name or NUL-suffixed parameters, then only the validated ones are forwarded, re-serialised', async () => {
    const target = `${txPath(OPEN)}?${DATES}&limit=5&LIMIT=1000&debug=1&limit%00=9&Offset=x`;
    const res = await gw.get(target);
    expect(res.status).toBe(200);
    expect(upstream.received[0]!.url).toBe(
      `/api/customer/${C}/accounts/${OPEN}/transactions?${DATES}&limit=5`,
    );
  });

  it("when the caller's Connection header names headers, then neither it nor the headers it names reach the upstream", async () => {
    const target = `${txPath(OPEN)}?${DATES}`;
    const res = await raw(gw, 'GET', target, {
      ...(await holder(target)),
      connection: 'keep-alive, x-fapi-interaction-id, x-api-key, authorization',
      'x-fapi-interaction-id': 'fapi-1',
      'keep-alive': 'timeout=5',
      te: 'trailers',
      upgrade: 'h2c',
    });
    expect(res.status).toBe(200);
    const { headers } = upstream.received[0]!;
    expect(headers['x-fapi-interaction-id']).toBeUndefined();
    expect(headers['x-api-key']).toBe(API_KEY);
    expect(headers.connection ?? '').not.toMatch(/x-api-key|authorization|fapi/i);
    expect(headers['keep-alive']).toBeUndefined();
    expect(headers.te).toBeUndefined();
    expect(headers.upgrade).toBeUndefined();
  });

  it('when a GET carries a chunked body of 2 MiB, then none of it is sent to the upstream', async () => {
    const target = `${txPath(OPEN)}?${DATES}`;
    const chunks = Array.from({ length: 32 }, () => Buffer.alloc(64 * 1024, 1));
    const res = await raw(
      gw,
      'GET',
      target,
      { ...(await holder(target)), 'transfer-encoding': 'chunked', 'content-type': 'text/plain' },
      chunks,
    );
    expect(res.status).toBe(200);
    expect(upstream.received).toHaveLength(1);
    expect(bodyBytes).toEqual([0]);
    expect(upstream.received[0]!.headers['transfer-encoding']).toBeUndefined();
  });

  it('when read-only clients send absolute-form targets, then they are served by their path, never open the circuit and never reach the log whole', async () => {
    for (let i = 0; i < 12; i += 1) {
      const res = await raw(gw, 'GET', `http://evil.example:1234${PRODUCTS}?page_size=5`, {
        ...bearer(tokens.read),
        host: 'evil.example:1234',
      });
      expect(res.status).toBe(200);
    }
    expect(upstream.received.map((r) => r.url)).toEqual(
      Array.from({ length: 12 }, () => '/api/cdr/products?page_size=5'),
    );
    const target = `${txPath(OPEN)}?${DATES}`;
    const holderAbsolute = await raw(
      gw,
      'GET',
      `http://evil.example${target}`,
      await holder(target),
    );
    expect(holderAbsolute.status).toBe(200);
    expect(gw.gateway.circuits.get('scripted')?.get('products')?.closed).toBe(true);
    expect(log.lines.join('\n')).not.toContain('evil.example');
  });

  it('when product writes or list parameters break the rules of the mapped routes, then the gateway refuses them and the upstream is not called', async () => {
    const product = {
      product_id: 'prod-a',
      name: 'A',
      product_category: 'TRANS_AND_SAVINGS_ACCOUNTS',
      last_updated: '2026-01-15T09:00:00Z',
    };
    const write = (method: string, path: string, body: unknown) =>
      gw.request(method, path, { headers: bearer(tokens.write), body });
    const answers = [
      await write('PUT', `${PRODUCTS}/prod-b`, product),
      await write('POST', PRODUCTS, { ...product, product_category: 'NOT_A_CATEGORY' }),
      await write('POST', PRODUCTS, { name: 'no id' }),
      await gw.get(`${PRODUCTS}?page_size=1000`, { headers: bearer(tokens.read) }),
      await gw.get(`${PRODUCTS}?product_category=NOPE`, { headers: bearer(tokens.read) }),
    ];
    expect(answers.map((r) => [r.status, r.body])).toEqual([
      [
        400,
        {
          error: 'invalid_request',
          error_description: 'Invalid field: product_id (must equal the product_id of the path)',
        },
      ],
      [400, { error: 'invalid_request', error_description: 'Invalid field: product_category' }],
      [400, { error: 'invalid_request', error_description: 'Invalid field: product_id' }],
      [
        400,
        {
          error: 'invalid_request',
          error_description: 'Invalid page_size: an integer from 1 to 100',
        },
      ],
      [
        400,
        {
          error: 'invalid_request',
          error_description: expect.stringMatching(/^Invalid product_category: one of /),
        },
      ],
    ]);
    expect(upstream.received).toEqual([]);
    const created = await write('POST', PRODUCTS, product);
    expect(created.status).toBe(200);
    expect(upstream.received.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/api/cdr/products'],
    ]);
    expect(bodyBytes).toEqual([Buffer.byteLength(JSON.stringify(product))]);
  });
});
