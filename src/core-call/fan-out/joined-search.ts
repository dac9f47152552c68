/**
 * The consent flow's customer search over several cores: every core of customers whose adapter
 * can search is asked at once, and the answers are joined in the cores' order (the core serving
 * `common` first: customer-cores.ts). The customer service keeps each customer once, the first
 * answer for an id. Never a partial list: a core that cannot answer fails the whole search (503
 * or 504, as that core's call failed), as the merged authorisation list does.
 */
import type { CustomerSearchResult } from '../../ports';
import type { CoreCall, Step } from '../core-call';

/** One core that can search its customers by email. */
export interface SearchSource {
  /** The adapter instance id. */
  id: string;
  /** The core's calls, through its own layers. */
  step: Step;
}

/** The search as one step over `sources`, in their order; undefined when none can search. */
export function joinedSearch(sources: readonly SearchSource[]): Step | undefined {
  if (sources.length === 0) return undefined;
  return async (call: CoreCall) => {
    const settled = await Promise.allSettled(sources.map((s) => s.step(call)));
    const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
    // In source order; each customer once is the customer service's step (uniqueCustomers),
    // which also covers one core naming a customer twice, as owner and as contact.
    return (settled as PromiseFulfilledResult<CustomerSearchResult[]>[]).flatMap((r) => r.value);
  };
}
