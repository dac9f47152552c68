/**
 * The real gateway on the Fineract adapter (`CORE_ADAPTER=fineract`, configured by `FINERACT_*`
 * variables) against the Fineract simulator on a loopback port: every banking endpoint, the
 * authorisation list and customer detail, FDX transactions with their window and paging pushed
 * down to Fineract (checked on the simulator's request log), a Fineract outage opening the
 * circuit, Fineract 404s, and another customer's accounts. Every response is validated against
 * `contracts/`; expected values are computed here from the simulator's data set with small code
 * of their own (exact decimals in bigint cents), never with the adapter's mappers.
 */
import fs from 'node:fs';
import { isInteger, isSafeNumber, parse } from 'lossless-json';
import { refOf } from '../../../../contracts';
import {
  DEFAULT_DATASET_FILE,
  startFineractSimulator,
  type FineractRequestRecord,
  type FineractSimulator,
} from '../../simulator/simulator';
import { contractErrors } from '../../../../test/helpers/contracts';
import { type Env, fineractSimEnv } from '../../../../test/helpers/simulator-env';
import { waitFor } from '../../../../test/helpers/wait';
import {
  startGateway,
  type TestGateway,
  type TestResponse,
} from '../../../../test/helpers/gateway';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// ---------------------------------------------------------------------------------------------
// The data set, read on its own: safe integers as numbers, every other number as its text.
// ---------------------------------------------------------------------------------------------

const data = parse(fs.readFileSync(DEFAULT_DATASET_FILE, 'utf8'), null, (v) =>
  isInteger(v) && isSafeNumber(v) ? Number(v) : v,
) as Rec;

/** An amount (number or exact text with at most two fraction digits) in cents. */
function cents(value: string | number): bigint {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not a money amount: ${text}`);
  const units = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0') || '0');
  return match[1] ? -units : units;
}
/** Cents as the documented amount string, two fraction digits. */
function money(c: bigint): string {
  const negative = c < 0n;
  const abs = negative ? -c : c;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
const iso = (d: unknown): string =>
  Array.isArray(d)
    ? d.map((n: number, i) => String(n).padStart(i === 0 ? 4 : 2, '0')).join('-')
    : String(d);
const midnight = (d: unknown) => `${iso(d)}T00:00:00Z`;
const byDateDescIdDesc = (x: Rec, y: Rec) =>
  iso(x.date) !== iso(y.date) ? (iso(x.date) < iso(y.date) ? 1 : -1) : y.id - x.id;

const KINDS: Record<number, string> = { 100: 'sav', 200: 'fd', 300: 'rd' };
const CATEGORY: Record<string, string> = {
  sav: 'TRANS_AND_SAVINGS_ACCOUNTS',
  fd: 'TERM_DEPOSITS',
  rd: 'TERM_DEPOSITS',
  loan: 'PERS_LOANS',
};
/** Configured for the test: loan product 2 is a business loan. */
const PRODUCT_CATEGORIES = { 'loan:2': 'BUSINESS_LOANS' };

interface Listed {
  accountId: string;
  kind: string;
  id: number;
  entry: Rec;
  detail: Rec;
  openStatus: 'OPEN' | 'CLOSED';
}
/** A client's accounts as its Fineract account list gives them: savings family, then loans. */
function accountsOf(clientId: number): Listed[] {
  const list = data.clientAccounts[String(clientId)] as Rec;
  const detailOf = (kind: string, id: number): Rec =>
    (
      ({
        sav: data.savingsAccounts,
        fd: data.fixedDepositAccounts,
        rd: data.recurringDepositAccounts,
        loan: data.loans,
      }) as Record<string, Rec[]>
    )[kind]!.find((a) => a.id === id)!;
  const open = (s: Rec) => (s.id === 600 || s.closed === true ? 'CLOSED' : 'OPEN');
  return [
    ...(list.savingsAccounts ?? []).map((e: Rec) => ({ kind: KINDS[e.depositType.id]!, e })),
    ...(list.loanAccounts ?? []).map((e: Rec) => ({ kind: 'loan', e })),
  ].map(({ kind, e }) => ({
    accountId: `${kind}-${e.id}`,
    kind,
    id: e.id,
    entry: e,
    detail: detailOf(kind, e.id),
    openStatus: open(e.status),
  }));
}
const ACCOUNTS_1 = accountsOf(1);
const IDS_1 = ACCOUNTS_1.map((a) => a.accountId);
const account = (accountId: string) =>
  [...accountsOf(1), ...accountsOf(2)].find((a) => a.accountId === accountId)!;
const client = (id: number) => data.clients.find((c: Rec) => c.id === id) as Rec;
const masked = (accountNo: string) => `${'x'.repeat(accountNo.length - 4)}${accountNo.slice(-4)}`;

/** Balance by the adapter's documented rule (current, available incl. an overdraft limit). */
function expectedBalance(a: Listed): Rec {
  if (a.kind === 'loan') {
    return {
      accountId: a.accountId,
      currentBalance: money(-cents(a.detail.summary.totalOutstanding)),
      availableBalance: '0.00',
    };
  }
  const current = cents(a.detail.summary.accountBalance);
  let available = cents(a.detail.summary.availableBalance);
  if (a.detail.allowOverdraft === true) available += cents(a.detail.overdraftLimit);
  return {
    accountId: a.accountId,
    currentBalance: money(current),
    availableBalance: money(available),
  };
}

/** FDX transactions of a savings-table account in a window, newest first, reversals left out. */
function expectedSavingsTransactions(id: number, from: string, to: string): Rec[] {
  return (data.savingsTransactions[String(id)] as Rec[])
    .filter((t) => !t.reversed && !t.isReversal && iso(t.date) >= from && iso(t.date) <= to)
    .sort(byDateDescIdDesc)
    .map((t) => ({
      transactionId: String(t.id),
      postedTimestamp: midnight(t.date),
      debitCreditMemo: t.entryType,
      amount: Number(t.amount),
      status: 'POSTED',
    }));
}
function expectedLoanTransactions(id: number, from: string, to: string): Rec[] {
  return (data.loanTransactions[String(id)] as Rec[])
    .filter((t) => iso(t.date) >= from && iso(t.date) <= to)
    .sort(byDateDescIdDesc)
    .map((t) => ({
      transactionId: String(t.id),
      postedTimestamp: midnight(t.date),
      debitCreditMemo: t.type.disbursement ? 'DEBIT' : 'CREDIT',
      amount: Number(t.amount),
      status: 'POSTED',
    }));
}
const fdxView = (t: Rec) => ({
  transactionId: t.transactionId,
  postedTimestamp: t.postedTimestamp,
  debitCreditMemo: t.debitCreditMemo,
  amount: t.amount,
  status: t.status,
});

// ---------------------------------------------------------------------------------------------
// The gateway on the Fineract adapter
// ---------------------------------------------------------------------------------------------

const BSB = '012-345';

function fineractEnv(sim: FineractSimulator, extra: Env = {}): Env {
  return {
    ...fineractSimEnv(sim),
    FINERACT_BSB: BSB,
    FINERACT_PRODUCT_CATEGORIES: JSON.stringify(PRODUCT_CATEGORIES),
    ...extra,
  };
}

/** The gateway as `npm start` builds it: the registry resolves `fineract` from the variables. */
function startFineractGateway(sim: FineractSimulator, extra: Env = {}): Promise<TestGateway> {
  return startGateway(fineractEnv(sim, extra));
}

const REQUEST_ID = 'fineract-test-1';
const pageBody = (key: string, records: unknown[]) => ({
  data: { [key]: records },
  links: {},
  meta: { totalRecords: records.length, totalPages: records.length ? 1 : 0 },
});
const expectError = (res: TestResponse, status: number, error: string) =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });
const expectFdxError = (res: TestResponse, status: number, code: number, message: string) => {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: { code, message, debugMessage: `request ${REQUEST_ID}` },
  });
  expect(contractErrors({ $ref: refOf('envelopes', 'ErrorFdx') }, res.body)).toEqual([]);
};
const since = (sim: FineractSimulator, mark: number, path?: RegExp): FineractRequestRecord[] =>
  sim.requests.slice(mark).filter((r) => path === undefined || path.test(r.path));

describe('the gateway on the Fineract adapter', () => {
  let sim: FineractSimulator;
  let gw: TestGateway;
  beforeAll(async () => {
    sim = await startFineractSimulator({ port: 0 });
    gw = await startFineractGateway(sim);
  });
  afterAll(async () => {
    await gw.close();
    await sim.close();
  });

  const routeOf = (op: string) => gw.gateway.routes.find((r) => r.operationId === op)!;
  const expectValid = (op: string, res: TestResponse) => {
    expect({ op, status: res.status }).toEqual({ op, status: 200 });
    expect({ op, errors: contractErrors(routeOf(op).response, res.body) }).toEqual({
      op,
      errors: [],
    });
  };
  const post = (path: string, ids: string[]) => gw.post(path, { data: { accountIds: ids } });
  const C1 = '/v1/banking/customer/1';

  describe('row 1, the authorisation list', () => {
    it('when customer 1 lists shareable accounts, then every opened account comes in Fineract order', async () => {
      const res = await gw.get('/auth/v1/customer/1/accounts');
      expectValid('listShareableAccounts', res);
      const email = client(1).emailAddress as string;
      expect(res.body).toEqual({
        accounts: ACCOUNTS_1.map((a) => ({
          accountId: a.accountId,
          displayName: a.entry.productName,
          openStatus: a.openStatus,
          extensions: {
            cdr: {
              complexAccountType: 'INDIVIDUAL',
              users: [{ id: '1', email, isAccountHolder: true }],
            },
          },
        })),
      });
      expect(IDS_1).toEqual([
        'sav-1',
        'sav-2',
        'sav-3',
        'sav-4',
        'fd-5',
        'rd-6',
        'loan-1',
        'loan-2',
      ]);
    });

    it('when customer 3 (no accounts: Fineract leaves the lists out) asks, then the list is empty', async () => {
      const res = await gw.get('/auth/v1/customer/3/accounts');
      expectValid('listShareableAccounts', res);
      expect(res.body).toEqual({ accounts: [] });
    });
  });

  describe('rows 2 and 3, accounts', () => {
    it('when the accounts are listed, then each is valid, in Fineract order, masked, with its category and status', async () => {
      const res = await gw.get(`${C1}/accounts?page-size=1000`);
      expectValid('listBankingAccounts', res);
      const records = res.body.data.accounts as Rec[];
      expect(records.map((r) => r.accountId)).toEqual(IDS_1);
      records.forEach((r, i) => {
        const a = ACCOUNTS_1[i]!;
        const accountNo = String(a.entry.accountNo);
        const productId = a.entry.productId as number;
        expect(r).toEqual(
          expect.objectContaining({
            accountId: a.accountId,
            openStatus: a.openStatus,
            isOwned: true,
            maskedNumber: masked(accountNo),
            productCategory:
              (PRODUCT_CATEGORIES as Record<string, string>)[`${a.kind}:${productId}`] ??
              CATEGORY[a.kind],
            productName: a.entry.productName,
            complexAccountType: 'INDIVIDUAL',
          }),
        );
        expect(r.displayName).not.toContain(accountNo);
        expect(r.maskedNumber).not.toContain(accountNo);
      });
      expect(res.headers.get('deprecation')).toBe('true');
    });

    it.each([
      ['product-category=TERM_DEPOSITS', ['fd-5', 'rd-6']],
      ['product-category=BUSINESS_LOANS', ['loan-2']],
      ['product-category=PERS_LOANS', ['loan-1']],
      ['open-status=CLOSED', ['sav-4']],
      ['open-status=OPEN&product-category=TRANS_AND_SAVINGS_ACCOUNTS', ['sav-1', 'sav-2', 'sav-3']],
    ])('when filtered by %s, then exactly %j come back', async (query, expected) => {
      const res = await gw.get(`${C1}/accounts?${query}`);
      expectValid('listBankingAccounts', res);
      expect((res.body.data.accounts as Rec[]).map((a) => a.accountId)).toEqual(expected);
    });

    it('when the detail of every account is asked, then each validates with exact rates, terms and loan details', async () => {
      const res = await post(`${C1}/accounts?page-size=1000`, IDS_1);
      expectValid('listSpecificBankingAccounts', res);
      const records = res.body.data.accounts as Rec[];
      expect(records.map((r) => r.accountId)).toEqual(IDS_1);
      const byId = (id: string) => records.find((r) => r.accountId === id)!;
      // Rates are fractions made on the decimal text: 9.95 % is 0.0995, never 9.95 / 100.
      expect(byId('sav-1').depositRates[0].rate).toBe(0.0435);
      expect(byId('loan-1').lendingRates[0].rate).toBe(0.0995);
      expect(byId('loan-1').lendingRates[0].rate).not.toBe(9.95 / 100);
      expect(byId('sav-1').creationDate).toBe(
        iso(account('sav-1').detail.timeline.activatedOnDate),
      );
      expect(byId('sav-2').features).toEqual([
        expect.objectContaining({ featureType: 'OVERDRAFT' }),
      ]);
      const fd = account('fd-5').detail;
      expect(byId('fd-5').termDeposit).toEqual([
        expect.objectContaining({
          lodgementDate: iso(fd.timeline.activatedOnDate),
          maturityDate: iso(fd.maturityDate),
          maturityAmount: money(cents(fd.maturityAmount)),
          maturityCurrency: 'AUD',
        }),
      ]);
      const loan = account('loan-1').detail;
      const next = (loan.repaymentSchedule.periods as Rec[]).find(
        (p) => p.period !== undefined && !p.complete,
      )!;
      expect(byId('loan-1').loan).toEqual(
        expect.objectContaining({
          originalLoanAmount: money(cents(loan.principal)),
          nextInstalmentDate: iso(next.dueDate),
          minInstalmentAmount: money(cents(next.totalOutstandingForPeriod)),
          loanEndDate: iso(loan.timeline.expectedMaturityDate),
        }),
      );
      for (const r of records) expect(r.bsb).toBe('012345');
    });

    it('when one account is asked with a filter that excludes it, then the page is empty', async () => {
      const res = await post(`${C1}/accounts?open-status=CLOSED`, ['sav-1']);
      expectValid('listSpecificBankingAccounts', res);
      expect(res.body).toEqual(pageBody('accounts', []));
    });
  });

  describe('row 8, balances', () => {
    it('when every balance is asked, then each is exact: overdraft in available, loans owed as negative', async () => {
      const res = await post(`${C1}/accounts/balances?page-size=1000`, IDS_1);
      expectValid('listBalances', res);
      expect(res.body).toEqual(pageBody('balances', ACCOUNTS_1.map(expectedBalance)));
      const sav2 = (res.body.data.balances as Rec[]).find((b) => b.accountId === 'sav-2')!;
      expect(sav2).toEqual({
        accountId: 'sav-2',
        currentBalance: '-250.75',
        availableBalance: '1749.25',
      });
    });

    it('when the balance beyond double precision is asked alone, then every digit arrives', async () => {
      const res = await post(`${C1}/accounts/balances`, ['sav-3']);
      expectValid('listBalances', res);
      expect(res.body).toEqual(
        pageBody('balances', [
          {
            accountId: 'sav-3',
            currentBalance: '1234567890123456.78',
            availableBalance: '1234567890123406.78',
          },
        ]),
      );
      expect(res.text).toContain('"currentBalance":"1234567890123456.78"');
    });

    it('when balances are filtered to open accounts, then the closed one is left out', async () => {
      const res = await post(`${C1}/accounts/balances?open-status=OPEN`, ['sav-3', 'sav-4']);
      expectValid('listBalances', res);
      expect((res.body.data.balances as Rec[]).map((b) => b.accountId)).toEqual(['sav-3']);
    });
  });

  describe('row 7, direct debits', () => {
    it('when direct debits are asked, then the list is empty (Fineract has none, as documented)', async () => {
      const res = await post(`${C1}/accounts/direct-debits`, IDS_1);
      expectValid('listDirectDebits', res);
      expect(res.body).toEqual(pageBody('directDebitAuthorisations', []));
    });
  });

  describe('rows 10 and the scheduled payments POST, standing instructions', () => {
    const activeOf = (clientId: number) =>
      (data.standingInstructions as Rec[]).filter(
        (s) => s.fromClient.id === clientId && s.status.id === 1,
      );

    it('when scheduled payments are asked, then only active instructions come, walked over Fineract pages', async () => {
      const mark = sim.requests.length;
      const res = await post(`${C1}/payments/scheduled?page-size=1000`, IDS_1);
      expectValid('listScheduledPayments', res);
      const payments = res.body.data.scheduledPayments as Rec[];
      expect(payments.map((p) => p.scheduledPaymentId)).toEqual(
        activeOf(1).map((s) => String(s.id)),
      );
      const [sweep, loanRepayment, topUp] = payments;
      expect(sweep).toEqual(
        expect.objectContaining({
          nickname: 'Monthly sweep to Everyday Account',
          status: 'ACTIVE',
          from: { accountId: 'sav-1' },
          paymentSet: [{ to: { toUType: 'accountId', accountId: 'sav-2' }, amount: '200.00' }],
        }),
      );
      expect(loanRepayment).toEqual(
        expect.objectContaining({
          from: { accountId: 'sav-1' },
          paymentSet: [
            { to: { toUType: 'accountId', accountId: 'loan-1' }, isAmountCalculated: true },
          ],
        }),
      );
      expect(topUp!.recurrence.intervalSchedule.finalPaymentDate).toBe('2027-11-01');
      // Five instructions of client 1, Fineract page size 4: two pages.
      const calls = since(sim, mark, /^\/v1\/standinginstructions$/);
      expect(calls.map((c) => c.query)).toEqual([
        { clientId: '1', offset: '0', limit: '4' },
        { clientId: '1', offset: '4', limit: '4' },
      ]);
    });

    it('when one account is asked, then its own active instructions come; a disabled one does not', async () => {
      const res = await gw.get(`${C1}/accounts/sav-1/payments/scheduled`);
      expectValid('listScheduledPaymentsForAccount', res);
      expect((res.body.data.scheduledPayments as Rec[]).map((p) => p.scheduledPaymentId)).toEqual([
        '1',
        '2',
        '5',
      ]);
      const none = await gw.get(`${C1}/accounts/sav-2/payments/scheduled`);
      expectValid('listScheduledPaymentsForAccount', none);
      expect(none.body).toEqual(pageBody('scheduledPayments', []));
    });

    it('when customer 2 asks, then their loan repayment instruction comes', async () => {
      const res = await post('/v1/banking/customer/2/payments/scheduled', ['sav-7', 'loan-3']);
      expectValid('listScheduledPayments', res);
      expect((res.body.data.scheduledPayments as Rec[]).map((p) => p.scheduledPaymentId)).toEqual(
        activeOf(2).map((s) => String(s.id)),
      );
    });
  });

  describe('row 5, instalment plans', () => {
    it('when the instalment loan is asked, then its schedule is the plan, paid periods marked', async () => {
      const res = await post(`${C1}/accounts/payments/plans?plan-status=ALL`, ['loan-1']);
      expectValid('listInstalmentPlans', res);
      const loan = account('loan-1').detail;
      const schedule = (loan.repaymentSchedule.periods as Rec[])
        .filter((p) => p.period !== undefined)
        .map((p) => ({
          amountDue: money(cents(p.totalDueForPeriod)),
          dueDate: midnight(p.dueDate),
          isPaid: p.complete === true,
        }));
      expect(schedule.filter((s) => s.isPaid).length).toBeGreaterThan(0);
      expect(schedule.filter((s) => !s.isPaid).length).toBeGreaterThan(0);
      expect(res.body.data.plans).toEqual([
        expect.objectContaining({
          accountId: 'loan-1',
          planId: '1',
          creationDate: midnight(loan.timeline.actualDisbursementDate),
          amount: money(cents(loan.principal)),
          planCurrency: 'AUD',
          schedule,
        }),
      ]);
      const inactive = await post(`${C1}/accounts/payments/plans?plan-status=INACTIVE`, ['loan-1']);
      expect(inactive.body).toEqual(pageBody('plans', []));
    });

    it.each([
      ['a loan whose product is not an instalment product', ['loan-1', 'loan-2']],
      ['a savings account', ['sav-1']],
    ])('when %s is asked, then it is 404 resource not implemented', async (_name, ids) => {
      expectError(
        await post(`${C1}/accounts/payments/plans`, ids),
        404,
        'resource not implemented',
      );
    });
  });

  describe('row 11, payees', () => {
    it("when customer 1 asks, then their self-service user's beneficiaries come as domestic payees at the BSB", async () => {
      const mark = sim.requests.length;
      const res = await gw.get(`${C1}/payees`);
      expectValid('listPayees', res);
      const beneficiaries = data.selfServiceUsers[0].beneficiaries as Rec[];
      expect(res.body).toEqual(
        pageBody(
          'payees',
          beneficiaries.map((b) => ({
            payeeId: String(b.id),
            nickname: b.name,
            type: 'DOMESTIC',
            payeeUType: 'domestic',
            domestic: {
              payeeAccountUType: 'account',
              account: { accountName: b.clientName, bsb: '012345', accountNumber: b.accountNumber },
            },
          })),
        ),
      );
      const calls = since(sim, mark, /^\/v1\/self\//);
      expect(calls).toEqual([
        {
          method: 'GET',
          path: '/v1/self/beneficiaries/tpt',
          query: {},
          user: 'client1',
          tenant: 'default',
        },
      ]);
    });

    it('when filtered to billers, then none come', async () => {
      const res = await gw.get(`${C1}/payees?type=BILLER`);
      expectValid('listPayees', res);
      expect(res.body).toEqual(pageBody('payees', []));
    });

    it('when customer 2 (no self-service user) asks, then the list is empty and Fineract is not asked', async () => {
      const mark = sim.requests.length;
      const res = await gw.get('/v1/banking/customer/2/payees');
      expectValid('listPayees', res);
      expect(res.body).toEqual(pageBody('payees', []));
      expect(since(sim, mark, /^\/v1\/self\//)).toEqual([]);
    });
  });

  describe('row 12, customer detail', () => {
    it.each([1, 2, 3])(
      'when customer %i is asked, then the client is the person, with their contact points',
      async (id) => {
        const res = await gw.get(`/v1/common/customer/${id}/detail`);
        expectValid('getCustomerDetail', res);
        const c = client(id);
        expect(res.body.data).toEqual(
          expect.objectContaining({
            customerUType: 'person',
            person: expect.objectContaining({
              firstName: c.firstname,
              lastName: c.lastname,
              middleNames: c.middlename ? [c.middlename] : [],
            }),
          }),
        );
        const emails = (res.body.data.person.emailAddresses as Rec[]).map((e) => e.address);
        expect(emails).toEqual(c.emailAddress ? [c.emailAddress] : []);
      },
    );
  });

  describe('row 14, FDX transactions pushed down to Fineract', () => {
    const get = (target: string) => gw.get(target, { headers: { 'x-request-id': REQUEST_ID } });
    const txPath = (c: string, a: string) => `/fdx/v6/customer/${c}/accounts/${a}/transactions`;

    /** Follows nextOffset to the end; returns every page's body. */
    const walk = async (first: string): Promise<Rec[]> => {
      const pages: Rec[] = [];
      let target: string | undefined = first;
      while (target) {
        const res = await get(target);
        expectValid('listFdxTransactions', res);
        pages.push(res.body);
        const next = res.body.page?.nextOffset as string | undefined;
        target = next ? `${first}&offset=${encodeURIComponent(next)}` : undefined;
        expect(pages.length).toBeLessThan(100);
      }
      return pages;
    };
    const all = (pages: Rec[]) => pages.flatMap((p) => p.transactions as Rec[]);

    it("when a savings window is walked 10 at a time, then each transaction comes once, newest first, and the window and limit reach Fineract's search", async () => {
      const [from, to] = ['2026-03-01', '2026-08-31'];
      const expected = expectedSavingsTransactions(1, from, to);
      expect(expected.length).toBeGreaterThan(30);
      const mark = sim.requests.length;
      const pages = await walk(`${txPath('1', 'sav-1')}?startTime=${from}&endTime=${to}&limit=10`);
      const seen = all(pages);
      expect(seen.map(fdxView)).toEqual(expected);
      expect(new Set(seen.map((t) => t.transactionId)).size).toBe(seen.length);
      expect(pages).toHaveLength(Math.ceil(expected.length / 10));
      const searches = since(sim, mark, /^\/v1\/savingsaccounts\/1\/transactions\/search$/);
      expect(searches.map((s) => s.query)).toEqual(
        pages.map((_p, i) => ({
          fromDate: from,
          toDate: to,
          dateFormat: 'yyyy-MM-dd',
          locale: 'en',
          // Fineract's search reads `offset` as the page number.
          offset: String(i),
          limit: '10',
          orderBy: 'transactionDate,id',
          sortOrder: 'DESC',
        })),
      );
    });

    it('when the window is the first and last recorded days, then both edge days are included', async () => {
      const txs = data.savingsTransactions['1'] as Rec[];
      const first = iso(txs[0]!.date);
      const last = iso(txs[txs.length - 1]!.date);
      const pages = await walk(
        `${txPath('1', 'sav-1')}?startTime=${first}&endTime=${last}&limit=1000`,
      );
      expect(all(pages).map(fdxView)).toEqual(expectedSavingsTransactions(1, first, last));
      expect(all(pages)).toHaveLength(txs.length);
    });

    it('when an account with a reversed debit is walked, then the reversal pair is left out and nothing is skipped or repeated', async () => {
      const expected = expectedSavingsTransactions(2, '2026-08-01', '2026-11-30');
      const raw = (data.savingsTransactions['2'] as Rec[]).length;
      expect(expected).toHaveLength(raw - 2);
      const pages = await walk(
        `${txPath('1', 'sav-2')}?startTime=2026-08-01&endTime=2026-11-30&limit=3`,
      );
      expect(all(pages).map(fdxView)).toEqual(expected);
    });

    it('when a loan window is walked, then Fineract pages are walked with Spring paging and each transaction comes once', async () => {
      const [from, to] = ['2025-01-01', '2026-06-30'];
      const expected = expectedLoanTransactions(1, from, to);
      expect(expected.length).toBeGreaterThan(10);
      const mark = sim.requests.length;
      const pages = await walk(`${txPath('1', 'loan-1')}?startTime=${from}&endTime=${to}&limit=5`);
      expect(all(pages).map(fdxView)).toEqual(expected);
      const calls = since(sim, mark, /^\/v1\/loans\/1\/transactions$/);
      expect(calls.length).toBeGreaterThan(pages.length);
      for (const c of calls) {
        expect(c.query).toEqual({
          page: expect.stringMatching(/^\d+$/),
          size: '4',
          sort: 'transactionDate,desc',
        });
      }
    });

    it('when customer 2 walks their account (ISO string dates on the wire), then the window applies the same', async () => {
      const expected = expectedSavingsTransactions(7, '2026-07-01', '2026-10-31');
      expect(expected.length).toBeGreaterThan(3);
      const pages = await walk(
        `${txPath('2', 'sav-7')}?startTime=2026-07-01&endTime=2026-10-31&limit=2`,
      );
      expect(all(pages).map(fdxView)).toEqual(expected);
    });

    it('when statements are asked, then the page is empty (Fineract has none)', async () => {
      const res = await get('/fdx/v6/customer/1/accounts/sav-1/statements');
      expectValid('listFdxStatements', res);
      expect(res.body).toEqual({ page: { totalElements: 0 }, statements: [] });
    });

    it('when asset transfer networks are asked, then it is 422 with code 704', async () => {
      expectFdxError(
        await get('/fdx/v6/customer/1/accounts/sav-1/asset-transfer-networks'),
        422,
        704,
        'Account type not supported',
      );
    });
  });

  describe('Fineract 404s and other customers', () => {
    it.each([
      ['the authorisation list', 'GET', '/auth/v1/customer/99/accounts'],
      ['the account list', 'GET', '/v1/banking/customer/99/accounts'],
      ['the customer detail', 'GET', '/v1/common/customer/99/detail'],
      ['payees', 'GET', '/v1/banking/customer/99/payees'],
      ['balances', 'POST', '/v1/banking/customer/99/accounts/balances'],
      [
        'FDX transactions',
        'GET',
        `/fdx/v6/customer/99/accounts/sav-1/transactions?startTime=2026-01-01&endTime=2026-01-31`,
      ],
    ])(
      'when %s is asked for a client Fineract does not know, then it is 404 Customer not found',
      async (_name, method, target) => {
        const mark = sim.requests.length;
        const res = method === 'GET' ? await gw.get(target) : await post(target, ['sav-1']);
        expectError(res, 404, 'Customer not found');
        expect(since(sim, mark).length).toBeGreaterThan(0); // Fineract said 404
      },
    );

    it('when the customer id cannot be a Fineract client id, then it is 404 without asking Fineract', async () => {
      const mark = sim.requests.length;
      expectError(await gw.get('/v1/common/customer/c-1001/detail'), 404, 'Customer not found');
      expectError(await gw.get('/v1/common/customer/0/detail'), 404, 'Customer not found');
      expect(since(sim, mark)).toEqual([]);
    });

    it("when another customer's account is in a body, then it is the same 404 as an unknown one", async () => {
      const other = await post(`${C1}/accounts/balances`, ['sav-7']);
      const unknown = await post(`${C1}/accounts/balances`, ['sav-999']);
      expectError(other, 404, 'Account in query not found');
      expect({ status: unknown.status, text: unknown.text }).toEqual({
        status: other.status,
        text: other.text,
      });
      const fromTwo = await post('/v1/banking/customer/2/accounts', ['sav-1']);
      expectError(fromTwo, 404, 'Account in query not found');
    });

    it("when another customer's account is in the path, then it is 404 Account not found, alike", async () => {
      const other = await gw.get(`${C1}/accounts/loan-3/payments/scheduled`);
      const unknown = await gw.get(`${C1}/accounts/loan-999/payments/scheduled`);
      expectError(other, 404, 'Account not found');
      expect(unknown.text).toBe(other.text);
    });

    it("when FDX transactions of another customer's account are asked, then it is 701 and its transactions are never read", async () => {
      const mark = sim.requests.length;
      const get = (a: string) =>
        gw.get(
          `/fdx/v6/customer/1/accounts/${a}/transactions?startTime=2026-01-01&endTime=2026-11-20`,
          { headers: { 'x-request-id': REQUEST_ID } },
        );
      expectFdxError(await get('sav-7'), 404, 701, 'Account not found');
      expectFdxError(await get('sav-999'), 404, 701, 'Account not found');
      expectFdxError(await get('nonsense'), 404, 701, 'Account not found');
      expect(since(sim, mark, /transactions/)).toEqual([]);
    });
  });
});

describe('the Fineract adapter with account detail version 3', () => {
  it('when the accounts are listed and detailed, then they validate against the version 3 contracts', async () => {
    const sim = await startFineractSimulator();
    const gw = await startFineractGateway(sim, { BANKING_ACCOUNT_DETAIL_VERSION: 3 });
    try {
      const routeOf = (op: string) => gw.gateway.routes.find((r) => r.operationId === op)!;
      const list = await gw.get('/v1/banking/customer/1/accounts?page-size=1000');
      expect(list.status).toBe(200);
      expect(contractErrors(routeOf('listBankingAccounts').response, list.body)).toEqual([]);
      expect((list.body.data.accounts as Rec[]).map((a) => a.accountId)).toEqual(IDS_1);
      const detail = await gw.post('/v1/banking/customer/1/accounts?page-size=1000', {
        data: { accountIds: IDS_1 },
      });
      expect(detail.status).toBe(200);
      expect(contractErrors(routeOf('listSpecificBankingAccounts').response, detail.body)).toEqual(
        [],
      );
      expect(JSON.stringify(routeOf('listSpecificBankingAccounts').response)).toContain(
        'banking-account-v3',
      );
    } finally {
      await gw.close();
      await sim.close();
    }
  });
});

describe('the Fineract adapter with customers mapped by external id', () => {
  it('when customer c-fin-1 is asked, then Fineract is searched by external id once and the client served', async () => {
    const sim = await startFineractSimulator();
    const gw = await startFineractGateway(sim, { FINERACT_CUSTOMER_IDS: 'externalId' });
    try {
      const res = await gw.get('/v1/common/customer/c-fin-1/detail');
      expect(res.status).toBe(200);
      expect(res.body.data.person.lastName).toBe('Citizen');
      await gw.get('/v1/common/customer/c-fin-1/detail');
      const lookups = sim.requests.filter((r) => r.path === '/v1/clients');
      expect(lookups.map((r) => r.query)).toEqual([{ externalId: 'c-fin-1', limit: '1' }]);
      expectError(await gw.get('/v1/common/customer/1/detail'), 404, 'Customer not found');
    } finally {
      await gw.close();
      await sim.close();
    }
  });
});

describe('a Fineract outage', () => {
  const CIRCUIT = {
    CIRCUIT_MIN_VOLUME: 5,
    CIRCUIT_ERROR_PERCENTAGE: 50,
    CIRCUIT_RESET_SECONDS: 2,
    RETRY_ATTEMPTS: 0,
  };
  const DETAIL = '/v1/common/customer/1/detail';

  async function withOutage(
    env: Env,
    body: (gw: TestGateway, sim: FineractSimulator) => Promise<void>,
  ): Promise<void> {
    const sim = await startFineractSimulator();
    const gw = await startFineractGateway(sim, env);
    try {
      await body(gw, sim);
    } finally {
      await gw.close();
      await sim.close();
    }
  }

  it.each(['error500', 'reset'] as const)(
    'when Fineract fails with %s, then calls are 503 until their circuit opens, then 503 with Retry-After and Fineract is left alone by them',
    async (fault) => {
      await withOutage(CIRCUIT, async (gw, sim) => {
        expect((await gw.get(DETAIL)).status).toBe(200);
        sim.setFault(fault);
        const mark = sim.requests.length;
        for (let i = 0; i < 5; i += 1) {
          const res = await gw.get(DETAIL);
          expectError(res, 503, 'Service unavailable');
          expect(res.text).not.toMatch(/java|Hikari|fineract/i);
        }
        // One success and four failures make the minimum volume at 80 % errors: the fifth
        // failing call is already refused by the open circuit.
        const reached = sim.requests.length - mark;
        expect(reached).toBe(4);
        for (let i = 0; i < 5; i += 1) {
          const res = await gw.get(DETAIL);
          expectError(res, 503, 'Service unavailable');
          expect(res.headers.get('retry-after')).toMatch(/^[12]$/);
        }
        expect(sim.requests.length - mark).toBe(reached); // open: nothing reached Fineract
        // Circuits are per group: the FDX account lookup (accounts) still reaches Fineract.
        const fdx = await gw.get(
          '/fdx/v6/customer/1/accounts/sav-1/transactions?startTime=2026-01-01&endTime=2026-01-31',
          { headers: { 'x-request-id': REQUEST_ID } },
        );
        expectFdxError(fdx, 503, 503, 'Scheduled maintenance');
        expect(sim.requests.length - mark).toBeGreaterThan(reached);
        sim.setFault('none');
        // The reset time passed: no circuit open any more, each waits for its trial call.
        await waitFor(
          () =>
            [...gw.gateway.circuits.values()].every((c) => [...c.values()].every((b) => !b.opened)),
          'no circuit open',
        );
        const healed = await gw.get(DETAIL);
        expect(healed.status).toBe(200);
        expect((await gw.get(DETAIL)).status).toBe(200);
      });
    },
  );

  it('when Fineract answers 503 with Retry-After, then the caller gets 503 with that value', async () => {
    await withOutage(CIRCUIT, async (gw, sim) => {
      sim.setFault('unavailable503', { retryAfterSeconds: 17 });
      const res = await gw.get(DETAIL);
      expectError(res, 503, 'Service unavailable');
      expect(res.headers.get('retry-after')).toBe('17');
    });
  });

  it('when Fineract hangs, then the caller gets 504 at the timeout and the socket to Fineract is closed', async () => {
    await withOutage({ ...CIRCUIT, CORE_TIMEOUT_MS: 300 }, async (gw, sim) => {
      sim.setFault('hang');
      const started = Date.now();
      const res = await gw.get(DETAIL);
      expectError(res, 504, 'Upstream timeout');
      expect(Date.now() - started).toBeLessThan(2000);
      // The hanging request's connection is closed (undici may open a fresh idle one at once).
      await waitFor(() => sim.openRequests() === 0, 'the hanging request closed');
      expect(sim.openRequests()).toBe(0);
      expect(sim.requests).toHaveLength(1);
    });
  });

  it('when Fineract refuses what a caller asked with 400, then the caller gets 400 Invalid request and the circuit never opens', async () => {
    await withOutage(CIRCUIT, async (gw, sim) => {
      sim.setFault('invalid400');
      for (let i = 0; i < 12; i += 1) expectError(await gw.get(DETAIL), 400, 'Invalid request');
      const fdx = await gw.get(
        '/fdx/v6/customer/1/accounts/sav-1/transactions?startTime=2026-01-01&endTime=2026-01-31',
        { headers: { 'x-request-id': REQUEST_ID } },
      );
      expectFdxError(fdx, 400, 400, 'Invalid request');
      expect(sim.requests.filter((r) => r.path === '/v1/clients/1')).toHaveLength(12);
      sim.setFault('none');
      expect((await gw.get(DETAIL)).status).toBe(200);
    });
  });

  it('when an FDX date is before 1900, then the caller gets 702 and Fineract is never asked', async () => {
    await withOutage(CIRCUIT, async (gw, sim) => {
      for (let i = 0; i < 12; i += 1) {
        const res = await gw.get(
          '/fdx/v6/customer/1/accounts/sav-1/transactions?startTime=0001-01-01&endTime=2026-01-31',
          { headers: { 'x-request-id': REQUEST_ID } },
        );
        expectFdxError(res, 400, 702, 'Invalid start or end date');
      }
      expect(sim.requests).toEqual([]);
      expect((await gw.get(DETAIL)).status).toBe(200);
    });
  });

  it('when Fineract answers 404 many times, then the circuit never opens', async () => {
    await withOutage(CIRCUIT, async (gw, sim) => {
      for (let i = 0; i < 12; i += 1) {
        expectError(await gw.get('/v1/common/customer/99/detail'), 404, 'Customer not found');
      }
      expect(sim.requests.filter((r) => r.path === '/v1/clients/99')).toHaveLength(12);
      expect((await gw.get(DETAIL)).status).toBe(200);
    });
  });
});
