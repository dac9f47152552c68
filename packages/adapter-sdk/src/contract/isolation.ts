/** Isolation: one customer's records never carry another customer's accounts. */
import { describeTransactionIsolation } from './banking-transactions';
import { fail } from './checks';
import { describeFdxAccountIsolation } from './fdx-accounts';
import type { ContractHarness } from './harness';

export function describeIsolation(h: ContractHarness): void {
  if (h.fixtures.otherCustomerId) {
    const a = h.fixtures.customerId;
    const b = h.fixtures.otherCustomerId;
    describe('isolation between customers', () => {
      for (const [me, other] of [
        [a, b],
        [b, a],
      ] as const) {
        test(`when ${me}'s records are read, then none carries an account id exclusive to ${other}`, async () => {
          const foreign = await h.exclusiveIds(other, me);
          if (foreign.size === 0)
            fail(`${other} has no account of their own: the isolation check needs one`);
          const seen: [string, string][] = [];
          const note = (where: string, ids: readonly string[]) =>
            ids.forEach((id) => foreign.has(id) && seen.push([where, id]));
          note(
            'authorisation list',
            (await h.shareable(me)).map((r) => r.accountId),
          );
          if (h.ports.has('banking')) {
            const ids = await h.bankingIds(me);
            note('banking accounts', ids);
            if (ids.length > 0) {
              const bk = h.port('banking');
              note(
                'balances',
                (await h.call('b', (ctx) => bk.listBalances(me, ids, ctx))).map((x) => x.accountId),
              );
              note(
                'direct debits',
                (await h.call('d', (ctx) => bk.listDirectDebits(me, ids, ctx))).map(
                  (x) => x.accountId,
                ),
              );
              note(
                'scheduled payments',
                (await h.call('s', (ctx) => bk.listScheduledPayments(me, ids, ctx))).map(
                  (x) => x.from.accountId,
                ),
              );
              const plans = await h.call('p', (ctx) => bk.listInstalmentPlans(me, ids, ctx));
              note('instalment plans', [...plans.keys()]);
              note(
                'instalment plans',
                [...plans.values()].flatMap((r) =>
                  r.supported ? r.plans.map((p) => p.accountId) : [],
                ),
              );
            }
          }
          const descriptors = h.optional('fdx', 'listAccountDescriptors');
          if (descriptors)
            note(
              'fdx account descriptors',
              (await h.call('f', (ctx) => descriptors(me, ctx))).map((d) => d.accountId),
            );
          if (h.ports.has('energy')) {
            const ids = await h.energyIds(me);
            note('energy accounts', ids);
            if (ids.length > 0) {
              const inv = await h.call('i', (ctx) =>
                h.port('energy').listInvoices(me, ids, h.energyWindow, ctx),
              );
              note(
                'invoices',
                inv.map((x) => x.accountId),
              );
            }
          }
          expect(seen).toEqual([]);
        });
        if (h.ports.has('banking')) describeTransactionIsolation(h, me, other);
        if (h.ports.has('fdx')) describeFdxAccountIsolation(h, me, other);
      }

      if (h.ports.has('fdx')) {
        test(`when ${a} asks FDX for an account exclusive to ${b}, then the answer is null`, async () => {
          const foreign = [...(await h.exclusiveIds(b, a))].slice(0, 10);
          if (foreign.length === 0)
            fail(`${b} has no account of their own: the isolation check needs one`);
          for (const accountId of foreign) {
            const info = await h.call('fdx.getAccountInfo(foreign)', (ctx) =>
              h.port('fdx').getAccountInfo(a, accountId, ctx),
            );
            if (info !== null)
              fail(
                `fdx.getAccountInfo(${a}, ${accountId}) answered for another customer's account`,
              );
          }
        });
      }
    });
  }
}
