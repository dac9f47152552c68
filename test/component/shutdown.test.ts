/**
 * Graceful shutdown: slow in-flight requests all complete, new connections are refused,
 * readiness turns false first, and the gateway is released. (The process-level exit code 0 on
 * SIGTERM is checked in start.test.ts.)
 */
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import { createGateway } from '../../src/gateway';
import { listen } from '../../src/server';
import { holderClaims, makeKey, signToken } from '../helpers/keys';
import { startJwksServer, TEST_BASE_URL, TEST_SUBDOMAIN } from '../helpers/gateway';
import { loopbackAdapter, startLoopbackCore } from '../helpers/loopback-core';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    for (let i = 0; i < 200 && core.hits < distinct; i += 1) await sleep(25);
    expect(core.hits).toBe(distinct);
    const shutdown = running.shutdown();
    expect(gateway.readiness().ready).toBe(false);
    await sleep(50);
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
