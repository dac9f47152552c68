/**
 * A core whose adapter leaves out the optional port methods of the platform reference's endpoints
 * (a holder's adapter written before them, or a core without the data): each endpoint answers as
 * the interface answers unsupported data, after the checks every request makes (docs/api.md:
 * `/v1` 404 `resource not implemented`, FDX 422 code 704), never 500.
 */
import path from 'node:path';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import type { CoreAdapter } from '../../src/ports';
import { startGateway, type TestGateway, type TestResponse } from '../helpers/gateway';

/** The demo adapter without the methods the platform reference's endpoints added. */
function adapterWithoutOptionalMethods(): CoreAdapter {
  const sample = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
  const demo = createDemoAdapter(loadDemoData(sample));
  const { listTransactions: _t, getTransaction: _d, ...banking } = demo.banking!;
  const { getAccountBalance: _b, ...energy } = demo.energy!;
  const {
    listAccountDescriptors: _a,
    getAccountDetail: _ad,
    getAccountContact: _c,
    listPaymentNetworks: _n,
    ...fdx
  } = demo.fdx!;
  return { ...demo, banking, energy, fdx };
}

const expectError = (res: TestResponse, status: number, error: string) =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });
const expect704 = (res: TestResponse) =>
  expect({ status: res.status, code: res.body?.code }).toEqual({ status: 422, code: 704 });

describe('an adapter without the optional port methods', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({}, { adapter: adapterWithoutOptionalMethods() });
  });
  afterAll(() => gw.close());

  const banking = '/v1/banking/customer/c-1001/accounts/acc-b-1001-01';

  it('when transactions or a transaction are asked, then it is 404 resource not implemented', async () => {
    expectError(await gw.get(`${banking}/transactions`), 404, 'resource not implemented');
    expectError(await gw.get(`${banking}/transactions/btx-1`), 404, 'resource not implemented');
  });

  it('when the account is not the customer’s, then that answers first: the account check runs before', async () => {
    const other = '/v1/banking/customer/c-1001/accounts/acc-b-1002-01';
    expectError(await gw.get(`${other}/transactions`), 404, 'Account not found');
    expectError(
      await gw.get('/v1/banking/customer/c-9999/accounts/x/transactions'),
      404,
      'Customer not found',
    );
  });

  it('when an energy balance is asked, then it is 404 resource not implemented', async () => {
    const res = await gw.get('/v1/energy/customer/c-1001/accounts/acc-e-1001-01/balance');
    expectError(res, 404, 'resource not implemented');
  });

  it('when the FDX account endpoints are asked, then each is 422 code 704', async () => {
    const account = '/fdx/v6/customer/c-1001/accounts/acc-b-1001-01';
    expect704(
      await gw.post('/fdx/v6/customer/c-1001/accounts', {
        data: { accountIds: ['acc-b-1001-01'] },
      }),
    );
    expect704(await gw.get(account));
    expect704(await gw.get(`${account}/contact`));
    expect704(await gw.get(`${account}/payment-networks`));
  });

  it('when the endpoints every adapter serves are asked, then they answer as before', async () => {
    expect((await gw.get(banking)).status).toBe(200);
    expect((await gw.get('/v1/energy/customer/c-1001/accounts/acc-e-1001-01')).status).toBe(200);
  });
});
