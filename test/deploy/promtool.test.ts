/**
 * The alert rules in deploy/prometheus: promtool accepts them and their unit tests pass, and every
 * alert has a unit test and a runbook line in docs/operations.md. The circuit alert is also
 * unit-tested on the series a primary serves for one worker and for several (WORKERS), made by
 * prom-client's aggregation of real worker registries.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yaml from 'js-yaml';
import { AggregatorRegistry } from 'prom-client';
import { type CircuitStateName, GatewayMetrics } from '../../src/observability/metrics';
import { describeWithBinary } from './binaries';

const run = promisify(execFile);
const DIR = path.resolve(__dirname, '../../deploy/prometheus');
const RULES = 'data-holder-gateway.rules.yml';
const TESTS = 'data-holder-gateway.rules.test.yml';

interface RuleFile {
  groups: { rules: { alert: string; expr: string }[] }[];
}
interface RuleTests {
  tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
}

const alerts = (yaml.load(fs.readFileSync(path.join(DIR, RULES), 'utf8')) as RuleFile).groups
  .flatMap((g) => g.rules)
  .map((r) => r.alert);

describeWithBinary('promtool')('alert rules, through promtool', () => {
  it('when checked, then promtool finds every rule valid', async () => {
    const { stdout } = await run('promtool', ['check', 'rules', RULES], { cwd: DIR });
    expect(stdout).toContain(`SUCCESS: ${alerts.length} rules found`);
  });

  it('when unit-tested, then every test passes', async () => {
    const { stdout } = await run('promtool', ['test', 'rules', TESTS], { cwd: DIR });
    expect(stdout).toContain('SUCCESS');
  });

  it('when a threshold is broken, then the unit tests fail', async () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-promtool-'));
    try {
      const rules = fs.readFileSync(path.join(DIR, RULES), 'utf8').replace('> 0.01', '> 0.5');
      fs.writeFileSync(path.join(broken, RULES), rules);
      fs.copyFileSync(path.join(DIR, TESTS), path.join(broken, TESTS));
      await expect(run('promtool', ['test', 'rules', TESTS], { cwd: broken })).rejects.toThrow(
        /DhgHigh5xxRate/,
      );
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });
});

/**
 * The `dhg_circuit_state` series the primary's METRICS_PORT serves while each worker's circuit
 * `fineract`/`statements` is in the given state: the workers' registries, aggregated.
 */
async function primarySeries(states: CircuitStateName[]): Promise<string> {
  const registries = await Promise.all(
    states.map((state) => {
      const worker = new GatewayMetrics({ processMetrics: false });
      worker.setCircuitState('fineract', 'statements', state);
      return worker.registry.getMetricsAsJSON();
    }),
  );
  const text = await AggregatorRegistry.aggregate(registries).metrics();
  return /^dhg_circuit_state\{.*$/m.exec(text)![0];
}

/** A promtool unit test of DhgCircuitOpen: closed for 2 minutes, then `series` for 5. */
async function circuitTest(states: CircuitStateName[], fires: boolean): Promise<object> {
  const [selector, value] = (await primarySeries(states)).split(' ');
  return {
    name: `workers' circuits ${states.join(', ')}`,
    interval: '1m',
    input_series: [{ series: selector, values: `0 0 ${value}x5` }],
    alert_rule_test: [
      {
        eval_time: '5m',
        alertname: 'DhgCircuitOpen',
        exp_alerts: fires
          ? [
              {
                exp_labels: { severity: 'critical', adapter: 'fineract', circuit: 'statements' },
                exp_annotations: {
                  summary:
                    'Circuit statements to core fineract is open: its calls are answered 503',
                  runbook: 'docs/operations.md#alerts-and-what-to-do: DhgCircuitOpen',
                },
              },
            ]
          : [],
      },
    ],
  };
}

describeWithBinary('promtool')("the circuit alert on a primary's aggregate of its workers", () => {
  it('when one or several workers have the circuit open, then DhgCircuitOpen fires; half-open ones do not fire it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-promtool-workers-'));
    try {
      const tests = await Promise.all([
        circuitTest(['open'], true),
        circuitTest(['half_open'], false),
        circuitTest(['open', 'open'], true),
        circuitTest(['open', 'closed', 'half_open'], true),
        circuitTest(['half_open', 'half_open'], false),
        circuitTest(['closed', 'closed'], false),
      ]);
      fs.copyFileSync(path.join(DIR, RULES), path.join(dir, RULES));
      fs.writeFileSync(
        path.join(dir, TESTS),
        yaml.dump({ rule_files: [RULES], evaluation_interval: '1m', tests }),
      );
      const { stdout } = await run('promtool', ['test', 'rules', TESTS], { cwd: dir });
      expect(stdout).toContain('SUCCESS');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('alert rules, by their names', () => {
  it('when listed, then each alert has a firing and a quiet unit test', () => {
    const tests = (
      yaml.load(fs.readFileSync(path.join(DIR, TESTS), 'utf8')) as RuleTests
    ).tests.flatMap((t) => t.alert_rule_test);
    for (const alert of alerts) {
      const cases = tests.filter((t) => t.alertname === alert);
      expect({ alert, fires: cases.some((c) => c.exp_alerts.length > 0) }).toEqual({
        alert,
        fires: true,
      });
      expect({ alert, quiet: cases.some((c) => c.exp_alerts.length === 0) }).toEqual({
        alert,
        quiet: true,
      });
    }
  });

  it('when an alert fires, then docs/operations.md says what to do about it', () => {
    const operations = fs.readFileSync(path.resolve(DIR, '../../docs/operations.md'), 'utf8');
    const section = operations.slice(operations.indexOf('### Alerts and what to do'));
    for (const alert of alerts) expect(section).toMatch(new RegExp(`\\| \`${alert}\` +\\|`));
  });
});
