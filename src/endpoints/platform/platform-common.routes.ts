/**
 * What every platform route shares: the documented error answers, the answers of the limits
 * and stores, and the rule that a failing client store refuses rather than lets through.
 */
import type { DocumentedResponse, FamilyDefaults } from '../../routes/route-spec';
import { AuthUnavailableError, GatewayError } from '../../errors';

export const platformError = (description: string): DocumentedResponse => ({ description });

/** Failures of the registry's store (a file, Redis) refuse the request: 503, never let through. */
export async function storeCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof GatewayError) throw err;
    throw new AuthUnavailableError({ cause: err });
  }
}

/** What every platform route is: each names its own authentication. */
export const PLATFORM: FamilyDefaults = { family: 'platform', tags: ['Platform'], auth: 'none' };

/**
 * What every platform route shares beyond its family: its tier (no customer authorises these
 * calls: the standard's Unauthenticated tier) and the answers of the limits and stores.
 */
export const COMMON = {
  tier: 'unauthenticated' as const,
  query: [],
  responses: {
    429: platformError('Rate limited (rate_limited); see Retry-After'),
    503: platformError('Client registry or rate limit store unavailable; see Retry-After'),
  },
};
