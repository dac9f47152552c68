/** Serves a test gateway's admin app (`METRICS_PORT`) on a loopback port of its own. */
import type { AddressInfo } from 'node:net';
import { createHttpServer } from '../../src/http/http-server';
import type { TestGateway } from './gateway';

export interface AdminListener {
  origin: string;
  /** GET on the admin port: status, headers and the parsed JSON body. */
  get(target: string): Promise<{ status: number; headers: Headers; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

export async function serveAdmin(gw: TestGateway): Promise<AdminListener> {
  const app = gw.gateway.adminApp;
  if (!app) throw new Error('the gateway has no admin app: set METRICS_PORT');
  const server = createHttpServer(app).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    async get(target) {
      const res = await fetch(origin + target);
      const text = await res.text();
      return {
        status: res.status,
        headers: res.headers,
        body: text ? JSON.parse(text) : undefined,
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
