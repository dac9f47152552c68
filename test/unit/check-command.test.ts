/** `data-holder-gateway check` over several cores: every instance's settings are checked. */
import { checkCommand } from '../../src/cli/check';

async function run(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await checkCommand([], { out: (t) => out.push(t), err: (t) => err.push(t) }, env);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const FINERACT = {
  FINERACT_BASE_URL: 'http://127.0.0.1:8443/fineract-provider/api',
  FINERACT_USERNAME: 'mifos',
  FINERACT_PASSWORD: 'password',
};
const KRAKEN = {
  KRAKEN_BASE_URL: 'http://127.0.0.1:8444/v1/graphql/',
  KRAKEN_API_KEY: 'sk_live_sim_kraken',
  KRAKEN_CUSTOMERS: '{"1":"301"}',
};

describe('check over several cores', () => {
  it("when every instance is configured, then it exits 0 naming each family's core", async () => {
    const res = await run({
      HOLDER_DEV_KEYS: 'true',
      CORE_ADAPTERS: 'banking:fineract,energy:kraken,common:fineract,fdx:business=fineract',
      ...FINERACT,
      ...KRAKEN,
      BUSINESS_BASE_URL: 'http://127.0.0.1:9443/fineract-provider/api',
      BUSINESS_USERNAME: 'mifos',
      BUSINESS_PASSWORD: 'password',
    });
    expect(res).toEqual({
      code: 0,
      out: 'configuration valid (core adapters banking+common:fineract, energy:kraken, fdx:business=fineract, products:demo)',
      err: '',
    });
  });

  it("when a second instance's settings are missing, then it exits 1 naming them by its id", async () => {
    const res = await run({
      HOLDER_DEV_KEYS: 'true',
      CORE_ADAPTERS: 'banking:fineract,fdx:business=fineract',
      ...FINERACT,
    });
    expect(res.code).toBe(1);
    expect(res.err.split('\n').slice(1).sort()).toEqual(
      [
        '  - BUSINESS_BASE_URL: required by adapter business',
        '  - BUSINESS_USERNAME: required by adapter business',
        '  - BUSINESS_PASSWORD: required by adapter business',
      ].sort(),
    );
  });

  it("when a shadow candidate's settings are missing, then it exits 1 naming them by its id", async () => {
    const res = await run({
      HOLDER_DEV_KEYS: 'true',
      CORE_ADAPTER: 'fineract',
      ...FINERACT,
      SHADOW_ADAPTERS: 'banking:cand=fineract',
      CAND_USERNAME: 'mifos',
    });
    expect(res).toEqual({
      code: 1,
      out: '',
      err: [
        'Invalid configuration:',
        '  - CAND_BASE_URL: required by adapter cand',
        '  - CAND_PASSWORD: required by adapter cand',
      ].join('\n'),
    });
  });

  it('when a shadow candidate is configured, then it exits 0', async () => {
    const res = await run({
      HOLDER_DEV_KEYS: 'true',
      CORE_ADAPTER: 'fineract',
      ...FINERACT,
      SHADOW_ADAPTERS: 'banking:cand=fineract',
      CAND_BASE_URL: 'http://127.0.0.1:9443/fineract-provider/api',
      CAND_USERNAME: 'mifos',
      CAND_PASSWORD: 'password',
    });
    expect(res).toEqual({ code: 0, out: 'configuration valid (core adapter fineract)', err: '' });
  });
});

describe('check of the proxy and Redis key settings', () => {
  it('when TRUST_PROXY is neither a hop count nor addresses, then it exits 1 naming the setting', async () => {
    const res = await run({ TRUST_PROXY: 'the-ingress' });
    expect(res).toEqual({
      code: 1,
      out: '',
      err: [
        'Invalid configuration:',
        '  - TRUST_PROXY: "the-ingress" is not a hop count, an IP address, a CIDR range or one of loopback, linklocal, uniquelocal',
      ].join('\n'),
    });
  });

  it('when TRUST_PROXY names the ingress range and a namespace is given, then it exits 0', async () => {
    const res = await run({ TRUST_PROXY: '10.244.0.0/16', REDIS_KEY_NAMESPACE: 'bank-staging' });
    expect(res).toEqual({ code: 0, out: 'configuration valid (core adapter demo)', err: '' });
  });
});
