/**
 * The spans' resource (tracing on, spans kept by an in-memory exporter): OTEL_RESOURCE_ATTRIBUTES
 * from the environment adds its attributes, read by the SDK's env detector, beside the gateway's
 * `service.name` and `service.version`; its `service.name` replaces the default name, and
 * OTEL_SERVICE_NAME (in the environment or the configuration) wins over it, as the specification
 * says. A value the SDK cannot read is dropped whole, with a warning saying why.
 */
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { gatewayVersion } from '../../src/config/version';
import { RESOURCE_ATTRIBUTES_UNREAD } from '../../src/observability/tracing-sdk';
import { startGateway } from '../helpers/gateway';
import { waitFor } from '../helpers/wait';
import { captureLogger } from '../helpers/log-capture';

const PAYEES = '/v1/banking/customer/c-1001/payees';
const ROUTE = 'GET /v1/banking/customer/{customerId}/payees';
const VARIABLES = ['OTEL_RESOURCE_ATTRIBUTES', 'OTEL_SERVICE_NAME'] as const;

/** Waits for the request's server span (it ends when the response closes). */
async function serverSpan(exporter: InMemorySpanExporter): Promise<ReadableSpan> {
  return waitFor(
    () => exporter.getFinishedSpans().find((s) => s.name === ROUTE),
    `a span named ${ROUTE}`,
  );
}

/**
 * One request on a gateway started with `environment` in the process's environment (where the
 * SDK reads it) and `settings` as its configuration: the server span's resource attributes and
 * the gateway's warnings. Tracing is global to the process: one gateway at a time.
 */
async function resourceWith(
  environment: Partial<Record<(typeof VARIABLES)[number], string>>,
  settings: Record<string, string> = {},
): Promise<{ attributes: Record<string, unknown>; warnings: string[] }> {
  const exporter = new InMemorySpanExporter();
  const captured = captureLogger('warn');
  const before = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
  for (const name of VARIABLES) delete process.env[name];
  Object.assign(process.env, environment);
  try {
    const gw = await startGateway(settings, { traceExporter: exporter, logger: captured.logger });
    try {
      expect((await gw.get(PAYEES)).status).toBe(200);
      const span = await serverSpan(exporter);
      const warnings = captured.lines.map((l) => JSON.parse(l) as { msg: string; reason?: string });
      return {
        attributes: { ...span.resource.attributes },
        warnings: warnings.map((w) => `${w.msg} (${w.reason ?? ''})`),
      };
    } finally {
      await gw.close();
    }
  } finally {
    for (const name of VARIABLES) {
      if (before[name] === undefined) delete process.env[name];
      else process.env[name] = before[name];
    }
  }
}

describe('the resource of the spans', () => {
  it('when OTEL_RESOURCE_ATTRIBUTES is unset, then the spans carry the default service name and the version', async () => {
    const { attributes } = await resourceWith({});
    expect(attributes).toEqual({
      'service.name': 'data-holder-gateway',
      'service.version': gatewayVersion(),
    });
  });

  it('when OTEL_RESOURCE_ATTRIBUTES names attributes, then every span carries them, percent-decoded, beside the service name and version', async () => {
    const { attributes, warnings } = await resourceWith({
      OTEL_RESOURCE_ATTRIBUTES:
        'deployment.environment.name=staging, service.namespace=bank%2Cholder,k8s.pod.name=gw-7',
    });
    expect(attributes).toEqual({
      'service.name': 'data-holder-gateway',
      'service.version': gatewayVersion(),
      'deployment.environment.name': 'staging',
      'service.namespace': 'bank,holder',
      'k8s.pod.name': 'gw-7',
    });
    expect(warnings).toEqual([]);
  });

  it('when OTEL_RESOURCE_ATTRIBUTES names a service.name and OTEL_SERVICE_NAME is unset, then it names the spans', async () => {
    const { attributes } = await resourceWith({
      OTEL_RESOURCE_ATTRIBUTES: 'service.name=holder-gateway-blue,service.namespace=bank',
    });
    expect(attributes['service.name']).toBe('holder-gateway-blue');
    expect(attributes['service.namespace']).toBe('bank');
  });

  it('when OTEL_SERVICE_NAME is set in the environment too, then it wins over the attributes', async () => {
    const { attributes } = await resourceWith({
      OTEL_RESOURCE_ATTRIBUTES: 'service.name=holder-gateway-blue,service.namespace=bank',
      OTEL_SERVICE_NAME: 'holder-gateway',
    });
    expect(attributes['service.name']).toBe('holder-gateway');
    expect(attributes['service.namespace']).toBe('bank');
  });

  it('when OTEL_SERVICE_NAME is set in the configuration, then it wins over the attributes', async () => {
    const { attributes } = await resourceWith(
      { OTEL_RESOURCE_ATTRIBUTES: 'service.name=holder-gateway-blue,service.namespace=bank' },
      { OTEL_SERVICE_NAME: 'holder-gateway-green' },
    );
    expect(attributes['service.name']).toBe('holder-gateway-green');
    expect(attributes['service.namespace']).toBe('bank');
  });

  it('when OTEL_RESOURCE_ATTRIBUTES is not key=value pairs, then none of it is kept and the gateway warns why', async () => {
    const { attributes, warnings } = await resourceWith({
      OTEL_RESOURCE_ATTRIBUTES: 'service.namespace=bank,deployment.environment.name',
    });
    expect(attributes).toEqual({
      'service.name': 'data-holder-gateway',
      'service.version': gatewayVersion(),
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^${RESOURCE_ATTRIBUTES_UNREAD.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(EnvDetector failed: Invalid format for OTEL_RESOURCE_ATTRIBUTES: "deployment.environment.name"`,
      ),
    );
  });
});
