/**
 * Payees of the real gateway on the Fineract adapter over the simulator, in each payees source:
 * a Fineract with the self-service plugin (payees served), one without it (a warning, the
 * `/readyz` detail, `resource not implemented`, and the instance still ready), and the source
 * `none` (an empty list, and no self-service request in the simulator's request log).
 */
import pino from 'pino';
import { startFineractSimulator, type FineractSimulator } from '../../simulator/simulator';
import { startGateway, type TestGateway } from '../../../../test/helpers/gateway';

const CUSTOMERS = JSON.stringify({
  '1': { selfServiceUsername: 'client1', selfServicePassword: 'client1-pass' },
});
const PAYEES = '/v1/banking/customer/1/payees';

/** A logger at level warn whose lines the test reads. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { lines, logger };
}

async function start(
  plugin: boolean,
  source?: string,
): Promise<{ sim: FineractSimulator; gw: TestGateway; lines: Record<string, unknown>[] }> {
  const sim = await startFineractSimulator({ port: 0, selfServicePlugin: plugin });
  const { lines, logger } = capturedLogger();
  const gw = await startGateway(
    {
      CORE_ADAPTER: 'fineract',
      FINERACT_BASE_URL: sim.url,
      FINERACT_USERNAME: 'mifos',
      FINERACT_PASSWORD: 'password',
      FINERACT_BSB: '012-345',
      FINERACT_CUSTOMERS: CUSTOMERS,
      ...(source !== undefined ? { FINERACT_PAYEES_SOURCE: source } : {}),
    },
    { logger },
  );
  return { sim, gw, lines };
}

async function readyz(gw: TestGateway) {
  const res = await fetch(`${gw.origin}/readyz`);
  return {
    status: res.status,
    body: (await res.json()) as { dependencies: Record<string, boolean> },
  };
}

/** The warnings about the payees source (other warnings, e.g. of a loaded machine, are not). */
const sourceWarnings = (lines: Record<string, unknown>[]) =>
  lines.filter((l) => l.level === 40 && /self-service plugin/.test(String(l.msg)));

const selfServiceCalls = (sim: FineractSimulator) =>
  sim.requests.filter((r) => r.path.startsWith('/v1/self/'));

describe('Fineract payees by source', () => {
  let sim: FineractSimulator;
  let gw: TestGateway;
  let lines: Record<string, unknown>[];
  afterEach(async () => {
    await gw.close();
    await sim.close();
  });

  it('when Fineract has the self-service plugin, then the payees are served and /readyz says the source is there', async () => {
    ({ sim, gw, lines } = await start(true));
    const res = await gw.get(PAYEES);
    expect(res.status).toBe(200);
    expect((res.body.data.payees as { payeeId: string }[]).map((p) => p.payeeId)).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(selfServiceCalls(sim).map((r) => r.user)).toEqual(['client1']);
    const probe = await readyz(gw);
    expect(probe.status).toBe(200);
    expect(probe.body.dependencies['fineract.payeesSource']).toBe(true);
    expect(sourceWarnings(lines)).toEqual([]);
  });

  it('when the plugin is missing, then payees are not implemented, a warning names the setting and /readyz reports it while staying 200', async () => {
    ({ sim, gw, lines } = await start(false, 'self-service-plugin'));
    const res = await gw.get(PAYEES);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 404,
      body: { error: 'resource not implemented' },
    });
    // The self-service path was asked and Fineract answered 404: no silent empty list.
    expect(selfServiceCalls(sim)).toHaveLength(1);
    const warnings = sourceWarnings(lines);
    expect(warnings.map((l) => l.msg)).toEqual([
      expect.stringMatching(/no self-service plugin.*FINERACT_PAYEES_SOURCE=none/),
    ]);
    expect(JSON.stringify(warnings)).not.toMatch(/client1|password/);
    const probe = await readyz(gw);
    expect(probe.status).toBe(200);
    expect(probe.body.dependencies['fineract.payeesSource']).toBe(false);
    // Not a core outage: the circuit stays closed and the other endpoints still answer.
    expect(probe.body.dependencies.core).toBe(true);
    expect((await gw.get('/v1/common/customer/1/detail')).status).toBe(200);
  });

  it('when the source is none, then a known customer gets an empty list and Fineract is not asked for payees', async () => {
    ({ sim, gw, lines } = await start(false, 'none'));
    const res = await gw.get(PAYEES);
    expect(res.status).toBe(200);
    expect(res.body.data.payees).toEqual([]);
    expect(sim.requests.map((r) => r.path)).toEqual(['/v1/clients/1']);
    expect(selfServiceCalls(sim)).toEqual([]);
    const unknown = await gw.get('/v1/banking/customer/99/payees');
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 404,
      body: { error: 'Customer not found' },
    });
    expect((await readyz(gw)).body.dependencies['fineract.payeesSource']).toBe(true);
    expect(sourceWarnings(lines)).toEqual([]);
  });
});
