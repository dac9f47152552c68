/** FDX statements (walked, downloaded) and asset transfer networks of the fixture account. */
import type { FdxStatement } from '../ports';
import {
  assertContract,
  assertOnlyKeys,
  assertUnique,
  fail,
  presentStatement,
  STATEMENT_FIELDS,
} from './checks';
import type { FdxScope } from './harness';

/** Statements walked 2 at a time, then the first one downloaded and an unknown one refused. */
export function describeStatements(scope: FdxScope): void {
  test("when statements are walked 2 at a time, then they validate, are newest first, unique, and every page's total counts them all", async () => {
    const { records, totals } = await walkStatements(scope);
    assertUnique(
      records.map((s) => s.statementId),
      'statementIds across pages',
    );
    for (let i = 1; i < records.length; i += 1) {
      if (records[i]!.statementDate > records[i - 1]!.statementDate)
        fail(`statements are not newest first at ${records[i]!.statementId}`);
    }
    expect([...totals]).toEqual([records.length]);
    await checkDownloads(scope, records[0]);
  });
}

/** Every statement page of the account, 2 at a time, each page's shape checked on the way. */
async function walkStatements({ h, customerId, accountId }: FdxScope) {
  const fdxPort = () => h.port('fdx');
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
    if (page.records.length === 0) fail(`statements page ${pageNo} is empty but has a next page`);
    after = page.next;
  }
  return { records, totals };
}

/** The first listed statement downloads whole; an unknown one is null. */
async function checkDownloads(
  { h, customerId, accountId }: FdxScope,
  first: Omit<FdxStatement, 'links'> | undefined,
): Promise<void> {
  const fdxPort = () => h.port('fdx');
  // A statement listed can be downloaded; an unknown one is null.
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
    (ctx) => fdxPort().getStatementDocument(customerId, accountId, 'no-such-statement-0f3c9', ctx),
    { cacheable: false },
  );
  expect(none).toBeNull();
}

/** Asset transfer networks walked 1 at a time (accounts that support them). */
export function describeAssetTransferNetworks(
  { h, customerId, accountId }: FdxScope,
  min: number,
): void {
  const fdxPort = () => h.port('fdx');
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
