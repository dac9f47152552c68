/**
 * Maintenance windows added at run time reach every instance: two gateways on the real Redis
 * (windows under a key of this run); a window added with `maintenance add` refuses core calls and
 * turns the status to SCHEDULED_OUTAGE on both within the refresh time, and its cancellation
 * undoes both.
 */
import crypto from 'node:crypto';
import Redis from 'ioredis';
import { runMaintenanceCommand } from '../../src/cli/maintenance';
import { MaintenanceWindowStore } from '../../src/resilience/maintenance-windows';
import { type AdminListener, serveAdmin } from '../helpers/admin-listener';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { loopbackAdapter, startLoopbackCore, type LoopbackCore } from '../helpers/loopback-core';
import { waitFor } from '../helpers/wait';
import { platformDir, type PlatformDir, REDIS_URL, runId } from './platform-helpers';

const DETAIL = '/v1/common/customer/c-1001/detail';
const REFRESH_SECONDS = 1;

describe('maintenance windows shared through Redis', () => {
  const key = `dhg-test:${runId()}:maintenance`;
  let redis: Redis;
  let core: LoopbackCore;
  let dir: PlatformDir;
  let instances: { gw: TestGateway; admin: AdminListener }[] = [];

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    core = await startLoopbackCore();
    dir = platformDir();
    const env = {
      ...dir.env,
      REDIS_URL,
      CACHE_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      CACHE_TTL_SECONDS: JSON.stringify({ 'customer.getCustomerDetail': 0 }),
      MAINTENANCE_REFRESH_SECONDS: REFRESH_SECONDS,
      METRICS_PORT: 0,
    };
    for (let i = 0; i < 2; i += 1) {
      const gw = await startGateway(env, { adapter: loopbackAdapter(core), maintenanceKey: key });
      instances.push({ gw, admin: await serveAdmin(gw) });
    }
  });
  afterAll(async () => {
    for (const { gw, admin } of instances) {
      await admin.close();
      await gw.close();
    }
    instances = [];
    await core?.close();
    dir?.remove();
    await redis?.del(key);
    await redis?.quit();
  });

  /** Each instance's status once both say `wanted`, which must be within the refresh time. */
  async function statusesOnceAll(wanted: string): Promise<string[]> {
    const started = Date.now();
    const seen = await waitFor(async () => {
      const statuses: string[] = await Promise.all(
        instances.map(async ({ admin }) => (await admin.get('/discovery/status')).body.data.status),
      );
      return statuses.every((s) => s === wanted) && statuses;
    }, `both instances ${wanted}`);
    expect(Date.now() - started).toBeLessThan((REFRESH_SECONDS + 2) * 1000);
    return seen;
  }

  it('when a window is added with the command line, then both instances apply it within the refresh time, and its cancellation on both', async () => {
    const store = new MaintenanceWindowStore(redis, key);
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: () => {} };
    const start = new Date(Date.now() - 60_000).toISOString();
    const deps = { store, seed: [], coreIds: () => ['loopback'], now: Date.now };
    expect(
      await runMaintenanceCommand(['add', '--start', start, '--duration', 'PT1H'], deps, io),
    ).toBe(0);
    const id = out[0]!.split(' ')[0]!;

    expect(await statusesOnceAll('SCHEDULED_OUTAGE')).toEqual([
      'SCHEDULED_OUTAGE',
      'SCHEDULED_OUTAGE',
    ]);
    const hits = core.hits;
    for (const { gw, admin } of instances) {
      const res = await gw.get(DETAIL);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 503,
        body: { error: 'Service unavailable' },
      });
      const outages = (await admin.get('/discovery/outages')).body.data.outages;
      expect(outages).toEqual([
        {
          outageTime: new Date(Date.parse(start)).toISOString(),
          duration: 'PT1H',
          explanation: 'Planned maintenance: no customer data can be shared.',
        },
      ]);
    }
    expect(core.hits).toBe(hits);

    expect(await runMaintenanceCommand(['cancel', id], deps, io)).toBe(0);
    expect(await statusesOnceAll('OK')).toEqual(['OK', 'OK']);
    for (const { gw } of instances) expect((await gw.get(DETAIL)).status).toBe(200);
  });
});
