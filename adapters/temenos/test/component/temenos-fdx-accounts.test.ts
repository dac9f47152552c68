/**
 * The FDX account endpoints through the real gateway on the Temenos simulator: descriptors from
 * the account list, an account's detail with its balances or loan terms, its contact (the joint
 * account's two holders; the business as a business holder) and payment networks (none FDX
 * names serve an Australian account). Expected values come from the simulator's data set.
 */
import { startTemenosSimulator, type TemenosSimulator } from '../../simulator/simulator';
import type { TestGateway } from '../../../../test/helpers/gateway';
import {
  accountOf,
  BAKERY,
  cents,
  CHARLOTTE,
  customerOf,
  expectFdxError,
  expectValid,
  idsOf,
  JOINT,
  LIAM,
  masked,
  REQUEST_ID,
  startTemenosGateway,
} from './temenos-expected';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FDX = `/fdx/v6/customer/${CHARLOTTE}/accounts`;

describe('the gateway on the Temenos adapter: FDX accounts', () => {
  let sim: TemenosSimulator;
  let gw: TestGateway;
  beforeAll(async () => {
    sim = await startTemenosSimulator({ port: 0 });
    gw = await startTemenosGateway(sim);
  });
  afterAll(async () => {
    await gw.close();
    await sim.close();
  });

  const valid = (op: string, res: Parameters<typeof expectValid>[2]) => expectValid(gw, op, res);
  const get = (target: string) => gw.get(target, { headers: { 'x-request-id': REQUEST_ID } });

  it('when descriptors are asked, then each account of the body comes with its category, type and masked number', async () => {
    const res = await gw.post(FDX, { data: { accountIds: idsOf(CHARLOTTE) } });
    valid('listFdxAccounts', res);
    const accounts = res.body.accounts as Rec[];
    expect(accounts.map((a) => [a.accountId, a.accountCategory, a.accountNumberDisplay])).toEqual([
      ['10000183', 'DEPOSIT_ACCOUNT', masked('10000183')],
      ['10000191', 'DEPOSIT_ACCOUNT', masked('10000191')],
      ['10000205', 'DEPOSIT_ACCOUNT', masked('10000205')],
      ['10000213', 'LOAN_ACCOUNT', masked('10000213')],
      [JOINT, 'DEPOSIT_ACCOUNT', masked(JOINT)],
    ]);
    expect(accounts.every((a) => a.status === 'OPEN' && a.currency.currencyCode === 'AUD')).toBe(
      true,
    );
  });

  it('when a deposit account is asked, then its current and available balances are exact', async () => {
    const a = accountOf('10000183');
    const res = await get(`${FDX}/10000183`);
    valid('getFdxAccount', res);
    const available = cents(a.workingBalance) - cents(a.lockedAmount) + cents(a.overdraftLimit!);
    expect(res.body).toEqual(
      expect.objectContaining({
        accountId: '10000183',
        currentBalance: Number(a.workingBalance),
        availableBalance: Number(available) / 100,
      }),
    );
  });

  it('when the loan is asked, then its balance owed, original amount, term, next instalment and rate come', async () => {
    const loan = accountOf('10000213');
    const next = loan.schedule!.find((l) => l.state !== 'PAID')!;
    const res = await get(`${FDX}/10000213`);
    valid('getFdxAccount', res);
    expect(res.body).toEqual(
      expect.objectContaining({
        accountCategory: 'LOAN_ACCOUNT',
        principalBalance: -Number(loan.workingBalance),
        originalPrincipal: Number(loan.terms!.principal),
        originatingDate: loan.terms!.startDate,
        maturityDate: loan.terms!.maturityDate,
        loanTerm: loan.terms!.months,
        nextPaymentDate: next.paymentDate,
        nextPaymentAmount: Number(next.total),
        interestRate: 8.99,
      }),
    );
  });

  it.each([CHARLOTTE, LIAM])(
    'when holder %s asks for the joint account’s contact, then both holders come, the asker first',
    async (customerId) => {
      const res = await get(`/fdx/v6/customer/${customerId}/accounts/${JOINT}/contact`);
      valid('getFdxAccountContact', res);
      const [first, second] = res.body.holders as Rec[];
      const other = customerId === CHARLOTTE ? LIAM : CHARLOTTE;
      expect([first!.name.first, first!.relationship]).toEqual([
        customerOf(customerId).givenName,
        'PRIMARY_JOINT',
      ]);
      expect([second!.name.first, second!.relationship]).toEqual([
        customerOf(other).givenName,
        'SECONDARY_JOINT',
      ]);
      expect(res.body.emails).toEqual(
        expect.arrayContaining([...customerOf(CHARLOTTE).emails, ...customerOf(LIAM).emails]),
      );
    },
  );

  it("when the business's account contact is asked, then the holder is the business by its name", async () => {
    const res = await get(`/fdx/v6/customer/${BAKERY}/accounts/10000256/contact`);
    valid('getFdxAccountContact', res);
    expect(res.body.holders).toEqual([
      {
        type: 'BUSINESS',
        businessCustomer: { name: 'Wattle Creek Bakery Pty Ltd' },
        relationship: 'SOLE_OWNER',
      },
    ]);
    expect(res.body.telephones).toEqual([{ type: 'BUSINESS', country: '61', number: '298765432' }]);
  });

  it('when payment networks are asked, then the list is empty (FDX names none an Australian account uses)', async () => {
    const res = await get(`${FDX}/10000183/payment-networks`);
    valid('listFdxPaymentNetworks', res);
    expect(res.body.paymentNetworks).toEqual([]);
  });

  it("when another customer's account is asked, then it is 701 on every account endpoint", async () => {
    for (const path of ['', '/contact', '/payment-networks']) {
      expectFdxError(await get(`${FDX}/10000248${path}`), 404, 701, 'Account not found');
    }
  });
});
