/**
 * The optional FDX account methods of one customer, checked when the adapter has them: the
 * descriptors (every banking account of the customer, the status and refusal of
 * `getAccountInfo`), and for each account the gateway would ask about (FDX data, not RESTRICTED,
 * not refused) its detail (category and type of its descriptor, status of `getAccountInfo`), its
 * contact, and its payment networks walked one at a time by `after`.
 */
import type {
  CallContext,
  FdxAccountDescriptorRecord,
  FdxAccountInfo,
  FdxPaymentNetwork,
} from '../ports';
import { assertContract, assertOnlyKeys, assertSubset, assertUnique, fail } from './checks';
import type { ContractHarness } from './harness';

const DESCRIPTOR_FIELDS = [
  'accountCategory',
  'accountId',
  'accountType',
  'accountNumberDisplay',
  'productName',
  'nickname',
  'status',
  'currency',
  'sharingRefusal',
];
const UNKNOWN_ACCOUNT = 'no-such-account-0f3c9';

/** The customer's descriptors, read once; undefined when the adapter has no such method. */
function descriptorsOf(
  h: ContractHarness,
  customerId: string,
): Promise<FdxAccountDescriptorRecord[]> | undefined {
  const list = h.optional('fdx', 'listAccountDescriptors');
  return list
    ? h.once(`fdx.listAccountDescriptors(${customerId})`, (ctx) => list(customerId, ctx))
    : undefined;
}

/** The account's FDX info, read once. */
function infoOf(
  h: ContractHarness,
  customerId: string,
  accountId: string,
): Promise<FdxAccountInfo | null> {
  return h.once(`fdx.getAccountInfo(${customerId}, ${accountId})`, (ctx) =>
    h.port('fdx').getAccountInfo(customerId, accountId, ctx),
  );
}

/** The customer's accounts the gateway asks details of: FDX data, not RESTRICTED, not refused. */
async function detailedAccounts(
  h: ContractHarness,
  customerId: string,
): Promise<{ accountId: string; info: FdxAccountInfo }[]> {
  const found: { accountId: string; info: FdxAccountInfo }[] = [];
  for (const { accountId } of await h.shareable(customerId)) {
    const info = await infoOf(h, customerId, accountId);
    if (info?.supportsFdx && info.status !== 'RESTRICTED' && info.sharingRefusal === undefined)
      found.push({ accountId, info });
  }
  if (customerId === h.fixtures.customerId && found.length === 0)
    fail(`no account of ${customerId} has FDX data the gateway would show`);
  return found;
}

export function describeFdxAccounts(h: ContractHarness, customerId: string, empty: boolean): void {
  describeDescriptors(h, customerId, empty);
  describeDetails(h, customerId);
  describePaymentNetworks(h, customerId);
}

function describeDescriptors(h: ContractHarness, customerId: string, empty: boolean): void {
  test('when account descriptors are listed (when the adapter has them), then they validate, are the customer’s banking accounts once each, and carry the status and refusal of getAccountInfo', async () => {
    const checked = h.tally('fdx.listAccountDescriptors');
    const read = descriptorsOf(h, customerId);
    if (!read) return;
    const records = await read;
    if (!Array.isArray(records)) fail('fdx.listAccountDescriptors did not answer a list');
    records.forEach((d, i) => {
      const where = `fdx.listAccountDescriptors[${i}]`;
      assertOnlyKeys(d, DESCRIPTOR_FIELDS, where);
      // As the gateway serves it: without its own `sharingRefusal`.
      const { sharingRefusal: _refusal, ...served } = d;
      assertContract('fdx-account-descriptor', served, where);
    });
    const ids = records.map((d) => d.accountId);
    assertUnique(ids, 'descriptor account ids');
    if (empty) expect(records).toEqual([]);
    if (h.ports.has('banking'))
      expect([...ids].sort()).toEqual([...(await h.bankingIds(customerId))].sort());
    else assertSubset(ids, new Set((await h.shareable(customerId)).map((a) => a.accountId)), 'ids');
    if (customerId === h.fixtures.customerId && h.fixtures.fdx)
      expect(ids).toContain(h.fixtures.fdx.accountId);
    for (const d of records) {
      const info = await infoOf(h, customerId, d.accountId);
      if (!info) fail(`descriptor ${d.accountId}: getAccountInfo answers null`);
      if (d.status !== info.status)
        fail(
          `descriptor ${d.accountId} has status ${d.status}; getAccountInfo says ${info.status}`,
        );
      if (d.sharingRefusal !== info.sharingRefusal)
        fail(
          `descriptor ${d.accountId} has sharingRefusal ${String(d.sharingRefusal)}; getAccountInfo says ${String(info.sharingRefusal)}`,
        );
      checked();
    }
  });
}

function describeDetails(h: ContractHarness, customerId: string): void {
  test('when account details are asked for (when the adapter has them), then each validates with the category and type of its descriptor and the status of getAccountInfo; an unknown account is null', async () => {
    const checked = h.tally('fdx.getAccountDetail');
    const detail = h.optional('fdx', 'getAccountDetail');
    if (!detail) return;
    const descriptors = new Map(
      ((await descriptorsOf(h, customerId)) ?? []).map((d) => [d.accountId, d]),
    );
    for (const { accountId, info } of await detailedAccounts(h, customerId)) {
      const where = `fdx.getAccountDetail(${accountId})`;
      const account = await h.call(where, (ctx) => detail(customerId, accountId, ctx));
      if (account === null) fail(`${where} is null for an account getAccountInfo knows`);
      assertContract('fdx-account', account, where);
      if (account.accountId !== accountId) fail(`${where} carries accountId ${account.accountId}`);
      if (account.status !== info.status)
        fail(`${where} has status ${account.status}; getAccountInfo says ${info.status}`);
      const d = descriptors.get(accountId);
      if (
        d &&
        (d.accountCategory !== account.accountCategory || d.accountType !== account.accountType)
      )
        fail(
          `${where} is ${account.accountCategory} ${account.accountType}; its descriptor says ${d.accountCategory} ${d.accountType}`,
        );
      checked();
    }
    const unknown = await h.call('fdx.getAccountDetail(unknown)', (ctx) =>
      detail(customerId, UNKNOWN_ACCOUNT, ctx),
    );
    expect(unknown).toBeNull();
  });

  test('when account contacts are asked for (when the adapter has them), then each validates and names a holder; an unknown account is null', async () => {
    const checked = h.tally('fdx.getAccountContact');
    const contact = h.optional('fdx', 'getAccountContact');
    if (!contact) return;
    for (const { accountId } of await detailedAccounts(h, customerId)) {
      const where = `fdx.getAccountContact(${accountId})`;
      const found = await h.call(where, (ctx) => contact(customerId, accountId, ctx));
      if (found === null) fail(`${where} is null for an account getAccountInfo knows`);
      assertContract('fdx-account-contact', found, where);
      if (found.holders.length === 0) fail(`${where} names no holder`);
      checked();
    }
    const unknown = await h.call('fdx.getAccountContact(unknown)', (ctx) =>
      contact(customerId, UNKNOWN_ACCOUNT, ctx),
    );
    expect(unknown).toBeNull();
  });
}

/** Every payment network of the account, one page of one at a time, each page checked. */
async function walkPaymentNetworks(
  h: ContractHarness,
  customerId: string,
  accountId: string,
): Promise<FdxPaymentNetwork[]> {
  const list = h.optional('fdx', 'listPaymentNetworks')!;
  const records: FdxPaymentNetwork[] = [];
  let after: string | undefined;
  for (let pageNo = 1; ; pageNo += 1) {
    if (pageNo > 1000) fail(`the payment network walk of ${accountId} never ended`);
    const where = `fdx.listPaymentNetworks(${accountId}) page ${pageNo}`;
    const page = await h.call(where, (ctx) =>
      list(customerId, accountId, { limit: 1, ...(after !== undefined ? { after } : {}) }, ctx),
    );
    assertOnlyKeys(page, ['records', 'next', 'total'], where);
    if (page.records.length > 1) fail(`${where} holds more than the limit`);
    page.records.forEach((n, i) => assertContract('fdx-payment-network', n, `${where}[${i}]`));
    records.push(...page.records);
    if (page.next === undefined) break;
    if (typeof page.next !== 'string' || page.next === '')
      fail(`${where}: next is not a non-empty string`);
    if (page.records.length === 0) fail(`${where} is empty but has a next page`);
    if (page.next === after) fail(`${where} repeats its own position key`);
    after = page.next;
  }
  return records;
}

function describePaymentNetworks(h: ContractHarness, customerId: string): void {
  test('when payment networks are walked one at a time (when the adapter has them), then they validate, do not repeat, and are the networks of one large page', async () => {
    // Accounts walked: an Australian account has no network FDX names, and its walk is empty.
    const checked = h.tally('fdx.listPaymentNetworks');
    const list = h.optional('fdx', 'listPaymentNetworks');
    if (!list) return;
    for (const { accountId } of await detailedAccounts(h, customerId)) {
      const walked = await walkPaymentNetworks(h, customerId, accountId);
      assertUnique(
        walked.map((n) => JSON.stringify(n)),
        `payment networks of ${accountId}`,
      );
      const whole = await h.call(`fdx.listPaymentNetworks(${accountId}) in one page`, (ctx) =>
        list(customerId, accountId, { limit: 1000 }, ctx),
      );
      expect({ accountId, networks: walked }).toEqual({ accountId, networks: whole.records });
      checked();
    }
  });
}

/**
 * `me` asks for the detail, contact and payment networks of accounts exclusive to `other`: null,
 * an empty page, or a rejection, never their data.
 */
export function describeFdxAccountIsolation(h: ContractHarness, me: string, other: string): void {
  test(`when ${me} asks for the FDX detail, contact or payment networks of an account exclusive to ${other} (when the adapter has them), then none comes back`, async () => {
    const checked = h.tally('fdx.accounts(isolation)');
    const foreign = [...(await h.exclusiveIds(other, me))].slice(0, 10);
    const detail = h.optional('fdx', 'getAccountDetail');
    const contact = h.optional('fdx', 'getAccountContact');
    const networks = h.optional('fdx', 'listPaymentNetworks');
    const calls: [string, ((ctx: CallContext, id: string) => Promise<unknown>) | undefined][] = [
      ['getAccountDetail', detail && ((ctx, id) => detail(me, id, ctx))],
      ['getAccountContact', contact && ((ctx, id) => contact(me, id, ctx))],
      ['listPaymentNetworks', networks && ((ctx, id) => networks(me, id, { limit: 10 }, ctx))],
    ];
    for (const accountId of foreign) {
      for (const [name, call] of calls) {
        if (!call) continue;
        const label = `fdx.${name}(${me}, ${accountId} of ${other})`;
        let answer: unknown = null;
        try {
          answer = await h.call(label, (ctx) => call(ctx, accountId));
        } catch {
          // refused: a right answer
        }
        checked();
        const empty = answer === null || (answer as { records?: unknown[] }).records?.length === 0;
        if (!empty) fail(`${label} answered for another customer's account`);
      }
    }
  });
}
