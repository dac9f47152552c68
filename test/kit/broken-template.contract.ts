/**
 * The template adapter, broken in its optional methods (transactions, FDX accounts), under the
 * contract suite: run only by `adapter-contract-fails.test.ts` (in a child jest, with
 * `broken-adapter.contract.ts`) to prove each check of those methods catches its defect. Each
 * defect shows only in the calls of the check meant for it (the suite's queries are known), so
 * that every other check still passes. Not collected by `npm test` on its own.
 */
import type {
  BankingPort,
  BankingTransaction,
  BankingTransactionQuery,
  CallContext,
  CoreAdapter,
  FdxPort,
} from '@data-holder-gateway/adapter-sdk';
import {
  describeAdapterContract,
  type AdapterContractFixtures,
} from '@data-holder-gateway/adapter-sdk/contract';
import { adapterModule } from '../../adapters/template';
import templateContract from '../../adapters/template/fixtures/contract-fixtures.json';
import {
  startTemplateCore,
  TEMPLATE_CORE_API_KEY,
} from '../../adapters/template/test/template-core';
import { adapterConfigFrom } from '../../src/config/adapter-config';
import { silentLog } from './load-adapter';

const effective = (t: BankingTransaction) =>
  Date.parse(t.postingDateTime ?? t.executionDateTime ?? '');

/** Ties (same effective time) by transactionId descending: the wrong way round. */
/** The two newest transactions of different times swapped: the list is no longer newest first. */
function swapNewest(records: BankingTransaction[]): BankingTransaction[] {
  const second = records.findIndex((t) => effective(t) !== effective(records[0]!));
  if (second < 0) return records;
  const out = [...records];
  [out[0], out[second]] = [out[second]!, out[0]!];
  return out;
}

/** The suite's first read of the whole list: the default window, one page of 1000, no filter. */
const wholeList = (q: BankingTransactionQuery) =>
  q.offset === 0 && q.limit === 1000 && q.newest.startsWith('2099') && !q.minAmount && !q.text;

function brokenTransactions(inner: BankingPort): BankingPort['listTransactions'] {
  const list = inner.listTransactions!.bind(inner);
  return async (customerId, accountId, query, ctx) => {
    // Defect 8: another customer's account answers for this customer.
    const owner = customerId === '1001' && accountId === 'a-1002-01' ? '1002' : customerId;
    if (query.text !== undefined) return caseSensitive(list, owner, accountId, query, ctx);
    // Defect 5: maxAmount is not passed on.
    const { maxAmount: _dropped, ...withoutMax } = query;
    const page = await list(owner, accountId, withoutMax, ctx);
    let { records, total } = page;
    if (!query.newest.startsWith('2099')) {
      // Defect 4: the newest end of a narrower window is left out.
      const kept = records.filter((t) => effective(t) !== Date.parse(query.newest));
      total -= records.length - kept.length;
      records = kept;
    }
    // Defect 1: the whole list not newest first.
    if (wholeList(query)) records = swapNewest(records);
    // Defect 2: pages after the first count only what follows them.
    if (query.offset > 0) total -= query.offset;
    // Defect 3: textIgnored without text, on a page of 2.
    return { records, total, ...(query.limit === 2 ? { textIgnored: true } : {}) };
  };
}

/** Defect 6: text compared case-sensitively. */
async function caseSensitive(
  list: NonNullable<BankingPort['listTransactions']>,
  customerId: string,
  accountId: string,
  query: BankingTransactionQuery,
  ctx: CallContext,
) {
  const { text, ...rest } = query;
  const all = await list(customerId, accountId, { ...rest, offset: 0, limit: 1000 }, ctx);
  const found = all.records.filter(
    (t) => t.description.includes(text!) || t.reference.includes(text!),
  );
  return {
    records: found.slice(query.offset, query.offset + query.limit),
    total: found.length,
  };
}

function brokenBanking(inner: BankingPort): BankingPort {
  return {
    ...inner,
    listTransactions: brokenTransactions(inner),
    // Defect 7: the detail drops its extended data, though the list says there is some.
    async getTransaction(customerId, accountId, transactionId, ctx) {
      const detail = await inner.getTransaction!(customerId, accountId, transactionId, ctx);
      return detail && { ...detail, extendedData: {} };
    },
  };
}

/** Two networks, paged with a position key that never moves on. */
const NETWORKS = [
  { bankId: '021000021', identifier: '1001', type: 'US_ACH', transferIn: true, transferOut: true },
  { bankId: '021000021', identifier: '1001', type: 'US_RTP', transferIn: true, transferOut: false },
] as const;

function brokenFdx(inner: FdxPort): FdxPort {
  return {
    ...inner,
    // Defect 9: every descriptor OPEN; a blocked account's refusal left out.
    async listAccountDescriptors(customerId, ctx) {
      return (await inner.listAccountDescriptors!(customerId, ctx)).map((d) => {
        const { sharingRefusal, ...rest } = d;
        const refusal = sharingRefusal && sharingRefusal !== 'blocked' ? { sharingRefusal } : {};
        return { ...rest, status: 'OPEN' as const, ...refusal };
      });
    },
    // Defect 10: a closed account's detail says OPEN; an unknown customer gets null.
    async getAccountDetail(customerId, accountId, ctx) {
      if (customerId === '9999') return null;
      const detail = await inner.getAccountDetail!(customerId, accountId, ctx);
      return detail && { ...detail, status: 'OPEN' };
    },
    // Defect 11: an account that is not the customer's answers with the first of theirs.
    async getAccountContact(customerId, accountId, ctx) {
      const found = await inner.getAccountContact!(customerId, accountId, ctx);
      return found ?? inner.getAccountContact!(customerId, 'a-1001-01', ctx);
    },
    // Defect 12: the position key of a page is its own first record's: the walk repeats.
    async listPaymentNetworks(customerId, accountId, page, ctx) {
      await inner.listPaymentNetworks!(customerId, accountId, page, ctx);
      const start = page.after === undefined ? 0 : Number(page.after);
      const records = NETWORKS.slice(start, start + page.limit).map((n) => ({ ...n }));
      return start + page.limit < NETWORKS.length ? { records, next: String(start) } : { records };
    },
  };
}

function broken(inner: CoreAdapter): CoreAdapter {
  return { ...inner, banking: brokenBanking(inner.banking!), fdx: brokenFdx(inner.fdx!) };
}

describeAdapterContract({
  name: 'broken template',
  ports: ['banking', 'fdx'],
  fixtures: templateContract.fixtures as AdapterContractFixtures,
  setup: async () => {
    const core = await startTemplateCore();
    const { config } = adapterConfigFrom('template', adapterModule.configSchema, {
      TEMPLATE_BASE_URL: core.url,
      TEMPLATE_API_KEY: TEMPLATE_CORE_API_KEY,
    });
    const adapter = broken(await adapterModule.create({ config, log: silentLog }));
    return { adapter, teardown: () => core.close() };
  },
});
