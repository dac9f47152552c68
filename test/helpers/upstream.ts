/**
 * Loopback upstreams for pass-through tests: a mapped gateway on the demo core that answers the
 * interface itself (its holder token check replaced by a check of the upstream's own
 * credential), mounted under a base path; and a scripted `node:http` upstream for slow, failing
 * and streaming answers. Both record the requests they receive.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import pino from 'pino';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import { redisKeysOf } from '../../src/stores/redis-keys';
import { PagingTokens } from '../../src/api/paging-token';
import { AuthError } from '../../src/auth/holder-auth';
import { adapterConfigFrom } from '../../src/config/adapter-config';
import { configFrom } from '../../src/config/config';
import { buildApp } from '../../src/http/app';
import { buildRoutes } from '../../src/endpoints/families';
import { GatewayMetrics } from '../../src/observability/metrics';
import {
  type ProxySettings,
  proxySettingsFrom,
  proxySettingsSchema,
} from '../../src/proxy/proxy-settings';
import { CORE_FAMILY_SPACES } from '../../src/proxy/family-spaces';
import type { CoreFamily } from '../../src/routes/route-spec';
import { startGateway, TEST_BASE_URL, TEST_SUBDOMAIN, type TestGateway } from './gateway';

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');

/** A request as an upstream received it. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface Upstream {
  /** Origin and base path: the `baseUrl` a proxy instance is configured with. */
  baseUrl: string;
  origin: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** Listens on loopback port 0 and records every request before `app` sees it. */
async function listen(
  handler: http.RequestListener,
  basePath: string,
): Promise<Upstream & { server: http.Server }> {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    origin,
    baseUrl: origin + basePath,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A gateway on the demo core, mounted at `mount` (e.g. `/core`), that accepts exactly
 * `credential` as Authorization instead of holder tokens: an upstream that already speaks the
 * interface and has credentials of its own.
 */
export async function startUpstreamGateway(options: {
  mount: string;
  credential: string;
  /** The family space the proxy's base URL stands for, e.g. `/fdx/v6`. */
  space: string;
  /** Clock in milliseconds (date windows); default `Date.now`. */
  now?: () => number;
  /** The demo data set it serves; default the bundled sample. */
  dataFile?: string;
}): Promise<Upstream> {
  const now = options.now ?? Date.now;
  const config = configFrom({
    PORT: 0,
    PUBLIC_BASE_URL: TEST_BASE_URL,
    HOLDER_SUBDOMAIN: TEST_SUBDOMAIN,
    LOG_LEVEL: 'silent',
  });
  const logger = pino({ level: 'silent' });
  const routes = await buildRoutes({
    adapter: createDemoAdapter(loadDemoData(options.dataFile ?? SAMPLE)),
    config,
    logger,
    now,
    redisKeys: redisKeysOf(config),
    paging: new PagingTokens(config.pagingSecret),
    onClose: () => undefined,
  });
  const { app } = buildApp({
    routes,
    verifyHolder: async (authorization) => {
      if (authorization !== options.credential) throw new AuthError('invalid_token');
      // A credential, not a token: no jti to remember, no expiry.
      return { claims: { jti: '', exp: Number.MAX_SAFE_INTEGER }, admission: Promise.resolve() };
    },
    logger,
    now: () => new Date(now()),
    version: 'upstream',
    metrics: new GatewayMetrics({ processMetrics: false }),
    readiness: () => ({ ready: true, checks: {}, dependencies: {} }),
  });
  const outer = express();
  outer.use(options.mount, app);
  return listen(outer, options.mount + options.space);
}

/** A scripted upstream: `handler` answers every request; `basePath` is part of its base URL. */
export function startScriptedUpstream(
  handler: http.RequestListener,
  basePath = '',
): Promise<Upstream> {
  return listen(handler, basePath);
}

/**
 * A proxy instance's settings as the configuration would read them: `values` by property,
 * through the block schema (defaults applied, validated).
 */
export function proxySettings(id: string, values: Record<string, unknown>): ProxySettings {
  const { config } = adapterConfigFrom(id, proxySettingsSchema, {}, values);
  return proxySettingsFrom(config);
}

/** A gateway under test, and how to stop it and whatever stands behind it. */
export interface GatewaySetup {
  gw: TestGateway;
  stop(): Promise<void>;
}

/** Options of both set-ups: a clock, shared by the gateway and its upstream. */
export interface SetupOptions {
  now?: () => number;
}

/** A gateway serving every family from the demo core itself. */
export async function mappedGateway(options: SetupOptions = {}): Promise<GatewaySetup> {
  const gw = await startGateway({}, options);
  return { gw, stop: () => gw.close() };
}

const UPSTREAM_CREDENTIAL = 'Basic dXBzdHJlYW06c2VjcmV0';

/**
 * A gateway that passes `family` through to an upstream that already speaks it: a gateway on
 * the demo core, under a base path, with credentials of its own. Component tests of a family
 * run against both to show the pass-through answers the same.
 */
export async function passedThroughGateway(
  family: CoreFamily,
  options: SetupOptions = {},
): Promise<GatewaySetup> {
  const upstream = await startUpstreamGateway({
    mount: '/core',
    credential: UPSTREAM_CREDENTIAL,
    space: CORE_FAMILY_SPACES[family],
    ...options,
  });
  const settings = proxySettings(`${family}-upstream`, {
    baseUrl: upstream.baseUrl,
    authorization: UPSTREAM_CREDENTIAL,
  });
  const gw = await startGateway(
    {},
    { ...options, passThrough: [{ family, id: `${family}-upstream`, settings }] },
  );
  return {
    gw,
    stop: async () => {
      await gw.close();
      await upstream.close();
    },
  };
}
