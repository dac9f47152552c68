/**
 * Pass-through of refusals to share: an upstream's 403, 404 or 422 marked `X-Sharing-Refused`
 * reaches the caller with the header (whatever the response header allow-list says), its body as
 * the upstream sent it; the header never crosses on any other answer; each such answer counts in
 * dhg_sharing_refusals_total (harm for a 403; the upstream keeps the reason of the others).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { proxySettings, startScriptedUpstream, type Upstream } from '../helpers/upstream';

/** What the scripted upstream answers next. */
let next: { status: number; headers: Record<string, string>; body: unknown };

function answer(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
  res.end(JSON.stringify(next.body));
}

describe('refusals to share through a passed-through family', () => {
  let upstream: Upstream;
  let gw: TestGateway;
  beforeAll(async () => {
    upstream = await startScriptedUpstream(answer, '/core');
    // An allow-list without the header: a refusal's header crosses all the same.
    const settings = proxySettings('bank', {
      baseUrl: upstream.baseUrl,
      responseHeaders: ['content-type', 'content-length'],
    });
    gw = await startGateway({}, { passThrough: [{ family: 'banking', id: 'bank', settings }] });
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  const scheduled = '/v1/banking/customer/c-1001/accounts/acc-b-1001-01/payments/scheduled';
  const balances = '/v1/banking/customer/c-1001/accounts/balances';
  const call = (target: string) =>
    target === balances
      ? gw.post(target, { data: { accountIds: ['acc-b-1001-01'] } })
      : gw.get(target);

  it.each([
    [403, scheduled, { error: 'Sharing refused' }, 'true'],
    [404, scheduled, { error: 'Account not found' }, 'true'],
    [422, balances, { error: 'Account in query not found' }, 'True '],
  ])(
    'when the upstream answers %i with the header, then the caller gets that answer with X-Sharing-Refused: true',
    async (status, target, body, value) => {
      next = { status, headers: { 'x-sharing-refused': value }, body };
      const res = await call(target);
      expect({
        status: res.status,
        body: res.body,
        header: res.headers.get('x-sharing-refused'),
      }).toEqual({ status, body, header: 'true' });
    },
  );

  it.each([
    [200, { data: { scheduledPayments: [] }, links: {}, meta: { totalRecords: 0, totalPages: 0 } }],
    [400, { error: 'Invalid field: page-size' }],
  ])(
    'when the upstream marks a %i answer, then the header does not cross',
    async (status, body) => {
      next = { status, headers: { 'x-sharing-refused': 'true' }, body };
      const res = await gw.get(scheduled);
      expect({ status: res.status, header: res.headers.get('x-sharing-refused') }).toEqual({
        status,
        header: null,
      });
    },
  );

  it('when the upstream answers 404 without the header, then the caller gets it without the header', async () => {
    next = { status: 404, headers: {}, body: { error: 'Account not found' } };
    const res = await gw.get(scheduled);
    expect({
      status: res.status,
      body: res.body,
      header: res.headers.get('x-sharing-refused'),
    }).toEqual({ status: 404, body: { error: 'Account not found' }, header: null });
  });

  it('when upstream refusals were passed on, then they are counted by route template: a 403 as harm, the others as blocked_or_suspended', async () => {
    const text = await gw.gateway.metrics.registry.getSingleMetricAsString(
      'dhg_sharing_refusals_total',
    );
    const lines = text.split('\n').filter((l) => l.startsWith('dhg_sharing_refusals_total{'));
    const route = '/v1/banking/customer/{customerId}/accounts/{accountId}/payments/scheduled';
    expect(lines.sort()).toEqual(
      [
        `dhg_sharing_refusals_total{reason="harm",route="${route}"} 1`,
        `dhg_sharing_refusals_total{reason="blocked_or_suspended",route="${route}"} 1`,
        `dhg_sharing_refusals_total{reason="blocked_or_suspended",route="/v1/banking/customer/{customerId}/accounts/balances"} 1`,
      ].sort(),
    );
  });
});
