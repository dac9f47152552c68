/**
 * The resilience stack against a real loopback core that misbehaves on purpose: circuit breaker,
 * timeouts that close the socket, 4xx that never trip the circuit, single-flight, stale-if-error,
 * retries, maintenance windows, and the metrics that show all of it.
 *
 * The circuit, timeout and maintenance tests run twice, on the two ways a family reaches its
 * core: an adapter (instance `loopback`) and a pass-through (a proxy instance `loopback` that
 * serves the common family): both go through one pipeline, so they answer alike.
 */
import type { GatewayOptions } from '../../src/gateway';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { loopbackAdapter, startLoopbackCore, type LoopbackCore } from '../helpers/loopback-core';
import { proxySettings } from '../helpers/upstream';
import { waitFor } from '../helpers/wait';

const DETAIL = '/v1/common/customer/c-1001/detail';

/** A metric sample value from the gateway's /metrics text, or undefined. */
async function metric(
  gw: TestGateway,
  name: string,
  labels: Record<string, string>,
): Promise<number | undefined> {
  const res = await fetch(`${gw.origin}/metrics`);
  const text = await res.text();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.split(' ').pop());
  }
  return undefined;
}

/** Resolves once the reset time has passed: the circuit is half open, waiting for its trial call. */
const halfOpen = (gw: TestGateway) =>
  waitFor(
    async () => (await metric(gw, 'dhg_circuit_state', { adapter: 'loopback' })) === 1,
    'the circuit half open',
  );

/** How the gateway reaches the loopback core, and how it answers a core failure it does not map. */
interface CorePath {
  name: string;
  options(core: LoopbackCore): GatewayOptions;
  /** The answer to a core 500: the adapter's plain error, or the proxy's unavailable upstream. */
  failure: { status: number; body: object };
}

const ADAPTER: CorePath = {
  name: 'an adapter',
  options: (core) => ({ adapter: loopbackAdapter(core) }),
  failure: { status: 500, body: { error: 'Internal server error' } },
};
const PASS_THROUGH: CorePath = {
  name: 'a pass-through',
  options: (core) => ({
    passThrough: [
      {
        family: 'common',
        id: 'loopback',
        settings: proxySettings('loopback', { baseUrl: core.url }),
      },
    ],
  }),
  failure: { status: 503, body: { error: 'Service unavailable' } },
};

async function withCore(
  env: Record<string, string | number>,
  body: (gw: TestGateway, core: LoopbackCore) => Promise<void>,
  options: { now?: () => number } = {},
  path: CorePath = ADAPTER,
) {
  const core = await startLoopbackCore();
  const gw = await startGateway(
    { RETRY_ATTEMPTS: 0, ...env },
    { ...path.options(core), ...options },
  );
  try {
    await body(gw, core);
  } finally {
    await gw.close(); // closes the adapter too
    await core.close();
  }
}

const NO_CACHE = { CACHE_TTL_SECONDS: '{"customer.getCustomerDetail":0}' };

describe.each([ADAPTER, PASS_THROUGH])('through $name', (path) => {
  const through = (
    env: Record<string, string | number>,
    body: (gw: TestGateway, core: LoopbackCore) => Promise<void>,
    options: { now?: () => number } = {},
  ) => withCore(env, body, options, path);

  describe('circuit breaker', () => {
    const env = {
      ...NO_CACHE,
      CIRCUIT_MIN_VOLUME: 5,
      CIRCUIT_ERROR_PERCENTAGE: 50,
      CIRCUIT_RESET_SECONDS: 1,
    };

    it('when the core answers 500, then the circuit opens after the minimum volume and no call reaches the core while open', async () => {
      // A reset time no loaded machine can outlast during the ten calls below.
      await through({ ...env, CIRCUIT_RESET_SECONDS: 30 }, async (gw, core) => {
        core.mode = { kind: 'status', status: 500 };
        for (let i = 0; i < 5; i += 1) {
          const res = await gw.get(DETAIL);
          expect({ status: res.status, body: res.body }).toEqual(path.failure);
        }
        expect(core.hits).toBe(5);
        expect(await metric(gw, 'dhg_circuit_state', { adapter: 'loopback' })).toBe(2);
        for (let i = 0; i < 10; i += 1) {
          const res = await gw.get(DETAIL);
          expect({ status: res.status, body: res.body }).toEqual({
            status: 503,
            body: { error: 'Service unavailable' },
          });
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(25);
          expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(30);
        }
        expect(core.hits).toBe(5);
      });
    });

    it('when the reset time passes, then exactly one trial call goes through and a success closes the circuit', async () => {
      await through(env, async (gw, core) => {
        core.mode = { kind: 'status', status: 500 };
        for (let i = 0; i < 5; i += 1) await gw.get(DETAIL);
        expect(await metric(gw, 'dhg_circuit_state', { adapter: 'loopback' })).toBe(2);
        core.mode = { kind: 'ok', delayMs: 150 };
        await halfOpen(gw);
        // Five different calls (identical ones would be coalesced into one by single-flight);
        // whichever is the trial, the core answers it (200, or 404 for an unknown customer).
        const customers = ['c-1001', 'c-1002', 'c-1003', 'c-1004', 'c-1005'];
        const results = await Promise.all(
          customers.map((c) => gw.get(`/v1/common/customer/${c}/detail`)),
        );
        expect(core.hits).toBe(6);
        expect(results.filter((r) => r.status === 200 || r.status === 404)).toHaveLength(1);
        expect(results.filter((r) => r.status === 503)).toHaveLength(4);
        expect(await metric(gw, 'dhg_circuit_state', { adapter: 'loopback' })).toBe(0);
        expect((await gw.get(DETAIL)).status).toBe(200);
        expect(
          await metric(gw, 'dhg_circuit_transitions_total', {
            adapter: 'loopback',
            to: 'half_open',
          }),
        ).toBe(1);
        expect(
          await metric(gw, 'dhg_circuit_transitions_total', { adapter: 'loopback', to: 'closed' }),
        ).toBe(1);
      });
    });

    it('when the trial call fails, then the circuit opens again at once', async () => {
      await through(env, async (gw, core) => {
        core.mode = { kind: 'status', status: 500 };
        for (let i = 0; i < 5; i += 1) await gw.get(DETAIL);
        await halfOpen(gw);
        expect((await gw.get(DETAIL)).status).toBe(path.failure.status);
        expect(core.hits).toBe(6);
        const res = await gw.get(DETAIL);
        expect(res.status).toBe(503);
        expect(core.hits).toBe(6);
        expect(
          await metric(gw, 'dhg_circuit_transitions_total', { adapter: 'loopback', to: 'open' }),
        ).toBe(2);
      });
    });

    it('when the circuit has been open a while, then Retry-After is the time left until the trial call', async () => {
      await through({ ...env, CIRCUIT_RESET_SECONDS: 4 }, async (gw, core) => {
        core.mode = { kind: 'status', status: 500 };
        for (let i = 0; i < 5; i += 1) await gw.get(DETAIL);
        expect((await gw.get(DETAIL)).headers.get('retry-after')).toBe('4');
        // The first value after 4, once a second has passed: the count goes down by seconds.
        const next = await waitFor(async () => {
          const retryAfter = (await gw.get(DETAIL)).headers.get('retry-after');
          return retryAfter !== '4' && retryAfter;
        }, 'Retry-After below 4');
        expect(next).toBe('3');
      });
    });

    it('when the core answers 404, then the circuit never opens', async () => {
      await through(env, async (gw, core) => {
        for (let i = 0; i < 20; i += 1) {
          const res = await gw.get('/v1/common/customer/c-unknown/detail');
          expect({ status: res.status, body: res.body }).toEqual({
            status: 404,
            body: { error: 'Customer not found' },
          });
        }
        expect(core.hits).toBe(20);
        expect(await metric(gw, 'dhg_circuit_state', { adapter: 'loopback' })).toBe(0);
        expect((await gw.get(DETAIL)).status).toBe(200);
      });
    });

    it('when the core refuses what the caller sent with 400, then the caller gets 400 and the circuit never opens', async () => {
      await through(env, async (gw, core) => {
        core.mode = { kind: 'status', status: 400 };
        for (let i = 0; i < 20; i += 1) {
          const res = await gw.get(DETAIL);
          expect({ status: res.status, body: res.body }).toEqual({
            status: 400,
            body: { error: 'Invalid request' },
          });
        }
        expect(core.hits).toBe(20);
        expect(await metric(gw, 'dhg_circuit_state', { adapter: 'loopback' })).toBe(0);
        expect(
          await metric(gw, 'dhg_core_call_duration_seconds_count', {
            adapter: 'loopback',
            operation: 'customer.getCustomerDetail',
            outcome: 'client_error',
          }),
        ).toBe(20);
        core.mode = { kind: 'ok' };
        expect((await gw.get(DETAIL)).status).toBe(200);
      });
    });

    it('when the core answers 503 with Retry-After, then the caller gets 503 with that value', async () => {
      await through(env, async (gw, core) => {
        core.mode = { kind: 'status', status: 503, retryAfter: '17' };
        const res = await gw.get(DETAIL);
        expect({ status: res.status, body: res.body }).toEqual({
          status: 503,
          body: { error: 'Service unavailable' },
        });
        expect(res.headers.get('retry-after')).toBe('17');
        expect(res.text).not.toContain('stack');
      });
    });
  });

  describe('timeouts', () => {
    it('when the core hangs, then the caller gets 504 at the timeout and the hanging connection to the core is closed', async () => {
      await through({ ...NO_CACHE, CORE_TIMEOUT_MS: 300 }, async (gw, core) => {
        core.mode = { kind: 'hang' };
        const started = Date.now();
        const res = await gw.get(DETAIL);
        const elapsed = Date.now() - started;
        expect({ status: res.status, body: res.body }).toEqual({
          status: 504,
          body: { error: 'Upstream timeout' },
        });
        expect(elapsed).toBeGreaterThanOrEqual(280);
        expect(elapsed).toBeLessThan(2000);
        await waitFor(() => core.hangingRequests() === 0, 'the hanging core connection closed');
        expect(core.hangingRequests()).toBe(0);
        expect(
          await metric(gw, 'dhg_core_call_duration_seconds_count', {
            operation: 'customer.getCustomerDetail',
            outcome: 'timeout',
          }),
        ).toBe(1);
      });
    });
  });

  describe('maintenance windows', () => {
    it('when a window is on, then the gateway answers 503 with Retry-After = seconds to its end, without calling the core', async () => {
      const clock = Date.parse('2026-11-22T10:00:00Z');
      await through(
        {
          MAINTENANCE_WINDOWS: JSON.stringify([
            { adapter: 'loopback', start: '2026-11-22T09:30:00Z', end: '2026-11-22T10:01:30Z' },
          ]),
        },
        async (gw, core) => {
          const res = await gw.get(DETAIL);
          expect({ status: res.status, body: res.body }).toEqual({
            status: 503,
            body: { error: 'Service unavailable' },
          });
          expect(res.headers.get('retry-after')).toBe('90');
          expect(core.hits).toBe(0);
        },
        { now: () => clock },
      );
    });

    it('when the window is for another adapter or over, then the core is called', async () => {
      const clock = Date.parse('2026-11-22T10:00:00Z');
      await through(
        {
          MAINTENANCE_WINDOWS: JSON.stringify([
            { adapter: 'other', start: '2026-11-22T09:00:00Z', end: '2026-11-22T11:00:00Z' },
            { start: '2026-11-22T08:00:00Z', end: '2026-11-22T10:00:00Z' },
          ]),
        },
        async (gw, core) => {
          expect((await gw.get(DETAIL)).status).toBe(200);
          expect(core.hits).toBe(1);
        },
        { now: () => clock },
      );
    });
  });
});

describe('retries', () => {
  it('when a connection is reset once, then an idempotent read is retried and succeeds', async () => {
    await withCore(
      { ...NO_CACHE, RETRY_ATTEMPTS: 1, RETRY_BASE_DELAY_MS: 10 },
      async (gw, core) => {
        core.resetNext(1);
        const res = await gw.get(DETAIL);
        expect(res.status).toBe(200);
        expect(core.hits).toBe(2);
        expect(
          await metric(gw, 'dhg_core_retries_total', { operation: 'customer.getCustomerDetail' }),
        ).toBe(1);
      },
    );
  });

  it('when the core keeps resetting, then the retry budget stops retries long before every call is doubled', async () => {
    await withCore(
      {
        ...NO_CACHE,
        RETRY_ATTEMPTS: 1,
        RETRY_BASE_DELAY_MS: 0,
        RETRY_BUDGET_PERCENT: 10,
        CIRCUIT_MIN_VOLUME: 1000,
      },
      async (gw, core) => {
        core.mode = { kind: 'reset' };
        for (let i = 0; i < 40; i += 1) expect((await gw.get(DETAIL)).status).toBe(503);
        const retries =
          (await metric(gw, 'dhg_core_retries_total', {
            operation: 'customer.getCustomerDetail',
          })) ?? 0;
        expect(retries).toBeGreaterThanOrEqual(10); // the initial bank
        expect(retries).toBeLessThanOrEqual(15); // 10 + 10% of 40 calls
        expect(core.hits).toBe(40 + retries);
      },
    );
  });
});

describe('cache', () => {
  it('when 100 identical requests arrive on a cold cache, then the core is called once', async () => {
    await withCore({}, async (gw, core) => {
      core.mode = { kind: 'ok', delayMs: 200 };
      const results = await Promise.all(Array.from({ length: 100 }, () => gw.get(DETAIL)));
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(core.hits).toBe(1);
      expect((await gw.get(DETAIL)).status).toBe(200);
      expect(core.hits).toBe(1);
      expect(
        await metric(gw, 'dhg_cache_events_total', {
          operation: 'customer.getCustomerDetail',
          result: 'hit',
        }),
      ).toBeGreaterThanOrEqual(1);
    });
  });

  it('when two customers ask, then each gets its own entry, never the other one', async () => {
    await withCore({}, async (gw) => {
      const a = await gw.get(DETAIL);
      const b = await gw.get('/v1/common/customer/c-1002/detail');
      const a2 = await gw.get(DETAIL);
      expect(a.body).toEqual(a2.body);
      expect(b.body).not.toEqual(a.body);
      expect(b.body.data.person.firstName).not.toBe(a.body.data.person.firstName);
    });
  });

  it('when the core is down and an entry is inside its stale window, then it is served; outside, 503', async () => {
    let clock = Date.now();
    await withCore(
      {
        CACHE_TTL_SECONDS: '{"customer.getCustomerDetail":10}',
        CACHE_STALE_SECONDS: '{"customer.getCustomerDetail":60}',
        CIRCUIT_MIN_VOLUME: 1000,
      },
      async (gw, core) => {
        const fresh = await gw.get(DETAIL);
        expect(fresh.status).toBe(200);
        core.mode = { kind: 'status', status: 503 };
        clock += 30_000; // expired, inside the stale window
        const stale = await gw.get(DETAIL);
        expect(stale.status).toBe(200);
        expect(stale.body).toEqual(fresh.body);
        expect(core.hits).toBe(2);
        expect(
          await metric(gw, 'dhg_cache_events_total', {
            operation: 'customer.getCustomerDetail',
            result: 'stale',
          }),
        ).toBe(1);
        clock += 45_000; // past ttl + stale
        const gone = await gw.get(DETAIL);
        expect({ status: gone.status, body: gone.body }).toEqual({
          status: 503,
          body: { error: 'Service unavailable' },
        });
      },
      { now: () => clock },
    );
  });

  it('when balances are asked with the core down, then no stale balance is served by default', async () => {
    // The default stale window of banking.listBalances is 0: checked on the operation table.
    const { OPERATIONS } = await import('../../src/ports/operations');
    expect(OPERATIONS.banking.listBalances.policy).toEqual({
      kind: 'read',
      ttlSeconds: 5,
      staleSeconds: 0,
    });
  });
});

describe('health', () => {
  it('when the gateway runs, then /livez and /readyz answer 200, and /readyz turns 503 once shutdown begins', async () => {
    await withCore({}, async (gw) => {
      const live = await fetch(`${gw.origin}/livez`);
      expect(live.status).toBe(200);
      const ready = await fetch(`${gw.origin}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ready',
        checks: { config: true, keySet: true, shuttingDown: false },
        dependencies: { core: true, 'core.loopback': true },
      });
      gw.gateway.beginShutdown();
      const stopping = await fetch(`${gw.origin}/readyz`);
      expect(stopping.status).toBe(503);
      expect(
        ((await stopping.json()) as { checks: Record<string, boolean> }).checks.shuttingDown,
      ).toBe(true);
      expect((await fetch(`${gw.origin}/livez`)).status).toBe(200);
    });
  });

  it('when Redis is configured but unreachable, then /readyz reports it as a dependency and stays 200', async () => {
    const gw = await startGateway({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await fetch(`${gw.origin}/readyz`);
      expect(res.status).toBe(200);
      expect(
        ((await res.json()) as { dependencies: Record<string, boolean> }).dependencies.redis,
      ).toBe(false);
    } finally {
      await gw.close();
    }
  });
});

describe('metrics', () => {
  it('when requests are served, then /metrics counts them by route template, never by raw path', async () => {
    await withCore({}, async (gw) => {
      await gw.get(DETAIL);
      await gw.get(DETAIL, { headers: { authorization: 'Bearer x.y.z' } });
      const text = await (await fetch(`${gw.origin}/metrics`)).text();
      expect(text).toContain(
        'dhg_http_requests_total{route="/v1/common/customer/{customerId}/detail",method="GET",status="200",tier="unattended"} 1',
      );
      expect(text).toContain('dhg_auth_failures_total{reason="malformed_token"} 1');
      expect(text).toContain('dhg_process_cpu_user_seconds_total');
      expect(text).not.toContain('c-1001');
    });
  });
});
