/**
 * What a circuit's rolling window counts: only calls that reached the core. Answers from the
 * cache and calls refused by an open circuit stay out, and a circuit that closes starts clean.
 */
import fs from 'node:fs';
import path from 'node:path';
import type CircuitBreaker from 'opossum';
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import { GatewayMetrics } from '../../src/observability/metrics';
import type { CoreAdapter, CustomerDetail } from '../../src/ports';
import { memoryCacheStore } from '../../src/stores/cache';
import { redisKeys } from '../../src/stores/redis-keys';
import { withResilience, type ResilientAdapter } from '../helpers/core-call';

const SAMPLE = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../adapters/demo/data/sample.json'), 'utf8'),
) as { customers: { detail: CustomerDetail }[] };
const DETAIL = SAMPLE.customers[0].detail;
const ctx = { signal: new AbortController().signal, requestId: 'r-1' };

/** An in-memory core that counts the calls reaching it and fails while `failing` is set. */
function memoryCore() {
  const core = { calls: 0, failing: false };
  const adapter: CoreAdapter = {
    id: 'memory',
    authorisation: { listShareableAccounts: async () => [] },
    customer: {
      getCustomerDetail: async () => {
        core.calls += 1;
        if (core.failing) throw new Error('core down');
        return DETAIL;
      },
    },
  };
  return { core, adapter };
}

function resilient(adapter: CoreAdapter, env: Record<string, string | number>): ResilientAdapter {
  return withResilience(adapter, {
    settings: configFrom({
      RETRY_ATTEMPTS: 0,
      CIRCUIT_MIN_VOLUME: 4,
      CIRCUIT_RESET_SECONDS: 0.1,
      ...env,
    }).resilience,
    metrics: new GatewayMetrics({ processMetrics: false }),
    cache: memoryCacheStore(100),
    keys: redisKeys({ namespace: 'unit' }),
    logger: pino({ level: 'silent' }),
    now: Date.now,
  });
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: { status?: number }) => err.status ?? 'failure',
  );

/** The circuit of the customer group, which getCustomerDetail goes through. */
function customerCircuit(r: ResilientAdapter): CircuitBreaker {
  const breaker = r.circuits.get('customer');
  if (!breaker) throw new Error('no circuit yet');
  return breaker;
}

describe('circuit window', () => {
  it('when calls are answered from the cache or refused by the open circuit, then the window counts only the calls that reached the core', async () => {
    const { core, adapter } = memoryCore();
    const r = resilient(adapter, { CACHE_TTL_SECONDS: '{"customer.getCustomerDetail":60}' });
    try {
      const get = (id: string) => r.adapter.customer.getCustomerDetail(id, ctx);
      await get('cached');
      for (let i = 0; i < 10; i += 1) expect(await outcome(get('cached'))).toBe('ok');
      expect(customerCircuit(r).stats.fires).toBe(core.calls);

      core.failing = true;
      // One success and three failures reach the volume of 4 at 75% errors: the circuit opens.
      for (let i = 0; i < 3; i += 1) expect(await outcome(get(`miss-${i}`))).toBe('failure');
      expect(customerCircuit(r).opened).toBe(true);
      for (let i = 0; i < 10; i += 1) expect(await outcome(get(`refused-${i}`))).toBe(503);
      expect(core.calls).toBe(4);
      expect(customerCircuit(r).stats.fires).toBe(core.calls);
    } finally {
      r.close();
    }
  });

  it('when a trial call succeeds and the circuit closes, then its window starts clean', async () => {
    const { core, adapter } = memoryCore();
    const r = resilient(adapter, {});
    try {
      const get = (id: string) => r.adapter.customer.getCustomerDetail(id, ctx);
      core.failing = true;
      for (let i = 0; i < 4; i += 1) await outcome(get(`c-${i}`));
      const breaker = customerCircuit(r);
      expect(breaker.opened).toBe(true);
      core.failing = false;
      await new Promise<void>((resolve) => breaker.once('halfOpen', () => resolve()));
      expect(await outcome(get('trial'))).toBe('ok');
      expect(breaker.closed).toBe(true);
      const { fires, failures, successes } = breaker.stats;
      expect({ fires, failures, successes }).toEqual({ fires: 0, failures: 0, successes: 0 });
    } finally {
      r.close();
    }
  });
});
