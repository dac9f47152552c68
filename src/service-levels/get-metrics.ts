/**
 * The body of `GET /admin/metrics`: the standard's Get Metrics (version 5, `ResponseMetricsListV5`)
 * filled with what the gateway measures of its own traffic (traffic-ledger.ts). Days, hours and
 * months are UTC. The members only the platform can know (customers and recipients with active
 * authorisations, sessions, authorisation counts) are left out; docs/operations.md says why.
 */
import {
  AUTH_GROUPS,
  DAY_MS,
  HOUR_MS,
  monthIndex,
  type AuthGroup,
  type TierCounts,
  type TpsGroup,
  type TrafficLedger,
} from './traffic-ledger';
import { RESPONSE_TIERS, type ResponseTier } from '../api/response-tiers';

/** The `period` query parameter: current figures, previous ones, or both (default). */
export type MetricsPeriod = 'CURRENT' | 'HISTORIC' | 'ALL';
export const METRICS_PERIODS: readonly MetricsPeriod[] = ['CURRENT', 'HISTORIC', 'ALL'];

/** Previous days and months the standard asks for, at most. */
const PREVIOUS_DAYS = 7;
const PREVIOUS_MONTHS = 12;

/**
 * A rate as the standard's RateString: a decimal from `0.0` to `1.0`, to six places. A period
 * without calls had none that failed or were slow: `1.0`.
 */
export function rateString(part: number, whole: number): string {
  if (whole === 0) return '1.0';
  const text = String(Number((part / whole).toFixed(6)));
  return text.includes('.') ? text : `${text}.0`;
}

/** Milliseconds to seconds at millisecond resolution. */
const seconds = (ms: number) => Math.round(ms) / 1000;
/** TPS to six places: a quiet day has far less than one call a second. */
const round6 = (n: number) => Number(n.toFixed(6));

interface Series<C, P> {
  currentDay?: C;
  previousDays?: P[];
}

/** Builds the figures of one period view. */
class MetricsView {
  private readonly today: number;
  /** The previous days the ledger covered, yesterday first. */
  private readonly pastDays: number[];
  private readonly thisMonth: number;
  private readonly pastMonths: number[];

  constructor(
    private readonly ledger: TrafficLedger,
    private readonly now: number,
    private readonly period: MetricsPeriod,
  ) {
    this.today = Math.floor(now / DAY_MS);
    const firstDay = Math.floor(ledger.since / DAY_MS);
    this.pastDays = range(Math.min(PREVIOUS_DAYS, this.today - firstDay)).map(
      (i) => this.today - 1 - i,
    );
    this.thisMonth = monthIndex(now);
    const firstMonth = monthIndex(ledger.since);
    this.pastMonths = range(Math.min(PREVIOUS_MONTHS, this.thisMonth - firstMonth)).map(
      (i) => this.thisMonth - 1 - i,
    );
  }

  /** `currentDay` and `previousDays` as the period asks, from a figure of one day. */
  daily<T>(of: (day: number) => T): Series<T, T> {
    return {
      ...(this.period !== 'HISTORIC' ? { currentDay: of(this.today) } : {}),
      ...(this.period !== 'CURRENT' ? { previousDays: this.pastDays.map(of) } : {}),
    };
  }

  monthly(group: AuthGroup | 'aggregate'): { currentMonth?: string; previousMonths?: string[] } {
    const of = (month: number) => {
      const groups = group === 'aggregate' ? AUTH_GROUPS : [group];
      let counted = 0;
      let failed = 0;
      for (const g of groups) {
        counted += this.ledger.month(month, g)?.counted ?? 0;
        failed += this.ledger.month(month, g)?.failed ?? 0;
      }
      return rateString(counted - failed, counted);
    };
    return {
      ...(this.period !== 'HISTORIC' ? { currentMonth: of(this.thisMonth) } : {}),
      ...(this.period !== 'CURRENT' ? { previousMonths: this.pastMonths.map(of) } : {}),
    };
  }

  /** A tier's hourly counts of a day: 24 hours, or up to the current hour today. */
  hoursOf(day: number, tier: ResponseTier): TierCounts[] {
    const hours = day === this.today ? Math.floor((this.now - day * DAY_MS) / HOUR_MS) + 1 : 24;
    return range(hours).map(
      (h) =>
        this.ledger.hour(day * 24 + h, tier) ?? {
          invocations: 0,
          measured: 0,
          within: 0,
          durationMs: 0,
        },
    );
  }

  /** A tier's counts summed over a day. */
  dayOf(day: number, tier: ResponseTier): TierCounts {
    return this.hoursOf(day, tier).reduce((sum, h) => ({
      invocations: sum.invocations + h.invocations,
      measured: sum.measured + h.measured,
      within: sum.within + h.within,
      durationMs: sum.durationMs + h.durationMs,
    }));
  }

  /** Seconds of a day the ledger covered (from its start or midnight, to now or midnight). */
  coveredSeconds(day: number): number {
    const from = Math.max(day * DAY_MS, this.ledger.since);
    const to = Math.min((day + 1) * DAY_MS, this.now);
    return Math.max(1, (to - from) / 1000);
  }

  calls(day: number, group: TpsGroup): number {
    const groups = group === 'aggregate' ? AUTH_GROUPS : [group];
    return groups.reduce((sum, g) => sum + (this.ledger.day(day, g)?.calls ?? 0), 0);
  }
}

const range = (n: number) => Array.from({ length: Math.max(0, n) }, (_, i) => i);

const perTier = <T>(of: (tier: ResponseTier) => T): Record<ResponseTier, T> =>
  Object.fromEntries(RESPONSE_TIERS.map((tier) => [tier, of(tier)])) as Record<ResponseTier, T>;

const perTpsGroup = <T>(of: (group: TpsGroup) => T): Record<TpsGroup, T> => ({
  aggregate: of('aggregate'),
  unauthenticated: of('unauthenticated'),
  authenticated: of('authenticated'),
});

function performance(view: MetricsView) {
  const aggregate = view.daily((day) => {
    const all = RESPONSE_TIERS.map((tier) => view.dayOf(day, tier));
    const within = all.reduce((sum, t) => sum + t.within, 0);
    return rateString(
      within,
      all.reduce((sum, t) => sum + t.measured, 0),
    );
  });
  const hourly = (tier: ResponseTier) => (day: number) =>
    view.hoursOf(day, tier).map((h) => rateString(h.within, h.measured));
  return { aggregate, ...perTier((tier) => view.daily(hourly(tier))) };
}

function errors(view: MetricsView, ledger: TrafficLedger) {
  const byStatus = (group: AuthGroup) => (day: number) => ({
    ...(ledger.day(day, group)?.errors ?? {}),
  });
  return {
    aggregate: view.daily((day) =>
      AUTH_GROUPS.reduce((sum, g) => sum + (ledger.day(day, g)?.serverErrors ?? 0), 0),
    ),
    unauthenticated: view.daily(byStatus('unauthenticated')),
    authenticated: view.daily(byStatus('authenticated')),
  };
}

/**
 * The Get Metrics body at `now` for `period`. `self` is its `links.self` (on `PUBLIC_BASE_URL`).
 */
export function getMetricsBody(
  ledger: TrafficLedger,
  now: number,
  period: MetricsPeriod,
  self: string,
): object {
  const view = new MetricsView(ledger, now, period);
  const data = {
    requestTime: new Date(now).toISOString(),
    availability: {
      aggregate: view.monthly('aggregate'),
      unauthenticated: view.monthly('unauthenticated'),
      authenticated: view.monthly('authenticated'),
    },
    performance: performance(view),
    invocations: perTier((tier) => view.daily((day) => view.dayOf(day, tier).invocations)),
    averageResponse: perTier((tier) =>
      view.daily((day) => {
        const { durationMs, measured } = view.dayOf(day, tier);
        return measured === 0 ? 0 : seconds(durationMs / measured);
      }),
    ),
    averageTps: perTpsGroup((group) =>
      view.daily((day) => round6(view.calls(day, group) / view.coveredSeconds(day))),
    ),
    peakTps: perTpsGroup((group) => view.daily((day) => ledger.peak(day, group))),
    errors: errors(view, ledger),
    rejections: {
      authenticated: view.daily((day) => ledger.day(day, 'authenticated')?.rejections ?? 0),
      unauthenticated: view.daily((day) => ledger.day(day, 'unauthenticated')?.rejections ?? 0),
    },
  };
  return { data, links: { self }, meta: {} };
}
