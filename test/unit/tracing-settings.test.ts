/** The SDK's parts from the `OTEL_*` settings: the sampler, the traces URL; bad values refused. */
import { configFrom } from '../../src/config/config';
import { samplerOf, tracesUrlOf } from '../../src/observability/tracing-sdk';

describe('tracing settings', () => {
  it.each([
    ['always_on', 'AlwaysOnSampler'],
    ['always_off', 'AlwaysOffSampler'],
    ['traceidratio', 'TraceIdRatioBased{0.25}'],
    ['parentbased_always_on', 'ParentBased{root=AlwaysOnSampler'],
    ['parentbased_always_off', 'ParentBased{root=AlwaysOffSampler'],
    ['parentbased_traceidratio', 'ParentBased{root=TraceIdRatioBased{0.25}'],
  ] as const)('when OTEL_TRACES_SAMPLER is %s, then the sampler is %s', (sampler, described) => {
    expect(samplerOf({ sampler, samplerRatio: 0.25 }).toString()).toContain(described);
  });

  it('when only the base endpoint is set, then spans go to its /v1/traces; a traces endpoint is used as given', () => {
    expect(tracesUrlOf({ endpoint: 'http://collector:4318/' })).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      tracesUrlOf({ endpoint: 'http://collector:4318', tracesEndpoint: 'https://c.example/t' }),
    ).toBe('https://c.example/t');
  });

  it('when nothing is set, then tracing is off and the defaults are the standard ones', () => {
    expect(configFrom({}).tracing).toEqual({
      disabled: false,
      exporter: 'none',
      endpoint: 'http://localhost:4318',
      protocol: 'http/protobuf',
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
      serviceName: 'data-holder-gateway',
      propagators: ['tracecontext', 'baggage'],
      trustTraceparent: true,
      trustCallerState: false,
    });
  });

  it.each([
    ['OTEL_TRACES_EXPORTER', 'jaeger'],
    ['OTEL_EXPORTER_OTLP_PROTOCOL', 'grpc'],
    ['OTEL_PROPAGATORS', 'b3'],
    ['OTEL_TRACES_SAMPLER_ARG', '1.5'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
  ])('when %s is %s, then start-up stops naming it', (name, value) => {
    expect(() => configFrom({ [name]: value })).toThrow(name);
  });
});
