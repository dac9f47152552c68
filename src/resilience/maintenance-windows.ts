/**
 * Planned maintenance windows: those of `MAINTENANCE_WINDOWS` (the static seed) and those added at
 * run time (`data-holder-gateway maintenance add`), kept in one Redis hash so that every worker
 * and replica reads them. Each gateway re-reads the hash every `MAINTENANCE_REFRESH_SECONDS` and
 * updates its list in place: the resilience stack's maintenance clocks read that same list.
 */
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { RedisClient } from './redis';
import type { RedisKeys } from './redis-keys';

/**
 * The Redis hash of the windows added at run time (field: window id, value: JSON), in the
 * deployment's namespace: the command line and every gateway of one deployment name it alike, and
 * two deployments sharing a Redis never stop each other's cores.
 */
export const maintenanceWindowsKey = (keys: RedisKeys): string =>
  keys.key('maintenance', 'windows');

/** A window as the setting declares it. */
export type SeedWindow = Config['resilience']['maintenanceWindows'][number];

/** A planned window, from the setting or added at run time. */
export interface PlannedWindow extends SeedWindow {
  /** Set for windows added at run time: what `maintenance cancel` takes. */
  id?: string;
  /** What customers are told (Get Outages); default: the endpoints it stops. */
  explanation?: string;
}

/** Bounds of a window in epoch milliseconds. */
export const startOf = (w: SeedWindow): number => Date.parse(w.start);
export const endOf = (w: SeedWindow): number => Date.parse(w.end);

/** The windows added at run time, in Redis. */
export class MaintenanceWindowStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly key: string,
  ) {}

  /** Stores a window under a new id and returns it. Windows over for a day are removed. */
  async add(window: Omit<PlannedWindow, 'id'>, now: number): Promise<PlannedWindow> {
    const stored: PlannedWindow = { id: crypto.randomBytes(6).toString('hex'), ...window };
    await this.redis.hset(this.key, stored.id!, JSON.stringify(stored));
    const over = (await this.list()).filter((w) => endOf(w) < now - 86_400_000);
    if (over.length > 0) await this.redis.hdel(this.key, ...over.map((w) => w.id!));
    return stored;
  }

  /** Every stored window, by start. Entries that are not windows are skipped. */
  async list(): Promise<PlannedWindow[]> {
    const fields = await this.redis.hgetall(this.key);
    return Object.values(fields)
      .map(parseStored)
      .filter((w): w is PlannedWindow => w !== undefined)
      .sort((a, b) => startOf(a) - startOf(b));
  }

  /** Removes a stored window; false when there is none with that id. */
  async cancel(id: string): Promise<boolean> {
    return (await this.redis.hdel(this.key, id)) === 1;
  }
}

function parseStored(text: string): PlannedWindow | undefined {
  try {
    const w = JSON.parse(text) as PlannedWindow;
    const valid =
      typeof w.id === 'string' &&
      !Number.isNaN(startOf(w)) &&
      !Number.isNaN(endOf(w)) &&
      (w.adapter === undefined || typeof w.adapter === 'string');
    return valid ? w : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The gateway's windows: the seed, then the stored ones as last read. `list` is one array,
 * updated in place, so that whoever holds it sees added and cancelled windows.
 */
export class MaintenanceWindows {
  readonly list: PlannedWindow[];
  private timer: NodeJS.Timeout | undefined;
  private failing = false;

  constructor(
    private readonly seed: readonly SeedWindow[],
    private readonly store: MaintenanceWindowStore | undefined,
    private readonly logger: Logger,
  ) {
    this.list = [...seed];
  }

  /** Reads the stored windows now; on a Redis failure the last list stays (logged once). */
  async refresh(): Promise<void> {
    if (!this.store) return;
    try {
      const stored = await this.store.list();
      this.list.splice(0, this.list.length, ...this.seed, ...stored);
      if (this.failing) this.logger.info('maintenance windows read from Redis again');
      this.failing = false;
    } catch (err) {
      if (!this.failing) {
        this.logger.warn({ err }, 'maintenance windows not read from Redis; keeping the last list');
      }
      this.failing = true;
    }
  }

  /** Reads the stored windows now and every `everyMs`. */
  async start(everyMs: number): Promise<void> {
    await this.refresh();
    if (!this.store) return;
    this.timer = setInterval(() => void this.refresh(), everyMs);
    this.timer.unref();
  }

  /** The windows in effect at `at` (epoch ms). */
  inEffect(at: number): PlannedWindow[] {
    return this.list.filter((w) => at >= startOf(w) && at < endOf(w));
  }

  /** The windows not over at `at`, by start. */
  upcoming(at: number): PlannedWindow[] {
    return this.list.filter((w) => endOf(w) > at).sort((a, b) => startOf(a) - startOf(b));
  }

  close(): void {
    clearInterval(this.timer);
  }
}
