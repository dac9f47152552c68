/**
 * Circuits per operation group, over two real loopback services of one core: its statement store
 * fails until the statements circuit opens, while balances, served by another service of the same
 * core, keep answering. An adapter that puts both in one group (circuitGroups) loses both.
 */
import path from 'node:path';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import type { CallContext, CoreAdapter } from '../../src/ports';
import { OPERATION_NAMES } from '../../src/ports/operations';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { loopbackAdapter, startLoopbackCore, type LoopbackCore } from '../helpers/loopback-core';

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
const BALANCES = '/v1/banking/customer/c-1001/accounts/balances';
const STATEMENTS =
  '/fdx/v6/customer/c-1001/accounts/acc-b-1001-01/statements?startTime=2026-01-01&endTime=2026-11-20';
const BALANCES_BODY = { data: { accountIds: ['acc-b-1001-01'] } };
const MIN_VOLUME = 5;
const ENV = {
  CACHE_TTL_SECONDS: JSON.stringify(Object.fromEntries(OPERATION_NAMES.map((k) => [k, 0]))),
  RETRY_ATTEMPTS: 0,
  CIRCUIT_MIN_VOLUME: MIN_VOLUME,
  CIRCUIT_ERROR_PERCENTAGE: 50,
  CIRCUIT_RESET_SECONDS: 30,
};
/** Bound on the calls made while waiting for a circuit to open. */
const CALL_LIMIT = 40;

interface Services {
  statements: LoopbackCore;
  balances: LoopbackCore;
}

/**
 * The demo adapter, whose statement list and balances each first ask a service of the core (a
 * loopback server): that service's failure is the call's failure.
 */
function coreWithServices(services: Services, regroup?: CoreAdapter['circuitGroups']): CoreAdapter {
  const demo = createDemoAdapter(loadDemoData(SAMPLE));
  const statementStore = loopbackAdapter(services.statements);
  const balanceService = loopbackAdapter(services.balances);
  const ask = (service: CoreAdapter, ctx: CallContext) =>
    service.customer.getCustomerDetail('c-1001', ctx);
  return {
    ...demo,
    banking: {
      ...demo.banking!,
      async listBalances(customerId, accountIds, ctx) {
        await ask(balanceService, ctx);
        return demo.banking!.listBalances(customerId, accountIds, ctx);
      },
    },
    fdx: {
      ...demo.fdx!,
      async listStatements(customerId, accountId, window, page, ctx) {
        await ask(statementStore, ctx);
        return demo.fdx!.listStatements(customerId, accountId, window, page, ctx);
      },
    },
    ...(regroup ? { circuitGroups: regroup } : {}),
    close: async () => {
      await statementStore.close();
      await balanceService.close();
    },
  };
}

async function withServices(
  regroup: CoreAdapter['circuitGroups'],
  body: (gw: TestGateway, services: Services) => Promise<void>,
) {
  const services = { statements: await startLoopbackCore(), balances: await startLoopbackCore() };
  const gw = await startGateway(ENV, { adapter: coreWithServices(services, regroup) });
  try {
    await body(gw, services);
  } finally {
    await gw.close();
    await services.statements.close();
    await services.balances.close();
  }
}

const balances = (gw: TestGateway) => gw.post(BALANCES, BALANCES_BODY);

/** Calls `target` one at a time until it is refused (503); the statuses seen before. */
async function failUntilRefused(gw: TestGateway, target: string): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < CALL_LIMIT; i += 1) {
    const res = await gw.get(target);
    if (res.status === 503) return seen;
    seen.push(res.status);
  }
  throw new Error(`${target} was never refused`);
}

/** The value of `dhg_circuit_state` for one circuit of the loopback adapter's, from /metrics. */
async function circuitState(gw: TestGateway, circuit: string): Promise<number | undefined> {
  const text = await (await fetch(`${gw.origin}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith('dhg_circuit_state{') && l.includes(`circuit="${circuit}"`));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

describe('circuits per operation group', () => {
  it('when the statement store fails until its circuit opens, then balances of the same core keep answering 200 and statements 503 with Retry-After', async () => {
    await withServices(undefined, async (gw, services) => {
      expect((await gw.get(STATEMENTS)).status).toBe(200);
      expect((await balances(gw)).status).toBe(200);

      services.statements.mode = { kind: 'status', status: 500 };
      const failed = await failUntilRefused(gw, STATEMENTS);
      expect(failed.every((status) => status === 500)).toBe(true);
      expect(gw.gateway.circuits.get(gw.gateway.adapter.id)?.get('statements')?.opened).toBe(true);

      const storeHits = services.statements.hits;
      const balanceHits = services.balances.hits;
      for (let i = 0; i < 2 * MIN_VOLUME; i += 1) {
        const statements = await gw.get(STATEMENTS);
        expect(statements.status).toBe(503);
        expect(Number(statements.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(Number(statements.headers.get('retry-after'))).toBeLessThanOrEqual(30);
        expect((await balances(gw)).status).toBe(200);
      }
      // Refused statements left the store alone; every balance reached its service.
      expect(services.statements.hits).toBe(storeHits);
      expect(services.balances.hits).toBe(balanceHits + 2 * MIN_VOLUME);
      expect(gw.gateway.circuits.get(gw.gateway.adapter.id)?.get('balances')?.closed).toBe(true);
      expect(await circuitState(gw, 'statements')).toBe(2);
      expect(await circuitState(gw, 'balances')).toBe(0);
    });
  });

  it('when the adapter puts balances in the statements group, then the failing store cuts balances too', async () => {
    await withServices({ 'banking.listBalances': 'statements' }, async (gw, services) => {
      expect((await balances(gw)).status).toBe(200);
      services.statements.mode = { kind: 'status', status: 500 };
      await failUntilRefused(gw, STATEMENTS);
      const balanceHits = services.balances.hits;
      const refused = await balances(gw);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).not.toBeNull();
      expect(services.balances.hits).toBe(balanceHits);
      expect(gw.gateway.circuits.has('balances')).toBe(false);
    });
  });
});
