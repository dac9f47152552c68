/** Products, cancellation and shutdown (last: it closes the adapter). */
import type { CallContext } from '../ports';
import { assertContract, fail, assertUnique } from './checks';
import type { ContractHarness } from './harness';

export function describeLifecycle(h: ContractHarness): void {
  if (h.ports.has('products')) {
    describe('products', () => {
      test('when products are listed, then they validate, have unique ids, come by product_id, and a category filter narrows them', async () => {
        const products = await h.call('products.listProducts', (ctx) =>
          h.port('products').listProducts({}, ctx),
        );
        products.forEach((p, i) =>
          assertContract('product-summary', p, `products.listProducts[${i}]`),
        );
        const ids = products.map((p) => p.product_id);
        assertUnique(ids, 'product_ids');
        expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
        const category = products[0]?.product_category;
        if (category) {
          const some = await h.call('products.listProducts(category)', (ctx) =>
            h.port('products').listProducts({ productCategory: category }, ctx),
          );
          expect(some).toEqual(products.filter((p) => p.product_category === category));
        }
      });
    });
  }

  // ---------------------------------------------------------------- cancellation
  if (h.fixtures.abortsOnSignal) {
    describe('cancellation', () => {
      const cases: [string, (ctx: CallContext) => Promise<unknown>][] = [
        [
          'customer.getCustomerDetail',
          (ctx) => h.port('customer').getCustomerDetail(h.fixtures.customerId, ctx),
        ],
        [
          'authorisation.listShareableAccounts',
          (ctx) => h.port('authorisation').listShareableAccounts(h.fixtures.customerId, ctx),
        ],
      ];
      if (h.ports.has('banking'))
        cases.push([
          'banking.listAccounts',
          (ctx) => h.port('banking').listAccounts(h.fixtures.customerId, ctx),
        ]);
      if (h.ports.has('fdx') && h.fixtures.fdx) {
        const accountId = h.fixtures.fdx.accountId;
        cases.push([
          'fdx.listTransactions',
          (ctx) =>
            h.port('fdx').listTransactions(h.fixtures.customerId, accountId, {}, { limit: 5 }, ctx),
        ]);
      }
      test.each(cases)(
        'when the call signal is already aborted, then %s rejects',
        async (label, fn) => {
          let resolved = false;
          try {
            await h.call(label, fn, { aborted: true, cacheable: false });
            resolved = true;
          } catch (err) {
            if (err instanceof Error && err.message.includes('did not settle'))
              fail(`${label} ignored the aborted signal and hung`);
          }
          if (resolved)
            fail(
              `${label} resolved although its signal was aborted: pass ctx.signal to every request`,
            );
        },
      );
    });
  }

  // ---------------------------------------------------------------- shutdown (last)
  describe('shutdown', () => {
    test('when the gateway shuts down, then close() resolves', async () => {
      const a = h.adapter();
      h.closed = true;
      if (a.close) await expect(a.close()).resolves.toBeUndefined();
      if (a.isReady) expect(typeof a.isReady()).toBe('boolean');
    });
  });
}
