/**
 * A core that recovers and then fails again: the circuit must reopen as quickly as it opened on a
 * fresh gateway. Calls refused while the circuit was open, and the window from before the
 * recovery, must not dilute the error rate of the new failures.
 */
import type CircuitBreaker from 'opossum';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { loopbackAdapter, startLoopbackCore, type LoopbackCore } from '../helpers/loopback-core';
import { waitFor } from '../helpers/wait';

const DETAIL = '/v1/common/customer/c-1001/detail';
const MIN_VOLUME = 5;
const RESET_SECONDS = 2;
const ENV = {
  CACHE_TTL_SECONDS: '{"customer.getCustomerDetail":0}',
  RETRY_ATTEMPTS: 0,
  CIRCUIT_MIN_VOLUME: MIN_VOLUME,
  CIRCUIT_ERROR_PERCENTAGE: 50,
  CIRCUIT_RESET_SECONDS: RESET_SECONDS,
  // The default window: long enough that, without a clean start, the open period still weighs.
  CIRCUIT_WINDOW_SECONDS: 10,
};
/** Bound on the calls one phase may make, so a circuit that never reopens ends the loop. */
const CALL_LIMIT = 60;
/**
 * Refused calls sent while open: at least 10, or the old counting (refusals and the window kept
 * across the recovery) would not have needed more than the volume threshold to reopen.
 */
const REFUSALS = { min: 10, max: 30, batch: 10 };

async function withCore(
  env: Record<string, string | number>,
  body: (gw: TestGateway, core: LoopbackCore, circuit: () => CircuitBreaker) => Promise<void>,
) {
  const core = await startLoopbackCore();
  const gw = await startGateway({ ...ENV, ...env }, { adapter: loopbackAdapter(core) });
  const circuit = () => {
    const breaker = gw.gateway.circuits.get(gw.gateway.adapter.id)?.get('customer');
    if (!breaker) throw new Error('no circuit yet');
    return breaker;
  };
  try {
    await body(gw, core, circuit);
  } finally {
    await gw.close();
    await core.close();
  }
}

/** Calls the gateway one at a time until the circuit refuses (503); the core calls it took. */
async function coreCallsUntilOpen(gw: TestGateway, core: LoopbackCore): Promise<number> {
  const before = core.hits;
  for (let i = 0; i < CALL_LIMIT; i += 1) {
    const res = await gw.get(DETAIL);
    if (res.status === 503) break;
    expect(res.status).toBe(500);
  }
  return core.hits - before;
}

/** Tokens signed ahead, so that calls fit well inside the open period on a busy machine. */
async function signedCalls(gw: TestGateway, target: string, n: number) {
  const tokens = await Promise.all(Array.from({ length: n }, () => gw.token(target)));
  return tokens.map((t) => () => gw.get(target, { headers: { authorization: `Bearer ${t}` } }));
}

/** Opens the circuit, has it refuse a crowd, then lets a trial succeed: a closed circuit again. */
async function openAndRecover(
  gw: TestGateway,
  core: LoopbackCore,
  circuit: () => CircuitBreaker,
): Promise<number> {
  const calls = await signedCalls(gw, DETAIL, REFUSALS.max);
  core.mode = { kind: 'status', status: 500 };
  const fresh = await coreCallsUntilOpen(gw, core);
  const openedAt = Date.now();
  const hits = core.hits;
  // Only during the first half of the open period, so that no refused call can become the trial.
  let refused = 0;
  while (refused < REFUSALS.max && Date.now() - openedAt < (RESET_SECONDS * 1000) / 2) {
    const batch = calls.slice(refused, refused + REFUSALS.batch);
    const statuses = (await Promise.all(batch.map((call) => call()))).map((r) => r.status);
    expect(statuses).toEqual(batch.map(() => 503));
    refused += batch.length;
  }
  expect(refused).toBeGreaterThanOrEqual(REFUSALS.min);
  expect(core.hits).toBe(hits);
  core.mode = { kind: 'ok' };
  await waitFor(() => circuit().halfOpen, 'the half-open state');
  expect((await gw.get(DETAIL)).status).toBe(200);
  expect(circuit().closed).toBe(true);
  return fresh;
}

describe('circuit relapse', () => {
  it('when a recovered core fails again at 100%, then the circuit reopens after no more core calls than on a fresh start', async () => {
    await withCore({}, async (gw, core, circuit) => {
      const fresh = await openAndRecover(gw, core, circuit);
      expect(fresh).toBe(MIN_VOLUME);

      core.mode = { kind: 'status', status: 500 };
      const relapse = await coreCallsUntilOpen(gw, core);
      expect(relapse).toBeLessThanOrEqual(fresh);
      expect(relapse).toBe(MIN_VOLUME);
      expect(circuit().opened).toBe(true);
    });
  });

  it('when the trial call after a relapse times out, then the circuit reopens at once and the calls racing it are refused', async () => {
    await withCore({ CORE_TIMEOUT_MS: 300 }, async (gw, core, circuit) => {
      await openAndRecover(gw, core, circuit);
      core.mode = { kind: 'status', status: 500 };
      expect(await coreCallsUntilOpen(gw, core)).toBe(MIN_VOLUME);

      core.mode = { kind: 'hang' };
      // Different customers, so single-flight does not merge them: exactly one is the trial.
      const customers = ['c-1001', 'c-1002', 'c-1003', 'c-1004', 'c-1005'];
      const racing = await Promise.all(
        customers.map(
          async (c) => (await signedCalls(gw, `/v1/common/customer/${c}/detail`, 1))[0],
        ),
      );
      const [after] = await signedCalls(gw, DETAIL, 1);
      await waitFor(() => circuit().halfOpen, 'the half-open state');
      const hits = core.hits;
      const results = await Promise.all(racing.map((call) => call()));
      expect(results.map((r) => r.status).sort()).toEqual([503, 503, 503, 503, 504]);
      expect(core.hits).toBe(hits + 1);
      expect(circuit().opened).toBe(true);
      expect((await after()).status).toBe(503);
      expect(core.hits).toBe(hits + 1);
    });
  });
});
