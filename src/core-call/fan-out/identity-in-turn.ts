/**
 * The consent flow's customer identity over several cores: the cores are asked one after the
 * other, in the search's order (customer-cores.ts), and the first identity answers. A core that
 * does not know the customer (404) or knows them without an identity (422) passes the question
 * on; any other answer (an identity, a refusal, a failure) ends it, so an identity never depends
 * on which core is up. When no core gives one: 422 `Customer cannot be identified` if some core
 * knows the customer, else 404 `Customer not found`.
 *
 * Why in turn and not at once: the common core answers nearly every identity, and a customer it
 * identifies costs the other cores nothing (docs/decisions/0070).
 */
import { CustomerNotFoundError, CustomerNotIdentifiableError } from '../../errors';
import type { CoreCall, Step } from '../core-call';

/** One core that can give a customer's identity. */
export interface IdentitySource {
  /** The adapter instance id. */
  id: string;
  /** The core's calls, through its own layers. */
  step: Step;
}

/** Whether `err` says the core cannot give this customer's identity, which another core may. */
const passesOn = (err: unknown): boolean =>
  err instanceof CustomerNotFoundError || err instanceof CustomerNotIdentifiableError;

/** The identity as one step over `sources`, asked in their order; undefined when none can. */
export function identityInTurn(sources: readonly IdentitySource[]): Step | undefined {
  if (sources.length === 0) return undefined;
  if (sources.length === 1) return sources[0]!.step;
  return async (call: CoreCall) => {
    let unidentifiable: unknown;
    for (const source of sources) {
      try {
        return await source.step(call);
      } catch (err) {
        if (!passesOn(err)) throw err;
        if (err instanceof CustomerNotIdentifiableError) unidentifiable ??= err;
      }
    }
    throw unidentifiable ?? new CustomerNotFoundError();
  };
}
