/**
 * What the Temenos simulator's operations select and say: transactions (posted and pending,
 * windows, amounts, one transaction's sides), accounts and balances, loans and deposits,
 * standing orders and direct debits, beneficiaries and the customer's addresses. Expected values
 * are read from the data set with small code of their own.
 */
import { loadTemenosDataset } from '../../simulator/dataset';
import { callSimulator } from '../../simulator/sim-client';
import { startTemenosSimulator, type TemenosSimulator } from '../../simulator/simulator';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const data = loadTemenosDataset();
let sim: TemenosSimulator;

beforeAll(async () => {
  sim = await startTemenosSimulator({ port: 0, dataset: data });
});

afterAll(async () => {
  await sim.close();
});

/** Every record of an enquiry, in one answer. */
async function all(path: string): Promise<Rec[]> {
  const answer = await callSimulator(sim, path, { headers: { disablePagination: 'true' } });
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  return answer.body.body as Rec[];
}

const refs = (records: Rec[], key = 'transactionReference') => records.map((r) => r[key] as string);
/** The busy account's pending references, newest first. */
const pendingRefs = () =>
  data.transactions
    .filter((t) => t.accountId === '10000183' && t.status === 'PENDING')
    .sort((a, b) =>
      a.valueDate < b.valueDate
        ? 1
        : a.valueDate > b.valueDate
          ? -1
          : a.reference < b.reference
            ? 1
            : -1,
    )
    .map((t) => t.reference);
const LIST = '/api/v1.0.0/holdings/transactions';

describe('temenos simulator: transactions', () => {
  it('when listed by listType, then PENDING, COMPLETED and none split posted from pending', async () => {
    const pending = await all(`${LIST}?accountId=10000183&listType=PENDING`);
    const posted = await all(`${LIST}?accountId=10000183&listType=COMPLETED`);
    const both = await all(`${LIST}?accountId=10000183`);
    const expected = data.transactions.filter((t) => t.accountId === '10000183');
    expect(pending).toHaveLength(expected.filter((t) => t.status === 'PENDING').length);
    expect(posted).toHaveLength(expected.filter((t) => t.status === 'POSTED').length);
    expect(both).toEqual([...pending, ...posted]);
    for (const t of pending) expect(t).not.toHaveProperty('balance');
    for (const t of posted) expect(t.balance).toEqual(expect.any(Number));
  });

  it('when windowed by dateFrom and dateTo, then only booking dates inside come, newest first', async () => {
    const found = await all(`${LIST}?accountId=10000183&dateFrom=2026-03-01&dateTo=20260331`);
    const dates = found.map((t) => t.bookingDate as string);
    expect(dates.length).toBeGreaterThan(5);
    expect(dates.every((d) => d >= '2026-03-01' && d <= '2026-03-31')).toBe(true);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('when bounded by amount, text, code and count, then each selects', async () => {
    const big = await all(`${LIST}?accountId=10000183&minimumAmount=2000`);
    expect(big.every((t) => Math.abs(t.amount) >= 2000)).toBe(true);
    const rent = await all(`${LIST}?accountId=10000183&displayName=harbour`);
    expect(rent.every((t) => t.displayName === 'Harbour Realty')).toBe(true);
    expect(rent.length).toBeGreaterThan(10);
    const fees = await all(`${LIST}?accountId=10000183&transactionCode=600`);
    expect(fees.every((t) => t.narrative === 'MONTHLY ACCOUNT FEE')).toBe(true);
    expect(await all(`${LIST}?accountId=10000183&transactionCount=5`)).toHaveLength(5);
  });

  it('when listed by customer, then the joint account comes for both holders', async () => {
    for (const customerId of ['100100', '100200']) {
      const found = await all(`${LIST}?customerId=${customerId}`);
      expect(found.some((t) => t.accountId === '10000221')).toBe(true);
    }
    const answer = await callSimulator(sim, LIST);
    expect(answer.status).toBe(400);
  });

  it('when read by entry reference, then the one entry comes', async () => {
    const [first] = await all(`${LIST}?accountId=10000183&listType=COMPLETED&transactionCount=1`);
    const found = await all(`${LIST}?accountId=10000183&entryReference=${first!.entryReference}`);
    expect(found).toEqual([first]);
  });

  it("when the accounts service lists an account's statement, then dates, sides and the opening balance agree", async () => {
    const path =
      '/api/v4.1.0/holdings/accounts/10000183/transactions?bookingDate=2026-10-01 2026-10-31';
    const answer = await callSimulator(sim, path.replace(' ', '%20'), {
      headers: { disablePagination: 'true' },
    });
    const { header, body } = answer.body;
    expect(
      body.every((t: Rec) => t.bookingDate >= '2026-10-01' && t.bookingDate <= '2026-10-31'),
    ).toBe(true);
    for (const t of body)
      expect(t.debitCreditIndicator).toBe(t.transactionAmount < 0 ? 'Debit' : 'Credit');
    const oldest = body.at(-1);
    const opening =
      Math.round((Number(oldest.transactionTotal) - oldest.transactionAmount) * 100) / 100;
    expect(header.data).toMatchObject({
      accountId: '10000183',
      customerId: '100100',
      accountCurrency: 'AUD',
    });
    expect(Number(header.data.openingBalance)).toBe(opening);
  });

  it('when a transfer between two accounts is read, then its details show both sides', async () => {
    const leg = data.transactions.find((t) => t.accountId === '10000183' && t.code === '201')!;
    const { body } = await callSimulator(sim, `${LIST}/${leg.reference}`);
    expect(body.body[0]).toMatchObject({
      transactionReference: leg.reference,
      accountId: '10000183',
      debits: [
        { debitAccountId: '10000183', debitAmount: leg.amount.slice(1), debitCurrencyId: 'AUD' },
      ],
      credits: [{ creditAccountId: '10000191', creditAmount: leg.amount.slice(1) }],
    });
  });

  it('when a pending transaction is listed and read, then it has no booking date nor entry, and is processed later', async () => {
    const [pending] = await all(`${LIST}?accountId=10000183&listType=PENDING`);
    expect(pending).not.toHaveProperty('bookingDate');
    expect(pending).not.toHaveProperty('entryReference');
    const { body } = await callSimulator(sim, `${LIST}/${pending!.transactionReference}`);
    expect(body.body[0]).not.toHaveProperty('bookingDate');
    expect(body.body[0].valueDate <= data.businessDate).toBe(true);
    expect(body.body[0].processingDate > data.businessDate).toBe(true);
    const statement = await all('/api/v4.1.0/holdings/accounts/10000183/transactions');
    expect(
      statement.slice(0, 3).map((t) => [t.transactionId, t.bookingDate, t.transactionTotal]),
    ).toEqual(pendingRefs().map((ref) => [ref, undefined, undefined]));
  });
});

describe('temenos simulator: accounts, balances, loans', () => {
  it('when balances are asked by account or customer, then they are strings and add up', async () => {
    const [one] = await all('/api/v4.1.0/holdings/accounts/balances?accountId=10000183');
    const account = data.accounts.find((a) => a.accountId === '10000183')!;
    expect(one).toMatchObject({
      workingBalance: account.workingBalance,
      lockedAmount: account.lockedAmount,
    });
    expect(Number(one!.useableBalance)).toBeCloseTo(
      Number(account.workingBalance) - Number(account.lockedAmount) + 1000,
      2,
    );
    expect(
      refs(await all('/api/v4.1.0/holdings/accounts/balances?customerId=100300'), 'accountId'),
    ).toEqual(['10000256', '10000264']);
  });

  it('when arrangements are selected by product line, then only those come', async () => {
    const lending = await all(
      '/api/v1.0.0/holdings/customers/100100/arrangements?productLineId=LENDING',
    );
    expect(lending.map((a) => [a.accountId, a.productLineId, a.termAmount])).toEqual([
      ['10000213', 'LENDING', 20000],
    ]);
  });

  it('when a loan is read by arrangement id or account number, then the same terms come', async () => {
    const loan = data.accounts.find((a) => a.accountId === '10000213')!;
    const byArrangement = await all(`/api/v1.0.0/holdings/loans/${loan.arrangementId}`);
    expect(await all('/api/v1.0.0/holdings/loans/10000213')).toEqual(byArrangement);
    expect(byArrangement[0]).toMatchObject({
      arrangementId: loan.arrangementId,
      interests: [{ interestRate: '8.99' }],
    });
  });

  it('when a schedule is windowed, then its lines fall inside, paid before the business date', async () => {
    const lines = await all(
      '/api/v1.0.0/holdings/loans/10000213/schedulePaymentFrequencies?dateFrom=2026-10-01&dateTo=2027-01-31',
    );
    expect(lines.map((l) => [l.paymentDate, l.scheduleType])).toEqual([
      ['2026-10-15', 'PAID'],
      ['2026-11-15', 'PAID'],
      ['2026-12-15', 'FUTURE'],
      ['2027-01-15', 'FUTURE'],
    ]);
  });

  it('when a term deposit is read as an arrangement, then its maturity comes; a savings account is no loan', async () => {
    const [deposit] = await all('/api/v1.0.0/holdings/loans/10000205');
    expect(deposit).toMatchObject({
      maturityDate: '2027-03-02',
      term: '12M',
      commitmentAmount: 25000,
    });
    expect((await callSimulator(sim, '/api/v1.0.0/holdings/loans/10000191')).status).toBe(404);
  });
});

describe('temenos simulator: instructions and parties', () => {
  it('when standing orders are listed, then each carries its Transact frequency and next date', async () => {
    const orders = await all('/api/v4.0.0/party/customers/100100/standingOrders');
    expect(refs(orders, 'standingOrderId')).toEqual([
      '10000183.1',
      '10000183.2',
      '10000183.3',
      '10000221.1',
    ]);
    expect(orders[0]).toMatchObject({
      frequency: '20230201 e0Y e1M e0W o1D e0F',
      currentFrequency: '20261201 e0Y e1M e0W o1D e0F',
      currentFrequencyDate: '2026-12-01',
      bankSortCode: '082001',
    });
    const byAccount = await all('/api/v1.0.0/order/standingOrders?accountId=10000256');
    expect(byAccount.map((o) => o.frequency)).toEqual(['20261001 e0Y e0M e0W e1D e0F']);
  });

  it('when direct debits and mandates are listed, then they select by customer and account', async () => {
    const partyDebits = await all('/api/v4.0.0/party/customers/100200/directDebits');
    expect(refs(partyDebits, 'directDebitId')).toEqual(['DDI2400100004']);
    const byAccount = await all('/api/v1.0.0/order/directDebits?accountId=10000183');
    expect(byAccount).toHaveLength(3);
    expect(byAccount[0]!.frequency).toBe('e0Y e3M e0W o8D e0F');
    const mandates = await all('/api/v1.0.0/order/directDebits/debtorMandates?customerId=100100');
    expect(mandates.map((m) => [m.mandateId, m.frequency])).toEqual([
      ['DDI2300100001', 'QURT'],
      ['DDI2300100002', 'MNTH'],
      ['DDI2400100003', 'MNTH'],
      ['DDI2400100004', 'MNTH'],
    ]);
  });

  it('when beneficiaries are asked by nickname, scheme and outside the bank, then each selects', async () => {
    const rent = await all('/api/v1.0.0/party/customers/100100/beneficiaries?nickName=Rent');
    expect(rent).toEqual([
      expect.objectContaining({ bankSortCode: '082001', beneficiaryAccountId: '556677889' }),
    ]);
    const outside = await all(
      '/api/v1.0.0/party/customers/100100/onlineBeneficiaries?externalBeneficiaryFlag=Y',
    );
    expect(outside.map((b) => b.preferredPaymentProductId)).toEqual(['DOMESTIC', 'SWIFT', 'BPAY']);
    const swift = await all(
      '/api/v1.0.0/party/customers/100300/onlineBeneficiaries?paymentScheme=SWIFT',
    );
    expect(swift[0]!.beneficiaries[0]).toMatchObject({
      beneficiaryIBAN: 'FR7630006000011234567890189',
    });
    expect(await all('/api/v1.0.0/party/customers/100400/beneficiaries')).toEqual([]);
  });

  it('when addresses are asked structured or not, then the state stands apart in the structured form', async () => {
    const [structured] = await all(
      '/api/v4.0.0/party/customers/100300/addresses?addressOption=STRUCTURED',
    );
    expect(structured).not.toHaveProperty('unstructuredGroup');
    expect(structured!.structuredGroup).toContainEqual({
      structuredAddress: 'countrySubDivision:NSW',
    });
    const [both] = await all('/api/v4.0.0/party/customers/100300/addresses');
    expect(both!.unstructuredGroup.map((l: Rec) => l.unstructuredAddress)).toEqual([
      '88 King Street',
      'Newtown NSW 2042',
      'AUSTRALIA',
    ]);
    expect(
      (await callSimulator(sim, '/api/v4.0.0/party/customers/100300/addresses?addressOption=X'))
        .status,
    ).toBe(400);
  });

  it("when a customer's email and phone addresses are read, then each has its address id", async () => {
    const emails = await all('/api/v4.0.0/party/customers/100100/addresses/emailAddresses');
    expect(emails.map((e) => [e.customerAddressId, e.email])).toEqual([
      ['AU0010001.C-100100.EMAIL.1', 'charlotte.wilson@example.com'],
      ['AU0010001.C-100100.EMAIL.2', 'c.wilson@acmehealth.example.com'],
    ]);
    const one = await all(
      '/api/v4.0.0/party/customers/100100/addresses/emailAddresses?addressId=AU0010001.C-100100.EMAIL.2',
    );
    expect(one).toHaveLength(1);
    const sms = await all('/api/v4.0.0/party/customers/100100/addresses/smsAddresses');
    expect(sms).toEqual([
      expect.objectContaining({ iddPrefixMobile: '61', mobileNumber: '412345678' }),
    ]);
  });
});
