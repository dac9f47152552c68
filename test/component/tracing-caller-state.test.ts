/**
 * A caller's `tracestate` and `baggage` (tracing on, spans kept by an in-memory exporter, a
 * loopback core that records the headers it receives): by default neither reaches a core nor an
 * exported span, while a trusted `traceparent` still parents the request; with
 * `TRACING_TRUST_CALLER_STATE=true` both travel with the trusted traceparent, and never without it.
 */
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { loopbackAdapter, startLoopbackCore, type LoopbackCore } from '../helpers/loopback-core';
import { waitFor } from '../helpers/wait';

const DETAIL = '/v1/common/customer/c-1001/detail';
const ROUTE = 'GET /v1/common/customer/{customerId}/detail';
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const CALLER = {
  traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01`,
  tracestate: 'platform=c2VjcmV0',
  baggage: 'customer.email=alice%40example.com',
};

/** Waits for the request's server span (it ends when the response closes). */
async function serverSpan(exporter: InMemorySpanExporter): Promise<ReadableSpan> {
  return waitFor(
    () => exporter.getFinishedSpans().find((s) => s.name === ROUTE),
    `a span named ${ROUTE}`,
  );
}

/** Every trace state an exported span (or its parent context) carries, serialised. */
const traceStatesOf = (spans: readonly ReadableSpan[]) =>
  spans.flatMap((s) =>
    [s.spanContext().traceState, s.parentSpanContext?.traceState]
      .map((state) => state?.serialize() ?? '')
      .filter((text) => text !== ''),
  );

describe("a caller's tracestate and baggage", () => {
  let core: LoopbackCore;

  beforeAll(async () => {
    core = await startLoopbackCore();
  });
  afterAll(async () => {
    await core?.close();
  });

  /**
   * Calls the detail with the caller's context on a gateway of `env` (tracing is global to the
   * process: one gateway at a time, each with its own exporter); what the core received and the
   * spans exported.
   */
  async function callWithContext(env: Record<string, string>) {
    const exporter = new InMemorySpanExporter();
    const gw: TestGateway = await startGateway(
      { CACHE_TTL_SECONDS: JSON.stringify({ 'customer.getCustomerDetail': 0 }), ...env },
      { adapter: loopbackAdapter(core), traceExporter: exporter },
    );
    try {
      const mark = core.headers.length;
      const res = await gw.get(DETAIL, { headers: CALLER });
      expect(res.status).toBe(200);
      const server = await serverSpan(exporter);
      const received = core.headers.slice(mark);
      expect(received).toHaveLength(1);
      return { server, spans: exporter.getFinishedSpans(), sent: received[0]! };
    } finally {
      await gw.close();
    }
  }

  it('when the settings are the defaults, then the traceparent parents the request but neither tracestate nor baggage reaches the core or a span', async () => {
    const { server, spans, sent } = await callWithContext({});
    expect(server.spanContext().traceId).toBe(TRACE_ID);
    expect(server.parentSpanContext?.spanId).toBe(CALLER_SPAN);
    expect(String(sent.traceparent).split('-')[1]).toBe(TRACE_ID);
    expect({ tracestate: sent.tracestate, baggage: sent.baggage }).toEqual({
      tracestate: undefined,
      baggage: undefined,
    });
    expect(traceStatesOf(spans)).toEqual([]);
    expect(JSON.stringify(spans.map((s) => s.attributes))).not.toContain('alice');
  });

  it('when TRACING_TRUST_CALLER_STATE=true, then the tracestate reaches the spans and the core, and the baggage the core', async () => {
    const { server, spans, sent } = await callWithContext({ TRACING_TRUST_CALLER_STATE: 'true' });
    expect(server.spanContext().traceId).toBe(TRACE_ID);
    expect(server.spanContext().traceState?.serialize()).toBe(CALLER.tracestate);
    expect({ tracestate: sent.tracestate, baggage: sent.baggage }).toEqual({
      tracestate: CALLER.tracestate,
      baggage: CALLER.baggage,
    });
    expect(new Set(traceStatesOf(spans))).toEqual(new Set([CALLER.tracestate]));
  });

  it('when TRACING_TRUST_CALLER_STATE=true but the traceparent is not trusted, then nothing of the caller is kept', async () => {
    const { server, spans, sent } = await callWithContext({
      TRACING_TRUST_CALLER_STATE: 'true',
      TRACING_TRUST_TRACEPARENT: 'false',
    });
    expect(server.spanContext().traceId).not.toBe(TRACE_ID);
    expect(server.parentSpanContext).toBeUndefined();
    expect({ tracestate: sent.tracestate, baggage: sent.baggage }).toEqual({
      tracestate: undefined,
      baggage: undefined,
    });
    expect(traceStatesOf(spans)).toEqual([]);
  });
});
