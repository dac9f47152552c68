/** `/readyz` over several cores: each core under its id, beside the totals. */
import type CircuitBreaker from 'opossum';
import type { KeySet } from '../../src/auth/key-set';
import { readinessProbe } from '../../src/service-levels/readiness';
import type { CoreAdapter } from '../../src/ports';

const keySet = { isReady: () => true } as unknown as KeySet;
const circuit = (closed: boolean) => ({ closed }) as unknown as CircuitBreaker;

function core(id: string, ready: boolean | undefined, closed: boolean[], details = {}) {
  const adapter = {
    id,
    ...(ready === undefined ? {} : { isReady: () => ready }),
    readinessDetails: () => details,
  } as unknown as CoreAdapter;
  return { id, adapter, circuits: new Map(closed.map((c, i) => [`c${i}`, circuit(c)])) };
}

describe('readiness over several cores', () => {
  it('when one core adapter is not ready, then the instance is not ready and names that core', () => {
    const probe = readinessProbe({
      keySet,
      cores: [core('fineract', false, [true]), core('kraken', true, [true])],
      redis: undefined,
      cacheRedis: undefined,
      stopping: () => false,
    });
    expect(probe()).toEqual({
      ready: false,
      checks: {
        config: true,
        keySet: true,
        adapter: false,
        'adapter.fineract': false,
        'adapter.kraken': true,
        shuttingDown: false,
      },
      dependencies: { core: true, 'core.fineract': true, 'core.kraken': true },
    });
  });

  it("when one core's circuit is open, then it is reported under its id and readiness holds", () => {
    const probe = readinessProbe({
      keySet,
      cores: [
        core('fineract', undefined, [true, true], { payeesSource: false }),
        core('kraken', undefined, [true, false]),
      ],
      redis: undefined,
      cacheRedis: undefined,
      stopping: () => false,
    });
    expect(probe()).toEqual({
      ready: true,
      checks: { config: true, keySet: true, shuttingDown: false },
      dependencies: {
        core: false,
        'core.fineract': true,
        'core.kraken': false,
        'fineract.payeesSource': false,
      },
    });
  });
});
