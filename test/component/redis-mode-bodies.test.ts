/**
 * Every answer in Redis mode has a body. The replay store, the rate limits and the platform client
 * registry live in one redis-server of the test's own, the cache (encrypted) in another; many
 * concurrent requests go to every holder endpoint and to the platform token and product list,
 * cache hits and misses mixed, while each Redis answers, is paused (SIGSTOP) or is killed and
 * started again. Every 2xx answer must carry a JSON body valid against its route's contract,
 * except the documented empty answers (FDX RESTRICTED accounts: 200 with no body); every other
 * answer a JSON error body; no request may go unanswered, and no rejection or exception may go
 * unhandled (it would stop the process, cutting every request in flight).
 *
 * The gateway runs on an injected clock: the replay store refuses tokens that could predate its
 * memory (a new Redis), so the clock steps past the longest token lifetime after each new memory,
 * and steps of a few seconds move cache entries from fresh to stale.
 */
import crypto from 'node:crypto';
import Redis from 'ioredis';
import {
  PLATFORM_SCOPES,
  PlatformClientRegistry,
  RedisClientStore,
  redisClientsKey,
} from '../../src/auth/platform-clients';
import { redisKeysOf } from '../../src/stores/redis-keys';
import { contractErrors } from '../helpers/contracts';
import { startGateway, type TestGateway } from '../helpers/gateway';
import { type OwnRedis, startOwnRedis } from '../helpers/redis-server';
import { waitFor } from '../helpers/wait';

const C = 'c-1001';
const C2 = 'c-1002';
const ids = (...accountIds: string[]) => ({ data: { accountIds } });
const WINDOW = 'startTime=2026-01-01&endTime=2026-11-20';
const fdx = (accountId: string, what: string) =>
  `/fdx/v6/customer/${C}/accounts/${accountId}/${what}`;

interface Call {
  op: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** A documented empty 200 (FDX RESTRICTED account). */
  empty?: boolean;
  /** Holder token (default), the platform client's access token, or its credentials in the body. */
  auth?: 'holder' | 'platform' | 'credentials';
}

/** Every holder endpoint, on two customers (so single-flight and cache keys differ). */
const CALLS: Call[] = [
  { op: 'listShareableAccounts', method: 'GET', path: `/auth/v1/customer/${C}/accounts` },
  { op: 'listShareableAccounts', method: 'GET', path: `/auth/v1/customer/${C2}/accounts` },
  { op: 'getCustomerDetail', method: 'GET', path: `/v1/common/customer/${C}/detail` },
  { op: 'getCustomerDetail', method: 'GET', path: `/v1/common/customer/${C2}/detail` },
  { op: 'listBankingAccounts', method: 'GET', path: `/v1/banking/customer/${C}/accounts` },
  {
    op: 'listSpecificBankingAccounts',
    method: 'POST',
    path: `/v1/banking/customer/${C}/accounts`,
    body: ids('acc-b-1001-01', 'acc-b-1001-02'),
  },
  {
    op: 'listInstalmentPlans',
    method: 'POST',
    path: `/v1/banking/customer/${C}/accounts/payments/plans?plan-status=ALL`,
    body: ids('acc-b-1001-01', 'acc-b-1001-02', 'acc-b-1001-10'),
  },
  {
    op: 'listInstalmentPlans',
    method: 'POST',
    path: `/v1/banking/customer/${C2}/accounts/payments/plans`,
    body: ids('acc-b-1002-02'),
  },
  {
    op: 'listDirectDebits',
    method: 'POST',
    path: `/v1/banking/customer/${C}/accounts/direct-debits`,
    body: ids('acc-b-1001-01', 'acc-b-1001-03'),
  },
  {
    op: 'listBalances',
    method: 'POST',
    path: `/v1/banking/customer/${C}/accounts/balances`,
    body: ids('acc-b-1001-01', 'acc-b-1001-02', 'acc-b-1001-03'),
  },
  {
    op: 'listScheduledPaymentsForAccount',
    method: 'GET',
    path: `/v1/banking/customer/${C}/accounts/acc-b-1001-01/payments/scheduled`,
  },
  {
    op: 'listScheduledPayments',
    method: 'POST',
    path: `/v1/banking/customer/${C}/payments/scheduled`,
    body: ids('acc-b-1001-01', 'acc-b-1001-02'),
  },
  { op: 'listPayees', method: 'GET', path: `/v1/banking/customer/${C}/payees` },
  { op: 'listEnergyAccounts', method: 'GET', path: `/v1/energy/customer/${C}/accounts` },
  {
    op: 'listSpecificEnergyAccounts',
    method: 'POST',
    path: `/v1/energy/customer/${C}/accounts`,
    body: ids('acc-e-1001-01', 'acc-e-1001-02'),
  },
  {
    op: 'listEnergyInvoices',
    method: 'POST',
    path: `/v1/energy/customer/${C}/accounts/invoices?oldest-date=2024-01-01`,
    body: ids('acc-e-1001-01', 'acc-e-1001-02'),
  },
  {
    op: 'listEnergyInvoicesForAccount',
    method: 'GET',
    path: `/v1/energy/customer/${C}/accounts/acc-e-1001-01/invoices?oldest-date=2024-01-01`,
  },
  {
    op: 'listEnergyConcessions',
    method: 'GET',
    path: `/v1/energy/customer/${C}/accounts/acc-e-1001-01/concessions`,
  },
  {
    op: 'listFdxTransactions',
    method: 'GET',
    path: `${fdx('acc-b-1001-01', 'transactions')}?${WINDOW}&limit=20`,
  },
  { op: 'listFdxStatements', method: 'GET', path: fdx('acc-b-1001-01', 'statements') },
  {
    op: 'listFdxAssetTransferNetworks',
    method: 'GET',
    path: fdx('acc-b-1001-01', 'asset-transfer-networks'),
  },
  {
    op: 'listFdxTransactions',
    method: 'GET',
    path: `${fdx('acc-b-1001-08', 'transactions')}?${WINDOW}`,
    empty: true,
  },
  { op: 'listFdxStatements', method: 'GET', path: fdx('acc-b-1001-08', 'statements'), empty: true },
  { op: 'createPlatformToken', method: 'POST', path: '/v1/token', auth: 'credentials' },
  { op: 'listProducts', method: 'GET', path: '/v1/data-provider/cdr/products', auth: 'platform' },
  {
    op: 'listProducts',
    method: 'GET',
    path: '/v1/data-provider/cdr/products?page_size=5',
    auth: 'platform',
  },
];

const CLIENT_ID = 'bodies-test-client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The gateway's Redis command timeout here. Above the default (500 ms): on a loaded machine a
 * burst of claims can wait that long for a Redis that answers, and this file is about bodies, not
 * about the timeout; the pauses below are measured against it.
 */
const COMMAND_TIMEOUT_MS = 2000;
/** A pause long enough for every command in flight to time out. */
const PAST_TIMEOUT_MS = COMMAND_TIMEOUT_MS + 700;

/** What went wrong with one answer, or undefined when it is as documented. */
type Check = (
  call: Call,
  status: number,
  text: string,
  contentType: string | null,
) => string | undefined;

describe('bodies in Redis mode', () => {
  let replay: OwnRedis;
  let cache: OwnRedis;
  let gw: TestGateway;
  let clock = Date.now();
  const now = () => clock;
  let clientSecret = '';
  let accessToken = '';
  /** Rejections and exceptions nobody handled: in production each one stops the process. */
  const unhandled: string[] = [];
  const onUnhandled = (err: unknown) => unhandled.push(String((err as Error)?.stack ?? err));

  const check: Check = (call, status, text, contentType) => {
    const where = `${call.method} ${call.path} -> ${status}`;
    if (status >= 200 && status < 300) {
      if (call.empty) return text === '' ? undefined : `${where}: body where none is documented`;
      if (text === '') return `${where}: empty body`;
      if (!contentType?.startsWith('application/json')) return `${where}: type ${contentType}`;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return `${where}: body is not JSON (${text.slice(0, 80)})`;
      }
      const route = gw.gateway.routes.find((r) => r.operationId === call.op)!;
      const errors = contractErrors(route.response, body);
      return errors.length ? `${where}: ${errors.join('; ')} (${text.slice(0, 200)})` : undefined;
    }
    if (text === '') return `${where}: empty error body`;
    try {
      const body = JSON.parse(text) as Record<string, unknown>;
      return 'error' in body || 'code' in body ? undefined : `${where}: not an error body ${text}`;
    } catch {
      return `${where}: error body is not JSON (${text.slice(0, 80)})`;
    }
  };

  const requestOf = async (call: Call): Promise<RequestInit> => {
    const json = { 'content-type': 'application/json' };
    switch (call.auth) {
      case 'credentials':
        return {
          method: call.method,
          headers: json,
          body: JSON.stringify({ client_id: CLIENT_ID, client_secret: clientSecret }),
        };
      case 'platform':
        return { method: call.method, headers: { authorization: `Bearer ${accessToken}` } };
      default:
        return {
          method: call.method,
          headers: {
            authorization: `Bearer ${await gw.token(call.path)}`,
            ...(call.body === undefined ? {} : json),
          },
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
        };
    }
  };

  /** Every call `times` times, each with its request (and its token) on the way. */
  const requests = (times: number) => {
    const all: [Call, Promise<RequestInit>][] = [];
    for (let i = 0; i < times; i += 1) for (const call of CALLS) all.push([call, requestOf(call)]);
    return all;
  };

  /** Sends requests at once, each when it is ready; the problems found, and the statuses seen. */
  type Sendable = readonly [Call, RequestInit | Promise<RequestInit>];
  const send = async (calls: readonly Sendable[]) => {
    const problems: string[] = [];
    const statuses: Record<number, number> = {};
    const one = async ([call, init]: Sendable) => {
      try {
        const res = await fetch(gw.origin + call.path, await init);
        answered += 1;
        const text = await res.text();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (call.auth === 'credentials' && res.status === 200) {
          accessToken = (JSON.parse(text) as { token: string }).token;
        }
        const problem = check(call, res.status, text, res.headers.get('content-type'));
        if (problem) problems.push(problem);
      } catch (err) {
        const cause = (err as { cause?: unknown }).cause;
        problems.push(`${call.method} ${call.path}: no answer (${String(cause ?? err)})`);
      }
    };
    await Promise.all(calls.map(one));
    return { problems, statuses };
  };

  /** Answers received so far (their status, the body may still be on its way). */
  let answered = 0;
  /** Resolves once the gateway has answered a request sent from now on: a burst is under way. */
  const underWay = () => {
    const before = answered;
    return waitFor(() => answered > before, 'a first answer of the burst');
  };

  /** Sends every call `times` times at once; the problems found, and the statuses seen. */
  const burst = (times: number) => send(requests(times));

  /** Requests of every call `times` times, their tokens signed, to be sent later at once. */
  const ready = (times: number) =>
    Promise.all(requests(times).map(async ([call, init]) => [call, await init] as const));

  const untilConnected = () =>
    waitFor(() => {
      const { redis, cacheRedis } = gw.gateway.readiness().dependencies;
      return redis && cacheRedis;
    }, 'the gateway reconnected to both Redis');

  /**
   * After a new replay Redis: the platform client is registered again, a first claim starts the
   * replay store's memory, and the clock passes every token that could predate it.
   */
  const newReplayMemory = async () => {
    await untilConnected();
    const client = new Redis(replay.url);
    try {
      const registry = new PlatformClientRegistry(
        new RedisClientStore(client, redisClientsKey(redisKeysOf(gw.gateway.config))),
        now,
      );
      const existing = await registry.active(CLIENT_ID);
      const issued = existing
        ? await registry.rotate(CLIENT_ID)
        : await registry.create(CLIENT_ID, PLATFORM_SCOPES);
      clientSecret = issued.secret;
    } finally {
      client.disconnect();
    }
    await gw.get(CALLS[2]!.path);
    clock += (900 + 30 + 1) * 1000;
    const res = await gw.request('POST', '/v1/token', {
      headers: { authorization: '' },
      body: { client_id: CLIENT_ID, client_secret: clientSecret },
    });
    accessToken = (res.body as { token: string }).token;
  };

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
    [replay, cache] = await Promise.all([startOwnRedis(), startOwnRedis()]);
    gw = await startGateway(
      {
        REDIS_URL: replay.url,
        CACHE_REDIS_URL: cache.url,
        REDIS_COMMAND_TIMEOUT_MS: COMMAND_TIMEOUT_MS,
        CACHE_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
        // Token requests are part of every burst: their limits are not the subject here.
        RATE_LIMIT_TOKEN_PER_CLIENT: 100_000,
        RATE_LIMIT_TOKEN_PER_ADDRESS: 100_000,
      },
      { now },
    );
    await newReplayMemory();
  }, 20_000);
  afterAll(async () => {
    await gw?.close();
    await replay?.stop();
    await cache?.stop();
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUnhandled);
  });
  afterEach(() => {
    expect(unhandled).toEqual([]);
  });

  /** Problems of all bursts, plus any status outside `allowed`. */
  const verdict = (results: Awaited<ReturnType<typeof burst>>[], allowed: number[]) => [
    ...results.flatMap((r) => r.problems),
    ...results
      .flatMap((r) => Object.keys(r.statuses).map(Number))
      .filter((status) => !allowed.includes(status))
      .map((status) => `unexpected status ${status}`),
  ];
  const seen = (results: Awaited<ReturnType<typeof burst>>[], status: number) =>
    results.some((r) => (r.statuses[status] ?? 0) > 0);

  it('when Redis answers, then every answer over cache misses and hits has its documented body', async () => {
    const results = [];
    for (let round = 0; round < 2; round += 1) {
      results.push(await burst(2));
      // Balances (5 s) are missed again while the rest are hits.
      clock += 6_000;
    }
    expect(verdict(results, [200])).toEqual([]);
  });

  it('when the cache Redis pauses and resumes mid-burst, then every answer is 200 with its documented body', async () => {
    const results = [];
    for (const [midBurst, resumeAfter] of [
      [false, 300], // paused at once; replies come late, within the command timeout
      [true, PAST_TIMEOUT_MS], // cache reads time out; writes queue until Redis resumes
    ] as const) {
      clock += 6_000;
      const started = underWay();
      const running = burst(2);
      if (midBurst) await started;
      cache.pause();
      await sleep(resumeAfter);
      cache.resume();
      results.push(await running);
    }
    results.push(await burst(1));
    expect(verdict(results, [200])).toEqual([]);
  });

  it('when the replay Redis pauses mid-burst, then every answer is 200 or 503 with its documented body', async () => {
    clock += 6_000;
    const sentWhilePaused = await ready(1);
    const started = underWay();
    const running = burst(2);
    await started;
    replay.pause();
    // Claims sent while Redis is stopped, their tokens signed beforehand: whatever the first burst
    // had claimed before the pause, these wait out the command timeout (behind any pipeline in
    // flight), and are all answered before Redis resumes, so 503s are certain.
    const pausedResults = await send(sentWhilePaused);
    replay.resume();
    const results = [await running, pausedResults, await burst(1)];
    expect(verdict(results, [200, 503])).toEqual([]);
    expect(seen(results, 503)).toBe(true);
  });

  it('when each Redis is killed and started again, then every answer has its documented body', async () => {
    const results = [];
    for (const redis of [cache, replay]) {
      clock += 6_000;
      const started = underWay();
      const during = burst(1);
      await started;
      await redis.stop();
      const down = await burst(1);
      await redis.start();
      // Only a new replay store needs a new memory (and the platform client registered again).
      await (redis === replay ? newReplayMemory() : untilConnected());
      results.push(await during, down, await burst(1));
    }
    expect(verdict(results, [200, 503])).toEqual([]);
    expect(seen(results, 503)).toBe(true);
  });
});
