/**
 * A holder request's admission (ADR 0051): the claim of its token's jti is awaited before every
 * core call and every answer, not before the route's other steps. A refused token never reaches a
 * core on any holder route, and its refusal answers instead of whatever the route found wrong.
 * In-process replay store (the Redis one: redis-one-trip.test.ts).
 */
import crypto from 'node:crypto';
import { countingDemoAdapter, type CountingAdapter } from '../helpers/counting-adapter';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { proxySettings, startScriptedUpstream, type Upstream } from '../helpers/upstream';

const CUSTOMER = 'c-1001';
const ACCOUNT = 'acc-b-1001-01';
const DETAIL = `/v1/common/customer/${CUSTOMER}/detail`;
const REPLAYED = { status: 401, body: { error: 'Token replayed' } };

describe('the admission of holder requests, in-process replay store', () => {
  let gw: TestGateway;
  let core: CountingAdapter;
  beforeAll(async () => {
    core = countingDemoAdapter();
    gw = await startGateway({}, { adapter: core.adapter });
  });
  afterAll(() => gw.close());

  const answer = async (target: string, jti: string, method = 'GET', body?: unknown) => {
    const res = await gw.request(method, target, { token: { jti }, body });
    return { status: res.status, body: res.body as unknown };
  };

  it('when a used jti comes back on every holder route, then each is 401 Token replayed and no core call is made', async () => {
    const jti = crypto.randomUUID();
    expect((await answer(DETAIL, jti)).status).toBe(200);
    const routes = gw.gateway.routes.filter((r) => r.auth === 'holder');
    expect(routes.length).toBeGreaterThan(10);
    const before = core.calls.length;
    const wrong: string[] = [];
    for (const route of routes) {
      const target = route.path
        .replace('{customerId}', CUSTOMER)
        .replace('{accountId}', ACCOUNT)
        .replace(/\{\w+\}/g, 'x');
      const body =
        route.body === 'accountIds' ? { data: { accountIds: [ACCOUNT] } } : route.body && {};
      const got = await answer(target, jti, route.method, body);
      // Each family says it in its own error body.
      if (got.status !== 401 || !JSON.stringify(got.body).includes('"Token replayed"')) {
        wrong.push(`${route.method} ${route.path}: ${JSON.stringify(got)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(core.calls.slice(before)).toEqual([]);
  });

  it('when a replayed token asks for an account the cached list lacks, then it is 401, not the 404 a fresh one gets', async () => {
    const target = `/v1/banking/customer/${CUSTOMER}/accounts/acc-unknown/payments/scheduled`;
    const jti = crypto.randomUUID();
    expect((await answer(target, jti)).status).toBe(404); // the account list is cached now
    const before = core.calls.length;
    expect(await answer(target, jti)).toEqual(REPLAYED);
    expect(core.calls.length).toBe(before);
  });

  it('when a replayed token comes with an invalid query, then the token answers first, as before', async () => {
    const target = `/v1/banking/customer/${CUSTOMER}/accounts?page-size=abc`;
    const jti = crypto.randomUUID();
    expect((await answer(target, jti)).status).toBe(400);
    expect(await answer(target, jti)).toEqual(REPLAYED);
  });

  it('when a token is replayed, then the refusal is counted by its reason', async () => {
    const count = async () => {
      const text = await (await fetch(`${gw.origin}/metrics`)).text();
      return Number(/dhg_auth_failures_total\{reason="replayed"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    const jti = crypto.randomUUID();
    await answer(DETAIL, jti);
    const before = await count();
    await answer(DETAIL, jti);
    expect(await count()).toBe(before + 1);
  });
});

describe('the admission of a passed-through request', () => {
  let upstream: Upstream;
  let gw: TestGateway;
  beforeAll(async () => {
    upstream = await startScriptedUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        '{"data":{"accounts":[]},"links":{"self":"x"},"meta":{"totalRecords":0,"totalPages":0}}',
      );
    });
    const settings = proxySettings('core', { baseUrl: upstream.baseUrl });
    gw = await startGateway({}, { passThrough: [{ family: 'banking', id: 'up', settings }] });
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  it('when a used jti comes back, then it is 401 Token replayed and the upstream is never asked', async () => {
    const target = `/v1/banking/customer/${CUSTOMER}/accounts`;
    const jti = crypto.randomUUID();
    await gw.request('GET', target, { token: { jti } });
    const before = upstream.received.length;
    const res = await gw.request('GET', target, { token: { jti } });
    expect({ status: res.status, body: res.body as unknown }).toEqual(REPLAYED);
    const invalid = await gw.request('GET', `${target}?page-size=abc`, { token: { jti } });
    expect({ status: invalid.status, body: invalid.body as unknown }).toEqual(REPLAYED);
    expect(upstream.received.length).toBe(before);
  });
});
