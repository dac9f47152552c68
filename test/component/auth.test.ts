/**
 * Holder authentication through the real app (docs/api.md, Authentication): every broken rule is 401
 * with its reason (403 with `HOLDER_AUTH_FAILURE_STATUS=403`, the same body and challenge); a key
 * verifies only its own algorithm; one jti lets exactly one of 50 concurrent requests through, in
 * memory and in the real Redis.
 */
import crypto from 'node:crypto';
import { exportSPKI, importJWK, type KeyLike, SignJWT, UnsecuredJWT } from 'jose';
import { holderClaims, makeKey, signToken, type TestKey } from '../helpers/keys';
import { captureLogger } from '../helpers/log-capture';
import { replayMemoryLongKept } from '../helpers/redis-server';
import {
  startGateway,
  TEST_BASE_URL,
  TEST_SUBDOMAIN,
  type TestGateway,
  type TestResponse,
} from '../helpers/gateway';
import { platformDir, type PlatformDir, requestToken } from './platform-helpers';

const PATH = '/v1/common/customer/c-1001/detail';
const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('holder authentication', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw.close());

  // RFC 6750: a rejected token is invalid_token; no token at all gets the bare challenge.
  const expect401 = async (headers: Record<string, string>, reason: string, path = PATH) => {
    const res = await gw.get(path, { headers });
    expect({
      status: res.status,
      body: res.body,
      challenge: res.headers.get('www-authenticate'),
    }).toEqual({
      status: 401,
      body: { error: reason },
      challenge: reason === 'Missing bearer token' ? 'Bearer' : 'Bearer error="invalid_token"',
    });
  };
  const claims = (opts: Parameters<typeof holderClaims>[2] = {}) =>
    holderClaims(TEST_SUBDOMAIN, TEST_BASE_URL + PATH, opts);

  it('when the token is valid, then the request passes', async () => {
    const res = await gw.get(PATH);
    expect(res.status).toBe(200);
  });

  it('when there is no Authorization header, then it is 401 Missing bearer token', async () => {
    await expect401({ authorization: '' }, 'Missing bearer token');
  });

  it.each([
    ['Basic dXNlcjpwYXNz'],
    ['Bearer'],
    ['Bearer not-a-jwt'],
    ['Bearer a.b.c.d'],
    ['bearer x.y.z'],
  ])('when the header is %j, then it is 401 Malformed token', async (value) => {
    await expect401({ authorization: value }, 'Malformed token');
  });

  it('when a signature is spelt with set trailing bits (the same bytes), then it is 401 Malformed token; spelt canonically, the same token passes', async () => {
    const token = await signToken(gw.key, claims());
    const [header, payload, signature] = token.split('.') as [string, string, string];
    // A 256-byte signature is 342 characters: the last one carries 4 unused bits.
    expect(signature.length % 4).toBe(2);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet[alphabet.indexOf(signature.at(-1)!) | 0b1111]!;
    const spelt = `${header}.${payload}.${signature.slice(0, -1)}${last}`;
    expect(Buffer.from(spelt.split('.')[2]!, 'base64url')).toEqual(
      Buffer.from(signature, 'base64url'),
    );
    await expect401(bearer(spelt), 'Malformed token');
    expect((await gw.get(PATH, { headers: bearer(token) })).status).toBe(200);
  });

  it('when the token is garbage in JWT form, then it is 401 Malformed token', async () => {
    await expect401(bearer('eyJub3QiOiJqc29uIn0.e30.c2ln'), 'Malformed token');
    await expect401(bearer('Zm9v.YmFy.YmF6'), 'Malformed token');
  });

  it('when exp is past beyond the 30 s tolerance, then it is 401 Token expired', async () => {
    await expect401(bearer(await signToken(gw.key, claims({ expiresIn: -31 }))), 'Token expired');
  });

  it('when exp is past but within the tolerance, then the request passes', async () => {
    const res = await gw.get(PATH, {
      headers: bearer(await signToken(gw.key, claims({ expiresIn: -20 }))),
    });
    expect(res.status).toBe(200);
  });

  it('when exp is further ahead than the maximum lifetime, then it is 401 Token lifetime too long', async () => {
    await expect401(
      bearer(await signToken(gw.key, claims({ expiresIn: 900 + 30 + 5 }))),
      'Token lifetime too long',
    );
  });

  it('when exp is exactly the maximum lifetime ahead, then the request passes', async () => {
    const res = await gw.get(PATH, {
      headers: bearer(await signToken(gw.key, claims({ expiresIn: 900 }))),
    });
    expect(res.status).toBe(200);
  });

  it('when exp is missing, then it is 401 Missing exp', async () => {
    await expect401(bearer(await signToken(gw.key, claims({ omit: ['exp'] }))), 'Missing exp');
  });

  it('when iss is not the holder subdomain, then it is 401 Invalid issuer', async () => {
    await expect401(
      bearer(await signToken(gw.key, claims({ iss: 'other-holder' }))),
      'Invalid issuer',
    );
  });

  it('when sub is not the holder subdomain, then it is 401 Invalid subject', async () => {
    await expect401(
      bearer(await signToken(gw.key, claims({ sub: 'other-holder' }))),
      'Invalid subject',
    );
  });

  it.each([
    ['the query string is included', `${TEST_BASE_URL}${PATH}?page=1`],
    ['another host is named', `https://other.example.test${PATH}`],
    ['another path is named', `${TEST_BASE_URL}/v1/common/customer/c-1002/detail`],
    ['a trailing slash is added', `${TEST_BASE_URL}${PATH}/`],
    ['the scheme differs', `http://holder.example.test${PATH}`],
  ])('when %s in aud, then it is 401 Invalid audience', async (_case, aud) => {
    await expect401(bearer(await signToken(gw.key, claims({ aud }))), 'Invalid audience');
  });

  it('when aud is missing, then it is 401 Invalid audience', async () => {
    await expect401(bearer(await signToken(gw.key, claims({ omit: ['aud'] }))), 'Invalid audience');
  });

  it('when aud is an array containing the resource URL, then the request passes', async () => {
    const res = await gw.get(PATH, {
      headers: bearer(
        await signToken(gw.key, claims({ aud: ['https://x.example', TEST_BASE_URL + PATH] })),
      ),
    });
    expect(res.status).toBe(200);
  });

  it('when the request carries a query, then aud is still the path without it', async () => {
    const res = await gw.get(`${PATH}?unused=1`);
    expect(res.status).toBe(200);
  });

  it('when the Host header names another host, then it takes no part in the check', async () => {
    const res = await gw.get(PATH, {
      headers: { host: 'attacker.example', ...bearer(await gw.token(PATH)) },
    });
    expect(res.status).toBe(200);
  });

  it('when jti is missing, then it is 401 Missing jti', async () => {
    await expect401(bearer(await signToken(gw.key, claims({ omit: ['jti'] }))), 'Missing jti');
  });

  it('when jti is not a string, then it is 401 Missing jti', async () => {
    await expect401(
      bearer(await signToken(gw.key, { ...claims(), jti: 42 as unknown as string })),
      'Missing jti',
    );
  });

  it('when a token is used twice, then the second use is 401 Token replayed', async () => {
    const token = await signToken(gw.key, claims());
    expect((await gw.get(PATH, { headers: bearer(token) })).status).toBe(200);
    await expect401(bearer(token), 'Token replayed');
  });

  it('when a token is rejected for another reason, then its jti is not burnt', async () => {
    const jti = crypto.randomUUID();
    await expect401(
      bearer(await signToken(gw.key, claims({ jti, iss: 'other' }))),
      'Invalid issuer',
    );
    expect(
      (await gw.get(PATH, { headers: bearer(await signToken(gw.key, claims({ jti }))) })).status,
    ).toBe(200);
  });

  it('when alg is none, then it is 401 Algorithm not allowed', async () => {
    const token = new UnsecuredJWT(claims()).encode();
    await expect401(bearer(token), 'Algorithm not allowed');
  });

  it('when the token is HS256 signed with the public key as secret, then it is 401 Algorithm not allowed', async () => {
    const pem = await exportSPKI((await importJWK(gw.key.publicJwk, 'PS256')) as KeyLike);
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256', kid: gw.key.kid })
      .sign(new TextEncoder().encode(pem));
    await expect401(bearer(token), 'Algorithm not allowed');
  });

  it('when the algorithm is asymmetric but not allowed (RS384), then it is 401 Algorithm not allowed', async () => {
    const rs = await makeKey('RS384');
    gw.jwks.keys.push(rs);
    await expect401(bearer(await signToken(rs, claims())), 'Algorithm not allowed');
  });

  it('when an ES256 key of the key set signs, then the request passes (ES256 is allowed by default)', async () => {
    const es = await makeKey('ES256');
    gw.jwks.keys.push(es);
    const res = await gw.get(PATH, { headers: bearer(await signToken(es, claims())) });
    expect(res.status).toBe(200);
  });

  it('when the signature does not verify, then it is 401 Invalid signature', async () => {
    const impostor = await makeKey('PS256', gw.key.kid);
    await expect401(bearer(await signToken(impostor, claims())), 'Invalid signature');
  });

  it('when the kid is unknown, then it is 401 Unknown signing key and the key set is refetched at most once per cooldown', async () => {
    const before = gw.jwks.hits;
    const stranger = await makeKey('PS256', 'kid-nobody-published');
    for (let i = 0; i < 5; i += 1)
      await expect401(bearer(await signToken(stranger, claims())), 'Unknown signing key');
    expect(gw.jwks.hits - before).toBeLessThanOrEqual(1);
  });

  it('when the kid is not a string, then it is 401 Malformed token and the key set is not refetched', async () => {
    const before = gw.jwks.hits;
    for (const kid of [123, null, ['a'], { k: 1 }]) {
      await expect401(
        bearer(await signToken(gw.key, claims(), { header: { kid } })),
        'Malformed token',
      );
    }
    expect(gw.jwks.hits).toBe(before);
  });

  it('when the kid is absent and a key of the set verifies the signature, then the request passes', async () => {
    const res = await gw.get(PATH, {
      headers: bearer(await signToken(gw.key, claims(), { header: { kid: undefined } })),
    });
    expect(res.status).toBe(200);
  });

  it('when the kid is absent and no key of the set verifies the signature, then it is 401 Invalid signature', async () => {
    const stranger = await makeKey('PS256');
    await expect401(
      bearer(await signToken(stranger, claims(), { header: { kid: undefined } })),
      'Invalid signature',
    );
  });

  it('when nbf is in the future beyond the tolerance, then it is 401 Token not yet valid', async () => {
    await expect401(
      bearer(await signToken(gw.key, { ...claims(), nbf: Math.floor(Date.now() / 1000) + 120 })),
      'Token not yet valid',
    );
  });

  it('when a 401 is answered, then the response carries no customer data', async () => {
    const res = await gw.get(PATH, { headers: { authorization: '' } });
    expect(res.text).toBe('{"error":"Missing bearer token"}');
  });
});

/** A key as a key set may list it without `alg`: it then verifies any algorithm of its type. */
const withoutAlg = (key: TestKey, kid: string): TestKey => ({
  ...key,
  kid,
  publicJwk: { ...key.publicJwk, kid, alg: undefined },
});

/** Publishes more keys in the gateway's key set, and has the gateway read the set again. */
async function publish(gw: TestGateway, ...keys: TestKey[]): Promise<void> {
  gw.jwks.keys.push(...keys);
  expect(await gw.gateway.keySet.warmUp()).toBe(true);
}

/** A token for PATH signed by `key`, its header naming `alg` and `kid` as given. */
const signedAs = (key: TestKey, alg: string, kid: string) =>
  signToken(key, holderClaims(TEST_SUBDOMAIN, TEST_BASE_URL + PATH), { header: { alg, kid } });

/** What a refusal shows a caller: status, body and challenge. */
const refusal = (res: TestResponse) => ({
  status: res.status,
  body: res.body,
  challenge: res.headers.get('www-authenticate'),
});

const INVALID_TOKEN_CHALLENGE = 'Bearer error="invalid_token"';

describe('the algorithm a key verifies, with the default JWT_ALGORITHMS', () => {
  let gw: TestGateway;
  let rs: TestKey;
  let rsWithoutAlg: TestKey;
  let es: TestKey;
  beforeAll(async () => {
    gw = await startGateway();
    rs = await makeKey('RS256');
    rsWithoutAlg = withoutAlg(await makeKey('RS256'), 'rsa-without-alg');
    es = await makeKey('ES256');
    await publish(gw, rs, rsWithoutAlg, es);
  });
  afterAll(() => gw.close());

  const status = async (token: string) => (await gw.get(PATH, { headers: bearer(token) })).status;
  const answer = async (token: string) => refusal(await gw.get(PATH, { headers: bearer(token) }));
  const NOT_ALLOWED = {
    status: 401,
    body: { error: 'Algorithm not allowed' },
    challenge: INVALID_TOKEN_CHALLENGE,
  };

  it('when an RSA key of the key set signs RS256 and nothing is set, then the request passes', async () => {
    expect(await status(await signedAs(rs, 'RS256', rs.kid))).toBe(200);
  });

  it('when an RSA key whose JWK has no alg signs RS256 or PS256, then both pass (its type decides)', async () => {
    expect({
      RS256: await status(await signedAs(rsWithoutAlg, 'RS256', rsWithoutAlg.kid)),
      PS256: await status(await signedAs(rsWithoutAlg, 'PS256', rsWithoutAlg.kid)),
    }).toEqual({ RS256: 200, PS256: 200 });
  });

  it('when an RS256 token names the kid of an RSA key whose JWK says alg PS256, then it is 401 Algorithm not allowed', async () => {
    // Signed by that very key: only the algorithm is not the key's (PS256 from it passes).
    expect(await answer(await signedAs(gw.key, 'RS256', gw.key.kid))).toEqual(NOT_ALLOWED);
    expect(await status(await signedAs(gw.key, 'PS256', gw.key.kid))).toBe(200);
  });

  it('when a PS256 token names the kid of an RSA key whose JWK says alg RS256, then it is 401 Algorithm not allowed', async () => {
    expect(await answer(await signedAs(rs, 'PS256', rs.kid))).toEqual(NOT_ALLOWED);
  });

  it.each<[string, () => Promise<string>]>([
    ['an ES256 token names the kid of an RSA key', () => signedAs(es, 'ES256', rs.kid)],
    [
      'an ES256 token names the kid of an RSA key whose JWK has no alg',
      () => signedAs(es, 'ES256', rsWithoutAlg.kid),
    ],
    ['an RS256 token names the kid of an EC key', () => signedAs(rs, 'RS256', es.kid)],
    ['a PS256 token names the kid of an EC key', () => signedAs(rs, 'PS256', es.kid)],
  ])('when %s, then it is 401 Algorithm not allowed', async (_case, token) => {
    expect(await answer(await token())).toEqual(NOT_ALLOWED);
  });
});

describe('with JWT_ALGORITHMS=PS256,ES256', () => {
  let gw: TestGateway;
  let rs: TestKey;
  beforeAll(async () => {
    gw = await startGateway({ JWT_ALGORITHMS: 'PS256,ES256' });
    rs = await makeKey('RS256');
    await publish(gw, rs);
  });
  afterAll(() => gw.close());

  it('when an RSA key of the key set signs RS256, then it is 401 Algorithm not allowed', async () => {
    const res = await gw.get(PATH, { headers: bearer(await signedAs(rs, 'RS256', rs.kid)) });
    expect(refusal(res)).toEqual({
      status: 401,
      body: { error: 'Algorithm not allowed' },
      challenge: INVALID_TOKEN_CHALLENGE,
    });
  });

  it('when the PS256 key signs, then the request passes', async () => {
    expect((await gw.get(PATH)).status).toBe(200);
  });
});

describe.each<[string, Record<string, string>, number]>([
  ['nothing set', {}, 401],
  ['HOLDER_AUTH_FAILURE_STATUS=401', { HOLDER_AUTH_FAILURE_STATUS: '401' }, 401],
  ['HOLDER_AUTH_FAILURE_STATUS=403', { HOLDER_AUTH_FAILURE_STATUS: '403' }, 403],
])('a refused holder token with %s', (_name, env, status) => {
  const AUTH_PATH = '/auth/v1/customer/c-1001/accounts';
  const FDX_PATH = '/fdx/v6/customer/c-1001/accounts/acc-b-1001-01/asset-transfer-networks';
  const capture = captureLogger('info');
  let gw: TestGateway;
  let dir: PlatformDir;
  beforeAll(async () => {
    dir = platformDir();
    gw = await startGateway({ ...env, ...dir.env }, { logger: capture.logger });
  });
  afterAll(async () => {
    await gw.close();
    dir.remove();
  });

  const answer = async (path: string, headers: Record<string, string>) =>
    refusal(await gw.get(path, { headers }));
  const expired = (path: string) => gw.token(path, { expiresIn: -31 });

  it(`when no token comes to a /v1 route, then it is ${status} Missing bearer token with the bare challenge`, async () => {
    expect(await answer(PATH, { authorization: '' })).toEqual({
      status,
      body: { error: 'Missing bearer token' },
      challenge: 'Bearer',
    });
  });

  it(`when an expired token comes to a /v1 route, then it is ${status} Token expired with the invalid_token challenge`, async () => {
    expect(await answer(PATH, bearer(await expired(PATH)))).toEqual({
      status,
      body: { error: 'Token expired' },
      challenge: INVALID_TOKEN_CHALLENGE,
    });
  });

  it(`when an /auth/v1 token names another path, then it is ${status} Invalid audience`, async () => {
    expect(await answer(AUTH_PATH, bearer(await gw.token(PATH)))).toEqual({
      status,
      body: { error: 'Invalid audience' },
      challenge: INVALID_TOKEN_CHALLENGE,
    });
  });

  it(`when a token is used twice, then the second use is ${status} Token replayed`, async () => {
    const token = await gw.token(PATH);
    expect((await gw.get(PATH, { headers: bearer(token) })).status).toBe(200);
    expect(await answer(PATH, bearer(token))).toEqual({
      status,
      body: { error: 'Token replayed' },
      challenge: INVALID_TOKEN_CHALLENGE,
    });
  });

  it(`when an FDX route refuses a token, then it is ${status} in the FDX body with code ${status}`, async () => {
    const requestId = `fdx-refused-${status}`;
    const headers = { 'x-request-id': requestId };
    expect(await answer(FDX_PATH, { ...headers, authorization: '' })).toEqual({
      status,
      body: { code: status, message: 'Missing bearer token', debugMessage: `request ${requestId}` },
      challenge: 'Bearer',
    });
    expect(await answer(FDX_PATH, { ...headers, ...bearer(await expired(FDX_PATH)) })).toEqual({
      status,
      body: { code: status, message: 'Token expired', debugMessage: `request ${requestId}` },
      challenge: INVALID_TOKEN_CHALLENGE,
    });
  });

  it('when a token is refused, then it is counted and logged by its reason slug and code, as with 401', async () => {
    const count = async () => {
      const text = await (await fetch(`${gw.origin}/metrics`)).text();
      return Number(/dhg_auth_failures_total\{reason="expired"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    const before = await count();
    const requestId = `refused-logged-${status}`;
    const res = await gw.get(PATH, {
      headers: { 'x-request-id': requestId, ...bearer(await expired(PATH)) },
    });
    expect(res.status).toBe(status);
    expect(await count()).toBe(before + 1);
    const lines = capture.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId === requestId && line.reason !== undefined);
    expect(lines.map((line) => [line.code, line.reason])).toEqual([
      ['GW_ERR_AUTH_UNAUTHORIZED', 'expired'],
    ]);
  });

  it('when the platform endpoints refuse a client or a token, then they answer 401 as always', async () => {
    const token = await requestToken(gw, 'json', 'nobody', 'wrong-secret');
    expect({ status: token.status, body: token.body }).toEqual({
      status: 401,
      body: { error: 'invalid_client', error_description: 'Client authentication failed' },
    });
    const products = await gw.get('/v1/data-provider/cdr/products', {
      headers: { authorization: '' },
    });
    expect(refusal(products)).toEqual({
      status: 401,
      body: { error: 'invalid_token', error_description: 'Missing bearer token' },
      challenge: INVALID_TOKEN_CHALLENGE,
    });
  });
});

describe.each<[string, { REDIS_URL?: string }]>([
  ['the in-process replay store', {}],
  ['the Redis replay store', { REDIS_URL }],
])('concurrent replays against %s', (_name, env) => {
  let gw: TestGateway;
  beforeAll(async () => {
    if (env.REDIS_URL) await replayMemoryLongKept(env.REDIS_URL, TEST_SUBDOMAIN);
    gw = await startGateway(env);
  });
  afterAll(() => gw.close());

  it('when 50 requests race with one jti, then exactly one passes and 49 are Token replayed', async () => {
    const token = await gw.token(PATH);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => gw.get(PATH, { headers: bearer(token) })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const rejected = results.filter((r) => r.status !== 200);
    expect(rejected).toHaveLength(49);
    for (const r of rejected)
      expect({ status: r.status, body: r.body }).toEqual({
        status: 401,
        body: { error: 'Token replayed' },
      });
  });
});

describe.each<[string, Record<string, string>]>([
  ['nothing else set', {}],
  ['HOLDER_AUTH_FAILURE_STATUS=403', { HOLDER_AUTH_FAILURE_STATUS: '403' }],
])('an unreachable replay store, with %s', (_name, env) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ ...env, REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => gw.close());

  it('when Redis cannot be reached, then the request is refused with 503 and Retry-After, never let through', async () => {
    const res = await gw.get(PATH);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 503,
      body: { error: 'Service unavailable' },
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
