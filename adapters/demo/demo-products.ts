/**
 * The demo core's product records (the platform product list and its writes). They live in memory,
 * starting from the data set's `products`; with `persistFile` every write also rewrites the data
 * file (atomically, with write-file-atomic), so changes survive a restart.
 */
import writeFileAtomic from 'write-file-atomic';
import type { ProductFilter, ProductsPort, ProductSummary } from '@data-holder-gateway/adapter-sdk';
import type { DemoStore } from './demo-store';

export interface DemoProductsOptions {
  /** The data file to save the products into after each write; absent: memory only. */
  persistFile?: string;
}

const byId = (a: ProductSummary, b: ProductSummary) =>
  a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0;

export function demoProductsPort(
  store: DemoStore,
  options: DemoProductsOptions = {},
): ProductsPort {
  const products = new Map<string, ProductSummary>(
    (store.data.products ?? []).map((p) => [p.product_id, structuredClone(p)]),
  );
  let saving: Promise<unknown> = Promise.resolve();

  /** Saves the products after every earlier save; a failed save fails the write that made it. */
  const persist = (): Promise<void> => {
    const file = options.persistFile;
    if (!file) return Promise.resolve();
    const content = `${JSON.stringify(
      { ...store.data, products: [...products.values()].sort(byId) },
      null,
      2,
    )}\n`;
    const run = saving.then(() => writeFileAtomic(file, content));
    saving = run.catch(() => undefined);
    return run;
  };

  return {
    async listProducts(filter: ProductFilter) {
      return [...products.values()]
        .filter(
          (p) =>
            (filter.productCategory === undefined ||
              p.product_category === filter.productCategory) &&
            (filter.changeStatus === undefined || p.change_status === filter.changeStatus),
        )
        .sort(byId)
        .map((p) => structuredClone(p));
    },
    async createProduct(product) {
      if (products.has(product.product_id)) return false;
      products.set(product.product_id, structuredClone(product));
      await persist();
      return true;
    },
    async updateProduct(product) {
      if (!products.has(product.product_id)) return false;
      products.set(product.product_id, structuredClone(product));
      await persist();
      return true;
    },
    async deleteProduct(productId) {
      if (!products.delete(productId)) return false;
      await persist();
      return true;
    },
  };
}
