/**
 * Every expression of the alert rules (deploy/prometheus) and the Grafana dashboard
 * (deploy/grafana), asked of a real Prometheus that scraped a real gateway under a little load:
 * each expression evaluates, each dashboard expression returns series, and each metric selector
 * in any of them (name and label matchers, as Prometheus's own grammar parses them) returns series.
 * So no misspelt metric, label or label value survives.
 *
 * The load reaches every series the expressions name: answers 200, 403 (a refusal to share), 404
 * and 503, a cache hit and miss, a failing core that opens and closes its circuit (with a retry),
 * a malformed and a replayed token, a token request, and a key set URL failing while the last good
 * keys serve.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { loopbackAdapter, startLoopbackCore, type LoopbackCore } from '../helpers/loopback-core';
import { waitFor } from '../helpers/wait';
import { describeWithBinary, findBinary } from './binaries';
import { startPrometheus, type PrometheusServer } from './prometheus-server';
import { vectorSelectors, withGrafanaVariables } from './promql';

const DEPLOY = path.resolve(__dirname, '../../deploy');
/** What `$__rate_interval` becomes: a window holding many one-second scrapes. */
const WINDOW = '1m';
/** A customer the operator's refusal list flags for harm. */
const REFUSED_CUSTOMER = 'c-4031';

interface Panel {
  title?: string;
  targets?: { expr: string }[];
  panels?: Panel[];
}

function dashboardExpressions(): { where: string; expr: string }[] {
  const dashboard = JSON.parse(
    fs.readFileSync(path.join(DEPLOY, 'grafana/data-holder-gateway.dashboard.json'), 'utf8'),
  ) as { panels: Panel[] };
  const all = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...all(p.panels ?? [])]);
  return all(dashboard.panels).flatMap((p) =>
    (p.targets ?? []).map((t) => ({ where: `panel "${p.title}"`, expr: t.expr })),
  );
}

function alertExpressions(): { where: string; expr: string }[] {
  const rules = yaml.load(
    fs.readFileSync(path.join(DEPLOY, 'prometheus/data-holder-gateway.rules.yml'), 'utf8'),
  ) as { groups: { rules: { alert: string; expr: string }[] }[] };
  return rules.groups
    .flatMap((g) => g.rules)
    .map((r) => ({ where: `alert ${r.alert}`, expr: r.expr }));
}

/** A little of every kind of traffic the expressions look at. */
async function load(gw: TestGateway, core: LoopbackCore): Promise<void> {
  const detail = (id: string) => gw.get(`/v1/common/customer/${id}/detail`);
  for (const id of ['c-1001', 'c-1001', 'c-1001', 'c-1002'])
    expect((await detail(id)).status).toBe(200); // a miss, then hits
  expect((await detail('c-4040')).status).toBe(404);
  expect((await detail(REFUSED_CUSTOMER)).status).toBe(403); // a refusal to share
  expect((await gw.get('/no/such/route')).status).toBe(404);
  expect(
    (
      await gw.get('/v1/common/customer/c-1001/detail', {
        headers: { authorization: 'Bearer x.y.z' },
      })
    ).status,
  ).toBe(401);
  const target = '/v1/common/customer/c-1002/detail';
  const authorization = `Bearer ${await gw.token(target)}`;
  await gw.get(target, { headers: { authorization } });
  expect((await gw.get(target, { headers: { authorization } })).status).toBe(401); // replayed
  const token = await fetch(`${gw.origin}/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=nobody&client_secret=wrong',
  });
  expect(token.status).toBe(401);

  // The core fails (a retry, then 503s), the circuit opens and refuses, then closes again.
  core.mode = { kind: 'status', status: 503 };
  expect((await detail('c-1003')).status).toBe(503);
  expect((await detail('c-1003')).status).toBe(503);
  expect((await detail('c-1003')).status).toBe(503);
  core.mode = { kind: 'ok' };
  // The reset time passed: no circuit open any more, each waits for its trial call.
  await waitFor(
    () => [...gw.gateway.circuits.values()].every((c) => [...c.values()].every((b) => !b.opened)),
    'no circuit open',
  );
  expect((await detail('c-1003')).status).toBe(200);

  // The key set URL fails once the keys are due for refresh: the last good keys serve.
  gw.jwks.failWith = 500;
  const staleServes = async () =>
    (await gw.gateway.metrics.keySetStaleServes.get()).values[0]?.value ?? 0;
  // Until the keys are due (JWKS_MAX_AGE_SECONDS) they serve fresh; then as the last good ones.
  await waitFor(async () => {
    expect((await detail('c-1001')).status).toBe(200);
    return (await staleServes()) > 0;
  }, 'an answer served by the last good keys');
  gw.jwks.failWith = undefined;
}

const prometheusBinary = findBinary('prometheus');

describeWithBinary('prometheus')(
  'alert and dashboard expressions against a real Prometheus',
  () => {
    let core: LoopbackCore;
    let gw: TestGateway;
    let prometheus: PrometheusServer;
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-scrape-'));

    beforeAll(async () => {
      core = await startLoopbackCore();
      const refusals = path.join(files, 'refusals.json');
      fs.writeFileSync(
        refusals,
        JSON.stringify([{ customerId: REFUSED_CUSTOMER, reason: 'harm' }]),
      );
      gw = await startGateway(
        {
          SHARING_REFUSALS_FILE: refusals,
          RETRY_ATTEMPTS: 1,
          CIRCUIT_MIN_VOLUME: 2,
          CIRCUIT_ERROR_PERCENTAGE: 50,
          CIRCUIT_RESET_SECONDS: 0.5,
          JWKS_MAX_AGE_SECONDS: 1,
          DEV_KEYS_DIR: files,
          PLATFORM_CLIENTS_FILE: path.join(files, 'platform-clients.json'),
        },
        { adapter: loopbackAdapter(core) },
      );
      prometheus = await startPrometheus(prometheusBinary!, new URL(gw.origin).host);
      await load(gw, core);
      // rate() needs two samples in its window; a third makes the check independent of timing.
      await prometheus.scrapedSince(Date.now(), 3, 30_000);
    }, 90_000);

    afterAll(async () => {
      await prometheus?.stop();
      await gw?.close();
      await core?.close();
      fs.rmSync(files, { recursive: true, force: true });
    });

    it('when the key set served stale keys, then Prometheus holds a non-zero count of it', async () => {
      const result = await prometheus.query('sum(dhg_jwks_stale_serves_total)');
      expect(Number(result.data?.result[0]?.value[1])).toBeGreaterThan(0);
    });

    it('when each alert and dashboard expression is evaluated, then Prometheus accepts it', async () => {
      const failures: unknown[] = [];
      for (const { where, expr } of [...alertExpressions(), ...dashboardExpressions()]) {
        const result = await prometheus.query(withGrafanaVariables(expr, WINDOW));
        if (result.status !== 'success') failures.push({ where, error: result.error });
      }
      expect(failures).toEqual([]);
    });

    it('when each dashboard expression is evaluated, then it returns series', async () => {
      const empty: string[] = [];
      const expressions = dashboardExpressions();
      expect(expressions.length).toBeGreaterThan(15);
      for (const { where, expr } of expressions) {
        const result = await prometheus.query(withGrafanaVariables(expr, WINDOW));
        if ((result.data?.result.length ?? 0) === 0) empty.push(`${where}: ${expr}`);
      }
      expect(empty).toEqual([]);
    });

    it('when each metric selector of the alerts and the dashboard is asked for, then it returns series', async () => {
      const selectors = new Set(
        [...alertExpressions(), ...dashboardExpressions()].flatMap(({ expr }) =>
          vectorSelectors(withGrafanaVariables(expr, WINDOW)),
        ),
      );
      expect(selectors.size).toBeGreaterThan(10);
      const empty: string[] = [];
      for (const selector of selectors) {
        const result = await prometheus.query(selector);
        if ((result.data?.result.length ?? 0) === 0) empty.push(selector);
      }
      expect(empty).toEqual([]);
    });

    it('when a metric name is misspelt, then the selector check finds no series', async () => {
      const result = await prometheus.query('dhg_http_request_total');
      expect(result.data?.result).toEqual([]);
    });
  },
);
