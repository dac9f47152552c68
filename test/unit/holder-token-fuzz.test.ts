/**
 * A differential fuzzer of the holder token check. Tokens crafted from a fixed seed (mutated
 * signatures, headers and payloads, base64url edge cases, algorithm confusions, over ES, PS and
 * RS keys) go through the gateway's verifier (`createHolderVerifier`: the ECDSA short way and
 * jose) and through jose's `jwtVerify` with the options the gateway gives it. The gateway must
 * accept exactly the tokens jose accepts whose three parts are canonical base64url (RFC 7515
 * section 2: the URL-safe alphabet, no padding, unused trailing bits zero; jose 5 decodes
 * leniently, jose 6 refuses part of these) and whose claims meet the gateway's own rules (the
 * maximum lifetime, `iat` not ahead, a `jti` of 1 to 512 characters), and refuse the rest.
 */
import crypto, { type KeyObject } from 'node:crypto';
import {
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  type JWK,
  type JWTPayload,
} from 'jose';
import { seededRandom } from '@data-holder-gateway/adapter-sdk';
import { createHolderVerifier } from '../../src/auth/holder-auth';
import { staticKeySet } from '../../src/auth/key-set';

const SUBDOMAIN = 'bank.example';
const BASE = 'https://gw.example';
const PATH = '/v1/common/customer/c-1/detail';
const NOW_MS = 1_800_000_000_000;
const NOW = NOW_MS / 1000;
const TOLERANCE = 30;
const MAX_LIFETIME = 900;
const ALGORITHMS = ['ES256', 'ES384', 'ES512', 'PS256', 'RS256', 'RS384'];
const { randInt } = seededRandom(2026_0067);
const pick = <T>(items: readonly T[]): T => items[randInt(0, items.length - 1)]!;

/** RFC 4648 section 5 without padding, its unused trailing bits zero: one text per byte string. */
const CANONICAL =
  /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2}[AEIMQUYcgkosw048]|[A-Za-z0-9_-][AQgw])?$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

interface Signer {
  alg: string;
  kid: string;
  key: KeyObject;
}

/** The raw JWS signature of `input` by `alg` (ECDSA as r || s), whatever the header says. */
function signRaw(alg: string, key: KeyObject, input: string): Buffer {
  const data = Buffer.from(input);
  const digest = `sha${alg.slice(2)}`;
  if (alg.startsWith('ES')) return crypto.sign(digest, data, { key, dsaEncoding: 'ieee-p1363' });
  if (alg.startsWith('PS')) {
    const { RSA_PKCS1_PSS_PADDING: padding, RSA_PSS_SALTLEN_DIGEST: saltLength } = crypto.constants;
    return crypto.sign(digest, data, { key, padding, saltLength });
  }
  if (alg.startsWith('RS')) return crypto.sign(digest, data, key);
  return crypto.sign(null, data, key);
}

/**
 * A token of the given encoded header and payload, signed by `signer` over exactly them: as `alg`
 * when its key can make that algorithm's signature (PS with an RS key), else as its own.
 */
function compose(header: string, payload: string, signer: Signer, alg = signer.alg): string {
  const input = `${header}.${payload}`;
  let signature: Buffer;
  try {
    signature = signRaw(alg, signer.key, input);
  } catch {
    signature = signRaw(signer.alg, signer.key, input);
  }
  return `${input}.${signature.toString('base64url')}`;
}

const claims = (over: Record<string, unknown> = {}) => {
  const all: Record<string, unknown> = {
    iss: SUBDOMAIN,
    sub: SUBDOMAIN,
    aud: BASE + PATH,
    jti: crypto.randomUUID(),
    iat: NOW,
    exp: NOW + 300,
    ...over,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined));
};

/** Claims sets, most of them valid; the rest each break one rule of jose's or the gateway's. */
const CLAIM_VARIANTS: (() => Record<string, unknown>)[] = [
  ...Array.from({ length: 12 }, () => () => claims()),
  () => claims({ aud: ['x', BASE + PATH] }),
  () => claims({ aud: ['x'] }),
  () => claims({ aud: `${BASE + PATH}/` }),
  () => claims({ aud: undefined }),
  () => claims({ iss: 'other' }),
  () => claims({ sub: undefined }),
  () => claims({ jti: undefined }),
  () => claims({ jti: 7 }),
  () => claims({ jti: '' }),
  () => claims({ jti: 'j'.repeat(512) }),
  () => claims({ jti: 'j'.repeat(513) }),
  () => claims({ exp: undefined }),
  () => claims({ exp: String(NOW + 300) }),
  () => claims({ exp: NOW - TOLERANCE }),
  () => claims({ exp: NOW - TOLERANCE + 1 }),
  () => claims({ exp: NOW + MAX_LIFETIME + TOLERANCE }),
  () => claims({ exp: NOW + MAX_LIFETIME + TOLERANCE + 1 }),
  () => claims({ exp: NOW + 300.5 }),
  () => claims({ iat: 'now' }),
  () => claims({ iat: NOW + TOLERANCE }),
  () => claims({ iat: NOW + TOLERANCE + 1 }),
  () => claims({ iat: undefined }),
  () => claims({ nbf: NOW + TOLERANCE }),
  () => claims({ nbf: NOW + TOLERANCE + 1 }),
  () => claims({ nbf: 'soon' }),
  () => claims({ scope: 'x', cnf: { jkt: 'y' } }),
];

describe('the holder token check against jose, fuzzed', () => {
  /** Keys as the corpus picks them: the slower curves less often, to keep the run short. */
  let signers: Signer[];
  let allowed: Signer[];
  let validPool: [Signer, string, string, string][];
  let rsaPem: string;
  let joseKeys: ReturnType<typeof staticKeySet>;
  const keys: JWK[] = [];

  beforeAll(async () => {
    const make = async (alg: string, kid: string, listedAlg: string | undefined = alg) => {
      const pair = await generateKeyPair(alg, {
        extractable: true,
        ...(alg === 'EdDSA' ? { crv: 'Ed25519' } : {}),
      });
      keys.push({ ...(await exportJWK(pair.publicKey)), kid, alg: listedAlg, use: 'sig' });
      return { alg, kid, key: pair.privateKey as KeyObject };
    };
    const [es256, es384, es512, ps256, rs256] = [
      await make('ES256', 'es256'),
      await make('ES384', 'es384'),
      await make('ES512', 'es512'),
      await make('PS256', 'ps256'),
      await make('RS256', 'rs256'),
    ] as [Signer, Signer, Signer, Signer, Signer];
    allowed = [
      ...Array(7).fill(es256),
      es384,
      es384,
      es512,
      ...Array(3).fill(ps256),
      ...Array(3).fill(rs256),
    ];
    // A key of an algorithm not allowed, and keys listed without `alg` (their type decides).
    signers = [
      ...allowed,
      await make('EdDSA', 'ed'),
      await make('ES256', 'es-loose', undefined),
      await make('RS256', 'rsa-loose', undefined),
    ];
    validPool = Array.from({ length: 48 }, () => {
      const signer = pick(allowed);
      const header = b64({ alg: signer.alg, kid: signer.kid, typ: 'JWT' });
      const payload = b64(claims());
      return [signer, header, payload, compose(header, payload, signer)];
    });
    joseKeys = staticKeySet({ keys });
    rsaPem = crypto
      .createPublicKey(allowed[4]!.key)
      .export({ type: 'spki', format: 'pem' })
      .toString();
  });

  /** Headers for `signer`, most of them right; the rest confuse the algorithm or the key. */
  function headerFor(signer: Signer): { header: Record<string, unknown>; signAs?: string } {
    const other = pick(signers.filter((s) => s.kid !== signer.kid));
    const variants: (() => { header: Record<string, unknown>; signAs?: string })[] = [
      ...Array.from({ length: 10 }, () => () => ({
        header: { alg: signer.alg, kid: signer.kid, typ: 'JWT' },
      })),
      () => ({ header: { alg: signer.alg } }),
      () => ({ header: { alg: signer.alg, kid: 'unknown' } }),
      () => ({ header: { alg: signer.alg, kid: other.kid } }),
      () => ({ header: { alg: signer.alg, kid: 7 } }),
      () => ({ header: { alg: other.alg, kid: signer.kid }, signAs: signer.alg }),
      () => ({ header: { alg: other.alg, kid: signer.kid }, signAs: other.alg }),
      () => ({ header: { alg: signer.alg.toLowerCase(), kid: signer.kid } }),
      () => ({ header: { kid: signer.kid } }),
      () => ({ header: { alg: signer.alg, kid: signer.kid, crit: ['b64'], b64: false } }),
      () => ({ header: { alg: signer.alg, kid: signer.kid, crit: ['exp'] } }),
      () => ({ header: { alg: signer.alg, kid: signer.kid, crit: [] } }),
      () => ({ header: { alg: signer.alg, kid: signer.kid, b64: false } }),
      () => ({ header: { alg: signer.alg, kid: signer.kid, typ: 'at+jwt', jku: 'https://x' } }),
    ];
    return pick(variants)();
  }

  /** A signed token of random claims and header for a random signer (all of jose's shapes). */
  function signedToken(signer = pick(signers)): [string, string] {
    const { header, signAs } = headerFor(signer);
    const payload = pick(CLAIM_VARIANTS)();
    return [
      `signed by ${signer.kid} as ${JSON.stringify(header)}`,
      compose(b64(header), b64(payload), signer, signAs),
    ];
  }

  /** A valid token of a random allowed key, from a pool signed once (signing ES512 is slow). */
  function validToken(): [Signer, string, string, string] {
    return pick(validPool);
  }

  /** The same bytes in a text whose last character carries set trailing bits, when it has any. */
  function trailingBitsSet(text: string): string {
    const spare = [0, 0, 4, 2][text.length % 4]!;
    if (spare === 0) return `${text}A`; // no spare bits: a dangling character instead
    const last = ALPHABET.indexOf(text.at(-1)!);
    const changed = last | randInt(1, 2 ** spare - 1);
    return text.slice(0, -1) + ALPHABET[changed]!;
  }

  /** Signature mutations of a valid token: base64url edge cases and altered bytes. */
  function signatureMutation(): [string, string] {
    const [signer, h, p, token] = validToken();
    const sig = token.split('.')[2]!;
    const bytes = Buffer.from(sig, 'base64url');
    const at = randInt(0, sig.length);
    const insert = (c: string) => sig.slice(0, at) + c + sig.slice(at);
    const mutations: [string, () => string][] = [
      ['trailing bits set', () => trailingBitsSet(sig)],
      ['one character appended', () => sig + pick([...ALPHABET])],
      ['two characters appended', () => sig + pick([...ALPHABET]) + pick([...ALPHABET])],
      ['three characters appended', () => sig + 'AAA'],
      ['last character removed', () => sig.slice(0, -1)],
      ['padding', () => sig + pick(['=', '==', '==='])],
      [
        'a character outside the alphabet',
        () => insert(pick(['+', '/', '!', ' ', '\n', '=', '.'])),
      ],
      [
        'one bit flipped',
        () => {
          const copy = Buffer.from(bytes);
          copy[randInt(0, copy.length - 1)]! ^= 1 << randInt(0, 7);
          return copy.toString('base64url');
        },
      ],
      ['empty', () => ''],
      ['another token’s', () => validToken()[3].split('.')[2]!],
      [
        'halves swapped',
        () =>
          Buffer.concat([
            bytes.subarray(bytes.length / 2),
            bytes.subarray(0, bytes.length / 2),
          ]).toString('base64url'),
      ],
      ['in standard base64', () => bytes.toString('base64')],
      [
        'as DER',
        () =>
          signer.alg.startsWith('ES')
            ? crypto
                .sign(`sha${signer.alg.slice(2)}`, Buffer.from(`${h}.${p}`), signer.key)
                .toString('base64url')
            : sig,
      ],
      ['unchanged', () => sig],
    ];
    const [name, mutate] = pick(mutations);
    return [`${signer.kid} signature ${name}`, `${h}.${p}.${mutate()}`];
  }

  /** Header and payload texts, signed over as they are: encodings jose reads leniently, and odd JSON. */
  function textMutation(): [string, string] {
    const signer = pick(allowed);
    const header = { alg: signer.alg, kid: signer.kid };
    const texts: [string, () => [string, string]][] = [
      ['header with trailing bits set', () => [trailingBitsSet(b64(header)), b64(claims())]],
      ['payload with trailing bits set', () => [b64(header), trailingBitsSet(b64(claims()))]],
      [
        'payload with a dangling character',
        () => [b64(header), `${b64(claims())}${pick(['A', 'Q', 'w'])}`],
      ],
      ['header with a BOM', () => [b64(`\ufeff${JSON.stringify(header)}`), b64(claims())]],
      ['payload with a BOM', () => [b64(header), b64(`\ufeff${JSON.stringify(claims())}`)]],
      ['payload an array', () => [b64(header), b64([claims()])]],
      ['payload null', () => [b64(header), b64('null')]],
      ['payload a string', () => [b64(header), b64('"x"')]],
      ['payload not JSON', () => [b64(header), b64('{"iss":')]],
      ['payload empty', () => [b64(header), '']],
      [
        'payload with exp twice',
        () => [b64(header), b64(`${JSON.stringify(claims()).slice(0, -1)},"exp":${NOW - 3600}}`)],
      ],
      [
        'payload not UTF-8',
        () => [
          b64(header),
          Buffer.concat([
            Buffer.from(JSON.stringify(claims()).slice(0, -1)),
            Buffer.from(',"x":"\xff"}', 'latin1'),
          ]).toString('base64url'),
        ],
      ],
      ['header an array', () => [b64([header]), b64(claims())]],
      ['header not JSON', () => [b64('{"alg":'), b64(claims())]],
      [
        'header with alg twice',
        () => [b64(`{"alg":"none","kid":"${signer.kid}","alg":"${signer.alg}"}`), b64(claims())],
      ],
      ['header with spaces', () => [b64(JSON.stringify(header, null, 2)), b64(claims())]],
    ];
    const [name, make] = pick(texts);
    const [h, p] = make();
    return [`${signer.kid} ${name}`, compose(h, p, signer)];
  }

  /** Tokens that are not three parts, or mix parts, or use algorithms the gateway never allows. */
  function shapeMutation(): [string, string] {
    const [, h, p, token] = validToken();
    const sig = token.split('.')[2]!;
    const hmac = (alg: string, secret: string) =>
      `${b64({ alg, kid: 'rs256' })}.${p}.${crypto
        .createHmac(`sha${alg.slice(2)}`, secret)
        .update(`${b64({ alg, kid: 'rs256' })}.${p}`)
        .digest('base64url')}`;
    const shapes: [string, () => string][] = [
      ['two parts', () => `${h}.${p}`],
      ['four parts', () => `${token}.${sig}`],
      ['an empty header', () => `.${p}.${sig}`],
      ['another payload', () => `${h}.${b64(claims())}.${sig}`],
      ['another header', () => `${validToken()[1]}.${p}.${sig}`],
      ['alg none', () => `${b64({ alg: 'none' })}.${p}.`],
      ['HS256 keyed by the RSA public key', () => hmac('HS256', rsaPem)],
      ['whitespace around', () => ` ${token}`],
    ];
    const [name, make] = pick(shapes);
    return [name, make()];
  }

  /** What jose accepts, with the options the gateway gives it. */
  async function byJose(token: string): Promise<JWTPayload | undefined> {
    try {
      const { payload } = await jwtVerify(token, joseKeys.getKey, {
        algorithms: ALGORITHMS,
        issuer: SUBDOMAIN,
        subject: SUBDOMAIN,
        audience: BASE + PATH,
        clockTolerance: TOLERANCE,
        requiredClaims: ['exp', 'jti'],
        currentDate: new Date(NOW_MS),
      });
      return payload;
    } catch {
      return undefined;
    }
  }

  /**
   * The gateway's own rules beyond jose's (docs/api.md, Authentication of holder endpoints): a
   * `kid` is a string, the lifetime bounded, `iat` not ahead, a `jti` of 1 to 512 characters.
   */
  const gatewayRules = (token: string, payload: JWTPayload) =>
    ['string', 'undefined'].includes(typeof decodeProtectedHeader(token).kid) &&
    payload.exp! - NOW <= MAX_LIFETIME + TOLERANCE &&
    (payload.iat === undefined || payload.iat - NOW <= TOLERANCE) &&
    typeof payload.jti === 'string' &&
    payload.jti.length >= 1 &&
    payload.jti.length <= 512;

  const canonical = (token: string) => {
    const parts = token.split('.');
    return parts.length === 3 && parts[0] !== '' && parts.every((part) => CANONICAL.test(part));
  };

  it('when 2,100 crafted tokens are checked, then the gateway accepts exactly those jose accepts that are canonical and meet its own rules', async () => {
    const verify = createHolderVerifier({
      keySet: staticKeySet({ keys }),
      replayStore: { claim: async () => ({ fresh: true }), close: async () => {} },
      subdomain: SUBDOMAIN,
      publicBaseUrl: BASE,
      algorithms: ALGORITHMS,
      clockToleranceSeconds: TOLERANCE,
      maxLifetimeSeconds: MAX_LIFETIME,
      now: () => NOW_MS,
    });
    const kinds = [signedToken, signatureMutation, textMutation, shapeMutation];
    const corpus = Array.from({ length: 2100 }, () => pick(kinds)());
    const tally = { accepted: 0, refused: 0, lenientOnly: 0 };
    const disagreements: object[] = [];
    for (const [name, token] of corpus) {
      const jose = await byJose(token);
      const expected = jose !== undefined && canonical(token) && gatewayRules(token, jose);
      if (jose !== undefined && !canonical(token)) tally.lenientOnly += 1;
      const got = await verify(`Bearer ${token}`, PATH).then(
        async ({ claims: verified, admission }) => {
          await admission;
          return verified;
        },
        () => undefined,
      );
      const accepted = got !== undefined;
      tally[accepted ? 'accepted' : 'refused'] += 1;
      if (accepted !== expected) disagreements.push({ name, expected, accepted, token });
      else if (got) expect(got).toEqual({ jti: jose!.jti, exp: jose!.exp });
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
    // The corpus holds enough of each outcome for the comparison to mean something.
    expect(tally.accepted).toBeGreaterThan(300);
    expect(tally.refused).toBeGreaterThan(1000);
    expect(tally.lenientOnly).toBeGreaterThan(50);
  });
});
