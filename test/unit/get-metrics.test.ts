/**
 * Get Metrics from the traffic ledger: exact figures for a scripted set of calls over several
 * days and two months, checked against the standard's shape.
 */
import { getMetricsBody } from '../../src/service-levels/get-metrics';
import { TIER_THRESHOLD_MS, type ResponseTier } from '../../src/api/response-tiers';
import { type TrafficIncrement, TrafficLedger } from '../../src/service-levels/traffic-ledger';
import { getMetricsValidator, RATE_STRING } from '../helpers/cds-admin-schemas';

const at = (iso: string) => Date.parse(iso);

/** One call answered at `iso`. */
function call(
  iso: string,
  tier: ResponseTier,
  status: number,
  durationMs: number,
  planned = false,
): TrafficIncrement {
  return {
    second: Math.floor(at(iso) / 1000),
    tier,
    status,
    within: durationMs <= TIER_THRESHOLD_MS[tier],
    planned,
    count: 1,
    durationMs,
  };
}

const NOW = at('2026-11-23T10:30:00Z');
const SELF = 'http://admin.example.test/admin/metrics';

/** 24 hourly rates of `1.0`, with `changes` at their hour. */
const hours = (n: number, changes: Record<number, string> = {}) =>
  Array.from({ length: n }, (_, h) => changes[h] ?? '1.0');
const DAY = hours(24);

function scriptedLedger(): TrafficLedger {
  const ledger = new TrafficLedger(at('2026-10-31T22:00:00Z'));
  ledger.add([
    // October: one authenticated call, a server error.
    call('2026-10-31T23:00:00Z', 'highPriority', 500, 20),
    // Three days ago: one High Priority call of four over its threshold.
    call('2026-11-20T06:00:00Z', 'highPriority', 200, 100),
    call('2026-11-20T06:00:01Z', 'highPriority', 200, 100),
    call('2026-11-20T06:00:02Z', 'highPriority', 200, 100),
    call('2026-11-20T06:00:03Z', 'highPriority', 200, 1100),
    // Yesterday: a slow call refused for traffic (left out of performance), a fast one.
    call('2026-11-22T12:00:00Z', 'unauthenticated', 429, 3000),
    call('2026-11-22T12:00:05Z', 'unauthenticated', 200, 1200),
    // Today.
    call('2026-11-23T08:00:00Z', 'largePayload', 200, 5900),
    call('2026-11-23T09:15:00Z', 'unattended', 503, 5, true),
    call('2026-11-23T09:16:00Z', 'unattended', 502, 5),
    call('2026-11-23T10:00:00Z', 'lowPriority', 200, 1000),
    call('2026-11-23T10:00:00Z', 'lowPriority', 200, 1000),
    call('2026-11-23T10:00:00Z', 'lowPriority', 200, 1000),
    call('2026-11-23T10:00:01Z', 'lowPriority', 200, 2000),
  ]);
  return ledger;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body read by path
type Json = any;

const zeros = (changes: Record<number, number> = {}) =>
  Array.from({ length: 7 }, (_, d) => changes[d] ?? 0);

describe('Get Metrics from the traffic ledger', () => {
  const body = getMetricsBody(scriptedLedger(), NOW, 'ALL', SELF) as {
    data: Record<string, unknown>;
    links: { self: string };
  };

  it('when figures are asked for, then the body has the standard shape (less the platform-only members)', () => {
    const validate = getMetricsValidator();
    expect(validate(body) ? [] : validate.errors).toEqual([]);
    expect(body.links).toEqual({ self: SELF });
    expect(body.data.requestTime).toBe('2026-11-23T10:30:00.000Z');
    const rates = JSON.stringify(body.data).match(/"[01]\.\d+"/g) ?? [];
    expect(rates.length).toBeGreaterThan(100);
    for (const rate of rates) expect(JSON.parse(rate)).toMatch(RATE_STRING);
  });

  it('when calls were slow, then each tier has its share within its threshold per hour, 429s left out', () => {
    const { performance } = body.data as Record<string, Record<string, unknown>>;
    expect(performance).toEqual({
      aggregate: {
        currentDay: '0.857143',
        previousDays: ['1.0', '1.0', '0.75', '1.0', '1.0', '1.0', '1.0'],
      },
      highPriority: {
        currentDay: hours(11),
        previousDays: [DAY, DAY, hours(24, { 6: '0.75' }), DAY, DAY, DAY, DAY],
      },
      lowPriority: { currentDay: hours(11, { 10: '0.75' }), previousDays: Array(7).fill(DAY) },
      unattended: { currentDay: hours(11), previousDays: Array(7).fill(DAY) },
      largePayload: { currentDay: hours(11), previousDays: Array(7).fill(DAY) },
      unauthenticated: { currentDay: hours(11), previousDays: Array(7).fill(DAY) },
    });
  });

  it('when calls were answered, then invocations, average response and TPS are counted per day', () => {
    const { invocations, averageResponse, averageTps, peakTps } = body.data;
    expect(invocations).toEqual({
      highPriority: { currentDay: 0, previousDays: zeros({ 2: 4 }) },
      lowPriority: { currentDay: 4, previousDays: zeros() },
      unattended: { currentDay: 2, previousDays: zeros() },
      largePayload: { currentDay: 1, previousDays: zeros() },
      unauthenticated: { currentDay: 0, previousDays: zeros({ 0: 2 }) },
    });
    expect(averageResponse).toEqual({
      highPriority: { currentDay: 0, previousDays: zeros({ 2: 0.35 }) },
      lowPriority: { currentDay: 1.25, previousDays: zeros() },
      unattended: { currentDay: 0.005, previousDays: zeros() },
      largePayload: { currentDay: 5.9, previousDays: zeros() },
      // The 429 is left out: only the 1.2 s call counts.
      unauthenticated: { currentDay: 0, previousDays: zeros({ 0: 1.2 }) },
    });
    // Today so far: 10.5 hours; a whole day before.
    expect(averageTps).toEqual({
      aggregate: { currentDay: 0.000185, previousDays: zeros({ 0: 0.000023, 2: 0.000046 }) },
      unauthenticated: { currentDay: 0, previousDays: zeros({ 0: 0.000023 }) },
      authenticated: { currentDay: 0.000185, previousDays: zeros({ 2: 0.000046 }) },
    });
    expect(peakTps).toEqual({
      aggregate: { currentDay: 3, previousDays: zeros({ 0: 1, 2: 1 }) },
      unauthenticated: { currentDay: 0, previousDays: zeros({ 0: 1 }) },
      authenticated: { currentDay: 3, previousDays: zeros({ 2: 1 }) },
    });
  });

  it('when calls failed or were refused, then errors count 5xx, by status per group, and rejections 429s', () => {
    expect(body.data.errors).toEqual({
      aggregate: { currentDay: 2, previousDays: zeros() },
      unauthenticated: { currentDay: {}, previousDays: [{ 429: 1 }, {}, {}, {}, {}, {}, {}] },
      authenticated: { currentDay: { 502: 1, 503: 1 }, previousDays: Array(7).fill({}) },
    });
    expect(body.data.rejections).toEqual({
      authenticated: { currentDay: 0, previousDays: zeros() },
      unauthenticated: { currentDay: 0, previousDays: zeros({ 0: 1 }) },
    });
  });

  it('when a planned window refused calls, then availability leaves them out, per month', () => {
    expect(body.data.availability).toEqual({
      aggregate: { currentMonth: '0.916667', previousMonths: ['0.0'] },
      unauthenticated: { currentMonth: '1.0', previousMonths: ['1.0'] },
      authenticated: { currentMonth: '0.9', previousMonths: ['0.0'] },
    });
  });

  it('when the period is CURRENT or HISTORIC, then only that part of each figure is given', () => {
    const current = getMetricsBody(scriptedLedger(), NOW, 'CURRENT', SELF) as { data: Json };
    const historic = getMetricsBody(scriptedLedger(), NOW, 'HISTORIC', SELF) as { data: Json };
    expect(current.data.invocations.lowPriority).toEqual({ currentDay: 4 });
    expect(current.data.availability.authenticated).toEqual({ currentMonth: '0.9' });
    expect(historic.data.invocations.highPriority).toEqual({ previousDays: zeros({ 2: 4 }) });
    expect(historic.data.availability.authenticated).toEqual({ previousMonths: ['0.0'] });
    expect(getMetricsValidator()(current)).toBe(true);
    expect(getMetricsValidator()(historic)).toBe(true);
  });

  it('when the ledger began today, then there are no previous days or months', () => {
    const ledger = new TrafficLedger(at('2026-11-23T10:00:00Z'));
    ledger.add([call('2026-11-23T10:10:00Z', 'highPriority', 200, 10)]);
    const fresh = getMetricsBody(ledger, NOW, 'ALL', SELF) as { data: Json };
    expect(fresh.data.invocations.highPriority).toEqual({ currentDay: 1, previousDays: [] });
    expect(fresh.data.availability.aggregate).toEqual({ currentMonth: '1.0', previousMonths: [] });
    // Half an hour covered: 1 call in 1800 s.
    expect(fresh.data.averageTps.aggregate.currentDay).toBe(0.000556);
  });
});
