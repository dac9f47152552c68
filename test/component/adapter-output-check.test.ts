/**
 * ADAPTER_OUTPUT_CHECK: an adapter whose answers break the contracts (numbers for money, lower-case
 * enums) is counted and logged without values under `log`, refused under `enforce`, and served
 * untouched under `off`; the demo adapter's answers all conform, refusals to share included.
 */
import path from 'node:path';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import type { CoreAdapter } from '../../src/ports';
import { configFrom } from '../../src/config/config';
import { GatewayMetrics } from '../../src/observability/metrics';
import { answerCheckLayer } from '../../src/core-call/answer-check';
import { through } from '../../src/core-call/core-call';
import { CoreCallEvents } from '../../src/core-call/events';
import { portStep } from '../../src/core-call/ports';
import { observeCoreCalls } from '../../src/observability/core-call-observers';
import { answerMismatches } from '../../src/resilience/output-check';
import { operations } from '../../src/ports/operations';
import { captureLogger } from '../helpers/log-capture';
import { startGateway, type TestGateway } from '../helpers/gateway';

const SAMPLE = path.join(__dirname, '../../adapters/demo/data/sample.json');
const BALANCES = '/v1/banking/customer/c-1001/accounts/balances';
const LIST = '/auth/v1/customer/c-1001/accounts';

/** The demo adapter, with balances as numbers and the list's open status in lower case. */
function sloppyAdapter(): CoreAdapter {
  const demo = createDemoAdapter(loadDemoData(SAMPLE));
  return {
    ...demo,
    authorisation: {
      async listShareableAccounts(customerId, ctx) {
        const records = await demo.authorisation.listShareableAccounts(customerId, ctx);
        return records.map((r) => ({ ...r, openStatus: r.openStatus.toLowerCase() as 'OPEN' }));
      },
    },
    fdx: {
      ...demo.fdx!,
      async listTransactions(customerId, accountId, window, page, ctx) {
        const found = await demo.fdx!.listTransactions(customerId, accountId, window, page, ctx);
        return {
          ...found,
          records: found.records.map((t) => ({ ...t, status: t.status.toLowerCase() as 'POSTED' })),
        };
      },
    },
    banking: {
      ...demo.banking!,
      async listBalances(customerId, accountIds, ctx) {
        const balances = await demo.banking!.listBalances(customerId, accountIds, ctx);
        return balances.map((b) => ({
          ...b,
          currentBalance: Number(b.currentBalance) as unknown as string,
        }));
      },
    },
  };
}

async function metricValue(gw: TestGateway, operation: string): Promise<number | undefined> {
  const text = await (await fetch(`${gw.origin}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('dhg_adapter_nonconforming_total{') && l.includes(`operation="${operation}"`),
    );
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

async function withSloppy(
  env: Record<string, string>,
  body: (gw: TestGateway, lines: string[]) => Promise<void>,
) {
  const { logger, lines } = captureLogger('info');
  const gw = await startGateway(
    { ADAPTER_OUTPUT_CHECK_SAMPLE: '1', ...env },
    { adapter: sloppyAdapter(), logger },
  );
  try {
    await body(gw, lines);
  } finally {
    await gw.close();
  }
}

const balancesBody = { data: { accountIds: ['acc-b-1001-01'] } };

describe('adapter answers against the contracts', () => {
  it('when the check is log (the default) with every answer sampled and an adapter returns a number for money, then the answer is served, counted and logged with the schema path and no value', async () => {
    await withSloppy({}, async (gw, lines) => {
      const res = await gw.post(BALANCES, balancesBody);
      expect(res.status).toBe(200);
      const served = res.body.data.balances[0].currentBalance;
      expect(typeof served).toBe('number');
      expect(await metricValue(gw, 'banking.listBalances')).toBe(1);
      const logged = lines
        .map((l) => JSON.parse(l))
        .filter((l) => l.msg === 'adapter answer out of contract');
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({
        level: 40, // warn
        adapter: 'demo',
        operation: 'banking.listBalances',
        enforced: false,
        mismatches: [
          {
            path: '/0/currentBalance',
            keyword: 'type',
            schemaPath: 'common.json#/$defs/AmountString/type',
          },
        ],
      });
      const line = lines.find((l) => l.includes('adapter answer out of contract'))!;
      expect(line).not.toContain(String(served));
    });
  });

  it('when the check is log and an adapter returns a lower-case enum, then the list is served and the enum path is logged, not its value', async () => {
    await withSloppy({}, async (gw, lines) => {
      const res = await gw.get(LIST);
      expect(res.status).toBe(200);
      expect(await metricValue(gw, 'authorisation.listShareableAccounts')).toBe(1);
      const line = lines.find((l) => l.includes('adapter answer out of contract'))!;
      const logged = JSON.parse(line);
      expect(logged.mismatches[0]).toEqual({
        path: '/0/openStatus',
        keyword: 'enum',
        schemaPath: 'common.json#/$defs/OpenStatus/enum',
      });
      expect(line).not.toMatch(/"open"|"closed"/);
    });
  });

  it('when the check is enforce, then an answer out of contract fails as a core error (502) in its family body', async () => {
    await withSloppy({ ADAPTER_OUTPUT_CHECK: 'enforce' }, async (gw, lines) => {
      const res = await gw.post(BALANCES, balancesBody);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 502,
        body: { error: 'Bad gateway' },
      });
      const list = await gw.get(LIST);
      expect({ status: list.status, body: list.body }).toEqual({
        status: 502,
        body: { error: 'Bad gateway' },
      });
      expect(await metricValue(gw, 'banking.listBalances')).toBe(1);
      expect(lines.some((l) => l.includes('"enforced":true'))).toBe(true);
      const fdx = await gw.get(
        '/fdx/v6/customer/c-1001/accounts/acc-b-1001-01/transactions?startTime=2026-01-01&endTime=2026-11-20',
        {
          headers: { 'x-request-id': 'fdx-1' },
        },
      );
      expect({ status: fdx.status, body: fdx.body }).toEqual({
        status: 502,
        body: { code: 502, message: 'Bad gateway', debugMessage: 'request fdx-1' },
      });
      // An answer that conforms is served as before.
      const detail = await gw.get('/v1/common/customer/c-1001/detail');
      expect(detail.status).toBe(200);
    });
  });

  it('when the check is off, then the answer passes untouched, uncounted and unlogged', async () => {
    await withSloppy({ ADAPTER_OUTPUT_CHECK: 'off' }, async (gw, lines) => {
      const res = await gw.post(BALANCES, balancesBody);
      expect(res.status).toBe(200);
      expect(typeof res.body.data.balances[0].currentBalance).toBe('number');
      expect(await metricValue(gw, 'banking.listBalances')).toBeUndefined();
      expect(lines.some((l) => l.includes('adapter answer out of contract'))).toBe(false);
    });
  });

  it('when the sample is 0 under log, then nothing is checked', async () => {
    await withSloppy({ ADAPTER_OUTPUT_CHECK_SAMPLE: '0' }, async (gw) => {
      expect((await gw.post(BALANCES, balancesBody)).status).toBe(200);
      expect(await metricValue(gw, 'banking.listBalances')).toBeUndefined();
    });
  });

  it('when a cached answer is served again, then it is not checked again (the check sits under the cache)', async () => {
    await withSloppy({}, async (gw) => {
      await gw.get(LIST);
      await gw.get(LIST);
      expect(await metricValue(gw, 'authorisation.listShareableAccounts')).toBe(1);
    });
  });
});

/** Requests of c-2001 (a blocked and a suspended account) and c-2002 (flagged for harm). */
const REFUSAL_REQUESTS: [method: 'GET' | 'POST', path: string, ids?: string[]][] = [
  ['GET', '/auth/v1/customer/c-2001/accounts'],
  ['GET', '/v1/banking/customer/c-2001/accounts'],
  ['GET', '/v1/energy/customer/c-2001/accounts'],
  ['POST', '/v1/banking/customer/c-2001/accounts', ['acc-b-2001-01']],
  ['POST', '/v1/banking/customer/c-2001/accounts', ['acc-b-2001-03']],
  ['POST', '/v1/banking/customer/c-2001/accounts/balances', ['acc-b-2001-01', 'acc-b-2001-02']],
  ['POST', '/v1/energy/customer/c-2001/accounts', ['acc-e-2001-01', 'acc-e-2001-02']],
  ['GET', '/v1/banking/customer/c-2001/accounts/acc-b-2001-01'],
  ['GET', '/v1/banking/customer/c-2001/accounts/acc-b-2001-02/payments/scheduled'],
  ['GET', '/v1/energy/customer/c-2001/accounts/acc-e-2001-02/invoices'],
  ['POST', '/fdx/v6/customer/c-2001/accounts', ['acc-b-2001-01', 'acc-b-2001-03']],
  ['GET', '/fdx/v6/customer/c-2001/accounts/acc-b-2001-01'],
  ['GET', '/fdx/v6/customer/c-2001/accounts/acc-b-2001-01/statements'],
  ['GET', '/fdx/v6/customer/c-2001/accounts/acc-b-2001-02/statements'],
  ['GET', '/auth/v1/customer/c-2002/accounts'],
  ['GET', '/v1/common/customer/c-2002/detail'],
];

/** Every refusal request's status, body and refusal header, as one gateway answers them. */
async function refusalAnswers(gw: TestGateway) {
  const answers: { request: string; status: number; body: unknown; refused: string | null }[] = [];
  for (const [method, target, ids] of REFUSAL_REQUESTS) {
    const res = await gw.request(method, target, {
      headers: { 'x-request-id': 'refusal-check' },
      ...(ids ? { body: { data: { accountIds: ids } } } : {}),
    });
    const refused = res.headers.get('x-sharing-refused');
    answers.push({ request: `${method} ${target}`, status: res.status, body: res.body, refused });
  }
  return answers;
}

describe('refusals to share under the answer check', () => {
  it('when ADAPTER_OUTPUT_CHECK is enforce on the demo core, then c-2001’s lists and refusals and c-2002’s are served exactly as without the check, and nothing is counted out of contract', async () => {
    const off = await startGateway({ ADAPTER_OUTPUT_CHECK: 'off' });
    const enforced = await startGateway({ ADAPTER_OUTPUT_CHECK: 'enforce' });
    try {
      const expected = await refusalAnswers(off);
      // The comparison covers lists, refusals by path and body, and harm (not only errors).
      expect(new Set(expected.map((a) => a.status))).toEqual(new Set([200, 403, 404]));
      expect(expected.filter((a) => a.refused === 'true').length).toBeGreaterThan(3);
      expect(await refusalAnswers(enforced)).toEqual(expected);
      const metrics = await (await fetch(`${enforced.origin}/metrics`)).text();
      expect(
        metrics.split('\n').filter((l) => l.startsWith('dhg_adapter_nonconforming_total{')),
      ).toEqual([]);
    } finally {
      await off.close();
      await enforced.close();
    }
  });
});

describe('sampling under log', () => {
  it('when the sample is the default (0.02), then an answer is checked exactly when the draw falls under it', async () => {
    const { sample } = configFrom({}).adapterOutputCheck;
    expect(sample).toBe(0.02);
    const metrics = new GatewayMetrics({ processMetrics: false });
    const { logger } = captureLogger('silent');
    const draws = [0.5, 0.019, 0.02, 0.0];
    const events = new CoreCallEvents();
    observeCoreCalls(events, metrics);
    const random = () => draws.shift()!;
    const check = answerCheckLayer('demo', { mode: 'log', sample, random }, events, logger);
    const checked = through([check], portStep(sloppyAdapter()));
    const operation = operations().find((op) => op.name === 'banking.listBalances')!;
    const scope = { requestId: 'r', request: {} };
    for (let i = 0; i < 4; i += 1)
      await checked({ operation, args: ['c-1001', ['acc-b-1001-01']], scope });
    const counted = await metrics.adapterNonconforming.get();
    expect(counted.values.map((v) => v.value)).toEqual([2]);
  });
});

describe('the answer contracts', () => {
  it('when every operation of the demo adapter answers for its customers, then every answer conforms', async () => {
    const demo = createDemoAdapter(loadDemoData(SAMPLE));
    const ctx = { signal: new AbortController().signal, requestId: 'r' };
    const calls: Record<string, (customerId: string, accountIds: string[]) => Promise<unknown>> = {
      'authorisation.listShareableAccounts': (c) =>
        demo.authorisation.listShareableAccounts(c, ctx),
      'customer.getCustomerDetail': (c) => demo.customer.getCustomerDetail(c, ctx),
      'banking.listAccounts': (c) => demo.banking!.listAccounts(c, ctx),
      'banking.listBalances': (c, ids) => demo.banking!.listBalances(c, ids, ctx),
      'banking.listDirectDebits': (c, ids) => demo.banking!.listDirectDebits(c, ids, ctx),
      'banking.listScheduledPayments': (c, ids) => demo.banking!.listScheduledPayments(c, ids, ctx),
      'banking.listInstalmentPlans': (c, ids) => demo.banking!.listInstalmentPlans(c, ids, ctx),
      'banking.listPayees': (c) => demo.banking!.listPayees(c, ctx),
      'energy.listAccounts': (c) => demo.energy!.listAccounts(c, ctx),
      'energy.listInvoices': (c, ids) =>
        demo.energy!.listInvoices(c, ids, { oldest: '2000-01-01', newest: '2100-01-01' }, ctx),
      'fdx.listTransactions': (c, ids) =>
        demo.fdx!.listTransactions(c, ids[0]!, {}, { limit: 50 }, ctx),
      'fdx.listStatements': (c, ids) =>
        demo.fdx!.listStatements(c, ids[0]!, {}, { limit: 50 }, ctx),
      'fdx.getAccountInfo': (c, ids) => demo.fdx!.getAccountInfo(c, ids[0]!, ctx),
      'products.listProducts': () => demo.products!.listProducts({}, ctx),
    };
    for (const customerId of ['c-1001', 'c-1002']) {
      const banking = (await demo.banking!.listAccounts(customerId, ctx)).map((a) => a.accountId);
      const energy = (await demo.energy!.listAccounts(customerId, ctx)).map((a) => a.accountId);
      for (const [name, call] of Object.entries(calls)) {
        const ids = name.startsWith('energy') ? energy : banking;
        if (ids.length === 0 && name !== 'products.listProducts') continue;
        const [port, method] = name.split('.') as [string, string];
        expect({
          name,
          mismatches: answerMismatches(port, method, await call(customerId, ids)),
        }).toEqual({
          name,
          mismatches: [],
        });
      }
    }
  });

  it('when account refs carry the check’s fields only, then they conform; another field or reason does not', () => {
    const refs = [
      { accountId: 'a-1', openStatus: 'OPEN', isOwned: true, productCategory: 'PERS_LOANS' },
      { accountId: 'a-2', sharingRefusal: 'harm' },
    ];
    for (const port of ['banking', 'energy'])
      expect(answerMismatches(port, 'listAccountRefs', refs)).toEqual([]);
    const keywords = (answer: unknown) =>
      answerMismatches('banking', 'listAccountRefs', answer).map((m) => m.keyword);
    expect(keywords([{ accountId: 'a-1', displayName: 'Savings' }])).toEqual([
      'additionalProperties',
    ]);
    expect(keywords([{ accountId: 'a-1', sharingRefusal: 'frozen' }])).toEqual(['enum']);
    expect(keywords([{ openStatus: 'OPEN' }])).toEqual(['required']);
  });

  it('when an operation answers a stream, then it has no answer contract; every other has one', () => {
    const unchecked = operations().filter(
      (op) => answerMismatches(op.port, op.method, Symbol('not data')).length === 0,
    );
    expect(unchecked.map((op) => op.name)).toEqual(['fdx.getStatementDocument']);
  });
});
