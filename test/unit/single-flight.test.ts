/** Single-flight: concurrent identical calls share one promise, and the key is freed after it. */
import { SingleFlight } from '../../src/resilience/single-flight';

describe('SingleFlight', () => {
  it('when calls with one key overlap, then the function runs once and all get its value', async () => {
    const flights = new SingleFlight();
    let runs = 0;
    let release!: (v: string) => void;
    const fn = () => {
      runs += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const calls = [flights.run('k', fn), flights.run('k', fn), flights.run('k', fn)];
    expect(flights.size).toBe(1);
    release('v');
    expect(await Promise.all(calls)).toEqual(['v', 'v', 'v']);
    expect(runs).toBe(1);
    expect(flights.size).toBe(0);
  });

  it('when keys differ, then each runs its own call', async () => {
    const flights = new SingleFlight();
    const values = await Promise.all([
      flights.run('a', async () => 'a'),
      flights.run('b', async () => 'b'),
    ]);
    expect(values).toEqual(['a', 'b']);
  });

  it('when the shared call fails, then every caller gets the failure and the next call runs again', async () => {
    const flights = new SingleFlight();
    let runs = 0;
    const failing = async () => {
      runs += 1;
      throw new Error('core down');
    };
    const results = await Promise.allSettled([
      flights.run('k', failing),
      flights.run('k', failing),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    expect(await flights.run('k', async () => 'back')).toBe('back');
  });
});
