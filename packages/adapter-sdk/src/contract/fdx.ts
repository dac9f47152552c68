/** FDX: account info, transaction and statement paging, asset transfer networks. */
import type { DateWindow, FdxPage, FdxTransaction } from '../ports';
import {
  assertContract,
  fail,
  assertUnique,
  assertOnlyKeys,
  postedMs,
  inWindow,
  dayOf,
} from './checks';
import type { ContractHarness, FdxScope } from './harness';
import { type FdxFixtures } from './options';
import { assertAccountInfo } from './customer';
import { describeAssetTransferNetworks, describeStatements } from './fdx-documents';

export function describeFdx(h: ContractHarness, fdx: FdxFixtures): void {
  const scope: FdxScope = { h, fdx, customerId: h.fixtures.customerId, accountId: fdx.accountId };
  describe(`FDX account ${scope.accountId} of ${scope.customerId}`, () => {
    describeTransactions(scope);
    describeStatements(scope);
    if (fdx.minAssetTransferNetworks !== undefined) {
      describeAssetTransferNetworks(scope, fdx.minAssetTransferNetworks);
    }
  });
}

/** Walks every page of a window; checks each page's shape on the way. */
async function walkTransactions(
  scope: FdxScope,
  window: Partial<DateWindow>,
  limit: number,
): Promise<{ records: FdxTransaction[]; totals: Set<number | undefined> }> {
  const { h, customerId, accountId } = scope;
  const records: FdxTransaction[] = [];
  const totals = new Set<number | undefined>();
  let after: string | undefined;
  for (let pageNo = 1; ; pageNo += 1) {
    if (pageNo > 10_000) fail('the transaction walk never ended (more than 10 000 pages)');
    const page: FdxPage<FdxTransaction> = await h.call(
      `fdx.listTransactions page ${pageNo}`,
      (ctx) =>
        h.port('fdx').listTransactions(
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
    if (page.records.length === 0) fail(`transactions page ${pageNo} is empty but has a next page`);
    if (page.next === after) fail(`transactions page ${pageNo} repeats its own position key`);
    after = page.next;
  }
  return { records, totals };
}

function checkOrderAndWindow(records: FdxTransaction[], window: Partial<DateWindow>): void {
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
}

/** Account info and transaction paging: walked, read whole, windowed, empty. */
function describeTransactions(scope: FdxScope): void {
  const { h, fdx, customerId, accountId } = scope;
  const fdxPort = () => h.port('fdx');
  let everything: FdxTransaction[] | undefined;
  const all = async () => {
    if (!everything) {
      const { records, totals } = await walkTransactions(scope, {}, h.pageLimit);
      checkOrderAndWindow(records, {});
      for (const total of totals) {
        if (total !== undefined && total !== records.length)
          fail(`transactions pages say total ${total}; the walk found ${records.length}`);
      }
      everything = records;
    }
    return everything;
  };

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
    const { records } = await walkTransactions(scope, window, h.pageLimit);
    checkOrderAndWindow(records, window);
    expect(records.map((t) => t.transactionId)).toEqual(
      posted.filter((t) => inWindow(t, window)).map((t) => t.transactionId),
    );
    const open = await walkTransactions(scope, { oldest }, h.pageLimit);
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
}
