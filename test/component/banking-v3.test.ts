/**
 * Rows 2 and 3 with `BANKING_ACCOUNT_DETAIL_VERSION=3` (docs/api.md, Versioning): the same accounts, in
 * the same order, with the same filters and paging, in the version 3 shape. Expectations come from
 * sample.json with small code of their own, never from the gateway's v3 mapper.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contractErrors, contractErrorsOf } from '../helpers/contracts';
import { startGateway, type TestGateway, type TestResponse } from '../helpers/gateway';

type Rec = Record<string, unknown>;
interface Feature extends Rec {
  featureType: string;
  isActivated?: string | boolean;
}
interface Tier extends Rec {
  minimumValue: string | number;
  maximumValue?: string | number;
}
interface Fee extends Rec {
  name: string;
  feeMethodUType?: string;
  fixedAmount?: { amount: string };
}
interface Account extends Rec {
  accountId: string;
  openStatus?: string;
  features?: Feature[];
  depositRates?: { tiers?: Tier[] }[];
  lendingRates?: Rec[];
  fees?: Fee[];
}

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
const sample = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as {
  customers: { customerId: string; bankingAccounts: Account[] }[];
};
const accountsOf = (c: string) => sample.customers.find((x) => x.customerId === c)!.bankingAccounts;
const fileAccount = (id: string) =>
  sample.customers.flatMap((c) => c.bankingAccounts).find((a) => a.accountId === id)!;

const EXTRAS = [
  'subtitle',
  'balance',
  'directDebits',
  'scheduledPayments',
  'instalmentPlans',
  'transactions',
  'fdx',
];
/** The fields version 3 reshapes; every other field is the file's, unchanged. */
const CONVERTED = ['loan', 'depositRates', 'lendingRates', 'features', 'fees'];
const omit = (r: Rec, keys: string[]) =>
  Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k)));

const LIST = (c: string) => `/v1/banking/customer/${c}/accounts`;
/** Accounts whose version 4 record has features, tiers, BALANCE_TRANSFER or v4-only values. */
const V4_RICH = ['acc-b-1001-01', 'acc-b-1001-02', 'acc-b-1001-05', 'acc-b-1002-01'];

describe('banking account detail version 3', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ BANKING_ACCOUNT_DETAIL_VERSION: 3 });
  });
  afterAll(() => gw.close());

  const routeOf = (op: string) => gw.gateway.routes.find((r) => r.operationId === op)!;
  const accounts = (res: TestResponse) => res.body.data.accounts as Account[];
  const listAll = async (c: string) => {
    const res = await gw.get(`${LIST(c)}?page-size=1000`);
    expect(res.status).toBe(200);
    expect(contractErrors(routeOf('listBankingAccounts').response, res.body)).toEqual([]);
    return res;
  };
  const postIds = async (ids: string[], query = 'page-size=1000') => {
    const res = await gw.post(`${LIST('c-1001')}?${query}`, { data: { accountIds: ids } });
    expect(res.status).toBe(200);
    expect(contractErrors(routeOf('listSpecificBankingAccounts').response, res.body)).toEqual([]);
    return res;
  };
  const byId = (res: TestResponse, id: string) => accounts(res).find((a) => a.accountId === id)!;

  it('when configured for version 3, then rows 2 and 3 document the version 3 contracts', () => {
    expect(JSON.stringify(routeOf('listBankingAccounts').response)).toContain(
      'banking-account-list-item-v3.json',
    );
    expect(JSON.stringify(routeOf('listSpecificBankingAccounts').response)).toContain(
      'banking-account-v3.json',
    );
  });

  it.each([['c-1001'], ['c-1002']])(
    'when %s lists its accounts, then each is a v3 list item in file order with the file fields',
    async (c) => {
      const res = await listAll(c);
      const file = accountsOf(c);
      expect(accounts(res).map((a) => a.accountId)).toEqual(file.map((a) => a.accountId));
      accounts(res).forEach((a, i) => {
        expect(contractErrorsOf('banking-account-list-item-v3', a)).toEqual([]);
        expect(omit(a, CONVERTED)).toEqual(omit(file[i]!, [...EXTRAS, ...CONVERTED]));
        expect(Object.keys(omit(a, CONVERTED)).sort()).toEqual(
          Object.keys(omit(file[i]!, [...EXTRAS, ...CONVERTED])).sort(),
        );
      });
    },
  );

  it('when the list answers in version 3, then it still sends the deprecation headers', async () => {
    const res = await gw.get(LIST('c-1001'));
    expect(res.headers.get('deprecation')).toBe('true');
    expect(res.headers.get('link')).toBe(
      '</auth/v1/customer/c-1001/accounts>; rel="successor-version"',
    );
  });

  it.each(V4_RICH.map((id) => [id]))(
    'when %s has v4-only shapes, then its record is valid v3 and not valid v4',
    async (id) => {
      const list = byId(await listAll(id.includes('1002') ? 'c-1002' : 'c-1001'), id);
      expect(contractErrorsOf('banking-account-list-item-v3', list)).toEqual([]);
      expect(contractErrorsOf('banking-account-list-item-v4', list)).not.toEqual([]);
      if (id.includes('1001')) {
        const detail = byId(await postIds([id]), id);
        expect(contractErrorsOf('banking-account-v3', detail)).toEqual([]);
        expect(contractErrorsOf('banking-account-v4', detail)).not.toEqual([]);
      }
    },
  );

  it('when specific accounts are asked in reverse with duplicates, then they come in file order', async () => {
    const ids = ['acc-b-1001-01', 'acc-b-1001-02', 'acc-b-1001-03', 'acc-b-1001-10'];
    const res = await postIds([...ids].reverse().concat(ids[0]!));
    expect(accounts(res).map((a) => a.accountId)).toEqual(ids);
    accounts(res).forEach((a, i) => {
      expect(contractErrorsOf('banking-account-v3', a)).toEqual([]);
      expect(omit(a, CONVERTED)).toEqual(omit(fileAccount(ids[i]!), [...EXTRAS, ...CONVERTED]));
    });
    expect(res.body.meta).toEqual({ totalRecords: 4, totalPages: 1 });
  });

  it('when filters and paging are given, then version 3 pages exactly as version 4 would', async () => {
    const ids = accountsOf('c-1001').map((a) => a.accountId);
    const closed = accountsOf('c-1001').filter((a) => (a.openStatus ?? 'OPEN') === 'CLOSED');
    expect(closed.length).toBeGreaterThan(4);
    const res = await postIds(ids, 'open-status=CLOSED&page-size=2&page=2');
    expect(accounts(res).map((a) => a.accountId)).toEqual(
      closed.slice(2, 4).map((a) => a.accountId),
    );
    const l = (n: number) => `page=${n}&page-size=2&open-status=CLOSED`;
    const last = Math.ceil(closed.length / 2);
    expect(res.body.links).toEqual({ first: l(1), prev: l(1), next: l(3), last: l(last) });
    expect(res.body.meta).toEqual({ totalRecords: closed.length, totalPages: last });
  });

  it('when features are converted, then isActivated is a boolean and FUNDS_AVAILABLE_AFTER is gone', async () => {
    const got = byId(await postIds(['acc-b-1001-01']), 'acc-b-1001-01').features!;
    const file = fileAccount('acc-b-1001-01').features!;
    expect(file.some((f) => f.featureType === 'FUNDS_AVAILABLE_AFTER')).toBe(true);
    expect(got.map((f) => f.featureType)).toEqual(
      file.filter((f) => f.featureType !== 'FUNDS_AVAILABLE_AFTER').map((f) => f.featureType),
    );
    for (const f of got) {
      const source = file.find((x) => x.featureType === f.featureType)!;
      if (source.isActivated === 'ACTIVATED') expect(f.isActivated).toBe(true);
      else if (source.isActivated === 'NOT_ACTIVATED') expect(f.isActivated).toBe(false);
      else expect(['boolean', 'undefined']).toContain(typeof f.isActivated);
    }
    expect(got.some((f) => f.isActivated === true)).toBe(true);
    expect(got.some((f) => f.isActivated === false)).toBe(true);
  });

  it('when deposit rate tiers are converted, then their bounds are the same numbers', async () => {
    const got = byId(await postIds(['acc-b-1001-01']), 'acc-b-1001-01').depositRates!;
    const file = fileAccount('acc-b-1001-01').depositRates!;
    const tiers = got.flatMap((r) => r.tiers ?? []);
    const fileTiers = file.flatMap((r) => r.tiers ?? []);
    expect(tiers.length).toBe(fileTiers.length);
    expect(tiers.length).toBeGreaterThan(0);
    tiers.forEach((t, i) => {
      expect(typeof t.minimumValue).toBe('number');
      expect(t.minimumValue).toBe(Number(fileTiers[i]!.minimumValue));
      if (fileTiers[i]!.maximumValue === undefined) expect(t.maximumValue).toBeUndefined();
      else expect(t.maximumValue).toBe(Number(fileTiers[i]!.maximumValue));
    });
  });

  it('when lending rates are converted, then BALANCE_TRANSFER is left out and the rest kept', async () => {
    const got = byId(await postIds(['acc-b-1001-02']), 'acc-b-1001-02').lendingRates!;
    const file = fileAccount('acc-b-1001-02').lendingRates!;
    const kept = file.filter((r) => r.lendingRateType !== 'BALANCE_TRANSFER');
    expect(kept.length).toBeLessThan(file.length);
    expect(got.map((r) => [r.lendingRateType, r.rate])).toEqual(
      kept.map((r) => [r.lendingRateType, r.rate]),
    );
  });

  it('when every c-1001 account is listed, then no version 4 value is left anywhere', async () => {
    const res = await listAll('c-1001');
    expect(res.text).not.toMatch(/"(BALANCE_TRANSFER|FUNDS_AVAILABLE_AFTER)"/);
    expect(res.text).not.toMatch(/"(feeMethodUType|discountMethodUType|fixedAmount|rateBased)":/);
    for (const a of accounts(res)) {
      for (const r of a.lendingRates ?? []) {
        expect([undefined, 'INTEREST_ONLY', 'PRINCIPAL_AND_INTEREST']).toContain(r.repaymentType);
        expect([undefined, 'INVESTMENT', 'OWNER_OCCUPIED']).toContain(r.loanPurpose);
      }
      for (const f of a.features ?? []) {
        expect(['boolean', 'undefined']).toContain(typeof f.isActivated);
      }
    }
  });

  it('when a fee had a fixed amount, then version 3 carries it as amount', async () => {
    const got = byId(await postIds(['acc-b-1001-01']), 'acc-b-1001-01').fees!;
    const file = fileAccount('acc-b-1001-01').fees!;
    expect(got.map((f) => f.name)).toEqual(file.map((f) => f.name));
    const fixed = file.filter((f) => f.feeMethodUType === 'fixedAmount');
    expect(fixed.length).toBeGreaterThan(0);
    for (const f of fixed) {
      expect(got.find((g) => g.name === f.name)!.amount).toBe(f.fixedAmount!.amount);
    }
  });

  it('when the list has no demo extra, then no record carries one', async () => {
    const res = await listAll('c-1001');
    expect(JSON.stringify(accounts(res))).not.toMatch(
      /"(subtitle|balance|directDebits|scheduledPayments|instalmentPlans|fdx)":/,
    );
  });
});
