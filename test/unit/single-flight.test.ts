/** Single-flight: concurrent identical calls share one promise, and the key is freed after it. */
import {
  FLIGHT_KEY_MAX_LENGTH,
  MAX_FLIGHTS,
  SingleFlight,
} from '../../src/resilience/single-flight';

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

  it('when a key is longer than FLIGHT_KEY_MAX_LENGTH, then each call runs on its own and nothing is kept', async () => {
    const flights = new SingleFlight();
    const key = 'k'.repeat(FLIGHT_KEY_MAX_LENGTH + 1);
    let runs = 0;
    const fn = async () => (runs += 1);
    const calls = [flights.run(key, fn), flights.run(key, fn)];
    expect(flights.size).toBe(0);
    expect(await Promise.all(calls)).toEqual([1, 2]);
  });

  it('when MAX_FLIGHTS calls are under way, then a call of a new key runs on its own and nothing more is kept', async () => {
    const flights = new SingleFlight();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const under = Array.from({ length: MAX_FLIGHTS }, (_, i) => flights.run(`k${i}`, () => held));
    let runs = 0;
    const fn = async () => (runs += 1);
    await Promise.all([flights.run('new', fn), flights.run('new', fn)]);
    expect({ runs, size: flights.size }).toEqual({ runs: 2, size: MAX_FLIGHTS });
    release();
    await Promise.all(under);
    expect(flights.size).toBe(0);
  });
});
