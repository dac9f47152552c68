/**
 * The admin listener's reports over a loopback core, on the gateway's injected clock: Get Metrics
 * with exact figures for a scripted day and a half of traffic (one call slowed past its tier's
 * threshold, a 404, a core outage, a 429, a planned window), Get Status and Get Outages around
 * that window, and the tier label of the request metrics.
 */
import http from 'node:http';
import { startGateway, TEST_BASE_URL, type TestGateway } from '../helpers/gateway';
import { type AdminListener, serveAdmin } from '../helpers/admin-listener';
import {
  getMetricsValidator,
  outagesValidator,
  statusValidator,
} from '../helpers/cds-admin-schemas';
import { loopbackAdapter, startLoopbackCore, type LoopbackCore } from '../helpers/loopback-core';
import { platformDir, type PlatformDir } from './platform-helpers';

const DETAIL = '/v1/common/customer/c-1001/detail';
const UNKNOWN = '/v1/common/customer/c-9999/detail';
const PRESENT = { 'x-fapi-customer-ip-address': '203.0.113.7' };
const at = (iso: string) => Date.parse(iso);

/** 24 (or `n`) hourly rates of `1.0`, with `changes` at their hour. */
const hours = (n: number, changes: Record<number, string> = {}) =>
  Array.from({ length: n }, (_, h) => changes[h] ?? '1.0');

describe('Get Metrics, Get Status and Get Outages on the admin listener', () => {
  let clock = at('2026-11-23T09:00:00Z');
  let core: LoopbackCore;
  let dir: PlatformDir;
  let gw: TestGateway;
  let admin: AdminListener;

  beforeAll(async () => {
    core = await startLoopbackCore();
    dir = platformDir();
    gw = await startGateway(
      {
        ...dir.env,
        METRICS_PORT: 0,
        CACHE_TTL_SECONDS: JSON.stringify({ 'customer.getCustomerDetail': 0 }),
        RETRY_ATTEMPTS: 0,
        RATE_LIMIT_TOKEN_PER_ADDRESS: 1,
        MAINTENANCE_WINDOWS: JSON.stringify([
          { adapter: 'loopback', start: '2026-11-24T08:00:00Z', end: '2026-11-24T09:00:00Z' },
        ]),
      },
      { adapter: loopbackAdapter(core), now: () => clock },
    );
    admin = await serveAdmin(gw);
  });
  afterAll(async () => {
    await admin?.close();
    await gw?.close();
    await core?.close();
    dir?.remove();
  });

  it('when nothing fails and no window is in effect, then the status is OK and the window is listed ahead', async () => {
    clock = at('2026-11-23T09:30:00Z');
    const status = await admin.get('/discovery/status');
    expect(status.status).toBe(200);
    expect(status.headers.get('x-v')).toBe('1');
    expect(status.body).toEqual({
      data: { status: 'OK', updateTime: '2026-11-23T09:30:00.000Z' },
      links: { self: `${TEST_BASE_URL}/discovery/status` },
      meta: {},
    });
    expect(statusValidator()(status.body)).toBe(true);
    const outages = await admin.get('/discovery/outages');
    expect(outages.body).toEqual({
      data: {
        outages: [
          {
            outageTime: '2026-11-24T08:00:00.000Z',
            duration: 'PT1H',
            explanation: 'Planned maintenance: no customer data can be shared.',
          },
        ],
      },
      links: { self: `${TEST_BASE_URL}/discovery/outages` },
      meta: {},
    });
    expect(outagesValidator()(outages.body)).toBe(true);
  });

  /** GET on the admin port with the given headers (fetch sets Host itself); the JSON body. */
  const rawGet = (target: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: { links: unknown } }>((resolve, reject) => {
      const req = http.get(`${admin.origin}${target}`, { headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
    });

  it.each([
    ['/discovery/status', '/discovery/status'],
    ['/discovery/outages', '/discovery/outages'],
    ['/admin/metrics', '/admin/metrics'],
    ['/admin/metrics?period=CURRENT', '/admin/metrics?period=CURRENT'],
    ['/admin/metrics?period=ALL&x=%3Cscript%3E', '/admin/metrics?period=ALL'],
    ['/ADMIN/METRICS/', '/admin/metrics'],
  ])(
    'when %s is asked with a spoofed Host and forwarded headers, then links.self is %s on PUBLIC_BASE_URL',
    async (target, self) => {
      const res = await rawGet(target, {
        host: 'attacker.example',
        'x-forwarded-host': 'attacker.example',
        'x-forwarded-proto': 'gopher',
      });
      expect({ status: res.status, links: res.body.links }).toEqual({
        status: 200,
        links: { self: `${TEST_BASE_URL}${self}` },
      });
    },
  );

  it('when the scripted traffic of the first day is served, then each call gets its tier', async () => {
    clock = at('2026-11-23T10:00:00Z');
    expect((await gw.get(DETAIL, { headers: PRESENT })).status).toBe(200);
    expect((await gw.get(DETAIL, { headers: PRESENT })).status).toBe(200);
    core.mode = { kind: 'ok', delayMs: 1100 };
    expect((await gw.get(DETAIL, { headers: PRESENT })).status).toBe(200);
    core.mode = { kind: 'ok' };
    expect((await gw.get(DETAIL)).status).toBe(200);
    expect((await gw.get(DETAIL)).status).toBe(200);
    expect((await gw.get(UNKNOWN)).status).toBe(404);
    const token = () => gw.post('/v1/token', {}, { headers: { authorization: '' } });
    expect((await token()).status).toBe(400);
    expect((await token()).status).toBe(429);
    clock = at('2026-11-23T11:30:00Z');
    core.mode = { kind: 'status', status: 503 };
    expect((await gw.get(DETAIL)).status).toBe(503);
    core.mode = { kind: 'ok' };

    const text = await (await fetch(`${admin.origin}/metrics`)).text();
    const route = 'route="/v1/common/customer/{customerId}/detail",method="GET"';
    expect(text).toContain(`dhg_http_requests_total{${route},status="200",tier="highPriority"} 3`);
    expect(text).toContain(`dhg_http_requests_total{${route},status="200",tier="unattended"} 2`);
    expect(text).toContain(
      `dhg_http_request_duration_seconds_bucket{le="1",${route},status="200",tier="highPriority"} 2`,
    );
    expect(text).toContain(
      `dhg_http_request_duration_seconds_bucket{le="1.5",${route},status="200",tier="highPriority"} 3`,
    );
  });

  it('when a planned window is in effect, then the status is SCHEDULED_OUTAGE until its end and /readyz stays ready', async () => {
    clock = at('2026-11-24T08:15:00Z');
    expect((await gw.get(DETAIL)).status).toBe(503);
    const status = await admin.get('/discovery/status');
    expect(status.body.data).toEqual({
      status: 'SCHEDULED_OUTAGE',
      explanation: 'Planned maintenance: no customer data can be shared.',
      expectedResolutionTime: '2026-11-24T09:00:00.000Z',
      updateTime: '2026-11-24T08:15:00.000Z',
    });
    expect(statusValidator()(status.body)).toBe(true);
    expect((await admin.get('/readyz')).status).toBe(200);
    expect((await fetch(`${gw.origin}/readyz`)).status).toBe(200);
    clock = at('2026-11-24T09:30:00Z');
    expect((await gw.get(DETAIL, { headers: PRESENT })).status).toBe(200);
    expect((await admin.get('/discovery/status')).body.data.status).toBe('OK');
    expect((await admin.get('/discovery/outages')).body.data.outages).toEqual([]);
    const text = await (await fetch(`${admin.origin}/metrics`)).text();
    expect(text).toContain('dhg_planned_outage_requests_total{server_error="true"} 1');
  });

  it('when Get Metrics is asked for, then it has the standard shape and the exact figures of the traffic', async () => {
    clock = at('2026-11-24T10:00:00Z');
    const res = await admin.get('/admin/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-v')).toBe('5');
    const validate = getMetricsValidator();
    expect(validate(res.body) ? [] : validate.errors).toEqual([]);
    const { data, links } = res.body;
    expect(links).toEqual({ self: `${TEST_BASE_URL}/admin/metrics` });
    expect(data.requestTime).toBe('2026-11-24T10:00:00.000Z');
    // Nov 23, from 09:00: 7 holder calls (one 503 of the core), 2 token calls; Nov 24: the
    // planned window's 503 (left out) and one call.
    expect(data.availability).toEqual({
      aggregate: { currentMonth: '0.9', previousMonths: [] },
      unauthenticated: { currentMonth: '1.0', previousMonths: [] },
      authenticated: { currentMonth: '0.875', previousMonths: [] },
    });
    expect(data.performance).toEqual({
      aggregate: { currentDay: '1.0', previousDays: ['0.875'] },
      highPriority: { currentDay: hours(11), previousDays: [hours(24, { 10: '0.666667' })] },
      lowPriority: { currentDay: hours(11), previousDays: [hours(24)] },
      unattended: { currentDay: hours(11), previousDays: [hours(24)] },
      largePayload: { currentDay: hours(11), previousDays: [hours(24)] },
      unauthenticated: { currentDay: hours(11), previousDays: [hours(24)] },
    });
    expect(data.invocations).toEqual({
      highPriority: { currentDay: 1, previousDays: [3] },
      lowPriority: { currentDay: 0, previousDays: [0] },
      unattended: { currentDay: 1, previousDays: [4] },
      largePayload: { currentDay: 0, previousDays: [0] },
      unauthenticated: { currentDay: 0, previousDays: [2] },
    });
    const [slowDay] = data.averageResponse.highPriority.previousDays as number[];
    expect(slowDay).toBeGreaterThanOrEqual(0.366);
    expect(slowDay).toBeLessThan(1);
    expect(data.averageTps).toEqual({
      aggregate: { currentDay: 0.000056, previousDays: [0.000167] },
      unauthenticated: { currentDay: 0, previousDays: [0.000037] },
      authenticated: { currentDay: 0.000056, previousDays: [0.00013] },
    });
    expect(data.peakTps).toEqual({
      aggregate: { currentDay: 1, previousDays: [8] },
      unauthenticated: { currentDay: 0, previousDays: [2] },
      authenticated: { currentDay: 1, previousDays: [6] },
    });
    expect(data.errors).toEqual({
      aggregate: { currentDay: 1, previousDays: [1] },
      unauthenticated: { currentDay: {}, previousDays: [{ 400: 1, 429: 1 }] },
      authenticated: { currentDay: { 503: 1 }, previousDays: [{ 404: 1, 503: 1 }] },
    });
    expect(data.rejections).toEqual({
      authenticated: { currentDay: 0, previousDays: [0] },
      unauthenticated: { currentDay: 0, previousDays: [1] },
    });
  });

  it('when the period is CURRENT, then only the current figures are given; a bad period is 400', async () => {
    const current = await admin.get('/admin/metrics?period=CURRENT');
    expect(current.body.data.invocations.highPriority).toEqual({ currentDay: 1 });
    expect(getMetricsValidator()(current.body)).toBe(true);
    const bad = await admin.get('/admin/metrics?period=LAST');
    expect({ status: bad.status, body: bad.body }).toEqual({
      status: 400,
      body: { error: 'Invalid field: period' },
    });
  });

  it('when the API port is asked for the reports, then it does not serve them (404)', async () => {
    for (const path of ['/admin/metrics', '/discovery/status', '/discovery/outages']) {
      const res = await fetch(gw.origin + path);
      expect({ status: res.status, body: await res.json() }).toEqual({
        status: 404,
        body: { error: 'Not found' },
      });
    }
  });
});
