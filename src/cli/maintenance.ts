/**
 * `data-holder-gateway maintenance <command>`: plans maintenance windows at run time. They are
 * kept in the gateway's Redis, and every worker and replica applies them within
 * MAINTENANCE_REFRESH_SECONDS: calls to the core are refused (503) inside a window, Get Status
 * says SCHEDULED_OUTAGE and Get Outages lists it. MAINTENANCE_WINDOWS stays as a static seed.
 */
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config/config';
import { createLogger } from '../observability/logger';
import { configuredCoreIds } from '../preflight';
import {
  dateTimeMs,
  endOf,
  MaintenanceWindowStore,
  maintenanceWindowsKey,
  type PlannedWindow,
  type SeedWindow,
  startOf,
  windowProblem,
} from '../resilience/maintenance-windows';
import { connectRedis, redisTargetOf } from '../stores/redis';
import { redisKeysOf } from '../stores/redis-keys';
import { type Output, PROCESS_OUTPUT } from './clients';

export const MAINTENANCE_USAGE = `usage: data-holder-gateway maintenance <command>
  add --start <date-time> (--end <date-time> | --duration <PnDTnHnMnS>) [--adapter <id>] [--explanation <text>]
                  plans a window of 7 days at most (every core, or the configured core
                  instance <id>); prints its id
  list            every window not over: MAINTENANCE_WINDOWS's and those added here (and, as
                  warnings, stored entries the gateway refuses)
  cancel <id>     removes a window added here
Windows are kept in the gateway's Redis (a Redis setting is required); every gateway applies them
within MAINTENANCE_REFRESH_SECONDS. Date-times are ISO 8601 with a zone (2026-12-01T02:00:00Z).
Exit codes: 0 done, 1 refused, 2 usage.`;

/** The standard asks for planned outages to be published at least a week ahead. */
const NOTICE_MS = 7 * 86_400_000;
const DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

export interface MaintenanceDeps {
  /** The stored windows; absent without a Redis setting. */
  store?: MaintenanceWindowStore;
  /** MAINTENANCE_WINDOWS. */
  seed: readonly SeedWindow[];
  /**
   * The configured core instance ids, to refuse a window for none of them (asked only then: it
   * loads the adapters' modules). @throws ConfigError
   */
  coreIds: () => readonly string[];
  now: () => number;
}

/** Milliseconds of an ISO 8601 duration of days, hours, minutes and seconds; undefined if not one. */
export function durationMs(text: string): number | undefined {
  const m = DURATION.exec(text);
  if (!m || text === 'P' || text.endsWith('T')) return undefined;
  const [d, h, min, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number];
  return (((d * 24 + h) * 60 + min) * 60 + s) * 1000;
}

/** `2 days 3 hours`, `5 hours`, `40 minutes`: how far ahead a window starts. */
function ahead(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  if (hours >= 24) return `${Math.floor(hours / 24)} days ${hours % 24} hours`;
  if (hours >= 1) return `${hours} hours`;
  return `${Math.max(0, Math.round(ms / 60_000))} minutes`;
}

type AddValues = {
  start?: string;
  end?: string;
  duration?: string;
  adapter?: string;
  explanation?: string;
};

/** The window the options describe, or the problem with them. */
function windowOf(values: AddValues, now: number): Omit<PlannedWindow, 'id'> | string {
  const start = dateTimeMs(values.start);
  if (start === undefined) {
    return '--start: an ISO 8601 date-time with a zone is required (e.g. 2026-12-01T02:00:00Z)';
  }
  if ((values.end === undefined) === (values.duration === undefined)) {
    return 'give one of --end and --duration';
  }
  let end: number;
  if (values.end !== undefined) {
    const given = dateTimeMs(values.end);
    if (given === undefined) return '--end: an ISO 8601 date-time with a zone is required';
    end = given;
  } else {
    const ms = durationMs(values.duration!);
    if (ms === undefined) return '--duration: an ISO 8601 duration is required (e.g. PT2H30M)';
    end = start + ms;
  }
  if (end <= start) return 'the window must end after it starts';
  if (end <= now) return 'the window is over already';
  // The rules every gateway applies to the windows it reads (maintenance-windows.ts).
  const problem = windowProblem(
    { start, end, adapter: values.adapter, explanation: values.explanation },
    (member) => `--${member}`,
  );
  if (problem !== undefined) return problem;
  return {
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    ...(values.adapter !== undefined ? { adapter: values.adapter } : {}),
    ...(values.explanation !== undefined ? { explanation: values.explanation.trim() } : {}),
  };
}

/** Why a window's core is refused: none of the configured instances has its id. */
function unknownCoreProblem(adapter: string, deps: MaintenanceDeps): string | undefined {
  let ids: readonly string[];
  try {
    ids = deps.coreIds();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.message;
  }
  if (ids.includes(adapter)) return undefined;
  return `--adapter: no configured core has the id "${adapter}" (configured: ${ids.join(', ')}); the window would stop nothing`;
}

async function add(args: string[], deps: MaintenanceDeps, io: Output): Promise<number> {
  let values: AddValues;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      options: {
        start: { type: 'string' },
        end: { type: 'string' },
        duration: { type: 'string' },
        adapter: { type: 'string' },
        explanation: { type: 'string' },
      },
    }));
  } catch (err) {
    io.err(`${(err as Error).message}\n${MAINTENANCE_USAGE}`);
    return 2;
  }
  const now = deps.now();
  const window = windowOf(values, now);
  if (typeof window === 'string') {
    io.err(window);
    return 1;
  }
  const unknownCore =
    window.adapter === undefined ? undefined : unknownCoreProblem(window.adapter, deps);
  if (unknownCore !== undefined) {
    io.err(unknownCore);
    return 1;
  }
  const stored = await deps.store!.add(window, now);
  io.out(`${stored.id}  ${describe(stored, now)}`);
  if (startOf(stored) - now < NOTICE_MS) {
    io.err(
      `warning: this window starts ${startOf(stored) <= now ? 'now' : `in ${ahead(startOf(stored) - now)}`}; the Consumer Data Standards ask for planned outages to be published at least one week ahead.`,
    );
  }
  return 0;
}

/** One window on one line: bounds, what it stops, its state and explanation. */
function describe(w: PlannedWindow, now: number): string {
  const state = now >= endOf(w) ? 'over' : now >= startOf(w) ? 'in effect' : 'planned';
  const what = w.adapter === undefined ? 'every core' : `core ${w.adapter}`;
  const why = w.explanation === undefined ? '' : `  ${w.explanation}`;
  return `${w.start} to ${w.end}  ${what}  ${state}${why}`;
}

async function list(deps: MaintenanceDeps, io: Output): Promise<number> {
  const now = deps.now();
  const seed = deps.seed.filter((w) => endOf(w) > now);
  const { windows, refused } = await deps.store!.read();
  const stored = windows.filter((w) => endOf(w) > now);
  for (const w of seed) io.out(`(setting)     ${describe(w, now)}`);
  for (const w of stored) io.out(`${w.id}  ${describe(w, now)}`);
  if (seed.length + stored.length === 0) io.err('no maintenance window is planned');
  for (const { id, problem } of refused) {
    io.err(
      `warning: the stored entry "${id}" is no window the gateway applies (${problem}); remove it with: maintenance cancel ${id}`,
    );
  }
  return 0;
}

async function cancel(args: string[], deps: MaintenanceDeps, io: Output): Promise<number> {
  if (args.length !== 1) {
    io.err(MAINTENANCE_USAGE);
    return 2;
  }
  if (!(await deps.store!.cancel(args[0]!))) {
    io.err(
      `no window with the id "${args[0]}" (windows of MAINTENANCE_WINDOWS are changed in that setting)`,
    );
    return 1;
  }
  io.out(`cancelled ${args[0]}`);
  return 0;
}

/** Runs one command over the windows. Returns the exit code. */
export async function runMaintenanceCommand(
  args: readonly string[],
  deps: MaintenanceDeps,
  io: Output,
): Promise<number> {
  const [command, ...rest] = args;
  if (!['add', 'list', 'cancel'].includes(command ?? '')) {
    io.err(MAINTENANCE_USAGE);
    return 2;
  }
  if (!deps.store) {
    io.err('maintenance windows are kept in Redis: set REDIS_URL (or a Redis Cluster or Sentinel)');
    return 1;
  }
  if (command === 'add') return add(rest, deps, io);
  if (command === 'list') return list(deps, io);
  return cancel(rest, deps, io);
}

/** `maintenance <args>` with the environment's configuration. Returns the exit code. */
export async function maintenanceCommand(
  args: readonly string[],
  io: Output = PROCESS_OUTPUT,
): Promise<number> {
  if (args[0] === '--help' || args[0] === '-h') {
    io.out(MAINTENANCE_USAGE);
    return 0;
  }
  if (!['add', 'list', 'cancel'].includes(args[0] ?? '')) {
    io.err(MAINTENANCE_USAGE);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err(err.message);
    return 1;
  }
  const target = redisTargetOf(config);
  const deps = {
    seed: config.resilience.maintenanceWindows,
    coreIds: () => configuredCoreIds(config),
    now: Date.now,
  };
  if (!target) return runMaintenanceCommand(args, deps, io);
  // A command line waits for its connection: the offline queue holds commands until it is up.
  const redis = connectRedis(target, createLogger(config.logLevel), config.redis, {
    enableOfflineQueue: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  });
  try {
    return await runMaintenanceCommand(
      args,
      {
        ...deps,
        store: new MaintenanceWindowStore(redis, maintenanceWindowsKey(redisKeysOf(config))),
      },
      io,
    );
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
