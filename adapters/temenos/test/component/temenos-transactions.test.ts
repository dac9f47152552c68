/**
 * Transactions through the real gateway on the Temenos simulator: the banking list of one account
 * (posted from Transact's COMPLETED list, pending from its PENDING list dated by their detail),
 * its filters and pages, one transaction with its extended data; FDX transactions walked page by
 * page, statements and asset transfer networks (what Transact cannot give). Expected values come
 * from the simulator's data set (temenos-expected.ts).
 */
import { startTemenosSimulator, type TemenosSimulator } from '../../simulator/simulator';
import type { SimTransaction } from '../../simulator/dataset';
import type { TestGateway } from '../../../../test/helpers/gateway';
import {
  cents,
  CHARLOTTE,
  expectError,
  expectFdxError,
  expectValid,
  money,
  pendingOf,
  postedOf,
  REQUEST_ID,
  since,
  startTemenosGateway,
} from './temenos-expected';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const EVERYDAY = '10000183';
const LOAN = '10000213';
const TX = `/v1/banking/customer/${CHARLOTTE}/accounts/${EVERYDAY}/transactions`;
const FDX = `/fdx/v6/customer/${CHARLOTTE}/accounts`;
const [FROM, TO] = ['2026-10-01', '2026-11-30'];
const WINDOW = `oldest-time=${FROM}T00:00:00Z&newest-time=${TO}T23:59:59Z`;

/** The banking record's time, status, amount and ids of a data set transaction. */
function bankingView(t: SimTransaction): Rec {
  const pending = t.status === 'PENDING';
  return {
    transactionId: pending ? t.reference : t.entryReference!,
    status: t.status,
    [pending ? 'executionDateTime' : 'postingDateTime']:
      `${pending ? t.valueDate : t.bookingDate!}T00:00:00Z`,
    amount: money(cents(t.amount)),
    description: t.narrative,
    reference: t.reference,
  };
}
const pick = (r: Rec) => ({
  transactionId: r.transactionId,
  status: r.status,
  ...(r.postingDateTime ? { postingDateTime: r.postingDateTime } : {}),
  ...(r.executionDateTime ? { executionDateTime: r.executionDateTime } : {}),
  amount: r.amount,
  description: r.description,
  reference: r.reference,
});
/** Newest first, a day's by id (code units), posted and pending alike. */
const newestFirst = (a: Rec, b: Rec) => {
  const [x, y] = [
    a.postingDateTime ?? a.executionDateTime,
    b.postingDateTime ?? b.executionDateTime,
  ];
  if (x !== y) return x < y ? 1 : -1;
  return a.transactionId < b.transactionId ? -1 : 1;
};
const expectedList = (from: string, to: string) =>
  [...postedOf(EVERYDAY, from, to), ...pendingOf(EVERYDAY, from, to)]
    .map(bankingView)
    .sort(newestFirst);

describe('the gateway on the Temenos adapter: transactions', () => {
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
  const fdxGet = (target: string) => gw.get(target, { headers: { 'x-request-id': REQUEST_ID } });

  describe('banking transactions of one account', () => {
    it('when a window is asked, then posted and pending transactions come newest first, pending dated by their detail', async () => {
      const res = await gw.get(`${TX}?${WINDOW}&page-size=1000`);
      valid('listBankingTransactions', res);
      const records = res.body.data.transactions as Rec[];
      expect(records.map(pick)).toEqual(expectedList(FROM, TO));
      expect(records.filter((r) => r.status === 'PENDING')).toHaveLength(3);
      expect(res.body.meta).toEqual({ totalRecords: records.length, totalPages: 1 });
    });

    it('when the window is walked 7 at a time, then each transaction comes once, in order', async () => {
      const expected = expectedList(FROM, TO);
      const seen: Rec[] = [];
      const pages = Math.ceil(expected.length / 7);
      for (let page = 1; page <= pages; page += 1) {
        const res = await gw.get(`${TX}?${WINDOW}&page-size=7&page=${page}`);
        valid('listBankingTransactions', res);
        expect(res.body.meta).toEqual({ totalRecords: expected.length, totalPages: pages });
        seen.push(...(res.body.data.transactions as Rec[]).map(pick));
      }
      expect(seen).toEqual(expected);
    });

    it('when filtered by amount and text, then only what matches comes, the amounts compared exactly', async () => {
      const debits = await gw.get(`${TX}?${WINDOW}&max-amount=-100.00&page-size=1000`);
      valid('listBankingTransactions', debits);
      expect((debits.body.data.transactions as Rec[]).map(pick)).toEqual(
        expectedList(FROM, TO).filter((t) => cents(t.amount) <= -10_000n),
      );
      const text = await gw.get(`${TX}?${WINDOW}&text=woolworths&page-size=1000`);
      valid('listBankingTransactions', text);
      expect((text.body.data.transactions as Rec[]).map(pick)).toEqual(
        expectedList(FROM, TO).filter((t) => /woolworths/i.test(t.description)),
      );
    });

    it('when a posted transaction is asked, then it is its listed record with the counterparty as extended data', async () => {
      const [newest] = postedOf(EVERYDAY, FROM, TO).filter((t) => t.counterparty);
      const res = await gw.get(`${TX}/${encodeURIComponent(newest!.entryReference!)}`);
      valid('getBankingTransaction', res);
      expect(pick(res.body.data)).toEqual(bankingView(newest!));
      const party = cents(newest!.amount) < 0n ? 'payee' : 'payer';
      expect(res.body.data.extendedData).toEqual({ [party]: newest!.counterparty!.name });
    });

    it('when a pending transaction is asked by its reference, then it is the pending record', async () => {
      const [pending] = pendingOf(EVERYDAY, FROM, TO);
      const res = await gw.get(`${TX}/${pending!.reference}`);
      valid('getBankingTransaction', res);
      expect(pick(res.body.data)).toEqual(bankingView(pending!));
    });

    it('when an unknown transaction or another account’s is asked, then it is 404', async () => {
      const [liams] = postedOf('10000248', '2025-01-01', TO);
      expectError(await gw.get(`${TX}/FT00000NOPE1`), 404, 'Transaction not found');
      expectError(await gw.get(`${TX}/${liams!.entryReference!}`), 404, 'Transaction not found');
    });

    it("when a loan's transactions are asked, then its repayments are payments", async () => {
      const res = await gw.get(
        `/v1/banking/customer/${CHARLOTTE}/accounts/${LOAN}/transactions?${WINDOW}&page-size=1000`,
      );
      valid('listBankingTransactions', res);
      const records = res.body.data.transactions as Rec[];
      expect(records.map((r) => r.transactionId)).toEqual(
        postedOf(LOAN, FROM, TO).map((t) => t.entryReference),
      );
      expect(records.filter((r) => cents(r.amount) > 0n).every((r) => r.type === 'PAYMENT')).toBe(
        true,
      );
    });
  });

  describe('row 14, FDX transactions', () => {
    /** Follows nextOffset to the end; returns every page's body. */
    const walk = async (first: string): Promise<Rec[]> => {
      const pages: Rec[] = [];
      let target: string | undefined = first;
      while (target) {
        const res = await fdxGet(target);
        valid('listFdxTransactions', res);
        pages.push(res.body);
        const next = res.body.page?.nextOffset as string | undefined;
        target = next ? `${first}&offset=${encodeURIComponent(next)}` : undefined;
        expect(pages.length).toBeLessThan(100);
      }
      return pages;
    };
    const fdxView = (t: SimTransaction) => ({
      transactionId: t.entryReference,
      postedTimestamp: `${t.bookingDate!}T00:00:00Z`,
      debitCreditMemo: cents(t.amount) < 0n ? 'DEBIT' : 'CREDIT',
      amount: Number(money(cents(t.amount) < 0n ? -cents(t.amount) : cents(t.amount))),
      status: 'POSTED',
    });
    const seenOf = (pages: Rec[]) =>
      pages
        .flatMap((p) => p.transactions as Rec[])
        .map((t) => ({
          transactionId: t.transactionId,
          postedTimestamp: t.postedTimestamp,
          debitCreditMemo: t.debitCreditMemo,
          amount: t.amount,
          status: t.status,
        }));

    it("when a year is walked 25 at a time, then each posted transaction comes once, newest first, and the window reaches Transact's list", async () => {
      const [from, to] = ['2025-11-01', '2026-10-31'];
      const expected = postedOf(EVERYDAY, from, to).map(fdxView);
      expect(expected.length).toBeGreaterThan(100);
      const mark = sim.requests.length;
      const pages = await walk(
        `${FDX}/${EVERYDAY}/transactions?startTime=${from}&endTime=${to}&limit=25`,
      );
      expect(seenOf(pages)).toEqual(expected);
      expect(pages).toHaveLength(Math.ceil(expected.length / 25));
      const lists = since(sim, mark, /^\/api\/v1\.0\.0\/holdings\/transactions$/);
      expect(lists.length).toBeGreaterThan(0);
      for (const call of lists) {
        expect(call.query).toMatchObject({
          accountId: EVERYDAY,
          listType: 'COMPLETED',
          dateFrom: from,
          dateTo: to,
        });
      }
    });

    it('when the loan is walked, then its transactions are loan transactions', async () => {
      const pages = await walk(
        `${FDX}/${LOAN}/transactions?startTime=2025-06-01&endTime=${TO}&limit=10`,
      );
      expect(seenOf(pages)).toEqual(postedOf(LOAN, '2025-06-01', TO).map(fdxView));
      const all = pages.flatMap((p) => p.transactions as Rec[]);
      expect(all.every((t) => t.accountCategory === 'LOAN_ACCOUNT')).toBe(true);
    });

    it('when an offset the gateway did not make is sent, then it is refused and Transact is not asked for it', async () => {
      const mark = sim.requests.length;
      const res = await fdxGet(
        `${FDX}/${EVERYDAY}/transactions?startTime=${FROM}&endTime=${TO}&offset=abc`,
      );
      expect(res.status).toBe(400);
      expect(since(sim, mark, /transactions/)).toEqual([]);
    });

    it('when statements are asked, then the page is empty and no statement exists (Transact has none)', async () => {
      const res = await fdxGet(`${FDX}/${EVERYDAY}/statements`);
      valid('listFdxStatements', res);
      expect(res.body).toEqual({ page: { totalElements: 0 }, statements: [] });
      expectFdxError(
        await fdxGet(`${FDX}/${EVERYDAY}/statements/s-1`),
        404,
        404,
        'Statement not found',
      );
    });

    it('when asset transfer networks are asked, then it is 422 with code 704', async () => {
      expectFdxError(
        await fdxGet(`${FDX}/${EVERYDAY}/asset-transfer-networks`),
        422,
        704,
        'Account type not supported',
      );
    });

    it("when another customer's account is asked, then it is 701 and its transactions are never read", async () => {
      const mark = sim.requests.length;
      const get = (a: string) => fdxGet(`${FDX}/${a}/transactions?startTime=${FROM}&endTime=${TO}`);
      expectFdxError(await get('10000248'), 404, 701, 'Account not found');
      expectFdxError(await get('99999999'), 404, 701, 'Account not found');
      expect(since(sim, mark, /transactions/)).toEqual([]);
    });
  });
});
