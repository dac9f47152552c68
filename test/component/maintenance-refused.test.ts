/**
 * Maintenance windows in Redis that `maintenance add` would refuse (the real Redis, a key of this
 * run): a window without an end, one longer than the longest window, one whose bounds are not
 * ISO 8601 date-times with a zone, or otherwise malformed, is never applied and is logged once,
 * however often the windows are read; a valid window beside them applies.
 */
import crypto from 'node:crypto';
import Redis from 'ioredis';
import {
  MaintenanceWindows,
  MaintenanceWindowStore,
} from '../../src/resilience/maintenance-windows';
import { type AdminListener, serveAdmin } from '../helpers/admin-listener';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { captureLogger } from '../helpers/log-capture';
import { loopbackAdapter, startLoopbackCore, type LoopbackCore } from '../helpers/loopback-core';
import { platformDir, type PlatformDir, REDIS_URL, runId } from './platform-helpers';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Stored entries the command line would never write, each with the problem logged for it. */
const REFUSED: [string, unknown, string][] = [
  [
    'a1a1a1a1a1a1',
    { start: iso(NOW - HOUR) },
    'end: an ISO 8601 date-time with a zone is required',
  ],
  [
    'a2a2a2a2a2a2',
    { start: iso(NOW - HOUR), end: iso(NOW + 5 * 365 * 24 * HOUR) },
    'the window must last at most 7 days (P7D)',
  ],
  [
    'a3a3a3a3a3a3',
    { start: iso(NOW - HOUR), end: 0 },
    'end: an ISO 8601 date-time with a zone is required',
  ],
  [
    'a4a4a4a4a4a4',
    { start: '1', end: iso(NOW + HOUR) },
    'start: an ISO 8601 date-time with a zone is required',
  ],
  [
    'a5a5a5a5a5a5',
    { start: '2026-11-23T09:00:00', end: iso(NOW + HOUR) },
    'start: an ISO 8601 date-time with a zone is required',
  ],
  [
    'a6a6a6a6a6a6',
    { start: iso(NOW + HOUR), end: iso(NOW - HOUR) },
    'the window must end after it starts',
  ],
  [
    'a7a7a7a7a7a7',
    { start: iso(NOW - HOUR), end: iso(NOW + HOUR), adapter: 'Kraken!' },
    'adapter: a core instance id (lower-case letters, digits and dashes)',
  ],
  [
    'a8a8a8a8a8a8',
    { start: iso(NOW - HOUR), end: iso(NOW + HOUR), explanation: ' ' },
    'explanation: must not be empty',
  ],
  [
    'a9a9a9a9a9a9',
    { start: iso(NOW - HOUR), end: iso(NOW + HOUR), every: true },
    'unknown member "every"',
  ],
  [
    'b1b1b1b1b1b1',
    { id: 'c0c0c0c0c0c0', start: iso(NOW - HOUR), end: iso(NOW + HOUR) },
    'its id is not its field',
  ],
  ['b2b2b2b2b2b2', '{"start":', 'not a JSON object'],
  ['b3b3b3b3b3b3', [iso(NOW - HOUR), iso(NOW + HOUR)], 'not a JSON object'],
];

/** Stores `value` as the command line would store a window (its id inside), unless it is text. */
const storedText = (field: string, value: unknown) =>
  typeof value === 'string'
    ? value
    : JSON.stringify(Array.isArray(value) ? value : { id: field, ...(value as object) });

describe('maintenance windows in Redis that would be refused', () => {
  let redis: Redis;
  let key: string;

  beforeAll(() => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  beforeEach(() => {
    key = `dhg-test:${runId()}:maintenance`;
  });
  afterEach(async () => {
    await redis.del(key);
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('when Redis holds malformed windows beside a valid one, then only the valid one applies and each refused one is logged once (ten at most, then their number), however often they are read', async () => {
    const valid = { id: 'f0f0f0f0f0f0', start: iso(NOW - HOUR), end: iso(NOW + HOUR) };
    for (const [field, value] of REFUSED) await redis.hset(key, field, storedText(field, value));
    await redis.hset(key, valid.id, JSON.stringify(valid));
    const captured = captureLogger('info');
    const windows = new MaintenanceWindows(
      [],
      new MaintenanceWindowStore(redis, key),
      captured.logger,
    );
    for (let i = 0; i < 3; i += 1) await windows.refresh();
    expect(windows.inEffect(NOW)).toEqual([valid]);
    expect(windows.upcoming(NOW)).toEqual([valid]);
    // One reading logs 10 entries at most, then how many more: 12 here, and nothing on rereads.
    const lines = captured.lines.map((line) => JSON.parse(line));
    const refusals = lines.filter(
      (line) => line.msg === 'maintenance window in Redis refused: not applied',
    );
    const problems = new Map(REFUSED.map(([field, , problem]) => [field, problem]));
    expect(refusals).toHaveLength(10);
    for (const { level, window, problem } of refusals) {
      expect({ level, problem }).toEqual({ level: 40, problem: problems.get(window) });
    }
    expect(new Set(refusals.map((line) => line.window)).size).toBe(10);
    const more = lines.filter(
      (line) => line.msg === 'more maintenance windows in Redis refused: not applied',
    );
    expect(more.map((line) => line.more)).toEqual([2]);
    windows.close();
  });

  it('when a refused window is corrected and broken again, then it is logged again, once', async () => {
    const [field, value, problem] = REFUSED[1]!;
    await redis.hset(key, field, storedText(field, value));
    const captured = captureLogger('info');
    const windows = new MaintenanceWindows(
      [],
      new MaintenanceWindowStore(redis, key),
      captured.logger,
    );
    const refusals = () =>
      captured.lines.filter((line) => JSON.parse(line).msg.includes('refused')).length;
    await windows.refresh();
    await windows.refresh();
    expect(refusals()).toBe(1);
    const corrected = { id: field, start: iso(NOW - HOUR), end: iso(NOW + HOUR) };
    await redis.hset(key, field, JSON.stringify(corrected));
    await windows.refresh();
    expect(windows.inEffect(NOW)).toEqual([corrected]);
    await redis.hset(key, field, storedText(field, value));
    await windows.refresh();
    await windows.refresh();
    expect(windows.inEffect(NOW)).toEqual([]);
    expect(refusals()).toBe(2);
    expect(JSON.parse(captured.lines.at(-1)!)).toMatchObject({ window: field, problem });
    windows.close();
  });
});

describe('a years-long window in Redis, at a gateway', () => {
  const key = `dhg-test:${runId()}:maintenance`;
  let redis: Redis;
  let core: LoopbackCore;
  let dir: PlatformDir;
  let gw: TestGateway | undefined;
  let admin: AdminListener | undefined;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    core = await startLoopbackCore();
    dir = platformDir();
  });
  afterAll(async () => {
    await admin?.close();
    await gw?.close();
    await core?.close();
    dir?.remove();
    await redis?.del(key);
    await redis?.quit();
  });

  it('when a stored window in effect lasts five years, then calls still reach the core and the status stays OK', async () => {
    const now = Date.now();
    const window = { id: 'e0e0e0e0e0e0', start: iso(now - HOUR), end: iso(now + 5 * 8760 * HOUR) };
    await redis.hset(key, window.id, JSON.stringify(window));
    gw = await startGateway(
      {
        ...dir.env,
        REDIS_URL,
        CACHE_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
        METRICS_PORT: 0,
      },
      { adapter: loopbackAdapter(core), maintenanceKey: key },
    );
    admin = await serveAdmin(gw);
    const hits = core.hits;
    expect((await gw.get('/v1/common/customer/c-1001/detail')).status).toBe(200);
    expect(core.hits).toBe(hits + 1);
    expect((await admin.get('/discovery/status')).body.data.status).toBe('OK');
    expect((await admin.get('/discovery/outages')).body.data.outages).toEqual([]);
  });
});
