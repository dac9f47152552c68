/**
 * Listening and graceful shutdown. On shutdown: readiness turns false, the listening socket
 * closes (new connections are refused), idle keep-alive connections close, in-flight requests
 * finish within `shutdownTimeoutMs` (then their connections are cut), and the gateway releases
 * its adapter, Redis and timers.
 */
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Gateway } from './gateway';

export interface RunningServer {
  server: Server;
  port: number;
  /** Resolves once every connection is closed and the gateway is released. */
  shutdown(): Promise<void>;
}

export async function listen(gateway: Gateway, port: number, host: string): Promise<RunningServer> {
  const server = http.createServer(gateway.listener).listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Keep-alive connections must not outlive a shutdown by the client's whim.
  server.keepAliveTimeout = 5_000;

  let shutting: Promise<void> | undefined;
  const shutdown = () =>
    (shutting ??= (async () => {
      gateway.beginShutdown();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Connections that finish their last request become idle: close them as they do.
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const deadline = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), gateway.config.shutdownTimeoutMs).unref(),
      );
      if ((await Promise.race([closed.then(() => 'closed' as const), deadline])) === 'timeout') {
        gateway.logger.warn('shutdown timeout: closing the connections still open');
        server.closeAllConnections();
        await closed;
      }
      clearInterval(sweep);
      await gateway.close();
    })());

  return { server, port: (server.address() as AddressInfo).port, shutdown };
}
