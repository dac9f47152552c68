/**
 * The demo core's banking transactions: the index answers exactly what the port contract says
 * (effective time window and amount range inclusive, amounts compared signed and exactly, text
 * found case-insensitively in description or reference, effective time descending with ties by
 * id, offset/limit over the filtered set whose size is `total`), for hand-picked edges and for
 * random data against a plain filter-and-sort; the port maps only the page it returns, never
 * ignores the text, and answers only the customer's accounts.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {
  AccountNotFoundError,
  CustomerNotFoundError,
  SharingRefusedError,
  createContractsAjv,
  refOf,
  type BankingPort,
  type BankingTransactionQuery,
  type CallContext,
} from '@data-holder-gateway/adapter-sdk';
import { demoBankingPort } from '../../demo-banking';
import { validateDemoData, type DemoBankingTransaction, type DemoData } from '../../demo-data';
import { DemoStore } from '../../demo-store';
import * as bankingMapper from '../../mappers/banking.mapper';

const ctx: CallContext = { signal: new AbortController().signal, requestId: 'unit' };

const tx = (
  transactionId: string,
  at: string,
  amount = '-1.00',
  texts: { description?: string; reference?: string } = {},
  pending = false,
): DemoBankingTransaction => ({
  transactionId,
  type: 'PAYMENT',
  status: pending ? 'PENDING' : 'POSTED',
  description: texts.description ?? `tx ${transactionId}`,
  ...(pending ? { executionDateTime: at } : { postingDateTime: at }),
  amount,
  reference: texts.reference ?? '',
});

function portOver(transactions: DemoBankingTransaction[]): BankingPort {
  const data = {
    customers: [
      {
        customerId: 'c-1',
        detail: {},
        payees: [],
        bankingAccounts: [
          { accountId: 'a-1', transactions },
          { accountId: 'a-2', openStatus: 'OPEN' },
        ],
        energyAccounts: [],
      },
      {
        customerId: 'c-2',
        detail: {},
        payees: [],
        bankingAccounts: [{ accountId: 'b-1', transactions: [tx('x', '2026-01-01T00:00:00Z')] }],
        energyAccounts: [],
      },
      {
        customerId: 'c-harm',
        sharingRefusal: 'harm',
        detail: {},
        payees: [],
        bankingAccounts: [{ accountId: 'h-1', transactions: [tx('y', '2026-01-01T00:00:00Z')] }],
        energyAccounts: [],
      },
    ],
  } as unknown as DemoData;
  return demoBankingPort(new DemoStore(data));
}

const WIDE = { oldest: '2000-01-01T00:00:00.000Z', newest: '2100-01-01T00:00:00.000Z' };

const query = (over: Partial<BankingTransactionQuery> = {}): BankingTransactionQuery => ({
  ...WIDE,
  offset: 0,
  limit: 1000,
  ...over,
});

async function ids(port: BankingPort, q: Partial<BankingTransactionQuery>): Promise<string[]> {
  const page = await port.listTransactions!('c-1', 'a-1', query(q), ctx);
  return page.records.map((t) => t.transactionId);
}

describe('demo banking transactions: filters', () => {
  const port = portOver([
    tx('before', '2026-03-01T09:59:59.999Z'),
    tx('oldest-edge', '2026-03-01T10:00:00Z'),
    tx('inside', '2026-03-15T00:00:00Z'),
    tx('newest-edge', '2026-03-31T10:00:00.000Z', '-1.00', {}, true),
    tx('after', '2026-03-31T10:00:00.001Z'),
  ]);

  it('when the window names exact effective times, then both edges are in and a millisecond outside is out', async () => {
    expect(
      await ids(port, { oldest: '2026-03-01T10:00:00.000Z', newest: '2026-03-31T10:00:00.000Z' }),
    ).toEqual(['newest-edge', 'inside', 'oldest-edge']);
  });

  it('when a POSTED transaction was executed before the window, then its posting time decides', async () => {
    const executedEarlier = {
      ...tx('posted-in', '2026-03-01T00:00:00Z'),
      executionDateTime: '2026-02-28T23:00:00Z',
    };
    const p = portOver([executedEarlier]);
    expect(await ids(p, { oldest: '2026-03-01T00:00:00.000Z' })).toEqual(['posted-in']);
    expect(await ids(p, { newest: '2026-02-28T23:30:00.000Z' })).toEqual([]);
  });

  const amounts = portOver([
    tx('m100.01', '2026-01-01T00:00:06Z', '-100.01'),
    tx('m100', '2026-01-01T00:00:05Z', '-100.00'),
    tx('m5', '2026-01-01T00:00:04Z', '-5.5'),
    tx('zero', '2026-01-01T00:00:03Z', '0.00'),
    tx('p100', '2026-01-01T00:00:02Z', '100'),
    tx('p100.01', '2026-01-01T00:00:01Z', '100.010'),
  ]);

  it('when min and max amounts are given, then both edges are in, compared exactly and with their sign', async () => {
    expect(await ids(amounts, { minAmount: '-100.00', maxAmount: '100.00' })).toEqual([
      'm100',
      'm5',
      'zero',
      'p100',
    ]);
    expect(await ids(amounts, { minAmount: '-100', maxAmount: '100.0000' })).toEqual([
      'm100',
      'm5',
      'zero',
      'p100',
    ]);
    expect(await ids(amounts, { maxAmount: '-5.50' })).toEqual(['m100.01', 'm100', 'm5']);
    expect(await ids(amounts, { minAmount: '100.01' })).toEqual(['p100.01']);
    // Signed: a minimum of 5 leaves every debit out.
    expect(await ids(amounts, { minAmount: '5' })).toEqual(['p100', 'p100.01']);
    expect(await ids(amounts, { minAmount: '1', maxAmount: '-1' })).toEqual([]);
  });

  const texts = portOver([
    tx('d1', '2026-01-01T00:00:05Z', '-1.00', { description: 'Transfer to Holiday fund' }),
    tx('r1', '2026-01-01T00:00:04Z', '-1.00', { description: 'Card', reference: 'HOLIDAY top-up' }),
    tx('r2', '2026-01-01T00:00:03Z', '-1.00', { description: 'Card', reference: 'a holiday' }),
    tx('split', '2026-01-01T00:00:02Z', '-1.00', { description: 'holi', reference: 'day' }),
    tx('none', '2026-01-01T00:00:01Z', '-1.00', { description: 'Salary', reference: 'PAY' }),
  ]);

  it('when text is given, then it is found case-insensitively in description or reference, never across them', async () => {
    expect(await ids(texts, { text: 'holiday' })).toEqual(['d1', 'r1', 'r2']);
    expect(await ids(texts, { text: 'HoLiDaY' })).toEqual(['d1', 'r1', 'r2']);
    expect(await ids(texts, { text: 'top-UP' })).toEqual(['r1']);
    expect(await ids(texts, { text: 'nothing like it' })).toEqual([]);
  });

  it('when filters combine, then a record must pass every one and textIgnored is never set', async () => {
    const page = await texts.listTransactions!(
      'c-1',
      'a-1',
      query({ text: 'holiday', newest: '2026-01-01T00:00:04.000Z', limit: 1 }),
      ctx,
    );
    expect(page).toEqual({ records: [expect.objectContaining({ transactionId: 'r1' })], total: 2 });
    expect('textIgnored' in page).toBe(false);
  });
});

describe('demo banking transactions: order and paging', () => {
  const port = portOver([
    tx('b', '2026-05-01T00:00:00Z'),
    tx('c', '2026-05-02T00:00:00Z', '-1.00', {}, true),
    tx('a', '2026-05-01T00:00:00Z'),
    tx('d', '2026-05-02T00:00:00Z'),
    tx('e', '2026-04-30T00:00:00Z'),
  ]);

  it('when listed, then effective time is descending and ties (posted or pending) go by id ascending', async () => {
    expect(await ids(port, {})).toEqual(['c', 'd', 'a', 'b', 'e']);
  });

  it('when offset and limit cut the set, then the page is that slice and total the whole set', async () => {
    const page = (offset: number, limit: number) =>
      port.listTransactions!('c-1', 'a-1', query({ offset, limit }), ctx);
    expect((await page(1, 2)).records.map((t) => t.transactionId)).toEqual(['d', 'a']);
    expect((await page(1, 2)).total).toBe(5);
    expect((await page(4, 10)).records.map((t) => t.transactionId)).toEqual(['e']);
    expect(await page(5, 10)).toEqual({ records: [], total: 5 });
    expect(await page(50, 10)).toEqual({ records: [], total: 5 });
  });

  it('when an account has no transactions, then the page is empty', async () => {
    expect(await portOver([]).listTransactions!('c-1', 'a-2', query(), ctx)).toEqual({
      records: [],
      total: 0,
    });
  });
});

/** The reference: filter, sort and slice the plain way. */
function reference(all: DemoBankingTransaction[], q: BankingTransactionQuery) {
  const ms = (t: DemoBankingTransaction) => Date.parse(t.postingDateTime ?? t.executionDateTime!);
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const text = q.text?.toLowerCase();
  const kept = all
    .filter((t) => ms(t) >= Date.parse(q.oldest) && ms(t) <= Date.parse(q.newest))
    .filter((t) => q.minAmount === undefined || cents(t.amount) >= cents(q.minAmount))
    .filter((t) => q.maxAmount === undefined || cents(t.amount) <= cents(q.maxAmount))
    .filter(
      (t) =>
        text === undefined ||
        t.description.toLowerCase().includes(text) ||
        t.reference.toLowerCase().includes(text),
    )
    .sort((a, b) => (ms(a) !== ms(b) ? ms(b) - ms(a) : a.transactionId < b.transactionId ? -1 : 1));
  return {
    ids: kept.slice(q.offset, q.offset + q.limit).map((t) => t.transactionId),
    total: kept.length,
  };
}

describe('demo banking transactions: random data against a plain filter-and-sort', () => {
  const instant = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  const cents = fc.integer({ min: -20_000, max: 20_000 });
  const money = (c: number) => (c / 100).toFixed(2);
  const word = fc.constantFrom('Rent', 'rent', 'RENT', 'cafe', 'Salary', '', 'x');

  it('when any data is queried with any window, amounts, text, offset and limit, then the page and total match', async () => {
    const rows = fc.uniqueArray(
      fc.record({
        id: fc.string({ minLength: 1, maxLength: 4 }),
        // Few distinct instants: many ties.
        minute: fc.integer({ min: 0, max: 20 }),
        cents,
        pending: fc.boolean(),
        description: word,
        reference: word,
      }),
      { selector: (r) => r.id, maxLength: 60 },
    );
    const q = fc.record(
      {
        oldest: fc.integer({ min: -1, max: 21 }).map(instant),
        newest: fc.integer({ min: -1, max: 21 }).map(instant),
        minAmount: cents.map(money),
        maxAmount: cents.map(money),
        text: fc.constantFrom('rent', 'RENT', 'Caf', 'sal'),
        offset: fc.integer({ min: 0, max: 70 }),
        limit: fc.integer({ min: 1, max: 30 }),
      },
      { requiredKeys: ['oldest', 'newest', 'offset', 'limit'] },
    );
    await fc.assert(
      fc.asyncProperty(rows, q, async (data, wanted) => {
        const all = data.map((r) =>
          tx(
            r.id,
            instant(r.minute),
            money(r.cents),
            { description: r.description, reference: r.reference },
            r.pending,
          ),
        );
        const page = await portOver(all).listTransactions!('c-1', 'a-1', wanted, ctx);
        const expected = reference(all, wanted);
        expect({ ids: page.records.map((t) => t.transactionId), total: page.total }).toEqual(
          expected,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('when a page is served from 20 000 transactions, then only that page is mapped', async () => {
    const many: DemoBankingTransaction[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      const ms = Date.UTC(2026, 0, 1) + ((i * 7919) % 20_000) * 60_000;
      many.push(tx(`t${String(i).padStart(6, '0')}`, new Date(ms).toISOString(), money(-i)));
    }
    const port = portOver(many);
    const spy = jest.spyOn(bankingMapper, 'toBankingTransaction');
    try {
      const wanted = query({ minAmount: '-500.00', offset: 100, limit: 50 });
      const page = await port.listTransactions!('c-1', 'a-1', wanted, ctx);
      expect(spy).toHaveBeenCalledTimes(50);
      const expected = reference(many, wanted);
      expect(page.total).toBe(expected.total);
      expect(page.records.map((t) => t.transactionId)).toEqual(expected.ids);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('demo banking transactions: detail and ownership', () => {
  const npp = {
    payer: 'John Citizen',
    extensionUType: 'nppPayload' as const,
    nppPayload: { service: 'X2P1' as const, serviceVersion: '03', endToEndId: 'E2E-1' },
  };
  const port = portOver([
    { ...tx('with', '2026-01-02T00:00:00Z', '20.00'), extendedData: npp },
    tx('without', '2026-01-01T00:00:00Z'),
  ]);
  const ajv = createContractsAjv();
  const listItem = ajv.getSchema(refOf('banking-transaction'))!;
  const detail = ajv.getSchema(refOf('banking-transaction-detail'))!;

  it('when listed, then each record has its accountId and isDetailAvailable says whether extended data exists', async () => {
    const page = await port.listTransactions!('c-1', 'a-1', query(), ctx);
    expect(page.records.map((t) => [t.transactionId, t.accountId, t.isDetailAvailable])).toEqual([
      ['with', 'a-1', true],
      ['without', 'a-1', false],
    ]);
    for (const record of page.records)
      expect([listItem(record), listItem.errors]).toEqual([true, null]);
  });

  it('when one is asked, then it comes with its extended data, or {} when it has none', async () => {
    const withData = await port.getTransaction!('c-1', 'a-1', 'with', ctx);
    const withoutData = await port.getTransaction!('c-1', 'a-1', 'without', ctx);
    expect(withData).toEqual({
      accountId: 'a-1',
      transactionId: 'with',
      isDetailAvailable: true,
      type: 'PAYMENT',
      status: 'POSTED',
      description: 'tx with',
      postingDateTime: '2026-01-02T00:00:00Z',
      amount: '20.00',
      reference: '',
      extendedData: npp,
    });
    expect(withoutData).toMatchObject({ isDetailAvailable: false, extendedData: {} });
    for (const record of [withData, withoutData]) {
      expect([detail(record), detail.errors]).toEqual([true, null]);
    }
    expect(await port.getTransaction!('c-1', 'a-1', 'nope', ctx)).toBeNull();
  });

  it("when another customer's account, an unknown customer or a harm-flagged one is asked, then it is refused", async () => {
    await expect(port.listTransactions!('c-1', 'b-1', query(), ctx)).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
    await expect(port.getTransaction!('c-1', 'b-1', 'x', ctx)).rejects.toBeInstanceOf(
      AccountNotFoundError,
    );
    await expect(port.listTransactions!('c-9', 'a-1', query(), ctx)).rejects.toBeInstanceOf(
      CustomerNotFoundError,
    );
    await expect(port.getTransaction!('c-harm', 'h-1', 'y', ctx)).rejects.toBeInstanceOf(
      SharingRefusedError,
    );
  });
});

describe('demo data file: transactions when loaded', () => {
  const sampleText = fs.readFileSync(
    path.join(__dirname, '..', '..', 'data', 'sample.json'),
    'utf8',
  );
  type Loose = { customers: { bankingAccounts: { transactions?: Record<string, unknown>[] }[] }[] };

  it('when the bundled sample is validated, then it has no problems', () => {
    expect(validateDemoData(JSON.parse(sampleText))).toEqual([]);
  });

  it('when a POSTED one has no posting time or an id repeats, then each problem names its path', () => {
    const data = JSON.parse(sampleText) as Loose;
    const [first, second] = data.customers[0]!.bankingAccounts[0]!.transactions!;
    first!.status = 'POSTED';
    first!.executionDateTime = '2026-01-01T00:00:00Z';
    delete first!.postingDateTime;
    second!.transactionId = first!.transactionId;
    expect(validateDemoData(data)).toEqual(
      expect.arrayContaining([
        "/customers/0/bankingAccounts/0/transactions/0: must have required property 'postingDateTime'",
        `/customers/0/bankingAccounts/0/transactions/1/transactionId: transaction id "${String(first!.transactionId)}" is used again`,
      ]),
    );
  });
});
