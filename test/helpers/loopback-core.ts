/**
 * A real loopback HTTP "core" that misbehaves on demand (500, 503 with Retry-After, 404, hang,
 * connection reset, slow), and a small adapter that calls it with undici the way a holder's
 * adapter would: honouring the call's AbortSignal, mapping 404 to CustomerNotFoundError, 503 and
 * connection failures to CoreUnavailableError, another 4xx with `coreAnswerFailure` (the caller's
 * 400), and any other status to a plain error (500).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { Agent, request } from 'undici';
import { coreAnswerFailure, CoreUnavailableError, CustomerNotFoundError } from '../../src/errors';
import type { CoreAdapter, CustomerDetail } from '../../src/ports';

export type CoreMode =
  | { kind: 'ok'; delayMs?: number }
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'hang' }
  | { kind: 'reset' };

export interface LoopbackCore {
  url: string;
  port: number;
  mode: CoreMode;
  /** Requests that reached the core. */
  hits: number;
  /** The headers of each request that reached the core, in order. */
  headers: http.IncomingHttpHeaders[];
  /** Sockets currently open on the core side. */
  openSockets(): number;
  /**
   * Requests left hanging (mode `hang`) whose connection is still open: a client may open a
   * fresh idle connection once it closes one, so this, not `openSockets`, shows a hang let go.
   */
  hangingRequests(): number;
  /** Resets the first `n` connections, then serves by `mode`. */
  resetNext(n: number): void;
  close(): Promise<void>;
}

const SAMPLE = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../adapters/demo/data/sample.json'), 'utf8'),
) as { customers: { customerId: string; detail: CustomerDetail }[] };

export async function startLoopbackCore(port = 0): Promise<LoopbackCore> {
  const sockets = new Set<Socket>();
  const hanging = new Set<Socket>();
  let resets = 0;
  const core: LoopbackCore = {
    url: '',
    port: 0,
    mode: { kind: 'ok' },
    hits: 0,
    headers: [],
    openSockets: () => sockets.size,
    hangingRequests: () => hanging.size,
    resetNext: (n) => {
      resets = n;
    },
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    core.hits += 1;
    core.headers.push(req.headers);
    if (resets > 0) {
      resets -= 1;
      req.socket.destroy();
      return;
    }
    const mode = core.mode;
    if (mode.kind === 'hang') {
      hanging.add(req.socket);
      req.socket.once('close', () => hanging.delete(req.socket));
      return;
    }
    if (mode.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (mode.kind === 'status') {
      res.writeHead(mode.status, {
        'content-type': 'application/json',
        ...(mode.retryAfter ? { 'retry-after': mode.retryAfter } : {}),
      });
      // A 4xx is documented (the caller's request refused); a 5xx carries what must stay behind.
      res.end(
        JSON.stringify(
          mode.status < 500 ? { error: 'Invalid request' } : { trace: 'core internal stack trace' },
        ),
      );
      return;
    }
    // `/customers/{id}` (the adapter's path) or `/customer/{id}/detail` (the interface's, passed
    // through): the id is the second segment of both.
    const id = decodeURIComponent(req.url!.split('/')[2] ?? '');
    const customer = SAMPLE.customers.find((c) => c.customerId === id);
    const passedThrough = req.url!.endsWith('/detail');
    setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      if (!customer) {
        res.writeHead(404).end(JSON.stringify({ error: 'Customer not found' }));
        return;
      }
      res.writeHead(200);
      res.end(JSON.stringify(passedThrough ? { data: customer.detail } : customer.detail));
    }, mode.delayMs ?? 0);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  core.port = (server.address() as AddressInfo).port;
  core.url = `http://127.0.0.1:${core.port}`;
  core.close = () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return core;
}

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/** An adapter whose customer port reads `GET {url}/customers/{id}` from the loopback core. */
export function loopbackAdapter(core: { url: string }): CoreAdapter & { close(): Promise<void> } {
  const agent = new Agent({ connections: 64, keepAliveTimeout: 1000 });
  const getDetail = async (customerId: string, signal: AbortSignal): Promise<CustomerDetail> => {
    let res;
    try {
      res = await request(`${core.url}/customers/${encodeURIComponent(customerId)}`, {
        dispatcher: agent,
        signal,
      });
    } catch (err) {
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ??
        (err as { cause?: { code?: string } }).cause?.code;
      if (code && CONNECTION_ERRORS.has(code)) throw new CoreUnavailableError({ cause: err });
      throw err;
    }
    if (res.statusCode === 200) return (await res.body.json()) as CustomerDetail;
    await res.body.dump();
    if (res.statusCode === 404) throw new CustomerNotFoundError();
    if (res.statusCode === 503) {
      const after = Number(res.headers['retry-after']);
      throw new CoreUnavailableError(
        Number.isFinite(after) && after > 0 ? { retryAfterSeconds: after } : {},
      );
    }
    const failure = new Error(`core answered ${res.statusCode}`);
    // A 4xx refuses what the caller asked; anything else is a failure the adapter did not expect.
    if (res.statusCode < 500) throw coreAnswerFailure(res.statusCode, undefined, failure);
    throw failure;
  };
  return {
    id: 'loopback',
    authorisation: { listShareableAccounts: async () => [] },
    customer: { getCustomerDetail: (customerId, ctx) => getDetail(customerId, ctx.signal) },
    close: () => agent.close(),
  };
}
