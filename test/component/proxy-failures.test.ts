/**
 * A passed-through family when its upstream fails: a timeout is 504 `Upstream timeout`; an
 * upstream 5xx, a refused connection and an open circuit are 503 with Retry-After; each in the
 * family's error body, and each counted in `dhg_core_call_duration_seconds` under the proxy
 * instance's id.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { proxySettings, startScriptedUpstream, type Upstream } from '../helpers/upstream';

const C = 'c-1001';
const OPEN = 'acc-b-1001-01';
const TX = `/fdx/v6/customer/${C}/accounts/${OPEN}/transactions?startTime=2026-01-01&endTime=2026-11-20`;
const DETAIL = `/v1/common/customer/${C}/detail`;
const REQUEST_ID = 'proxy-failure-1';

type Behaviour = 'hang' | 'fail' | 'refuse' | 'ok';

/** Calls of the core-call histogram with these labels. */
async function calls(gw: TestGateway, labels: Record<string, string>): Promise<number> {
  const metric = await gw.gateway.metrics.coreDuration.get();
  return metric.values
    .filter((v) => v.metricName === 'dhg_core_call_duration_seconds_count')
    .filter((v) =>
      Object.entries(labels).every(
        ([k, want]) => (v.labels as Record<string, unknown>)[k] === want,
      ),
    )
    .reduce((n, v) => n + v.value, 0);
}

describe('a passed-through family whose upstream fails', () => {
  let behaviour: Behaviour = 'ok';
  let upstream: Upstream;
  const hanging = new Set<http.ServerResponse>();

  beforeAll(async () => {
    upstream = await startScriptedUpstream((_req, res) => {
      if (behaviour === 'hang') {
        // Never answers: only the gateway's timeout ends the call.
        hanging.add(res);
        return;
      }
      if (behaviour === 'refuse') {
        // The upstream refuses the gateway's own credential: not the caller's to see.
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Basic' });
        res.end('{"error":"bad credential"}');
        return;
      }
      if (behaviour === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json', 'x-secret-trace': 'abc' });
        res.end('{"internal":"stack trace of the core"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ page: {}, transactions: [] }));
    });
  });
  afterAll(() => upstream.close());

  /**
   * A gateway passing FDX and common through to `baseUrl`. The timeout is short only where a test
   * waits for it: elsewhere a loaded machine must not turn an upstream's answer into a timeout.
   */
  const start = (
    env: Record<string, string | number> = {},
    baseUrl = upstream.baseUrl,
    timeoutMs = 30_000,
  ) =>
    startGateway(
      { CIRCUIT_MIN_VOLUME: 1000, ...env },
      {
        passThrough: [
          {
            family: 'fdx',
            id: 'fdx-upstream',
            settings: proxySettings('fdx-upstream', { baseUrl, timeoutMs }),
          },
          {
            family: 'common',
            id: 'fdx-upstream',
            settings: proxySettings('fdx-upstream', { baseUrl, timeoutMs }),
          },
        ],
      },
    );

  it('when the upstream does not answer in time, then FDX answers 504 Upstream timeout and the call counts as a timeout', async () => {
    behaviour = 'hang';
    const gw = await start({}, upstream.baseUrl, 300);
    try {
      const res = await gw.get(TX, { headers: { 'x-request-id': REQUEST_ID } });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 504,
        body: { code: 504, message: 'Upstream timeout', debugMessage: `request ${REQUEST_ID}` },
      });
      expect(
        await calls(gw, {
          adapter: 'fdx-upstream',
          operation: 'fdx.listTransactions',
          outcome: 'timeout',
        }),
      ).toBe(1);
    } finally {
      for (const res of hanging) res.destroy();
      hanging.clear();
      behaviour = 'ok';
      await gw.close();
    }
  });

  it('when the upstream answers 5xx, then the caller gets 503 with Retry-After in the family body, never the upstream body', async () => {
    behaviour = 'fail';
    const gw = await start();
    try {
      const fdx = await gw.get(TX, { headers: { 'x-request-id': REQUEST_ID } });
      expect({ status: fdx.status, body: fdx.body }).toEqual({
        status: 503,
        body: {
          code: 503,
          message: 'Scheduled maintenance',
          debugMessage: `request ${REQUEST_ID}`,
        },
      });
      expect(Number(fdx.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(fdx.headers.get('x-secret-trace')).toBeNull();
      const v1 = await gw.get(DETAIL);
      expect({ status: v1.status, body: v1.body }).toEqual({
        status: 503,
        body: { error: 'Service unavailable' },
      });
      expect(Number(v1.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(
        await calls(gw, {
          adapter: 'fdx-upstream',
          operation: 'customer.getCustomerDetail',
          outcome: 'failure',
        }),
      ).toBe(1);
    } finally {
      behaviour = 'ok';
      await gw.close();
    }
  });

  it("when the upstream refuses the gateway's credential, then the caller gets 503 in the family body and the call counts as a failure", async () => {
    behaviour = 'refuse';
    const gw = await start();
    try {
      const res = await gw.get(DETAIL);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 503,
        body: { error: 'Service unavailable' },
      });
      expect(res.headers.get('www-authenticate')).toBeNull();
      expect(
        await calls(gw, {
          adapter: 'fdx-upstream',
          operation: 'customer.getCustomerDetail',
          outcome: 'failure',
        }),
      ).toBe(1);
    } finally {
      behaviour = 'ok';
      await gw.close();
    }
  });

  it('when the upstream refuses connections, then the caller gets 503 with Retry-After', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const gw = await start({}, `http://127.0.0.1:${port}/fdx/v6`);
    try {
      const res = await gw.get(DETAIL);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 503,
        body: { error: 'Service unavailable' },
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      await gw.close();
    }
  });

  it('when failures open the circuit, then calls are refused with 503 and Retry-After without reaching the upstream, and counted as rejected', async () => {
    behaviour = 'fail';
    const gw = await start({
      CIRCUIT_MIN_VOLUME: 2,
      CIRCUIT_ERROR_PERCENTAGE: 50,
      CIRCUIT_RESET_SECONDS: 60,
    });
    try {
      for (let i = 0; i < 2; i += 1) expect((await gw.get(TX)).status).toBe(503);
      const state = await gw.gateway.metrics.circuitState.get();
      expect(
        state.values.find(
          (v) => v.labels.adapter === 'fdx-upstream' && v.labels.circuit === 'transactions',
        )?.value,
      ).toBe(2);
      const before = upstream.received.length;
      behaviour = 'ok';
      const refused = await gw.get(TX);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 503, message: 'Scheduled maintenance' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(1);
      expect(upstream.received.length).toBe(before);
      expect(
        await calls(gw, {
          adapter: 'fdx-upstream',
          operation: 'fdx.listTransactions',
          outcome: 'rejected',
        }),
      ).toBe(1);
      // The circuit is the transactions group's: the customer detail of the same instance,
      // another group, still passes.
      expect((await gw.get(DETAIL)).status).toBe(200);
    } finally {
      behaviour = 'ok';
      await gw.close();
    }
  });

  it('when the upstream answers, then the call counts as a success of the proxy instance', async () => {
    const gw = await start();
    try {
      expect((await gw.get(TX)).status).toBe(200);
      expect(
        await calls(gw, {
          adapter: 'fdx-upstream',
          operation: 'fdx.listTransactions',
          outcome: 'success',
        }),
      ).toBe(1);
    } finally {
      await gw.close();
    }
  });
});
