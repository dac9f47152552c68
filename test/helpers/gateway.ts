/**
 * Starts a real gateway on port 0 for component tests, with a test key set served by a loopback
 * JWKS server (as the platform would publish it), and a client that signs a fresh token per call.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { generatePlatformKeyJson } from '../../src/auth/platform-tokens';
import { type Config, configFrom } from '../../src/config/config';
import { createGateway, type Gateway, type GatewayOptions } from '../../src/gateway';
import { createHttpServer } from '../../src/http/http-server';
import { holderClaims, makeKey, signToken, type TestKey, type TokenOptions } from './keys';

export const TEST_BASE_URL = 'https://holder.example.test';
export const TEST_SUBDOMAIN = 'test-holder';

export interface JwksServer {
  url: string;
  keys: TestKey[];
  /** Requests served so far. */
  hits: number;
  /** When set, the server answers this status instead of the key set. */
  failWith?: number;
  close(): Promise<void>;
}

export async function startJwksServer(keys: TestKey[]): Promise<JwksServer> {
  const state: JwksServer = { url: '', keys, hits: 0, close: async () => {} };
  const server = http.createServer((_req, res) => {
    state.hits += 1;
    if (state.failWith) {
      res.writeHead(state.failWith).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: state.keys.map((k) => k.publicJwk) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

/**
 * A platform signing key, an empty client registry in a fresh folder, the key of client
 * secrets' hashes and an id key: what an operator provides (`PLATFORM_SIGNING_KEY_FILE`,
 * `PLATFORM_CLIENTS_FILE`, `PLATFORM_CLIENT_HASH_KEY`, `ID_KEY_FILE`) when the core is not the demo.
 */
export async function platformFilesForTests(): Promise<Record<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-platform-'));
  const keyFile = path.join(dir, 'platform-signing-key.json');
  fs.writeFileSync(keyFile, await generatePlatformKeyJson(), { mode: 0o600 });
  const idKeyFile = path.join(dir, 'id.key');
  fs.writeFileSync(idKeyFile, crypto.randomBytes(32), { mode: 0o600 });
  return {
    PLATFORM_SIGNING_KEY_FILE: keyFile,
    PLATFORM_CLIENTS_FILE: path.join(dir, 'platform-clients.json'),
    PLATFORM_CLIENT_HASH_KEY: crypto.randomBytes(32).toString('base64url'),
    ID_KEY_FILE: idKeyFile,
  };
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

export interface TestGateway {
  gateway: Gateway;
  /** Loopback origin the gateway listens on. */
  origin: string;
  key: TestKey;
  jwks: JwksServer;
  /** Signs a valid token for `path` (adjusted by `opts`). */
  token(path: string, opts?: TokenOptions): Promise<string>;
  /** Calls the gateway with a freshly signed token (unless `headers.authorization` is given). */
  request(
    method: string,
    target: string,
    init?: {
      body?: unknown;
      headers?: Record<string, string>;
      token?: TokenOptions;
      rawBody?: string;
    },
  ): Promise<TestResponse>;
  get(target: string, init?: Parameters<TestGateway['request']>[2]): Promise<TestResponse>;
  post(
    target: string,
    body: unknown,
    init?: Parameters<TestGateway['request']>[2],
  ): Promise<TestResponse>;
  close(): Promise<void>;
}

export async function startGateway(
  env: Record<string, string | number | undefined> = {},
  options: GatewayOptions = {},
): Promise<TestGateway> {
  const key = await makeKey('PS256');
  const jwks = await startJwksServer([key]);
  let config: Config;
  let gateway: Gateway;
  try {
    config = configFrom({
      PORT: 0,
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: TEST_BASE_URL,
      HOLDER_SUBDOMAIN: TEST_SUBDOMAIN,
      HOLDER_JWKS_URL: jwks.url,
      LOG_LEVEL: 'silent',
      // A core's own tests name its records by the core's ids; the ids' tests ask for opaque ones.
      ...((env.CORE_ADAPTER !== undefined && env.CORE_ADAPTER !== 'demo') ||
      env.CORE_ADAPTERS !== undefined
        ? { ...(await platformFilesForTests()), ID_ENCODING: 'raw' }
        : {}),
      ...env,
    });
    gateway = await createGateway(config, { logger: pino({ level: 'silent' }), ...options });
  } catch (err) {
    // A gateway that cannot start leaves nothing running.
    await jwks.close();
    throw err;
  }
  const server = createHttpServer(gateway.app).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const token = (path: string, opts: TokenOptions = {}) =>
    signToken(
      key,
      holderClaims(config.holderSubdomain, config.publicBaseUrl + path.split('?')[0], {
        now: options.now?.(),
        ...opts,
      }),
      { header: opts.header },
    );

  const request: TestGateway['request'] = async (method, target, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (!('authorization' in headers))
      headers.authorization = `Bearer ${await token(target, init.token)}`;
    if (headers.authorization === '') delete headers.authorization;
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(origin + target, { method, headers, body });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };

  return {
    gateway,
    origin,
    key,
    jwks,
    token,
    request,
    get: (target, init) => request('GET', target, init),
    post: (target, body, init) => request('POST', target, { ...init, body }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await gateway.close();
      await jwks.close();
    },
  };
}
