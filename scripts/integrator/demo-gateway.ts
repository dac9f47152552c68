/**
 * A demo gateway in this process, as `npm start` serves it: the demo core, the development key
 * (generated into a folder of its own) as the holder key set, the platform client registry in a
 * file beside it, no Redis. For the OpenAPI example recorder, the collections generator and the
 * tests that call the gateway the way an integrator does (the token command, the token service,
 * newman).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { FileClientStore, PlatformClientRegistry } from '../../src/auth/platform-clients';
import { signDevToken } from '../../src/cli/dev-token';
import { type Config, configFrom } from '../../src/config/config';
import { DEMO_PLATFORM_CLIENT_ID } from '../../src/endpoints/platform/platform.routes';
import { createGateway, type Gateway } from '../../src/gateway';

export interface DemoGateway {
  /** Loopback origin it listens on. */
  origin: string;
  gateway: Gateway;
  config: Config;
  /** The variables `token` and `token --serve` need to sign for this gateway. */
  env: Record<string, string>;
  /** A valid holder token for `target`, signed with the development key. */
  holderToken(target: string): Promise<string>;
  /** A new secret of the demo client (both scopes), as `clients rotate` gives it. */
  rotateDemoClient(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts it on 127.0.0.1, port 0. `PUBLIC_BASE_URL` is `publicBaseUrl`, by default the origin it
 * listens on, so that a printed curl command reaches it as written: the server listens before the
 * gateway is built, and hands it each request once it is.
 */
export async function startDemoGateway(
  options: { publicBaseUrl?: string; env?: Record<string, string> } = {},
): Promise<DemoGateway> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-demo-'));
  const built: { app?: Gateway['app'] } = {};
  const server = http.createServer((req, res) => built.app!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = {
    PUBLIC_BASE_URL: options.publicBaseUrl ?? origin,
    DEV_KEYS_DIR: path.join(dir, 'keys'),
    PLATFORM_CLIENTS_FILE: path.join(dir, 'platform-clients.json'),
    LOG_LEVEL: 'silent',
    ...options.env,
  };
  const config = configFrom({ PORT: 0, HOST: '127.0.0.1', ...env });
  const closeServer = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  let gateway: Gateway;
  try {
    gateway = await createGateway(config, { logger: pino({ level: 'silent' }) });
  } catch (err) {
    await closeServer();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  built.app = gateway.app;
  const registry = new PlatformClientRegistry(new FileClientStore(env.PLATFORM_CLIENTS_FILE));
  return {
    origin,
    gateway,
    config,
    env,
    holderToken: async (target) => (await signDevToken({ target }, config)).token,
    rotateDemoClient: async () => (await registry.rotate(DEMO_PLATFORM_CLIENT_ID)).secret,
    close: async () => {
      await closeServer();
      await gateway.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
