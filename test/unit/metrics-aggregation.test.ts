/**
 * WORKERS: the primary serves every worker's registry through prom-client's AggregatorRegistry,
 * which sums each series unless its metric names another aggregator. Every gauge the alert rules
 * (deploy/prometheus) or the Grafana dashboard (deploy/grafana) read has its aggregator decided
 * here, so that an expression written for one gateway reads the same with several workers.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { GatewayMetrics } from '../../src/observability/metrics';
import { vectorSelectors, withGrafanaVariables } from '../deploy/promql';

const DEPLOY = path.resolve(__dirname, '../../deploy');

/**
 * Each gauge an expression reads, and how workers' values of one series combine: the worst
 * state, one value of a constant, the host's total, the slowest worker's tail.
 */
const GAUGE_AGGREGATORS: Record<string, string> = {
  dhg_circuit_state: 'max',
  dhg_response_tier_threshold_seconds: 'first',
  dhg_process_resident_memory_bytes: 'sum',
  dhg_nodejs_eventloop_lag_p99_seconds: 'max',
};

/** The metric names every alert rule and dashboard panel selects. */
function metricNamesRead(): string[] {
  const rules = yaml.load(
    fs.readFileSync(path.join(DEPLOY, 'prometheus/data-holder-gateway.rules.yml'), 'utf8'),
  ) as { groups: { rules: { expr: string }[] }[] };
  const dashboard = fs.readFileSync(
    path.join(DEPLOY, 'grafana/data-holder-gateway.dashboard.json'),
    'utf8',
  );
  const expressions = [
    ...rules.groups.flatMap((g) => g.rules.map((r) => r.expr)),
    ...[...dashboard.matchAll(/"expr": "((?:[^"\\]|\\.)*)"/g)].map(
      (m) => JSON.parse(`"${m[1]!}"`) as string,
    ),
  ];
  const names = expressions
    .flatMap((expr) => vectorSelectors(withGrafanaVariables(expr, '1m')))
    .map((selector) => /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(selector)![0]);
  return [...new Set(names)];
}

/** The primary's aggregate of the workers' registries, as prom-client makes it. */
async function aggregate(
  workers: GatewayMetrics[],
): Promise<MetricObjectWithValues<MetricValue<string>>[]> {
  const json = await Promise.all(workers.map((w) => w.registry.getMetricsAsJSON()));
  return (await AggregatorRegistry.aggregate(json).getMetricsAsJSON()) as MetricObjectWithValues<
    MetricValue<string>
  >[];
}

async function valueOf(
  workers: GatewayMetrics[],
  name: string,
  labels: Record<string, string> = {},
): Promise<number | undefined> {
  const metric = (await aggregate(workers)).find((m) => m.name === name);
  return metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))
    ?.value;
}

const workers = (n: number) =>
  Array.from({ length: n }, () => new GatewayMetrics({ processMetrics: false }));

describe("the workers' metrics, aggregated by the primary", () => {
  const statements = { adapter: 'fineract', circuit: 'statements' };

  it('when one worker has a circuit open, then the aggregate reads 2 (open)', async () => {
    const [a, b] = workers(2);
    a!.setCircuitState('fineract', 'statements', 'open');
    b!.setCircuitState('fineract', 'statements', 'closed');
    expect(await valueOf([a!, b!], 'dhg_circuit_state', statements)).toBe(2);
  });

  it('when two workers have the same circuit open, then the aggregate reads 2, not their sum', async () => {
    const [a, b] = workers(2);
    a!.setCircuitState('fineract', 'statements', 'open');
    b!.setCircuitState('fineract', 'statements', 'open');
    expect(await valueOf([a!, b!], 'dhg_circuit_state', statements)).toBe(2);
  });

  it('when two workers have the same circuit half-open, then the aggregate reads 1, never open', async () => {
    const [a, b] = workers(2);
    a!.setCircuitState('fineract', 'statements', 'half_open');
    b!.setCircuitState('fineract', 'statements', 'half_open');
    expect(await valueOf([a!, b!], 'dhg_circuit_state', statements)).toBe(1);
  });

  it('when three workers run, then the build info reads 1 and each tier threshold its seconds', async () => {
    const three = workers(3);
    three.forEach((w) => w.buildInfo.set({ version: '1.2.3' }, 1));
    expect(await valueOf(three, 'dhg_build_info', { version: '1.2.3' })).toBe(1);
    expect(
      await valueOf(three, 'dhg_response_tier_threshold_seconds', { tier: 'highPriority' }),
    ).toBe(1);
  });

  it('when a gauge is read by an alert rule or a dashboard panel, then its aggregator is the one decided', async () => {
    const registry = new GatewayMetrics().registry;
    const gauges = (await registry.getMetricsAsJSON()).filter((m) => String(m.type) === 'gauge');
    const read = new Set(metricNamesRead());
    const decided = Object.fromEntries(
      gauges.filter((g) => read.has(g.name)).map((g) => [g.name, g.aggregator]),
    );
    expect(decided).toEqual(GAUGE_AGGREGATORS);
  });
});
