/**
 * The holder verifier's protected headers (src/auth/holder-auth.ts): tokens that share a header
 * share one decoded, frozen header, and a header that does not decode is refused every time.
 */
import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTHeaderParameters } from 'jose';
import { AuthError, createHolderVerifier } from '../../src/auth/holder-auth';
import { staticKeySet } from '../../src/auth/key-set';
import type { ReplayStore } from '../../src/auth/replay-store';

const SUBDOMAIN = 'bank.example';
const BASE = 'https://gw.example';
const PATH = '/v1/common/customer/c-1/detail';

describe('protected headers of holder tokens', () => {
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  const headers: JWTHeaderParameters[] = [];

  async function verifier() {
    const pair = await generateKeyPair('ES256', { extractable: true });
    privateKey = pair.privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    const keys = staticKeySet({ keys: [jwk, { ...jwk, kid: 'k2' }] });
    const replayStore: ReplayStore = {
      claim: async () => ({ fresh: true }),
      close: async () => {},
    };
    return createHolderVerifier({
      keySet: {
        ...keys,
        // Records the header each look-up is given: the one the verifier decoded.
        getKey: (header, token) => {
          headers.push(header);
          return keys.getKey(header, token);
        },
      },
      replayStore,
      subdomain: SUBDOMAIN,
      publicBaseUrl: BASE,
      algorithms: ['ES256'],
      clockToleranceSeconds: 30,
      maxLifetimeSeconds: 900,
    });
  }

  const token = (kid: string) =>
    new SignJWT({ jti: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setIssuer(SUBDOMAIN)
      .setSubject(SUBDOMAIN)
      .setAudience(BASE + PATH)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);

  it('when tokens share a header, then they share one frozen decoded header; another header is its own', async () => {
    const verify = await verifier();
    headers.length = 0;
    for (const kid of ['k1', 'k1', 'k2']) {
      const verified = await verify(`Bearer ${await token(kid)}`, PATH);
      await verified.admission;
    }
    const [first, second, other] = headers as [JWTHeaderParameters, ...JWTHeaderParameters[]];
    expect(first).toEqual({ alg: 'ES256', kid: 'k1', typ: 'JWT' });
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(other).toEqual({ alg: 'ES256', kid: 'k2', typ: 'JWT' });
  });

  it('when a header does not decode, then the token is refused as malformed each time', async () => {
    const verify = await verifier();
    const [, payload, signature] = (await token('k1')).split('.');
    const bad = `${Buffer.from('{"alg":').toString('base64url')}.${payload}.${signature}`;
    for (let i = 0; i < 2; i += 1) {
      await expect(verify(`Bearer ${bad}`, PATH)).rejects.toEqual(expect.any(AuthError));
      await expect(verify(`Bearer ${bad}`, PATH)).rejects.toMatchObject({
        reason: 'malformed_token',
      });
    }
  });
});
