/** The circuits of one adapter: which circuit an operation uses, and refusals while open. */
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import { CoreUnavailableError } from '../../src/errors';
import { GatewayMetrics } from '../../src/observability/metrics';
import { Circuits } from '../../src/resilience/circuits';

function circuits(separate: string[] = []) {
  return new Circuits({
    adapterId: 'test',
    settings: configFrom({ CIRCUIT_MIN_VOLUME: 2, CIRCUIT_RESET_SECONDS: 30 }).resilience,
    metrics: new GatewayMetrics({ processMetrics: false }),
    logger: pino({ level: 'silent' }),
    separate,
  });
}

const fail = () => Promise.reject(new Error('core down'));

describe('Circuits', () => {
  it('when an operation is kept apart, then it has its own circuit and the others share the default', () => {
    const c = circuits(['fdx.listStatements']);
    expect(c.for('fdx.listStatements').name).toBe('fdx.listStatements');
    expect(c.for('banking.listBalances').name).toBe('default');
    expect(c.for('customer.getCustomerDetail').breaker).toBe(c.for('banking.listBalances').breaker);
    expect([...c.byName.keys()].sort()).toEqual(['default', 'fdx.listStatements']);
    c.close();
  });

  it('when the circuit is closed, then no call is refused', () => {
    const c = circuits();
    const { name, breaker } = c.for('banking.listBalances');
    expect(c.refusal(name, breaker)).toBeUndefined();
    c.close();
  });

  it('when failures open the circuit, then calls are refused with the seconds until the trial call', async () => {
    const c = circuits();
    const { name, breaker } = c.for('banking.listBalances');
    for (let i = 0; i < 2; i += 1) await breaker.fire(fail).catch(() => undefined);
    expect(breaker.opened).toBe(true);
    const refusal = c.refusal(name, breaker);
    expect(refusal).toBeInstanceOf(CoreUnavailableError);
    expect(refusal!.retryAfterSeconds).toBeGreaterThanOrEqual(29);
    expect(refusal!.retryAfterSeconds).toBeLessThanOrEqual(30);
    // The other circuit is untouched.
    const other = circuits(['fdx.listStatements']);
    expect(
      other.refusal('fdx.listStatements', other.for('fdx.listStatements').breaker),
    ).toBeUndefined();
    other.close();
    c.close();
  });
});
