/**
 * `data-holder-gateway maintenance`: windows added, listed and cancelled in the real Redis (under
 * a key of this run), the notice warning, and refusals that store nothing.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import Redis from 'ioredis';
import { maintenanceCommand, runMaintenanceCommand, durationMs } from '../../src/cli/maintenance';
import { ConfigError } from '../../src/config/config';
import { MaintenanceWindowStore } from '../../src/resilience/maintenance-windows';
import { REDIS_URL, runId } from './platform-helpers';

const NOW = Date.parse('2026-11-23T10:00:00Z');

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe('maintenance commands', () => {
  let redis: Redis;
  let key: string;
  let store: MaintenanceWindowStore;
  const deps = () => ({
    store,
    seed: [{ start: '2026-11-23T09:00:00Z', end: '2026-11-23T11:00:00Z' }],
    coreIds: () => ['fineract', 'kraken'],
    now: () => NOW,
  });

  beforeAll(() => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  beforeEach(() => {
    key = `dhg-test:${runId()}:maintenance`;
    store = new MaintenanceWindowStore(redis, key);
  });
  afterEach(async () => {
    await redis.del(key);
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('when a window two weeks ahead is added, then it is stored with an id and no warning', async () => {
    const c = capture();
    const code = await runMaintenanceCommand(
      [
        'add',
        '--start',
        '2026-12-07T02:00:00+10:00',
        '--duration',
        'PT2H30M',
        '--adapter',
        'kraken',
      ],
      deps(),
      c.io,
    );
    expect(code).toBe(0);
    expect(c.err).toEqual([]);
    const [stored] = await store.list();
    expect(stored).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{12}$/),
      start: '2026-12-06T16:00:00.000Z',
      end: '2026-12-06T18:30:00.000Z',
      adapter: 'kraken',
    });
    expect(c.out).toEqual([
      `${stored!.id}  2026-12-06T16:00:00.000Z to 2026-12-06T18:30:00.000Z  core kraken  planned`,
    ]);
  });

  it('when a window starts in less than a week, then it is stored and the notice rule is a warning', async () => {
    const c = capture();
    const code = await runMaintenanceCommand(
      [
        'add',
        '--start',
        '2026-11-25T13:00:00Z',
        '--end',
        '2026-11-25T14:00:00Z',
        '--explanation',
        'Billing upgrade',
      ],
      deps(),
      c.io,
    );
    expect(code).toBe(0);
    expect(c.err).toEqual([
      'warning: this window starts in 2 days 3 hours; the Consumer Data Standards ask for planned outages to be published at least one week ahead.',
    ]);
    expect(await store.list()).toMatchObject([{ explanation: 'Billing upgrade' }]);
  });

  it('when a window names no configured core, then it is refused (exit 1) and nothing is stored', async () => {
    const c = capture();
    const code = await runMaintenanceCommand(
      ['add', '--start', '2026-12-20T00:00:00Z', '--duration', 'P1D', '--adapter', 'other'],
      deps(),
      c.io,
    );
    expect(code).toBe(1);
    expect(c.err).toEqual([
      '--adapter: no configured core has the id "other" (configured: fineract, kraken); the window would stop nothing',
    ]);
    expect(await store.list()).toEqual([]);
  });

  it('when the configured cores cannot be told, then a window of one core is refused with the reason; one of every core is not asked', async () => {
    const refusing = {
      ...deps(),
      coreIds: () => {
        throw new ConfigError(['CORE_ADAPTERS: cannot load "./missing-core"']);
      },
    };
    const c = capture();
    const start = ['add', '--start', '2026-12-20T00:00:00Z', '--duration', 'P1D'];
    expect(await runMaintenanceCommand([...start, '--adapter', 'kraken'], refusing, c.io)).toBe(1);
    expect(c.err).toEqual([
      new ConfigError(['CORE_ADAPTERS: cannot load "./missing-core"']).message,
    ]);
    expect(await runMaintenanceCommand(start, refusing, capture().io)).toBe(0);
    expect(await store.list()).toHaveLength(1);
  });

  it('when stored entries are no windows, then list shows the windows and warns of each entry, naming how to remove it', async () => {
    const added = await store.add(
      { start: '2026-12-10T00:00:00Z', end: '2026-12-10T01:00:00Z' },
      NOW,
    );
    await redis.hset(
      key,
      'abcdefabcdef',
      JSON.stringify({
        id: 'abcdefabcdef',
        start: '2026-12-10T00:00:00Z',
        end: '2027-12-10T00:00:00Z',
      }),
    );
    const c = capture();
    expect(await runMaintenanceCommand(['list'], { ...deps(), seed: [] }, c.io)).toBe(0);
    expect(c.out).toEqual([
      `${added.id}  2026-12-10T00:00:00Z to 2026-12-10T01:00:00Z  every core  planned`,
    ]);
    expect(c.err).toEqual([
      'warning: the stored entry "abcdefabcdef" is no window the gateway applies (the window must last at most 7 days (P7D)); remove it with: maintenance cancel abcdefabcdef',
    ]);
  });

  it.each([
    [
      ['--end', '2026-12-01T03:00:00Z'],
      '--start: an ISO 8601 date-time with a zone is required (e.g. 2026-12-01T02:00:00Z)',
    ],
    [
      ['--start', '2026-12-01T02:00:00', '--end', '2026-12-01T03:00:00Z'],
      '--start: an ISO 8601 date-time with a zone is required (e.g. 2026-12-01T02:00:00Z)',
    ],
    [['--start', '2026-12-01T02:00:00Z'], 'give one of --end and --duration'],
    [
      ['--start', '2026-12-01T02:00:00Z', '--end', '2026-12-01T03:00:00Z', '--duration', 'PT1H'],
      'give one of --end and --duration',
    ],
    [
      ['--start', '2026-12-01T02:00:00Z', '--duration', '2 hours'],
      '--duration: an ISO 8601 duration is required (e.g. PT2H30M)',
    ],
    [
      ['--start', '2026-12-01T02:00:00Z', '--end', '2026-12-01T01:00:00Z'],
      'the window must end after it starts',
    ],
    [
      ['--start', '2026-11-20T02:00:00Z', '--end', '2026-11-20T04:00:00Z'],
      'the window is over already',
    ],
    [
      ['--start', '2026-12-01T02:00:00Z', '--duration', 'PT1H', '--adapter', 'Kraken!'],
      '--adapter: a core instance id (lower-case letters, digits and dashes)',
    ],
    [
      ['--start', '2026-12-01T02:00:00Z', '--duration', 'P7DT1S'],
      'the window must last at most 7 days (P7D)',
    ],
    [
      ['--start', '2026-12-01T02:00:00Z', '--end', '2031-12-01T02:00:00Z'],
      'the window must last at most 7 days (P7D)',
    ],
    [
      ['--start', '2026-12-01T02:00:00Z', '--duration', 'PT1H', '--explanation', '  '],
      '--explanation: must not be empty',
    ],
  ])(
    'when add gets %j, then it is refused (exit 1) and nothing is stored',
    async (options, message) => {
      const c = capture();
      expect(await runMaintenanceCommand(['add', ...options], deps(), c.io)).toBe(1);
      expect(c.err).toEqual([message]);
      expect(await store.list()).toEqual([]);
    },
  );

  it("when windows are listed, then the setting's and the stored ones not over are shown; a cancelled one is gone", async () => {
    const added = await store.add(
      { start: '2026-12-10T00:00:00Z', end: '2026-12-10T01:00:00Z' },
      NOW,
    );
    const c = capture();
    expect(await runMaintenanceCommand(['list'], deps(), c.io)).toBe(0);
    expect(c.out).toEqual([
      '(setting)     2026-11-23T09:00:00Z to 2026-11-23T11:00:00Z  every core  in effect',
      `${added.id}  2026-12-10T00:00:00Z to 2026-12-10T01:00:00Z  every core  planned`,
    ]);
    const cancelled = capture();
    expect(await runMaintenanceCommand(['cancel', added.id!], deps(), cancelled.io)).toBe(0);
    expect(cancelled.out).toEqual([`cancelled ${added.id}`]);
    expect(await store.list()).toEqual([]);
  });

  it('when an unknown id is cancelled, then exit 1 names it', async () => {
    const c = capture();
    expect(await runMaintenanceCommand(['cancel', 'nope'], deps(), c.io)).toBe(1);
    expect(c.err).toEqual([
      'no window with the id "nope" (windows of MAINTENANCE_WINDOWS are changed in that setting)',
    ]);
  });

  it('when there is no Redis, then exit 1 says windows need one; a bad command is usage (exit 2)', async () => {
    const c = capture();
    expect(await runMaintenanceCommand(['list'], { ...deps(), store: undefined }, c.io)).toBe(1);
    expect(c.err).toEqual([
      'maintenance windows are kept in Redis: set REDIS_URL (or a Redis Cluster or Sentinel)',
    ]);
    const u = capture();
    expect(await runMaintenanceCommand(['remove'], deps(), u.io)).toBe(2);
    expect(u.err[0]).toMatch(/^usage: data-holder-gateway maintenance/);
  });

  it('when windows over for more than a day are stored, then the next add removes them', async () => {
    const old = await store.add(
      { start: '2026-11-01T00:00:00Z', end: '2026-11-01T01:00:00Z' },
      Date.parse('2026-10-31T00:00:00Z'),
    );
    await store.add({ start: '2026-12-10T00:00:00Z', end: '2026-12-10T01:00:00Z' }, NOW);
    expect((await store.list()).map((w) => w.id)).not.toContain(old.id);
  });

  it('when durations are read, then days, hours, minutes and seconds count and malformed ones do not', () => {
    expect(durationMs('P1DT2H3M4S')).toBe(((26 * 60 + 3) * 60 + 4) * 1000);
    expect(durationMs('PT90M')).toBe(5_400_000);
    for (const bad of ['P', 'PT', 'P1DT', '1H', 'PT1.5H']) expect(durationMs(bad)).toBeUndefined();
  });
});

describe('maintenance add with the configuration of the environment', () => {
  const FIXTURE = path.join(__dirname, '..', 'fixtures', 'adapters', 'holder-adapter.js');
  const namespace = `dhg-test-${runId()}`;
  const saved = { ...process.env };
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    Object.assign(process.env, {
      HOLDER_DEV_KEYS: 'true',
      CORE_ADAPTER: 'demo',
      CORE_ADAPTERS: `banking:${FIXTURE}`,
      REDIS_URL,
      REDIS_KEY_NAMESPACE: namespace,
      CACHE_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      LOG_LEVEL: 'silent',
    });
  });
  afterAll(async () => {
    process.env = saved;
    await redis.del(`dhg:${namespace}:maintenance:windows`);
    await redis.quit();
  });

  it('when a window names a core the layout loads from a module, then it is stored; a core of no configured instance is refused (exit 1)', async () => {
    const start = ['add', '--start', '2030-01-10T00:00:00Z', '--duration', 'PT1H'];
    const known = capture();
    const code = await maintenanceCommand([...start, '--adapter', 'holder-kit'], known.io);
    expect({ code, err: known.err }).toEqual({ code: 0, err: [] });
    expect(known.out).toEqual([
      expect.stringMatching(/^[0-9a-f]{12} .* core holder-kit {2}planned$/),
    ]);
    const unknown = capture();
    expect(await maintenanceCommand([...start, '--adapter', 'fineract'], unknown.io)).toBe(1);
    expect(unknown.err).toEqual([
      '--adapter: no configured core has the id "fineract" (configured: holder-kit, demo); the window would stop nothing',
    ]);
    expect(await redis.hlen(`dhg:${namespace}:maintenance:windows`)).toBe(1);
  });
});
