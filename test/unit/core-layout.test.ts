/** CORE_ADAPTER and CORE_ADAPTERS: which adapter instance serves which port family. */
import { ConfigError, configFrom } from '../../src/config/config';
import { coreLayoutOf, isDemoOnly } from '../../src/config/core-layout';

const served = (coreAdapter: string, coreAdapters?: string) => {
  const { layout, problems } = coreLayoutOf(coreAdapter, coreAdapters);
  expect(problems).toEqual([]);
  return Object.fromEntries(
    Object.entries(layout!.servedBy).map(([family, i]) => {
      const { id, kind } = layout!.instances[i]!;
      return [family, id === kind ? kind : `${id ?? '?'}=${kind}`];
    }),
  );
};

const problemsOf = (vars: Record<string, string>): string[] => {
  try {
    configFrom({ HOLDER_DEV_KEYS: 'true', ...vars });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('the core layout', () => {
  it('when only CORE_ADAPTER is set, then one instance serves every family', () => {
    const { layout } = coreLayoutOf('fineract', undefined);
    expect(layout!.instances).toEqual([
      {
        id: 'fineract',
        kind: 'fineract',
        families: ['banking', 'energy', 'common', 'fdx', 'products'],
        named: [],
      },
    ]);
  });

  it('when CORE_ADAPTERS names some families, then CORE_ADAPTER serves the rest', () => {
    expect(served('demo', 'banking:fineract,energy:kraken,common:fineract')).toEqual({
      banking: 'fineract',
      energy: 'kraken',
      common: 'fineract',
      fdx: 'demo',
      products: 'demo',
    });
    const { layout } = coreLayoutOf('demo', 'banking:fineract,energy:kraken,common:fineract');
    expect(layout!.instances.map((i) => [i.id, i.families, i.named])).toEqual([
      ['fineract', ['banking', 'common'], ['banking', 'common']],
      ['kraken', ['energy'], ['energy']],
      ['demo', ['fdx', 'products'], []],
    ]);
  });

  it('when two entries give one adapter kind two ids, then they are two instances', () => {
    expect(served('demo', 'banking:retail=fineract,fdx:business=fineract')).toMatchObject({
      banking: 'retail=fineract',
      fdx: 'business=fineract',
      energy: 'demo',
    });
  });

  it('when the kind is a module path without an id, then the id is left to the module', () => {
    const { layout } = coreLayoutOf('demo', 'banking:./my-core.js,energy:./my-core.js');
    expect(layout!.instances[0]).toMatchObject({ id: undefined, kind: './my-core.js' });
    expect(layout!.instances[0]!.families).toEqual(['banking', 'energy']);
  });

  it.each([
    [
      'bank:fineract',
      'CORE_ADAPTERS: unknown family "bank" (families: banking, energy, common, fdx, products)',
    ],
    ['banking', 'CORE_ADAPTERS: "banking" is not family:adapter or family:id=adapter'],
    ['banking:fineract,banking:kraken', 'CORE_ADAPTERS: family "banking" is named more than once'],
    [
      'banking:Retail=fineract',
      'CORE_ADAPTERS: adapter id "Retail" must be lower-case letters, digits and dashes, starting with a letter',
    ],
    [
      'banking:x=fineract,energy:x=kraken',
      'CORE_ADAPTERS: adapter id "x" names two adapters ("fineract" and "kraken"); give each its own id',
    ],
  ])('when CORE_ADAPTERS is %s, then start-up stops naming it', (value, problem) => {
    expect(problemsOf({ CORE_ADAPTERS: value })).toEqual([problem]);
  });

  it('when an id would own a gateway setting, then start-up stops naming both', () => {
    expect(problemsOf({ CORE_ADAPTERS: 'banking:redis=fineract' })).toEqual([
      'CORE_ADAPTERS: adapter id "redis" would read gateway setting REDIS_URL as its own (REDIS_*); choose another id',
    ]);
  });

  it('when every family is the demo core (under any ids), then development mode applies', () => {
    expect(isDemoOnly(coreLayoutOf('demo', 'banking:bank=demo').layout)).toBe(true);
    expect(isDemoOnly(coreLayoutOf('demo', 'banking:fineract').layout)).toBe(false);
    // Outside development mode the platform's key set is required.
    expect(problemsOf({ CORE_ADAPTERS: 'banking:bank=demo', HOLDER_DEV_KEYS: 'false' })).toEqual(
      [],
    );
    expect(problemsOf({ CORE_ADAPTERS: 'banking:fineract', HOLDER_DEV_KEYS: 'false' })).toEqual([
      'HOLDER_SUBDOMAIN: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true',
      'HOLDER_JWKS_URL: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true',
      expect.stringMatching(/^ID_KEY_FILE: required with opaque ids/),
    ]);
  });

  it('when the configuration loads, then the layout lands as cores', () => {
    const config = configFrom({ CORE_ADAPTERS: 'energy:kraken', HOLDER_DEV_KEYS: 'true' });
    expect(config.cores.instances.map((i) => i.id)).toEqual(['kraken', 'demo']);
    expect(config.cores.servedBy.energy).toBe(0);
  });
});
