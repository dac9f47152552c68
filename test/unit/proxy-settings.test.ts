/**
 * The configuration block of a pass-through instance, read as the gateway reads every adapter
 * block: `<ID>_<PROPERTY>` variables through the schema, defaults applied, every bad variable named.
 */
import { adapterConfigFrom } from '../../src/config/adapter-config';
import { ConfigError } from '../../src/config/config-error';
import {
  DEFAULT_FORWARD_HEADERS,
  DEFAULT_RESPONSE_HEADERS,
  proxySettingsFrom,
  proxySettingsSchema,
} from '../../src/proxy/proxy-settings';

const read = (variables: Record<string, string>) =>
  proxySettingsFrom(adapterConfigFrom('fdx-upstream', proxySettingsSchema, variables).config);

const problemsOf = (variables: Record<string, string>): string[] => {
  try {
    read(variables);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('pass-through settings', () => {
  it('when only the base URL is set, then the defaults apply', () => {
    expect(read({ FDX_UPSTREAM_BASE_URL: 'http://core:9000/fdx/v6' })).toEqual({
      baseUrl: 'http://core:9000/fdx/v6',
      forwardHeaders: [...DEFAULT_FORWARD_HEADERS],
      responseHeaders: [...DEFAULT_RESPONSE_HEADERS],
      headers: {},
      check: 'off',
    });
  });

  it('when every setting is given, then each is read from its variable', () => {
    expect(
      read({
        FDX_UPSTREAM_BASE_URL: 'https://core.example/api',
        FDX_UPSTREAM_AUTHORISATION_URL: 'https://core.example/cds',
        FDX_UPSTREAM_FORWARD_HEADERS: '["accept","x-v"]',
        FDX_UPSTREAM_RESPONSE_HEADERS: '["content-type"]',
        FDX_UPSTREAM_AUTHORIZATION: 'Basic dTpw',
        FDX_UPSTREAM_HEADERS: '{"x-api-key":"k-1"}',
        FDX_UPSTREAM_CHECK: 'log',
        FDX_UPSTREAM_TIMEOUT_MS: '2500',
      }),
    ).toEqual({
      baseUrl: 'https://core.example/api',
      authorisationUrl: 'https://core.example/cds',
      forwardHeaders: ['accept', 'x-v'],
      responseHeaders: ['content-type'],
      authorization: 'Basic dTpw',
      headers: { 'x-api-key': 'k-1' },
      check: 'log',
      timeoutMs: 2500,
    });
  });

  it("when the caller's credentials are listed as forwarded, then they are dropped all the same", () => {
    const settings = read({
      FDX_UPSTREAM_BASE_URL: 'http://core',
      FDX_UPSTREAM_FORWARD_HEADERS: '["authorization","cookie","proxy-authorization","accept"]',
    });
    expect(settings.forwardHeaders).toEqual(['accept']);
  });

  it('when the base URL is missing or not http(s), and other values are bad, then each variable is named', () => {
    expect(problemsOf({})).toEqual([expect.stringMatching(/^FDX_UPSTREAM_BASE_URL: required/)]);
    const problems = problemsOf({
      FDX_UPSTREAM_BASE_URL: 'ftp://core/files',
      FDX_UPSTREAM_CHECK: 'strict',
      FDX_UPSTREAM_TIMEOUT_MS: '0',
      FDX_UPSTREAM_FORWARD_HEADERS: '["Not A Header"]',
    });
    for (const name of ['BASE_URL', 'CHECK', 'TIMEOUT_MS', 'FORWARD_HEADERS']) {
      expect(problems.some((p) => p.startsWith(`FDX_UPSTREAM_${name}`))).toBe(true);
    }
  });
});
