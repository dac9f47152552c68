/**
 * The product list service (cursor paging, query validation) over an in-memory port, and the
 * demo core's product port with and without persistence to its data file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import { PlatformInvalidRequestError } from '../../src/errors';
import { PagingTokens } from '../../src/api/paging-token';
import type { CallContext, ProductsPort } from '../../src/ports';
import type { ProductSummary } from '@data-holder-gateway/adapter-sdk';
import {
  parseProductQuery,
  PRODUCT_CATEGORIES,
  ProductsService,
} from '../../src/endpoints/platform/products.service';

const SAMPLE_FILE = path.resolve(__dirname, '../../adapters/demo/data/sample.json');
const ctx: CallContext = { signal: new AbortController().signal, requestId: 'test' };

/** A port over a fixed list, in the order given (the service must order it itself). */
function listPort(products: ProductSummary[]): ProductsPort {
  return {
    listProducts: async (filter) =>
      products.filter(
        (p) =>
          (!filter.productCategory || p.product_category === filter.productCategory) &&
          (!filter.changeStatus || p.change_status === filter.changeStatus),
      ),
    createProduct: async () => true,
    updateProduct: async () => true,
    deleteProduct: async () => true,
  };
}

describe('product list paging', () => {
  const paging = new PagingTokens('a-test-secret-of-at-least-32-bytes-long');

  it('when any set of products is walked with any page size and filter, then each matching product comes once, in product_id order', async () => {
    const product = fc.record({
      product_id: fc.string({ minLength: 1, maxLength: 6 }),
      name: fc.constant('n'),
      product_category: fc.constantFrom(...PRODUCT_CATEGORIES.slice(0, 3)),
      change_status: fc.constantFrom('A', 'B'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(product, { selector: (p) => p.product_id, maxLength: 60 }),
        fc.integer({ min: 1, max: 100 }),
        fc.option(fc.constantFrom(...PRODUCT_CATEGORIES.slice(0, 3)), { nil: undefined }),
        fc.option(fc.constantFrom('A', 'B'), { nil: undefined }),
        async (products, pageSize, category, status) => {
          const service = new ProductsService(listPort(products), paging, Date.now);
          const raw: Record<string, string> = { page_size: String(pageSize) };
          if (category) raw.product_category = category;
          if (status) raw.change_status = status;
          const expected = products
            .filter(
              (p) =>
                (!category || p.product_category === category) &&
                (!status || p.change_status === status),
            )
            .map((p) => p.product_id)
            .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          const seen: string[] = [];
          let cursor = '';
          let pages = 0;
          do {
            const page = await service.list(parseProductQuery({ ...raw, cursor }), ctx);
            expect(page.total_pages).toBe(Math.ceil(expected.length / pageSize));
            seen.push(...page.products.map((p) => p.product_id));
            cursor = page.cursor;
            pages += 1;
          } while (cursor !== '' && pages <= 200);
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('when the product after the cursor was deleted, then paging goes on from the next one', async () => {
    const products = ['a', 'b', 'c', 'd', 'e'].map((id) => ({
      product_id: id,
      name: id,
      product_category: 'LEASES' as const,
    }));
    const live = [...products];
    const service = new ProductsService(listPort(live), paging, Date.now);
    const first = await service.list(parseProductQuery({ page_size: '2' }), ctx);
    live.splice(1, 2); // b (the cursor's product) and c go
    const second = await service.list(
      parseProductQuery({ page_size: '2', cursor: first.cursor }),
      ctx,
    );
    expect(second.products.map((p) => p.product_id)).toEqual(['d', 'e']);
    expect(second.cursor).toBe('');
  });

  it.each([
    [{}, { pageSize: 25, filter: {} }],
    [
      { page_size: '100', cursor: '' },
      { pageSize: 100, filter: {} },
    ],
    [
      {
        page_size: '1',
        product_category: 'LEASES',
        change_status: 'X',
        cursor: 'c',
        other: 'ignored',
      },
      { pageSize: 1, filter: { productCategory: 'LEASES', changeStatus: 'X' }, cursor: 'c' },
    ],
  ])('when the query is %j, then it reads as %j', (raw, expected) => {
    expect(parseProductQuery(raw)).toEqual(expected);
  });

  it.each([
    [{ page_size: '-1' }, 'Invalid page_size: an integer from 1 to 100'],
    [{ page_size: '1e2' }, 'Invalid page_size: an integer from 1 to 100'],
    [
      { product_category: 'leases' },
      `Invalid product_category: one of ${PRODUCT_CATEGORIES.join(', ')}`,
    ],
    [{ change_status: 'x'.repeat(257) }, 'Invalid change_status: 1 to 256 characters'],
    [{ cursor: ['a', 'b'] }, 'Invalid cursor: given more than once'],
  ])('when the query is %j, then it is invalid_request %j', (raw, description) => {
    let thrown: unknown;
    try {
      parseProductQuery(raw);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(PlatformInvalidRequestError);
    expect((thrown as Error).message).toBe(description);
  });
});

describe('the demo products port', () => {
  let dir: string;
  let file: string;
  const product: ProductSummary = {
    product_id: 'prod-persisted',
    name: 'Persisted',
    product_category: 'LEASES',
    last_updated: '2026-01-01T00:00:00Z',
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-demo-products-'));
    file = path.join(dir, 'data.json');
    fs.copyFileSync(SAMPLE_FILE, file);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('when persistence is on, then each write is saved to the data file, which stays a valid data set', async () => {
    const port = createDemoAdapter(loadDemoData(file), {
      dataFile: file,
      persistProducts: true,
    }).products!;
    const victim = loadDemoData(file).products![0]!;
    await expect(port.createProduct(product, ctx)).resolves.toBe(true);
    await expect(port.updateProduct({ ...product, name: 'Renamed' }, ctx)).resolves.toBe(true);
    await expect(port.deleteProduct(victim.product_id, ctx)).resolves.toBe(true);
    const saved = loadDemoData(file);
    expect(saved.products).toContainEqual({ ...product, name: 'Renamed' });
    expect(saved.products!.map((p) => p.product_id)).not.toContain(victim.product_id);
    expect(saved.customers).toEqual(loadDemoData(SAMPLE_FILE).customers);
    expect(fs.readdirSync(dir)).toEqual(['data.json']);
    // A fresh adapter over the saved file starts from the written products.
    const reloaded = createDemoAdapter(loadDemoData(file)).products!;
    expect(await reloaded.listProducts({}, ctx)).toContainEqual({ ...product, name: 'Renamed' });
  });

  it('when many writes happen at once, then the file holds every one of them', async () => {
    const port = createDemoAdapter(loadDemoData(file), {
      dataFile: file,
      persistProducts: true,
    }).products!;
    const ids = Array.from({ length: 10 }, (_, i) => `prod-concurrent-${i}`);
    await Promise.all(ids.map((id) => port.createProduct({ ...product, product_id: id }, ctx)));
    const saved = loadDemoData(file).products!.map((p) => p.product_id);
    for (const id of ids) expect(saved).toContain(id);
  });

  it('when persistence is off, then writes live in memory only and the file is untouched', async () => {
    const before = fs.readFileSync(file, 'utf8');
    const port = createDemoAdapter(loadDemoData(file), { dataFile: file }).products!;
    await port.createProduct(product, ctx);
    expect(await port.listProducts({ productCategory: 'LEASES' }, ctx)).toContainEqual(product);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });

  it('when a product exists or is missing, then create, update and delete say so', async () => {
    const port = createDemoAdapter(loadDemoData(file)).products!;
    const existing = loadDemoData(file).products![0]!;
    await expect(port.createProduct(existing, ctx)).resolves.toBe(false);
    await expect(port.updateProduct(product, ctx)).resolves.toBe(false);
    await expect(port.deleteProduct('prod-none', ctx)).resolves.toBe(false);
  });

  it('when a listed product is changed by the caller, then the stored one is not', async () => {
    const port = createDemoAdapter(loadDemoData(file)).products!;
    const [first] = await port.listProducts({}, ctx);
    first!.name = 'mutated';
    expect((await port.listProducts({}, ctx))[0]!.name).not.toBe('mutated');
  });
});
