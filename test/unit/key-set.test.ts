/** The remote key set: refetch on unknown kid at most once per cooldown; bounded stale serving. */
import { errors } from 'jose';
import { readyKeySet, remoteKeySet } from '../../src/auth/key-set';
import { GatewayError } from '../../src/errors';
import { makeKey } from '../helpers/keys';
import { startJwksServer, type JwksServer } from '../helpers/gateway';

describe('remote key set', () => {
  let server: JwksServer;
  let clock: number;
  const now = () => clock;
  const options = () => ({
    url: server.url,
    cooldownSeconds: 30,
    maxAgeSeconds: 300,
    maxStaleSeconds: 600,
    timeoutMs: 2000,
    now,
  });

  beforeEach(async () => {
    clock = 1_000_000;
    server = await startJwksServer([await makeKey('PS256', 'k1')]);
  });
  afterEach(() => server.close());

  const header = (kid: string) => ({ alg: 'PS256', kid });
  const token = { payload: new Uint8Array(), signature: new Uint8Array() } as never;

  it('when the key set URL fails, then the error names the URL', async () => {
    server.failWith = 503;
    const failures: unknown[] = [];
    const ks = remoteKeySet({ ...options(), onFetch: (_outcome, err) => failures.push(err) });
    expect(await ks.warmUp()).toBe(false);
    expect(failures.map((e) => (e as Error).message)).toEqual([
      `key set ${server.url}: answered 503`,
    ]);
  });

  it('when a known kid is asked twice, then the key set is fetched once', async () => {
    const ks = remoteKeySet(options());
    await ks.getKey(header('k1'), token);
    await ks.getKey(header('k1'), token);
    expect(server.hits).toBe(1);
    expect(ks.isReady()).toBe(true);
  });

  it('when an unknown kid is asked repeatedly, then the set is refetched at most once per cooldown', async () => {
    const ks = remoteKeySet(options());
    await ks.warmUp();
    for (let i = 0; i < 10; i += 1)
      await expect(ks.getKey(header('k2'), token)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    expect(server.hits).toBe(2);
    clock += 31_000;
    await expect(ks.getKey(header('k2'), token)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    expect(server.hits).toBe(3);
  });

  it('when a new key is published, then an unknown kid finds it after one refetch', async () => {
    const ks = remoteKeySet(options());
    await ks.warmUp();
    server.keys.push(await makeKey('PS256', 'k2'));
    await expect(ks.getKey(header('k2'), token)).resolves.toBeDefined();
  });

  it('when the key set URL fails, then the last good keys keep serving up to the stale bound, and then 503', async () => {
    const ks = remoteKeySet(options());
    await ks.warmUp();
    server.failWith = 500;
    const start = clock;
    clock = start + 301_000; // due for refresh: the refresh fails, stale keys serve
    await expect(ks.getKey(header('k1'), token)).resolves.toBeDefined();
    clock = start + (300 + 600) * 1000; // the last moment inside max age + max stale
    await expect(ks.getKey(header('k1'), token)).resolves.toBeDefined();
    clock = start + (300 + 600) * 1000 + 1; // past the bound
    const failure = await Promise.resolve(ks.getKey(header('k1'), token)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(GatewayError);
    expect((failure as GatewayError).status).toBe(503);
    expect(ks.isReady()).toBe(false);
  });

  it('when stale keys serve a lookup, then each such lookup is reported, and fresh or refused ones are not', async () => {
    let staleServes = 0;
    const ks = remoteKeySet({ ...options(), onStaleServe: () => (staleServes += 1) });
    await ks.warmUp();
    await ks.getKey(header('k1'), token);
    expect(staleServes).toBe(0);
    server.failWith = 500;
    const start = clock;
    clock = start + 301_000;
    await ks.getKey(header('k1'), token);
    await ks.getKey(header('k1'), token);
    expect(staleServes).toBe(2);
    clock = start + (300 + 600) * 1000 + 1;
    await expect(ks.getKey(header('k1'), token)).rejects.toBeInstanceOf(GatewayError);
    expect(staleServes).toBe(2);
  });

  it('when the key set URL comes back, then keys are fresh again', async () => {
    const ks = remoteKeySet(options());
    await ks.warmUp();
    server.failWith = 503;
    clock += 2_000_000;
    await expect(ks.getKey(header('k1'), token)).rejects.toBeInstanceOf(GatewayError);
    server.failWith = undefined;
    await expect(ks.getKey(header('k1'), token)).resolves.toBeDefined();
    expect(ks.isReady()).toBe(true);
  });

  it('when a known kid is asked for an algorithm its key does not take, then it is refused as not allowed, refetched at most once per cooldown, and a corrected key is found', async () => {
    const ks = remoteKeySet(options());
    await ks.warmUp();
    for (let i = 0; i < 5; i += 1)
      await expect(ks.getKey({ alg: 'RS256', kid: 'k1' }, token)).rejects.toBeInstanceOf(
        errors.JOSEAlgNotAllowed,
      );
    expect(server.hits).toBe(2);
    // The platform corrects its key's `alg`: the next refetch, past the cooldown, finds it.
    server.keys = [
      { ...server.keys[0]!, publicJwk: { ...server.keys[0]!.publicJwk, alg: 'RS256' } },
    ];
    clock += 31_000;
    await expect(ks.getKey({ alg: 'RS256', kid: 'k1' }, token)).resolves.toBeDefined();
    expect(server.hits).toBe(3);
  });

  it('when the key set was never fetched and the URL fails, then warm-up says so and lookups are 503', async () => {
    server.failWith = 500;
    const ks = remoteKeySet(options());
    expect(await ks.warmUp()).toBe(false);
    await expect(ks.getKey(header('k1'), token)).rejects.toMatchObject({ status: 503 });
  });
});

describe('ready key set', () => {
  it('when a kid is asked again, then the same key object answers, and an unknown kid is still refused each time', async () => {
    const es = await makeKey('ES256', 'e1');
    const ps = await makeKey('PS256', 'p1');
    const getKey = readyKeySet({ keys: [es.publicJwk, ps.publicJwk] });
    const token = { payload: '', signature: '' } as never;
    const first = await getKey({ alg: 'ES256', kid: 'e1' }, token);
    expect(await getKey({ alg: 'ES256', kid: 'e1' }, token)).toBe(first);
    expect(await getKey({ alg: 'PS256', kid: 'p1' }, token)).not.toBe(first);
    // Without a kid, the one key of the algorithm's type.
    expect(await getKey({ alg: 'ES256' }, token)).toBe(first);
    for (let i = 0; i < 2; i += 1) {
      await expect(getKey({ alg: 'ES256', kid: 'nope' }, token)).rejects.toBeInstanceOf(
        errors.JWKSNoMatchingKey,
      );
      // A kid of another algorithm's key is known, and refused for this algorithm.
      await expect(getKey({ alg: 'ES256', kid: 'p1' }, token)).rejects.toBeInstanceOf(
        errors.JOSEAlgNotAllowed,
      );
    }
  });

  describe('the algorithm a key verifies', () => {
    let getKey: ReturnType<typeof readyKeySet>;
    const token = { payload: '', signature: '' } as never;
    beforeAll(async () => {
      const rs = await makeKey('RS256', 'rs');
      const ps = await makeKey('PS256', 'ps');
      const es = await makeKey('ES256', 'es');
      getKey = readyKeySet({
        keys: [
          rs.publicJwk,
          ps.publicJwk,
          es.publicJwk,
          // Keys without `alg`: their type (and an EC key's curve) decides.
          { ...rs.publicJwk, kid: 'rsa-any', alg: undefined },
          { ...es.publicJwk, kid: 'p256-any', alg: undefined },
          // Not a signing key: its kid names no key a token can use.
          { ...rs.publicJwk, kid: 'rsa-enc', alg: undefined, use: 'enc' },
        ],
      });
    });

    it.each([
      ['RS256', 'rs', 'a key'],
      ['PS256', 'ps', 'a key'],
      ['ES256', 'es', 'a key'],
      ['RS256', 'rsa-any', 'a key'],
      ['PS256', 'rsa-any', 'a key'],
      ['ES256', 'p256-any', 'a key'],
      ['RS256', 'ps', 'algorithm not allowed'],
      ['PS256', 'rs', 'algorithm not allowed'],
      ['ES256', 'rs', 'algorithm not allowed'],
      ['ES256', 'rsa-any', 'algorithm not allowed'],
      ['RS256', 'es', 'algorithm not allowed'],
      ['PS256', 'p256-any', 'algorithm not allowed'],
      ['ES384', 'p256-any', 'algorithm not allowed'],
      ['RS256', 'rsa-enc', 'no matching key'],
      ['RS256', 'nobody', 'no matching key'],
    ])(
      'when a %s token names the kid %s, then the look-up answers %s',
      async (alg, kid, outcome) => {
        // Twice: the first answer is remembered for that algorithm and kid, and only for them.
        for (let i = 0; i < 2; i += 1) {
          const found = await Promise.resolve(getKey({ alg, kid }, token)).then(
            () => 'a key',
            (err: unknown) =>
              err instanceof errors.JOSEAlgNotAllowed
                ? 'algorithm not allowed'
                : err instanceof errors.JWKSNoMatchingKey
                  ? 'no matching key'
                  : err,
          );
          expect(found).toBe(outcome);
        }
      },
    );

    it('when a key was found for one algorithm, then a token of another naming the same kid is still refused', async () => {
      await expect(getKey({ alg: 'PS256', kid: 'ps' }, token)).resolves.toBeDefined();
      await expect(getKey({ alg: 'RS256', kid: 'ps' }, token)).rejects.toBeInstanceOf(
        errors.JOSEAlgNotAllowed,
      );
      const rs = await getKey({ alg: 'RS256', kid: 'rsa-any' }, token);
      expect(await getKey({ alg: 'PS256', kid: 'rsa-any' }, token)).not.toBe(rs);
    });
  });
});
