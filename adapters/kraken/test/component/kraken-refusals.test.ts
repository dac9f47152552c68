/**
 * Refusals to share on the Kraken adapter (docs/kraken.md, "Refusals to share"), through the real
 * gateway over the simulator: customer 7's account user is flagged for family issues (every
 * endpoint refused), customer 6 holds an account in a family violence hardship agreement (its
 * data, detail and balance included, refused) beside one that may be shared.
 */
import {
  startGateway,
  type TestGateway,
  type TestResponse,
} from '../../../../test/helpers/gateway';
import { startKrakenSimulator, type KrakenSimulator } from '../../simulator/simulator';

const header = (res: TestResponse) => res.headers.get('x-sharing-refused');
const expectHarm = (res: TestResponse) =>
  expect({ status: res.status, body: res.body, header: header(res) }).toEqual({
    status: 403,
    body: { error: 'Sharing refused' },
    header: 'true',
  });

describe('refusals to share on the Kraken adapter', () => {
  let sim: KrakenSimulator;
  let gw: TestGateway;
  let violence: string;
  let shared: string;
  beforeAll(async () => {
    sim = await startKrakenSimulator({ port: 0 });
    [violence, shared] = sim.data.users.find((u) => u.id === '306')!.accountNumbers as [
      string,
      string,
    ];
    gw = await startGateway({
      CORE_ADAPTER: 'kraken',
      KRAKEN_BASE_URL: sim.url,
      KRAKEN_API_KEY: sim.apiKey,
      KRAKEN_CUSTOMERS: JSON.stringify(sim.data.customers),
    });
  });
  afterAll(async () => {
    await gw?.close();
    await sim?.close();
  });

  it.each([
    ['row 1', '/auth/v1/customer/7/accounts'],
    ['customer detail', '/v1/common/customer/7/detail'],
    ['the deprecated energy list', '/v1/energy/customer/7/accounts'],
    ['an account’s detail', '/v1/energy/customer/7/accounts/{own}'],
    ['an account’s balance', '/v1/energy/customer/7/accounts/{own}/balance'],
  ])(
    'when %s of the user flagged for family issues is asked for, then it is 403 with the header',
    async (_r, path) => {
      const [own] = sim.data.users.find((u) => u.id === '305')!.accountNumbers;
      expectHarm(await gw.get(path.replace('{own}', own!)));
    },
  );

  it('when customer 6 lists its accounts for consent, then the account in a family violence hardship agreement stays listed', async () => {
    const res = await gw.get('/auth/v1/customer/6/accounts');
    expect(res.status).toBe(200);
    expect(res.body.accounts.map((a: { accountId: string }) => a.accountId)).toEqual([
      violence,
      shared,
    ]);
    expect(header(res)).toBeNull();
  });

  it('when the data of that account is asked for, by path or by body, then it is 403 with the header', async () => {
    expectHarm(await gw.get(`/v1/energy/customer/6/accounts/${violence}/concessions`));
    expectHarm(
      await gw.post('/v1/energy/customer/6/accounts', { data: { accountIds: [violence] } }),
    );
    expectHarm(await gw.get(`/v1/energy/customer/6/accounts/${violence}`));
    expectHarm(await gw.get(`/v1/energy/customer/6/accounts/${violence}/balance`));
  });

  it('when the detail and balance of the account that may be shared are asked for, then they answer 200 without the header', async () => {
    const detail = await gw.get(`/v1/energy/customer/6/accounts/${shared}`);
    const balance = await gw.get(`/v1/energy/customer/6/accounts/${shared}/balance`);
    expect([detail.status, detail.body.data.accountId, header(detail)]).toEqual([
      200,
      shared,
      null,
    ]);
    const owed = -sim.data.accounts[shared]!.balance;
    expect({ status: balance.status, body: balance.body, header: header(balance) }).toEqual({
      status: 200,
      body: {
        data: { balance: `${Math.trunc(owed / 100)}.${String(owed % 100).padStart(2, '0')}` },
      },
      header: null,
    });
    expect(owed).toBeGreaterThan(0);
  });

  it('when the deprecated energy list is asked for, then it holds the shared account only', async () => {
    const res = await gw.get('/v1/energy/customer/6/accounts');
    expect(res.status).toBe(200);
    expect(res.body.data.accounts.map((a: { accountId: string }) => a.accountId)).toEqual([shared]);
    expect(res.text).not.toContain('sharingRefusal');
  });
});
