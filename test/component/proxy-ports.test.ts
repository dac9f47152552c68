/**
 * The authorisation and customer ports of a pass-through instance, against a gateway on the demo
 * core as the upstream: what the demo core's ports hold comes back, through the upstream's
 * documented answers, as the same records.
 */
import path from 'node:path';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import { CoreUnavailableError, CustomerNotFoundError } from '../../src/errors';
import type { CallContext } from '../../src/ports';
import { proxyAuthorisationPort, proxyPorts, type ProxyPorts } from '../../src/proxy/proxy-ports';
import {
  proxySettings,
  startScriptedUpstream,
  startUpstreamGateway,
  type Upstream,
} from '../helpers/upstream';

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
const CREDENTIAL = 'Bearer upstream-credential';
const ctx = (): CallContext => ({ signal: new AbortController().signal, requestId: 'ports-1' });

describe('the ports of a pass-through instance', () => {
  const demo = createDemoAdapter(loadDemoData(SAMPLE));
  let upstream: Upstream;
  let ports: ProxyPorts;
  beforeAll(async () => {
    upstream = await startUpstreamGateway({ mount: '/cds', credential: CREDENTIAL, space: '' });
    ports = proxyPorts(
      proxySettings('cds', {
        baseUrl: `${upstream.origin}/cds/v1/banking`,
        authorisationUrl: upstream.baseUrl,
        authorization: CREDENTIAL,
      }),
    );
  });
  afterAll(async () => {
    await ports.close();
    await upstream.close();
  });

  it.each(['c-1001', 'c-1002'])(
    "when customer %s's accounts are read, then they are the core's records, field by field",
    async (customerId) => {
      const records = await ports.listShareableAccounts(customerId, ctx());
      expect(records.length).toBeGreaterThan(0);
      // The interface's list carries no industry: the upstream's records come untagged.
      const core = await demo.authorisation.listShareableAccounts(customerId, ctx());
      expect(records).toEqual(core.map(({ industry: _industry, ...record }) => record));
      expect(upstream.received.at(-1)).toMatchObject({
        url: `/cds/auth/v1/customer/${customerId}/accounts`,
        headers: { authorization: CREDENTIAL, 'x-request-id': 'ports-1' },
      });
    },
  );

  it("when a customer's detail is read, then it is the core's detail", async () => {
    expect(await ports.getCustomerDetail('c-1001', ctx())).toEqual(
      await demo.customer.getCustomerDetail('c-1001', ctx()),
    );
  });

  it('when the customer is unknown upstream, then the port says so', async () => {
    await expect(ports.listShareableAccounts('c-none', ctx())).rejects.toBeInstanceOf(
      CustomerNotFoundError,
    );
    await expect(ports.getCustomerDetail('c-none', ctx())).rejects.toBeInstanceOf(
      CustomerNotFoundError,
    );
  });

  it('when the upstream refuses the credentials, then it counts as unavailable', async () => {
    const wrong = proxyAuthorisationPort(
      proxySettings('cds', { baseUrl: upstream.baseUrl, authorisationUrl: upstream.baseUrl }),
    );
    try {
      await expect(wrong.listShareableAccounts('c-1001', ctx())).rejects.toBeInstanceOf(
        CoreUnavailableError,
      );
    } finally {
      await wrong.close();
    }
  });
});

describe('the ports of a pass-through instance whose upstream misbehaves', () => {
  let answer: { status: number; body: string; headers?: Record<string, string> };
  let upstream: Upstream;
  let ports: ProxyPorts;
  beforeAll(async () => {
    upstream = await startScriptedUpstream((_req, res) => {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
    // Without authorisationUrl the paths are relative to the origin of baseUrl.
    ports = proxyPorts(proxySettings('cds', { baseUrl: `${upstream.origin}/somewhere/else` }));
  });
  afterAll(async () => {
    await ports.close();
    await upstream.close();
  });

  it('when the answer is out of contract, then it counts as unavailable and nothing is mapped', async () => {
    answer = { status: 200, body: JSON.stringify({ accounts: [{ accountId: 'a-1' }] }) };
    await expect(ports.listShareableAccounts('c-1', ctx())).rejects.toBeInstanceOf(
      CoreUnavailableError,
    );
    expect(upstream.received.at(-1)!.url).toBe('/auth/v1/customer/c-1/accounts');
  });

  it("when the upstream answers 503 with Retry-After, then the error carries the upstream's delay", async () => {
    answer = {
      status: 503,
      body: '{"error":"Service unavailable"}',
      headers: { 'retry-after': '42' },
    };
    const err = await ports.getCustomerDetail('c-1', ctx()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CoreUnavailableError);
    expect((err as InstanceType<typeof CoreUnavailableError>).retryAfterSeconds).toBe(42);
  });

  it('when the upstream is not listening, then it counts as unavailable', async () => {
    const gone = proxyPorts(proxySettings('cds', { baseUrl: 'http://127.0.0.1:1/x' }));
    try {
      await expect(gone.getCustomerDetail('c-1', ctx())).rejects.toBeInstanceOf(
        CoreUnavailableError,
      );
    } finally {
      await gone.close();
    }
  });
});
