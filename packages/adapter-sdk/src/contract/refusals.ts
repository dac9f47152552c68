/**
 * Refusals to share (docs/adapters.md, "Refusing to share"): every `sharingRefusal` an adapter
 * returns is one of the reasons, and the same on every record of one account (the authorisation
 * list, its industry's account list, its FDX info and descriptor); the refusals the fixtures name are there; a
 * customer the fixtures flag for harm is refused with `SharingRefusedError('harm')` by every
 * customer-scoped list.
 */
import { SHARING_REFUSAL_REASONS, SharingRefusedError, type SharingRefusalReason } from '../errors';
import type { CallContext } from '../ports';
import { describeThrown, fail } from './checks';
import type { ContractHarness } from './harness';
import type { RefusedAccountFixture } from './options';

/** Every account of the customer with the `sharingRefusal` each of its records carries. */
async function refusalsByRecord(
  h: ContractHarness,
  customerId: string,
): Promise<Map<string, Map<string, unknown>>> {
  const seen = new Map<string, Map<string, unknown>>();
  const note = (where: string, records: readonly { accountId: string }[]) => {
    for (const r of records) {
      let of = seen.get(r.accountId);
      if (!of) seen.set(r.accountId, (of = new Map()));
      of.set(where, (r as { sharingRefusal?: unknown }).sharingRefusal);
    }
  };
  note('authorisation list', await h.shareable(customerId));
  note('banking.listAccounts', await h.bankingAccounts(customerId));
  note('energy.listAccounts', await h.energyAccounts(customerId));
  for (const port of ['banking', 'energy'] as const) {
    const refs = h.ports.has(port) ? h.port(port).listAccountRefs?.bind(h.port(port)) : undefined;
    if (refs)
      note(
        `${port}.listAccountRefs`,
        await h.call(`${port}.listAccountRefs(${customerId})`, (ctx) => refs(customerId, ctx)),
      );
  }
  const descriptors = h.optional('fdx', 'listAccountDescriptors');
  if (descriptors)
    note(
      'fdx.listAccountDescriptors',
      await h.call(`fdx.listAccountDescriptors(${customerId})`, (ctx) =>
        descriptors(customerId, ctx),
      ),
    );
  if (h.ports.has('fdx')) {
    for (const accountId of [...seen.keys()]) {
      const info = await h.call(`fdx.getAccountInfo(${accountId})`, (ctx) =>
        h.port('fdx').getAccountInfo(customerId, accountId, ctx),
      );
      if (info) note('fdx.getAccountInfo', [{ ...info, accountId }]);
    }
  }
  return seen;
}

/** An invoice window for the calls that take one: the refusal does not depend on it. */
const ANY_WINDOW = { oldest: '2000-01-01', newest: '2099-12-31' };

/** The customer-scoped list calls a harm-flagged customer must be refused on. */
function customerCalls(
  h: ContractHarness,
  customerId: string,
): [string, (ctx: CallContext) => Promise<unknown>][] {
  const calls: [string, (ctx: CallContext) => Promise<unknown>][] = [
    [
      'authorisation.listShareableAccounts',
      (ctx) => h.port('authorisation').listShareableAccounts(customerId, ctx),
    ],
    ['customer.getCustomerDetail', (ctx) => h.port('customer').getCustomerDetail(customerId, ctx)],
  ];
  if (h.ports.has('banking')) {
    calls.push(['banking.listAccounts', (ctx) => h.port('banking').listAccounts(customerId, ctx)]);
    calls.push(['banking.listPayees', (ctx) => h.port('banking').listPayees(customerId, ctx)]);
  }
  if (h.ports.has('energy'))
    calls.push(['energy.listAccounts', (ctx) => h.port('energy').listAccounts(customerId, ctx)]);
  for (const port of ['banking', 'energy'] as const) {
    const refs = h.ports.has(port) ? h.port(port).listAccountRefs?.bind(h.port(port)) : undefined;
    if (refs) calls.push([`${port}.listAccountRefs`, (ctx) => refs(customerId, ctx)]);
  }
  const energy = h.ports.has('energy') ? h.port('energy') : undefined;
  const invoiceRefs = energy?.listAccountRefsForInvoices?.bind(energy);
  if (invoiceRefs)
    calls.push([
      'energy.listAccountRefsForInvoices',
      (ctx) => invoiceRefs(customerId, ANY_WINDOW, ctx),
    ]);
  const descriptors = h.optional('fdx', 'listAccountDescriptors');
  if (descriptors)
    calls.push(['fdx.listAccountDescriptors', (ctx) => descriptors(customerId, ctx)]);
  return calls;
}

function describeFixtureAccount(h: ContractHarness, fixture: RefusedAccountFixture): void {
  const { customerId, accountId, reason } = fixture;
  test(`when ${customerId}'s accounts are read, then ${accountId} carries sharingRefusal ${reason} on every record`, async () => {
    const checked = h.tally('refusals(fixture accounts)');
    const records = (await refusalsByRecord(h, customerId)).get(accountId);
    if (!records) fail(`${accountId} is not among ${customerId}'s accounts`);
    for (const [where, value] of records)
      if (value !== reason) fail(`${where}: ${accountId} has sharingRefusal ${String(value)}`);
    if (!records.has('authorisation list')) fail(`${accountId} is not in the authorisation list`);
    checked(records.size);
  });
}

/** Declares the refusal checks. */
export function describeRefusals(h: ContractHarness): void {
  const { fixtures } = h;
  const customers = [fixtures.customerId, fixtures.otherCustomerId, fixtures.emptyCustomerId]
    .concat((fixtures.refusals?.accounts ?? []).map((a) => a.customerId))
    .filter((c, i, all): c is string => c !== undefined && all.indexOf(c) === i);
  describe('refusals to share', () => {
    for (const customerId of customers) {
      test(`when ${customerId}'s accounts carry sharingRefusal, then it is one of ${SHARING_REFUSAL_REASONS.join(', ')} and the same on every record of an account`, async () => {
        const checked = h.tally('refusals(reasons)');
        for (const [accountId, records] of await refusalsByRecord(h, customerId)) {
          const values = new Set(records.values());
          for (const value of values) {
            if (
              value !== undefined &&
              !SHARING_REFUSAL_REASONS.includes(value as SharingRefusalReason)
            )
              fail(`${accountId}: sharingRefusal ${JSON.stringify(value)} is not a reason`);
          }
          if (values.size > 1)
            fail(
              `${accountId}: sharingRefusal differs between records (${[...records].map(([w, v]) => `${w}: ${String(v)}`).join(', ')})`,
            );
          // What counts: the records that carry a refusal, each checked against its account's.
          checked([...records.values()].filter((v) => v !== undefined).length);
        }
      });
    }
    for (const fixture of fixtures.refusals?.accounts ?? []) describeFixtureAccount(h, fixture);
    const harmed = fixtures.refusals?.harmCustomerId;
    if (harmed) {
      test(`when the data of ${harmed} (flagged for harm) is read, then every customer-scoped list rejects with SharingRefusedError('harm')`, async () => {
        const checked = h.tally('refusals(harm)');
        for (const [label, fn] of customerCalls(h, harmed)) {
          let thrown: unknown;
          try {
            await h.call(`${label}(${harmed})`, fn, { cacheable: false });
          } catch (err) {
            thrown = err;
          }
          if (thrown === undefined) fail(`${label} resolved for a customer flagged for harm`);
          if (
            !(thrown instanceof SharingRefusedError) ||
            (thrown as SharingRefusedError).reason !== 'harm'
          )
            fail(`${label} threw ${describeThrown(thrown)}; expected SharingRefusedError('harm')`);
          checked();
        }
      });
    }
  });
}
