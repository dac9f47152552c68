/**
 * SHADOW_ADAPTERS: its entries (src/config/shadow-layout.ts), the checks against the live layout
 * and the gateway's settings (src/config/config.ts), and the candidates created with their own
 * settings (src/adapters.ts, createShadowInstances).
 */
import pino from 'pino';
import {
  createCoreInstances,
  createShadowInstances,
  resolveShadowModules,
} from '../../src/adapters';
import { ConfigError, configFrom, readConfiguration } from '../../src/config/config';
import { coreLayoutOf } from '../../src/config/core-layout';
import { shadowLayoutOf } from '../../src/config/shadow-layout';

const silent = pino({ level: 'silent' });
const live = coreLayoutOf('fineract', 'energy:kraken').layout;

/** The configuration problems of `vars` (development keys, so that no other is required). */
const problemsOf = (vars: Record<string, string>) =>
  readConfiguration({ HOLDER_DEV_KEYS: 'true', ...vars }).problems;

/** Two Fineract cores' settings: the live one's and the candidate `next`'s. */
const FINERACT = {
  CORE_ADAPTER: 'fineract',
  FINERACT_BASE_URL: 'http://127.0.0.1:1/api',
  FINERACT_USERNAME: 'u',
  FINERACT_PASSWORD: 'p',
};
const NEXT = {
  NEXT_BASE_URL: 'http://127.0.0.1:2/api',
  NEXT_USERNAME: 'u2',
  NEXT_PASSWORD: 'p2',
};

describe('the shadow candidates of SHADOW_ADAPTERS', () => {
  it('when entries name candidates, then each is an instance with the families it shadows', () => {
    expect(shadowLayoutOf('banking:temenos,fdx:next=fineract,common:next=fineract', live)).toEqual({
      layout: {
        candidates: [
          { id: 'temenos', kind: 'temenos', families: ['banking'] },
          { id: 'next', kind: 'fineract', families: ['common', 'fdx'] },
        ],
      },
      problems: [],
    });
    expect(shadowLayoutOf(undefined, live)).toEqual({ layout: { candidates: [] }, problems: [] });
  });

  it('when entries are malformed, name an unknown family or a family twice, then each is a problem', () => {
    expect(
      shadowLayoutOf('banking, loans:x, banking:a, banking:b, fdx:./core.js, fdx:Bad=x', live)
        .problems,
    ).toEqual([
      'SHADOW_ADAPTERS: "banking" is not family:instance or family:instance=adapter',
      'SHADOW_ADAPTERS: unknown family "loans" (families: banking, energy, common, fdx, products)',
      'SHADOW_ADAPTERS: family "banking" is named more than once',
      'SHADOW_ADAPTERS: "fdx:./core.js" names no instance id; give one with fdx:<id>=./core.js',
      'SHADOW_ADAPTERS: instance id "Bad" must be lower-case letters, digits and dashes, starting with a letter',
    ]);
  });

  it('when a candidate is the live instance of its family or another live one, then it is refused', () => {
    expect(shadowLayoutOf('banking:fineract', live).problems).toEqual([
      'SHADOW_ADAPTERS: "fineract" is the live instance of banking; a candidate is another core, under an id of its own (banking:<id>=fineract)',
    ]);
    expect(shadowLayoutOf('banking:kraken', live).problems).toEqual([
      'SHADOW_ADAPTERS: "kraken" is a live instance\'s id; a candidate needs its own, or its settings and metrics would be the live one\'s (banking:<id>=kraken)',
    ]);
  });

  it('when one id names two adapters, then it is refused', () => {
    expect(shadowLayoutOf('banking:next=temenos,fdx:next=fineract', live).problems).toEqual([
      'SHADOW_ADAPTERS: instance id "next" names two adapters ("temenos" and "fineract"); give each its own id',
    ]);
  });

  it('when the configuration is read, then SHADOW_ADAPTERS is checked with the live layout and the gateway settings', () => {
    expect(problemsOf({ ...FINERACT, SHADOW_ADAPTERS: 'banking:fineract' })).toEqual([
      'SHADOW_ADAPTERS: "fineract" is the live instance of banking; a candidate is another core, under an id of its own (banking:<id>=fineract)',
    ]);
    expect(problemsOf({ ...FINERACT, SHADOW_ADAPTERS: 'banking:redis=temenos' })).toEqual([
      expect.stringMatching(
        /^SHADOW_ADAPTERS: adapter id "redis" would read gateway setting REDIS_\w+ as its own \(REDIS_\*\); choose another id$/,
      ),
    ]);
    expect(problemsOf({ ...FINERACT, SHADOW_ADAPTERS: 'banking:next=temenos' })).toEqual([]);
  });

  it('when a candidate is created, then its own settings are read and checked like a live instance’s', async () => {
    const config = configFrom({ HOLDER_DEV_KEYS: 'true', ...FINERACT, ...NEXT });
    const withShadow = {
      ...config,
      shadow: { ...config.shadow, adapters: 'banking:next=fineract' },
    };
    const [candidate] = await createShadowInstances(withShadow, silent);
    expect(candidate).toMatchObject({
      id: 'next',
      kind: 'fineract',
      families: ['banking'],
      block: { baseUrl: 'http://127.0.0.1:2/api' },
    });
    await candidate!.adapter.close?.();
    const missing = {
      ...withShadow,
      adapterSettings: { ...config.adapterSettings, NEXT_USERNAME: '' },
    };
    const problems = await createShadowInstances(missing, silent).catch(
      (err: ConfigError) => err.problems,
    );
    expect(problems).toEqual([expect.stringMatching(/^NEXT_USERNAME: /)]);
  });

  it('when a candidate has no port for the family it shadows, then it is refused naming SHADOW_ADAPTERS', async () => {
    const config = configFrom({
      HOLDER_DEV_KEYS: 'true',
      ...FINERACT,
      NEXT_BASE_URL: 'http://127.0.0.1:2/v1/graphql/',
      NEXT_API_KEY: 'k',
      NEXT_CUSTOMERS: '{}',
    });
    const withShadow = { ...config, shadow: { ...config.shadow, adapters: 'banking:next=kraken' } };
    await expect(createShadowInstances(withShadow, silent)).rejects.toThrow(
      'SHADOW_ADAPTERS: adapter "next" has no banking port for the banking family',
    );
  });

  it('when no candidate is named, then none is created', async () => {
    expect(await createShadowInstances(configFrom({}), silent)).toEqual([]);
    expect(resolveShadowModules(configFrom({}))).toEqual([]);
  });

  it('when the candidates are looked for without creating them, then their modules and ids are found', () => {
    const config = configFrom({ HOLDER_DEV_KEYS: 'true', ...FINERACT });
    const withShadow = {
      ...config,
      shadow: { ...config.shadow, adapters: 'banking:next=temenos' },
    };
    expect(resolveShadowModules(withShadow)).toEqual([
      expect.objectContaining({ id: 'next', kind: 'temenos', families: ['banking'] }),
    ]);
  });

  it("when a candidate's prefix extends a live instance's, then its variables are not the live one's unknowns", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({}, { write: (line: string) => lines.push(JSON.parse(line)) });
    const config = configFrom({
      HOLDER_DEV_KEYS: 'true',
      ...FINERACT,
      SHADOW_ADAPTERS: 'banking:fineract-b=fineract',
      FINERACT_B_BASE_URL: 'http://127.0.0.1:2/api',
    });
    const instances = await createCoreInstances(config, logger);
    await Promise.all(instances.map((i) => i.adapter.close?.()));
    expect(lines.filter((l) => l.variables)).toEqual([]);
  });
});
