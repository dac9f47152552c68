/**
 * The operator's refusal list (`SHARING_REFUSALS_FILE`, docs/operations.md "Refusing to share")
 * through the real app on the bundled demo data: read at start, re-read when the file changes
 * (rewritten in place, renamed over by an editor, swapped by a Kubernetes ConfigMap symlink), a
 * bad re-read keeping the last good list, a bad file stopping start-up and `check`;
 * `BODY_ID_NOT_FOUND_STATUS`; the refusal count; and a passed-through family refused before its
 * upstream is asked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkCommand } from '../../src/cli/check';
import { startGateway, type TestGateway, type TestResponse } from '../helpers/gateway';
import { proxySettings, startUpstreamGateway, type Upstream } from '../helpers/upstream';
import { waitFor } from '../helpers/wait';

type Entry = { customerId: string; accountId?: string; reason: string };

/** The list the tests start from. */
const LIST: Entry[] = [
  { customerId: 'c-1003', reason: 'harm' },
  { customerId: 'c-1002', reason: 'suspended' },
  { customerId: 'c-1001', accountId: 'acc-b-1001-01', reason: 'harm' },
  { customerId: 'c-1001', accountId: 'acc-e-1001-01', reason: 'blocked' },
];

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-refusals-'));
}

/** Writes `entries` as a new file renamed over `file`, as editors and deploy tools save. */
function replaceFile(file: string, content: unknown): void {
  const next = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(next, typeof content === 'string' ? content : JSON.stringify(content));
  fs.renameSync(next, file);
}

const header = (res: TestResponse) => res.headers.get('x-sharing-refused');
const expectAnswer = (res: TestResponse, status: number, body: unknown, refused: boolean) =>
  expect({ status: res.status, body: res.body, header: header(res) }).toEqual({
    status,
    body,
    header: refused ? 'true' : null,
  });

/** Asks until `check` holds: the file is re-read asynchronously. */
const eventually = (check: () => Promise<boolean>) => waitFor(check, 'the list re-read');

const detail = (c: string) => `/v1/common/customer/${c}/detail`;
const accountsOf = (gw: TestGateway, c: string) =>
  gw
    .get(`/auth/v1/customer/${c}/accounts`)
    .then((res) => res.body.accounts?.map((a: { accountId: string }) => a.accountId) as string[]);

describe('the operator refusal list', () => {
  let dir: string;
  let file: string;
  let gw: TestGateway;
  beforeAll(async () => {
    dir = tempDir();
    file = path.join(dir, 'refusals.json');
    fs.writeFileSync(file, JSON.stringify(LIST));
    gw = await startGateway({ SHARING_REFUSALS_FILE: file });
  });
  afterAll(() => gw.close());

  describe('as read at start', () => {
    it('when a customer flagged for harm asks for anything, then it is 403 Sharing refused with the header', async () => {
      for (const p of [detail('c-1003'), '/auth/v1/customer/c-1003/accounts'])
        expectAnswer(await gw.get(p), 403, { error: 'Sharing refused' }, true);
      const fdx = await gw.get('/fdx/v6/customer/c-1003/accounts/x/statements', {
        headers: { 'x-request-id': 'r-1' },
      });
      expectAnswer(
        fdx,
        403,
        { code: 403, message: 'Sharing refused', debugMessage: 'request r-1' },
        true,
      );
    });

    it('when a customer flagged for harm sends a malformed FDX request, then the request error answers first, without the header', async () => {
      const res = await gw.get('/fdx/v6/customer/c-1003/accounts/x/transactions', {
        headers: { 'x-request-id': 'r-2' },
      });
      expectAnswer(
        res,
        400,
        { code: 702, message: 'Invalid start or end date', debugMessage: 'request r-2' },
        false,
      );
    });

    it('when a whole customer is suspended, then its lists are empty and its accounts refused, but its detail is served', async () => {
      expect(await accountsOf(gw, 'c-1002')).toEqual([]);
      const list = await gw.get('/v1/banking/customer/c-1002/accounts');
      expect(list.body.data.accounts).toEqual([]);
      expectAnswer(
        await gw.get('/v1/banking/customer/c-1002/accounts/acc-b-1002-01/payments/scheduled'),
        404,
        { error: 'Account not found' },
        true,
      );
      expect((await gw.get(detail('c-1002'))).status).toBe(200);
    });

    it('when an account is flagged for harm, then row 1 still lists it but its data is 403 by path and by body', async () => {
      expect(await accountsOf(gw, 'c-1001')).toContain('acc-b-1001-01');
      expectAnswer(
        await gw.get('/v1/banking/customer/c-1001/accounts/acc-b-1001-01/payments/scheduled'),
        403,
        { error: 'Sharing refused' },
        true,
      );
      expectAnswer(
        await gw.post('/v1/banking/customer/c-1001/accounts/balances', {
          data: { accountIds: ['acc-b-1001-02', 'acc-b-1001-01'] },
        }),
        403,
        { error: 'Sharing refused' },
        true,
      );
    });

    it('when an account is flagged for harm, then the deprecated list leaves it out (it carries its detail)', async () => {
      const res = await gw.get('/v1/banking/customer/c-1001/accounts?page-size=1000');
      const ids = res.body.data.accounts.map((a: { accountId: string }) => a.accountId);
      expect(ids).not.toContain('acc-b-1001-01');
      expect(ids).toContain('acc-b-1001-02');
      expect(header(res)).toBeNull();
    });

    it('when an account is blocked by the operator, then row 1 leaves it out and its path is 404 with the header', async () => {
      expect(await accountsOf(gw, 'c-1001')).not.toContain('acc-e-1001-01');
      expectAnswer(
        await gw.get('/v1/energy/customer/c-1001/accounts/acc-e-1001-01/concessions'),
        404,
        { error: 'Account not found' },
        true,
      );
    });
  });

  describe('re-read when the file changes', () => {
    /** Re-reads that failed so far. */
    const failures = () =>
      gw.gateway.metrics.sharingRefusalListReloads
        .get()
        .then((m) => m.values.find((v) => v.labels.outcome === 'error')?.value ?? 0);

    it('when the file is renamed over, then the new list is in force without a restart', async () => {
      replaceFile(file, [...LIST.slice(1), { customerId: 'c-2001', reason: 'harm' }]);
      await eventually(async () => (await gw.get(detail('c-1003'))).status === 200);
      expectAnswer(await gw.get(detail('c-2001')), 403, { error: 'Sharing refused' }, true);
    });

    it('when the file is rewritten in place, then the new list is in force', async () => {
      fs.writeFileSync(file, JSON.stringify(LIST));
      await eventually(async () => (await gw.get(detail('c-1003'))).status === 403);
      expect((await gw.get(detail('c-2001'))).status).toBe(200);
    });

    it('when a re-read finds a bad file, then the last good list stays, the failure is counted, and a good file is read again', async () => {
      const before = await failures();
      replaceFile(file, '[{"customerId": "c-1003", "reason": "maybe"}]');
      await eventually(async () => (await failures()) > before);
      expect((await gw.get(detail('c-1003'))).status).toBe(403);
      replaceFile(file, [{ customerId: 'c-2002', reason: 'harm' }]);
      await eventually(async () => (await gw.get(detail('c-1003'))).status === 200);
    });

    it('when the file is removed, then the last good list stays', async () => {
      replaceFile(file, [{ customerId: 'c-1003', reason: 'harm' }]);
      await eventually(async () => (await gw.get(detail('c-1003'))).status === 403);
      const before = await failures();
      fs.rmSync(file);
      // The removal is noticed: a re-read that finds no file fails.
      await eventually(async () => (await failures()) > before);
      expect((await gw.get(detail('c-1003'))).status).toBe(403);
      fs.writeFileSync(file, '[]');
      await eventually(async () => (await gw.get(detail('c-1003'))).status === 200);
    });
  });
});

describe('the operator refusal list in a Kubernetes ConfigMap volume', () => {
  it('when the ..data symlink is swapped to a new version, then the new list is in force', async () => {
    // The kubelet's layout: refusals.json -> ..data/refusals.json, ..data -> ..<version>/.
    const dir = tempDir();
    const version = (name: string, entries: Entry[]) => {
      fs.mkdirSync(path.join(dir, name));
      fs.writeFileSync(path.join(dir, name, 'refusals.json'), JSON.stringify(entries));
    };
    version('..v1', [{ customerId: 'c-1003', reason: 'harm' }]);
    fs.symlinkSync('..v1', path.join(dir, '..data'));
    fs.symlinkSync('..data/refusals.json', path.join(dir, 'refusals.json'));
    const gw = await startGateway({ SHARING_REFUSALS_FILE: path.join(dir, 'refusals.json') });
    try {
      expect((await gw.get(detail('c-1003'))).status).toBe(403);
      version('..v2', [{ customerId: 'c-1002', reason: 'harm' }]);
      fs.symlinkSync('..v2', path.join(dir, '..data_tmp'));
      fs.renameSync(path.join(dir, '..data_tmp'), path.join(dir, '..data'));
      fs.rmSync(path.join(dir, '..v1'), { recursive: true });
      await eventually(async () => (await gw.get(detail('c-1003'))).status === 200);
      expect((await gw.get(detail('c-1002'))).status).toBe(403);
    } finally {
      await gw.close();
    }
  });
});

describe('a malformed refusal file', () => {
  const bad = () => {
    const file = path.join(tempDir(), 'refusals.json');
    fs.writeFileSync(
      file,
      JSON.stringify([
        { customerId: 'c-1001', reason: 'harm' },
        { customerId: 'c-1002', reason: 'maybe' },
        { customerId: ' c-1003', accountId: '', reason: 'blocked', note: 'x' },
      ]),
    );
    return file;
  };

  it('when the gateway starts, then it stops naming the file and every bad entry, never an id', async () => {
    const file = bad();
    await expect(startGateway({ SHARING_REFUSALS_FILE: file })).rejects.toThrow(
      [
        'Invalid configuration:',
        `  - SHARING_REFUSALS_FILE: ${file}: /1/reason: must be one of "harm", "blocked", "suspended"`,
        `  - SHARING_REFUSALS_FILE: ${file}: /2: unknown field "note"`,
        `  - SHARING_REFUSALS_FILE: ${file}: /2/customerId: must be a non-empty string without surrounding spaces`,
        `  - SHARING_REFUSALS_FILE: ${file}: /2/accountId: must be a non-empty string without surrounding spaces, or absent for the whole customer`,
      ].join('\n'),
    );
  });

  it('when check runs, then it exits 1 with the same problems', async () => {
    const file = bad();
    const err: string[] = [];
    const code = await checkCommand(
      [],
      { out: () => undefined, err: (t) => err.push(t) },
      {
        SHARING_REFUSALS_FILE: file,
      },
    );
    expect(code).toBe(1);
    expect(err.join('\n')).toContain(`SHARING_REFUSALS_FILE: ${file}: /1/reason: must be one of`);
  });

  it.each([
    ['not JSON', '[{"customerId": "c-1", ', 'not valid JSON'],
    ['not an array', '{"customerId": "c-1"}', 'must hold a JSON array'],
    [
      'one account twice with two reasons',
      '[{"customerId":"c","accountId":"a","reason":"harm"},{"customerId":"c","accountId":"a","reason":"blocked"}]',
      '/1: names the same customer and account as /0 with another reason',
    ],
  ])('when the file is %s, then check names it', async (_n, text, problem) => {
    const file = path.join(tempDir(), 'refusals.json');
    fs.writeFileSync(file, text);
    const err: string[] = [];
    const code = await checkCommand(
      [],
      { out: () => undefined, err: (t) => err.push(t) },
      {
        SHARING_REFUSALS_FILE: file,
      },
    );
    expect({ code, problem: err.join('\n').includes(`${file}: ${problem}`) }).toEqual({
      code: 1,
      problem: true,
    });
  });

  it('when the file is missing, then check names it', async () => {
    const file = path.join(tempDir(), 'absent.json');
    const err: string[] = [];
    await checkCommand(
      [],
      { out: () => undefined, err: (t) => err.push(t) },
      {
        SHARING_REFUSALS_FILE: file,
      },
    );
    expect(err.join('\n')).toContain(
      `SHARING_REFUSALS_FILE: ${file}: cannot read the file (ENOENT)`,
    );
  });

  it('when the file is good, then check exits 0', async () => {
    const file = path.join(tempDir(), 'refusals.json');
    fs.writeFileSync(file, JSON.stringify(LIST));
    expect(
      await checkCommand(
        [],
        { out: () => undefined, err: () => undefined },
        {
          SHARING_REFUSALS_FILE: file,
        },
      ),
    ).toBe(0);
  });
});

describe('BODY_ID_NOT_FOUND_STATUS=422', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ BODY_ID_NOT_FOUND_STATUS: 422 });
  });
  afterAll(() => gw.close());
  const balances = (c: string, ids: string[]) =>
    gw.post(`/v1/banking/customer/${c}/accounts/balances`, { data: { accountIds: ids } });

  it('when a body id is unknown, then it is 422 Account in query not found without the header', async () => {
    expectAnswer(
      await balances('c-1001', ['nope']),
      422,
      { error: 'Account in query not found' },
      false,
    );
  });

  it('when a body id is blocked, then it is 422 Account in query not found with the header', async () => {
    expectAnswer(
      await balances('c-2001', ['acc-b-2001-02']),
      422,
      { error: 'Account in query not found' },
      true,
    );
  });

  it('when a path id is blocked, then it is still 404 Account not found with the header', async () => {
    expectAnswer(
      await gw.get('/v1/banking/customer/c-2001/accounts/acc-b-2001-02/payments/scheduled'),
      404,
      { error: 'Account not found' },
      true,
    );
  });
});

describe('the refusal count', () => {
  it('when requests are refused, then dhg_sharing_refusals_total counts them by reason and route template, never by id', async () => {
    const gw = await startGateway();
    try {
      await gw.get('/v1/banking/customer/c-2001/accounts/acc-b-2001-02/payments/scheduled');
      await gw.get('/v1/banking/customer/c-2001/accounts/acc-b-2001-03/payments/scheduled');
      await gw.get('/v1/banking/customer/c-2001/accounts/acc-b-2001-03/payments/scheduled');
      await gw.get(detail('c-2002'));
      await gw.get('/v1/banking/customer/c-2001/accounts/nope/payments/scheduled');
      const text = await gw.gateway.metrics.registry.getSingleMetricAsString(
        'dhg_sharing_refusals_total',
      );
      const scheduled = '/v1/banking/customer/{customerId}/accounts/{accountId}/payments/scheduled';
      const lines = text.split('\n').filter((l) => l.startsWith('dhg_sharing_refusals_total{'));
      expect(lines.sort()).toEqual(
        [
          `dhg_sharing_refusals_total{reason="blocked",route="${scheduled}"} 1`,
          `dhg_sharing_refusals_total{reason="suspended",route="${scheduled}"} 2`,
          `dhg_sharing_refusals_total{reason="harm",route="/v1/common/customer/{customerId}/detail"} 1`,
        ].sort(),
      );
      expect(text).not.toMatch(/c-2001|acc-b-2001/);
    } finally {
      await gw.close();
    }
  });
});

describe('the operator list on a passed-through family', () => {
  const CREDENTIAL = 'Basic dXBzdHJlYW06cmVmdXNhbHM=';
  let upstream: Upstream;
  let gw: TestGateway;
  beforeAll(async () => {
    const file = path.join(tempDir(), 'refusals.json');
    fs.writeFileSync(
      file,
      JSON.stringify([
        { customerId: 'c-1001', accountId: 'acc-b-1001-01', reason: 'suspended' },
        { customerId: 'c-1003', reason: 'harm' },
      ]),
    );
    upstream = await startUpstreamGateway({
      mount: '/core',
      credential: CREDENTIAL,
      space: '/v1/banking',
    });
    const settings = proxySettings('bank', {
      baseUrl: upstream.baseUrl,
      authorization: CREDENTIAL,
    });
    gw = await startGateway(
      { SHARING_REFUSALS_FILE: file },
      { passThrough: [{ family: 'banking', id: 'bank', settings }] },
    );
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  it('when a path or body id is refused by the operator, then the gateway answers before the upstream, with the header', async () => {
    expectAnswer(
      await gw.get('/v1/banking/customer/c-1001/accounts/acc-b-1001-01/payments/scheduled'),
      404,
      { error: 'Account not found' },
      true,
    );
    expectAnswer(
      await gw.post('/v1/banking/customer/c-1001/accounts/balances', {
        data: { accountIds: ['acc-b-1001-01'] },
      }),
      404,
      { error: 'Account in query not found' },
      true,
    );
    expectAnswer(
      await gw.get('/v1/banking/customer/c-1003/payees'),
      403,
      { error: 'Sharing refused' },
      true,
    );
    expect(upstream.received).toEqual([]);
    const served = await gw.post('/v1/banking/customer/c-1001/accounts/balances', {
      data: { accountIds: ['acc-b-1001-02'] },
    });
    expect({ status: served.status, header: header(served) }).toEqual({
      status: 200,
      header: null,
    });
    expect(upstream.received).toHaveLength(1);
  });
});
