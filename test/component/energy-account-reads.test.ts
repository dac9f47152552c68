/**
 * One energy account in the path, through the real app on the bundled demo data: its detail and
 * its balance (docs/api.md, "Energy"). Expected records come from sample.json; answers are
 * validated against the route's contract and CDS's energy balance. Every test runs with the family
 * served from the demo core and passed through to an upstream gateway on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contractErrors } from '../helpers/contracts';
import type { TestGateway, TestResponse } from '../helpers/gateway';
import { referenceErrors } from '../helpers/reference-schemas';
import { mappedGateway, passedThroughGateway } from '../helpers/upstream';

type Rec = Record<string, unknown>;
interface EnergyAccount extends Rec {
  accountId: string;
  balance?: string;
}

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
const sample = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as {
  customers: { customerId: string; energyAccounts?: EnergyAccount[] }[];
};
const energyOf = (c: string) => sample.customers.find((x) => x.customerId === c)!.energyAccounts!;
const EXTRAS = ['subtitle', 'complexAccountType', 'users', 'invoices', 'concessions', 'balance'];
const documented = (a: EnergyAccount): Rec =>
  Object.fromEntries(Object.entries(a).filter(([k]) => !EXTRAS.includes(k)));
const base = (a: string, c = 'c-1001') => `/v1/energy/customer/${c}/accounts/${a}`;
const expectError = (res: TestResponse, status: number, error: string) =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });

describe.each([
  ['served from the core', () => mappedGateway()],
  ['passed through to an upstream', () => passedThroughGateway('energy')],
])('energy accounts in the path, %s', (_name, setup) => {
  let gw: TestGateway;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ gw, stop } = await setup());
  });
  afterAll(() => stop());

  const routeOf = (op: string) => gw.gateway.routes.find((r) => r.operationId === op)!;
  /** 200, valid against the route's contract and the CDS or FDX schema the platform names. */
  const expectValid = (op: string, res: TestResponse) => {
    expect(res.status).toBe(200);
    expect(contractErrors(routeOf(op).response, res.body)).toEqual([]);
    expect(referenceErrors(op, res.body)).toEqual([]);
  };

  it.each(energyOf('c-1001').map((a) => a.accountId))(
    'when the detail of %s is asked, then it is the record the POST gives for it',
    async (accountId) => {
      const res = await gw.get(base(accountId));
      expectValid('getEnergyAccount', res);
      const posted = await gw.post('/v1/energy/customer/c-1001/accounts', {
        data: { accountIds: [accountId] },
      });
      expect(res.body).toEqual({ data: posted.body.data.accounts[0] });
      expect(res.body.data).toEqual(
        documented(energyOf('c-1001').find((a) => a.accountId === accountId)!),
      );
    },
  );

  it.each(
    energyOf('c-1001')
      .filter((a) => a.balance !== undefined)
      .map((a) => [a.accountId, a.balance]),
  )('when the balance of %s is asked, then it is %s', async (accountId, balance) => {
    const res = await gw.get(`${base(accountId)}/balance`);
    expectValid('getEnergyAccountBalance', res);
    expect(res.body).toEqual({ data: { balance } });
  });

  it('when an account whose core holds no balance is asked, then it is 404 resource not implemented', async () => {
    const none = energyOf('c-1001').find((a) => a.balance === undefined)!;
    expectError(await gw.get(`${base(none.accountId)}/balance`), 404, 'resource not implemented');
  });

  it("when another customer's account, an unknown one or an unknown customer is asked, then it is 404, alike for both accounts", async () => {
    for (const suffix of ['', '/balance']) {
      const other = await gw.get(`${base('acc-e-1002-01')}${suffix}`);
      expectError(other, 404, 'Account not found');
      expect((await gw.get(`${base('acc-e-nope')}${suffix}`)).text).toBe(other.text);
      expectError(
        await gw.get(`${base('acc-e-1001-01', 'c-9999')}${suffix}`),
        404,
        'Customer not found',
      );
    }
  });

  it('when a blocked account is asked, then it is the unknown account answer, marked refused', async () => {
    for (const suffix of ['', '/balance']) {
      const res = await gw.get(`${base('acc-e-2001-02', 'c-2001')}${suffix}`);
      expectError(res, 404, 'Account not found');
      expect(res.headers.get('x-sharing-refused')).toBe('true');
    }
  });
});
