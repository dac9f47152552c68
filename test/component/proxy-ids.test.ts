/**
 * The gateway's own ids on passed-through routes: with opaque ids the upstream is asked with its
 * own ids (path and body) and its JSON answers, links included, come out with the gateway's, as a
 * served route's do. An id that names nothing of the instance (tampered, another customer's, of
 * another core) is the route's unknown id, and the upstream is never asked. The proxy alone
 * translates here: the router's edge check of ids is left out, to show the proxy refuses such ids
 * on its own.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import { PagingTokens } from '../../src/api/paging-token';
import { AuthError } from '../../src/auth/holder-auth';
import { configFrom } from '../../src/config/config';
import { buildRoutes } from '../../src/endpoints/families';
import { buildApp } from '../../src/http/app';
import { createHttpServer } from '../../src/http/http-server';
import { type GatewayIds, OpaqueIds } from '../../src/ids/gateway-ids';
import { EXTERNAL_ID_PATTERN, IdCodec } from '../../src/ids/id-codec';
import { GatewayMetrics } from '../../src/observability/metrics';
import type { CoreAdapter } from '../../src/ports';
import { parseRefusalList, RefusalList } from '../../src/refusals/refusal-list';
import { SharingRefusals } from '../../src/refusals/sharing-refusals';
import { passThroughProxies, type PassThroughProxies } from '../../src/proxy/pass-through';
import type { CoreFamily } from '../../src/routes/route-spec';
import { memoryCacheStore } from '../../src/stores/cache';
import { redisKeys, redisKeysOf } from '../../src/stores/redis-keys';
import { type ResilientAdapter, withResilience } from '../helpers/core-call';
import { TEST_BASE_URL, TEST_SUBDOMAIN } from '../helpers/gateway';
import {
  proxySettings,
  startScriptedUpstream,
  startUpstreamGateway,
  type Upstream,
} from '../helpers/upstream';

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');
const UPSTREAM_CREDENTIAL = 'Basic dXBzdHJlYW06c2VjcmV0';
/** What callers of the gateway under test present instead of a holder token. */
const CALLER_CREDENTIAL = 'Basic Y2FsbGVyOnNlY3JldA==';
const REQUEST_ID = 'proxy-ids-1';
const JOINT = 'acc-b-1001-05';
const OPEN = 'acc-b-1001-01';
/** The account the scripted energy upstream answers for, by its core id. */
const ENERGY_ACCOUNT = 'nmi-core-77';
/** An account whose invoices the scripted upstream answers as text. */
const PLAIN_ACCOUNT = 'nmi-plain';

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

/** A gateway passing banking, FDX and energy through, its instances' ids opaque. */
interface Setup {
  origin: string;
  ids: GatewayIds;
  demo: Upstream;
  scripted: Upstream;
  /** Puts the operator's refusal list in force (entries as its file holds them). */
  refuse(entries: unknown[]): void;
  close(): Promise<void>;
}

/** The scripted energy upstream's invoices: core ids in the body, the links and `Link`. */
function energyUpstream(req: http.IncomingMessage, res: http.ServerResponse): void {
  const self = `${TEST_BASE_URL}/v1/energy/customer/c-1001/accounts/${ENERGY_ACCOUNT}/invoices`;
  if (req.url!.includes(`/accounts/${PLAIN_ACCOUNT}/`)) {
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`${PLAIN_ACCOUNT} as text`);
    return;
  }
  const body = {
    data: {
      invoices: [{ accountId: ENERGY_ACCOUNT, invoiceNumber: 'inv-1', issueDate: '2026-05-01' }],
    },
    links: { self: `${self}?page=1`, next: `${self}?page=2`, first: 'page=1&page-size=1' },
    meta: { totalRecords: 2, totalPages: 2 },
  };
  res.writeHead(200, {
    'content-type': 'application/json',
    link: `<${self}?page=2>; rel="next"`,
  });
  res.end(JSON.stringify(body));
}

/** The gateway under test: the real routes, router and proxies, callers known by a credential. */
async function startSetup(): Promise<Setup> {
  const demo = await startUpstreamGateway({
    mount: '/core',
    credential: UPSTREAM_CREDENTIAL,
    space: '/v1/banking',
  });
  const scripted = await startScriptedUpstream(energyUpstream, '/energy');
  const ids = new OpaqueIds({ codec: new IdCodec(crypto.randomBytes(32)) });
  const settings = (baseUrl: string) =>
    proxySettings('core', { baseUrl, authorization: UPSTREAM_CREDENTIAL });
  const config = configFrom({
    PUBLIC_BASE_URL: TEST_BASE_URL,
    HOLDER_SUBDOMAIN: TEST_SUBDOMAIN,
    LOG_LEVEL: 'silent',
  });
  const metrics = new GatewayMetrics({ processMetrics: false });
  const logger = pino({ level: 'silent' });
  let refusalList = RefusalList.EMPTY;
  const stacks: ResilientAdapter[] = [];
  const proxies: PassThroughProxies = passThroughProxies(
    [
      { family: 'banking', id: 'cds', settings: settings(demo.baseUrl) },
      { family: 'fdx', id: 'fdx-core', settings: settings(`${demo.origin}/core/fdx/v6`) },
      { family: 'energy', id: 'energy-core', settings: settings(scripted.baseUrl) },
    ],
    {
      stackOf: (id) => {
        const stack = withResilience({ id } as CoreAdapter, {
          settings: config.resilience,
          metrics,
          logger,
          cache: memoryCacheStore(10),
          keys: redisKeys({ namespace: 'proxy-ids' }),
          now: Date.now,
        });
        stacks.push(stack);
        return stack;
      },
      defaultTimeoutMs: config.resilience.timeoutMs,
      metrics,
      logger,
      ids,
    },
  );
  const routes = await buildRoutes({
    adapter: createDemoAdapter(loadDemoData(SAMPLE)),
    config,
    logger,
    now: Date.now,
    redisKeys: redisKeysOf(config),
    paging: new PagingTokens(config.pagingSecret),
    onClose: () => undefined,
    passThrough: new Set<CoreFamily>(proxies.byFamily.keys()),
  });
  const { app } = buildApp({
    routes,
    verifyHolder: async (authorization) => {
      if (authorization !== CALLER_CREDENTIAL) throw new AuthError('invalid_token');
      return { claims: { jti: '', exp: Number.MAX_SAFE_INTEGER }, admission: Promise.resolve() };
    },
    logger,
    now: () => new Date(),
    version: 'proxy-ids',
    metrics,
    readiness: () => ({ ready: true, checks: {}, dependencies: {} }),
    passThrough: proxies.byFamily,
    refusals: new SharingRefusals(() => refusalList, 404),
  });
  const server = createHttpServer(app).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    ids,
    demo,
    scripted,
    refuse(entries) {
      const parsed = parseRefusalList(JSON.stringify(entries));
      if (!parsed.ok) throw new Error(parsed.problems.join('; '));
      refusalList = parsed.list;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await proxies.close();
      for (const stack of stacks) stack.close();
      await demo.close();
      await scripted.close();
    },
  };
}

describe('opaque ids on passed-through routes', () => {
  let setup: Setup;
  /** The gateway's ids of c-1001 and c-1002 (a customer's id is the same for every instance). */
  let jane: string;
  let john: string;
  beforeAll(async () => {
    setup = await startSetup();
    [jane, john] = await setup.ids.of('cds').externalIds([
      { kind: 'customer', id: 'c-1001' },
      { kind: 'customer', id: 'c-1002' },
    ]);
  });
  afterAll(() => setup.close());
  beforeEach(() => {
    setup.demo.received.length = 0;
    setup.scripted.received.length = 0;
  });

  const call = async (method: string, target: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(setup.origin + target, {
      method,
      headers: {
        authorization: CALLER_CREDENTIAL,
        'x-request-id': REQUEST_ID,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    const parsed =
      text !== '' && res.headers.get('content-type')?.includes('json')
        ? JSON.parse(text)
        : undefined;
    return { status: res.status, headers: res.headers, body: parsed as unknown, text };
  };
  const accountsOf = async (customer: string) =>
    (await call('GET', `/v1/banking/customer/${customer}/accounts?page-size=100`)).body.data
      .accounts as { accountId: string; displayName: string; users: { id: string }[] }[];
  /** The gateway's id of a core account of c-1001, found in the gateway's list by its name. */
  const gatewayIdOf = async (core: string) => {
    const list = await (
      await fetch(`${setup.demo.baseUrl}/customer/c-1001/accounts?page-size=100`, {
        headers: { authorization: UPSTREAM_CREDENTIAL },
      })
    ).json();
    const index = (list as { data: { accounts: { accountId: string }[] } }).data.accounts.findIndex(
      (a) => a.accountId === core,
    );
    return (await accountsOf(jane))[index]!.accountId;
  };
  /** An id with one character changed. */
  const tampered = (id: string) => (id[0] === 'A' ? 'B' : 'A') + id.slice(1);

  it("when an upstream lists a customer's accounts, then each account id is the gateway's opaque id, not the core's", async () => {
    const accounts = await accountsOf(jane);
    expect(setup.demo.received.map((r) => r.url)).toEqual([
      '/core/v1/banking/customer/c-1001/accounts?page-size=100',
    ]);
    expect(accounts.length).toBeGreaterThan(1);
    for (const { accountId } of accounts) {
      expect(accountId).toMatch(EXTERNAL_ID_PATTERN);
      expect(accountId).not.toMatch(/^acc-/);
    }
    expect(new Set(accounts.map((a) => a.accountId)).size).toBe(accounts.length);
    // The list's customer keeps the id the path names them by; another holder gets the gateway's.
    const joint = accounts.find((a) => a.users.length > 1)!;
    expect(joint.users.map((u) => u.id)).toEqual([jane, john]);
  });

  it("when a path names an account by the gateway's id, then the upstream is asked with the core's and the answer carries the gateway's", async () => {
    const open = await gatewayIdOf(OPEN);
    setup.demo.received.length = 0;
    const res = await call('GET', `/v1/banking/customer/${jane}/accounts/${open}`);
    expect(res.status).toBe(200);
    expect(res.body.data.accountId).toBe(open);
    expect(setup.demo.received.map((r) => r.url)).toEqual([
      `/core/v1/banking/customer/c-1001/accounts/${OPEN}`,
    ]);
  });

  it("when a body names accounts by the gateway's ids, then the upstream gets the core's and the answer names them by the gateway's", async () => {
    const ids = [await gatewayIdOf(OPEN), await gatewayIdOf(JOINT)];
    setup.demo.received.length = 0;
    const res = await call('POST', `/v1/banking/customer/${jane}/accounts/balances`, {
      data: { accountIds: ids },
    });
    expect(res.status).toBe(200);
    const listed = (res.body.data.balances as { accountId: string }[]).map((b) => b.accountId);
    expect(listed.sort()).toEqual([...ids].sort());
    expect(setup.demo.received).toHaveLength(1);
    expect(res.text).not.toContain('acc-b-');
  });

  it("when the operator's list names a customer, then their list, read whole, leaves the refused account out and names the rest by the gateway's ids", async () => {
    const core = ['acc-b-1002-01', 'acc-b-1002-02', 'acc-b-1002-03'];
    const [kept1, refused, kept3] = await setup.ids
      .of('cds')
      .externalIds(core.map((id) => ({ kind: 'account', id, customer: john })));
    setup.refuse([{ customerId: john, accountId: refused, reason: 'blocked' }]);
    try {
      const res = await call('GET', `/v1/banking/customer/${john}/accounts`);
      expect(res.status).toBe(200);
      expect(setup.demo.received.map((r) => r.url)).toEqual([
        '/core/v1/banking/customer/c-1002/accounts?page=1&page-size=1000',
      ]);
      const listed = (res.body.data.accounts as { accountId: string }[]).map((a) => a.accountId);
      expect(listed).toEqual([kept1, kept3]);
      expect(res.body.meta).toEqual({ totalRecords: 2, totalPages: 1 });
    } finally {
      setup.refuse([]);
    }
  });

  it("when an account id has one character changed, then it is the family's unknown account and the upstream is never asked", async () => {
    const open = tampered(await gatewayIdOf(OPEN));
    setup.demo.received.length = 0;
    const banking = await call('GET', `/v1/banking/customer/${jane}/accounts/${open}`);
    expect({ status: banking.status, body: banking.body }).toEqual({
      status: 404,
      body: { error: 'Account not found' },
    });
    const fdx = await call('GET', `/fdx/v6/customer/${jane}/accounts/${open}`);
    expect({ status: fdx.status, body: fdx.body }).toEqual({
      status: 404,
      body: { code: 701, message: 'Account not found', debugMessage: `request ${REQUEST_ID}` },
    });
    expect(setup.demo.received).toEqual([]);
  });

  it("when a joint account's id given to one holder is used under the other, then it is unknown and the upstream is never asked", async () => {
    const joint = await gatewayIdOf(JOINT);
    setup.demo.received.length = 0;
    const res = await call('GET', `/v1/banking/customer/${john}/accounts/${joint}`);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 404,
      body: { error: 'Account not found' },
    });
    expect(setup.demo.received).toEqual([]);
  });

  it("when an account id of another instance's is used, then it is unknown and the upstream is never asked", async () => {
    // The banking instance's id of an account the FDX instance serves from the same core.
    const open = await gatewayIdOf(OPEN);
    setup.demo.received.length = 0;
    const res = await call('GET', `/fdx/v6/customer/${jane}/accounts/${open}`);
    expect({ status: res.status, body: res.body.code }).toEqual({ status: 404, body: 701 });
    expect(setup.demo.received).toEqual([]);
  });

  it("when statements are listed, then their ids and download links carry the gateway's ids and a link downloads its statement", async () => {
    const [account] = await setup.ids
      .of('fdx-core')
      .externalIds([{ kind: 'account', id: OPEN, customer: jane }]);
    const list = await call(
      'GET',
      `/fdx/v6/customer/${jane}/accounts/${account}/statements?limit=2`,
    );
    expect(list.status).toBe(200);
    expect(setup.demo.received[0]!.url).toBe(
      `/core/fdx/v6/customer/c-1001/accounts/${OPEN}/statements?limit=2`,
    );
    const statements = list.body.statements as {
      accountId: string;
      statementId: string;
      links: { href: string }[];
    }[];
    expect(statements).toHaveLength(2);
    expect(list.text).not.toContain('c-1001');
    expect(list.text).not.toContain(OPEN);
    for (const s of statements) {
      expect(s.statementId).toMatch(EXTERNAL_ID_PATTERN);
      expect(s.accountId).toBe(account);
      const href = s.links[0]!.href;
      expect(href).toBe(
        `${TEST_BASE_URL}/fdx/v6/customer/${jane}/accounts/${account}/statements/${s.statementId}`,
      );
      setup.demo.received.length = 0;
      const pdf = await call('GET', href.slice(TEST_BASE_URL.length));
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(setup.demo.received[0]!.url).toMatch(
        new RegExp(`^/core/fdx/v6/customer/c-1001/accounts/${OPEN}/statements/stmt-`),
      );
    }
  });

  it("when an upstream's paging links and Link header name its ids, then they carry the gateway's ids", async () => {
    const [account] = await setup.ids
      .of('energy-core')
      .externalIds([{ kind: 'account', id: ENERGY_ACCOUNT, customer: jane }]);
    const res = await call('GET', `/v1/energy/customer/${jane}/accounts/${account}/invoices`);
    expect(res.status).toBe(200);
    expect(setup.scripted.received[0]!.url).toBe(
      `/energy/customer/c-1001/accounts/${ENERGY_ACCOUNT}/invoices`,
    );
    const self = `${TEST_BASE_URL}/v1/energy/customer/${jane}/accounts/${account}/invoices`;
    expect(res.body).toEqual({
      data: { invoices: [{ accountId: account, invoiceNumber: 'inv-1', issueDate: '2026-05-01' }] },
      links: { self: `${self}?page=1`, next: `${self}?page=2`, first: 'page=1&page-size=1' },
      meta: { totalRecords: 2, totalPages: 2 },
    });
    expect(res.headers.get('link')).toBe(`<${self}?page=2>; rel="next"`);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(res.text)));
  });

  it('when a HEAD asks for a translated answer, then its headers are those of the GET', async () => {
    const [account] = await setup.ids
      .of('energy-core')
      .externalIds([{ kind: 'account', id: ENERGY_ACCOUNT, customer: jane }]);
    const target = `/v1/energy/customer/${jane}/accounts/${account}/invoices`;
    const [get, head] = [await call('GET', target), await call('HEAD', target)];
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect(setup.scripted.received.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it("when an upstream's success answer is not JSON, then it is 502 and none of it is passed on", async () => {
    const [account] = await setup.ids
      .of('energy-core')
      .externalIds([{ kind: 'account', id: PLAIN_ACCOUNT, customer: jane }]);
    const res = await call('GET', `/v1/energy/customer/${jane}/accounts/${account}/invoices`);
    expect(res.status).toBe(502);
    expect(res.text).not.toContain(PLAIN_ACCOUNT);
    expect(setup.scripted.received).toHaveLength(1);
  });
});
