/**
 * The HTTP server's limits come from configuration: headers and request timeouts, keep-alive
 * timeout, a connection cap, and `/metrics` on its own port, off the public one.
 */
import net from 'node:net';
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import { createGateway, type Gateway } from '../../src/gateway';
import { listen, type RunningServer } from '../../src/server';
import {
  startJwksServer,
  TEST_BASE_URL,
  TEST_SUBDOMAIN,
  type JwksServer,
} from '../helpers/gateway';
import { makeKey } from '../helpers/keys';
import { waitFor } from '../helpers/wait';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(env: Record<string, string | number>): Promise<{
  gateway: Gateway;
  running: RunningServer;
  jwks: JwksServer;
  stop(): Promise<void>;
}> {
  const jwks = await startJwksServer([await makeKey('PS256')]);
  const config = configFrom({
    PORT: 0,
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: TEST_BASE_URL,
    HOLDER_SUBDOMAIN: TEST_SUBDOMAIN,
    HOLDER_JWKS_URL: jwks.url,
    SHUTDOWN_DELAY_MS: 0,
    SHUTDOWN_TIMEOUT_MS: 1000,
    ...env,
  });
  const gateway = await createGateway(config, { logger: pino({ level: 'silent' }) });
  const running = await listen(gateway, 0, '127.0.0.1');
  return {
    gateway,
    running,
    jwks,
    async stop() {
      await running.shutdown();
      await jwks.close();
    },
  };
}

/** A connection that records what it receives and when the server closes it. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const state = { received: '', closed: false };
  socket.on('data', (d: Buffer) => (state.received += d.toString('latin1')));
  socket.on('error', () => undefined);
  socket.on('close', () => (state.closed = true));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, state, connected };
}

/** Writes to trickle at most. */
const TRICKLES = 40;

/** Writes one piece every 250 ms until the server closes the connection; how many were written. */
async function trickle(
  socket: net.Socket,
  state: { closed: boolean },
  piece: (i: number) => string,
): Promise<number> {
  let sent = 0;
  while (!state.closed && sent < TRICKLES) {
    await sleep(250);
    if (!state.closed) socket.write(piece(sent));
    sent += 1;
  }
  return sent;
}

describe('server limits from configuration', () => {
  it('when a client trickles one header line at a time, then the connection is closed at HTTP_HEADERS_TIMEOUT_MS, not kept', async () => {
    const server = await startServer({ HTTP_HEADERS_TIMEOUT_MS: 1000 });
    const { socket, state, connected } = connect(server.running.port);
    await connected;
    socket.write('GET /livez HTTP/1.1\r\nhost: x\r\n');
    // One header line every 250 ms for up to 10 s: a client the old server kept for over a minute.
    const linesSent = await trickle(socket, state, (i) => `x-slow-${i}: 1\r\n`);
    expect(state.closed).toBe(true);
    expect(linesSent).toBeLessThan(TRICKLES);
    socket.destroy();
    await server.stop();
  }, 20_000);

  it('when a client trickles its body past HTTP_REQUEST_TIMEOUT_MS, then the connection is closed', async () => {
    const server = await startServer({
      HTTP_HEADERS_TIMEOUT_MS: 1000,
      HTTP_REQUEST_TIMEOUT_MS: 2000,
    });
    const { socket, state, connected } = connect(server.running.port);
    await connected;
    socket.write(
      'POST /v1/token HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n',
    );
    const bytesSent = await trickle(socket, state, () => ' ');
    expect(state.closed).toBe(true);
    expect(bytesSent).toBeLessThan(TRICKLES);
    socket.destroy();
    await server.stop();
  }, 20_000);

  it('when HTTP_MAX_CONNECTIONS connections are open, then a further one is closed unanswered and the open ones keep serving', async () => {
    const server = await startServer({ HTTP_MAX_CONNECTIONS: 2 });
    const port = server.running.port;
    const first = connect(port);
    const second = connect(port);
    await Promise.all([first.connected, second.connected]);
    const { server: api } = server.running;
    const accepted = () =>
      new Promise<number>((resolve) => api.getConnections((_, n) => resolve(n)));
    await waitFor(async () => (await accepted()) === 2, 'both connections accepted');
    const third = connect(port);
    await third.connected;
    third.socket.write('GET /livez HTTP/1.1\r\nhost: x\r\n\r\n');
    await waitFor(() => third.state.closed, 'the third connection closed');
    expect(third.state.closed).toBe(true);
    expect(third.state.received).toBe('');
    first.socket.write('GET /livez HTTP/1.1\r\nhost: x\r\n\r\n');
    await waitFor(() => first.state.received.includes('"ok"'), 'the answer on the first');
    expect(first.state.received).toMatch(/^HTTP\/1\.1 200/);
    first.socket.destroy();
    second.socket.destroy();
    await server.stop();
  });

  it('when HTTP_KEEP_ALIVE_TIMEOUT_MS is set, then answers announce it in Keep-Alive', async () => {
    const server = await startServer({ HTTP_KEEP_ALIVE_TIMEOUT_MS: 3000 });
    const res = await fetch(`http://127.0.0.1:${server.running.port}/livez`);
    expect(res.headers.get('keep-alive')).toBe('timeout=3');
    await server.stop();
  });

  it('when METRICS_PORT is set, then /metrics is served there and not on the API port', async () => {
    const server = await startServer({ METRICS_PORT: 0 });
    const { metricsPort } = server.running;
    // METRICS_PORT=0: the port the listener bound, as the running server reports it.
    expect(metricsPort).toBe((server.running.metricsServer!.address() as net.AddressInfo).port);
    expect(metricsPort).not.toBe(server.running.port);
    expect(server.gateway.adminApp).toBeDefined();
    const admin = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('dhg_http_requests_total');
    const api = `http://127.0.0.1:${server.running.port}`;
    const publicMetrics = await fetch(`${api}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect((await fetch(`${api}/livez`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/readyz`)).status).toBe(200);
    await server.stop();
    expect(server.running.metricsServer!.listening).toBe(false);
  });

  it('when a probe on METRICS_PORT declares a body over the limit, then it is 413 at once and the connection closes', async () => {
    const server = await startServer({ METRICS_PORT: 0 });
    const metricsPort = server.running.metricsPort!;
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(metricsPort, '127.0.0.1');
      let received = '';
      socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(received));
      socket.write('GET /livez HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: 1073741824\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/^connection: close$/im);
    expect(answer).toContain('{"error":"Payload too large"}');
    await server.stop();
  });

  it('when METRICS_PORT is not set, then the API port serves /metrics', async () => {
    const server = await startServer({});
    expect(server.running.metricsServer).toBeUndefined();
    // No admin app is built for a port that is not there.
    expect(server.gateway.adminApp).toBeUndefined();
    expect((await fetch(`http://127.0.0.1:${server.running.port}/metrics`)).status).toBe(200);
    await server.stop();
  });
});
