/**
 * Planned maintenance windows: those of `MAINTENANCE_WINDOWS` (the static seed) and those added at
 * run time (`data-holder-gateway maintenance add`), kept in one Redis hash so that every worker
 * and replica reads them. Each gateway re-reads the hash every `MAINTENANCE_REFRESH_SECONDS` and
 * updates its list in place: the resilience stack's maintenance clocks read that same list.
 */
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { RedisClient } from '../stores/redis';
import type { RedisKeys } from '../stores/redis-keys';

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

/**
 * The longest window: a week. A core down longer is an outage to report as one, and a slip of the
 * pen (a year for a day) would otherwise refuse every call of a core for that long.
 */
export const MAX_WINDOW_MS = 7 * 86_400_000;
/** An ISO 8601 date-time with a zone, as `maintenance add` takes it. */
export const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** What a core instance id may be (as `CORE_ADAPTERS` names one). */
export const INSTANCE_ID = /^[a-z][a-z0-9-]*$/;
/** What `add` names a stored window by. */
const STORED_ID = /^[0-9a-f]{12}$/;
const MEMBERS = new Set(['id', 'start', 'end', 'adapter', 'explanation']);
/** Refused entries one reading logs at most, each by its id (then their number). */
const MAX_LOGGED = 10;

/** The epoch milliseconds of an ISO 8601 date-time with a zone; undefined for anything else. */
export function dateTimeMs(value: unknown): number | undefined {
  if (typeof value !== 'string' || !DATE_TIME.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * What is wrong with a window's bounds, its core and its explanation, in the words of `add`
 * (`named` spells a member as the caller knows it: `--adapter` on the command line).
 */
export function windowProblem(
  window: { start: number; end: number; adapter: unknown; explanation: unknown },
  named: (member: string) => string = (member) => member,
): string | undefined {
  const { start, end, adapter, explanation } = window;
  if (end <= start) return 'the window must end after it starts';
  if (end - start > MAX_WINDOW_MS) return 'the window must last at most 7 days (P7D)';
  if (adapter !== undefined && (typeof adapter !== 'string' || !INSTANCE_ID.test(adapter))) {
    return `${named('adapter')}: a core instance id (lower-case letters, digits and dashes)`;
  }
  if (explanation !== undefined && (typeof explanation !== 'string' || explanation.trim() === '')) {
    return `${named('explanation')}: must not be empty`;
  }
  return undefined;
}

/** A stored window, or why it is refused: the checks of `add`, on what Redis holds. */
function parseStored(field: string, text: string): PlannedWindow | { problem: string } {
  let w: unknown;
  try {
    w = JSON.parse(text);
  } catch {
    return { problem: 'not a JSON object' };
  }
  if (typeof w !== 'object' || w === null || Array.isArray(w)) {
    return { problem: 'not a JSON object' };
  }
  const window = w as Record<string, unknown>;
  const unknown = Object.keys(window).find((name) => !MEMBERS.has(name));
  if (unknown !== undefined) return { problem: `unknown member "${unknown}"` };
  if (window.id !== field || !STORED_ID.test(field)) return { problem: 'its id is not its field' };
  const start = dateTimeMs(window.start);
  if (start === undefined) {
    return { problem: 'start: an ISO 8601 date-time with a zone is required' };
  }
  const end = dateTimeMs(window.end);
  if (end === undefined) return { problem: 'end: an ISO 8601 date-time with a zone is required' };
  const problem = windowProblem({
    start,
    end,
    adapter: window.adapter,
    explanation: window.explanation,
  });
  if (problem !== undefined) return { problem };
  // The checks above proved each member's type; the window is rebuilt from them, nothing else.
  const { adapter, explanation } = window as { adapter?: string; explanation?: string };
  return {
    id: field,
    start: window.start as string,
    end: window.end as string,
    ...(adapter === undefined ? {} : { adapter }),
    ...(explanation === undefined ? {} : { explanation }),
  };
}

/** A stored entry that is no window: its field, why, and its text. */
export interface RefusedWindow {
  id: string;
  problem: string;
  text: string;
}

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

  /** Every stored window, by start, and the entries refused (with their stored text). */
  async read(): Promise<{ windows: PlannedWindow[]; refused: RefusedWindow[] }> {
    const fields = await this.redis.hgetall(this.key);
    const windows: PlannedWindow[] = [];
    const refused: RefusedWindow[] = [];
    for (const [id, text] of Object.entries(fields)) {
      const parsed = parseStored(id, text);
      if ('problem' in parsed) refused.push({ id, problem: parsed.problem, text });
      else windows.push(parsed);
    }
    windows.sort((a, b) => startOf(a) - startOf(b));
    return { windows, refused };
  }

  /** Every stored window, by start. Entries that are not windows are skipped. */
  async list(): Promise<PlannedWindow[]> {
    return (await this.read()).windows;
  }

  /** Removes a stored window; false when there is none with that id. */
  async cancel(id: string): Promise<boolean> {
    return (await this.redis.hdel(this.key, id)) === 1;
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
  /** The refused entries last read, by id, with their text: each is logged when first seen. */
  private refused = new Map<string, string>();

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
      const { windows, refused } = await this.store.read();
      this.list.splice(0, this.list.length, ...this.seed, ...windows);
      this.logRefused(refused);
      if (this.failing) this.logger.info('maintenance windows read from Redis again');
      this.failing = false;
    } catch (err) {
      if (!this.failing) {
        this.logger.warn({ err }, 'maintenance windows not read from Redis; keeping the last list');
      }
      this.failing = true;
    }
  }

  /**
   * Logs each refused entry once: when it appears, or its text changes. Read every few seconds,
   * an entry left in Redis would otherwise log at that pace; the map holds the current ones only,
   * and one read logs `MAX_LOGGED` of them at most.
   */
  private logRefused(refused: readonly RefusedWindow[]): void {
    const fresh = refused.filter(({ id, text }) => this.refused.get(id) !== text);
    for (const { id, problem } of fresh.slice(0, MAX_LOGGED)) {
      this.logger.warn(
        { window: id.slice(0, 64), problem },
        'maintenance window in Redis refused: not applied',
      );
    }
    if (fresh.length > MAX_LOGGED) {
      this.logger.warn(
        { more: fresh.length - MAX_LOGGED },
        'more maintenance windows in Redis refused: not applied',
      );
    }
    this.refused = new Map(refused.map(({ id, text }) => [id, text]));
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
