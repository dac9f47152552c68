/**
 * Platform access tokens: the signing key (generated in demo mode, required otherwise, checked),
 * and issue/verify with the gateway's clock and no tolerance.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import {
  SCOPE_PRODUCTS_READ as READ,
  SCOPE_PRODUCTS_WRITE as WRITE,
} from '../../src/auth/platform-clients';
import {
  loadPlatformSigningKey,
  type PlatformSigningKey,
  PlatformTokens,
} from '../../src/auth/platform-tokens';
import { configFrom, ConfigError } from '../../src/config/config';
import { type GatewayError, InvalidTokenError } from '../../src/errors';

const BASE = 'https://holder.example.test';

describe('the platform signing key', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-platform-key-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('when demo mode has no key file configured, then one ES256 key is generated with mode 0600 and reused', async () => {
    const config = configFrom({ DEV_KEYS_DIR: dir });
    const first = await loadPlatformSigningKey(config);
    const file = path.join(dir, 'platform-signing-key.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.alg).toBe('ES256');
    const again = await loadPlatformSigningKey(config);
    expect(again.kid).toBe(first.kid);
  });

  it('when the core is not the demo and no key file is configured, then start-up fails naming PLATFORM_SIGNING_KEY_FILE', async () => {
    const config = configFrom({
      CORE_ADAPTER: 'other',
      HOLDER_SUBDOMAIN: 'h',
      HOLDER_JWKS_URL: 'https://platform.example/jwks.json',
      DEV_KEYS_DIR: dir,
      ID_ENCODING: 'raw',
    });
    const attempt = loadPlatformSigningKey(config);
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(
      'PLATFORM_SIGNING_KEY_FILE: required unless CORE_ADAPTER is demo or HOLDER_DEV_KEYS=true',
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it.each([
    ['not JSON', () => '{', 'cannot be read as a JSON Web Key'],
    [
      'a public key only',
      async () => {
        const { publicKey } = await generateKeyPair('ES256', { extractable: true });
        return JSON.stringify({ ...(await exportJWK(publicKey)), alg: 'ES256' });
      },
      'holds no private key',
    ],
    [
      'a symmetric key',
      () => JSON.stringify({ kty: 'oct', k: 'c2VjcmV0', alg: 'HS256' }),
      'has alg HS256',
    ],
  ])(
    'when the key file is %s, then start-up fails naming PLATFORM_SIGNING_KEY_FILE',
    async (_case, make, message) => {
      const file = path.join(dir, 'key.json');
      fs.writeFileSync(file, await make());
      const attempt = loadPlatformSigningKey(configFrom({ PLATFORM_SIGNING_KEY_FILE: file }));
      await expect(attempt).rejects.toBeInstanceOf(ConfigError);
      await expect(attempt).rejects.toThrow(`PLATFORM_SIGNING_KEY_FILE: ${file} ${message}`);
    },
  );
});

describe('platform tokens', () => {
  let key: PlatformSigningKey;
  let clock = Date.UTC(2026, 4, 1, 8, 0, 0);
  let tokens: PlatformTokens;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-platform-tokens-'));
    key = await loadPlatformSigningKey(configFrom({ DEV_KEYS_DIR: dir }));
    fs.rmSync(dir, { recursive: true, force: true });
    tokens = new PlatformTokens({
      key,
      issuer: BASE,
      audience: `${BASE}/v1/data-provider`,
      now: () => clock,
    });
  });

  const rejection = async (authorization: string | undefined) => {
    try {
      await tokens.verify(authorization);
    } catch (err) {
      expect(err).toBeInstanceOf(InvalidTokenError);
      return { message: (err as Error).message, headers: (err as GatewayError).headers };
    }
    throw new Error('the token was accepted');
  };

  it('when a token is issued and verified, then its client and scopes come back', async () => {
    const token = await tokens.issue('acme', [READ, WRITE]);
    await expect(tokens.verify(`Bearer ${token}`)).resolves.toEqual({
      clientId: 'acme',
      scopes: [READ, WRITE],
      issuedAt: clock / 1000,
      expiresAt: clock / 1000 + 900,
      jti: expect.any(String),
    });
  });

  it('when the clock reaches iat + 900, then the token is expired; one second before it is not', async () => {
    const start = clock;
    const token = await tokens.issue('acme', [READ]);
    try {
      clock = start + 899_999;
      await expect(tokens.verify(`Bearer ${token}`)).resolves.toMatchObject({ clientId: 'acme' });
      clock = start + 900_000;
      await expect(rejection(`Bearer ${token}`)).resolves.toEqual({
        message: 'Token expired',
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      });
    } finally {
      clock = start;
    }
  });

  it('when a JWT signed by the same key lacks the access-token type, then it is Invalid token', async () => {
    const now = Math.floor(clock / 1000);
    const forged = await new SignJWT({ scope: READ })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuer(BASE)
      .setAudience(`${BASE}/v1/data-provider`)
      .setSubject('acme')
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .setJti('j')
      .sign(key.privateKey);
    await expect(rejection(`Bearer ${forged}`)).resolves.toMatchObject({
      message: 'Invalid token',
    });
  });

  it('when the token was issued for another audience, then it is Invalid token', async () => {
    const other = new PlatformTokens({
      key,
      issuer: BASE,
      audience: 'https://elsewhere.example/v1/data-provider',
      now: () => clock,
    });
    const token = await other.issue('acme', [READ]);
    await expect(rejection(`Bearer ${token}`)).resolves.toMatchObject({ message: 'Invalid token' });
  });

  it('when the scope claim names unknown scopes, then only known ones are kept', async () => {
    const now = Math.floor(clock / 1000);
    const token = await new SignJWT({ scope: `admin ${WRITE} root` })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(BASE)
      .setAudience(`${BASE}/v1/data-provider`)
      .setSubject('acme')
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .setJti('j')
      .sign(key.privateKey);
    await expect(tokens.verify(`Bearer ${token}`)).resolves.toMatchObject({ scopes: [WRITE] });
  });

  it.each([
    [undefined, 'Missing bearer token'],
    ['', 'Missing bearer token'],
    ['Bearer', 'Malformed token'],
    ['Bearer a.b', 'Malformed token'],
    ['Token abc.def.ghi', 'Malformed token'],
  ])('when the header is %j, then it is %s', async (header, message) => {
    await expect(rejection(header)).resolves.toMatchObject({ message });
  });
});
