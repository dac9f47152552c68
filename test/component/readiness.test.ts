/**
 * Readiness says whether this instance can serve, never whether a shared dependency is up: a
 * Fineract core that goes down and comes back, and a Redis that dies, leave `/readyz` at 200 (every
 * replica shares them; the circuit and the replay store answer outages with documented 503s).
 * Also the start-up warning when the operator keeps the Redis cache in clear.
 */
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import { createGateway } from '../../src/gateway';
import { OPERATION_NAMES } from '../../src/ports/operations';
import {
  startFineractSimulator,
  type FineractSimulator,
} from '../../adapters/fineract/simulator/simulator';
import { platformFilesForTests, startGateway, type TestGateway } from '../helpers/gateway';
import { captureLogger } from '../helpers/log-capture';
import { startOwnRedis, type OwnRedis } from '../helpers/redis-server';
import { waitFor } from '../helpers/wait';

const SHARED_REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';
/** Customer detail of a Fineract client, and of a demo customer. */
const DETAIL = '/v1/common/customer/1/detail';
const DEMO_DETAIL = '/v1/common/customer/c-1001/detail';

/** Every cached operation at TTL 0, so each call reaches the core. */
const NO_CACHE = JSON.stringify(Object.fromEntries(OPERATION_NAMES.map((k) => [k, 0])));

interface Readyz {
  status: number;
  body: { status: string; checks: Record<string, boolean>; dependencies?: Record<string, boolean> };
}

async function readyz(gw: TestGateway): Promise<Readyz> {
  const res = await fetch(`${gw.origin}/readyz`);
  return { status: res.status, body: (await res.json()) as Readyz['body'] };
}

describe('readiness through a Fineract outage', () => {
  let port: number;
  let sim: FineractSimulator | undefined;
  let gw: TestGateway;
  beforeAll(async () => {
    sim = await startFineractSimulator({ port: 0 });
    port = Number(new URL(sim.url).port);
    gw = await startGateway({
      CORE_ADAPTER: 'fineract',
      FINERACT_BASE_URL: sim.url,
      FINERACT_USERNAME: 'mifos',
      FINERACT_PASSWORD: 'password',
      FINERACT_TENANT: 'default',
      CACHE_TTL_SECONDS: NO_CACHE,
      RETRY_ATTEMPTS: 0,
    });
  });
  afterAll(async () => {
    await gw.close();
    await sim?.close();
  });

  it('when Fineract refuses a call and comes back with no traffic in between, then /readyz stays 200 throughout', async () => {
    expect((await gw.get(DETAIL)).status).toBe(200);
    expect((await readyz(gw)).status).toBe(200);

    await sim!.close();
    sim = undefined;
    const refused = await gw.get(DETAIL);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 503,
      body: { error: 'Service unavailable' },
    });
    const down = await readyz(gw);
    expect(down.status).toBe(200);
    expect(down.body.status).toBe('ready');

    // Back on its port (the gateway's FINERACT_BASE_URL): while another process holds it, again.
    sim = await waitFor(
      () => startFineractSimulator({ port }).catch(() => undefined),
      'Fineract back on its port',
    );
    const back = await readyz(gw);
    expect(back.status).toBe(200);
    expect(back.body.checks.adapter).toBe(true);
    // The first call after the outage heals without readiness having had to change.
    expect((await gw.get(DETAIL)).status).toBe(200);
  });
});

describe('readiness through a Redis outage', () => {
  let redis: OwnRedis;
  let running = false;
  let gw: TestGateway;
  beforeAll(async () => {
    redis = await startOwnRedis();
    running = true;
    gw = await startGateway({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await gw.close();
    // A second stop of a killed server would wait for an exit that already happened.
    if (running) await redis.stop();
  });

  it('when the shared Redis dies, then /readyz stays 200 and holder requests get 503 with Retry-After from the replay store', async () => {
    const up = await readyz(gw);
    expect({ status: up.status, dependencies: up.body.dependencies }).toEqual({
      status: 200,
      dependencies: { redis: true, core: true, 'core.demo': true },
    });

    await redis.stop();
    running = false;
    // The gateway notices the lost connection within moments; from then on the replay store refuses.
    const refused = await waitFor(async () => {
      const res = await gw.get(DEMO_DETAIL);
      return res.status === 503 && res;
    }, 'holder requests refused');
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 503,
      body: { error: 'Service unavailable' },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const down = await readyz(gw);
    expect({ status: down.status, ready: down.body.status }).toEqual({
      status: 200,
      ready: 'ready',
    });
    // Reported for operators, without deciding readiness.
    expect(down.body.dependencies).toEqual({ redis: false, core: true, 'core.demo': true });
  });
});

describe('the Redis cache in clear', () => {
  it('when the operator turns cache encryption off for a Redis cache, then start-up logs a warning naming the setting', async () => {
    const { logger, lines } = captureLogger('info');
    const config = configFrom({
      PORT: 0,
      HOLDER_SUBDOMAIN: 'test-holder',
      HOLDER_JWKS_URL: 'http://127.0.0.1:1/jwks.json',
      JWKS_TIMEOUT_MS: 200,
      CORE_ADAPTER: 'fineract',
      FINERACT_BASE_URL: 'http://127.0.0.1:1/fineract-provider/api',
      FINERACT_USERNAME: 'mifos',
      FINERACT_PASSWORD: 'password',
      CACHE_REDIS_URL: SHARED_REDIS_URL,
      CACHE_ENCRYPTION: 'off',
      REDIS_KEY_SECRET: 's'.repeat(43),
      ...(await platformFilesForTests()),
    });
    const gateway = await createGateway(config, { logger });
    await gateway.close();
    const warnings = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === pino.levels.values.warn)
      .map((entry) => entry.msg);
    expect(warnings).toContain(
      'CACHE_ENCRYPTION=off: cached customer data is stored in Redis in clear',
    );
  });
});
