/**
 * The simulator's fault switches: how a route (or every route) misbehaves until cleared, or for
 * its next `times` requests. A route's switch wins over the all-routes one (`route` `*`).
 * - `error500`: 500 with Transact's system error body;
 * - `unavailable503`: 503, with `Retry-After` when `retryAfterSeconds` is given;
 * - `invalid400`: 400 with Transact's business error body, as for a value Transact refuses (what
 *   a caller sent, never an outage);
 * - `delay`: the normal answer, `delayMs` later (default 1000);
 * - `drop`: the connection is destroyed without an answer;
 * - `hang`: no answer until the simulator closes.
 * `delayMs` on another kind delays that fault's answer too.
 */

export const FAULT_KINDS = [
  'error500',
  'unavailable503',
  'invalid400',
  'delay',
  'drop',
  'hang',
] as const;
export type TemenosFaultKind = (typeof FAULT_KINDS)[number];

/** Every route. */
export const ALL_ROUTES = '*';

export interface TemenosFault {
  kind: TemenosFaultKind;
  /** A route id (`holdings-accounts.getAccounts`), or `*` (the default) for every route. */
  route?: string;
  delayMs?: number;
  retryAfterSeconds?: number;
  /** Only the next n requests of the route; default until cleared. */
  times?: number;
}

const whole = (value: unknown) =>
  value === undefined || (Number.isInteger(value) && (value as number) >= 0);

export class FaultSwitches {
  private readonly switches = new Map<string, TemenosFault>();

  constructor(private readonly routeIds: readonly string[]) {}

  /** Sets a switch; throws (naming what is wrong) on an unknown kind or route. */
  set(fault: TemenosFault): void {
    if (!FAULT_KINDS.includes(fault.kind)) {
      throw new Error(`kind must be one of ${FAULT_KINDS.join(', ')}`);
    }
    const route = fault.route ?? ALL_ROUTES;
    if (route !== ALL_ROUTES && !this.routeIds.includes(route)) {
      throw new Error(`unknown route ${route}: one of ${this.routeIds.join(', ')} or *`);
    }
    if (!whole(fault.delayMs) || !whole(fault.retryAfterSeconds) || !whole(fault.times)) {
      throw new Error('delayMs, retryAfterSeconds and times are whole numbers from 0');
    }
    this.switches.set(route, { ...fault, route });
  }

  /** Clears one route's switch, or every switch. */
  clear(route?: string): void {
    if (route === undefined) this.switches.clear();
    else this.switches.delete(route);
  }

  list(): TemenosFault[] {
    return [...this.switches.values()].map((f) => ({ ...f }));
  }

  /** The fault this request meets (counting it against `times`), if any. */
  take(route: string | undefined): TemenosFault | undefined {
    const key = route !== undefined && this.switches.has(route) ? route : ALL_ROUTES;
    const fault = this.switches.get(key);
    if (!fault) return undefined;
    if (fault.times !== undefined) {
      if (fault.times <= 1) this.switches.delete(key);
      else this.switches.set(key, { ...fault, times: fault.times - 1 });
      if (fault.times === 0) return undefined;
    }
    return fault;
  }
}
