/**
 * The simulator's Kraken Tokens: JWTs signed with HMAC-SHA256 under a per-process secret, with
 * `exp` a configurable number of seconds ahead, and opaque refresh tokens with their own expiry.
 * `expireAll` makes every token issued so far answer as expired (KT-CT-1120), as a real token
 * would once its `exp` has passed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type TokenCheck = 'valid' | 'expired' | 'invalid';

export interface IssuedToken {
  token: string;
  payload: { sub: string; iat: number; exp: number; iss: string };
  refreshToken: string;
  /** Unix seconds, as Kraken's `refreshExpiresIn`. */
  refreshExpiresIn: number;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export class SimTokens {
  private readonly secret = randomBytes(32);
  private readonly refreshTokens = new Map<string, number>();
  /** Tokens whose serial (`jti`) is at most this answer as expired. */
  private expiredUpTo = -1;
  private serial = 0;

  constructor(
    private readonly lifetimeSeconds: number,
    private readonly refreshLifetimeSeconds: number,
  ) {}

  issue(subject: string): IssuedToken {
    const now = Math.floor(Date.now() / 1000);
    this.serial += 1;
    const payload = {
      sub: subject,
      iat: now,
      exp: now + this.lifetimeSeconds,
      iss: 'kraken-sim',
      jti: this.serial,
    };
    const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
    const token = `${unsigned}.${this.sign(unsigned)}`;
    const refreshToken = randomBytes(24).toString('base64url');
    const refreshExpiresIn = now + this.refreshLifetimeSeconds;
    this.refreshTokens.set(refreshToken, refreshExpiresIn);
    return { token, payload, refreshToken, refreshExpiresIn };
  }

  /** Whether a refresh token was issued and has not expired; it can be used once. */
  useRefreshToken(refreshToken: string): boolean {
    const expires = this.refreshTokens.get(refreshToken);
    this.refreshTokens.delete(refreshToken);
    return expires !== undefined && expires > Date.now() / 1000;
  }

  check(header: string | undefined): TokenCheck {
    const parts = (header ?? '').split('.');
    if (parts.length !== 3) return 'invalid';
    const [head, body, signature] = parts as [string, string, string];
    const expected = Buffer.from(this.sign(`${head}.${body}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      exp: number;
      jti: number;
    };
    if (payload.jti <= this.expiredUpTo || payload.exp <= Date.now() / 1000) return 'expired';
    return 'valid';
  }

  /** Every token issued so far answers as expired from now on. */
  expireAll(): void {
    this.expiredUpTo = this.serial;
  }

  private sign(unsigned: string): string {
    return createHmac('sha256', this.secret).update(unsigned).digest('base64url');
  }
}
