/**
 * A record of the core's answer that the adapter cannot map is that record's problem: its request
 * answers 502 `Bad gateway`, and asking again and again never opens the circuit that every other
 * customer needs (docs/operations.md, "Resilience").
 */
import path from 'node:path';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import { CoreRecordInvalidError, toAmount } from '../../src/errors';
import type { CoreAdapter } from '../../src/ports';
import { OPERATION_NAMES } from '../../src/ports/operations';
import { startGateway, type TestGateway } from '../helpers/gateway';

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
const ENV = {
  CACHE_TTL_SECONDS: JSON.stringify(Object.fromEntries(OPERATION_NAMES.map((k) => [k, 0]))),
  RETRY_ATTEMPTS: 0,
  CIRCUIT_MIN_VOLUME: 3,
  CIRCUIT_ERROR_PERCENTAGE: 50,
  CIRCUIT_RESET_SECONDS: 60,
};

/**
 * The demo core whose customer c-1002 has a detail record its mapper cannot read: a decimal the
 * SDK refuses for one way, the adapter's own CoreRecordInvalidError for the other.
 */
function coreWithOneBadRecord(how: 'decimal' | 'record'): CoreAdapter {
  const demo = createDemoAdapter(loadDemoData(SAMPLE));
  const customer = demo.customer;
  return {
    ...demo,
    customer: {
      ...customer,
      getCustomerDetail: async (customerId, ctx) => {
        if (customerId !== 'c-1002') return customer.getCustomerDetail(customerId, ctx);
        if (how === 'decimal') toAmount('12,50');
        throw new CoreRecordInvalidError({ cause: new Error('detail of an unknown shape') });
      },
    },
  };
}

describe.each(['decimal', 'record'] as const)('a record the adapter cannot map (%s)', (how) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway(ENV, { adapter: coreWithOneBadRecord(how) });
  });
  afterAll(() => gw.close());

  it('when its customer is asked many times, then each answer is 502 and the other customers are still served', async () => {
    for (let i = 0; i < 12; i += 1) {
      const res = await gw.get('/v1/common/customer/c-1002/detail');
      expect({ status: res.status, body: res.body }).toEqual({
        status: 502,
        body: { error: 'Bad gateway' },
      });
    }
    const other = await gw.get('/v1/common/customer/c-1001/detail');
    expect(other.status).toBe(200);
    const circuit = gw.gateway.circuits.get('demo')?.get('customer');
    expect(circuit?.opened).toBe(false);
    const metrics = (await gw.get('/metrics', { headers: { authorization: '' } })).text;
    expect(metrics).toMatch(
      /dhg_core_call_duration_seconds_count\{[^}]*operation="customer\.getCustomerDetail"[^}]*outcome="invalid_record"[^}]*\} 12/,
    );
  });
});
