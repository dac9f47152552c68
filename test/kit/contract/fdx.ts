/** FDX: account info, transaction and statement paging, asset transfer networks. */
import type { DateWindow, FdxPage } from '../../../src/ports';
import type { FdxStatement, FdxTransaction } from '../../../src/ports/resources';
import {
  assertContract,
  fail,
  assertUnique,
  assertOnlyKeys,
  STATEMENT_FIELDS,
  presentStatement,
  postedMs,
  inWindow,
  dayOf,
} from './checks';
import type { ContractHarness } from './harness';
import { type FdxFixtures } from './options';
import { assertAccountInfo } from './customer';

export function describeFdx(h: ContractHarness, fdx: FdxFixtures): void {
  const customerId = h.fixtures.customerId;
  const accountId = fdx.accountId;
  const fdxPort = () => h.port('fdx');

  /** Walks every page of a window; checks each page's shape on the way. */
  const walkTransactions = async (window: Partial<DateWindow>, limit: number) => {
    const records: FdxTransaction[] = [];
    const totals = new Set<number | undefined>();
    let after: string | undefined;
    for (let pageNo = 1; ; pageNo += 1) {
      if (pageNo > 10_000) fail('the transaction walk never ended (more than 10 000 pages)');
      const page: FdxPage<FdxTransaction> = await h.call(
        `fdx.listTransactions page ${pageNo}`,
        (ctx) =>
          fdxPort().listTransactions(
            customerId,
            accountId,
            window,
            {
              limit,
              ...(after !== undefined ? { after } : {}),
            },
            ctx,
          ),
      );
      assertOnlyKeys(page, ['records', 'next', 'total'], `transactions page ${pageNo}`);
      if (page.records.length > limit)
        fail(
          `transactions page ${pageNo} holds ${page.records.length} records; the limit was ${limit}`,
        );
      page.records.forEach((t, i) =>
        assertContract('fdx-transaction', t, `transactions page ${pageNo}[${i}]`),
      );
      records.push(...page.records);
      totals.add(page.total);
      if (page.next === undefined) break;
      if (typeof page.next !== 'string' || page.next === '')
        fail(`transactions page ${pageNo}: next is not a non-empty string`);
      if (page.records.length === 0)
        fail(`transactions page ${pageNo} is empty but has a next page`);
      if (page.next === after) fail(`transactions page ${pageNo} repeats its own position key`);
      after = page.next;
    }
    return { records, totals };
  };

  const checkOrderAndWindow = (records: FdxTransaction[], window: Partial<DateWindow>) => {
    assertUnique(
      records.map((t) => t.transactionId),
      'transactionIds across pages',
    );
    for (let i = 1; i < records.length; i += 1) {
      if (postedMs(records[i]!) > postedMs(records[i - 1]!))
        fail(
          `transactions are not newest first: ${records[i - 1]!.transactionId} then ${records[i]!.transactionId}`,
        );
    }
    for (const t of records) {
      if (!inWindow(t, window))
        fail(
          `transaction ${t.transactionId} (${t.postedTimestamp ?? 'no postedTimestamp'}) lies outside the window ${JSON.stringify(window)}`,
        );
    }
  };

  let everything: FdxTransaction[] | undefined;
  const all = async () => {
    if (!everything) {
      const { records, totals } = await walkTransactions({}, h.pageLimit);
      checkOrderAndWindow(records, {});
      for (const total of totals) {
        if (total !== undefined && total !== records.length)
          fail(`transactions pages say total ${total}; the walk found ${records.length}`);
      }
      everything = records;
    }
    return everything;
  };

  describe(`FDX account ${accountId} of ${customerId}`, () => {
    test('when its account info is asked for, then the account has FDX data', async () => {
      const info = await h.call('fdx.getAccountInfo', (ctx) =>
        fdxPort().getAccountInfo(customerId, accountId, ctx),
      );
      assertAccountInfo(info, 'fdx.getAccountInfo');
      expect(info?.supportsFdx).toBe(true);
    });

    test(`when transactions are walked ${h.pageLimit} at a time, then pages hold no duplicates, are newest first, and the last has no next`, async () => {
      const records = await all();
      expect(records.length).toBeGreaterThanOrEqual(fdx.minTransactions ?? 1);
    });

    test('when transactions are read in one large page, then they are the walked ones in the same order', async () => {
      const records = await all();
      const limit = Math.min(1000, Math.max(records.length, 1));
      const page = await h.call('fdx.listTransactions (one page)', (ctx) =>
        fdxPort().listTransactions(customerId, accountId, {}, { limit }, ctx),
      );
      const ids = page.records.map((t) => t.transactionId);
      expect(ids).toEqual(records.slice(0, limit).map((t) => t.transactionId));
      if (records.length <= limit) expect(page.next).toBeUndefined();
    });

    test('when transactions are walked in a window, then exactly the transactions of those days come back, newest first', async () => {
      const posted = (await all()).filter((t) => postedMs(t) > -Infinity);
      if (posted.length < 3)
        fail('the account needs at least 3 posted transactions for the window check');
      const newest = dayOf(postedMs(posted[Math.floor(posted.length / 4)]!));
      const oldest = dayOf(postedMs(posted[Math.floor((3 * posted.length) / 4)]!));
      const window = { oldest, newest };
      const { records } = await walkTransactions(window, h.pageLimit);
      checkOrderAndWindow(records, window);
      expect(records.map((t) => t.transactionId)).toEqual(
        posted.filter((t) => inWindow(t, window)).map((t) => t.transactionId),
      );
      const open = await walkTransactions({ oldest }, h.pageLimit);
      checkOrderAndWindow(open.records, { oldest });
      expect(open.records.length).toBe(posted.filter((t) => inWindow(t, { oldest })).length);
    });

    test('when the window holds no transaction, then the page is empty and has no next', async () => {
      const page = await h.call('fdx.listTransactions (empty window)', (ctx) =>
        fdxPort().listTransactions(
          customerId,
          accountId,
          { oldest: '1901-01-01', newest: '1901-01-31' },
          { limit: h.pageLimit },
          ctx,
        ),
      );
      expect(page.records).toEqual([]);
      expect(page.next).toBeUndefined();
    });

    test("when statements are walked 2 at a time, then they validate, are newest first, unique, and every page's total counts them all", async () => {
      const records: Omit<FdxStatement, 'links'>[] = [];
      const totals = new Set<number>();
      let after: string | undefined;
      for (let pageNo = 1; ; pageNo += 1) {
        if (pageNo > 10_000) fail('the statement walk never ended');
        const page = await h.call(`fdx.listStatements page ${pageNo}`, (ctx) =>
          fdxPort().listStatements(
            customerId,
            accountId,
            {},
            { limit: 2, ...(after !== undefined ? { after } : {}) },
            ctx,
          ),
        );
        assertOnlyKeys(page, ['records', 'next', 'total'], `statements page ${pageNo}`);
        if (!Number.isInteger(page.total)) fail(`statements page ${pageNo} has no integer total`);
        totals.add(page.total);
        if (page.records.length > 2) fail(`statements page ${pageNo} holds more than the limit`);
        page.records.forEach((s, i) => {
          const where = `statements page ${pageNo}[${i}]`;
          assertOnlyKeys(s, STATEMENT_FIELDS, where);
          if (s.accountId !== undefined && s.accountId !== accountId)
            fail(`${where} carries accountId ${s.accountId}`);
          assertContract('fdx-statement', presentStatement(accountId, s), where);
        });
        records.push(...page.records);
        if (page.next === undefined) break;
        if (page.records.length === 0)
          fail(`statements page ${pageNo} is empty but has a next page`);
        after = page.next;
      }
      assertUnique(
        records.map((s) => s.statementId),
        'statementIds across pages',
      );
      for (let i = 1; i < records.length; i += 1) {
        if (records[i]!.statementDate > records[i - 1]!.statementDate)
          fail(`statements are not newest first at ${records[i]!.statementId}`);
      }
      expect([...totals]).toEqual([records.length]);
      // A statement listed can be downloaded; an unknown one is null.
      const first = records[0];
      if (first) {
        const doc = await h.call(
          'fdx.getStatementDocument',
          (ctx) => fdxPort().getStatementDocument(customerId, accountId, first.statementId, ctx),
          { cacheable: false },
        );
        if (!doc) fail(`statement ${first.statementId} is listed but has no document`);
        expect(typeof doc.contentType).toBe('string');
        let bytes = 0;
        for await (const chunk of doc.body) bytes += (chunk as Buffer).length;
        expect(bytes).toBeGreaterThan(0);
        if (doc.contentLength !== undefined) expect(doc.contentLength).toBe(bytes);
      }
      const none = await h.call(
        'fdx.getStatementDocument (unknown)',
        (ctx) =>
          fdxPort().getStatementDocument(customerId, accountId, 'no-such-statement-0f3c9', ctx),
        { cacheable: false },
      );
      expect(none).toBeNull();
    });

    if (fdx.minAssetTransferNetworks !== undefined) {
      const min = fdx.minAssetTransferNetworks;
      test('when asset transfer networks are walked 1 at a time, then they validate, do not repeat, and the last page has no next', async () => {
        const info = await h.call('fdx.getAccountInfo', (ctx) =>
          fdxPort().getAccountInfo(customerId, accountId, ctx),
        );
        expect(info).toMatchObject({ status: 'OPEN', supportsAssetTransferNetworks: true });
        const seen: string[] = [];
        let after: string | undefined;
        for (let pageNo = 1; ; pageNo += 1) {
          if (pageNo > 1000) fail('the asset transfer network walk never ended');
          const page = await h.call(`fdx.listAssetTransferNetworks page ${pageNo}`, (ctx) =>
            fdxPort().listAssetTransferNetworks(
              customerId,
              accountId,
              { limit: 1, ...(after !== undefined ? { after } : {}) },
              ctx,
            ),
          );
          if (page.records.length > 1)
            fail(`asset transfer networks page ${pageNo} holds more than the limit`);
          page.records.forEach((n, i) =>
            assertContract(
              'fdx-asset-transfer-network',
              n,
              `asset transfer networks page ${pageNo}[${i}]`,
            ),
          );
          seen.push(...page.records.map((n) => JSON.stringify(n)));
          if (page.next === undefined) break;
          if (page.records.length === 0)
            fail(`asset transfer networks page ${pageNo} is empty but has a next page`);
          after = page.next;
        }
        assertUnique(seen, 'asset transfer networks');
        expect(seen.length).toBeGreaterThanOrEqual(min);
      });
    }
  });
}
