/**
 * Holder authentication through the real app (docs/api.md, Authentication): every broken rule is 401
 * with its reason; one jti lets exactly one of 50 concurrent requests through, in memory and in
 * the real Redis.
 */
import crypto from 'node:crypto';
import { exportSPKI, importJWK, type KeyLike, SignJWT, UnsecuredJWT } from 'jose';
import { holderClaims, makeKey, signToken } from '../helpers/keys';
import { replayMemoryLongKept } from '../helpers/redis-server';
import { startGateway, TEST_BASE_URL, TEST_SUBDOMAIN, type TestGateway } from '../helpers/gateway';

const PATH = '/v1/common/customer/c-1001/detail';
const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('holder authentication', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw.close());

  const expect401 = async (headers: Record<string, string>, reason: string, path = PATH) => {
    const res = await gw.get(path, { headers });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 401,
      body: { error: reason },
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

  it('when the algorithm is asymmetric but not allowed (RS256), then it is 401 Algorithm not allowed', async () => {
    const rs = await makeKey('RS256');
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

describe('an unreachable replay store', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ REDIS_URL: 'redis://127.0.0.1:1' });
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
