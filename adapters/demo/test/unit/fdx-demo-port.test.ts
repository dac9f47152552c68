/**
 * The demo core's FDX port: pages pushed down to pre-sorted indexes. Walking every page with the
 * port's `next` keys returns exactly the records of the window, in the documented order, for any
 * data, window and limit (property-based, against a plain filter-and-sort of the input); a page
 * maps only the records it returns, however large the account.
 */
import fc from 'fast-check';
import { DemoStore } from '../../demo-store';
import { demoFdxPort } from '../../demo-fdx';
import type { DemoData } from '../../demo-data';
import * as fdxMapper from '../../mappers/fdx.mapper';
import {
  CustomerNotFoundError,
  FdxInvalidRequestError,
  type CallContext,
  type DateWindow,
  type FdxPage,
  type FdxPort,
  type FdxTransaction,
} from '@data-holder-gateway/adapter-sdk';

const ctx: CallContext = { signal: new AbortController().signal, requestId: 'unit' };

interface StatementInput {
  statementId: string;
  statementDate: string;
  document: string;
}

function portOver(
  transactions: FdxTransaction[],
  statements: StatementInput[] = [],
  status: 'OPEN' | 'CLOSED' | 'RESTRICTED' = 'OPEN',
): FdxPort {
  const data = {
    customers: [
      {
        customerId: 'c-1',
        detail: {},
        payees: [],
        bankingAccounts: [
          {
            accountId: 'a-1',
            openStatus: 'OPEN',
            fdx: { status, transactions, statements, assetTransferNetworks: [] },
          },
          { accountId: 'a-2', openStatus: 'CLOSED' },
        ],
        energyAccounts: [{ accountId: 'e-1', openStatus: 'OPEN', plans: [] }],
      },
      { customerId: 'c-2', detail: {}, payees: [], bankingAccounts: [], energyAccounts: [] },
    ],
  } as unknown as DemoData;
  return demoFdxPort(new DemoStore(data));
}

const tx = (id: string, postedTimestamp?: string): FdxTransaction => ({
  accountCategory: 'DEPOSIT_ACCOUNT',
  transactionId: id,
  ...(postedTimestamp !== undefined ? { postedTimestamp } : {}),
  transactionTimestamp: postedTimestamp ?? '2026-01-01T00:00:00Z',
  description: `tx ${id}`,
  debitCreditMemo: 'DEBIT',
  status: 'POSTED',
  amount: 1,
});

/** Walks every page; fails if a key repeats (a loop) or a non-last page is short. */
async function walkAll<T>(
  fetchPage: (after?: string) => Promise<FdxPage<T>>,
  limit: number,
): Promise<T[]> {
  const out: T[] = [];
  const seenKeys = new Set<string>();
  let after: string | undefined;
  for (;;) {
    const page = await fetchPage(after);
    out.push(...page.records);
    if (page.next === undefined) return out;
    expect(page.records).toHaveLength(limit);
    expect(seenKeys.has(page.next)).toBe(false);
    seenKeys.add(page.next);
    after = page.next;
  }
}

/** The reference: filter by UTC day window, sort newest first, ties by id. */
function reference(all: FdxTransaction[], window: Partial<DateWindow>): string[] {
  const start = window.oldest ? Date.parse(`${window.oldest}T00:00:00Z`) : -Infinity;
  const end = window.newest ? Date.parse(`${window.newest}T00:00:00Z`) + 86_400_000 : Infinity;
  const ms = (t: FdxTransaction) => (t.postedTimestamp ? Date.parse(t.postedTimestamp) : -Infinity);
  return all
    .filter((t) => ms(t) >= start && ms(t) < end)
    .sort((a, b) =>
      ms(a) !== ms(b) ? (ms(a) > ms(b) ? -1 : 1) : a.transactionId < b.transactionId ? -1 : 1,
    )
    .map((t) => t.transactionId);
}

const day = (offset: number) =>
  new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

describe('demo FDX port: transactions', () => {
  it('when pages are walked for random data, windows and limits, then they hold exactly the window in order', async () => {
    const stamp = fc
      .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 3 }))
      // Few distinct instants, so many transactions share a postedTimestamp (ties by id).
      .map(([d, h]) => `${day(d)}T${String(h * 6).padStart(2, '0')}:00:00Z`);
    const data = fc.uniqueArray(
      fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), stamp: fc.option(stamp) }),
      { selector: (r) => r.id, maxLength: 80 },
    );
    const window = fc.record(
      {
        oldest: fc.integer({ min: -2, max: 42 }).map(day),
        newest: fc.integer({ min: -2, max: 42 }).map(day),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(data, window, fc.integer({ min: 1, max: 30 }), async (rows, w, limit) => {
        const all = rows.map((r) => tx(r.id, r.stamp ?? undefined));
        const port = portOver(all);
        const walked = await walkAll(
          (after) =>
            port.listTransactions('c-1', 'a-1', w, { limit, ...(after ? { after } : {}) }, ctx),
          limit,
        );
        expect(walked.map((t) => t.transactionId)).toEqual(reference(all, w));
      }),
      { numRuns: 150 },
    );
  });

  it('when a transaction was added after a page was served, then the next page still starts right after the last one returned', async () => {
    const base = [
      tx('t1', '2026-03-05T10:00:00Z'),
      tx('t2', '2026-03-04T10:00:00Z'),
      tx('t3', '2026-03-03T10:00:00Z'),
    ];
    const first = await portOver(base).listTransactions('c-1', 'a-1', {}, { limit: 1 }, ctx);
    expect(first.records.map((t) => t.transactionId)).toEqual(['t1']);
    // A new core state: one newer and one in the middle of what is left.
    const later = portOver([
      ...base,
      tx('t0', '2026-03-06T10:00:00Z'),
      tx('t25', '2026-03-04T10:00:00Z'),
    ]);
    const rest = await walkAll(
      (after) =>
        later.listTransactions('c-1', 'a-1', {}, { limit: 2, after: after ?? first.next! }, ctx),
      2,
    );
    expect(rest.map((t) => t.transactionId)).toEqual(['t2', 't25', 't3']);
  });

  it('when a page is served from 100 000 transactions, then only that page is mapped', async () => {
    const many: FdxTransaction[] = [];
    for (let i = 0; i < 100_000; i += 1) {
      const ms = Date.UTC(2026, 0, 1) + ((i * 7919) % 100_000) * 60_000;
      many.push(tx(`t${String(i).padStart(6, '0')}`, new Date(ms).toISOString()));
    }
    const port = portOver(many);
    const spy = jest.spyOn(fdxMapper, 'toFdxTransaction');
    try {
      const window = { oldest: '2026-01-20', newest: '2026-02-10' };
      const first = await port.listTransactions('c-1', 'a-1', window, { limit: 100 }, ctx);
      const second = await port.listTransactions(
        'c-1',
        'a-1',
        window,
        { limit: 100, after: first.next! },
        ctx,
      );
      expect(spy).toHaveBeenCalledTimes(200);
      expect(first.total).toBe(reference(many, window).length);
      expect([...first.records, ...second.records].map((t) => t.transactionId)).toEqual(
        reference(many, window).slice(0, 200),
      );
    } finally {
      spy.mockRestore();
    }
  });

  it.each(['', 'nobar', '|x', 'NaN|x'])(
    'when the position key %j was not made by the port, then it is 400 Invalid request',
    async (after) => {
      const port = portOver([tx('t1', '2026-03-05T10:00:00Z')]);
      await expect(
        port.listTransactions('c-1', 'a-1', {}, { limit: 5, after }, ctx),
      ).rejects.toBeInstanceOf(FdxInvalidRequestError);
    },
  );
});

describe('demo FDX port: statements, networks, accounts and documents', () => {
  const statements: StatementInput[] = [
    {
      statementId: 's-b',
      statementDate: '2026-02-28',
      document: Buffer.from('B').toString('base64'),
    },
    { statementId: 's-c', statementDate: '2026-03-31', document: 'JVBERi0xLjQK' },
    {
      statementId: 's-a',
      statementDate: '2026-02-28',
      document: Buffer.from('A').toString('base64'),
    },
    { statementId: 's-d', statementDate: '2026-01-31', document: '' },
  ];

  it('when statements are paged, then they come newest first, ties by id, with the window total', async () => {
    const port = portOver([], statements);
    const walked = await walkAll(
      (after) =>
        port.listStatements('c-1', 'a-1', {}, { limit: 1, ...(after ? { after } : {}) }, ctx),
      1,
    );
    expect(walked.map((s) => s.statementId)).toEqual(['s-c', 's-a', 's-b', 's-d']);
    expect(walked[0]).toEqual({
      accountId: 'a-1',
      statementId: 's-c',
      statementDate: '2026-03-31',
    });
    const window = await port.listStatements(
      'c-1',
      'a-1',
      { oldest: '2026-02-28', newest: '2026-02-28' },
      { limit: 1 },
      ctx,
    );
    expect(window.total).toBe(2);
    expect(window.records.map((s) => s.statementId)).toEqual(['s-a']);
  });

  it('when a document is asked, then its decoded bytes stream with the exact length', async () => {
    const port = portOver([], statements);
    const doc = await port.getStatementDocument('c-1', 'a-1', 's-c', ctx);
    expect(doc).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const chunk of doc!.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.toString('latin1')).toBe('%PDF-1.4\n');
    expect(doc!.contentLength).toBe(bytes.length);
    expect(doc!.contentType).toBe('application/pdf');
    expect(await port.getStatementDocument('c-1', 'a-1', 's-zz', ctx)).toBeNull();
  });

  it('when a large unpadded or padded document streams, then every byte and the length are exact', async () => {
    for (const size of [0, 1, 2, 3, 200_000, 200_001, 200_002]) {
      const original = Buffer.alloc(size, 0).map((_b, i) => (i * 13) & 0xff);
      const encoded = Buffer.from(original).toString('base64');
      for (const document of [encoded, encoded.replace(/=+$/, '')]) {
        const port = portOver([], [{ statementId: 's', statementDate: '2026-01-01', document }]);
        const doc = (await port.getStatementDocument('c-1', 'a-1', 's', ctx))!;
        const chunks: Buffer[] = [];
        for await (const chunk of doc.body) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).equals(Buffer.from(original))).toBe(true);
        expect(doc.contentLength).toBe(size);
      }
    }
  });

  it('when account info is asked, then it reflects the fdx block, energy accounts and ownership', async () => {
    const port = portOver([], [], 'RESTRICTED');
    expect(await port.getAccountInfo('c-1', 'a-1', ctx)).toEqual({
      status: 'RESTRICTED',
      supportsFdx: true,
      supportsAssetTransferNetworks: true,
    });
    expect(await port.getAccountInfo('c-1', 'a-2', ctx)).toEqual({
      status: 'CLOSED',
      supportsFdx: false,
      supportsAssetTransferNetworks: false,
    });
    expect((await port.getAccountInfo('c-1', 'e-1', ctx))?.supportsFdx).toBe(false);
    expect(await port.getAccountInfo('c-2', 'a-1', ctx)).toBeNull();
    expect(await port.getAccountInfo('c-1', 'nope', ctx)).toBeNull();
    await expect(port.getAccountInfo('c-9', 'a-1', ctx)).rejects.toBeInstanceOf(
      CustomerNotFoundError,
    );
  });

  it('when asset transfer networks are paged by index, then a made-up index is 400', async () => {
    const port = portOver([]);
    const empty = await port.listAssetTransferNetworks('c-1', 'a-1', { limit: 5 }, ctx);
    expect(empty).toEqual({ records: [], total: 0 });
    await expect(
      port.listAssetTransferNetworks('c-1', 'a-1', { limit: 5, after: 'x' }, ctx),
    ).rejects.toBeInstanceOf(FdxInvalidRequestError);
  });
});
