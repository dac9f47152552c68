/**
 * Listening, the HTTP server's limits, and graceful shutdown.
 *
 * Shutdown, in order: readiness turns false; for `shutdownDelayMs` the gateway keeps serving as
 * before (load balancers see the failing probe and send no new requests); then the listening
 * socket closes, and only from then on does every answer say `Connection: close`; busy
 * connections close after their answer, idle keep-alive connections when their keep-alive
 * timeout ends; connections still open after `shutdownTimeoutMs` are cut; then the gateway
 * releases its adapter, Redis and timers (docs/decisions/0067-connection-close-once-the-listener-is-closed.md).
 */
import type http from 'node:http';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Config } from './config/config';
import type { Gateway } from './gateway';
import { createHttpServer } from './http/http-server';

export interface RunningServer {
  server: Server;
  port: number;
  /** The separate `/metrics` listener, when `METRICS_PORT` is set. */
  metricsServer?: Server;
  metricsPort?: number;
  /**
   * Drains and stops; resolves once every connection is closed and the gateway is released.
   * `delayMs` overrides the configured pause before the listener closes (SIGINT passes 0).
   */
  shutdown(options?: { delayMs?: number }): Promise<void>;
}

/**
 * How often Node checks connections against the headers and request timeouts. Its default (30 s)
 * would let a client that trickles header lines hold a connection for up to 30 s past the limit.
 */
const CONNECTIONS_CHECK_INTERVAL_MS = 1000;

/** Server options from the configured limits; `maxConnections` is set after creation. */
function serverOptions(limits: Config['http']): http.ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(CONNECTIONS_CHECK_INTERVAL_MS, limits.headersTimeoutMs),
  };
}

async function startListening(server: Server, port: number, host: string): Promise<number> {
  server.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return (server.address() as AddressInfo).port;
}

/**
 * Stops accepting connections without closing idle keep-alive ones. `http.Server#close` also
 * closes every idle connection at once, which races with a client sending its next request on
 * one of them (the client sees ECONNRESET for a request it had already sent). Idle connections
 * instead close when their keep-alive timeout ends, which clients anticipate from the
 * `Keep-Alive: timeout=N` header.
 */
function stopAccepting(server: Server): Promise<void> {
  return new Promise((resolve) => net.Server.prototype.close.call(server, () => resolve()));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves `'timeout'` in `ms` (the process does not wait for it). */
const deadlineIn = (ms: number) =>
  new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());

/** Whether `closed` settled before `deadline`. */
async function drainedBefore(closed: Promise<void>, deadline: Promise<'timeout'>) {
  return (await Promise.race([closed.then(() => 'closed' as const), deadline])) === 'closed';
}

/**
 * Closes the admin listener once the API port has drained: it stops accepting and closes its
 * idle connections (`http.Server#close`), a scrape or probe under way is answered, and what is
 * still open at the shutdown deadline is cut.
 */
async function closeMetrics(metricsServer: Server, deadline: Promise<'timeout'>): Promise<void> {
  const closed = new Promise<void>((resolve) => metricsServer.close(() => resolve()));
  if (!(await drainedBefore(closed, deadline))) {
    metricsServer.closeAllConnections();
    await closed;
  }
}

export async function listen(gateway: Gateway, port: number, host: string): Promise<RunningServer> {
  const { config, logger } = gateway;
  let draining = false;
  const closing: http.RequestListener = (_req, res) => {
    // A client must not send another request on a connection that is about to close.
    if (draining) res.setHeader('Connection', 'close');
  };
  const server = createHttpServer(gateway.app, serverOptions(config.http), closing);
  server.maxConnections = config.http.maxConnections;
  const boundPort = await startListening(server, port, host);

  let metricsServer: Server | undefined;
  let metricsPort: number | undefined;
  if (config.metricsPort !== undefined && gateway.adminApp) {
    metricsServer = createHttpServer(gateway.adminApp, serverOptions(config.http), closing);
    metricsPort = await startListening(metricsServer, config.metricsPort, host);
  }

  let shutting: Promise<void> | undefined;
  const shutdown = (options: { delayMs?: number } = {}) =>
    (shutting ??= (async () => {
      gateway.beginShutdown();
      await sleep(options.delayMs ?? config.shutdownDelayMs);
      // Connection: close only once the listener is closed. Said earlier, it sends every
      // keep-alive client to reconnect after each answer, and a reconnection still in the
      // kernel's accept queue when the listener closes is reset; from here on, the clients'
      // reconnections are refused instead, cleanly (nothing was sent).
      const closed = stopAccepting(server);
      draining = true;
      const deadline = deadlineIn(config.shutdownTimeoutMs);
      if (!(await drainedBefore(closed, deadline))) {
        logger.warn('shutdown timeout: closing the connections still open');
        server.closeAllConnections();
        await closed;
      }
      if (metricsServer) await closeMetrics(metricsServer, deadline);
      await gateway.close();
    })());

  return { server, port: boundPort, metricsServer, metricsPort, shutdown };
}
