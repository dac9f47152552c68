/**
 * The service's status and planned outages as the standard's Get Status and Get Outages report
 * them, derived from what the gateway knows: its cores' circuits and its maintenance windows.
 *
 * - `UNAVAILABLE`: every endpoint of customer data is served by a core with a circuit that is not
 *   closed (the product records a platform reads may still answer).
 * - `SCHEDULED_OUTAGE`: a planned maintenance window is in effect.
 * - `PARTIAL_FAILURE`: some core has a circuit that is not closed; the explanation names the
 *   endpoints of the families it serves, and those of the routes that span every core.
 * - `OK`: none of these.
 */
import type CircuitBreaker from 'opossum';
import type { CoreFamily } from '../config/core-layout';
import { endOf, type PlannedWindow, startOf } from '../resilience/maintenance-windows';

export type ServiceStatus = 'OK' | 'PARTIAL_FAILURE' | 'UNAVAILABLE' | 'SCHEDULED_OUTAGE';

/** A core instance as status sees it. */
export interface StatusCore {
  id: string;
  families: readonly CoreFamily[];
  /** Its circuits (a live view: circuits are created at their first call). */
  circuits: ReadonlyMap<string, CircuitBreaker>;
}

/** A route as status names it. */
export interface StatusRoute {
  method: string;
  path: string;
  /** Its core family; none for routes that span every core or call none. */
  coreFamily?: CoreFamily;
  /** For a holder route without a family, the families whose cores it asks (default banking, energy). */
  familiesAsked?: readonly CoreFamily[];
  /** Whether it serves a customer's data (the routes without a family that span every core). */
  holder: boolean;
}

/** What Get Status answers in `data`. */
export interface StatusData {
  status: ServiceStatus;
  explanation?: string;
  detectionTime?: string;
  expectedResolutionTime?: string;
  updateTime: string;
}

/** What Get Outages lists. */
export interface Outage {
  outageTime: string;
  duration: string;
  isPartial?: boolean;
  explanation: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The families whose cores the authorisation list merges. */
export const ACCOUNT_FAMILIES: readonly CoreFamily[] = ['banking', 'energy'];

/** ISO 8601 duration of a span in milliseconds, to the second (`PT2H`, `PT1H30M`, `PT45S`). */
export function isoDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || total === 0 ? `${s}S` : ''}`;
  return `PT${parts}`;
}

/** Whether any circuit of a core is open or half-open. */
const failing = (core: StatusCore): boolean =>
  [...core.circuits.values()].some((circuit) => !circuit.closed);

/**
 * Derives status and outages. Detection times are when this instance first saw each core failing:
 * `observe` runs at every status request and once a second.
 */
export class StatusReporter {
  /** Since when each failing core has been seen failing (epoch ms). */
  private readonly failingSince = new Map<string, number>();

  constructor(
    private readonly parts: {
      cores: readonly StatusCore[];
      routes: readonly StatusRoute[];
      windows: { inEffect(at: number): PlannedWindow[]; upcoming(at: number): PlannedWindow[] };
      now: () => number;
    },
  ) {}

  /** Notes which cores fail now. */
  observe(): void {
    const now = this.parts.now();
    for (const core of this.parts.cores) {
      if (!failing(core)) this.failingSince.delete(core.id);
      else if (!this.failingSince.has(core.id)) this.failingSince.set(core.id, now);
    }
  }

  status(): StatusData {
    this.observe();
    const now = this.parts.now();
    const updateTime = iso(now);
    const { cores } = this.parts;
    const down = cores.filter((core) => this.failingSince.has(core.id));
    const since = down.map((core) => this.failingSince.get(core.id)!);
    const affected = this.endpointsOf(down.flatMap((core) => core.families));
    if (down.length > 0 && this.holderEndpoints().every((e) => affected.includes(e))) {
      return {
        status: 'UNAVAILABLE',
        explanation:
          'Every core system is unexpectedly unavailable: no customer data can be shared.',
        detectionTime: iso(Math.max(...since)),
        updateTime,
      };
    }
    const planned = this.parts.windows.inEffect(now).filter((w) => this.concernsUs(w));
    if (planned.length > 0) {
      return {
        status: 'SCHEDULED_OUTAGE',
        explanation: planned.map((w) => this.explain(w)).join(' '),
        expectedResolutionTime: iso(Math.max(...planned.map(endOf))),
        updateTime,
      };
    }
    if (down.length > 0) {
      return {
        status: 'PARTIAL_FAILURE',
        explanation: `Some data is unexpectedly unavailable. Endpoints affected: ${affected.join(', ')}.`,
        detectionTime: iso(Math.min(...since)),
        updateTime,
      };
    }
    return { status: 'OK', updateTime };
  }

  /** The planned windows not over yet, by start. */
  outages(): Outage[] {
    const upcoming = this.parts.windows.upcoming(this.parts.now());
    return upcoming
      .filter((w) => this.concernsUs(w))
      .map((w) => {
        const partial = this.isPartial(w);
        return {
          outageTime: iso(startOf(w)),
          duration: isoDuration(endOf(w) - startOf(w)),
          ...(partial ? { isPartial: true } : {}),
          explanation: this.explain(w),
        };
      });
  }

  /** A window of every core, or of one of ours (not of an adapter id this gateway does not run). */
  private concernsUs(w: PlannedWindow): boolean {
    return w.adapter === undefined || this.parts.cores.some((core) => core.id === w.adapter);
  }

  /** A window that stops one core of several stops only some endpoints. */
  private isPartial(w: PlannedWindow): boolean {
    return w.adapter !== undefined && this.parts.cores.some((core) => core.id !== w.adapter);
  }

  private explain(w: PlannedWindow): string {
    if (w.explanation) return w.explanation;
    if (!this.isPartial(w)) return 'Planned maintenance: no customer data can be shared.';
    const core = this.parts.cores.find((c) => c.id === w.adapter);
    const endpoints = this.endpointsOf(core?.families ?? []);
    return `Planned maintenance. Endpoints affected: ${endpoints.join(', ')}.`;
  }

  /** `METHOD path` of every route serving a customer's data. */
  private holderEndpoints(): string[] {
    return this.parts.routes.filter((r) => r.holder).map((r) => `${r.method} ${r.path}`);
  }

  /**
   * `METHOD path` of the routes of these families, and of the holder routes without a family that
   * ask a core of one of these (the authorisation list: the cores of accounts).
   */
  private endpointsOf(families: readonly CoreFamily[]): string[] {
    const set = new Set(families);
    const asks = (r: StatusRoute) => (r.familiesAsked ?? ACCOUNT_FAMILIES).some((f) => set.has(f));
    return this.parts.routes
      .filter((r) => (r.coreFamily ? set.has(r.coreFamily) : r.holder && asks(r)))
      .map((r) => `${r.method} ${r.path}`);
  }
}
