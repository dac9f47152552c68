/**
 * Tracing off (the default) loads nothing of OpenTelemetry's SDK: with the SDK, the context
 * manager and the undici instrumentation made to throw when loaded, a gateway starts and answers;
 * asked to trace, the same gateway cannot start, so the check bites. (The API package alone is
 * loaded either way: prom-client requires it.)
 */
import { startGateway } from '../helpers/gateway';
import { tracingOn } from '../../src/observability/tracing';

jest.mock('@opentelemetry/sdk-trace', () => {
  throw new Error('@opentelemetry/sdk-trace loaded');
});
jest.mock('@opentelemetry/context-async-hooks', () => {
  throw new Error('@opentelemetry/context-async-hooks loaded');
});
jest.mock('@opentelemetry/instrumentation-undici', () => {
  throw new Error('@opentelemetry/instrumentation-undici loaded');
});

describe('tracing off', () => {
  it("when OTEL_TRACES_EXPORTER is unset, then the gateway answers without loading OpenTelemetry's SDK", async () => {
    const gw = await startGateway();
    try {
      expect(tracingOn()).toBe(false);
      const res = await gw.get('/v1/banking/customer/c-1001/payees');
      expect(res.status).toBe(200);
      expect(res.headers.get('traceparent')).toBeNull();
    } finally {
      await gw.close();
    }
  });

  it('when OTEL_TRACES_EXPORTER=otlp, then starting loads OpenTelemetry (here: refused)', async () => {
    await expect(startGateway({ OTEL_TRACES_EXPORTER: 'otlp' })).rejects.toThrow(
      /@opentelemetry\/[a-z-]+ loaded/,
    );
  });

  it('when OTEL_SDK_DISABLED=true, then OTEL_TRACES_EXPORTER=otlp loads nothing either', async () => {
    const gw = await startGateway({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'true' });
    await gw.close();
    expect(tracingOn()).toBe(false);
  });
});
