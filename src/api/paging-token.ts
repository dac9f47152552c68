/**
 * Opaque, tamper-evident paging tokens: FDX `offset` and the platform product `cursor`.
 *
 * A token is `base64url(JSON position) "." base64url(HMAC-SHA256(secret, scope "\n" payload))`.
 * The scope binds it to what it was issued for (operation, customer, account, filters), so a token
 * that was altered, made up, or issued for other filters does not verify.
 */
import crypto from 'node:crypto';

export class PagingTokens {
  private readonly key: Buffer;

  /** @param secret HMAC key; undefined: a random key for this process only. */
  constructor(secret?: string) {
    this.key = secret ? Buffer.from(secret, 'utf8') : crypto.randomBytes(32);
  }

  private mac(scope: string, payload: string): string {
    return crypto.createHmac('sha256', this.key).update(`${scope}\n${payload}`).digest('base64url');
  }

  /** Issues a token for `position` within `scope`. */
  issue(scope: string, position: unknown): string {
    const payload = Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
    return `${payload}.${this.mac(scope, payload)}`;
  }

  /** The position of a token issued for `scope`, or undefined when it was not. */
  verify(scope: string, token: unknown): unknown {
    if (typeof token !== 'string' || token.length > 4096) return undefined;
    const dot = token.indexOf('.');
    if (dot <= 0) return undefined;
    const payload = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'utf8');
    const expected = Buffer.from(this.mac(scope, payload), 'utf8');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
      return undefined;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    } catch {
      return undefined;
    }
  }
}
