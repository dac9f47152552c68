/**
 * Refusals to share on the Fineract adapter (docs/fineract.md, "Refusals to share"), through the
 * real gateway over the simulator: client 4 holds sav-8, whose sub-status blocks it (blocked),
 * sav-9, on hold for a transfer between offices (suspended), and sav-10, which may be shared.
 */
import { startFineractSimulator, type FineractSimulator } from '../../simulator/simulator';
import {
  startGateway,
  type TestGateway,
  type TestResponse,
} from '../../../../test/helpers/gateway';

const header = (res: TestResponse) => res.headers.get('x-sharing-refused');
const expectRefused = (res: TestResponse, status: number, body: unknown) =>
  expect({ status: res.status, body: res.body, header: header(res) }).toEqual({
    status,
    body,
    header: 'true',
  });

describe('refusals to share on the Fineract adapter', () => {
  let sim: FineractSimulator;
  let gw: TestGateway;
  beforeAll(async () => {
    sim = await startFineractSimulator();
    gw = await startGateway({
      CORE_ADAPTER: 'fineract',
      FINERACT_BASE_URL: sim.url,
      FINERACT_USERNAME: 'mifos',
      FINERACT_PASSWORD: 'password',
      FINERACT_TENANT: 'default',
    });
  });
  afterAll(async () => {
    await gw?.close();
    await sim?.close();
  });

  it('when client 4 lists its accounts for consent, then the blocked and the suspended account are left out', async () => {
    const res = await gw.get('/auth/v1/customer/4/accounts');
    expect(res.status).toBe(200);
    expect(res.body.accounts.map((a: { accountId: string }) => a.accountId)).toEqual(['sav-10']);
    expect(header(res)).toBeNull();
  });

  it('when the deprecated banking list is asked for, then it holds the shareable account only', async () => {
    const res = await gw.get('/v1/banking/customer/4/accounts');
    expect(res.body.data.accounts.map((a: { accountId: string }) => a.accountId)).toEqual([
      'sav-10',
    ]);
    expect(res.text).not.toContain('sharingRefusal');
  });

  it.each(['sav-8', 'sav-9'])(
    'when balances of %s are asked for, then it is 404 Account in query not found with the header',
    async (id) => {
      const res = await gw.post('/v1/banking/customer/4/accounts/balances', {
        data: { accountIds: [id] },
      });
      expectRefused(res, 404, { error: 'Account in query not found' });
    },
  );

  it.each(['sav-8', 'sav-9'])(
    'when FDX transactions of %s are asked for, then it is 404 code 701 with the header',
    async (id) => {
      const res = await gw.get(
        `/fdx/v6/customer/4/accounts/${id}/transactions?startTime=2026-01-01&endTime=2026-11-20`,
        { headers: { 'x-request-id': 'fin-refusal' } },
      );
      expectRefused(res, 404, {
        code: 701,
        message: 'Account not found',
        debugMessage: 'request fin-refusal',
      });
    },
  );

  it('when the shareable account is asked for, then it is served without the header', async () => {
    const res = await gw.post('/v1/banking/customer/4/accounts/balances', {
      data: { accountIds: ['sav-10'] },
    });
    expect({ status: res.status, header: header(res) }).toEqual({ status: 200, header: null });
    expect(res.body.data.balances).toEqual([
      { accountId: 'sav-10', currentBalance: '0.00', availableBalance: '0.00' },
    ]);
  });
});
