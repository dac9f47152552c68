/**
 * Answers served from the in-process cache are the answers served from the core: every cached
 * endpoint, each family's, asked twice on the demo core (the second time from the cache, whose
 * values are shared and read-only: docs/decisions/0050-read-only-cached-values.md), answers the
 * same 200 both times; and the services' own sorting, filtering and paging over a shared value
 * leave it as it was for the next request.
 */
import { GatewayMetrics } from '../../src/observability/metrics';
import { startGateway, type TestGateway, type TestResponse } from '../helpers/gateway';
import { bearer, platformDir, type PlatformDir, READ, tokenFor } from './platform-helpers';

const C = 'c-1001';
const PLANS = ['acc-b-1001-01', 'acc-b-1001-02', 'acc-b-1001-10', 'acc-b-1001-16', 'acc-b-1001-19'];
const BANKING = ['acc-b-1001-01', 'acc-b-1001-02', 'acc-b-1001-03', 'acc-b-1001-10'];
const ENERGY = ['acc-e-1001-01', 'acc-e-1001-02', 'acc-e-1001-03', 'acc-e-1001-04'];
const WINDOW = 'oldest-date=2025-01-01&newest-date=2026-11-20';
const FDX = `/fdx/v6/customer/${C}/accounts/acc-b-1001-01`;
const PRODUCTS = '/v1/data-provider/cdr/products';

/** One request: method, path, and the body of a POST. */
type Call = [method: 'GET' | 'POST', target: string, body?: unknown];
const ids = (accountIds: string[]) => ({ data: { accountIds } });

/** Each family's cached endpoints, some with queries that sort, filter or page shared records. */
const CALLS: Record<string, Call[]> = {
  common: [
    ['GET', `/auth/v1/customer/${C}/accounts`],
    ['GET', `/v1/common/customer/${C}/detail`],
  ],
  customer: [['GET', `/auth/v1/customer/${C}`]],
  banking: [
    ['GET', `/v1/banking/customer/${C}/accounts?page-size=5&page=2`],
    ['POST', `/v1/banking/customer/${C}/accounts?open-status=OPEN`, ids(BANKING)],
    ['POST', `/v1/banking/customer/${C}/accounts/balances`, ids(BANKING)],
    ['POST', `/v1/banking/customer/${C}/accounts/direct-debits`, ids(BANKING)],
    ['POST', `/v1/banking/customer/${C}/payments/scheduled`, ids(BANKING)],
    ['GET', `/v1/banking/customer/${C}/accounts/acc-b-1001-01/payments/scheduled`],
    ['POST', `/v1/banking/customer/${C}/accounts/payments/plans?plan-status=ALL`, ids(PLANS)],
    ['POST', `/v1/banking/customer/${C}/accounts/payments/plans`, ids(PLANS)],
    ['GET', `/v1/banking/customer/${C}/payees?type=ALL`],
  ],
  energy: [
    ['GET', `/v1/energy/customer/${C}/accounts`],
    ['POST', `/v1/energy/customer/${C}/accounts`, ids(ENERGY)],
    ['POST', `/v1/energy/customer/${C}/accounts/invoices?${WINDOW}`, ids(ENERGY)],
    ['GET', `/v1/energy/customer/${C}/accounts/acc-e-1001-01/invoices?${WINDOW}&page-size=2`],
    ['GET', `/v1/energy/customer/${C}/accounts/acc-e-1001-01/concessions`],
  ],
  fdx: [
    ['GET', `${FDX}/transactions?startTime=2026-01-01&endTime=2026-11-20&limit=5`],
    ['GET', `${FDX}/statements`],
    ['GET', `${FDX}/asset-transfer-networks`],
  ],
};

describe('answers from the in-process cache', () => {
  let gw: TestGateway;
  let dir: PlatformDir;
  let productsToken: string;
  const metrics = new GatewayMetrics({ processMetrics: false });

  /** Cache hits so far, every operation. */
  const hits = async () =>
    (await metrics.cacheEvents.get()).values
      .filter((v) => v.labels.result === 'hit')
      .reduce((sum, v) => sum + v.value, 0);

  const send = ([method, target, body]: Call): Promise<TestResponse> =>
    method === 'GET' ? gw.get(target) : gw.post(target, body);

  beforeAll(async () => {
    dir = platformDir();
    // Products are not cached by default: cached here, so their sorting runs over shared records.
    gw = await startGateway(
      { ...dir.env, CACHE_TTL_SECONDS: JSON.stringify({ 'products.listProducts': 60 }) },
      { metrics },
    );
    const { secret } = await dir.registry.create('client-cache', [READ]);
    productsToken = await tokenFor(gw, 'client-cache', secret);
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  it.each(Object.entries(CALLS))(
    'when each %s endpoint is asked twice, then the second answer, from the cache, is the first',
    async (_family, calls) => {
      const first: TestResponse[] = [];
      for (const call of calls) first.push(await send(call));
      expect(first.map((r) => [r.status, r.text.length > 2])).toEqual(calls.map(() => [200, true]));
      const before = await hits();
      for (const [i, call] of calls.entries()) {
        const again = await send(call);
        expect([call[1], again.status, again.text]).toEqual([call[1], 200, first[i]!.text]);
      }
      expect(await hits()).toBeGreaterThanOrEqual(before + calls.length);
    },
  );

  it('when the product list is paged twice over a cached list, then both walks serve the same pages', async () => {
    const walk = async () => {
      const pages: string[] = [];
      let cursor = '';
      do {
        const res = await gw.get(`${PRODUCTS}?page_size=3&cursor=${encodeURIComponent(cursor)}`, {
          headers: bearer(productsToken),
        });
        expect(res.status).toBe(200);
        pages.push(res.text);
        cursor = res.body.cursor as string;
      } while (cursor !== '' && pages.length < 50);
      return pages;
    };
    const before = await hits();
    const first = await walk();
    expect(first.length).toBeGreaterThan(1);
    expect(await walk()).toEqual(first);
    expect(await hits()).toBeGreaterThan(before);
  });
});
