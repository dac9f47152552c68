/**
 * The Fineract adapter's banking transactions and FDX account methods over the Fineract
 * simulator (no gateway): what each asks of Fineract (paths, queries, how many calls, the account
 * list shared with the account check through the request's reads) and what it answers, against
 * expectations computed here from the data set with small code of their own.
 */
import {
  CoreUnavailableError,
  FdxAccountNotFoundError,
  type BankingTransactionQuery,
  type CallContext,
} from '@data-holder-gateway/adapter-sdk';
import { createFineractAdapter, type FineractAdapter } from '../..';
import {
  loadFineractDataset,
  startFineractSimulator,
  type FineractSimulator,
} from '../../simulator/simulator';
import { RequestMemo } from '../../../../src/resilience/request-reads';
import { contractErrorsOf } from '../../../../test/helpers/contracts';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const data = loadFineractDataset() as unknown as Rec;
const PAGE_SIZE = 4;
const ALL_TIME = { oldest: '2000-01-01T00:00:00.000Z', newest: '2099-12-31T23:59:59.999Z' };

const iso = (d: unknown) =>
  Array.isArray(d)
    ? d.map((n: number, i) => String(n).padStart(i === 0 ? 4 : 2, '0')).join('-')
    : String(d);
const SERVED_SAVINGS_TYPES: Record<number, 1 | -1> = {
  1: 1,
  2: -1,
  3: 1,
  4: -1,
  5: -1,
  7: -1,
  8: 1,
  12: -1,
  13: 1,
  14: 1,
  15: 1,
  16: -1,
  17: -1,
  18: -1,
  19: -1,
};

/** The served savings transactions of account `id` in [from, to], as [id, signed cents], newest first. */
function expectedSavings(id: number, from = '0000-01-01', to = '9999-12-31'): [string, number][] {
  return (data.savingsTransactions[String(id)] as Rec[])
    .filter((t) => !t.reversed && !t.isReversal && SERVED_SAVINGS_TYPES[t.transactionType.id])
    .filter((t) => iso(t.date) >= from && iso(t.date) <= to)
    .sort((a, b) =>
      iso(a.date) !== iso(b.date) ? (iso(a.date) < iso(b.date) ? 1 : -1) : a.id - b.id,
    )
    .map((t) => [
      String(t.id),
      SERVED_SAVINGS_TYPES[t.transactionType.id]! * Math.round(Number(String(t.amount)) * 100),
    ]);
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const view = (records: Rec[]) => records.map((r) => [r.transactionId, cents(r.amount)]);

describe('Fineract banking transactions and FDX accounts over the simulator', () => {
  let sim: FineractSimulator;
  let adapter: FineractAdapter;
  let mark = 0;

  /** One request's context: its reads shared by the calls made with it. */
  const request = (): CallContext => ({
    signal: new AbortController().signal,
    requestId: 'req-1',
    reads: new RequestMemo(),
  });
  const query = (q: Partial<BankingTransactionQuery> = {}): BankingTransactionQuery => ({
    ...ALL_TIME,
    offset: 0,
    limit: 1000,
    ...q,
  });
  /** Requests since the mark, as `path?query`. */
  const calls = () => sim.requests.slice(mark).map((r) => r.path);
  const queries = (pattern: RegExp) =>
    sim.requests
      .slice(mark)
      .filter((r) => pattern.test(r.path))
      .map((r) => r.query);

  beforeAll(async () => {
    sim = await startFineractSimulator({ port: 0 });
    adapter = createFineractAdapter(
      {
        baseUrl: sim.url,
        username: 'mifos',
        password: 'password',
        tenant: 'default',
        pageSize: PAGE_SIZE,
      },
      { info: () => undefined, warn: () => undefined, error: () => undefined },
    );
  });
  afterAll(async () => {
    await adapter.close();
    await sim.close();
  });
  beforeEach(() => {
    mark = sim.requests.length;
    sim.setFault('none');
  });

  describe('listTransactions', () => {
    it('when a savings account is listed after the account check, then the check’s account list is reused and every page of the search is read once', async () => {
      const ctx = request();
      await adapter.banking.listAccountRefs('1', ctx);
      const page = await adapter.banking.listTransactions('1', 'sav-1', query(), ctx);
      const expected = expectedSavings(1);
      expect(view(page.records)).toEqual(expected);
      expect(page.total).toBe(expected.length);
      expect(page).not.toHaveProperty('textIgnored');
      for (const r of page.records) expect(contractErrorsOf('banking-transaction', r)).toEqual([]);
      const searches = queries(/^\/v1\/savingsaccounts\/1\/transactions\/search$/);
      expect(calls()).toEqual([
        '/v1/clients/1/accounts',
        ...searches.map(() => '/v1/savingsaccounts/1/transactions/search'),
      ]);
      expect(searches).toHaveLength(Math.ceil(expected.length / PAGE_SIZE));
      // The first page says how many there are; the others are read side by side, each once.
      expect(searches[0]!.offset).toBe('0');
      expect(searches.map((q) => Number(q.offset)).sort((x, y) => x - y)).toEqual(
        searches.map((_q, i) => i),
      );
      expect(searches[0]).toEqual({
        fromDate: '2000-01-01',
        toDate: '2099-12-31',
        dateFormat: 'yyyy-MM-dd',
        locale: 'en',
        types: '1,2,3,4,5,7,8,12,13,14,15,16,17,18,19',
        offset: '0',
        limit: String(PAGE_SIZE),
        orderBy: 'transactionDate,id',
        sortOrder: 'DESC',
      });
    });

    it('when the set is paged, then the pages tile it: no record twice, none missing, each page at most the limit', async () => {
      const expected = expectedSavings(1, '2026-01-01', '2026-06-30');
      const window = { oldest: '2026-01-01T00:00:00.000Z', newest: '2026-06-30T23:59:59.999Z' };
      const seen: Rec[] = [];
      for (let offset = 0; offset < expected.length; offset += 9) {
        const page = await adapter.banking.listTransactions(
          '1',
          'sav-1',
          query({ ...window, offset, limit: 9 }),
          request(),
        );
        expect(page.total).toBe(expected.length);
        expect(page.records.length).toBe(Math.min(9, expected.length - offset));
        seen.push(...page.records);
      }
      expect(view(seen)).toEqual(expected);
    });

    it('when the window does not start at midnight, then the first whole date after it is the first date asked', async () => {
      const page = await adapter.banking.listTransactions(
        '1',
        'sav-1',
        query({ oldest: '2026-03-01T00:00:00.001Z', newest: '2026-03-31T00:00:00.000Z' }),
        request(),
      );
      expect(view(page.records)).toEqual(expectedSavings(1, '2026-03-02', '2026-03-31'));
      expect(queries(/search$/)[0]).toMatchObject({ fromDate: '2026-03-02', toDate: '2026-03-31' });
    });

    it('when no midnight lies in the window, then nothing is searched and the set is empty', async () => {
      const page = await adapter.banking.listTransactions(
        '1',
        'sav-1',
        query({ oldest: '2026-03-01T00:00:00.001Z', newest: '2026-03-01T23:59:59.999Z' }),
        request(),
      );
      expect(page).toEqual({ records: [], total: 0 });
      expect(calls()).toEqual(['/v1/clients/1/accounts']);
    });

    it.each([
      [{ minAmount: '100' }, { types: '1,3,8,13,14,15', fromAmount: '100' }],
      [{ maxAmount: '-50.5' }, { types: '2,4,5,7,12,16,17,18,19', fromAmount: '50.5' }],
      [{ minAmount: '-60', maxAmount: '100' }, { toAmount: '100' }],
      [{ minAmount: '-60' }, {}],
    ])(
      'when the amounts are %j, then Fineract is asked %j and the exact signed range is kept',
      async (bounds, pushed) => {
        const page = await adapter.banking.listTransactions('1', 'sav-1', query(bounds), request());
        const min = 'minAmount' in bounds ? cents(bounds.minAmount) : -Infinity;
        const max = 'maxAmount' in bounds ? cents(bounds.maxAmount!) : Infinity;
        const expected = expectedSavings(1).filter(([, c]) => c >= min && c <= max);
        expect(expected.length).toBeGreaterThan(0);
        expect(view(page.records)).toEqual(expected);
        expect(page.total).toBe(expected.length);
        const first = queries(/search$/)[0]!;
        expect(first).toMatchObject(pushed);
        if (!('fromAmount' in pushed)) expect(first).not.toHaveProperty('fromAmount');
        if (!('toAmount' in pushed)) expect(first).not.toHaveProperty('toAmount');
      },
    );

    it('when the minimum is above the maximum, then nothing is searched', async () => {
      const page = await adapter.banking.listTransactions(
        '1',
        'sav-1',
        query({ minAmount: '10', maxAmount: '9.99' }),
        request(),
      );
      expect(page).toEqual({ records: [], total: 0 });
      expect(calls()).toEqual(['/v1/clients/1/accounts']);
    });

    it('when text is given, then it is ignored and said so; the records are those without it', async () => {
      const withText = await adapter.banking.listTransactions(
        '1',
        'sav-2',
        query({ text: 'grocer' }),
        request(),
      );
      const without = await adapter.banking.listTransactions('1', 'sav-2', query(), request());
      expect(withText).toEqual({ ...without, textIgnored: true });
    });

    it('when an account has a reversed debit, then neither it nor its reversal entry is listed or counted', async () => {
      const page = await adapter.banking.listTransactions('1', 'sav-2', query(), request());
      const raw = data.savingsTransactions['2'] as Rec[];
      expect(raw.filter((t) => t.reversed || t.isReversal)).toHaveLength(2);
      expect(page.total).toBe(expectedSavings(2).length);
      expect(page.total).toBe(raw.length - 2);
      expect(view(page.records)).toEqual(expectedSavings(2));
    });

    it('when a loan window is listed, then loan pages are read newest first until one is older than the window', async () => {
      const txs = (data.loanTransactions['1'] as Rec[]).filter(
        (t) => iso(t.date) >= '2025-06-01' && iso(t.date) <= '2026-05-31',
      );
      const page = await adapter.banking.listTransactions(
        '1',
        'loan-1',
        query({ oldest: '2025-06-01T00:00:00.000Z', newest: '2026-05-31T23:59:59.999Z' }),
        request(),
      );
      expect(page.records.map((r) => r.transactionId)).toEqual(
        txs.sort((a, b) => (iso(a.date) < iso(b.date) ? 1 : -1)).map((t) => String(t.id)),
      );
      expect(page.records.every((r) => r.type === 'PAYMENT' && cents(r.amount) > 0)).toBe(true);
      const newer = (data.loanTransactions['1'] as Rec[]).filter((t) => iso(t.date) > '2026-05-31');
      // Pages up to the first one holding a transaction older than the window, and no further.
      const pages = Math.floor((newer.length + txs.length) / PAGE_SIZE) + 1;
      expect(queries(/^\/v1\/loans\/1\/transactions$/).map((q) => q.page)).toEqual(
        Array.from({ length: pages }, (_v, i) => String(i)),
      );
    });

    it('when the account is another customer’s, then the set is empty and no transaction is read', async () => {
      const page = await adapter.banking.listTransactions('2', 'sav-1', query(), request());
      expect(page).toEqual({ records: [], total: 0 });
      expect(calls()).toEqual(['/v1/clients/2/accounts']);
    });
  });

  describe('getTransaction', () => {
    const savingsTx = (data.savingsTransactions['1'] as Rec[]).find(
      (t) => t.transactionType.id === 2,
    )!;

    it('when a listed savings transaction is read, then it is the list’s record with empty extended data, in one call after the check', async () => {
      const ctx = request();
      await adapter.banking.listAccountRefs('1', ctx);
      const detail = await adapter.banking.getTransaction('1', 'sav-1', String(savingsTx.id), ctx);
      const listed = await adapter.banking.listTransactions('1', 'sav-1', query(), request());
      expect(detail).toEqual({
        ...listed.records.find((r) => r.transactionId === String(savingsTx.id)),
        extendedData: {},
      });
      expect(contractErrorsOf('banking-transaction-detail', detail)).toEqual([]);
      expect(calls().slice(0, 2)).toEqual([
        '/v1/clients/1/accounts',
        `/v1/savingsaccounts/1/transactions/${savingsTx.id}`,
      ]);
    });

    it.each([
      ['an unknown id', 'sav-1', '999999'],
      [
        'another account’s transaction',
        'sav-1',
        () => (data.savingsTransactions['2'] as Rec[])[0]!.id,
      ],
      [
        'a reversed one',
        'sav-2',
        () => (data.savingsTransactions['2'] as Rec[]).find((t) => t.reversed)!.id,
      ],
      [
        'a reversal entry',
        'sav-2',
        () => (data.savingsTransactions['2'] as Rec[]).find((t) => t.isReversal)!.id,
      ],
      ['an unknown loan transaction', 'loan-1', '999999'],
      ['another loan’s transaction', 'loan-1', () => (data.loanTransactions['2'] as Rec[])[0]!.id],
    ])('when %s is read, then it is null, not an error', async (_what, accountId, id) => {
      const transactionId = String(typeof id === 'function' ? id() : id);
      expect(
        await adapter.banking.getTransaction('1', accountId, transactionId, request()),
      ).toBeNull();
    });

    it('when the id is not a Fineract id, or the account not the customer’s, then it is null without reading a transaction', async () => {
      expect(await adapter.banking.getTransaction('1', 'sav-1', 'abc', request())).toBeNull();
      expect(await adapter.banking.getTransaction('1', 'sav-1', '0', request())).toBeNull();
      expect(
        await adapter.banking.getTransaction('2', 'sav-1', String(savingsTx.id), request()),
      ).toBeNull();
      expect(calls().filter((p) => p.includes('/transactions'))).toEqual([]);
    });

    it('when a fixed deposit’s or a loan’s transaction is read, then its own deposit-type path or the loan’s is asked', async () => {
      const fdTx = (data.savingsTransactions['5'] as Rec[])[0]!;
      const fd = await adapter.banking.getTransaction('1', 'fd-5', String(fdTx.id), request());
      expect(fd).toMatchObject({
        accountId: 'fd-5',
        transactionId: String(fdTx.id),
        extendedData: {},
      });
      const loanTx = (data.loanTransactions['1'] as Rec[])[0]!;
      const loan = await adapter.banking.getTransaction(
        '1',
        'loan-1',
        String(loanTx.id),
        request(),
      );
      expect(loan).toMatchObject({ type: 'TRANSFER_OUTGOING', extendedData: {} });
      expect(calls().filter((p) => p.includes('/transactions/'))).toEqual([
        `/v1/fixeddepositaccounts/5/transactions/${fdTx.id}`,
        `/v1/loans/1/transactions/${loanTx.id}`,
      ]);
    });

    it('when Fineract fails with any other 500, then it is an outage, never a missing transaction', async () => {
      const ctx = request();
      await adapter.banking.listAccountRefs('1', ctx);
      sim.setFault('error500');
      await expect(
        adapter.banking.getTransaction('1', 'sav-1', String(savingsTx.id), ctx),
      ).rejects.toBeInstanceOf(CoreUnavailableError);
    });
  });

  describe('FDX account methods', () => {
    it('when descriptors are listed, then every account ever opened comes from the account list alone, in one call', async () => {
      const descriptors = await adapter.fdx.listAccountDescriptors!('1', request());
      expect(descriptors.map((d) => [d.accountId, d.status])).toEqual([
        ['sav-1', 'OPEN'],
        ['sav-2', 'OPEN'],
        ['sav-3', 'OPEN'],
        ['sav-4', 'CLOSED'],
        ['fd-5', 'OPEN'],
        ['rd-6', 'OPEN'],
        ['loan-1', 'OPEN'],
        ['loan-2', 'OPEN'],
      ]);
      for (const d of descriptors) {
        const { sharingRefusal: _none, ...descriptor } = d;
        expect(contractErrorsOf('fdx-account-descriptor', descriptor)).toEqual([]);
      }
      expect(calls()).toEqual(['/v1/clients/1/accounts']);
    });

    it('when a customer holds refused accounts, then their descriptors carry the refusal of the account info', async () => {
      const descriptors = await adapter.fdx.listAccountDescriptors!('4', request());
      expect(descriptors.map((d) => [d.accountId, d.sharingRefusal])).toEqual([
        ['sav-8', 'blocked'],
        ['sav-9', 'suspended'],
        ['sav-10', undefined],
      ]);
    });

    it('when an account’s detail is read after its info, then the account list is shared and its detail read once', async () => {
      const ctx = request();
      await adapter.fdx.getAccountInfo('1', 'sav-2', ctx);
      const account = await adapter.fdx.getAccountDetail!('1', 'sav-2', ctx);
      const [balance] = await adapter.banking.listBalances('1', ['sav-2'], request());
      expect(account).toMatchObject({
        accountId: 'sav-2',
        accountCategory: 'DEPOSIT_ACCOUNT',
        status: 'OPEN',
        currency: { currencyCode: 'AUD' },
        currentBalance: Number(balance!.currentBalance),
        availableBalance: Number(balance!.availableBalance),
      });
      expect(contractErrorsOf('fdx-account', account)).toEqual([]);
      expect(calls().slice(0, 2)).toEqual(['/v1/clients/1/accounts', '/v1/savingsaccounts/2']);
    });

    it('when a loan’s detail is read, then the principal owed is its balance, positive', async () => {
      const account = await adapter.fdx.getAccountDetail!('1', 'loan-1', request());
      const [balance] = await adapter.banking.listBalances('1', ['loan-1'], request());
      expect(account).toMatchObject({
        accountCategory: 'LOAN_ACCOUNT',
        principalBalance: -Number(balance!.currentBalance),
      });
      expect(contractErrorsOf('fdx-account', account)).toEqual([]);
    });

    it('when the account is another customer’s, then detail and contact are null and networks not found', async () => {
      expect(await adapter.fdx.getAccountDetail!('2', 'sav-1', request())).toBeNull();
      expect(await adapter.fdx.getAccountContact!('2', 'sav-1', request())).toBeNull();
      await expect(
        adapter.fdx.listPaymentNetworks!('2', 'sav-1', { limit: 10 }, request()),
      ).rejects.toBeInstanceOf(FdxAccountNotFoundError);
      expect(calls().every((p) => p === '/v1/clients/2/accounts')).toBe(true);
    });

    it('when the contact is read, then the client and its active addresses are asked, side by side', async () => {
      const contact = await adapter.fdx.getAccountContact!('1', 'sav-1', request());
      expect(contact).toEqual({
        holders: [
          {
            type: 'CONSUMER',
            name: { first: 'Jane', middle: 'Mary', last: 'Citizen' },
            relationship: 'SOLE_OWNER',
          },
        ],
        emails: ['jane.citizen@example.com'],
        addresses: [
          {
            line1: 'Unit 4',
            line2: '12 Example Street',
            city: 'Sydney',
            region: 'NSW',
            postalCode: '2000',
            country: 'AU',
          },
          { line1: 'PO Box 77', city: 'Sydney', region: 'NSW', postalCode: '2001', country: 'AU' },
        ],
        telephones: [{ type: 'CELL', country: '61', number: '412345678' }],
      });
      expect(contractErrorsOf('fdx-account-contact', contact)).toEqual([]);
      expect(calls().sort()).toEqual(
        ['/v1/clients/1/accounts', '/v1/clients/1', '/v1/client/1/addresses'].sort(),
      );
      expect(queries(/addresses$/)).toEqual([{ status: 'true' }]);
    });

    it('when a client’s address is abroad under a name, then it is left out; the street alone can be the first line', async () => {
      const contact = await adapter.fdx.getAccountContact!('2', 'sav-7', request());
      expect(contact?.addresses).toEqual([
        {
          line1: '3 Sample Road',
          city: 'Melbourne',
          region: 'VIC',
          postalCode: '3000',
          country: 'AU',
        },
      ]);
    });

    it('when payment networks are listed, then an Australian account has none', async () => {
      const page = await adapter.fdx.listPaymentNetworks!('1', 'sav-1', { limit: 10 }, request());
      expect(page).toEqual({ records: [] });
      expect(calls()).toEqual(['/v1/clients/1/accounts']);
    });
  });

  describe('FDX transactions walked by Fineract page numbers', () => {
    it('when the position is not on a page boundary of the limit, then the walk starts at the page holding it', async () => {
      const window = { oldest: '2026-01-01', newest: '2026-03-31' };
      const all = await adapter.fdx.listTransactions(
        '1',
        'sav-1',
        window,
        { limit: 1000 },
        request(),
      );
      mark = sim.requests.length;
      const page = await adapter.fdx.listTransactions(
        '1',
        'sav-1',
        window,
        { limit: 5, after: '7' },
        request(),
      );
      expect(page.records.map((r) => r.transactionId)).toEqual(
        all.records.slice(7, 12).map((r) => r.transactionId),
      );
      expect(page.next).toBe('12');
      expect(queries(/search$/).map((q) => [q.offset, q.limit])).toEqual([
        ['1', '5'],
        ['2', '5'],
      ]);
    });
  });
});
