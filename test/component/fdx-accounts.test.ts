/**
 * The FDX account endpoints through the real app on the bundled demo data (docs/api.md, "FDX
 * accounts"): descriptors of specific accounts, one account's details, its contact and its
 * payment networks. Expected values come from sample.json with code of their own; answers are
 * validated against the route's contract and FDX's schemas. Every test runs with the family
 * served from the demo core and passed through to an upstream gateway on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contractErrors } from '../helpers/contracts';
import type { TestGateway, TestResponse } from '../helpers/gateway';
import { referenceErrors } from '../helpers/reference-schemas';
import { mappedGateway, passedThroughGateway } from '../helpers/upstream';

type Rec = Record<string, unknown>;
interface Account extends Rec {
  accountId: string;
  productCategory: string;
  productName: string;
  maskedNumber: string;
  nickname?: string;
  openStatus?: string;
  balance?: { currentBalance: string; availableBalance: string };
  fdx?: { status: string; paymentNetworks?: Rec[] };
}
interface Person {
  firstName: string;
  lastName: string;
  emailAddresses: { address: string }[];
}

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
const sample = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as {
  customers: { customerId: string; detail?: { person: Person }; bankingAccounts?: Account[] }[];
};
const customer = (c: string) => sample.customers.find((x) => x.customerId === c)!;
const accountsOf = (c: string) => customer(c).bankingAccounts ?? [];
const accountOf = (c: string, a: string) => accountsOf(c).find((x) => x.accountId === a)!;

const BASE = '/fdx/v6/customer';
const OPEN = 'acc-b-1001-01';
const JOINT = 'acc-b-1001-05';
const CLOSED = 'acc-b-1001-07';
const RESTRICTED = 'acc-b-1001-08';
const NO_FDX = 'acc-b-1001-02';

/** The FDX category of a product category, written out here apart from the gateway's table. */
const CATEGORY: Record<string, string> = {
  CRED_AND_CHRG_CARDS: 'LOC_ACCOUNT',
  OVERDRAFTS: 'LOC_ACCOUNT',
  RESIDENTIAL_MORTGAGES: 'LOAN_ACCOUNT',
  PERS_LOANS: 'LOAN_ACCOUNT',
  BUSINESS_LOANS: 'LOAN_ACCOUNT',
  MARGIN_LOANS: 'LOAN_ACCOUNT',
  LEASES: 'LOAN_ACCOUNT',
  TRADE_FINANCE: 'LOAN_ACCOUNT',
};
const categoryOf = (a: Account) => CATEGORY[a.productCategory] ?? 'DEPOSIT_ACCOUNT';
/** What a descriptor must say of an account, apart from its FDX type. */
const describedAs = (a: Account): Rec => ({
  accountCategory: categoryOf(a),
  accountId: a.accountId,
  accountNumberDisplay: a.maskedNumber,
  productName: a.productName,
  ...(a.nickname !== undefined ? { nickname: a.nickname } : {}),
  status: a.fdx?.status ?? a.openStatus ?? 'OPEN',
  currency: { currencyCode: 'AUD' },
});
const withoutType = ({ accountType: _t, ...rest }: Rec) => rest;

const expectFdxError = (res: TestResponse, status: number, code: number, message: string) => {
  expect({ status: res.status, code: res.body?.code, message: res.body?.message }).toEqual({
    status,
    code,
    message,
  });
  expect(res.body.debugMessage).toMatch(/request /);
};

describe.each([
  ['served from the core', () => mappedGateway()],
  ['passed through to an upstream', () => passedThroughGateway('fdx')],
])('FDX account endpoints, %s', (_name, setup) => {
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
  const specific = (ids: string[], query = '', c = 'c-1001') =>
    gw.post(`${BASE}/${c}/accounts${query ? `?${query}` : ''}`, { data: { accountIds: ids } });
  const one = (a: string, suffix = '', c = 'c-1001') =>
    gw.get(`${BASE}/${c}/accounts/${a}${suffix}`);

  describe('specific accounts', () => {
    it("when every account of c-1001 is named, then each descriptor says the account's kind, number, product and status, in file order", async () => {
      const all = accountsOf('c-1001');
      const res = await specific([...all.map((a) => a.accountId)].reverse(), 'limit=1000');
      expectValid('listFdxAccounts', res);
      expect(res.body.page).toEqual({});
      expect((res.body.accounts as Rec[]).map(withoutType)).toEqual(all.map(describedAs));
    });

    it('when named accounts are paged two at a time, then the next offsets walk them once, in order', async () => {
      const ids = [OPEN, JOINT, CLOSED, RESTRICTED, NO_FDX];
      const seen: string[] = [];
      let offset: string | undefined;
      do {
        const res = await specific(
          ids,
          `limit=2${offset ? `&offset=${encodeURIComponent(offset)}` : ''}`,
        );
        expectValid('listFdxAccounts', res);
        seen.push(...(res.body.accounts as Rec[]).map((a) => a.accountId as string));
        offset = res.body.page.nextOffset as string | undefined;
      } while (offset !== undefined);
      const fileOrder = accountsOf('c-1001')
        .map((a) => a.accountId)
        .filter((id) => ids.includes(id));
      expect(seen).toEqual(fileOrder);
    });

    it('when an offset is altered or given for other ids, then it is 400 code 400', async () => {
      const first = await specific([OPEN, JOINT, CLOSED], 'limit=1');
      const offset = first.body.page.nextOffset as string;
      expectFdxError(
        await specific([OPEN, JOINT], `limit=1&offset=${encodeURIComponent(offset)}`),
        400,
        400,
        'Invalid request',
      );
      expectFdxError(
        await specific([OPEN, JOINT, CLOSED], `limit=1&offset=${encodeURIComponent(`${offset}x`)}`),
        400,
        400,
        'Invalid request',
      );
      expectFdxError(await specific([OPEN], 'limit=0'), 400, 400, 'Invalid request');
    });

    it("when a body names an unknown or another customer's account, then it is 404 code 701", async () => {
      expectFdxError(await specific([OPEN, 'acc-b-nope']), 404, 701, 'Account not found');
      expectFdxError(await specific([OPEN, 'acc-b-1002-01']), 404, 701, 'Account not found');
      const unknown = await specific([OPEN], '', 'c-9999');
      expect({ status: unknown.status, body: unknown.body }).toEqual({
        status: 404,
        body: { error: 'Customer not found' },
      });
    });

    it('when a body names a blocked account, then it is 404 code 701 marked refused; a harmed customer is 403', async () => {
      const blocked = await specific(['acc-b-2001-01', 'acc-b-2001-02'], '', 'c-2001');
      expectFdxError(blocked, 404, 701, 'Account not found');
      expect(blocked.headers.get('x-sharing-refused')).toBe('true');
      const harmed = await specific(['acc-b-2002-01'], '', 'c-2002');
      expectFdxError(harmed, 403, 403, 'Sharing refused');
    });

    it('when the body is malformed or an id is longer than 256 characters, then it is 400 code 400', async () => {
      expectFdxError(
        await gw.post(`${BASE}/c-1001/accounts`, { data: {} }),
        400,
        400,
        'Invalid request',
      );
      expectFdxError(await specific(['x'.repeat(257)]), 400, 400, 'Invalid request');
    });
  });

  describe("an account's detail", () => {
    it.each([OPEN, JOINT, CLOSED])(
      'when deposit %s is asked, then its balances come as numbers, a valid FDX DepositAccount',
      async (accountId) => {
        const a = accountOf('c-1001', accountId);
        const res = await one(accountId);
        expectValid('getFdxAccount', res);
        expect(withoutType(res.body)).toEqual({
          ...describedAs(a),
          currentBalance: Number(a.balance!.currentBalance),
          availableBalance: Number(a.balance!.availableBalance),
        });
      },
    );

    it('when the home loan is asked, then what is owed, its terms and its rate in percent come, a valid FDX LoanAccount', async () => {
      const a = accountOf('c-1001', 'acc-b-1001-03') as Account & {
        loan: Record<string, string>;
        lendingRates: { lendingRateType: string; rate: number }[];
      };
      const res = await one(a.accountId);
      expectValid('getFdxAccount', res);
      expect(withoutType(res.body)).toEqual({
        ...describedAs(a),
        principalBalance: -Number(a.balance!.currentBalance),
        originalPrincipal: Number(a.loan.originalLoanAmount),
        originatingDate: a.loan.originalStartDate,
        loanTerm: 360,
        nextPaymentAmount: Number(a.loan.minInstalmentAmount),
        nextPaymentDate: a.loan.nextInstalmentDate,
        maturityDate: a.loan.loanEndDate,
        interestRate: Math.round(a.lendingRates[0]!.rate * 10000) / 100,
        interestRateType: 'VARIABLE',
      });
      expect(res.body.accountType).toBe('MORTGAGE');
    });

    it('when a RESTRICTED account is asked, then it is 200 with an empty body; one without FDX data is 704', async () => {
      const restricted = await one(RESTRICTED);
      expect({ status: restricted.status, text: restricted.text }).toEqual({
        status: 200,
        text: '',
      });
      expectFdxError(await one(NO_FDX), 422, 704, 'Account type not supported');
      expectFdxError(await one('acc-b-1002-01'), 404, 701, 'Account not found');
    });
  });

  describe("an account's contact", () => {
    const person = (c: string) => customer(c).detail!.person;

    it('when an individual account is asked, then the customer is its sole owner, with every address and number', async () => {
      const res = await one(OPEN, '/contact');
      expectValid('getFdxAccountContact', res);
      const jane = person('c-1001');
      expect(res.body.holders).toEqual([
        expect.objectContaining({
          name: expect.objectContaining({ first: jane.firstName, last: jane.lastName }),
          relationship: 'SOLE_OWNER',
        }),
      ]);
      expect(res.body.emails).toEqual(jane.emailAddresses.map((e) => e.address));
      expect(res.body.telephones).toEqual(
        expect.arrayContaining([{ type: 'CELL', country: '61', number: '491570006' }]),
      );
      expect(res.body.addresses[0]).toEqual(expect.objectContaining({ country: 'AU' }));
    });

    it('when the joint account is asked, then both holders come, the customer first', async () => {
      const res = await one(JOINT, '/contact');
      expectValid('getFdxAccountContact', res);
      expect(
        (res.body.holders as Rec[]).map((h) => [(h.name as Rec).first, h.relationship]),
      ).toEqual([
        [person('c-1001').firstName, 'PRIMARY_JOINT'],
        [person('c-1002').firstName, 'SECONDARY_JOINT'],
      ]);
      for (const e of person('c-1002').emailAddresses) expect(res.body.emails).toContain(e.address);
    });

    it('when the contact is asked twice, then the core is asked twice: it is never cached', async () => {
      const calls = async () => {
        const text = (await gw.get('/metrics', { headers: { authorization: '' } })).text;
        const line = text
          .split('\n')
          .find(
            (l) =>
              l.startsWith('dhg_core_call_duration_seconds_count{') &&
              l.includes('operation="fdx.getAccountContact"') &&
              l.includes('outcome="success"'),
          );
        return line === undefined ? 0 : Number(line.split(' ').pop());
      };
      const before = await calls();
      const first = await one(OPEN, '/contact');
      const second = await one(OPEN, '/contact');
      expect(second.body).toEqual(first.body);
      expect((await calls()) - before).toBe(2);
    });
  });

  describe("an account's payment networks", () => {
    const networks = (a: string, query = '') =>
      one(a, `/payment-networks${query ? `?${query}` : ''}`);

    it('when the networks are paged two at a time, then three pages hold the file networks in order', async () => {
      const expected = accountOf('c-1001', OPEN).fdx!.paymentNetworks!;
      expect(expected.length).toBeGreaterThan(4);
      const seen: Rec[] = [];
      let offset: string | undefined;
      let pages = 0;
      do {
        const res = await networks(
          OPEN,
          `limit=2${offset ? `&offset=${encodeURIComponent(offset)}` : ''}`,
        );
        expectValid('listFdxPaymentNetworks', res);
        seen.push(...(res.body.paymentNetworks as Rec[]));
        offset = res.body.page.nextOffset as string | undefined;
        pages += 1;
      } while (offset !== undefined);
      expect([pages, seen]).toEqual([Math.ceil(expected.length / 2), expected]);
    });

    it('when an Australian account with no networks FDX names is asked, then the list is empty', async () => {
      const res = await networks(JOINT);
      expectValid('listFdxPaymentNetworks', res);
      expect(res.body).toEqual({ page: {}, paymentNetworks: [] });
    });

    it('when the account is closed, RESTRICTED or without FDX data, then 705, an empty 200 and 704', async () => {
      expectFdxError(await networks(CLOSED), 409, 705, 'Account is closed');
      const restricted = await networks(RESTRICTED);
      expect({ status: restricted.status, text: restricted.text }).toEqual({
        status: 200,
        text: '',
      });
      expectFdxError(await networks(NO_FDX), 422, 704, 'Account type not supported');
    });
  });
});
