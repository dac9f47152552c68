/**
 * Every id the interface takes is at most 256 characters (`MAX_ID_LENGTH`, contracts/requests.json
 * `Id`): a longer one in a path is 400 `Invalid field: <name>` in the family's body (FDX: code 400
 * `Invalid request`), a longer one in a specific-accounts body is 400 `Invalid field:
 * data.accountIds`, and neither reaches a core, the cache or a pass-through upstream. An id of
 * exactly 256 characters is looked up as any other.
 */
import { MAX_ID_LENGTH } from '../../src/api/ids';
import { startGateway, type TestGateway, type TestResponse } from '../helpers/gateway';
import { proxySettings, startScriptedUpstream, type Upstream } from '../helpers/upstream';
import { bearer, platformDir, type PlatformDir, tokenFor, WRITE } from './platform-helpers';

const LONG = 'x'.repeat(MAX_ID_LENGTH + 1);
const MAX = 'x'.repeat(MAX_ID_LENGTH);
const C = 'c-1001';
const ACC = 'acc-b-1001-01';
const PRODUCTS = '/v1/data-provider/cdr/products';
const v1 = (field: string) => ({ status: 400, body: { error: `Invalid field: ${field}` } });

/** A path id over the limit, one per parameter and family, and the family's 400. */
const TOO_LONG: [string, string, string, { status: number; body: unknown }][] = [
  ['a banking customer id', 'GET', `/v1/banking/customer/${LONG}/payees`, v1('customerId')],
  [
    'an authorisation list customer id',
    'GET',
    `/auth/v1/customer/${LONG}/accounts`,
    v1('customerId'),
  ],
  ['a common customer id', 'GET', `/v1/common/customer/${LONG}/detail`, v1('customerId')],
  ['a banking account id', 'GET', `/v1/banking/customer/${C}/accounts/${LONG}`, v1('accountId')],
  [
    'a transaction id',
    'GET',
    `/v1/banking/customer/${C}/accounts/${ACC}/transactions/${LONG}`,
    v1('transactionId'),
  ],
  [
    'an energy account id',
    'GET',
    `/v1/energy/customer/${C}/accounts/${LONG}/balance`,
    v1('accountId'),
  ],
  [
    'a customer id of a specific-accounts request',
    'POST',
    `/v1/banking/customer/${LONG}/accounts/balances`,
    v1('customerId'),
  ],
  [
    'an FDX statement id',
    'GET',
    `/fdx/v6/customer/${C}/accounts/${ACC}/statements/${LONG}`,
    {
      status: 400,
      body: { code: 400, message: 'Invalid request', debugMessage: 'request long-id' },
    },
  ],
  [
    'a product id',
    'DELETE',
    `${PRODUCTS}/${LONG}`,
    {
      status: 400,
      body: { error: 'invalid_request', error_description: 'Invalid field: product_id' },
    },
  ],
];

/** Core calls a gateway has made so far (every adapter call is measured). */
async function coreCalls(on: TestGateway): Promise<number> {
  const text = await on.gateway.metrics.registry.getSingleMetricAsString(
    'dhg_core_call_duration_seconds',
  );
  return text
    .split('\n')
    .filter((line) => line.startsWith('dhg_core_call_duration_seconds_count'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

describe('id lengths', () => {
  let dir: PlatformDir;
  let served: TestGateway;
  let passing: TestGateway;
  let upstream: Upstream;
  const writers = new Map<TestGateway, string>();

  beforeAll(async () => {
    dir = platformDir();
    upstream = await startScriptedUpstream((_req, res) => {
      res.writeHead(500).end();
    }, '/api');
    const settings = proxySettings('scripted', { baseUrl: upstream.baseUrl });
    served = await startGateway(dir.env);
    passing = await startGateway(dir.env, {
      passThrough: (['banking', 'energy', 'common', 'fdx', 'products'] as const).map((family) => ({
        family,
        id: 'scripted',
        settings,
      })),
    });
    const writer = await dir.registry.create('client-write', [WRITE]);
    for (const gw of [served, passing])
      writers.set(gw, await tokenFor(gw, 'client-write', writer.secret));
  });
  afterAll(async () => {
    await passing?.close();
    await served?.close();
    await upstream?.close();
    dir?.remove();
  });
  beforeEach(() => {
    upstream.received.length = 0;
  });

  /** The request, with a holder token for its path, or the platform write token on products. */
  const send = (gw: TestGateway, method: string, target: string, body?: unknown) =>
    gw.request(method, target, {
      ...(body === undefined ? {} : { body }),
      headers: {
        'x-request-id': 'long-id',
        ...(target.startsWith(PRODUCTS) ? bearer(writers.get(gw)!) : {}),
      },
    });
  const answer = (res: TestResponse) => ({ status: res.status, body: res.body as unknown });
  const accountsBody = (ids: string[]) => ({ data: { accountIds: ids } });

  it.each(TOO_LONG)(
    'when %s is longer than 256 characters, then the family answers 400 and no core is called',
    async (_case, method, target, expected) => {
      const before = await coreCalls(served);
      const body = method === 'POST' ? accountsBody([ACC]) : undefined;
      const res = await send(served, method, target, body);
      expect({ ...answer(res), coreCalls: await coreCalls(served) }).toEqual({
        ...expected,
        coreCalls: before,
      });
    },
  );

  it.each(TOO_LONG)(
    'when %s is longer than 256 characters on a passed-through family, then the family answers 400 and the upstream is not called',
    async (_case, method, target, expected) => {
      const body = method === 'POST' ? accountsBody([ACC]) : undefined;
      expect(answer(await send(passing, method, target, body))).toEqual(expected);
      expect(upstream.received).toEqual([]);
    },
  );

  it('when a path id is 256 characters, then it is looked up as any other id', async () => {
    expect(answer(await send(served, 'GET', `/v1/banking/customer/${MAX}/payees`))).toEqual({
      status: 404,
      body: { error: 'Customer not found' },
    });
    expect(
      answer(
        await send(served, 'GET', `/v1/banking/customer/${C}/accounts/${ACC}/transactions/${MAX}`),
      ),
    ).toEqual({ status: 404, body: { error: 'Transaction not found' } });
    expect(answer(await send(served, 'DELETE', `${PRODUCTS}/${MAX}`))).toEqual({
      status: 404,
      body: { error: 'not_found', error_description: 'Product not found' },
    });
  });

  it('when a path id is percent-encoded, then its length is counted once decoded', async () => {
    const encoded = (n: number) => '%78'.repeat(n);
    const target = (id: string) => `/v1/banking/customer/${id}/payees`;
    expect(answer(await send(served, 'GET', target(encoded(MAX_ID_LENGTH))))).toEqual({
      status: 404,
      body: { error: 'Customer not found' },
    });
    expect(answer(await send(served, 'GET', target(encoded(MAX_ID_LENGTH + 1))))).toEqual(
      v1('customerId'),
    );
  });

  it('when an id of a specific-accounts body is longer than 256 characters, then it is 400 Invalid field: data.accountIds and no core is called', async () => {
    const target = `/v1/banking/customer/${C}/accounts/balances`;
    const before = await coreCalls(served);
    const res = await send(served, 'POST', target, accountsBody([ACC, LONG]));
    expect({ ...answer(res), coreCalls: await coreCalls(served) }).toEqual({
      ...v1('data.accountIds'),
      coreCalls: before,
    });
    expect(answer(await send(passing, 'POST', target, accountsBody([LONG])))).toEqual(
      v1('data.accountIds'),
    );
    expect(upstream.received).toEqual([]);
  });

  it('when every id of a specific-accounts body is 256 characters, then the body is taken and the ids looked up', async () => {
    const target = `/v1/banking/customer/${C}/accounts/balances`;
    const ids = Array.from({ length: 1000 }, (_, i) => `${i}-`.padEnd(MAX_ID_LENGTH, 'x'));
    expect(answer(await send(served, 'POST', target, accountsBody(ids)))).toEqual({
      status: 404,
      body: { error: 'Account in query not found' },
    });
  });
});
