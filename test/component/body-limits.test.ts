/**
 * Bodies over the 1 MiB limit: a declared length is refused from its header before anything is
 * read, a streamed (chunked) body stops being read at the limit, and both answers close the
 * connection, on the holder routes, `/v1/token` and the product writes alike.
 */
import net from 'node:net';
import { startGateway, type TestGateway } from '../helpers/gateway';

const GIB = 1024 * 1024 * 1024;
const MIB = 1024 * 1024;

interface RawAnswer {
  status: number;
  head: string;
  body: string;
  /** Whether the server closed the connection after answering. */
  closedByServer: boolean;
  /** Body bytes the client had written when the answer came. */
  bytesWritten: number;
}

/** Parses the status line, head and (Content-Length) body of a raw HTTP answer. */
function parseAnswer(raw: string): Pick<RawAnswer, 'status' | 'head' | 'body'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  return { status: Number(head.split(' ')[1]), head, body: raw.slice(split + 4) };
}

/**
 * Sends `head` and then, when `chunked`, 64 KiB chunks as fast as the server takes them, up to
 * `maxBytes`; resolves with the answer once the server has closed the connection.
 */
function rawRequest(
  origin: string,
  head: string,
  options: { chunked?: boolean; maxBytes?: number } = {},
): Promise<RawAnswer> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    let bytesWritten = 0;
    let answeredAt: number | undefined;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer and no close; received ${JSON.stringify(received)}`));
    }, 15_000);
    socket.on('data', (d: Buffer) => {
      received += d.toString('latin1');
      answeredAt ??= bytesWritten;
    });
    socket.on('error', () => undefined); // EPIPE/ECONNRESET once the server has closed
    socket.on('close', () => {
      clearTimeout(timer);
      if (!received) return reject(new Error('closed without an answer'));
      resolve({ ...parseAnswer(received), closedByServer: true, bytesWritten: answeredAt ?? 0 });
    });
    socket.write(head);
    if (!options.chunked) return;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const frame = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from('\r\n'),
    ]);
    const pump = () => {
      while (
        !socket.destroyed &&
        answeredAt === undefined &&
        bytesWritten < (options.maxBytes ?? 0)
      ) {
        bytesWritten += chunk.length;
        if (!socket.write(frame)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

function requestHead(method: string, path: string, headers: Record<string, string>): string {
  const lines = Object.entries({ host: '127.0.0.1', ...headers }).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

describe('bodies over the limit', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw.close());

  const balances = '/v1/banking/customer/c-1001/accounts/balances';

  it('when 20 requests in parallel declare 1 GB and send nothing more, then each is answered 413 at once and its connection closed', async () => {
    const heads = await Promise.all(
      Array.from({ length: 20 }, async () =>
        requestHead('POST', balances, {
          authorization: `Bearer ${await gw.token(balances)}`,
          'content-type': 'application/json',
          'content-length': String(GIB),
        }),
      ),
    );
    const rssBefore = process.memoryUsage().rss;
    const answers = await Promise.all(heads.map((head) => rawRequest(gw.origin, head)));
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.head).toMatch(/^connection: close$/im);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Payload too large' });
      expect(answer.closedByServer).toBe(true);
    }
    // Nothing of the declared gigabytes was buffered (a generous bound: other suites share the process).
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * MIB);
  });

  it('when a chunked body streams past the limit, then it is 413 before the client has sent 64 MB, and the connection closes', async () => {
    const head = requestHead('POST', balances, {
      authorization: `Bearer ${await gw.token(balances)}`,
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    });
    const answer = await rawRequest(gw.origin, head, { chunked: true, maxBytes: 64 * MIB });
    expect(answer.status).toBe(413);
    expect(answer.head).toMatch(/^connection: close$/im);
    expect(answer.closedByServer).toBe(true);
    // The limit plus what the kernel's socket buffers hold, far below the 64 MB offered.
    expect(answer.bytesWritten).toBeLessThan(16 * MIB);
  });

  it('when a probe, a document or an unknown path declares a body over the limit, then it is 413 at once and the connection closes', async () => {
    for (const path of ['/livez', '/readyz', '/metrics', '/openapi.json', '/nothing-here']) {
      const head = requestHead('GET', path, { 'content-length': String(GIB) });
      const answer = await rawRequest(gw.origin, head);
      expect({ path, status: answer.status, body: JSON.parse(answer.body) }).toEqual({
        path,
        status: 413,
        body: { error: 'Payload too large' },
      });
      expect(answer.head).toMatch(/^connection: close$/im);
      expect(answer.closedByServer).toBe(true);
    }
  });

  it('when /v1/token declares a body over the limit, then it is 413 invalid_request at once and the connection closes', async () => {
    const head = requestHead('POST', '/v1/token', {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(GIB),
    });
    const answer = await rawRequest(gw.origin, head);
    expect(answer.status).toBe(413);
    expect(answer.head).toMatch(/^connection: close$/im);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'invalid_request',
      error_description: 'Payload too large',
    });
  });

  it('when /v1/token streams a chunked body past the limit, then it is 413 and the connection closes', async () => {
    const head = requestHead('POST', '/v1/token', {
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    });
    const answer = await rawRequest(gw.origin, head, { chunked: true, maxBytes: 64 * MIB });
    expect(answer.status).toBe(413);
    expect(answer.closedByServer).toBe(true);
    expect(answer.bytesWritten).toBeLessThan(16 * MIB);
  });

  it('when a product write declares a body over the limit, then it is 413 before any authentication', async () => {
    const head = requestHead('PUT', '/v1/data-provider/cdr/products/p-1', {
      authorization: 'Bearer not-even-a-token',
      'content-type': 'application/json',
      'content-length': String(2 * MIB),
    });
    const answer = await rawRequest(gw.origin, head);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'invalid_request',
      error_description: 'Payload too large',
    });
  });

  it('when a body just under the limit is sent, then it is read and answered as usual', async () => {
    const padding = 'x'.repeat(MIB - 200);
    const res = await gw.post(balances, {
      data: { accountIds: ['acc-b-1001-01'] },
      padding,
    });
    expect(res.status).toBe(200);
  });
});
