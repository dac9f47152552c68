/**
 * The consent flow's customer port over several cores. The search asks every core instance that
 * implements it at once and joins the answers: the core serving `common` first, then the others
 * in layout order (the customer service keeps each customer once, the first answer for an id).
 * Never a partial list: a core that cannot answer fails the whole search (503 or 504, as that
 * core's call failed), as the merged authorisation list does. The identity asks the same cores
 * in the same order, one after the other (customer-identity.ts), so that a customer any core's
 * search found is one some core can identify.
 */
import type { CallContext, CustomerPort, CustomerSearchResult } from '../ports';
import { identityInTurn, type IdentitySource } from './customer-identity';

/** One core that can search its customers by email. */
export interface SearchSource {
  /** The adapter instance id. */
  id: string;
  search: NonNullable<CustomerPort['searchCustomersByEmail']>;
}

/** The search over `sources`, in their order; undefined when none can search. */
export function mergedCustomerSearch(
  sources: readonly SearchSource[],
): CustomerPort['searchCustomersByEmail'] {
  if (sources.length === 0) return undefined;
  return async (email: string, ctx: CallContext) => {
    const settled = await Promise.allSettled(sources.map((s) => s.search(email, ctx)));
    const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
    // In source order; each customer once is the customer service's step (uniqueCustomers),
    // which also covers one core naming a customer twice, as owner and as contact.
    return (settled as PromiseFulfilledResult<CustomerSearchResult[]>[]).flatMap((r) => r.value);
  };
}

/**
 * The customer port of a composed adapter: `common`'s detail, the merged search, and the identity
 * of the first core that can give it.
 */
export function composedCustomerPort(
  common: CustomerPort,
  searchSources: readonly SearchSource[],
  identitySources: readonly IdentitySource[],
): CustomerPort {
  const search = mergedCustomerSearch(searchSources);
  const identity = identityInTurn(identitySources);
  return {
    getCustomerDetail: (customerId, ctx) => common.getCustomerDetail(customerId, ctx),
    ...(identity ? { getCustomerIdentity: identity } : {}),
    ...(search ? { searchCustomersByEmail: search } : {}),
  };
}
