/**
 * The gateway's own traffic, counted the way the standard's Get Metrics reports it: per hour and
 * tier (calls, calls within the threshold, response time), per day and authentication group
 * (calls, errors by status, rejections, peak calls in one second), per month (calls and server
 * errors outside planned maintenance). Kept in memory for the days and months Get Metrics shows.
 *
 * Its input is a list of increments keyed by second, so a process can count its calls and hand
 * them to another ledger (the primary of a set of workers sums its workers' increments).
 */
import { isAuthenticatedTier, RESPONSE_TIERS, type ResponseTier } from '../api/response-tiers';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** Days of history Get Metrics shows: the current day and seven before it. */
const DAYS_KEPT = 8;
/** Months of history: the current month and twelve before it. */
const MONTHS_KEPT = 13;
/**
 * Seconds a second stays open for increments before its count is folded into its day's peak:
 * workers hand their increments over about once a second.
 */
const SETTLE_SECONDS = 5;

/** Calls of one second (or a batch of alike calls) with one tier, status and outcome. */
export interface TrafficIncrement {
  /** Epoch second of the answers. */
  second: number;
  tier: ResponseTier;
  status: number;
  /** Answered within the tier's threshold. */
  within: boolean;
  /** Inside a planned maintenance window of the core that serves the route. */
  planned: boolean;
  count: number;
  /** Sum of the response times, milliseconds. */
  durationMs: number;
}

/** Whether a call is authenticated (a customer's data) or not, as Get Metrics splits them. */
export type AuthGroup = 'authenticated' | 'unauthenticated';
export const AUTH_GROUPS: readonly AuthGroup[] = ['authenticated', 'unauthenticated'];
/** The groups and their sum, as Get Metrics reports TPS. */
export type TpsGroup = 'aggregate' | AuthGroup;

/** One tier's calls in one hour. */
export interface TierCounts {
  invocations: number;
  /** Calls measured for performance: every call but those refused for traffic (429). */
  measured: number;
  within: number;
  /** Sum of the measured calls' response times, milliseconds. */
  durationMs: number;
}

/** One group's calls in one day. */
export interface GroupDay {
  calls: number;
  rejections: number;
  serverErrors: number;
  /** 4xx and 5xx answers by status code. */
  errors: Record<string, number>;
}

/** One group's calls in one month, for availability. */
export interface GroupMonth {
  /** Calls outside planned maintenance. */
  counted: number;
  /** Of those, answered with a server error (5xx). */
  failed: number;
}

const emptyTiers = (): Record<ResponseTier, TierCounts> =>
  Object.fromEntries(
    RESPONSE_TIERS.map((t) => [t, { invocations: 0, measured: 0, within: 0, durationMs: 0 }]),
  ) as Record<ResponseTier, TierCounts>;
const emptyDay = (): Record<AuthGroup, GroupDay> => ({
  authenticated: { calls: 0, rejections: 0, serverErrors: 0, errors: {} },
  unauthenticated: { calls: 0, rejections: 0, serverErrors: 0, errors: {} },
});
const emptyMonth = (): Record<AuthGroup, GroupMonth> => ({
  authenticated: { counted: 0, failed: 0 },
  unauthenticated: { counted: 0, failed: 0 },
});
const noCalls = (): Record<TpsGroup, number> => ({
  aggregate: 0,
  authenticated: 0,
  unauthenticated: 0,
});

/** The month index (years × 12 + month, UTC) of an epoch time in milliseconds. */
export function monthIndex(ms: number): number {
  const date = new Date(ms);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

export const groupOf = (tier: ResponseTier): AuthGroup =>
  isAuthenticatedTier(tier) ? 'authenticated' : 'unauthenticated';

export class TrafficLedger {
  private readonly hours = new Map<number, Record<ResponseTier, TierCounts>>();
  private readonly days = new Map<number, Record<AuthGroup, GroupDay>>();
  private readonly peaks = new Map<number, Record<TpsGroup, number>>();
  private readonly months = new Map<number, Record<AuthGroup, GroupMonth>>();
  /** Calls per second of the seconds still open (see SETTLE_SECONDS). */
  private readonly seconds = new Map<number, Record<TpsGroup, number>>();
  private latestSecond = 0;

  /** @param since epoch milliseconds from which the ledger has counted (its figures start there) */
  constructor(readonly since: number) {}

  add(increments: readonly TrafficIncrement[]): void {
    for (const inc of increments) this.addOne(inc);
  }

  /** A tier's calls in the hour `hour` (epoch hours). */
  hour(hour: number, tier: ResponseTier): TierCounts | undefined {
    return this.hours.get(hour)?.[tier];
  }

  /** A group's calls in the day `day` (epoch days, UTC). */
  day(day: number, group: AuthGroup): GroupDay | undefined {
    return this.days.get(day)?.[group];
  }

  month(index: number, group: AuthGroup): GroupMonth | undefined {
    return this.months.get(index)?.[group];
  }

  /** The most calls answered in one second of the day `day`. */
  peak(day: number, group: TpsGroup): number {
    let peak = this.peaks.get(day)?.[group] ?? 0;
    for (const [second, calls] of this.seconds) {
      if (Math.floor(second / 86_400) === day) peak = Math.max(peak, calls[group]);
    }
    return peak;
  }

  private addOne(inc: TrafficIncrement): void {
    const { second, tier, status, count } = inc;
    const ms = second * 1000;
    const hour = Math.floor(ms / HOUR_MS);
    const day = Math.floor(ms / DAY_MS);
    const group = groupOf(tier);
    const rejected = status === 429;

    const tiers = this.hours.get(hour) ?? this.hours.set(hour, emptyTiers()).get(hour)!;
    const counts = tiers[tier];
    counts.invocations += count;
    if (!rejected) {
      counts.measured += count;
      counts.durationMs += inc.durationMs;
      if (inc.within) counts.within += count;
    }

    const days = this.days.get(day) ?? this.days.set(day, emptyDay()).get(day)!;
    const groupDay = days[group];
    groupDay.calls += count;
    if (rejected) groupDay.rejections += count;
    if (status >= 500) groupDay.serverErrors += count;
    if (status >= 400) groupDay.errors[status] = (groupDay.errors[status] ?? 0) + count;

    if (!inc.planned) {
      const index = monthIndex(ms);
      const months = this.months.get(index) ?? this.months.set(index, emptyMonth()).get(index)!;
      months[group].counted += count;
      if (status >= 500) months[group].failed += count;
    }

    const perSecond = this.seconds.get(second) ?? this.seconds.set(second, noCalls()).get(second)!;
    perSecond.aggregate += count;
    perSecond[group] += count;
    if (second > this.latestSecond) this.settle(second, day);
  }

  /** Folds the seconds that closed into their day's peak, and forgets what Get Metrics no longer shows. */
  private settle(latest: number, day: number): void {
    const newDay = Math.floor(this.latestSecond / 86_400) !== day;
    this.latestSecond = latest;
    for (const [second, calls] of this.seconds) {
      if (second > latest - SETTLE_SECONDS) continue;
      const secondDay = Math.floor(second / 86_400);
      const peak =
        this.peaks.get(secondDay) ?? this.peaks.set(secondDay, noCalls()).get(secondDay)!;
      for (const group of ['aggregate', ...AUTH_GROUPS] as const) {
        peak[group] = Math.max(peak[group], calls[group]);
      }
      this.seconds.delete(second);
    }
    if (!newDay) return;
    const oldestDay = day - DAYS_KEPT + 1;
    for (const key of this.days.keys()) if (key < oldestDay) this.days.delete(key);
    for (const key of this.peaks.keys()) if (key < oldestDay) this.peaks.delete(key);
    for (const key of this.hours.keys()) if (key < oldestDay * 24) this.hours.delete(key);
    const oldestMonth = monthIndex(latest * 1000) - MONTHS_KEPT + 1;
    for (const key of this.months.keys()) if (key < oldestMonth) this.months.delete(key);
  }
}
