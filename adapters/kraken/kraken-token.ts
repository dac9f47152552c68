/**
 * The Kraken Token of the gateway: obtained with the `obtainKrakenToken` mutation from the
 * configured key, refreshed with the refresh token Kraken hands back (the key again once that has
 * expired or is refused), a margin before the token's `exp`. One refresh at a time: concurrent
 * callers wait for the same mutation (single flight), each still bound to its own signal. The
 * token, refresh token and key are never logged.
 */
import { CoreUnavailableError } from '@data-holder-gateway/adapter-sdk';
import type { KrakenConfig } from './kraken-config';

/** Sends the token mutation with one input; answers its `data` or throws the mapped error. */
export type ObtainToken = (input: Record<string, string>, signal: AbortSignal) => Promise<unknown>;

interface Held {
  token: string;
  /** Milliseconds since the epoch, from the token's `exp`. */
  expiresAt: number;
  refreshToken?: string;
  /** Milliseconds since the epoch. */
  refreshExpiresAt?: number;
}

/** Seconds-since-epoch `exp` of a JWT's payload segment, without verifying it. */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const exp: unknown = (
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        exp?: unknown;
      }
    ).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** Rejects when the signal fires, else settles as the promise does. */
function bound<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err as Error);
      },
    );
  });
}

export class KrakenTokens {
  private held?: Held;
  private inFlight?: Promise<Held>;

  constructor(
    private readonly config: KrakenConfig,
    private readonly obtain: ObtainToken,
    private readonly now: () => number = Date.now,
  ) {}

  /** A token valid for at least the refresh margin, obtaining one when needed. */
  async current(signal: AbortSignal): Promise<string> {
    const margin = this.config.tokenRefreshMarginSeconds * 1000;
    if (this.held && this.now() < this.held.expiresAt - margin) return this.held.token;
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = undefined;
    });
    return (await bound(this.inFlight, signal)).token;
  }

  /** Kraken said this token expired: the next call obtains another (unless one already did). */
  expired(token: string): void {
    if (this.held?.token === token) this.held = { ...this.held, expiresAt: 0 };
  }

  /** Forgets every token (shutdown). */
  clear(): void {
    this.held = undefined;
  }

  private async refresh(): Promise<Held> {
    // Not bound to one caller's signal: others wait for the same answer.
    const signal = AbortSignal.timeout(this.config.headersTimeoutMs + this.config.bodyTimeoutMs);
    const previous = this.held;
    if (previous?.refreshToken && (previous.refreshExpiresAt ?? 0) > this.now()) {
      try {
        return this.keep(await this.obtain({ refreshToken: previous.refreshToken }, signal));
      } catch (err) {
        // A refused refresh token is replaced through the key; an outage is not.
        if (!(err instanceof CoreUnavailableError) || err.retryAfterSeconds !== undefined)
          throw err;
      }
    }
    const input: Record<string, string> =
      this.config.apiKeyKind === 'organization'
        ? { organizationSecretKey: this.config.apiKey }
        : { APIKey: this.config.apiKey };
    return this.keep(await this.obtain(input, signal));
  }

  private keep(data: unknown): Held {
    const answer = (data as { obtainKrakenToken?: Record<string, unknown> | null })
      .obtainKrakenToken;
    const token = answer?.token;
    if (typeof token !== 'string' || token === '') {
      throw new Error('Kraken obtainKrakenToken answered no token');
    }
    const payload = answer?.payload as { exp?: unknown } | null | undefined;
    const exp = typeof payload?.exp === 'number' ? payload.exp : jwtExpiry(token);
    if (exp === undefined) throw new Error('Kraken obtainKrakenToken answered a token without exp');
    const refreshToken = typeof answer?.refreshToken === 'string' ? answer.refreshToken : undefined;
    // `refreshExpiresIn` is a Unix timestamp (seconds), despite its name.
    const refreshExpiresIn = answer?.refreshExpiresIn;
    this.held = {
      token,
      expiresAt: exp * 1000,
      ...(refreshToken ? { refreshToken } : {}),
      ...(typeof refreshExpiresIn === 'number'
        ? { refreshExpiresAt: refreshExpiresIn * 1000 }
        : {}),
    };
    return this.held;
  }
}
