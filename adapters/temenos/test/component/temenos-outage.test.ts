/**
 * Transact failing under the real gateway (the simulator's fault switches, faults.ts): a core
 * outage is 503, then 503 with Retry-After once the circuit opens and Transact is left alone;
 * Transact's own Retry-After is passed on; a hang is 504 at the gateway's timeout; and what the
 * caller caused (a 400 from Transact, a customer Transact does not know) never opens a circuit.
 */
import { waitFor } from '../../../../test/helpers/wait';
import type { Env } from '../../../../test/helpers/simulator-env';
import type { TestGateway } from '../../../../test/helpers/gateway';
import {
  startTemenosSimulator,
  type TemenosFaultKind,
  type TemenosSimulator,
} from '../../simulator/simulator';
import {
  CHARLOTTE,
  expectError,
  expectFdxError,
  REQUEST_ID,
  startTemenosGateway,
} from './temenos-expected';

const CIRCUIT: Env = {
  CIRCUIT_MIN_VOLUME: 5,
  CIRCUIT_ERROR_PERCENTAGE: 50,
  CIRCUIT_RESET_SECONDS: 2,
  RETRY_ATTEMPTS: 0,
};
const DETAIL = `/v1/common/customer/${CHARLOTTE}/detail`;
const CUSTOMER_PATH = `/api/v4.0.0/party/customers/${CHARLOTTE}`;
const FDX_TX = `/fdx/v6/customer/${CHARLOTTE}/accounts/10000183/transactions?startTime=2026-01-01&endTime=2026-01-31`;

async function withTransact(
  env: Env,
  body: (gw: TestGateway, sim: TemenosSimulator) => Promise<void>,
): Promise<void> {
  const sim = await startTemenosSimulator({ port: 0 });
  const gw = await startTemenosGateway(sim, { ...CIRCUIT, ...env });
  try {
    await body(gw, sim);
  } finally {
    await gw.close();
    await sim.close();
  }
}

const fdxGet = (gw: TestGateway) => gw.get(FDX_TX, { headers: { 'x-request-id': REQUEST_ID } });
const noCircuitOpen = (gw: TestGateway) =>
  [...gw.gateway.circuits.values()].every((c) => [...c.values()].every((b) => !b.opened));

describe('a Transact outage', () => {
  it.each(['error500', 'drop'] satisfies TemenosFaultKind[])(
    'when Transact fails with %s, then calls are 503 until their circuit opens, then 503 with Retry-After and Transact is left alone by them',
    async (kind) => {
      await withTransact({}, async (gw, sim) => {
        expect((await gw.get(DETAIL)).status).toBe(200);
        sim.faults.set({ kind });
        const mark = sim.requests.length;
        for (let i = 0; i < 5; i += 1) {
          const res = await gw.get(DETAIL);
          expectError(res, 503, 'Service unavailable');
          expect(res.text).not.toMatch(/EB-|T24|Transact/);
        }
        // One success and four failures make the minimum volume at 80 % errors: the fifth
        // failing call is already refused by the open circuit.
        const reached = sim.requests.length - mark;
        expect(reached).toBe(4);
        for (let i = 0; i < 5; i += 1) {
          const res = await gw.get(DETAIL);
          expectError(res, 503, 'Service unavailable');
          expect(res.headers.get('retry-after')).toMatch(/^[12]$/);
        }
        expect(sim.requests.length - mark).toBe(reached); // open: nothing reached Transact
        // Circuits are per group: the FDX account lookup still reaches Transact.
        expectFdxError(await fdxGet(gw), 503, 503, 'Scheduled maintenance');
        expect(sim.requests.length - mark).toBeGreaterThan(reached);
        sim.faults.clear();
        await waitFor(() => noCircuitOpen(gw), 'no circuit open');
        expect((await gw.get(DETAIL)).status).toBe(200);
        expect((await gw.get(DETAIL)).status).toBe(200);
      });
    },
  );

  it('when Transact answers 503 with Retry-After, then the caller gets 503 with that value', async () => {
    await withTransact({}, async (gw, sim) => {
      sim.faults.set({ kind: 'unavailable503', retryAfterSeconds: 17 });
      const res = await gw.get(DETAIL);
      expectError(res, 503, 'Service unavailable');
      expect(res.headers.get('retry-after')).toBe('17');
    });
  });

  it('when Transact hangs, then the caller gets 504 at the timeout', async () => {
    await withTransact({ CORE_TIMEOUT_MS: 300 }, async (gw, sim) => {
      sim.faults.set({ kind: 'hang' });
      const started = Date.now();
      expectError(await gw.get(DETAIL), 504, 'Upstream timeout');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(sim.requests).toHaveLength(1);
    });
  });
});

describe('what the caller caused never opens a circuit', () => {
  it('when Transact refuses what a caller asked with 400, then the caller gets 400 Invalid request, again and again, and the circuit stays closed', async () => {
    await withTransact({}, async (gw, sim) => {
      sim.faults.set({ kind: 'invalid400' });
      for (let i = 0; i < 12; i += 1) expectError(await gw.get(DETAIL), 400, 'Invalid request');
      expectFdxError(await fdxGet(gw), 400, 400, 'Invalid request');
      expect(sim.requests.filter((r) => r.path === CUSTOMER_PATH)).toHaveLength(12);
      expect(noCircuitOpen(gw)).toBe(true);
      sim.faults.clear();
      expect((await gw.get(DETAIL)).status).toBe(200);
    });
  });

  it('when Transact answers 404 many times, then the circuit never opens', async () => {
    await withTransact({}, async (gw, sim) => {
      for (let i = 0; i < 12; i += 1) {
        expectError(await gw.get('/v1/common/customer/999999/detail'), 404, 'Customer not found');
      }
      const asked = sim.requests.filter((r) => r.path === '/api/v4.0.0/party/customers/999999');
      expect(asked).toHaveLength(12);
      expect(noCircuitOpen(gw)).toBe(true);
      expect((await gw.get(DETAIL)).status).toBe(200);
    });
  });
});
