/** Maintenance windows: which apply to an adapter, and the seconds left in the current one. */
import { maintenanceClock } from '../../src/resilience/maintenance';

const at = (iso: string) => () => Date.parse(iso);
const WINDOWS = [
  { adapter: 'fineract', start: '2026-11-24T10:00:00Z', end: '2026-11-24T11:00:00Z' },
  { start: '2026-11-25T00:00:00Z', end: '2026-11-25T00:00:10Z' },
];

describe('maintenanceClock', () => {
  it("when the time is inside the adapter's window, then it gives the whole seconds left, rounded up", () => {
    expect(maintenanceClock(WINDOWS, 'fineract', at('2026-11-24T10:59:58.500Z'))()).toBe(2);
  });

  it('when the window names another adapter, then it does not apply', () => {
    expect(maintenanceClock(WINDOWS, 'demo', at('2026-11-24T10:30:00Z'))()).toBeUndefined();
  });

  it('when a window names no adapter, then it applies to every adapter', () => {
    expect(maintenanceClock(WINDOWS, 'demo', at('2026-11-25T00:00:05Z'))()).toBe(5);
  });

  it('when the time is at the end of a window or outside every window, then there is none', () => {
    expect(maintenanceClock(WINDOWS, 'fineract', at('2026-11-24T11:00:00Z'))()).toBeUndefined();
    expect(maintenanceClock(WINDOWS, 'fineract', at('2026-11-24T09:59:59Z'))()).toBeUndefined();
  });
});
