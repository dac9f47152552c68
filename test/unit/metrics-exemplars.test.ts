/**
 * Exemplars on the latency histograms: kept out of the Prometheus text (which has no place for
 * them), rendered in OpenMetrics, and harmless to the workers' aggregate in the primary.
 */
import { AggregatorRegistry } from 'prom-client';
import { GatewayMetrics } from '../../src/observability/metrics';

const LABELS = { route: '/r', method: 'GET', status: '200', tier: 'unattended' };

describe('latency exemplars', () => {
  it('when exemplars are on, then the Prometheus text is as without them and OpenMetrics adds them', async () => {
    const traced = new GatewayMetrics({ processMetrics: false, exemplars: true });
    const plain = new GatewayMetrics({ processMetrics: false });
    for (const metrics of [traced, plain]) {
      metrics.httpDuration.observe(LABELS, 0.02);
      metrics.httpRequests.inc(LABELS);
    }
    // Outside a traced request there is no exemplar to attach: the text is the same.
    expect(await traced.registry.metrics()).toBe(await plain.registry.metrics());
    const open = await traced.openMetrics();
    expect(open).toMatch(/^dhg_http_requests_total\{/m);
    expect(open.endsWith('# EOF\n')).toBe(true);
    // Rendering OpenMetrics leaves the counters' names as the Prometheus text has them.
    expect(await traced.registry.metrics()).toBe(await plain.registry.metrics());
  });

  it("when workers' metrics carry exemplars, then the primary's aggregate is the plain sum", async () => {
    const worker = new GatewayMetrics({ processMetrics: false, exemplars: true });
    worker.httpDuration.observe(LABELS, 0.02);
    const json = await worker.registry.getMetricsAsJSON();
    const text = await AggregatorRegistry.aggregate([json, json]).metrics();
    expect(text).toContain(
      'dhg_http_request_duration_seconds_count{route="/r",method="GET",status="200",tier="unattended"} 2',
    );
    expect(text).not.toContain(' # {');
  });
});
