/** The pass-through proxies of a gateway: one per instance id, each family assigned once. */
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import { passThroughProxies } from '../../src/http/proxy/pass-through';
import { GatewayMetrics } from '../../src/observability/metrics';
import { proxySettings } from '../helpers/upstream';

const deps = () => ({
  resilience: configFrom({ LOG_LEVEL: 'silent' }).resilience,
  metrics: new GatewayMetrics({ processMetrics: false }),
  logger: pino({ level: 'silent' }),
});
const settings = (baseUrl: string) => proxySettings('core', { baseUrl });

describe('pass-through proxies', () => {
  it('when two families name one instance, then they share its proxy; another id gets its own', () => {
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
    } finally {
      proxies.close();
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
  });
});
