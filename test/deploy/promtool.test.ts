/**
 * The alert rules in deploy/prometheus: promtool accepts them and their unit tests pass, and every
 * alert has a unit test and a runbook line in docs/operations.md.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yaml from 'js-yaml';
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
