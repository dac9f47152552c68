/**
 * The response-time tiers of the Consumer Data Standards' non-functional requirements: each route
 * declares the tier of its customer-present calls; a call without a customer present falls to
 * Unattended, except Large Payload and Unauthenticated calls, which keep their own tier.
 */

/** A tier, named as the standard's Get Metrics members are (also the `tier` metric label). */
export type ResponseTier =
  'highPriority' | 'lowPriority' | 'unattended' | 'largePayload' | 'unauthenticated';

/** What a route declares: its tier when a customer is present. */
export type DeclaredTier = Exclude<ResponseTier, 'unattended'>;

/** Every tier, in the order the standard lists them. */
export const RESPONSE_TIERS: readonly ResponseTier[] = [
  'highPriority',
  'lowPriority',
  'unattended',
  'largePayload',
  'unauthenticated',
];

/** The standard's threshold of each tier, milliseconds: 95% of calls per hour within it. */
export const TIER_THRESHOLD_MS: Readonly<Record<ResponseTier, number>> = {
  highPriority: 1000,
  lowPriority: 1500,
  unattended: 4000,
  largePayload: 6000,
  unauthenticated: 1500,
};

/** The header by which the platform says a customer is present (their IP address). */
export const CUSTOMER_PRESENT_HEADER = 'x-fapi-customer-ip-address';

/** The tiers of the unauthenticated aspects of the regime; every other tier is authenticated. */
export function isAuthenticatedTier(tier: ResponseTier): boolean {
  return tier !== 'unauthenticated';
}

/**
 * The tier of one call of a route declaring `declared`: High and Low Priority only while a
 * customer is present (the header, or `presentByDefault` when the platform does not forward it),
 * else Unattended.
 */
export function tierOfCall(
  declared: DeclaredTier,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  presentByDefault: boolean,
): ResponseTier {
  if (declared !== 'highPriority' && declared !== 'lowPriority') return declared;
  const header = headers[CUSTOMER_PRESENT_HEADER];
  const present = header === undefined ? presentByDefault : String(header).trim() !== '';
  return present ? declared : 'unattended';
}
