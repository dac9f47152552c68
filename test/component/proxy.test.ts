/**
 * Pass-through of core families to an upstream that already speaks the interface: a mapped
 * gateway on the demo core, mounted under a base path, with credentials of its own. The gateway
 * keeps its front (routes, token, body and query checks), forwards allow-listed headers and the
 * upstream's own credentials, passes answers on (documented 4xx included) and streams bodies.
 */
import http from 'node:http';
import path from 'node:path';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import { captureLogger } from '../helpers/log-capture';
import { startGateway, type TestGateway } from '../helpers/gateway';
import {
  proxySettings,
  startScriptedUpstream,
  startUpstreamGateway,
  type Upstream,
} from '../helpers/upstream';

const CREDENTIAL = 'Basic dXBzdHJlYW06c2VjcmV0';
const C = 'c-1001';
const OPEN = 'acc-b-1001-01';
const tx = (a = OPEN) =>
  `/fdx/v6/customer/${C}/accounts/${a}/transactions?startTime=2026-01-01&endTime=2026-11-20&limit=5`;
const balances = `/v1/banking/customer/${C}/accounts/balances`;

/** What the upstream answers itself, called directly with its own credential. */
async function direct(upstream: Upstream, space: string, target: string, init: RequestInit = {}) {
  const res = await fetch(upstream.baseUrl + target.slice(space.length), {
    ...init,
    headers: { authorization: CREDENTIAL, ...(init.headers as Record<string, string>) },
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** The big statement through the gateway, as a raw response read at the caller's pace. */
async function bigStatement(gw: TestGateway): Promise<http.IncomingMessage> {
  const target = `/fdx/v6/customer/${C}/accounts/${OPEN}/statements/big`;
  const token = await gw.token(target);
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(gw.origin + target, { headers: { authorization: `Bearer ${token}` } }, resolve)
      .on('error', reject);
  });
}

describe('a family passed through to an upstream gateway on the demo core', () => {
  let fdxUpstream: Upstream;
  let bankingUpstream: Upstream;
  let gw: TestGateway;
  beforeAll(async () => {
    fdxUpstream = await startUpstreamGateway({
      mount: '/core',
      credential: CREDENTIAL,
      space: '/fdx/v6',
    });
    bankingUpstream = await startUpstreamGateway({
      mount: '/cds',
      credential: CREDENTIAL,
      space: '/v1/banking',
    });
    const settings = (baseUrl: string) =>
      proxySettings('core', {
        baseUrl,
        authorization: CREDENTIAL,
        headers: { 'x-api-key': 'upstream-key' },
      });
    gw = await startGateway(
      {},
      {
        passThrough: [
          { family: 'fdx', id: 'fdx-upstream', settings: settings(fdxUpstream.baseUrl) },
          { family: 'banking', id: 'cds-upstream', settings: settings(bankingUpstream.baseUrl) },
        ],
      },
    );
  });
  afterAll(async () => {
    await gw.close();
    await fdxUpstream.close();
    await bankingUpstream.close();
  });
  beforeEach(() => {
    fdxUpstream.received.length = 0;
    bankingUpstream.received.length = 0;
  });

  it("when a proxied route is called, then the answer is the upstream's and the path lands under its base path", async () => {
    const res = await gw.get(tx());
    expect({ status: res.status, body: res.body }).toEqual(
      await direct(fdxUpstream, '/fdx/v6', tx()),
    );
    expect(res.body.transactions).toHaveLength(5);
    expect(fdxUpstream.received[0]!.url).toBe(
      `/core/fdx/v6/customer/${C}/accounts/${OPEN}/transactions?startTime=2026-01-01&endTime=2026-11-20&limit=5`,
    );
  });

  it('when a caller sends its token and other headers, then the upstream gets its own credentials and only allow-listed headers', async () => {
    const res = await gw.get(tx(), {
      headers: {
        'x-fapi-interaction-id': 'fapi-1',
        'accept-language': 'en-AU',
        'x-request-id': 'req-proxy-1',
        cookie: 'session=abc',
        'x-internal-debug': 'on',
      },
    });
    expect(res.status).toBe(200);
    const { headers } = fdxUpstream.received[0]!;
    expect(headers.authorization).toBe(CREDENTIAL);
    expect(headers['x-api-key']).toBe('upstream-key');
    expect(headers['x-fapi-interaction-id']).toBe('fapi-1');
    expect(headers['accept-language']).toBe('en-AU');
    expect(headers['x-request-id']).toBe('req-proxy-1');
    expect(headers.cookie).toBeUndefined();
    expect(headers['x-internal-debug']).toBeUndefined();
    expect(headers['x-forwarded-for']).toBeUndefined();
    expect(JSON.stringify(headers)).not.toMatch(/eyJ/); // no JWT of the platform anywhere
  });

  it('when the caller expects 100-continue, then the body and the header policy still apply', async () => {
    const body = JSON.stringify({ data: { accountIds: [OPEN] } });
    const token = await gw.token(balances);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(gw.origin + balances, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
        },
      });
      req.on('continue', () => req.end(body));
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
    });
    expect(status).toBe(200);
    const received = bankingUpstream.received.find((r) => r.method === 'POST')!;
    expect(received.headers.authorization).toBe(CREDENTIAL);
    expect(received.headers.expect).toBeUndefined();
  });

  it('when the token is missing or the path or parameters are bad, then the front answers and the upstream is never called', async () => {
    const noToken = await gw.get(tx(), { headers: { authorization: '' } });
    expect(noToken.status).toBe(401);
    const unknown = await gw.get(`/fdx/v6/customer/${C}/accounts/${OPEN}/nothing`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 404 });
    const badDate = await gw.get(
      `/fdx/v6/customer/${C}/accounts/${OPEN}/transactions?startTime=2026-13-01&endTime=2026-11-20`,
    );
    expect({ status: badDate.status, code: badDate.body.code }).toEqual({ status: 400, code: 702 });
    const badPageSize = await gw.get(`/v1/banking/customer/${C}/payees?page-size=0`);
    expect(badPageSize.status).toBe(400);
    const malformed = await gw.request('POST', balances, {
      rawBody: '{"data":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(fdxUpstream.received).toEqual([]);
    expect(bankingUpstream.received).toEqual([]);
  });

  it('when the upstream answers a documented 4xx, then it passes through as it is', async () => {
    const res = await gw.get(tx('acc-unknown'), { headers: { 'x-request-id': 'req-4xx' } });
    const upstream = await direct(fdxUpstream, '/fdx/v6', tx('acc-unknown'), {
      headers: { 'x-request-id': 'req-4xx' },
    });
    expect(upstream.status).toBe(404);
    expect({ status: res.status, body: res.body }).toEqual(upstream);
  });

  it('when a specific-accounts body is posted, then the upstream gets that body and answers it', async () => {
    const body = { data: { accountIds: [OPEN, 'acc-b-1001-02'] } };
    const res = await gw.post(balances, body);
    const upstream = await direct(bankingUpstream, '/v1/banking', balances, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(upstream.status).toBe(200);
    expect({ status: res.status, body: res.body }).toEqual(upstream);
    const received = bankingUpstream.received.find((r) => r.method === 'POST')!;
    expect(received.url).toBe(`/cds/v1/banking/customer/${C}/accounts/balances`);
    expect(received.headers['content-type']).toMatch(/^application\/json/);
  });

  it('when the authorisation list is asked for, then the gateway answers it itself (never passed through)', async () => {
    const res = await gw.get(`/auth/v1/customer/${C}/accounts`);
    expect(res.status).toBe(200);
    expect(bankingUpstream.received).toEqual([]);
  });
});

describe('headers, streaming and the response check against a scripted upstream', () => {
  const BIG = 8 * 1024 * 1024;
  const CHUNK = 64 * 1024;
  let releaseRest: () => void = () => undefined;
  let upstream: Upstream;
  let upstreamFinished = false;
  /** Told, when the big statement's connection closes, whether it closed before the end. */
  let upstreamClosed: (early: boolean) => void = () => undefined;
  let nonconforming = false;

  const scripted: http.RequestListener = (req, res) => {
    if (req.url!.includes('/statements/big')) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': BIG });
      res.write(Buffer.alloc(CHUNK, 1));
      res.on('close', () => upstreamClosed(!res.writableFinished));
      // The rest waits until the caller has the first bytes: a proxy that buffered would hang.
      releaseRest = () => {
        for (let sent = CHUNK; sent < BIG; sent += CHUNK) res.write(Buffer.alloc(CHUNK, 2));
        res.end(() => {
          upstreamFinished = true;
        });
      };
      return;
    }
    const body = nonconforming
      ? { page: {}, transactions: [{ transactionId: 42, amount: 'secret-value-7' }] }
      : { page: {}, transactions: [] };
    res.writeHead(200, {
      'content-type': 'application/json',
      etag: '"v1"',
      'x-v': '6',
      'set-cookie': 'upstream=1',
      'x-powered-by': 'core',
      'x-internal-node': 'n7',
    });
    res.end(JSON.stringify(body));
  };

  async function gatewayWith(
    check: 'off' | 'log',
    logger = captureLogger('warn'),
    timeoutMs = 5000,
  ) {
    const settings = proxySettings('scripted', { baseUrl: upstream.baseUrl, check, timeoutMs });
    const gw = await startGateway(
      {},
      { logger: logger.logger, passThrough: [{ family: 'fdx', id: 'scripted', settings }] },
    );
    return { gw, lines: logger.lines };
  }
  const count = async (gw: TestGateway) =>
    (await gw.gateway.metrics.proxyNonconforming.get()).values.reduce((n, v) => n + v.value, 0);

  beforeAll(async () => {
    upstream = await startScriptedUpstream(scripted, '/api/fdx');
  });
  afterAll(() => upstream.close());

  it('when the upstream answers, then only allow-listed response headers reach the caller, and no Authorization reaches the upstream', async () => {
    const { gw } = await gatewayWith('off');
    try {
      const res = await gw.get(tx());
      expect(res.status).toBe(200);
      expect(upstream.received.at(-1)!.url).toMatch(/^\/api\/fdx\/customer\/c-1001\//);
      // No upstream credential configured: still nothing of the caller's token.
      expect(upstream.received.at(-1)!.headers.authorization).toBeUndefined();
      expect(res.headers.get('etag')).toBe('"v1"');
      expect(res.headers.get('x-v')).toBe('6');
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('x-internal-node')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await gw.close();
    }
  });

  it('when a multi-MB statement is proxied, then its first bytes reach the caller before the upstream has finished, and every byte arrives', async () => {
    const { gw } = await gatewayWith('log');
    try {
      const res = await bigStatement(gw);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(BIG));
      let received = 0;
      let finishedAtFirstByte: boolean | undefined;
      for await (const chunk of res) {
        if (finishedAtFirstByte === undefined) {
          finishedAtFirstByte = upstreamFinished;
          releaseRest();
        }
        received += (chunk as Buffer).length;
      }
      expect(finishedAtFirstByte).toBe(false);
      expect(received).toBe(BIG);
    } finally {
      await gw.close();
    }
  });

  it('when the caller leaves in the middle of a statement, then the upstream request is cancelled', async () => {
    const { gw } = await gatewayWith('off');
    try {
      const closed = new Promise<boolean>((resolve) => {
        upstreamClosed = resolve;
      });
      const res = await bigStatement(gw);
      await new Promise((resolve) => res.once('data', resolve));
      res.destroy();
      expect(await closed).toBe(true);
    } finally {
      upstreamClosed = () => undefined;
      await gw.close();
    }
  });

  it('when the upstream stalls in the middle of a statement, then the caller is cut off rather than left waiting', async () => {
    const { gw } = await gatewayWith('off', captureLogger('warn'), 300);
    try {
      const res = await bigStatement(gw);
      expect(res.statusCode).toBe(200);
      let received = 0;
      const ended = await new Promise<string>((resolve) => {
        res.on('data', (chunk: Buffer) => (received += chunk.length));
        res.on('end', () => resolve('end'));
        res.on('error', () => resolve('error'));
        res.on('aborted', () => resolve('aborted'));
      });
      expect(ended).not.toBe('end');
      expect(received).toBeLessThan(BIG);
    } finally {
      await gw.close();
    }
  });

  it('when check mode is on and an answer does not match its contract, then it is passed on unchanged, counted, and logged without values', async () => {
    nonconforming = true;
    const { gw, lines } = await gatewayWith('log');
    try {
      const res = await gw.get(tx());
      expect(res.status).toBe(200);
      expect(res.text).toBe(
        JSON.stringify({
          page: {},
          transactions: [{ transactionId: 42, amount: 'secret-value-7' }],
        }),
      );
      expect(await count(gw)).toBe(1);
      const line = lines.find((l) => l.includes('does not match its contract'))!;
      expect(JSON.parse(line)).toMatchObject({
        operationId: 'listFdxTransactions',
        status: 200,
        mismatches: expect.arrayContaining([
          { path: '/transactions/0/transactionId', keyword: 'type' },
        ]),
      });
      expect(line).not.toContain('secret-value-7');
    } finally {
      nonconforming = false;
      await gw.close();
    }
  });

  it('when check mode is on and the answer matches, or check mode is off, then nothing is counted', async () => {
    const on = await gatewayWith('log');
    try {
      expect((await on.gw.get(tx())).status).toBe(200);
      expect(await count(on.gw)).toBe(0);
    } finally {
      await on.gw.close();
    }
    nonconforming = true;
    const off = await gatewayWith('off');
    try {
      expect((await off.gw.get(tx())).status).toBe(200);
      expect(await count(off.gw)).toBe(0);
    } finally {
      nonconforming = false;
      await off.gw.close();
    }
  });
});

describe('FDX passed through for a core without an FDX port', () => {
  const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
  let upstream: Upstream;
  let gw: TestGateway;
  beforeAll(async () => {
    upstream = await startUpstreamGateway({
      mount: '/core',
      credential: CREDENTIAL,
      space: '/fdx/v6',
    });
    const { fdx: _fdx, ...withoutFdx } = createDemoAdapter(loadDemoData(SAMPLE));
    gw = await startGateway(
      {},
      {
        adapter: withoutFdx,
        passThrough: [
          {
            family: 'fdx',
            id: 'fdx-upstream',
            settings: proxySettings('fdx-upstream', {
              baseUrl: upstream.baseUrl,
              authorization: CREDENTIAL,
            }),
          },
        ],
      },
    );
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  it('when FDX routes are called, then they stand in front of the upstream as for any core', async () => {
    const res = await gw.get(tx());
    expect({ status: res.status, body: res.body }).toEqual(await direct(upstream, '/fdx/v6', tx()));
    const unknown = await gw.get(`/fdx/v6/customer/${C}/accounts/${OPEN}/nothing`);
    expect({ status: unknown.status, code: unknown.body.code }).toEqual({ status: 404, code: 404 });
  });
});
