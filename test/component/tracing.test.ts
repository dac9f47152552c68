/**
 * Traces (OpenTelemetry, spans kept by an in-memory exporter): one trace per request over two
 * cores, its server span named by route template, a core span per core call and a client span
 * per HTTP request under it, whose `traceparent` the simulators received; a caller's traceparent
 * as the parent and never echoed; retries and an open circuit as span events; trace ids in the
 * log lines; the pass-through's upstream call parented the same way.
 */
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import {
  type FineractSimulator,
  loadFineractDataset,
  startFineractSimulator,
} from '../../adapters/fineract/simulator/simulator';
import {
  type KrakenSimulator,
  startKrakenSimulator,
} from '../../adapters/kraken/simulator/simulator';
import { OPERATION_NAMES } from '../../src/ports/operations';
import { fineractSettings, krakenSettings } from '../../scripts/simulator-settings';
import { captureLogger } from '../helpers/log-capture';
import { replayMemoryLongKept, startOwnRedis } from '../helpers/redis-server';
import { startGateway, TEST_SUBDOMAIN, type TestGateway } from '../helpers/gateway';
import { startUpstreamGateway, type Upstream } from '../helpers/upstream';
import { waitFor } from '../helpers/wait';

const NO_CACHE = JSON.stringify(Object.fromEntries(OPERATION_NAMES.map((k) => [k, 0])));
const LOGIN = { tenant: 'default', username: 'mifos', password: 'password' };
const MULTI = 'banking:fineract,energy:kraken,common:fineract,fdx:fineract';
const LIST = 'GET /auth/v1/customer/{customerId}/accounts';

/** The span id a `traceparent` names as the parent (its third field). */
const parentIdOf = (traceparent: string | undefined) => traceparent?.split('-')[2];

/**
 * Waits for the request's server span (it ends when the response closes, after the answer): the
 * one named `name` whose parent is `parentId` (none: a root; a loopback upstream's is no root).
 */
async function serverSpan(
  exporter: InMemorySpanExporter,
  name: string,
  parentId?: string,
): Promise<ReadableSpan> {
  return waitFor(
    () =>
      exporter
        .getFinishedSpans()
        .find((s) => s.name === name && s.parentSpanContext?.spanId === parentId),
    `a span named ${name}`,
  );
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const childrenOf = (spans: readonly ReadableSpan[], parent: ReadableSpan) =>
  spans.filter((s) => parentOf(s) === parent.spanContext().spanId);

/** Everything a trace says: its names and attribute values, as one string. */
const everythingSaid = (spans: readonly ReadableSpan[]) =>
  JSON.stringify(spans.map((s) => [s.name, s.attributes, s.events.map((e) => e.attributes)]));

describe('traces over two cores', () => {
  let fineract: FineractSimulator;
  let kraken: KrakenSimulator;
  let gw: TestGateway;
  const exporter = new InMemorySpanExporter();
  const captured = captureLogger('info');

  beforeAll(async () => {
    fineract = await startFineractSimulator({ port: 0 });
    kraken = await startKrakenSimulator({ port: 0 });
    gw = await startGateway(
      {
        ...Object.fromEntries(fineractSettings(fineract, LOGIN, loadFineractDataset())),
        ...Object.fromEntries(krakenSettings(kraken)),
        CORE_ADAPTERS: MULTI,
        CACHE_TTL_SECONDS: NO_CACHE,
        RETRY_ATTEMPTS: 2,
        RETRY_BASE_DELAY_MS: 1,
        CIRCUIT_MIN_VOLUME: 100,
        LOG_LEVEL: 'info',
      },
      { traceExporter: exporter, logger: captured.logger },
    );
  });
  afterAll(async () => {
    await gw?.close();
    await fineract?.close();
    await kraken?.close();
  });
  beforeEach(() => {
    exporter.reset();
    fineract.setFault('none');
    kraken.setFault('none');
  });

  it('when the merged list is asked, then one trace holds the server span, two core spans and their client spans, whose traceparent each core received', async () => {
    const fineractMark = fineract.requests.length;
    const krakenMark = kraken.requests.length;
    const res = await gw.get('/auth/v1/customer/1/accounts');
    expect(res.status).toBe(200);
    const server = await serverSpan(exporter, LIST);
    const spans = exporter.getFinishedSpans();
    expect(new Set(spans.map((s) => s.spanContext().traceId))).toEqual(
      new Set([server.spanContext().traceId]),
    );
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(parentOf(server)).toBeUndefined();
    expect(server.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/auth/v1/customer/{customerId}/accounts',
      'http.response.status_code': 200,
      'dhg.operation_id': expect.any(String),
      'dhg.family': expect.any(String),
    });
    const cores = childrenOf(spans, server).filter((s) => s.name.startsWith('core '));
    expect(cores.map((s) => s.attributes['dhg.adapter']).sort()).toEqual(['fineract', 'kraken']);
    const clientSpans = spans.filter((s) => s.kind === SpanKind.CLIENT);
    for (const core of cores) {
      const clients = clientSpans.filter((s) => parentOf(s) === core.spanContext().spanId);
      expect(clients.length).toBeGreaterThanOrEqual(1);
    }
    const clientIds = new Set(clientSpans.map((s) => s.spanContext().spanId));
    const received = [
      ...fineract.requests.slice(fineractMark).map((r) => r.traceparent),
      ...kraken.requests.slice(krakenMark).map((r) => r.traceparent),
    ];
    expect(received.length).toBeGreaterThanOrEqual(2);
    for (const traceparent of received) {
      expect(traceparent?.split('-')[1]).toBe(server.spanContext().traceId);
      expect(clientIds.has(parentIdOf(traceparent)!)).toBe(true);
    }
    // No id of the customer (1) or its accounts in a name or an attribute: no URL path at all.
    for (const span of clientSpans) expect(span.attributes['url.full']).toBeUndefined();
    const said = everythingSaid(spans);
    for (const id of res.body.accounts.map((a: { accountId: string }) => a.accountId)) {
      expect(said).not.toContain(id);
    }
    expect(said).not.toMatch(/customer\/1\b/);
  });

  it("when the caller sends a traceparent, then the request's span is its child and the answer carries none", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const res = await gw.get('/auth/v1/customer/2/accounts', {
      headers: { traceparent: `00-${traceId}-${callerSpan}-01`, tracestate: 'platform=1' },
    });
    expect(res.status).toBe(200);
    const server = await serverSpan(exporter, LIST, callerSpan);
    expect(server.spanContext().traceId).toBe(traceId);
    expect(parentOf(server)).toBe(callerSpan);
    expect(res.headers.get('traceparent')).toBeNull();
    expect(res.headers.get('tracestate')).toBeNull();
    const sent = fineract.requests.at(-1)!.traceparent!;
    expect(sent.split('-')[1]).toBe(traceId);
    expect(parentIdOf(sent)).not.toBe(callerSpan);
  });

  it('when a read fails and is retried, then its core span counts the retries and holds a client span per attempt', async () => {
    fineract.setFault('error500');
    const res = await gw.get('/v1/common/customer/1/detail');
    expect(res.status).toBe(503);
    await serverSpan(exporter, 'GET /v1/common/customer/{customerId}/detail');
    const spans = exporter.getFinishedSpans();
    const core = spans.find((s) => s.name === 'core customer.getCustomerDetail')!;
    expect(core.attributes['dhg.retry_count']).toBe(2);
    expect(core.events.filter((e) => e.name === 'dhg.retry')).toHaveLength(2);
    expect(core.attributes['error.type']).toBe('GW_ERR_CORE_UNAVAILABLE');
    const attempts = spans.filter(
      (s) => s.kind === SpanKind.CLIENT && parentOf(s) === core.spanContext().spanId,
    );
    expect(attempts.length).toBeGreaterThanOrEqual(3);
  });

  it('when a circuit is open, then the core span has a refusal event and no client span', async () => {
    await gw.get('/v1/energy/customer/1/accounts');
    for (const breaker of gw.gateway.circuits.get('kraken')!.values()) breaker.open();
    exporter.reset();
    const res = await gw.get('/v1/energy/customer/1/accounts');
    for (const breaker of gw.gateway.circuits.get('kraken')!.values()) breaker.close();
    expect(res.status).toBe(503);
    await serverSpan(exporter, 'GET /v1/energy/customer/{customerId}/accounts');
    const spans = exporter.getFinishedSpans();
    const core = spans.find((s) => s.name.startsWith('core energy.'))!;
    expect(core.events.map((e) => e.name)).toContain('dhg.circuit_refused');
    expect(core.attributes['dhg.circuit_refused']).toBe(true);
    expect(spans.filter((s) => s.kind === SpanKind.CLIENT)).toEqual([]);
  });

  it('when a request is traced, then its log line carries its trace and span ids', async () => {
    const mark = captured.lines.length;
    await gw.get('/auth/v1/customer/3/accounts');
    const server = await serverSpan(exporter, LIST);
    const lines = captured.lines.slice(mark).map((l) => JSON.parse(l));
    const requestLine = lines.find((l) => l.msg === 'request completed');
    expect(requestLine).toMatchObject({
      trace_id: server.spanContext().traceId,
      span_id: server.spanContext().spanId,
    });
    for (const line of lines) expect(line.trace_id).toBe(server.spanContext().traceId);
  });

  it("when a scraper asks for OpenMetrics, then the latency histograms' buckets carry the request's trace as exemplar; Prometheus text stays as it was", async () => {
    await gw.get('/v1/energy/customer/3/accounts');
    const server = await serverSpan(exporter, 'GET /v1/energy/customer/{customerId}/accounts');
    const { traceId } = server.spanContext();
    const open = await fetch(`${gw.origin}/metrics`, {
      headers: { accept: 'application/openmetrics-text; version=1.0.0' },
    });
    expect(open.headers.get('content-type')).toMatch(/^application\/openmetrics-text/);
    const openText = await open.text();
    expect(openText.endsWith('# EOF\n')).toBe(true);
    const exemplar = (metric: string) =>
      new RegExp(
        `^${metric}_bucket\\{.*\\} \\d+ # \\{trace_id="${traceId}",span_id="[0-9a-f]{16}"\\}`,
        'm',
      );
    expect(openText).toMatch(exemplar('dhg_http_request_duration_seconds'));
    expect(openText).toMatch(exemplar('dhg_core_call_duration_seconds'));
    const plain = await (await fetch(`${gw.origin}/metrics`)).text();
    expect(plain).toMatch(/^dhg_http_requests_total\{/m);
    expect(plain).toMatch(/^# TYPE dhg_http_requests_total counter$/m);
    expect(plain).not.toContain(' # {');
  });
});

describe('traces through a passed-through family', () => {
  let upstream: Upstream;
  let gw: TestGateway;
  const exporter = new InMemorySpanExporter();

  beforeAll(async () => {
    upstream = await startUpstreamGateway({
      mount: '/cds',
      credential: 'Bearer upstream',
      space: '/v1/banking',
    });
    gw = await startGateway(
      {
        CORE_ADAPTERS: 'banking:cds=proxy',
        CDS_BASE_URL: upstream.baseUrl,
        CDS_AUTHORIZATION: 'Bearer upstream',
        CDS_AUTHORISATION_URL: `${upstream.origin}/cds`,
        // Allowed by the operator, yet the upstream gets the gateway's own trace context only.
        CDS_FORWARD_HEADERS: JSON.stringify(['accept', 'traceparent', 'tracestate']),
      },
      { traceExporter: exporter },
    );
  });
  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
  });

  it("when a banking call is proxied, then the upstream's one traceparent names the client span under the pass-through's core span", async () => {
    const mark = upstream.received.length;
    const callerSpan = 'b7ad6b7169203331';
    const res = await gw.get('/v1/banking/customer/c-1001/payees', {
      headers: { traceparent: `00-0af7651916cd43dd8448eb211c80319c-${callerSpan}-01` },
    });
    expect(res.status).toBe(200);
    const server = await serverSpan(
      exporter,
      'GET /v1/banking/customer/{customerId}/payees',
      callerSpan,
    );
    const spans = exporter.getFinishedSpans();
    const core = childrenOf(spans, server).find((s) => s.name.startsWith('core '))!;
    expect(core.attributes['dhg.adapter']).toBe('cds');
    const client = childrenOf(spans, core).find((s) => s.kind === SpanKind.CLIENT)!;
    const sent = upstream.received.slice(mark).map((r) => r.headers.traceparent as string);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toContain(',');
    expect(upstream.received.at(-1)!.headers.tracestate).toBeUndefined();
    expect(parentIdOf(sent[0])).toBe(client.spanContext().spanId);
    expect(sent[0]!.split('-')[1]).toBe(server.spanContext().traceId);
  });
});

describe('traces of the cache and of maintenance windows', () => {
  it("when an answer is cached, then the second call's core span says hit; inside a window, the core span has its event and no client span", async () => {
    // One exporter per gateway: a gateway's close stops its exporter.
    const exporter = new InMemorySpanExporter();
    const gw = await startGateway({}, { traceExporter: exporter });
    try {
      await gw.get('/v1/common/customer/c-1001/detail');
      await gw.get('/v1/common/customer/c-1001/detail');
      const route = 'GET /v1/common/customer/{customerId}/detail';
      await serverSpan(exporter, route);
      const cores = exporter
        .getFinishedSpans()
        .filter((s) => s.name === 'core customer.getCustomerDetail');
      expect(cores.map((s) => s.attributes['dhg.cache'])).toEqual(['miss', 'hit']);
    } finally {
      await gw.close();
    }
    const windowExporter = new InMemorySpanExporter();
    const start = new Date(Date.now() - 60_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const closed = await startGateway(
      { MAINTENANCE_WINDOWS: JSON.stringify([{ start, end }]) },
      { traceExporter: windowExporter },
    );
    try {
      expect((await closed.get('/v1/common/customer/c-1001/detail')).status).toBe(503);
      await serverSpan(windowExporter, 'GET /v1/common/customer/{customerId}/detail');
      const core = windowExporter
        .getFinishedSpans()
        .find((s) => s.name === 'core customer.getCustomerDetail')!;
      expect(core.events.map((e) => e.name)).toEqual(['dhg.maintenance_window']);
      expect(core.events[0]!.attributes!['dhg.retry_after_s']).toBeGreaterThan(3000);
    } finally {
      await closed.close();
    }
  });
});

describe('traces of Redis calls', () => {
  it('when the replay store and the cache are in Redis, then each of their calls is a client span, without its key', async () => {
    const redis = await startOwnRedis();
    const exporter = new InMemorySpanExporter();
    try {
      await replayMemoryLongKept(redis.url, TEST_SUBDOMAIN);
      const gw = await startGateway(
        { REDIS_URL: redis.url, CACHE_ENCRYPTION_KEY: `${'k'.repeat(43)}=` },
        { traceExporter: exporter },
      );
      try {
        expect((await gw.get('/v1/common/customer/c-1001/detail')).status).toBe(200);
        const server = await serverSpan(exporter, 'GET /v1/common/customer/{customerId}/detail');
        // The cache write is not awaited by the request: wait for its span too.
        await waitFor(
          () => exporter.getFinishedSpans().some((s) => s.name === 'redis cache.set'),
          'the span of the cache write',
        );
        const spans = exporter.getFinishedSpans();
        const claim = spans.find((s) => s.name === 'redis replay_store.claim')!;
        expect(parentOf(claim)).toBe(server.spanContext().spanId);
        expect(claim.kind).toBe(SpanKind.CLIENT);
        expect(claim.attributes).toEqual({
          'db.system.name': 'redis',
          'db.operation.name': 'replay_store',
        });
        const core = spans.find((s) => s.name === 'core customer.getCustomerDetail')!;
        const cacheCalls = spans.filter((s) => parentOf(s) === core.spanContext().spanId);
        expect(cacheCalls.map((s) => s.name).sort()).toEqual([
          'redis cache.get',
          'redis cache.set',
        ]);
      } finally {
        await gw.close();
      }
    } finally {
      await redis.stop();
    }
  });
});
