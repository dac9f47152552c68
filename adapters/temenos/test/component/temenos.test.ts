/**
 * The real gateway on the Temenos adapter (`CORE_ADAPTER=temenos`, configured by `TEMENOS_*`
 * variables as `npm run temenos:sim` prints them) against the Temenos simulator on a loopback
 * port: the authorisation list and every banking endpoint, the joint account seen by both of its
 * holders, paging, Transact's 404s and other customers' accounts. Every answer is validated
 * against the contract of its operation; expected values come from the simulator's data set
 * (temenos-expected.ts), never from the adapter's mappers.
 */
import { startTemenosSimulator, type TemenosSimulator } from '../../simulator/simulator';
import type { TestGateway } from '../../../../test/helpers/gateway';
import {
  accountOf,
  accountsOf,
  BAKERY,
  categoryOf,
  CHARLOTTE,
  customerOf,
  data,
  expectedBalance,
  expectError,
  expectValid,
  idsOf,
  JOINT,
  LIAM,
  masked,
  pageBody,
  PRIYA,
  shareableOf,
  since,
  startTemenosGateway,
  usersOf,
} from './temenos-expected';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const C1 = `/v1/banking/customer/${CHARLOTTE}`;

describe('the gateway on the Temenos adapter: banking', () => {
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
  const post = (path: string, ids: string[]) => gw.post(path, { data: { accountIds: ids } });

  describe('row 1, the authorisation list', () => {
    it.each([CHARLOTTE, LIAM, BAKERY, PRIYA])(
      'when customer %s lists shareable accounts, then every account comes in Transact order with its holders',
      async (customerId) => {
        const res = await gw.get(`/auth/v1/customer/${customerId}/accounts`);
        valid('listShareableAccounts', res);
        expect(res.body).toEqual({ accounts: accountsOf(customerId).map(shareableOf) });
      },
    );
  });

  describe('rows 2 and 3, accounts', () => {
    it('when the accounts are listed, then each is valid, masked, with its category from the category id', async () => {
      const res = await gw.get(`${C1}/accounts?page-size=1000`);
      valid('listBankingAccounts', res);
      const records = res.body.data.accounts as Rec[];
      expect(records.map((r) => r.accountId)).toEqual(idsOf(CHARLOTTE));
      records.forEach((r) => {
        const a = accountOf(r.accountId);
        expect(r).toEqual(
          expect.objectContaining({
            openStatus: 'OPEN',
            isOwned: true,
            maskedNumber: masked(a.accountId),
            productCategory: categoryOf(a),
            displayName: a.title,
            complexAccountType: a.holders.length > 1 ? 'JOINT' : 'INDIVIDUAL',
          }),
        );
        expect(r.maskedNumber).not.toContain(a.accountId);
      });
      expect(res.headers.get('deprecation')).toBe('true');
    });

    it.each([
      [CHARLOTTE, 'product-category=TERM_DEPOSITS', ['10000205']],
      [CHARLOTTE, 'product-category=PERS_LOANS', ['10000213']],
      [BAKERY, 'product-category=BUSINESS_LOANS', ['10000264']],
      [BAKERY, 'product-category=TRANS_AND_SAVINGS_ACCOUNTS', ['10000256']],
      [CHARLOTTE, 'open-status=CLOSED', []],
    ])('when customer %s filters by %s, then exactly %j come back', async (id, query, expected) => {
      const res = await gw.get(`/v1/banking/customer/${id}/accounts?${query}`);
      valid('listBankingAccounts', res);
      expect((res.body.data.accounts as Rec[]).map((a) => a.accountId)).toEqual(expected);
    });

    it('when the detail of every account is asked, then each validates with exact rates, the BSB, a loan and a term deposit', async () => {
      const res = await post(`${C1}/accounts?page-size=1000`, idsOf(CHARLOTTE));
      valid('listSpecificBankingAccounts', res);
      const byId = (id: string) =>
        (res.body.data.accounts as Rec[]).find((r) => r.accountId === id)!;
      const loan = accountOf('10000213').terms!;
      expect(byId('10000213')).toEqual(
        expect.objectContaining({
          specificAccountUType: 'loan',
          loan: expect.objectContaining({
            originalStartDate: loan.startDate,
            originalLoanAmount: loan.principal,
            loanEndDate: loan.maturityDate,
            repaymentFrequency: 'P1M',
          }),
        }),
      );
      // 8.99 % is the fraction 0.0899 made on the decimal text, never 8.99 / 100.
      expect(byId('10000213').lendingRates[0].rate).toBe(0.0899);
      const deposit = accountOf('10000205').terms!;
      expect(byId('10000205').termDeposit).toEqual([
        expect.objectContaining({
          lodgementDate: deposit.startDate,
          maturityDate: deposit.maturityDate,
        }),
      ]);
      expect(byId('10000205').depositRate).toBe(0.0435);
      for (const id of idsOf(CHARLOTTE)) {
        expect(byId(id)).toEqual(
          expect.objectContaining({ bsb: '012345', creationDate: accountOf(id).openingDate }),
        );
      }
    });

    it('when one account is asked by its path, then it is its detail alone', async () => {
      const res = await gw.get(`${C1}/accounts/10000183`);
      valid('getBankingAccount', res);
      expect(res.body.data).toEqual(
        expect.objectContaining({
          accountId: '10000183',
          users: usersOf(accountOf('10000183')),
          maskedNumber: 'xxxx0183',
        }),
      );
    });

    it('when the list is paged two at a time, then the pages hold every account once, in order', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const res = await gw.get(`${C1}/accounts?page-size=2&page=${page}`);
        valid('listBankingAccounts', res);
        expect(res.body.meta).toEqual({ totalRecords: 5, totalPages: 3 });
        seen.push(...(res.body.data.accounts as Rec[]).map((a) => a.accountId));
      }
      expect(seen).toEqual(idsOf(CHARLOTTE));
    });
  });

  describe('row 8, balances', () => {
    it("when every balance is asked, then each is exact from the account list, a loan's owed and nothing available", async () => {
      const res = await post(`${C1}/accounts/balances?page-size=1000`, idsOf(CHARLOTTE));
      valid('listBalances', res);
      expect(res.body).toEqual(pageBody('balances', accountsOf(CHARLOTTE).map(expectedBalance)));
      const loan = (res.body.data.balances as Rec[]).find((b) => b.accountId === '10000213')!;
      expect(loan.currentBalance).toMatch(/^-\d+\.\d{2}$/);
      expect(loan.availableBalance).toBe('0.00');
    });

    it("when the business's balances are asked, then its overdraft is in the available balance", async () => {
      const res = await post(`/v1/banking/customer/${BAKERY}/accounts/balances`, idsOf(BAKERY));
      valid('listBalances', res);
      expect(res.body).toEqual(pageBody('balances', accountsOf(BAKERY).map(expectedBalance)));
    });
  });

  describe('the joint account, seen by both holders', () => {
    it.each([CHARLOTTE, LIAM])(
      'when holder %s asks, then the joint account has both holders, one balance and its standing order',
      async (customerId) => {
        const base = `/v1/banking/customer/${customerId}`;
        const detail = await gw.get(`${base}/accounts/${JOINT}`);
        valid('getBankingAccount', detail);
        expect(detail.body.data).toEqual(
          expect.objectContaining({
            complexAccountType: 'JOINT',
            accountOwnership: 'TWO_PARTY',
            isOwned: true,
            users: usersOf(accountOf(JOINT)),
          }),
        );
        const balances = await post(`${base}/accounts/balances`, [JOINT]);
        expect(balances.body).toEqual(pageBody('balances', [expectedBalance(accountOf(JOINT))]));
        const scheduled = await gw.get(`${base}/accounts/${JOINT}/payments/scheduled`);
        valid('listScheduledPaymentsForAccount', scheduled);
        expect(
          (scheduled.body.data.scheduledPayments as Rec[]).map((p) => p.scheduledPaymentId),
        ).toEqual(['10000221.1']);
      },
    );
  });

  describe('rows 7, 10 and 11: direct debits, scheduled payments, payees', () => {
    it('when direct debits are asked, then each active mandate on the accounts asked comes with its creditor', async () => {
      const res = await post(`${C1}/accounts/direct-debits`, idsOf(CHARLOTTE));
      valid('listDirectDebits', res);
      const mandates = data.directDebits.filter((d) => idsOf(CHARLOTTE).includes(d.accountId));
      expect(res.body).toEqual(
        pageBody(
          'directDebitAuthorisations',
          mandates.map((d) => ({
            accountId: d.accountId,
            authorisedEntity: { description: d.creditorName },
            lastDebitDateTime: `${d.lastCollection}T00:00:00Z`,
          })),
        ),
      );
      const one = await post(`${C1}/accounts/direct-debits`, [JOINT]);
      expect((one.body.data.directDebitAuthorisations as Rec[]).map((d) => d.accountId)).toEqual([
        JOINT,
      ]);
    });

    it('when scheduled payments are asked, then each standing order comes with its recurrence read from its frequency', async () => {
      const res = await post(`${C1}/payments/scheduled`, idsOf(CHARLOTTE));
      valid('listScheduledPayments', res);
      const payments = res.body.data.scheduledPayments as Rec[];
      const orders = data.standingOrders.filter((o) => idsOf(CHARLOTTE).includes(o.accountId));
      expect(payments.map((p) => p.scheduledPaymentId)).toEqual(
        orders.map((o) => o.standingOrderId),
      );
      const byId = (id: string) => payments.find((p) => p.scheduledPaymentId === id)!;
      // `e0Y e1M e0W o1D e0F`: monthly on the 1st; `e0Y e0M e2W e0D e0F`: every two weeks.
      expect(byId('10000183.1').recurrence).toEqual({
        nextPaymentDate: '2026-12-01',
        reccurenceUType: 'intervalSchedule',
        intervalSchedule: { intervals: [{ interval: 'P1M', dayInInterval: 'P1D' }] },
      });
      expect(byId('10000183.2').recurrence.intervalSchedule.intervals).toEqual([
        { interval: 'P2W' },
      ]);
      expect(byId('10000183.2').paymentSet).toEqual([
        { to: { toUType: 'accountId', accountId: '10000191' }, amount: '200.00' },
      ]);
    });

    it('when Liam asks for his savings order, then its end date is the final payment date', async () => {
      const res = await gw.get(`/v1/banking/customer/${LIAM}/accounts/10000248/payments/scheduled`);
      valid('listScheduledPaymentsForAccount', res);
      const [order] = res.body.data.scheduledPayments as Rec[];
      expect(order.recurrence.intervalSchedule.finalPaymentDate).toBe('2027-03-15');
    });

    it('when payees are asked, then each beneficiary is a domestic, international or biller payee', async () => {
      const res = await gw.get(`${C1}/payees`);
      valid('listPayees', res);
      const payees = res.body.data.payees as Rec[];
      const own = data.beneficiaries.filter((b) => b.customerId === CHARLOTTE);
      expect(payees.map((p) => [p.payeeId, p.nickname])).toEqual(
        own.map((b) => [b.beneficiaryId, b.nickName]),
      );
      expect(payees.map((p) => p.type)).toEqual([
        'DOMESTIC',
        'DOMESTIC',
        'INTERNATIONAL',
        'BILLER',
      ]);
      const billers = await gw.get(`${C1}/payees?type=BILLER`);
      valid('listPayees', billers);
      expect((billers.body.data.payees as Rec[]).map((p) => p.biller)).toEqual([
        { billerCode: '75556', crn: '4471203001', billerName: 'Sydney Water' },
      ]);
    });

    it('when Priya (no beneficiaries) asks for payees, then the list is empty, not 404', async () => {
      const res = await gw.get(`/v1/banking/customer/${PRIYA}/payees`);
      valid('listPayees', res);
      expect(res.body).toEqual(pageBody('payees', []));
    });
  });

  describe('row 5, instalment plans', () => {
    it.each([
      ['the loan', 'POST', ['10000213']],
      ['a savings account', 'POST', ['10000191']],
      ['the loan by its path', 'GET', ['10000213']],
    ])(
      'when %s is asked, then it is 404 resource not implemented (Transact has no such plans)',
      async (_what, method, ids) => {
        const res =
          method === 'POST'
            ? await post(`${C1}/accounts/payments/plans`, ids)
            : await gw.get(`${C1}/accounts/${ids[0]!}/payments/plans`);
        expectError(res, 404, 'resource not implemented');
      },
    );
  });

  describe("Transact's 404s and other customers' accounts", () => {
    it.each([
      ['the authorisation list', 'GET', '/auth/v1/customer/999999/accounts'],
      ['the account list', 'GET', '/v1/banking/customer/999999/accounts'],
      ['payees', 'GET', '/v1/banking/customer/999999/payees'],
      ['balances', 'POST', '/v1/banking/customer/999999/accounts/balances'],
      ['scheduled payments', 'POST', '/v1/banking/customer/999999/payments/scheduled'],
    ])(
      'when %s is asked for a customer Transact does not know, then it is 404 Customer not found',
      async (_name, method, target) => {
        const mark = sim.requests.length;
        const res = method === 'GET' ? await gw.get(target) : await post(target, ['10000183']);
        expectError(res, 404, 'Customer not found');
        expect(since(sim, mark).length).toBeGreaterThan(0); // Transact was asked
      },
    );

    it('when the customer id cannot be a Transact id, then it is 404 without asking Transact', async () => {
      const mark = sim.requests.length;
      expectError(await gw.get('/v1/banking/customer/a%20b/accounts'), 404, 'Customer not found');
      expectError(await gw.get('/v1/banking/customer/-1/payees'), 404, 'Customer not found');
      expect(since(sim, mark)).toEqual([]);
    });

    it("when another customer's account is in a body, then it is the same 404 as an unknown one", async () => {
      const other = await post(`${C1}/accounts/balances`, ['10000248']);
      const unknown = await post(`${C1}/accounts/balances`, ['99999999']);
      expectError(other, 404, 'Account in query not found');
      expect({ status: unknown.status, text: unknown.text }).toEqual({
        status: other.status,
        text: other.text,
      });
      expectError(
        await post(`/v1/banking/customer/${LIAM}/accounts`, ['10000183']),
        404,
        'Account in query not found',
      );
    });

    it("when another customer's account is in the path, then it is 404 Account not found, alike", async () => {
      const other = await gw.get(`${C1}/accounts/10000264/payments/scheduled`);
      const unknown = await gw.get(`${C1}/accounts/99999999/payments/scheduled`);
      expectError(other, 404, 'Account not found');
      expect(unknown.text).toBe(other.text);
      expectError(await gw.get(`${C1}/accounts/10000256`), 404, 'Account not found');
    });

    it('when Priya, the bakery’s signatory, asks for the bakery’s account, then it is not hers', async () => {
      expect(customerOf(BAKERY).relations.map((r) => r.customerId)).toEqual([PRIYA]);
      expectError(
        await gw.get(`/v1/banking/customer/${PRIYA}/accounts/10000256`),
        404,
        'Account not found',
      );
    });
  });
});

describe('the Temenos adapter with account detail version 3', () => {
  it('when the accounts are listed and detailed, then they validate against the version 3 contracts', async () => {
    const sim = await startTemenosSimulator({ port: 0 });
    const gw = await startTemenosGateway(sim, { BANKING_ACCOUNT_DETAIL_VERSION: 3 });
    try {
      const list = await gw.get(`${C1}/accounts`);
      expectValid(gw, 'listBankingAccounts', list);
      const detail = await gw.post(`${C1}/accounts`, { data: { accountIds: idsOf(CHARLOTTE) } });
      expectValid(gw, 'listSpecificBankingAccounts', detail);
      const route = gw.gateway.routes.find((r) => r.operationId === 'listSpecificBankingAccounts');
      expect(JSON.stringify(route!.response)).toContain('banking-account-v3');
    } finally {
      await gw.close();
      await sim.close();
    }
  });
});
