/**
 * The shadow reads as the gateway assembles them (src/shadow/shadow-reads.ts): a candidate behind
 * its own uncached layers, asked in the shadow of the live reads of the families it shadows,
 * counted in the gateway's metrics and logged by path.
 */
import crypto from 'node:crypto';
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import type { CoreCall, Step } from '../../src/core-call/core-call';
import { CoreCallEvents, type CoreCallEvent } from '../../src/core-call/events';
import { GatewayMetrics } from '../../src/observability/metrics';
import type { CoreAdapter } from '../../src/ports';
import type { AliasLookup } from '../../src/ids/aliases';
import { OpaqueIds } from '../../src/ids/gateway-ids';
import { type CoreRef, IdCodec } from '../../src/ids/id-codec';
import { type Candidate, shadowReads, type ShadowReadsDeps } from '../../src/shadow/shadow-reads';
import { redisKeys } from '../../src/stores/redis-keys';
import { callOf, ctx, instanceOf } from '../helpers/fan-out';
import { waitFor } from '../helpers/wait';

const balances = (current: string) => [{ accountId: 'a-1', balance: { current } }];

/** A candidate core answering balances `current`, counting its calls. */
function candidateCore(current: string) {
  const asked: string[] = [];
  const adapter = {
    id: 'next-core',
    banking: {
      listBalances: async () => {
        asked.push('listBalances');
        return balances(current);
      },
    },
    customer: {
      getCustomerDetail: async () => {
        asked.push('getCustomerDetail');
        return {};
      },
    },
  } as unknown as CoreAdapter;
  return { adapter, asked };
}

function assembled(candidate: Candidate, more: Partial<ShadowReadsDeps> = {}) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  );
  const metrics = new GatewayMetrics({ processMetrics: false });
  const events = new CoreCallEvents();
  const heard: CoreCallEvent[] = [];
  events.on((event) => heard.push(event));
  const shadows = shadowReads(
    { adapters: 'banking:next', sample: 1, concurrency: 4 },
    [candidate],
    {
      settings: configFrom({}).resilience,
      keys: redisKeys({ namespace: 'unit', secret: 'k'.repeat(43) }),
      logger,
      now: Date.now,
      events,
      metrics,
      random: () => 0,
      ...more,
    },
  );
  return { shadows, metrics, lines, heard };
}

const live: Step = async (call: CoreCall) =>
  call.operation.name === 'banking.listBalances' ? balances('10.00') : {};
const listBalances = () => callOf('banking.listBalances', ['c-1', ['a-1']]);

async function countsOf(metrics: GatewayMetrics, name: 'shadowReads' | 'shadowDifferences') {
  return (await metrics[name].get()).values.map((v) => ({ ...v.labels, value: v.value }));
}

describe('the shadow reads of a candidate core', () => {
  it('when a read is asked twice, then the candidate is asked twice: nothing of it is cached', async () => {
    const core = candidateCore('10.00');
    const { shadows, metrics } = assembled({ id: 'next', families: ['banking'], ...core });
    const step = shadows.wrap(['banking', 'common'], live);
    await step(listBalances());
    await waitFor(() => core.asked.length === 1, 'the first shadow read');
    await step(listBalances());
    await waitFor(() => core.asked.length === 2, 'the second shadow read');
    await waitFor(async () => (await countsOf(metrics, 'shadowReads'))[0]?.value === 2, 'counts');
    expect(await countsOf(metrics, 'shadowReads')).toEqual([
      { family: 'banking', operation: 'banking.listBalances', outcome: 'same', value: 2 },
    ]);
    await shadows.close();
  });

  it('when the candidate answers otherwise, then the field is counted and its path logged, never its value', async () => {
    const core = candidateCore('99.99');
    const { shadows, metrics, lines } = assembled({ id: 'next', families: ['banking'], ...core });
    const answer = await shadows.wrap(['banking'], live)(listBalances());
    expect(answer).toEqual(balances('10.00'));
    await waitFor(async () => (await countsOf(metrics, 'shadowDifferences')).length, 'the count');
    expect(await countsOf(metrics, 'shadowDifferences')).toEqual([
      { route: 'banking.listBalances', field: '$[].balance.current', value: 1 },
    ]);
    const line = await waitFor(() => lines.find((l) => l.paths), 'the log line');
    expect(line).toMatchObject({
      adapter: 'next',
      shadow: true,
      operation: 'banking.listBalances',
      paths: ['$[0].balance.current'],
      more: 0,
    });
    expect(JSON.stringify(lines)).not.toMatch(/99\.99|10\.00|a-1/);
    await shadows.close();
  });

  it('when the candidate is asked, then its calls are its own instance’s, through its own circuits', async () => {
    const core = candidateCore('10.00');
    const { shadows, heard } = assembled({ id: 'next', families: ['banking'], ...core });
    await shadows.wrap(['banking'], live)(listBalances());
    await waitFor(() => heard.some((e) => e.type === 'attempt'), 'the attempt');
    expect(new Set(heard.map((e) => ('adapter' in e ? e.adapter : '')))).toEqual(new Set(['next']));
    expect(heard.some((e) => e.type === 'cache')).toBe(false);
    expect([...shadows.circuits.keys()]).toEqual(['next']);
    await shadows.close();
  });

  it('when an operation of a family without a candidate is asked, then only the live step answers', async () => {
    const core = candidateCore('10.00');
    const { shadows, metrics } = assembled({ id: 'next', families: ['banking'], ...core });
    const step = shadows.wrap(['banking', 'common'], live);
    await step(callOf('customer.getCustomerDetail', ['c-1']));
    await step(callOf('banking.listPayees', ['c-1']));
    // A shadowed read after them: once it is counted, theirs would have been too.
    await step(listBalances());
    await waitFor(async () => (await countsOf(metrics, 'shadowReads')).length, 'the shadow read');
    expect(core.asked).toEqual(['listBalances']);
    expect(await countsOf(metrics, 'shadowReads')).toEqual([
      { family: 'banking', operation: 'banking.listBalances', outcome: 'same', value: 1 },
    ]);
    await shadows.close();
  });

  it('when an instance serves no family with a candidate, then its step is kept as it is', async () => {
    const core = candidateCore('10.00');
    const { shadows } = assembled({ id: 'next', families: ['banking'], ...core });
    expect(shadows.wrap(['energy', 'common'], live)).toBe(live);
    await shadows.close();
  });

  it('when a served instance is wrapped, then its ports ask the candidate too', async () => {
    const core = candidateCore('10.00');
    const { shadows } = assembled({ id: 'next', families: ['banking'], ...core });
    const raw = {
      id: 'live-core',
      banking: { listBalances: async () => balances('10.00') },
    } as unknown as CoreAdapter;
    const instance = { ...instanceOf('live-core', ['banking'], raw), adapter: raw, raw };
    const wrapped = shadows.wrapInstance(instance);
    expect(await wrapped.adapter.banking!.listBalances('c-1', ['a-1'], ctx)).toEqual(
      balances('10.00'),
    );
    await waitFor(() => core.asked.length === 1, 'the shadow read');
    await shadows.close();
  });

  it('when the candidate names a migrated record by its own id, then the aliases give it the live id', async () => {
    // The old core's account acc-1 is the new core's N-1.
    const [old, next] = [
      { instance: 'old', id: 'acc-1' },
      { instance: 'next', id: 'N-1' },
    ];
    const same = (a: CoreRef, b: CoreRef) => a.instance === b.instance && a.id === b.id;
    const aliases: AliasLookup = {
      find: async (_kind, refs, direction) =>
        refs.map((r) => {
          if (direction === 'forward') return same(r, old) ? next : undefined;
          return same(r, next) ? old : undefined;
        }),
    };
    const ids = new OpaqueIds({ codec: new IdCodec(crypto.randomBytes(32)), aliases });
    const customer = ids.encode('customer', { instance: 'old', id: 'c-1' }, undefined);
    const account = ids.encode('account', old, customer);
    const record = (accountId: string) => ({
      accountId,
      currentBalance: '10.00',
      availableBalance: '10.00',
    });
    const asked: unknown[][] = [];
    const adapter = {
      id: 'next-core',
      banking: {
        listBalances: async (...args: unknown[]) => {
          asked.push(args.slice(0, -1));
          return [record('N-1')];
        },
      },
    } as unknown as CoreAdapter;
    const { shadows, metrics } = assembled({ id: 'next', families: ['banking'], adapter }, { ids });
    const step = shadows.wrap(['banking'], async () => [record(account)]);
    await step(callOf('banking.listBalances', [customer, [account]]));
    await waitFor(async () => (await countsOf(metrics, 'shadowReads')).length, 'the shadow read');
    expect(asked).toEqual([['c-1', ['N-1']]]);
    expect((await countsOf(metrics, 'shadowReads'))[0]).toMatchObject({ outcome: 'same' });
    await shadows.close();
  });
});
