/**
 * The statement download (docs/api.md, Statement download): the PDF streamed from the core, with the
 * holder authentication of every FDX route, the statements' rules (RESTRICTED, 701, 704) and
 * 404 `Statement not found`. A large document comes from a real loopback "test core" and must pass
 * through the gateway as a stream: it reaches the caller while the core is still sending, and the
 * process's memory grows by far less than the document.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import type { CallContext, CoreAdapter, FdxPort, StatementDocument } from '../../src/ports';
import { startGateway, TEST_BASE_URL, type TestGateway } from '../helpers/gateway';

interface Statement {
  statementId: string;
  statementDate: string;
  document: string;
}

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
const sample = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as {
  customers: { bankingAccounts: { accountId: string; fdx?: { statements?: Statement[] } }[] }[];
};
const statementsOf = (a: string) =>
  sample.customers.flatMap((c) => c.bankingAccounts).find((x) => x.accountId === a)!.fdx!
    .statements!;

const REQUEST_ID = 'download-test-1';
const OPEN = 'acc-b-1001-01';
const docPath = (a: string, s: string, c = 'c-1001') =>
  `/fdx/v6/customer/${c}/accounts/${a}/statements/${s}`;
const fdxError = (code: number, message: string) => ({
  code,
  message,
  debugMessage: `request ${REQUEST_ID}`,
});

describe('statement download from the demo core', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw.close());

  const get = (target: string, headers: Record<string, string> = {}) =>
    gw.get(target, { headers: { 'x-request-id': REQUEST_ID, ...headers } });

  /** GET returning the raw bytes. */
  const getBytes = async (target: string) => {
    const token = await gw.token(target);
    const res = await fetch(gw.origin + target, { headers: { authorization: `Bearer ${token}` } });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it.each([
    [OPEN, 'stmt-b100101-2026-07'],
    [OPEN, 'stmt-b100101-2026-11'],
    ['acc-b-1001-04', 'stmt-b100104-2026-06'],
    ['acc-b-1001-07', 'stmt-b100107-2026-09'],
  ])(
    'when %s downloads %s, then it gets the exact bytes of the document as application/pdf',
    async (account, statementId) => {
      const expected = Buffer.from(
        statementsOf(account).find((s) => s.statementId === statementId)!.document,
        'base64',
      );
      const { res, bytes } = await getBytes(docPath(account, statementId));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-length')).toBe(String(expected.length));
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.equals(expected)).toBe(true);
    },
  );

  it('when a statement link from the list is followed, then it downloads that statement', async () => {
    const list = await get(`/fdx/v6/customer/c-1001/accounts/${OPEN}/statements?limit=3`);
    expect(list.status).toBe(200);
    for (const s of list.body.statements as { statementId: string; links: { href: string }[] }[]) {
      const href = s.links[0]!.href;
      expect(href.startsWith(TEST_BASE_URL)).toBe(true);
      const { res, bytes } = await getBytes(href.slice(TEST_BASE_URL.length));
      expect(res.status).toBe(200);
      const doc = statementsOf(OPEN).find((x) => x.statementId === s.statementId)!.document;
      expect(bytes.equals(Buffer.from(doc, 'base64'))).toBe(true);
    }
  });

  it("when the statement is unknown or another account's, then it is 404 with code 404 Statement not found", async () => {
    for (const s of ['stmt-nope', 'stmt-b100104-2026-03']) {
      const res = await get(docPath(OPEN, s));
      expect({ status: res.status, body: res.body }).toEqual({
        status: 404,
        body: fdxError(404, 'Statement not found'),
      });
    }
  });

  it('when the customer or account is unknown, then it is 404 Customer not found or 701', async () => {
    const customer = await get(docPath(OPEN, 'stmt-b100101-2026-07', 'c-9999'));
    expect({ status: customer.status, body: customer.body }).toEqual({
      status: 404,
      body: { error: 'Customer not found' },
    });
    for (const a of ['acc-nope', 'acc-b-1002-01']) {
      const res = await get(docPath(a, 'stmt-b100101-2026-07'));
      expect({ status: res.status, body: res.body }).toEqual({
        status: 404,
        body: fdxError(701, 'Account not found'),
      });
    }
  });

  it('when the account is RESTRICTED, then it is 200 with an empty body, as for the statement list', async () => {
    const res = await get(docPath('acc-b-1001-08', 'stmt-b100108-2026-07'));
    expect({ status: res.status, text: res.text, type: res.headers.get('content-type') }).toEqual({
      status: 200,
      text: '',
      type: null,
    });
  });

  it('when the account has no FDX data, then it is 422 with code 704', async () => {
    const res = await get(docPath('acc-b-1001-02', 'stmt-b100101-2026-07'));
    expect({ status: res.status, body: res.body }).toEqual({
      status: 422,
      body: fdxError(704, 'Account type not supported'),
    });
  });

  it('when an id is longer than 256 characters, then it is 400 Invalid request', async () => {
    for (const target of [
      docPath(OPEN, 's'.repeat(257)),
      docPath('a'.repeat(257), 'stmt-b100101-2026-07'),
      docPath(OPEN, 'stmt-b100101-2026-07', 'c'.repeat(257)),
    ]) {
      const res = await get(target);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: fdxError(400, 'Invalid request'),
      });
    }
  });

  it('when the token is missing or signed for another path, then it is 401 and no document is sent', async () => {
    const target = docPath(OPEN, 'stmt-b100101-2026-07');
    const missing = await gw.get(target, { headers: { authorization: '' } });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    const other = await gw.token(docPath(OPEN, 'stmt-b100101-2026-08'));
    const wrong = await gw.get(target, { headers: { authorization: `Bearer ${other}` } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid audience');
  });
});

// ---------------------------------------------------------------------------------------------
// A large document from a real loopback core.
// ---------------------------------------------------------------------------------------------

const CHUNK = 64 * 1024;
const BIG_BYTES = 40 * 1024 * 1024;
const BIG_ID = 'stmt-big';

/** The byte at `offset` of the large document: a pattern the client can check as it reads. */
const byteAt = (offset: number) => (offset * 31 + (offset >>> 16)) & 0xff;

interface TestCore {
  url: string;
  /** Bytes written to the gateway so far (of the current request). */
  sent: number;
  /** Whether the last request ended before the whole document was written. */
  abandoned: Promise<boolean>;
  close(): Promise<void>;
}

/** A loopback core that serves a 40 MB PDF in 64 KiB chunks, honouring back-pressure. */
async function startTestCore(): Promise<TestCore> {
  let settle: (abandoned: boolean) => void = () => {};
  const state: TestCore = {
    url: '',
    sent: 0,
    abandoned: Promise.resolve(false),
    close: async () => {},
  };
  const server = http.createServer((_req, res) => {
    state.sent = 0;
    state.abandoned = new Promise((resolve) => (settle = resolve));
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(BIG_BYTES) });
    const chunk = Buffer.alloc(CHUNK);
    const write = () => {
      while (state.sent < BIG_BYTES) {
        const n = Math.min(CHUNK, BIG_BYTES - state.sent);
        for (let i = 0; i < n; i += 1) chunk[i] = byteAt(state.sent + i);
        state.sent += n;
        // A fresh copy per write: the socket may still hold the previous one.
        if (!res.write(Buffer.from(chunk.subarray(0, n)))) {
          res.once('drain', write);
          return;
        }
      }
      res.end();
    };
    res.on('close', () => settle(state.sent < BIG_BYTES || !res.writableFinished));
    write();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/statement.pdf`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** The demo adapter, with the large statement fetched from the test core. */
function adapterWithBigStatement(core: TestCore): CoreAdapter {
  const adapter = createDemoAdapter(loadDemoData(SAMPLE));
  const demo = adapter.fdx!;
  const fdx: FdxPort = {
    ...demo,
    async getStatementDocument(customerId, accountId, statementId, ctx: CallContext) {
      if (statementId !== BIG_ID)
        return demo.getStatementDocument(customerId, accountId, statementId, ctx);
      return new Promise<StatementDocument>((resolve, reject) => {
        const req = http.get(core.url, { signal: ctx.signal }, (res) =>
          resolve({
            contentType: 'application/pdf',
            contentLength: Number(res.headers['content-length']),
            body: res,
          }),
        );
        req.on('error', reject);
      });
    },
  };
  return { ...adapter, fdx };
}

describe('a large statement streamed from a loopback core', () => {
  let core: TestCore;
  let gw: TestGateway;
  beforeAll(async () => {
    core = await startTestCore();
    gw = await startGateway({}, { adapter: adapterWithBigStatement(core) });
  });
  afterAll(async () => {
    await gw.close();
    await core.close();
  });

  /** GETs the large statement with Node's HTTP client: a readable that honours back-pressure. */
  const open = async (signal?: AbortSignal) => {
    const target = docPath(OPEN, BIG_ID);
    const token = await gw.token(target);
    return new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(gw.origin + target, { headers: { authorization: `Bearer ${token}` }, signal }, resolve)
        .on('error', reject);
    });
  };
  /**
   * Memory still held after a full collection: what the download keeps alive (buffers queued in
   * the gateway, the core's socket and the client), not the garbage it leaves behind.
   */
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const live = async () => {
    // Array buffers are released by a background sweeper: collect, yield, collect again.
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    const m = process.memoryUsage();
    return { rss: m.rss, heapAndBuffers: m.heapUsed + m.arrayBuffers };
  };

  interface Download {
    received: number;
    mismatches: number;
    /** Bytes the core had sent when the first byte reached the caller. */
    sentAtFirstByte: number;
    /** Live memory growth over the start, MB, sampled every 2 MiB received. */
    liveGrowthMB: number[];
    /** Largest resident set growth over the start, MB. */
    rssGrowthMB: number;
  }

  /** Downloads the large statement, checking every byte's pattern and sampling memory. */
  const download = async (): Promise<Download> => {
    const before = await live();
    const res = await open();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(BIG_BYTES));
    const out: Download = {
      received: 0,
      mismatches: 0,
      sentAtFirstByte: -1,
      liveGrowthMB: [],
      rssGrowthMB: 0,
    };
    let nextSample = 2 * 2 ** 20;
    for await (const value of res as AsyncIterable<Buffer>) {
      if (out.sentAtFirstByte < 0) out.sentAtFirstByte = core.sent;
      for (let i = 0; i < value.length; i += 997) {
        if (value[i] !== byteAt(out.received + i)) out.mismatches += 1;
      }
      if (value[value.length - 1] !== byteAt(out.received + value.length - 1)) out.mismatches += 1;
      out.received += value.length;
      if (out.received >= nextSample) {
        nextSample += 2 * 2 ** 20;
        const now = await live();
        out.liveGrowthMB.push((now.heapAndBuffers - before.heapAndBuffers) / 2 ** 20);
        out.rssGrowthMB = Math.max(out.rssGrowthMB, (now.rss - before.rss) / 2 ** 20);
      }
    }
    return out;
  };

  // The 40 MB tests get 180 s: two loopback hops and forty full collections take a while on a
  // loaded machine (a CI run beside other suites took over 60 s), and they assert streaming and
  // memory, not time.
  it('when 40 MB are downloaded, then every byte arrives, the first while the core is still sending', async () => {
    const first = await download();
    expect(first.received).toBe(BIG_BYTES);
    expect(first.mismatches).toBe(0);
    expect(await core.abandoned).toBe(false);
    // Streamed, not buffered: the caller had bytes long before the core had sent everything.
    expect(first.sentAtFirstByte).toBeGreaterThan(0);
    expect(first.sentAtFirstByte).toBeLessThan(BIG_BYTES / 4);
  }, 180_000);

  it('when 40 MB are downloaded again, then the memory held stays far below the document size and does not grow with it', async () => {
    // The previous test warmed the path up (code compiled, pools and sockets allocated).
    const d = await download();
    expect(d.received).toBe(BIG_BYTES);
    expect(d.mismatches).toBe(0);
    const sorted = [...d.liveGrowthMB].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const peak = sorted[sorted.length - 1]!;
    if (process.env.DHG_REPORT_MEMORY) {
      console.log(
        JSON.stringify({
          sentAtFirstByteMB: d.sentAtFirstByte / 2 ** 20,
          liveGrowthMB: d.liveGrowthMB.map((m) => Math.round(m * 10) / 10),
          median,
          peak,
          rssGrowthMB: d.rssGrowthMB,
        }),
      );
    }
    expect(d.liveGrowthMB).toHaveLength(20);
    // Gateway, test core and client share this process. What they hold while 40 MB pass through
    // is typically well under 1 MB (a few socket and stream buffers), never near the document.
    expect(median).toBeLessThan(2);
    expect(peak).toBeLessThan(16);
    expect(d.rssGrowthMB).toBeLessThan(16);
    // Buffering would grow with the bytes passed through; streaming holds a constant amount.
    const [early, late] = [sorted[0]!, Math.min(...d.liveGrowthMB.slice(15))];
    expect(late - early).toBeLessThan(2);
  }, 180_000);

  it('when the caller goes away mid-download, then the gateway stops reading from the core', async () => {
    const controller = new AbortController();
    const res = await open(controller.signal);
    let received = 0;
    for await (const value of res as AsyncIterable<Buffer>) {
      received += value.length;
      if (received >= 2 * 1024 * 1024) break;
    }
    controller.abort();
    res.destroy();
    expect(await core.abandoned).toBe(true);
    expect(core.sent).toBeLessThan(BIG_BYTES);
  });

  it('when the download is asked with HEAD, then the headers come back and the core stream is released, not read', async () => {
    const target = docPath(OPEN, BIG_ID);
    const res = await gw.request('HEAD', target);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(BIG_BYTES));
    expect(res.text).toBe('');
    expect(await core.abandoned).toBe(true);
    expect(core.sent).toBeLessThan(BIG_BYTES);
  });
});
