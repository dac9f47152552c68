/**
 * The platform product list (`listProducts`) and its writes (docs/api.md, "Platform endpoints").
 *
 * The list pages with an opaque cursor: a paging token (HMAC, see `src/api/paging-token.ts`)
 * holding the last `product_id` served, bound to the page size and the filters. Products are in
 * `product_id` order, so walking the cursors serves each product exactly once, even while other
 * products are added or removed.
 */
import requests from '../../../contracts/requests.json';
import type { ValidateFunction } from 'ajv';
import { contractsAjv, refOf } from '../../../contracts';
import {
  PlatformConflictError,
  PlatformInvalidRequestError,
  PlatformNotFoundError,
} from '../../errors';
import type { PagingTokens } from '../../api/paging-token';
import type {
  CallContext,
  ProductCategory,
  ProductFilter,
  ProductSummary,
  ProductsPort,
} from '../../ports';

/** Default and largest `page_size`. */
export const PRODUCT_PAGE_SIZE_DEFAULT = 25;
export const PRODUCT_PAGE_SIZE_MAX = 100;
/** Longest accepted `change_status` filter. */
const CHANGE_STATUS_MAX_LENGTH = 256;

/** The twelve product categories, from the request contract (one list for every check). */
export const PRODUCT_CATEGORIES = requests.$defs['product-category']
  .enum as readonly ProductCategory[];

/** A validated product list request. */
export interface ProductListQuery {
  pageSize: number;
  filter: ProductFilter;
  /** The raw cursor, when one was given (and not empty). */
  cursor?: string;
}

/** One page of the product list, as answered. */
export interface ProductPage {
  cursor: string;
  products: ProductSummary[];
  total_pages: number;
}

const bad = (description: string) => new PlatformInvalidRequestError(description);

/** A single-valued query parameter (a repeated one is a bad value). */
function single(raw: Record<string, unknown>, name: string): string | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw bad(`Invalid ${name}: given more than once`);
  return value;
}

/**
 * Validates the list's query: `cursor`, `page_size` (1..100, default 25), `product_category`,
 * `change_status`. Other parameters are ignored. An empty `cursor` means the first page.
 * @throws PlatformInvalidRequestError naming the parameter
 */
export function parseProductQuery(raw: Record<string, unknown>): ProductListQuery {
  const pageSizeText = single(raw, 'page_size');
  let pageSize = PRODUCT_PAGE_SIZE_DEFAULT;
  if (pageSizeText !== undefined) {
    if (!/^[1-9][0-9]{0,2}$/.test(pageSizeText) || Number(pageSizeText) > PRODUCT_PAGE_SIZE_MAX) {
      throw bad(`Invalid page_size: an integer from 1 to ${PRODUCT_PAGE_SIZE_MAX}`);
    }
    pageSize = Number(pageSizeText);
  }
  const filter: ProductFilter = {};
  const category = single(raw, 'product_category');
  if (category !== undefined) {
    if (!(PRODUCT_CATEGORIES as readonly string[]).includes(category)) {
      throw bad(`Invalid product_category: one of ${PRODUCT_CATEGORIES.join(', ')}`);
    }
    filter.productCategory = category as ProductCategory;
  }
  const changeStatus = single(raw, 'change_status');
  if (changeStatus !== undefined) {
    if (changeStatus.length === 0 || changeStatus.length > CHANGE_STATUS_MAX_LENGTH) {
      throw bad(`Invalid change_status: 1 to ${CHANGE_STATUS_MAX_LENGTH} characters`);
    }
    filter.changeStatus = changeStatus;
  }
  const cursor = single(raw, 'cursor');
  return { pageSize, filter, ...(cursor ? { cursor } : {}) };
}

/** What a cursor is bound to: the list, the page size and every filter. */
function cursorScope(query: ProductListQuery): string {
  return JSON.stringify([
    'products',
    query.pageSize,
    query.filter.productCategory ?? null,
    query.filter.changeStatus ?? null,
  ]);
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Where a product write body is wrong, as `Invalid field: <name>`. */
function fieldOf(validate: ValidateFunction): string {
  const e = validate.errors?.[0];
  if (!e) return 'body';
  if (e.keyword === 'required') return String(e.params.missingProperty);
  if (e.keyword === 'additionalProperties') return String(e.params.additionalProperty);
  const field = e.instancePath.replace(/^\//, '').split('/')[0];
  return field || 'body';
}

export class ProductsService {
  private readonly validate: ValidateFunction;

  constructor(
    private readonly port: ProductsPort,
    private readonly paging: PagingTokens,
    /** Clock in milliseconds, for `last_updated`. */
    private readonly now: () => number,
  ) {
    const validate = contractsAjv().getSchema(refOf('product-summary'));
    if (!validate) throw new Error('contract product-summary is missing');
    this.validate = validate;
  }

  /**
   * `listProducts`: one page of the products matching the filters.
   * @throws PlatformInvalidRequestError
   */
  async list(query: ProductListQuery, ctx: CallContext): Promise<ProductPage> {
    const scope = cursorScope(query);
    let after: string | undefined;
    if (query.cursor !== undefined) {
      const position = this.paging.verify(scope, query.cursor) as { after?: unknown } | undefined;
      if (!position || typeof position.after !== 'string') throw bad('Invalid cursor');
      after = position.after;
    }
    const all = [...(await this.port.listProducts(query.filter, ctx))].sort((a, b) =>
      compareIds(a.product_id, b.product_id),
    );
    const start = after === undefined ? 0 : all.findIndex((p) => p.product_id > after);
    const from = start === -1 ? all.length : start;
    const products = all.slice(from, from + query.pageSize);
    const more = from + query.pageSize < all.length;
    return {
      cursor: more ? this.paging.issue(scope, { after: products.at(-1)!.product_id }) : '',
      products,
      total_pages: Math.ceil(all.length / query.pageSize),
    };
  }

  /**
   * A write body checked against the product contract and, for a replacement, its `product_id`
   * against the path's. The checks of the mapped routes, run before a passed-through write too.
   * @throws PlatformInvalidRequestError naming the field
   */
  checkWrite(body: unknown, productId?: string): ProductSummary {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw bad('Invalid field: body');
    }
    if (!this.validate(body)) throw bad(`Invalid field: ${fieldOf(this.validate)}`);
    const product = body as ProductSummary;
    if (productId !== undefined && product.product_id !== productId) {
      throw bad('Invalid field: product_id (must equal the product_id of the path)');
    }
    return product;
  }

  /** A checked write body, with `last_updated` set when absent. */
  private product(body: unknown, productId?: string): ProductSummary {
    const product = this.checkWrite(body, productId);
    return {
      ...product,
      last_updated:
        product.last_updated ?? new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
  }

  /** Creates a product. @throws PlatformInvalidRequestError, PlatformConflictError (409) */
  async create(body: unknown, ctx: CallContext): Promise<ProductSummary> {
    const product = this.product(body);
    if (!(await this.port.createProduct(product, ctx))) {
      throw new PlatformConflictError('A product with this product_id exists already');
    }
    return product;
  }

  /** Replaces a product. @throws PlatformInvalidRequestError, PlatformNotFoundError (404) */
  async update(productId: string, body: unknown, ctx: CallContext): Promise<ProductSummary> {
    const product = this.product(body, productId);
    if (!(await this.port.updateProduct(product, ctx))) throw notFound();
    return product;
  }

  /** Deletes a product. @throws PlatformNotFoundError (404) */
  async remove(productId: string, ctx: CallContext): Promise<void> {
    if (!(await this.port.deleteProduct(productId, ctx))) throw notFound();
  }
}

const notFound = () => new PlatformNotFoundError('Product not found');
