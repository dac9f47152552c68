/**
 * What a run sets up before its scenarios: the holder's keys and key set server, a throw-away
 * platform signing key, and the processes measured (the core, the baselines, the gateways).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import type { Signers } from './measure';
import { type Proc, startProc } from './processes';
import { CLOCK_TOLERANCE_SECONDS, log, PUBLIC_BASE_URL, SUBDOMAIN, WITH_INFO } from './settings';
import { makeKey } from './tokens';

/** Cache TTLs of a cache-miss gateway: 0 for the operations the scenarios call. */
const MISS_TTL = JSON.stringify({
  'customer.getCustomerDetail': 0,
  'banking.listAccounts': 0,
  'banking.listBalances': 0,
});

/** The keys, the key set server and the temporary folder; `close` stops every process started. */
export interface Harness {
  signers: Signers;
  jwksUrl: string;
  tmp: string;
  platformKeyFile: string;
  procs: Proc[];
  close(): Promise<void>;
}

export async function openHarness(): Promise<Harness> {
  const key = await makeKey('bench-es256');
  const impostor = await makeKey('bench-es256'); // same kid, other key: bad signature
  const jwksServer = http.createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ keys: [key.publicJwk] }));
  });
  await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
  const jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;

  // The platform token endpoints need a signing key outside demo mode: a throw-away one.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-bench-'));
  const platformKeyFile = path.join(tmp, 'platform-key.json');
  const platformKey = await generateKeyPair('ES256', { extractable: true });
  fs.writeFileSync(
    platformKeyFile,
    JSON.stringify({ ...(await exportJWK(platformKey.privateKey)), alg: 'ES256' }),
  );
  const procs: Proc[] = [];
  return {
    signers: { key, impostor },
    jwksUrl,
    tmp,
    platformKeyFile,
    procs,
    close: async () => {
      for (const p of procs.reverse()) await p.stop();
      jwksServer.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** The processes the scenarios measure. */
export interface Servers {
  core: Proc;
  memory: Proc;
  proxy: Proc;
  /** Cache TTL 0 for the operations used: every request reaches the core. */
  gwMiss: Proc;
  /** Default cache TTLs. */
  gwHit: Proc;
  /** A cache-miss gateway at LOG_LEVEL=info (not with BENCH_INFO=0). */
  gwInfo?: Proc;
  /** Starts one more cache-miss gateway, with `extra` in its environment. */
  startMissGateway(name: string, extra: Record<string, string>): Promise<Proc>;
}

export async function startServers(harness: Harness): Promise<Servers> {
  const core = await startProc('core', 'core-process.js', {});
  harness.procs.push(core);
  const gatewayEnv = (extra: Record<string, string>) => ({
    CORE_ADAPTER: 'http-core',
    BENCH_CORE_URL: core.base,
    HOLDER_JWKS_URL: harness.jwksUrl,
    HOLDER_SUBDOMAIN: SUBDOMAIN,
    JWT_ALGORITHMS: 'PS256,ES256',
    JWT_CLOCK_TOLERANCE_SECONDS: String(CLOCK_TOLERANCE_SECONDS),
    LOG_LEVEL: 'warn',
    PLATFORM_SIGNING_KEY_FILE: harness.platformKeyFile,
    PLATFORM_CLIENTS_FILE: path.join(harness.tmp, 'platform-clients.json'),
    PLATFORM_CLIENT_HASH_KEY: 'bench-'.repeat(8),
    PUBLIC_BASE_URL,
    NODE_ENV: 'production',
    // The scenarios name the loopback core's records by its own ids.
    ID_ENCODING: 'raw',
    ...extra,
  });
  const baselineEnv = {
    BENCH_CORE_URL: core.base,
    HOLDER_JWKS_URL: harness.jwksUrl,
    HOLDER_SUBDOMAIN: SUBDOMAIN,
    PUBLIC_BASE_URL,
    NODE_ENV: 'production',
  };
  // Each process binds a port of its own choosing (PORT=0); tokens name PUBLIC_BASE_URL, not it.
  const start = async (name: string, script: string, extra: Record<string, string>) => {
    const p = await startProc(name, script, extra);
    harness.procs.push(p);
    return p;
  };
  const gateway = (name: string, extra: Record<string, string>) =>
    start(name, 'gateway-process.js', gatewayEnv(extra));
  const memory = await start('baseline-memory', 'baseline/memory.js', baselineEnv);
  const proxy = await start('baseline-proxy', 'baseline/proxy.js', baselineEnv);
  const gwMiss = await gateway('gateway-miss', { CACHE_TTL_SECONDS: MISS_TTL });
  const gwHit = await gateway('gateway-hit', {});
  const gwInfo = WITH_INFO
    ? await gateway('gateway-miss-info', { CACHE_TTL_SECONDS: MISS_TTL, LOG_LEVEL: 'info' })
    : undefined;
  log(`processes up: ${harness.procs.map((p) => `${p.name}=${p.base}`).join(' ')}`);
  return {
    core,
    memory,
    proxy,
    gwMiss,
    gwHit,
    gwInfo,
    startMissGateway: (name, extra) => gateway(name, { CACHE_TTL_SECONDS: MISS_TTL, ...extra }),
  };
}
