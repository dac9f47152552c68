/**
 * `POST /v1/token` through the real app (docs/api.md, Platform endpoints): the three request forms, the
 * token's claims and lifetime against an injected clock, malformed requests, and the one answer
 * for unknown, wrong-secret and revoked clients.
 */
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { PLATFORM_TOKEN_LIFETIME_SECONDS } from '../../src/auth/platform-tokens';
import { startGateway, TEST_BASE_URL, type TestGateway } from '../helpers/gateway';
import {
  basicHeader,
  bearer,
  BOTH,
  platformDir,
  type PlatformDir,
  READ,
  requestToken,
  tokenFor,
  type TokenForm,
} from './platform-helpers';

const PRODUCTS = '/v1/data-provider/cdr/products';
const INVALID_CLIENT = {
  status: 401,
  body: { error: 'invalid_client', error_description: 'Client authentication failed' },
};
const invalidRequest = (description: string) => ({
  status: 400,
  body: { error: 'invalid_request', error_description: description },
});

describe('POST /v1/token', () => {
  let gw: TestGateway;
  let dir: PlatformDir;
  let clock = Date.UTC(2026, 0, 15, 9, 0, 0);
  let secret: string;
  beforeAll(async () => {
    dir = platformDir();
    gw = await startGateway(dir.env, { now: () => clock });
    ({ secret } = await dir.registry.create('acme', BOTH));
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  it.each<TokenForm>(['json', 'form', 'basic'])(
    'when the credentials come in the %s form, then a 900 s token with the client scopes is issued, not cacheable',
    async (form) => {
      const res = await requestToken(gw, form, 'acme', secret);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['expires_in', 'token']);
      expect(res.body.expires_in).toBe(900);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('pragma')).toBe('no-cache');
      const claims = decodeJwt(res.body.token);
      const iat = Math.floor(clock / 1000);
      expect(claims).toEqual({
        iss: TEST_BASE_URL,
        aud: `${TEST_BASE_URL}/v1/data-provider`,
        sub: 'acme',
        client_id: 'acme',
        scope: BOTH.join(' '),
        iat,
        exp: iat + PLATFORM_TOKEN_LIFETIME_SECONDS,
        jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(decodeProtectedHeader(res.body.token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    },
  );

  it('when two tokens are issued, then their jti differ', async () => {
    const a = decodeJwt(await tokenFor(gw, 'acme', secret));
    const b = decodeJwt(await tokenFor(gw, 'acme', secret));
    expect(a.jti).not.toBe(b.jti);
  });

  it('when a token is used 899 s after issue, then it passes; at 900 s and 901 s it is 401 Token expired', async () => {
    const issuedAt = clock;
    const token = await tokenFor(gw, 'acme', secret);
    try {
      clock = issuedAt + 899_000;
      expect((await gw.get(PRODUCTS, { headers: bearer(token) })).status).toBe(200);
      for (const seconds of [900, 901]) {
        clock = issuedAt + seconds * 1000;
        const res = await gw.get(PRODUCTS, { headers: bearer(token) });
        expect({ status: res.status, body: res.body }).toEqual({
          status: 401,
          body: { error: 'invalid_token', error_description: 'Token expired' },
        });
        expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      }
    } finally {
      clock = issuedAt;
    }
  });

  it('when the client id is unknown, the secret wrong, or the client revoked, then the answers are identical', async () => {
    const { secret: revokedSecret } = await dir.registry.create('gone', BOTH);
    await dir.registry.revoke('gone');
    for (const form of ['json', 'form', 'basic'] as const) {
      const answers = await Promise.all([
        requestToken(gw, form, 'nobody', secret),
        requestToken(gw, form, 'acme', `${secret}x`),
        requestToken(gw, form, 'gone', revokedSecret),
      ]);
      for (const res of answers) {
        expect({ status: res.status, body: res.body }).toEqual(INVALID_CLIENT);
        expect(res.text).toBe(answers[0]!.text);
      }
    }
  });

  it('when a client is revoked, then the tokens it holds stop working at once', async () => {
    const { secret: s } = await dir.registry.create('soon-revoked', [READ]);
    const token = await tokenFor(gw, 'soon-revoked', s);
    expect((await gw.get(PRODUCTS, { headers: bearer(token) })).status).toBe(200);
    await dir.registry.revoke('soon-revoked');
    const res = await gw.get(PRODUCTS, { headers: bearer(token) });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 401,
      body: { error: 'invalid_token', error_description: 'Token revoked' },
    });
  });

  it('when a secret is rotated, then the old secret fails and tokens issued before keep working', async () => {
    const { secret: old } = await dir.registry.create('rotating', [READ]);
    const token = await tokenFor(gw, 'rotating', old);
    const { secret: fresh } = await dir.registry.rotate('rotating');
    const withOld = await requestToken(gw, 'json', 'rotating', old);
    expect({ status: withOld.status, body: withOld.body }).toEqual(INVALID_CLIENT);
    expect((await requestToken(gw, 'json', 'rotating', fresh)).status).toBe(200);
    expect((await gw.get(PRODUCTS, { headers: bearer(token) })).status).toBe(200);
  });

  it('when the id and secret are url-encoded in HTTP Basic and the body repeats the same id, then it passes', async () => {
    const res = await gw.request('POST', '/v1/token', {
      headers: {
        authorization: basicHeader('acme', secret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      rawBody: 'grant_type=client_credentials&client_id=acme',
    });
    expect(res.status).toBe(200);
  });

  it.each<[string, Record<string, string>, string | undefined, string]>([
    [
      'the JSON body lacks client_secret',
      {},
      '{"client_id":"acme"}',
      'client_id and client_secret are required',
    ],
    ['the JSON body is an array', {}, '[]', 'The body must be a JSON object or a form'],
    [
      'client_id is a number',
      {},
      '{"client_id":1,"client_secret":"x"}',
      'client_id must be a string',
    ],
    [
      'grant_type is another grant',
      {},
      '{"grant_type":"password","client_id":"acme","client_secret":"x"}',
      'grant_type must be client_credentials',
    ],
    [
      'the form lacks grant_type',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'client_id=acme&client_secret=x',
      'grant_type is required',
    ],
    [
      'the form has grant_type=authorization_code',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=authorization_code&client_id=acme&client_secret=x',
      'grant_type must be client_credentials',
    ],
    [
      'HTTP Basic and a body secret are both given',
      {
        authorization: 'Basic YWNtZTp4',
        'content-type': 'application/x-www-form-urlencoded',
      },
      'grant_type=client_credentials&client_secret=x',
      'Use one client authentication method: HTTP Basic or the body, not both',
    ],
    [
      'HTTP Basic and the body name different clients',
      {
        authorization: 'Basic YWNtZTp4',
        'content-type': 'application/x-www-form-urlencoded',
      },
      'grant_type=client_credentials&client_id=other',
      'client_id in the body differs from the one in HTTP Basic',
    ],
    [
      'the Authorization header is a bearer token',
      { authorization: 'Bearer abc.def.ghi' },
      '{"client_id":"acme","client_secret":"x"}',
      'Only HTTP Basic client authentication is accepted here',
    ],
    [
      'HTTP Basic has no colon',
      { authorization: `Basic ${Buffer.from('acme').toString('base64')}` },
      '{}',
      'Malformed HTTP Basic credentials',
    ],
    [
      'client_id is longer than 256 characters',
      {},
      JSON.stringify({ client_id: 'a'.repeat(257), client_secret: 'x' }),
      'client_id is too long',
    ],
  ])('when %s, then it is 400 invalid_request', async (_case, headers, rawBody, description) => {
    const res = await gw.request('POST', '/v1/token', {
      headers: { authorization: '', 'content-type': 'application/json', ...headers },
      rawBody,
    });
    expect({ status: res.status, body: res.body }).toEqual(invalidRequest(description));
  });

  it('when the JSON is malformed, then it is 400 invalid_request', async () => {
    const res = await gw.request('POST', '/v1/token', {
      headers: { authorization: '', 'content-type': 'application/json' },
      rawBody: '{"client_id": ',
    });
    expect({ status: res.status, body: res.body }).toEqual(invalidRequest('Invalid field: body'));
  });

  it('when the body is text/plain, then it is 415 invalid_request', async () => {
    const res = await gw.request('POST', '/v1/token', {
      headers: { authorization: '', 'content-type': 'text/plain' },
      rawBody: 'client_id=acme',
    });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 415,
      body: { error: 'invalid_request', error_description: 'Unsupported media type' },
    });
  });
});

describe('platform bearer tokens', () => {
  let gw: TestGateway;
  let other: TestGateway;
  let dir: PlatformDir;
  let otherDir: PlatformDir;
  let token: string;
  beforeAll(async () => {
    dir = platformDir();
    otherDir = platformDir();
    gw = await startGateway(dir.env);
    other = await startGateway(otherDir.env);
    const { secret } = await dir.registry.create('acme', BOTH);
    token = await tokenFor(gw, 'acme', secret);
  });
  afterAll(async () => {
    await Promise.all([gw.close(), other.close()]);
    dir.remove();
    otherDir.remove();
  });

  const expectInvalidToken = async (headers: Record<string, string>, description: string) => {
    const res = await gw.get(PRODUCTS, { headers });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 401,
      body: { error: 'invalid_token', error_description: description },
    });
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  };

  it('when no Authorization header is sent, then it is 401 Missing bearer token', async () => {
    await expectInvalidToken({ authorization: '' }, 'Missing bearer token');
  });

  it.each([['Basic YWNtZTp4'], ['Bearer'], ['Bearer not-a-jwt'], ['bearer a.b.c']])(
    'when the header is %j, then it is 401 Malformed token',
    async (value) => {
      await expectInvalidToken({ authorization: value }, 'Malformed token');
    },
  );

  it('when the token signature is altered, then it is 401 Invalid token', async () => {
    const [h, p, s] = token.split('.');
    const flipped = `${s![0] === 'A' ? 'B' : 'A'}${s!.slice(1)}`;
    await expectInvalidToken(bearer(`${h}.${p}.${flipped}`), 'Invalid token');
  });

  it('when the token was signed by another gateway, then it is 401 Invalid token', async () => {
    const { secret } = await otherDir.registry.create('acme', BOTH);
    await expectInvalidToken(bearer(await tokenFor(other, 'acme', secret)), 'Invalid token');
  });

  it('when a holder JWT is presented, then it is 401 Invalid token', async () => {
    await expectInvalidToken(bearer(await gw.token(PRODUCTS)), 'Invalid token');
  });
});
