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

/**
 * The search as one step over `sources`, in their order; undefined when none can search.
 * @param personOf what one person's ids from several cores share (with opaque ids, each core's
 *   answer names them by an id of its own; one person has one core id in every core): each person
 *   is kept once, as the first core named them
 */
export function joinedSearch(
  sources: readonly SearchSource[],
  personOf: (id: string) => string = (id) => id,
): Step | undefined {
  if (sources.length === 0) return undefined;
  return async (call: CoreCall) => {
    const settled = await Promise.allSettled(sources.map((s) => s.step(call)));
    const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
    // In source order; one core naming a customer twice (owner and contact) is the customer
    // service's step (uniqueCustomers).
    const results = (settled as PromiseFulfilledResult<CustomerSearchResult[]>[]).map(
      (r) => r.value,
    );
    const seen = new Set<string>();
    return results.flatMap((found, i) => {
      const people = found.map((r) => personOf(r.id));
      const kept = found.filter((_r, n) => i === 0 || !seen.has(people[n]!));
      for (const person of people) seen.add(person);
      return kept;
    });
  };
}
