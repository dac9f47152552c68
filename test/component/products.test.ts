/**
 * The platform product list and its writes through the real app (docs/api.md, Platform endpoints): scopes,
 * cursor paging over the demo core's products, bad parameters, tampered cursors, and writes
 * validated against the product contract. Every success body is checked against the route's
 * response contract.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadDemoData } from '../../adapters/demo';
import type { ProductSummary } from '@data-holder-gateway/adapter-sdk';
import { contractErrors } from '../helpers/contracts';
import { startGateway, type TestGateway, type TestResponse } from '../helpers/gateway';
import {
  bearer,
  BOTH,
  platformDir,
  type PlatformDir,
  READ,
  tokenFor,
  WRITE,
} from './platform-helpers';

const PRODUCTS = '/v1/data-provider/cdr/products';
const SAMPLE = loadDemoData(path.resolve(__dirname, '../../adapters/demo/data/sample.json'));
const byId = (a: ProductSummary, b: ProductSummary) =>
  a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0;

const NEW_PRODUCT: ProductSummary = {
  product_id: 'prod-test-new-saver',
  name: 'Test New Saver',
  product_category: 'TRANS_AND_SAVINGS_ACCOUNTS',
  last_updated: '2026-01-15T09:00:00Z',
  change_status: 'ScheduledChangeStatusNeedsReview',
};

describe('platform products', () => {
  let gw: TestGateway;
  let dir: PlatformDir;
  const tokens: Record<'both' | 'read' | 'write', string> = { both: '', read: '', write: '' };
  const clock = Date.UTC(2026, 1, 2, 10, 30, 0);

  beforeAll(async () => {
    dir = platformDir();
    gw = await startGateway(
      { ...dir.env, RATE_LIMIT_PRODUCTS_PER_CLIENT: 100000 },
      { now: () => clock },
    );
    for (const [name, scopes] of [
      ['both', BOTH],
      ['read', [READ]],
      ['write', [WRITE]],
    ] as const) {
      const { secret } = await dir.registry.create(`client-${name}`, scopes);
      tokens[name] = await tokenFor(gw, `client-${name}`, secret);
    }
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  const route = (operationId: string) =>
    gw.gateway.routes.find((r) => r.operationId === operationId)!;
  const expectContract = (operationId: string, res: TestResponse) =>
    expect(contractErrors(route(operationId).response, res.body)).toEqual([]);
  const list = (query: string, token = tokens.read) =>
    gw.get(`${PRODUCTS}${query ? `?${query}` : ''}`, { headers: bearer(token) });
  const expectError = (res: TestResponse, status: number, error: string, description: string) =>
    expect({ status: res.status, body: res.body }).toEqual({
      status,
      body: { error, error_description: description },
    });

  /** Follows the cursors from the first page; checks each page's size and total_pages. */
  async function walk(params: Record<string, string>, pageSize: number) {
    const seen: ProductSummary[] = [];
    let cursor = '';
    let pages = 0;
    let totalPages = -1;
    do {
      const query = new URLSearchParams({ ...params, page_size: String(pageSize) });
      if (cursor) query.set('cursor', cursor);
      const res = await list(query.toString());
      expect(res.status).toBe(200);
      expectContract('listProducts', res);
      if (totalPages === -1) totalPages = res.body.total_pages;
      expect(res.body.total_pages).toBe(totalPages);
      pages += 1;
      expect(res.body.products.length).toBeLessThanOrEqual(pageSize);
      seen.push(...res.body.products);
      cursor = res.body.cursor;
      expect(pages).toBeLessThanOrEqual(200);
    } while (cursor !== '');
    return { seen, pages, totalPages };
  }

  it('when the OpenAPI document is fetched, then it describes the token and product endpoints', async () => {
    const doc = (await gw.get('/openapi.json', { headers: { authorization: '' } })).body;
    const token = doc.paths['/v1/token'].post;
    expect(Object.keys(token.requestBody.content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    const ref: string = token.responses['200'].content['application/json'].schema.$ref;
    const tokenSchema = ref
      .slice(2)
      .split('/')
      .reduce((node, part) => node[part], doc);
    expect(tokenSchema.required).toEqual(['token', 'expires_in']);
    expect(Object.keys(token.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '415', '429', '503']),
    );
    const listOp = doc.paths[PRODUCTS].get;
    expect(listOp.security).toEqual([{ platformToken: [READ] }]);
    expect(listOp.parameters.map((p: { name: string }) => p.name)).toEqual([
      'cursor',
      'page_size',
      'product_category',
      'change_status',
    ]);
    expect(Object.keys(listOp.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '429']),
    );
    expect(doc.paths[PRODUCTS].post.security).toEqual([{ platformToken: [WRITE] }]);
    expect(doc.paths[PRODUCTS].post.responses).toHaveProperty('201');
    expect(doc.paths[PRODUCTS].post.responses).toHaveProperty('409');
    const item = doc.paths[`${PRODUCTS}/{product_id}`];
    expect(item.put.responses).toHaveProperty('404');
    expect(item.delete.responses).toHaveProperty('204');
    expect(item.delete.responses['204'].content).toBeUndefined();
  });

  describe('list', () => {
    const all = [...(SAMPLE.products ?? [])].sort(byId);
    const filters: [string, Record<string, string>, (p: ProductSummary) => boolean][] = [
      ['no filter', {}, () => true],
      [
        'product_category=TERM_DEPOSITS',
        { product_category: 'TERM_DEPOSITS' },
        (p) => p.product_category === 'TERM_DEPOSITS',
      ],
      [
        'change_status=ScheduledChangeStatusNeedsReview',
        { change_status: 'ScheduledChangeStatusNeedsReview' },
        (p) => p.change_status === 'ScheduledChangeStatusNeedsReview',
      ],
      [
        'both filters',
        {
          product_category: 'CRED_AND_CHRG_CARDS',
          change_status: 'ScheduledChangeStatusScheduled',
        },
        (p) =>
          p.product_category === 'CRED_AND_CHRG_CARDS' &&
          p.change_status === 'ScheduledChangeStatusScheduled',
      ],
    ];

    it('when the sample is loaded, then it has enough products for several pages of each filter', () => {
      expect(all.length).toBeGreaterThan(25);
      for (const [, , keep] of filters.slice(1)) expect(all.filter(keep).length).toBeGreaterThan(1);
    });

    for (const [name, params, keep] of filters) {
      it.each([1, 2, 7, 25, 100])(
        `when every page is walked with ${name} and page_size %i, then each matching product comes exactly once, in product_id order`,
        async (pageSize) => {
          const expected = all.filter(keep);
          const { seen, pages, totalPages } = await walk(params, pageSize);
          expect(seen).toEqual(expected);
          expect(totalPages).toBe(Math.ceil(expected.length / pageSize));
          expect(pages).toBe(Math.max(1, totalPages));
        },
      );
    }

    it('when page_size is absent, then pages hold 25 products', async () => {
      const res = await list('');
      expect(res.status).toBe(200);
      expect(res.body.products).toHaveLength(25);
      expect(res.body.total_pages).toBe(Math.ceil(all.length / 25));
      expect(res.body.cursor).not.toBe('');
    });

    it('when no product matches, then it is an empty page with total_pages 0 and no cursor', async () => {
      const res = await list('change_status=NoSuchStatus');
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: { cursor: '', products: [], total_pages: 0 },
      });
    });

    it('when the cursor parameter is empty, then it is the first page', async () => {
      const [a, b] = await Promise.all([list('page_size=3&cursor='), list('page_size=3')]);
      expect(a.body.products).toEqual(b.body.products);
    });

    it('when a cursor is altered in any character, then it is 400 Invalid cursor', async () => {
      const { cursor } = (await list('page_size=5')).body as { cursor: string };
      for (const i of [0, Math.floor(cursor.length / 2), cursor.length - 1]) {
        const c = cursor[i] === 'A' ? 'B' : 'A';
        const tampered = `${cursor.slice(0, i)}${c}${cursor.slice(i + 1)}`;
        expectError(
          await list(`page_size=5&cursor=${encodeURIComponent(tampered)}`),
          400,
          'invalid_request',
          'Invalid cursor',
        );
      }
    });

    it('when a cursor is used with another page_size or filter, then it is 400 Invalid cursor', async () => {
      const { cursor } = (await list('page_size=5')).body as { cursor: string };
      for (const query of [
        'page_size=6',
        'page_size=5&product_category=TERM_DEPOSITS',
        'page_size=5&change_status=ScheduledChangeStatusNeedsReview',
      ]) {
        expectError(
          await list(`${query}&cursor=${encodeURIComponent(cursor)}`),
          400,
          'invalid_request',
          'Invalid cursor',
        );
      }
    });

    it('when a cursor is made up, then it is 400 Invalid cursor', async () => {
      const forged = Buffer.from(JSON.stringify({ after: 'prod-a' })).toString('base64url');
      expectError(
        await list(`cursor=${forged}.${'A'.repeat(43)}`),
        400,
        'invalid_request',
        'Invalid cursor',
      );
    });

    it.each([
      ['page_size=0', 'Invalid page_size: an integer from 1 to 100'],
      ['page_size=101', 'Invalid page_size: an integer from 1 to 100'],
      ['page_size=ten', 'Invalid page_size: an integer from 1 to 100'],
      ['page_size=05', 'Invalid page_size: an integer from 1 to 100'],
      ['page_size=5&page_size=6', 'Invalid page_size: given more than once'],
      [
        'product_category=SAVINGS',
        'Invalid product_category: one of BUSINESS_LOANS, CRED_AND_CHRG_CARDS, LEASES, MARGIN_LOANS, OVERDRAFTS, PERS_LOANS, REGULATED_TRUST_ACCOUNTS, RESIDENTIAL_MORTGAGES, TERM_DEPOSITS, TRADE_FINANCE, TRANS_AND_SAVINGS_ACCOUNTS, TRAVEL_CARDS',
      ],
      ['change_status=', 'Invalid change_status: 1 to 256 characters'],
    ])('when the query is %s, then it is 400 invalid_request', async (query, description) => {
      expectError(await list(query), 400, 'invalid_request', description);
    });

    it('when the token has only the write scope, then listing is 403 insufficient_scope', async () => {
      const res = await list('', tokens.write);
      expectError(
        res,
        403,
        'insufficient_scope',
        'The token lacks the scope api:provider.products.read',
      );
      expect(res.headers.get('www-authenticate')).toBe(
        'Bearer error="insufficient_scope", scope="api:provider.products.read"',
      );
    });
  });

  describe('writes', () => {
    const write = (method: string, target: string, body: unknown, token = tokens.write) =>
      gw.request(method, target, { headers: bearer(token), body });

    it('when a product is created, then it is 201 with the product and then listed', async () => {
      const res = await write('POST', PRODUCTS, NEW_PRODUCT);
      expect({ status: res.status, body: res.body }).toEqual({ status: 201, body: NEW_PRODUCT });
      expectContract('createProduct', res);
      const listed = await list('product_category=TRANS_AND_SAVINGS_ACCOUNTS&page_size=100');
      expect(listed.body.products).toContainEqual(NEW_PRODUCT);
    });

    it('when a product is created without last_updated, then it is set to the current time', async () => {
      const { last_updated: _omit, ...body } = { ...NEW_PRODUCT, product_id: 'prod-test-dated' };
      const res = await write('POST', PRODUCTS, body);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ ...body, last_updated: '2026-02-02T10:30:00Z' });
    });

    it('when a product id exists already, then creating it is 409 conflict', async () => {
      const existing = SAMPLE.products![0]!;
      expectError(
        await write('POST', PRODUCTS, existing),
        409,
        'conflict',
        'A product with this product_id exists already',
      );
    });

    it.each<[string, unknown, string]>([
      [
        'a required field is missing',
        { product_id: 'p-1', name: 'x' },
        'Invalid field: product_category',
      ],
      [
        'the category is unknown',
        { product_id: 'p-1', name: 'x', product_category: 'SAVINGS' },
        'Invalid field: product_category',
      ],
      [
        'a field is not in the contract',
        { product_id: 'p-1', name: 'x', product_category: 'LEASES', price: '1.00' },
        'Invalid field: price',
      ],
      [
        'last_updated is not a date-time',
        { product_id: 'p-1', name: 'x', product_category: 'LEASES', last_updated: 'yesterday' },
        'Invalid field: last_updated',
      ],
      [
        'product_id is empty',
        { product_id: '', name: 'x', product_category: 'LEASES' },
        'Invalid field: product_id',
      ],
      ['the body is an array', [], 'Invalid field: body'],
    ])('when %s, then creating is 400 naming the field', async (_case, body, description) => {
      expectError(await write('POST', PRODUCTS, body), 400, 'invalid_request', description);
    });

    it('when the token has only the read scope, then every write is 403 insufficient_scope', async () => {
      const target = `${PRODUCTS}/${SAMPLE.products![0]!.product_id}`;
      for (const [method, url, body] of [
        ['POST', PRODUCTS, NEW_PRODUCT],
        ['PUT', target, SAMPLE.products![0]],
        ['DELETE', target, undefined],
      ] as const) {
        expectError(
          await write(method, url, body, tokens.read),
          403,
          'insufficient_scope',
          'The token lacks the scope api:provider.products.write',
        );
      }
      const still = await list('page_size=100');
      expect(still.body.products).toContainEqual(SAMPLE.products![0]);
    });

    it('when a product is replaced, then it is 200 with the product and the list shows it', async () => {
      const original = [...SAMPLE.products!].sort(byId)[3]!;
      const changed = { ...original, name: `${original.name} (renamed)` };
      const res = await write('PUT', `${PRODUCTS}/${original.product_id}`, changed);
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: changed });
      expectContract('updateProduct', res);
      const listed = await list('page_size=100');
      expect(listed.body.products).toContainEqual(changed);
      expect(listed.body.products).not.toContainEqual(original);
    });

    it('when the body product_id differs from the path, then replacing is 400', async () => {
      const original = SAMPLE.products![1]!;
      expectError(
        await write('PUT', `${PRODUCTS}/${original.product_id}`, {
          ...original,
          product_id: 'other',
        }),
        400,
        'invalid_request',
        'Invalid field: product_id (must equal the product_id of the path)',
      );
    });

    it('when the product does not exist, then replacing and deleting are 404 not_found', async () => {
      const ghost = { ...NEW_PRODUCT, product_id: 'prod-ghost' };
      expectError(
        await write('PUT', `${PRODUCTS}/prod-ghost`, ghost),
        404,
        'not_found',
        'Product not found',
      );
      expectError(
        await write('DELETE', `${PRODUCTS}/prod-ghost`, undefined),
        404,
        'not_found',
        'Product not found',
      );
    });

    it('when a product is deleted, then it is 204 without a body and no longer listed', async () => {
      const victim = [...SAMPLE.products!].sort(byId)[5]!;
      const res = await write('DELETE', `${PRODUCTS}/${victim.product_id}`, undefined);
      expect({ status: res.status, text: res.text }).toEqual({ status: 204, text: '' });
      const listed = await list('page_size=100');
      expect(listed.body.products.map((p: ProductSummary) => p.product_id)).not.toContain(
        victim.product_id,
      );
    });

    it('when a product is written with a token holding both scopes, then it also reads', async () => {
      const product = { ...NEW_PRODUCT, product_id: 'prod-test-both' };
      expect((await write('POST', PRODUCTS, product, tokens.both)).status).toBe(201);
      expect((await list('page_size=100', tokens.both)).body.products).toContainEqual(product);
    });

    it('when products are added while a client pages, then pages already served are not repeated', async () => {
      const first = await list('page_size=10');
      await write('POST', PRODUCTS, { ...NEW_PRODUCT, product_id: 'prod-aaa-early' });
      await write('POST', PRODUCTS, { ...NEW_PRODUCT, product_id: 'prod-zzz-late' });
      const rest: ProductSummary[] = [];
      let cursor = first.body.cursor as string;
      while (cursor) {
        const res = await list(`page_size=10&cursor=${encodeURIComponent(cursor)}`);
        rest.push(...res.body.products);
        cursor = res.body.cursor;
      }
      const ids = [...first.body.products, ...rest].map((p: ProductSummary) => p.product_id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toContain('prod-zzz-late');
      expect(ids).not.toContain('prod-aaa-early');
    });
  });
});

describe('product writes with DEMO_PERSIST_PRODUCTS', () => {
  let dir: PlatformDir;
  let dataFile: string;
  beforeEach(() => {
    dir = platformDir();
    dataFile = path.join(dir.dir, 'data.json');
    fs.copyFileSync(path.resolve(__dirname, '../../adapters/demo/data/sample.json'), dataFile);
  });
  afterEach(() => dir.remove());

  it.each([
    ['true', true],
    ['false', false],
  ])(
    'when DEMO_PERSIST_PRODUCTS is %s, then a created product is in the data file: %s',
    async (setting, saved) => {
      const gw = await startGateway({
        ...dir.env,
        DEMO_DATA_FILE: dataFile,
        DEMO_PERSIST_PRODUCTS: setting,
      });
      try {
        const { secret } = await dir.registry.create('writer', [WRITE]);
        const res = await gw.request('POST', PRODUCTS, {
          headers: bearer(await tokenFor(gw, 'writer', secret)),
          body: NEW_PRODUCT,
        });
        expect(res.status).toBe(201);
        expect(
          loadDemoData(dataFile).products!.some((p) => p.product_id === NEW_PRODUCT.product_id),
        ).toBe(saved);
      } finally {
        await gw.close();
      }
    },
  );
});
