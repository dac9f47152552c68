/** Status and outages from circuits and windows, on fake circuits and a fixed clock. */
import type CircuitBreaker from 'opossum';
import { isoDuration, StatusReporter } from '../../src/service-levels/service-status';
import type { PlannedWindow } from '../../src/resilience/maintenance-windows';

const at = (iso: string) => Date.parse(iso);
const circuit = (closed: boolean) => ({ closed }) as unknown as CircuitBreaker;

const ROUTES = [
  { method: 'GET', path: '/auth/v1/customer/{customerId}/accounts', holder: true },
  {
    method: 'GET',
    path: '/v1/banking/customer/{customerId}/payees',
    coreFamily: 'banking',
    holder: true,
  },
  {
    method: 'GET',
    path: '/v1/energy/customer/{customerId}/accounts',
    coreFamily: 'energy',
    holder: true,
  },
  { method: 'GET', path: '/v1/data-provider/cdr/products', coreFamily: 'products', holder: false },
  { method: 'POST', path: '/v1/token', holder: false },
] as const;

function reporter(
  state: { bank: boolean; energy: boolean; products?: boolean },
  windows: PlannedWindow[] = [],
) {
  let clock = at('2026-11-23T10:00:00Z');
  const cores = [
    {
      id: 'fineract',
      families: ['banking'] as const,
      circuits: new Map([['payments', circuit(state.bank)]]),
    },
    {
      id: 'kraken',
      families: ['energy'] as const,
      circuits: new Map([['accounts', circuit(state.energy)]]),
    },
    {
      id: 'demo',
      families: ['products'] as const,
      circuits: new Map([['products', circuit(state.products ?? true)]]),
    },
  ];
  const inEffect = (t: number) => windows.filter((w) => t >= at(w.start) && t < at(w.end));
  const status = new StatusReporter({
    cores,
    routes: ROUTES,
    windows: { inEffect, upcoming: (t) => windows.filter((w) => at(w.end) > t) },
    now: () => clock,
  });
  return { status, tick: (iso: string) => (clock = at(iso)) };
}

describe('status from circuits and windows', () => {
  it('when one core fails, then PARTIAL_FAILURE names its endpoints and the list spanning cores, detected when first seen', () => {
    const { status, tick } = reporter({ bank: true, energy: false });
    status.observe();
    tick('2026-11-23T10:00:05Z');
    expect(status.status()).toEqual({
      status: 'PARTIAL_FAILURE',
      explanation:
        'Some data is unexpectedly unavailable. Endpoints affected: GET /auth/v1/customer/{customerId}/accounts, GET /v1/energy/customer/{customerId}/accounts.',
      detectionTime: '2026-11-23T10:00:00.000Z',
      updateTime: '2026-11-23T10:00:05.000Z',
    });
  });

  it('when every customer-data core fails, then UNAVAILABLE though the products core answers', () => {
    const { status } = reporter({ bank: false, energy: false });
    expect(status.status()).toMatchObject({
      status: 'UNAVAILABLE',
      detectionTime: '2026-11-23T10:00:00.000Z',
    });
  });

  it('when only the products core fails, then PARTIAL_FAILURE names the product records alone', () => {
    const { status } = reporter({ bank: true, energy: true, products: false });
    expect(status.status().explanation).toBe(
      'Some data is unexpectedly unavailable. Endpoints affected: GET /v1/data-provider/cdr/products.',
    );
  });

  it('when a window of one core of several is in effect, then SCHEDULED_OUTAGE until its end, partial, with its endpoints', () => {
    const window = {
      adapter: 'kraken',
      start: '2026-11-23T09:00:00Z',
      end: '2026-11-23T12:30:00Z',
    };
    const { status } = reporter({ bank: true, energy: true }, [window]);
    expect(status.status()).toEqual({
      status: 'SCHEDULED_OUTAGE',
      explanation:
        'Planned maintenance. Endpoints affected: GET /auth/v1/customer/{customerId}/accounts, GET /v1/energy/customer/{customerId}/accounts.',
      expectedResolutionTime: '2026-11-23T12:30:00.000Z',
      updateTime: '2026-11-23T10:00:00.000Z',
    });
    expect(status.outages()).toEqual([
      {
        outageTime: '2026-11-23T09:00:00.000Z',
        duration: 'PT3H30M',
        isPartial: true,
        explanation:
          'Planned maintenance. Endpoints affected: GET /auth/v1/customer/{customerId}/accounts, GET /v1/energy/customer/{customerId}/accounts.',
      },
    ]);
  });

  it('when a window names a core this gateway does not run, then it is neither in effect nor listed', () => {
    const window = { adapter: 'other', start: '2026-11-23T09:00:00Z', end: '2026-11-23T12:00:00Z' };
    const { status } = reporter({ bank: true, energy: true }, [window]);
    expect(status.status().status).toBe('OK');
    expect(status.outages()).toEqual([]);
  });

  it('when a window has its own explanation, then it is given as is', () => {
    const window = {
      start: '2026-11-24T00:00:00Z',
      end: '2026-11-24T00:00:45Z',
      explanation: 'Upgrade.',
    };
    const { status } = reporter({ bank: true, energy: true }, [window]);
    expect(status.outages()).toEqual([
      { outageTime: '2026-11-24T00:00:00.000Z', duration: 'PT45S', explanation: 'Upgrade.' },
    ]);
  });

  it('when a core recovers, then OK and a later failure is detected afresh', () => {
    const state = { bank: true, energy: false };
    const { status, tick } = reporter(state);
    status.observe();
    const circuits = (
      status as unknown as { parts: { cores: { circuits: Map<string, { closed: boolean }> }[] } }
    ).parts.cores[1]!.circuits;
    circuits.get('accounts')!.closed = true;
    tick('2026-11-23T10:05:00Z');
    expect(status.status().status).toBe('OK');
    circuits.get('accounts')!.closed = false;
    tick('2026-11-23T10:06:00Z');
    expect(status.status().detectionTime).toBe('2026-11-23T10:06:00.000Z');
  });

  it.each([
    [0, 'PT0S'],
    [45_000, 'PT45S'],
    [3_600_000, 'PT1H'],
    [5_430_000, 'PT1H30M30S'],
    [2 * 86_400_000, 'PT48H'],
  ])('when %i ms is written as a duration, then %s', (ms, text) => {
    expect(isoDuration(ms)).toBe(text);
  });
});
