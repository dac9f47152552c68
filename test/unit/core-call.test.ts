/**
 * The core call as a value (src/core-call/): layers run in the order a list declares, each
 * decision is published once to every listener, and the declared lists are the ones the stack
 * runs (a read is looked up in the cache before its admission is awaited; a write never is).
 */
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import { type CoreCall, type Layer, through } from '../../src/core-call/core-call';
import { type CoreCallEvent, CoreCallEvents } from '../../src/core-call/events';
import { coreCallStack, LAYERS } from '../../src/core-call/stack';
import type { CoreAdapter } from '../../src/ports';
import { memoryCacheStore } from '../../src/stores/cache';
import { operations } from '../../src/ports/operations';
import { redisKeys } from '../../src/stores/redis-keys';

const listBalances = operations().find((op) => op.name === 'banking.listBalances')!;

describe('layers of a core call', () => {
  it('when layers are put through, then the first listed runs first and the last step last', async () => {
    const seen: string[] = [];
    const named =
      (name: string): Layer =>
      (next) =>
      (call) => {
        seen.push(name);
        return next(call);
      };
    const step = through([named('outer'), named('middle'), named('inner')], async () => {
      seen.push('core');
      return 'answer';
    });
    const call: CoreCall = {
      operation: listBalances,
      args: [],
      scope: { requestId: 'r', request: {} },
    };
    expect(await step(call)).toBe('answer');
    expect(seen).toEqual(['outer', 'middle', 'inner', 'core']);
  });

  it('when a listener is removed, then it hears nothing more, and the others still do', () => {
    const events = new CoreCallEvents();
    const first: CoreCallEvent[] = [];
    const second: CoreCallEvent[] = [];
    const off = events.on((e) => first.push(e));
    events.on((e) => second.push(e));
    const retry: CoreCallEvent = { type: 'retry', adapter: 'a', operation: 'o', attempt: 1 };
    events.publish(retry);
    off();
    events.publish(retry);
    expect([first.length, second.length]).toEqual([1, 2]);
  });

  it('when the lists are read, then reads look the cache up before admission and writes and passed-through requests never touch the cache', () => {
    expect(LAYERS.read.indexOf('cacheLookup')).toBeLessThan(LAYERS.read.indexOf('admission'));
    expect(LAYERS.read.indexOf('singleFlight')).toBeLessThan(LAYERS.read.indexOf('cacheFill'));
    for (const kind of ['write', 'stream', 'passThrough'] as const)
      expect(LAYERS[kind].filter((l) => l.startsWith('cache') || l === 'singleFlight')).toEqual([]);
    for (const kind of Object.keys(LAYERS) as (keyof typeof LAYERS)[])
      expect([LAYERS[kind][0], LAYERS[kind].at(-1)]).toEqual([
        'span',
        kind === 'passThrough' ? 'timeout' : 'answerCheck',
      ]);
  });

  it('when a read misses, then hits, then the stack publishes one miss, one success and one hit, in that order', async () => {
    const events = new CoreCallEvents();
    const heard: string[] = [];
    events.on((e) => heard.push(e.type === 'cache' ? `cache ${e.result}` : e.type));
    const adapter = {
      id: 'unit',
      banking: { listBalances: async () => [] },
    } as unknown as CoreAdapter;
    const stack = coreCallStack(adapter, {
      settings: configFrom({}).resilience,
      cache: memoryCacheStore(100),
      keys: redisKeys({ namespace: 'unit', secret: 'k'.repeat(43) }),
      logger: pino({ level: 'silent' }),
      now: Date.now,
      events,
    });
    const ctx = () => ({ signal: new AbortController().signal, requestId: 'r' });
    await stack.adapter.banking!.listBalances('c-1', ['a-1'], ctx());
    await stack.adapter.banking!.listBalances('c-1', ['a-1'], ctx());
    stack.close();
    expect(heard).toEqual(['cache miss', 'circuit_state', 'attempt', 'cache hit']);
  });
});
