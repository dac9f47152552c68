/**
 * The optional `banking.listTransactions` and `banking.getTransaction`, checked on an account of
 * the customer with data when the adapter has them. The list: records that validate and belong to
 * the account, effective time (postingDateTime, else executionDateTime) descending with ties by
 * transactionId, the window, amount and text filters honoured on the adapter's own data, offset,
 * limit and total consistent across pages, `textIgnored` only when text was asked for. The detail:
 * every listed transaction's, its fields plus `extendedData`, `isDetailAvailable` true exactly
 * when `extendedData` has content; an unknown id is null. Expectations are computed from the
 * whole list sorted here, so that a defect of one check does not fail the others.
 */
import { Decimal } from '../decimal';
import { ResourceNotImplementedError } from '../errors';
import type { BankingTransaction, BankingTransactionPage, BankingTransactionQuery } from '../ports';
import { assertContract, assertOnlyKeys, assertUnique, fail } from './checks';
import type { ContractHarness } from './harness';

/** The window of the checks when the fixtures name none. */
const TRANSACTION_WINDOW = {
  oldest: '2000-01-01T00:00:00.000Z',
  newest: '2099-12-31T23:59:59.999Z',
};
/** The window of the transaction checks: the fixtures', else {@link TRANSACTION_WINDOW}. */
export function transactionWindow(h: ContractHarness): { oldest: string; newest: string } {
  return h.fixtures.bankingTransactions?.window ?? TRANSACTION_WINDOW;
}

/** The largest page the port is asked for. */
const MAX_LIMIT = 1000;

/** Effective time in ms: postingDateTime, else executionDateTime. */
export function effectiveMs(t: BankingTransaction): number {
  return Date.parse(t.postingDateTime ?? t.executionDateTime ?? '');
}

/**
 * The documented order: effective time descending. Transactions of one time come in an order of
 * the core's own (by id, say), which the paging and filter checks hold it to: every page and
 * every filtered list keeps the order of the whole list.
 */
export function compareTransactions(a: BankingTransaction, b: BankingTransaction): number {
  const [ma, mb] = [effectiveMs(a), effectiveMs(b)];
  return ma === mb ? 0 : ma > mb ? -1 : 1;
}

const idsOf = (records: readonly BankingTransaction[]) => records.map((t) => t.transactionId);

/** What the checks of one account share. */
interface TransactionScope {
  h: ContractHarness;
  customerId: string;
  window: { oldest: string; newest: string };
  /** The account checked, found once. */
  account: () => Promise<string>;
  /** Every transaction of the account in the window, in the adapter's order, read once. */
  all: () => Promise<AllTransactions>;
}

/** The whole window of the account, as the adapter lists it. */
interface AllTransactions {
  records: BankingTransaction[];
  /** The total the first page gave. */
  total: number;
}

/** One page of a customer's account, its shape checked; the query defaults to the whole window. */
export async function listTransactionPage(
  h: ContractHarness,
  customerId: string,
  accountId: string,
  query: Partial<BankingTransactionQuery>,
  label: string,
): Promise<BankingTransactionPage> {
  const list = h.optional('banking', 'listTransactions');
  if (!list) fail('the adapter has no banking.listTransactions');
  const window = transactionWindow(h);
  const full: BankingTransactionQuery = { ...window, offset: 0, limit: MAX_LIMIT, ...query };
  const where = `banking.listTransactions ${label}`;
  const page = await h.call(where, (ctx) => list(customerId, accountId, full, ctx));
  assertOnlyKeys(page, ['records', 'total', 'textIgnored'], where);
  if (!Array.isArray(page.records)) fail(`${where}: records is not an array`);
  if (!Number.isInteger(page.total) || page.total < 0)
    fail(`${where}: total ${String(page.total)} is not a count`);
  if (page.records.length > full.limit)
    fail(`${where} holds ${page.records.length} records; the limit was ${full.limit}`);
  if (page.textIgnored !== undefined && typeof page.textIgnored !== 'boolean')
    fail(`${where}: textIgnored is not a boolean`);
  if (page.textIgnored === true && full.text === undefined)
    fail(`${where} says textIgnored although no text was asked for`);
  page.records.forEach((t, i) => {
    assertContract('banking-transaction', t, `${where}[${i}]`);
    if (t.accountId !== accountId) fail(`${where}[${i}] carries accountId ${t.accountId}`);
  });
  return page;
}

/**
 * The fixture account, else the first unrefused banking account with enough transactions (the
 * first unrefused one when the adapter cannot list transactions).
 */
async function findAccount(h: ContractHarness, customerId: string): Promise<string> {
  const fixture = h.fixtures.bankingTransactions;
  if (fixture?.accountId) return fixture.accountId;
  const min = fixture?.minTransactions ?? 1;
  const listable = h.optional('banking', 'listTransactions') !== undefined;
  for (const a of await h.bankingAccounts(customerId)) {
    if (a.sharingRefusal !== undefined) continue;
    if (!listable) return a.accountId;
    let total: number;
    try {
      total = (await listTransactionPage(h, customerId, a.accountId, { limit: 1 }, '(probe)'))
        .total;
    } catch (err) {
      // An account type without transactions (404 resource not implemented): try the next.
      if (err instanceof ResourceNotImplementedError) continue;
      throw err;
    }
    if (total >= min) return a.accountId;
  }
  return fail(
    `no banking account of ${customerId} holds ${min} transaction(s) in the window: give fixtures.bankingTransactions.accountId an account with transactions`,
  );
}

/** The window's records (every page of 1000, concatenated) and the first page's total. */
async function readAll(scope: TransactionScope): Promise<AllTransactions> {
  const { h, customerId } = scope;
  const accountId = await scope.account();
  const records: BankingTransaction[] = [];
  let total = 0;
  for (let offset = 0; offset < 1_000_000; offset += MAX_LIMIT) {
    const page = await listTransactionPage(
      h,
      customerId,
      accountId,
      { offset },
      `(from ${offset})`,
    );
    if (offset === 0) total = page.total;
    records.push(...page.records);
    if (page.records.length < MAX_LIMIT) break;
  }
  const min = h.fixtures.bankingTransactions?.minTransactions ?? 1;
  if (records.length < min)
    fail(`account ${accountId} lists ${records.length} transactions; the fixtures expect ${min}`);
  return { records, total };
}

/** The whole list sorted as documented: what each filter's answer is compared with. */
async function sortedAll(scope: TransactionScope): Promise<BankingTransaction[]> {
  // A stable sort: the adapter's own order of transactions of one time is kept.
  return [...(await scope.all()).records].sort(compareTransactions);
}

export function describeBankingTransactions(h: ContractHarness): void {
  const customerId = h.fixtures.customerId;
  let account: Promise<string> | undefined;
  let all: Promise<AllTransactions> | undefined;
  const scope: TransactionScope = {
    h,
    customerId,
    window: transactionWindow(h),
    account: () => (account ??= findAccount(h, customerId)),
    all: () => (all ??= readAll(scope)),
  };
  describe(`banking transactions of ${customerId} (when the adapter has them)`, () => {
    describeList(scope);
    describePaging(scope);
    describeFilters(scope);
    describeDetail(scope);
  });
}

/** The whole list: validity, order, window, total. */
function describeList(scope: TransactionScope): void {
  const { h, window } = scope;
  test('when the account’s transactions are listed, then they validate, belong to it, are unique, come newest effective time first within the window, and total counts them', async () => {
    const checked = h.tally('banking.listTransactions');
    if (!h.optional('banking', 'listTransactions')) return;
    const { records, total } = await scope.all();
    assertUnique(idsOf(records), 'transactionIds');
    for (let i = 1; i < records.length; i += 1) {
      if (compareTransactions(records[i - 1]!, records[i]!) > 0)
        fail(
          `transactions are not newest effective time first: ${records[i - 1]!.transactionId} then ${records[i]!.transactionId}`,
        );
    }
    const [from, to] = [Date.parse(window.oldest), Date.parse(window.newest)];
    for (const t of records) {
      const ms = effectiveMs(t);
      if (!(ms >= from && ms <= to)) fail(`transaction ${t.transactionId} lies outside the window`);
    }
    if (total !== records.length)
      fail(`the list says total ${total}; the window holds ${records.length} transactions`);
    checked(records.length);
  });
}

/** Offset, limit and total across pages; textIgnored never set without text. */
function describePaging(scope: TransactionScope): void {
  const { h, customerId } = scope;
  const limit = h.fixtures.bankingTransactions?.pageLimit ?? 7;
  test(`when transactions are read ${limit} at a time by offset, then each page holds its slice of the list, every total counts the whole list, and a page past the end is empty`, async () => {
    const checked = h.tally('banking.listTransactions(paging)');
    if (!h.optional('banking', 'listTransactions')) return;
    const accountId = await scope.account();
    const expected = idsOf(await sortedAll(scope));
    const seen: string[] = [];
    for (let offset = 0, pageNo = 1; ; offset += limit, pageNo += 1) {
      if (pageNo > 10_000) fail('the transaction walk never ended');
      const label = `page ${pageNo} (offset ${offset}, limit ${limit})`;
      const page = await listTransactionPage(h, customerId, accountId, { offset, limit }, label);
      if (page.total !== expected.length)
        fail(`${label} says total ${page.total}; the whole list holds ${expected.length}`);
      const length = Math.max(0, Math.min(limit, expected.length - offset));
      if (page.records.length !== length)
        fail(`${label} holds ${page.records.length} records; expected ${length}`);
      seen.push(...idsOf(page.records));
      if (offset >= expected.length) break;
    }
    assertSameIds(`the pages of ${limit}`, seen, expected);
    checked(seen.length);
  });

  test('when transactions are listed without text, then textIgnored is not set', async () => {
    const checked = h.tally('banking.listTransactions(textIgnored)');
    if (!h.optional('banking', 'listTransactions')) return;
    const accountId = await scope.account();
    // listTransactionPage fails on textIgnored without text; a page of 2 from the second record.
    const query = { offset: 1, limit: 2 };
    const page = await listTransactionPage(h, customerId, accountId, query, '(offset 1, limit 2)');
    expect(page.textIgnored === true).toBe(false);
    checked(page.records.length);
  });
}

/** Every word of three letters or more of the descriptions and references, lower-cased, once. */
function words(records: readonly BankingTransaction[]): string[] {
  const all = records.flatMap(
    (t) => `${t.description} ${t.reference}`.match(/[A-Za-z]{3,}/g) ?? [],
  );
  return [...new Set(all.map((w) => w.toLowerCase()))];
}

const mentions = (t: BankingTransaction, lower: string) =>
  t.description.toLowerCase().includes(lower) || t.reference.toLowerCase().includes(lower);

/** A word found in some transactions, as near half of them as there is; undefined when none. */
function textToFind(records: readonly BankingTransaction[]): string | undefined {
  let best: { word: string; distance: number } | undefined;
  for (const word of words(records)) {
    const found = records.filter((t) => mentions(t, word)).length;
    const distance = Math.abs(found - records.length / 2) + (found === records.length ? 1e6 : 0);
    if (!best || distance < best.distance) best = { word, distance };
  }
  return best?.word;
}

/** Amount bounds: the amounts a quarter and three quarters up the sorted list. */
function amountBounds(records: readonly BankingTransaction[]): [string, string] {
  const amounts = records.map((t) => t.amount).sort((a, b) => new Decimal(a).cmp(b));
  const at = (q: number) => amounts[Math.min(amounts.length - 1, Math.floor(q * amounts.length))]!;
  return [at(0.25), at(0.75)];
}

/** The same transactions in the same order, or a message naming what differs. */
function assertSameIds(label: string, got: string[], expected: string[]): void {
  const [have, want] = [new Set(got), new Set(expected)];
  const missing = expected.filter((id) => !have.has(id));
  const extra = got.filter((id) => !want.has(id));
  if (missing.length > 0) fail(`${label} leaves out ${missing.slice(0, 5).join(', ')}`);
  if (extra.length > 0) fail(`${label} holds ${extra.slice(0, 5).join(', ')}, which do not match`);
  expect(got).toEqual(expected);
}

/** The window, amount and text filters, each against the whole list filtered here. */
function describeFilters(scope: TransactionScope): void {
  const { h, customerId } = scope;
  /** Lists with `query`; `keep` says, from the page, which records of the whole list it holds. */
  const expectFiltered = async (
    query: Partial<BankingTransactionQuery>,
    keep: (page: BankingTransactionPage) => (t: BankingTransaction) => boolean,
  ) => {
    const shown = `(${JSON.stringify(query)})`;
    const label = `banking.listTransactions${shown}`;
    const page = await listTransactionPage(h, customerId, await scope.account(), query, shown);
    const expected = (await sortedAll(scope)).filter(keep(page));
    assertSameIds(label, idsOf(page.records), idsOf(expected.slice(0, MAX_LIMIT)));
    if (page.total !== expected.length)
      fail(`${label} says total ${page.total}; ${expected.length} transactions match`);
  };

  test('when a narrower window is asked for, then exactly the transactions whose effective time lies in it come back, both ends included; an empty one answers none', async () => {
    const checked = h.tally('banking.listTransactions(window)');
    if (!h.optional('banking', 'listTransactions')) return;
    const records = await sortedAll(scope);
    const iso = (q: number) =>
      new Date(effectiveMs(records[Math.floor(q * records.length)]!)).toISOString();
    const [oldest, newest] = [iso(0.75), iso(0.25)];
    const [from, to] = [Date.parse(oldest), Date.parse(newest)];
    await expectFiltered(
      { oldest, newest },
      () => (t) => effectiveMs(t) >= from && effectiveMs(t) <= to,
    );
    await expectFiltered(
      { oldest: '1901-01-01T00:00:00.000Z', newest: '1901-12-31T23:59:59.999Z' },
      () => () => false,
    );
    checked(records.length);
  });

  test('when amounts are bounded, then exactly the transactions whose signed amount lies within the bounds come back', async () => {
    const checked = h.tally('banking.listTransactions(amounts)');
    if (!h.optional('banking', 'listTransactions')) return;
    const { records } = await scope.all();
    const [minAmount, maxAmount] = amountBounds(records);
    const atLeast = (t: BankingTransaction) => new Decimal(t.amount).gte(minAmount);
    const atMost = (t: BankingTransaction) => new Decimal(t.amount).lte(maxAmount);
    await expectFiltered({ minAmount, maxAmount }, () => (t) => atLeast(t) && atMost(t));
    await expectFiltered({ minAmount }, () => atLeast);
    await expectFiltered({ maxAmount }, () => atMost);
    checked(records.length);
  });

  test('when text is asked for in other capitals, then exactly the transactions whose description or reference holds it come back, or the adapter says textIgnored and answers them all', async () => {
    const checked = h.tally('banking.listTransactions(text)');
    if (!h.optional('banking', 'listTransactions')) return;
    const { records } = await scope.all();
    const word = textToFind(records);
    if (word === undefined) return; // no description or reference holds a word to look for
    const text = word === word.toUpperCase() ? word.toLowerCase() : word.toUpperCase();
    await expectFiltered({ text }, (page) =>
      page.textIgnored === true ? () => true : (t) => mentions(t, word),
    );
    checked(records.length);
  });
}

/** Every listed transaction's detail; the fixture's detailed one; an unknown id. */
function describeDetail(scope: TransactionScope): void {
  const { h, customerId } = scope;
  test('when the detail of each listed transaction is asked for, then it is the listed record plus extendedData, isDetailAvailable says whether that has content, and an unknown id is null', async () => {
    const checked = h.tally('banking.getTransaction');
    const get = h.optional('banking', 'getTransaction');
    if (!get) return;
    const listed = h.optional('banking', 'listTransactions') ? (await scope.all()).records : [];
    const accountId = await scope.account();
    for (const t of listed) {
      const where = `banking.getTransaction(${t.transactionId})`;
      const detail = await h.call(where, (ctx) => get(customerId, accountId, t.transactionId, ctx));
      if (detail === null) fail(`${where} is null for a listed transaction`);
      assertContract('banking-transaction-detail', detail, where);
      const { extendedData, ...fields } = detail;
      expect({ transactionId: t.transactionId, fields }).toEqual({
        transactionId: t.transactionId,
        fields: t,
      });
      const detailed = Object.keys(extendedData).length > 0;
      if (t.isDetailAvailable !== detailed)
        fail(
          `transaction ${t.transactionId} is listed with isDetailAvailable ${t.isDetailAvailable}, but its extendedData ${detailed ? 'has content' : 'is empty'}`,
        );
      checked();
    }
    const named = h.fixtures.bankingTransactions?.detailedTransactionId;
    if (named !== undefined && listed.length > 0) {
      const t = listed.find((r) => r.transactionId === named);
      if (!t) fail(`fixtures.bankingTransactions.detailedTransactionId ${named} is not listed`);
      if (!t.isDetailAvailable) fail(`transaction ${named} is listed without detail available`);
    }
    const unknown = await h.call('banking.getTransaction(unknown)', (ctx) =>
      get(customerId, accountId, 'no-such-transaction-0f3c9', ctx),
    );
    expect(unknown).toBeNull();
  });
}

/** Settles `call`: its value, or that it rejected (a refusal is a right answer here). */
async function settled<T>(call: () => Promise<T>): Promise<{ value: T } | undefined> {
  try {
    return { value: await call() };
  } catch {
    return undefined;
  }
}

/**
 * `me` asks for the transactions of accounts exclusive to `other`: the answer is a rejection, an
 * empty page, or a null detail (for a transaction `other` lists), never their records.
 */
export function describeTransactionIsolation(h: ContractHarness, me: string, other: string): void {
  test(`when ${me} asks for the transactions of an account exclusive to ${other} (when the adapter has them), then none comes back`, async () => {
    const checked = h.tally('banking.transactions(isolation)');
    const list = h.optional('banking', 'listTransactions');
    const get = h.optional('banking', 'getTransaction');
    if (!list && !get) return;
    const mine = new Set(await h.bankingIds(me));
    const foreign = (await h.bankingIds(other)).filter((id) => !mine.has(id)).slice(0, 10);
    for (const accountId of foreign) {
      // What the owner lists (an account type without transactions may refuse: none then).
      const owned = list
        ? await settled(() => listTransactionPage(h, other, accountId, { limit: 1 }, `of ${other}`))
        : undefined;
      const theirs = owned?.value.records ?? [];
      const where = `(${me}, ${accountId} of ${other})`;
      const answer = list
        ? await settled(() =>
            h.call(`banking.listTransactions${where}`, (ctx) =>
              list(me, accountId, { ...transactionWindow(h), offset: 0, limit: 10 }, ctx),
            ),
          )
        : undefined;
      if (answer && (answer.value.records.length > 0 || answer.value.total > 0))
        fail(`banking.listTransactions${where} answered the other customer's transactions`);
      const id = theirs[0]?.transactionId;
      const detail =
        get && id !== undefined
          ? await settled(() =>
              h.call(`banking.getTransaction${where}`, (ctx) => get(me, accountId, id, ctx)),
            )
          : undefined;
      if (detail && detail.value !== null)
        fail(`banking.getTransaction${where} answered the other customer's transaction ${id}`);
      checked();
    }
  });
}
