/**
 * Opaque ids end to end on the demo core (ID_ENCODING=opaque): what the platform sees is never a
 * core's id, names the same record on every instance and after a restart, and an id that is not
 * the gateway's (tampered, forged, or a joint account's id under its other holder) is the family's
 * unknown-id answer with no core call.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXTERNAL_ID_PATTERN } from '../../src/ids/id-codec';

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
import { loadTemenosDataset } from '../../adapters/temenos/simulator/dataset';
import {
  startTemenosSimulator,
  type TemenosSimulator,
} from '../../adapters/temenos/simulator/simulator';
import { countingDemoAdapter } from '../helpers/counting-adapter';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { temenosSimEnv } from '../helpers/simulator-env';

const JANE = 'jane.citizen@example.com';

function keyFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-ids-'));
  const file = path.join(dir, 'id.key');
  fs.writeFileSync(file, crypto.randomBytes(32), { mode: 0o600 });
  return file;
}

async function customerIdOf(gw: TestGateway, email: string): Promise<string> {
  const found = await gw.request('POST', '/auth/v1/customer/search', { body: { email } });
  expect(found.status).toBe(200);
  return found.body.data[0].id;
}

async function accountIdsOf(gw: TestGateway, customerId: string): Promise<string[]> {
  const list = await gw.request('GET', `/auth/v1/customer/${customerId}/accounts`);
  expect(list.status).toBe(200);
  return list.body.accounts.map((a: { accountId: string }) => a.accountId);
}

/** Every id of an answer: the values of fields named like ids, anywhere in it. */
function idsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) idsIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [name, v] of Object.entries(value)) {
      if (typeof v === 'string' && /(^id|Id)$/.test(name)) out.push(v);
      else idsIn(v, out);
    }
  }
  return out;
}

describe('opaque ids on the demo core', () => {
  const ID_KEY_FILE = keyFile();
  let gw: TestGateway;
  let jane: string;
  beforeAll(async () => {
    gw = await startGateway({ ID_ENCODING: 'opaque', ID_KEY_FILE });
    jane = await customerIdOf(gw, JANE);
  });
  afterAll(() => gw.close());

  it('when the platform lists a customer and their accounts, then every id is opaque and no core id shows', async () => {
    expect(jane).toMatch(EXTERNAL_ID_PATTERN);
    const list = await gw.request('GET', `/auth/v1/customer/${jane}/accounts`);
    const accounts = await gw.request('GET', `/v1/banking/customer/${jane}/accounts`);
    expect(accounts.status).toBe(200);
    const ids = [...idsIn(list.body), ...idsIn(accounts.body.data)];
    expect(ids.length).toBeGreaterThan(30);
    for (const id of ids) expect(id).toMatch(EXTERNAL_ID_PATTERN);
    const text = JSON.stringify([list.body, accounts.body]);
    expect(text).not.toMatch(/acc-[be]-1001|c-1001/);
  });

  it('when an opaque account id is used in a path and a body, then it names the core record', async () => {
    const [first, second] = await accountIdsOf(gw, jane);
    const detail = await gw.request('GET', `/v1/banking/customer/${jane}/accounts/${first}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.accountId).toBe(first);
    const balances = await gw.request('POST', `/v1/banking/customer/${jane}/accounts/balances`, {
      body: { data: { accountIds: [first, second] } },
    });
    expect(balances.status).toBe(200);
    expect(
      balances.body.data.balances.map((b: { accountId: string }) => b.accountId).sort(),
    ).toEqual([first, second].sort());
  });

  it('when transactions are listed and one is asked for by its id, then the id round-trips', async () => {
    const [first] = await accountIdsOf(gw, jane);
    const base = `/v1/banking/customer/${jane}/accounts/${first}/transactions`;
    const list = await gw.request('GET', `${base}?oldest-time=2000-01-01T00:00:00Z`);
    expect(list.status).toBe(200);
    const id = list.body.data.transactions[0]?.transactionId;
    expect(id).toMatch(EXTERNAL_ID_PATTERN);
    const one = await gw.request('GET', `${base}/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.transactionId).toBe(id);
  });

  it('when the same customer is asked for by a second gateway with the same key, then every id is the same', async () => {
    const other = await startGateway({ ID_ENCODING: 'opaque', ID_KEY_FILE });
    try {
      expect(await customerIdOf(other, JANE)).toBe(jane);
      expect(await accountIdsOf(other, jane)).toEqual(await accountIdsOf(gw, jane));
    } finally {
      await other.close();
    }
  });
});

describe('ids that are not the gateway own', () => {
  const ID_KEY_FILE = keyFile();
  let gw: TestGateway;
  let counting: ReturnType<typeof countingDemoAdapter>;
  let jane: string;
  let account: string;
  beforeAll(async () => {
    counting = countingDemoAdapter();
    gw = await startGateway({ ID_ENCODING: 'opaque', ID_KEY_FILE }, { adapter: counting.adapter });
    jane = await customerIdOf(gw, JANE);
    [account] = await accountIdsOf(gw, jane);
  });
  afterAll(() => gw.close());

  /** `id` with one character changed. */
  const tampered = (id: string) => `${id.slice(0, 5)}${id[5] === 'A' ? 'B' : 'A'}${id.slice(6)}`;

  it.each([
    [
      'a tampered customer id',
      () => `/v1/banking/customer/${tampered(jane)}/accounts`,
      'Customer not found',
    ],
    ['a core customer id', () => '/v1/banking/customer/c-1001/accounts', 'Customer not found'],
    [
      'a tampered account id',
      () => `/v1/banking/customer/${jane}/accounts/${tampered(account)}`,
      'Account not found',
    ],
    [
      'a forged account id of the right shape',
      () => `/v1/banking/customer/${jane}/accounts/${'A'.repeat(43)}`,
      'Account not found',
    ],
  ])(
    'when %s is used, then it is unknown and no core is called',
    async (_what, target, message) => {
      const before = counting.calls.length;
      const answer = await gw.request('GET', target());
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).toContain(message);
      expect(counting.calls.length).toBe(before);
    },
  );

  it('when a body names a tampered account id, then it is unknown and no core is called', async () => {
    const before = counting.calls.length;
    const answer = await gw.request('POST', `/v1/banking/customer/${jane}/accounts/balances`, {
      body: { data: { accountIds: [account, tampered(account)] } },
    });
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).toContain('Account in query not found');
    expect(counting.calls.length).toBe(before);
  });

  it('when ids are refused, then they are counted by kind and reason, never by value', async () => {
    await gw.request('GET', `/fdx/v6/customer/${jane}/accounts/${tampered(account)}`);
    await gw.request('GET', `/v1/banking/customer/!!/accounts`);
    const text = await gw.gateway.metrics.registry.getSingleMetricAsString('dhg_id_rejected_total');
    expect(text).toMatch(/dhg_id_rejected_total\{kind="account",reason="unauthentic"\} [1-9]/);
    expect(text).toMatch(/dhg_id_rejected_total\{kind="customer",reason="malformed"\} [1-9]/);
    expect(text).not.toContain(account);
  });
});

describe('a refusal list naming records by their core ids', () => {
  let gw: TestGateway;
  const sample = JSON.parse(fs.readFileSync(SAMPLE, 'utf8'));
  const blocked = sample.customers[0].bankingAccounts[6];
  beforeAll(async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-refusals-')), 'r.json');
    fs.writeFileSync(
      file,
      JSON.stringify([
        { customerId: 'c-1002', reason: 'harm' },
        { customerId: 'c-1001', accountId: blocked.accountId, reason: 'blocked' },
      ]),
    );
    gw = await startGateway({
      ID_ENCODING: 'opaque',
      ID_KEY_FILE: keyFile(),
      SHARING_REFUSALS_FILE: file,
    });
  });
  afterAll(() => gw.close());

  it('when the platform names them by the gateway ids, then the refusals still apply', async () => {
    const john = await customerIdOf(gw, 'john.citizen@example.net');
    const refused = await gw.request('GET', `/v1/banking/customer/${john}/accounts`);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-sharing-refused')).toBe('true');
    const jane = await customerIdOf(gw, JANE);
    const list = await gw.request('GET', `/v1/banking/customer/${jane}/accounts?page-size=1000`);
    const masked = list.body.data.accounts.map((a: { maskedNumber: string }) => a.maskedNumber);
    expect(masked).not.toContain(blocked.maskedNumber);
    expect(list.body.data.accounts.length).toBe(sample.customers[0].bankingAccounts.length - 1);
  });
});

describe('a joint account (the Temenos simulator: Charlotte and Liam hold 10000221)', () => {
  const data = loadTemenosDataset();
  const emailOf = (id: string) => data.customers.find((c) => c.customerId === id)!.emails[0]!;
  let sim: TemenosSimulator;
  let gw: TestGateway;
  beforeAll(async () => {
    sim = await startTemenosSimulator({ port: 0 });
    gw = await startGateway({
      ...temenosSimEnv(sim),
      ID_ENCODING: 'opaque',
      ID_KEY_FILE: keyFile(),
    });
  });
  afterAll(async () => {
    await gw.close();
    await sim.close();
  });

  it('when both holders list it, then each has an id of their own, unknown under the other', async () => {
    const charlotte = await customerIdOf(gw, emailOf('100100'));
    const liam = await customerIdOf(gw, emailOf('100200'));
    const jointOf = async (customer: string) => {
      const list = await gw.request('GET', `/v1/banking/customer/${customer}/accounts`);
      expect(list.status).toBe(200);
      const joint = list.body.data.accounts.find((a: { maskedNumber: string }) =>
        a.maskedNumber.endsWith('0221'),
      );
      return joint.accountId as string;
    };
    const hers = await jointOf(charlotte);
    const his = await jointOf(liam);
    expect(hers).not.toBe(his);
    const get = (customer: string, account: string) =>
      gw.request('GET', `/v1/banking/customer/${customer}/accounts/${account}`);
    expect((await get(charlotte, hers)).status).toBe(200);
    expect((await get(liam, his)).status).toBe(200);
    const requests = sim.requests.length;
    expect((await get(liam, hers)).status).toBe(404);
    expect((await get(charlotte, his)).status).toBe(404);
    expect(sim.requests.length).toBe(requests);
  });
});

describe('the id key of a deployment', () => {
  it('when a gateway starts with another key than its Redis knows, then it refuses, naming the key file', async () => {
    const namespace = `ids-key-${crypto.randomBytes(4).toString('hex')}`;
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_NAMESPACE: namespace };
    const first = await startGateway({ ...redis, ID_ENCODING: 'opaque', ID_KEY_FILE: keyFile() });
    await first.close();
    await expect(
      startGateway({ ...redis, ID_ENCODING: 'opaque', ID_KEY_FILE: keyFile() }),
    ).rejects.toThrow(
      /ID_KEY_FILE holds another key than the one this deployment's ids were made with/,
    );
  });
});
