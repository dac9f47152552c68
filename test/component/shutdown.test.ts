/**
 * Graceful shutdown: slow in-flight requests all complete, new connections are refused,
 * readiness turns false first, and the gateway is released. (The process-level exit code 0 on
 * SIGTERM is checked in start.test.ts.)
 */
import pino from 'pino';
import { Agent, request } from 'undici';
import { configFrom } from '../../src/config/config';
import { createGateway } from '../../src/gateway';
import { listen } from '../../src/server';
import { holderClaims, makeKey, signToken } from '../helpers/keys';
import { startJwksServer, TEST_BASE_URL, TEST_SUBDOMAIN } from '../helpers/gateway';
import { loopbackAdapter, startLoopbackCore } from '../helpers/loopback-core';
import { waitFor } from '../helpers/wait';

describe('graceful shutdown', () => {
  it('when shutdown starts during slow requests, then every one completes, new ones are refused, and it resolves', async () => {
    const key = await makeKey('PS256');
    const jwks = await startJwksServer([key]);
    const core = await startLoopbackCore();
    core.mode = { kind: 'ok', delayMs: 600 };
    const config = configFrom({
      PORT: 0,
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: TEST_BASE_URL,
      HOLDER_SUBDOMAIN: TEST_SUBDOMAIN,
      HOLDER_JWKS_URL: jwks.url,
      SHUTDOWN_TIMEOUT_MS: 5000,
      SHUTDOWN_DELAY_MS: 0,
      CACHE_TTL_SECONDS: '{"customer.getCustomerDetail":0}',
    });
    const gateway = await createGateway(config, {
      adapter: loopbackAdapter(core),
      logger: pino({ level: 'silent' }),
    });
    const running = await listen(gateway, 0, '127.0.0.1');
    const origin = `http://127.0.0.1:${running.port}`;
    const call = async (customerId: string) => {
      const path = `/v1/common/customer/${customerId}/detail`;
      const token = await signToken(key, holderClaims(TEST_SUBDOMAIN, TEST_BASE_URL + path));
      return fetch(origin + path, { headers: { authorization: `Bearer ${token}` } });
    };

    const customers = ['c-1001', 'c-1002', 'c-1003', 'c-1001', 'c-1002'];
    const inflight = customers.map((c) => call(c));
    // Wait until all are at the core (identical calls share one core call), however loaded the
    // machine is.
    const distinct = new Set(customers).size;
    await waitFor(() => core.hits >= distinct, 'every distinct call at the core');
    expect(core.hits).toBe(distinct);
    const shutdown = running.shutdown();
    expect(gateway.readiness().ready).toBe(false);
    await waitFor(() => !running.server.listening, 'the listener closed');
    const refused = await call('c-1001').then(
      () => 'answered',
      (err: { cause?: { code?: string } }) => err.cause?.code,
    );
    expect(refused).toBe('ECONNREFUSED');
    const statuses = await Promise.all(inflight.map(async (p) => (await p).status));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    await shutdown;
    expect(running.server.listening).toBe(false);
    await core.close();
    await jwks.close();
  }, 20_000);
});

describe('shutdown under keep-alive load', () => {
  /** What one keep-alive client saw: answers by whether they kept the connection, and errors. */
  interface Seen {
    kept: number;
    closing: number;
    errors: string[];
  }

  /**
   * One gateway on a port of its own, `clients` keep-alive clients asking it as fast as they can
   * (a refused connection is retried on the next turn of the loop), and a shutdown once they have
   * had `warmUp` answers; the clients stop once it has resolved.
   */
  async function loadThroughShutdown(jwksUrl: string, clients: number, warmUp: number) {
    const config = configFrom({
      PORT: 0,
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: TEST_BASE_URL,
      HOLDER_SUBDOMAIN: TEST_SUBDOMAIN,
      HOLDER_JWKS_URL: jwksUrl,
      SHUTDOWN_TIMEOUT_MS: 10_000,
    });
    const gateway = await createGateway(config, { logger: pino({ level: 'silent' }) });
    const running = await listen(gateway, 0, '127.0.0.1');
    const origin = `http://127.0.0.1:${running.port}`;
    const agent = new Agent({ connections: clients / 2, pipelining: 1 });
    const seen: Seen = { kept: 0, closing: 0, errors: [] };
    let stopped = false;
    const client = async () => {
      while (!stopped) {
        try {
          const res = await request(`${origin}/livez`, { dispatcher: agent });
          await res.body.dump();
          if (res.headers.connection === 'close') seen.closing += 1;
          else seen.kept += 1;
        } catch (err) {
          seen.errors.push((err as { code?: string }).code ?? String(err));
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    };
    const running$ = Array.from({ length: clients }, client);
    while (seen.kept < warmUp) await new Promise((resolve) => setImmediate(resolve));
    // A pause as SIGTERM makes, shorter: the clients keep asking through it and past it.
    await running.shutdown({ delayMs: 150 });
    stopped = true;
    await Promise.all(running$);
    await agent.close();
    return seen;
  }

  it('when keep-alive clients keep asking through shutdown, run after run, then no connection is reset: each is answered or refused', async () => {
    const key = await makeKey('PS256');
    const jwks = await startJwksServer([key]);
    const runs: Seen[] = [];
    try {
      for (let run = 0; run < 6; run += 1) runs.push(await loadThroughShutdown(jwks.url, 16, 200));
    } finally {
      await jwks.close();
    }
    const notRefused = runs.flatMap((r) => r.errors.filter((code) => code !== 'ECONNREFUSED'));
    expect(notRefused).toEqual([]);
    for (const run of runs) {
      // The clients were at it when the listener closed: their next connections were refused,
      // and the answers from then on said Connection: close.
      expect(run.errors.length).toBeGreaterThan(0);
      expect(run.closing).toBeGreaterThan(0);
      expect(run.kept).toBeGreaterThan(200);
    }
  }, 60_000);
});
