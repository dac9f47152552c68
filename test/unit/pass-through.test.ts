/**
 * The pass-through proxies of a gateway: one per instance id, each family assigned once, each on
 * its instance's resilience stack.
 */
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import { GatewayMetrics } from '../../src/observability/metrics';
import type { CoreAdapter } from '../../src/ports';
import { passThroughProxies } from '../../src/proxy/pass-through';
import { memoryCacheStore } from '../../src/stores/cache';
import { redisKeys } from '../../src/stores/redis-keys';
import { type ResilientAdapter, withResilience } from '../helpers/core-call';
import { proxySettings } from '../helpers/upstream';

const stacksAsked: string[] = [];
const stacks: ResilientAdapter[] = [];
afterEach(() => {
  for (const stack of stacks.splice(0)) stack.close();
  stacksAsked.length = 0;
});

const deps = () => {
  const settings = configFrom({ LOG_LEVEL: 'silent' }).resilience;
  const metrics = new GatewayMetrics({ processMetrics: false });
  const logger = pino({ level: 'silent' });
  return {
    stackOf: (id: string) => {
      stacksAsked.push(id);
      const stack = withResilience({ id } as CoreAdapter, {
        settings,
        metrics,
        logger,
        cache: memoryCacheStore(10),
        keys: redisKeys({ namespace: 'unit' }),
        now: Date.now,
      });
      stacks.push(stack);
      return stack;
    },
    defaultTimeoutMs: settings.timeoutMs,
    metrics,
    logger,
  };
};
const settings = (baseUrl: string) => proxySettings('core', { baseUrl });

describe('pass-through proxies', () => {
  it('when two families name one instance, then they share its proxy and its stack; another id gets its own', async () => {
    const proxies = passThroughProxies(
      [
        { family: 'banking', id: 'cds', settings: settings('http://core/v1/banking') },
        { family: 'common', id: 'cds', settings: settings('http://core/v1/banking') },
        { family: 'fdx', id: 'fdx', settings: settings('http://core/fdx/v6') },
      ],
      deps(),
    );
    try {
      expect(proxies.byFamily.get('banking')).toBe(proxies.byFamily.get('common'));
      expect(proxies.byFamily.get('fdx')).not.toBe(proxies.byFamily.get('banking'));
      expect([...proxies.byId.keys()]).toEqual(['cds', 'fdx']);
      expect(proxies.byFamily.get('fdx')!.id).toBe('fdx');
      expect(stacksAsked).toEqual(['cds', 'fdx']);
    } finally {
      await proxies.close();
    }
  });

  it('when a family is assigned twice, or one id comes with different settings, then it is refused', () => {
    expect(() =>
      passThroughProxies(
        [
          { family: 'fdx', id: 'a', settings: settings('http://a/fdx/v6') },
          { family: 'fdx', id: 'b', settings: settings('http://b/fdx/v6') },
        ],
        deps(),
      ),
    ).toThrow('core family fdx is passed through twice');
    expect(() =>
      passThroughProxies(
        [
          { family: 'banking', id: 'a', settings: settings('http://a/v1/banking') },
          { family: 'energy', id: 'a', settings: settings('http://other/v1/energy') },
        ],
        deps(),
      ),
    ).toThrow('proxy instance a is given two different settings');
    expect(stacksAsked).toEqual([]);
  });
});
