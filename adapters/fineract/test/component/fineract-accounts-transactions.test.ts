/**
 * The real gateway on the Fineract adapter against the Fineract simulator: one banking account,
 * its transactions (window, amounts, text, paging links, bad values) and one transaction, one
 * account's instalment plans, and the FDX accounts, account detail, contact and payment networks.
 * Every answer is validated against its route's contract and the CDS or FDX schema the
 * platform's holder reference names (docs/api.md, its differences aside); expected values are computed here from
 * the simulator's data set with small code of their own, never with the adapter's mappers.
 */
import fs from 'node:fs';
import { isInteger, isSafeNumber, parse } from 'lossless-json';
import {
  DEFAULT_DATASET_FILE,
  startFineractSimulator,
  type FineractSimulator,
} from '../../simulator/simulator';
import { contractErrors } from '../../../../test/helpers/contracts';
import { referenceErrors } from '../../../../test/helpers/reference-schemas';
import { fineractSimEnv } from '../../../../test/helpers/simulator-env';
import {
  startGateway,
  type TestGateway,
  type TestResponse,
} from '../../../../test/helpers/gateway';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const data = parse(fs.readFileSync(DEFAULT_DATASET_FILE, 'utf8'), null, (v) =>
  isInteger(v) && isSafeNumber(v) ? Number(v) : v,
) as Rec;

const iso = (d: unknown): string =>
  Array.isArray(d)
    ? d.map((n: number, i) => String(n).padStart(i === 0 ? 4 : 2, '0')).join('-')
    : String(d);

/** An amount (number or exact text, at most two fraction digits) signed, as the documented text. */
function signed(value: unknown, sign: 1 | -1): string {
  const [whole, fraction = ''] = String(value).split('.');
  const text = `${whole}.${fraction.padEnd(2, '0')}`;
  return sign === -1 && Number(text) !== 0 ? `-${text}` : text;
}

/** The data set's savings types: the interface's type and sign of each. */
const SAVINGS_TYPES: Record<number, [string, 1 | -1]> = {
  1: ['TRANSFER_INCOMING', 1],
  2: ['PAYMENT', -1],
  3: ['INTEREST_PAID', 1],
  4: ['FEE', -1],
  17: ['INTEREST_CHARGED', -1],
};

/** A savings transaction of the data set as the list shows it (its checked fields). */
const savingsView = (t: Rec) => {
  const [type, sign] = SAVINGS_TYPES[t.transactionType.id]!;
  return {
    transactionId: String(t.id),
    type,
    amount: signed(t.amount, sign),
    postingDateTime: `${iso(t.date)}T00:00:00Z`,
    reference: t.paymentDetailData?.receiptNumber ?? '',
  };
};
const view = (r: Rec) => ({
  transactionId: r.transactionId,
  type: r.type,
  amount: r.amount,
  postingDateTime: r.postingDateTime,
  reference: r.reference,
});

/** The served transactions of a savings account in [from, to], newest first, a day by id. */
function expectedSavings(id: number, from: string, to: string) {
  return (data.savingsTransactions[String(id)] as Rec[])
    .filter((t) => !t.reversed && !t.isReversal && iso(t.date) >= from && iso(t.date) <= to)
    .sort((a, b) =>
      iso(a.date) !== iso(b.date) ? (iso(a.date) < iso(b.date) ? 1 : -1) : a.id - b.id,
    )
    .map(savingsView);
}

const REQUEST_ID = 'fineract-accounts-1';
const C1 = '/v1/banking/customer/1';
const FDX1 = '/fdx/v6/customer/1/accounts';

describe('the gateway on the Fineract adapter: accounts, transactions and FDX accounts', () => {
  let sim: FineractSimulator;
  let gw: TestGateway;
  let mark = 0;
  beforeAll(async () => {
    sim = await startFineractSimulator({ port: 0 });
    gw = await startGateway({ ...fineractSimEnv(sim), FINERACT_BSB: '012-345' });
  });
  afterAll(async () => {
    await gw.close();
    await sim.close();
  });
  beforeEach(() => {
    mark = sim.requests.length;
  });

  const get = (target: string) => gw.get(target, { headers: { 'x-request-id': REQUEST_ID } });
  const routeOf = (op: string) => gw.gateway.routes.find((r) => r.operationId === op)!;
  /** 200, valid against the route's contract and the CDS or FDX schema the platform names. */
  const expectValid = (op: string, res: TestResponse) => {
    expect({ op, status: res.status }).toEqual({ op, status: 200 });
    expect({ op, errors: contractErrors(routeOf(op).response, res.body) }).toEqual({
      op,
      errors: [],
    });
    expect({ op, reference: referenceErrors(op, res.body) }).toEqual({ op, reference: [] });
  };
  const expectError = (res: TestResponse, status: number, error: string) =>
    expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });
  const expectFdxError = (res: TestResponse, status: number, code: number, message: string) =>
    expect({ status: res.status, body: res.body }).toEqual({
      status,
      body: { code, message, debugMessage: `request ${REQUEST_ID}` },
    });
  const called = () => sim.requests.slice(mark).map((r) => r.path);

  describe('one banking account', () => {
    it.each(['sav-1', 'sav-2', 'fd-5', 'rd-6', 'loan-1'])(
      'when %s is asked, then its record is the one the specific-accounts POST gives for it',
      async (accountId) => {
        const res = await get(`${C1}/accounts/${accountId}`);
        expectValid('getBankingAccount', res);
        const specific = await gw.post(`${C1}/accounts`, { data: { accountIds: [accountId] } });
        expect(res.body).toEqual({ data: specific.body.data.accounts[0] });
      },
    );

    it('when an account is unknown or another customer’s, then it is 404 Account not found', async () => {
      expectError(await get(`${C1}/accounts/sav-99`), 404, 'Account not found');
      expectError(await get(`${C1}/accounts/sav-7`), 404, 'Account not found');
    });
  });

  describe('transactions of one account', () => {
    const list = (accountId: string, q: string) =>
      get(`${C1}/accounts/${accountId}/transactions?${q}`);
    const MARCH = 'oldest-time=2026-03-01T00:00:00Z&newest-time=2026-03-31T23:59:59Z';

    it('when a window is walked 3 at a time through the links, then every transaction comes once, newest first, with the totals', async () => {
      const expected = expectedSavings(1, '2026-03-01', '2026-03-31');
      expect(expected.length).toBeGreaterThan(6);
      const seen: Rec[] = [];
      let target: string | undefined = `${MARCH}&page-size=3`;
      for (let page = 1; target !== undefined; page += 1) {
        const res = await list('sav-1', target);
        expectValid('listBankingTransactions', res);
        expect(res.body.meta).toEqual({
          totalRecords: expected.length,
          totalPages: Math.ceil(expected.length / 3),
        });
        expect(res.body.links.prev === undefined).toBe(page === 1);
        seen.push(...(res.body.data.transactions as Rec[]));
        target = res.body.links.next as string | undefined;
        expect(page).toBeLessThan(10);
      }
      expect(seen.map(view)).toEqual(expected);
    });

    it('when the window starts after midnight, then that day’s transactions are not in it', async () => {
      const res = await list(
        'sav-1',
        'oldest-time=2026-03-01T10:00:00%2B10:00&newest-time=2026-03-31T23:59:59Z&page-size=100',
      );
      expectValid('listBankingTransactions', res);
      // 10:00 at +10:00 is midnight UTC: 1 March is in; one millisecond later it is not.
      expect((res.body.data.transactions as Rec[]).map(view)).toEqual(
        expectedSavings(1, '2026-03-01', '2026-03-31'),
      );
      const later = await list(
        'sav-1',
        'oldest-time=2026-03-01T00:00:00.001Z&newest-time=2026-03-31T23:59:59Z&page-size=100',
      );
      expect((later.body.data.transactions as Rec[]).map(view)).toEqual(
        expectedSavings(1, '2026-03-02', '2026-03-31'),
      );
    });

    it('when no window is given, then the last 12 months are listed', async () => {
      const res = await list('sav-1', 'page-size=1000');
      expectValid('listBankingTransactions', res);
      const now = new Date();
      const oldest = new Date(now);
      oldest.setUTCFullYear(now.getUTCFullYear() - 1);
      const day = 86_400_000;
      const first = new Date(Math.ceil(oldest.getTime() / day) * day).toISOString().slice(0, 10);
      const expected = expectedSavings(1, first, now.toISOString().slice(0, 10));
      expect((res.body.data.transactions as Rec[]).map(view)).toEqual(expected);
    });

    it('when amounts bound the list, then the signed amounts within them come, both bounds included', async () => {
      const all = expectedSavings(1, '0000-01-01', '9999-12-31');
      const debit = all.find((t) => t.type === 'PAYMENT')!;
      const range = `min-amount=${debit.amount}&max-amount=-10.00`;
      const res = await list('sav-1', `oldest-time=2000-01-01T00:00:00Z&${range}&page-size=1000`);
      expectValid('listBankingTransactions', res);
      const inRange = all.filter(
        (t) => Number(t.amount) >= Number(debit.amount) && Number(t.amount) <= -10,
      );
      expect((res.body.data.transactions as Rec[]).map(view)).toEqual(inRange);
      expect(inRange.map((t) => t.transactionId)).toContain(debit.transactionId);
      const credits = await list(
        'sav-1',
        `oldest-time=2000-01-01T00:00:00Z&min-amount=1000&page-size=1000`,
      );
      expect((credits.body.data.transactions as Rec[]).map(view)).toEqual(
        all.filter((t) => Number(t.amount) >= 1000),
      );
    });

    it('when text is given, then the list says the parameter is unsupported and lists as without it', async () => {
      const res = await list('sav-1', `${MARCH}&text=GROCER&page-size=100`);
      expectValid('listBankingTransactions', res);
      const without = await list('sav-1', `${MARCH}&page-size=100`);
      expect(res.body.meta).toEqual({ ...without.body.meta, isQueryParamUnsupported: true });
      expect(res.body.data).toEqual(without.body.data);
      expect(without.body.meta).not.toHaveProperty('isQueryParamUnsupported');
    });

    it.each([
      ['min-amount=abc', 'min-amount'],
      ['oldest-time=2026-03-01', 'oldest-time'],
      ['min-amount=5&max-amount=4', 'min-amount'],
    ])(
      'when the query is %s, then it is 400 naming %s and Fineract is not asked',
      async (q, field) => {
        expectError(await list('sav-1', q), 400, `Invalid field: ${field}`);
        expect(called()).toEqual([]);
      },
    );

    it('when an account has a reversed debit, then neither it nor its reversal entry is listed', async () => {
      const res = await list('sav-2', 'oldest-time=2026-01-01T00:00:00Z&page-size=100');
      expectValid('listBankingTransactions', res);
      const raw = data.savingsTransactions['2'] as Rec[];
      expect(res.body.meta.totalRecords).toBe(raw.length - 2);
      expect((res.body.data.transactions as Rec[]).map(view)).toEqual(
        expectedSavings(2, '2026-01-01', '9999-12-31'),
      );
    });

    it('when a loan is listed, then repayments come in and the disbursement goes out', async () => {
      const res = await list('loan-2', 'oldest-time=2026-01-01T00:00:00Z&page-size=100');
      expectValid('listBankingTransactions', res);
      const txs = (data.loanTransactions['2'] as Rec[]).sort((a, b) =>
        iso(a.date) < iso(b.date) ? 1 : -1,
      );
      expect(
        (res.body.data.transactions as Rec[]).map((r) => [r.transactionId, r.type, r.amount]),
      ).toEqual(
        txs.map((t) => [
          String(t.id),
          t.type.disbursement ? 'TRANSFER_OUTGOING' : 'PAYMENT',
          signed(t.amount, t.type.disbursement ? -1 : 1),
        ]),
      );
    });

    it('when the account is unknown or another customer’s, then it is 404 Account not found', async () => {
      expectError(await list('sav-99', MARCH), 404, 'Account not found');
      expectError(await list('loan-3', MARCH), 404, 'Account not found');
    });
  });

  describe('one transaction', () => {
    const one = (accountId: string, id: string) =>
      get(`${C1}/accounts/${accountId}/transactions/${id}`);

    it('when a listed transaction is asked, then it comes with empty extended data', async () => {
      const tx = (data.savingsTransactions['1'] as Rec[]).find((t) => t.transactionType.id === 2)!;
      const res = await one('sav-1', String(tx.id));
      expectValid('getBankingTransaction', res);
      expect(view(res.body.data)).toEqual(savingsView(tx));
      expect(res.body.data).toMatchObject({ isDetailAvailable: false, extendedData: {} });
    });

    it('when a loan transaction is asked, then it comes from the loan', async () => {
      const tx = (data.loanTransactions['1'] as Rec[])[2]!;
      const res = await one('loan-1', String(tx.id));
      expectValid('getBankingTransaction', res);
      expect(res.body.data).toMatchObject({ transactionId: String(tx.id), type: 'PAYMENT' });
    });

    it.each([
      ['an unknown id', 'sav-1', '999999'],
      ['not a Fineract id', 'sav-1', 'abc'],
      [
        'another account’s transaction',
        'sav-1',
        () => (data.savingsTransactions['2'] as Rec[])[0]!.id,
      ],
      [
        'a reversed transaction',
        'sav-2',
        () => (data.savingsTransactions['2'] as Rec[]).find((t) => t.reversed)!.id,
      ],
      ['an unknown loan transaction', 'loan-1', '999999'],
    ])('when %s is asked, then it is 404 Transaction not found', async (_what, accountId, id) => {
      const res = await one(accountId, String(typeof id === 'function' ? id() : id));
      expectError(res, 404, 'Transaction not found');
    });
  });

  describe('instalment plans of one account', () => {
    it('when the loan’s plans are asked, then they are those of the specific-accounts POST, read with the loan alone', async () => {
      const res = await get(`${C1}/accounts/loan-1/payments/plans?plan-status=ALL`);
      expectValid('listInstalmentPlansForAccount', res);
      expect(called()).toEqual(['/v1/clients/1/accounts', '/v1/loans/1']);
      const specific = await gw.post(`${C1}/accounts/payments/plans?plan-status=ALL`, {
        data: { accountIds: ['loan-1'] },
      });
      expect(res.body).toEqual(specific.body);
    });

    it('when a savings account’s plans are asked, then it is 404 resource not implemented, without reading a loan', async () => {
      expectError(
        await get(`${C1}/accounts/sav-1/payments/plans`),
        404,
        'resource not implemented',
      );
      expect(called()).toEqual(['/v1/clients/1/accounts']);
    });
  });

  describe('FDX accounts', () => {
    it('when accounts are named, then their descriptors come in the core’s order from the account list alone', async () => {
      const res = await gw.post(
        FDX1,
        { data: { accountIds: ['loan-1', 'sav-4', 'sav-1'] } },
        { headers: { 'x-request-id': REQUEST_ID } },
      );
      expectValid('listFdxAccounts', res);
      expect(res.body).toEqual({
        page: {},
        accounts: [
          expect.objectContaining({
            accountId: 'sav-1',
            accountCategory: 'DEPOSIT_ACCOUNT',
            status: 'OPEN',
          }),
          expect.objectContaining({ accountId: 'sav-4', status: 'CLOSED' }),
          expect.objectContaining({ accountId: 'loan-1', accountType: 'PERSONALLOAN' }),
        ],
      });
      expect(res.body.accounts[0].accountNumberDisplay).toBe('xxxxx0001');
      expect(called()).toEqual(['/v1/clients/1/accounts']);
    });

    it('when a named account is unknown or refused, then it is 701', async () => {
      const unknown = await gw.post(
        FDX1,
        { data: { accountIds: ['sav-1', 'sav-99'] } },
        { headers: { 'x-request-id': REQUEST_ID } },
      );
      expectFdxError(unknown, 404, 701, 'Account not found');
      const refused = await gw.post(
        '/fdx/v6/customer/4/accounts',
        { data: { accountIds: ['sav-8'] } },
        { headers: { 'x-request-id': REQUEST_ID } },
      );
      expectFdxError(refused, 404, 701, 'Account not found');
    });

    it('when a deposit account is asked, then its balances are those of the balances endpoint', async () => {
      const res = await get(`${FDX1}/sav-2`);
      expectValid('getFdxAccount', res);
      expect(called()).toEqual(['/v1/clients/1/accounts', '/v1/savingsaccounts/2']);
      const balances = await gw.post(`${C1}/accounts/balances`, {
        data: { accountIds: ['sav-2'] },
      });
      const [balance] = balances.body.data.balances as Rec[];
      expect(res.body).toEqual({
        accountCategory: 'DEPOSIT_ACCOUNT',
        accountType: 'CHECKING',
        accountId: 'sav-2',
        accountNumberDisplay: 'xxxxx0002',
        productName: 'Everyday Account',
        status: 'OPEN',
        currency: { currencyCode: 'AUD' },
        currentBalance: Number(balance!.currentBalance),
        availableBalance: Number(balance!.availableBalance),
      });
    });

    it('when a loan is asked, then its terms come from the loan and its schedule', async () => {
      const res = await get(`${FDX1}/loan-1`);
      expectValid('getFdxAccount', res);
      const loan = (data.loans as Rec[]).find((l) => l.id === 1)!;
      expect(res.body).toMatchObject({
        accountCategory: 'LOAN_ACCOUNT',
        principalBalance: Number(loan.summary.totalOutstanding),
        originalPrincipal: Number(loan.principal),
        originatingDate: iso(loan.timeline.actualDisbursementDate),
        maturityDate: iso(loan.timeline.expectedMaturityDate),
        interestRate: Number(loan.annualInterestRate),
      });
    });

    it('when the contact is asked, then the client is the sole owner, with its active Australian addresses', async () => {
      const res = await get(`${FDX1}/sav-1/contact`);
      expectValid('getFdxAccountContact', res);
      const jane = (data.clients as Rec[])[0]!;
      const active = (data.clientAddresses['1'] as Rec[]).filter((a) => a.isActive);
      expect(res.body).toEqual({
        holders: [
          {
            type: 'CONSUMER',
            name: { first: jane.firstname, middle: jane.middlename, last: jane.lastname },
            relationship: 'SOLE_OWNER',
          },
        ],
        emails: [jane.emailAddress],
        addresses: active.map((a) => ({
          line1: a.addressLine1,
          ...(a.addressLine2 ? { line2: a.addressLine2 } : {}),
          city: a.city,
          region: a.stateName,
          postalCode: a.postalCode,
          country: 'AU',
        })),
        telephones: [{ type: 'CELL', country: '61', number: jane.mobileNo.slice(3) }],
      });
      expect([...called()].sort()).toEqual(
        ['/v1/clients/1/accounts', '/v1/clients/1', '/v1/client/1/addresses'].sort(),
      );
    });

    it('when payment networks are asked, then an Australian account has none, from the account list alone', async () => {
      const res = await get(`${FDX1}/sav-1/payment-networks`);
      expectValid('listFdxPaymentNetworks', res);
      expect(res.body).toEqual({ page: {}, paymentNetworks: [] });
      expect(called()).toEqual(['/v1/clients/1/accounts']);
    });

    it.each(['', '/contact', '/payment-networks'])(
      'when %s of an unknown account is asked, then it is 701',
      async (tail) => {
        expectFdxError(await get(`${FDX1}/sav-99${tail}`), 404, 701, 'Account not found');
      },
    );
  });
});
