/**
 * The authorisation list over several cores: every core that serves an account family (banking,
 * energy) is asked at once, and their lists are merged, banking first, each in its core's order.
 *
 * Never a silently partial list: a core that may hold the customer's accounts and cannot answer
 * fails the whole list (503 or 504, as that core's call failed). A core that does not know the
 * customer adds nothing; a customer no core knows is 404 `Customer not found`. Two cores that
 * list the same account id for one customer would make the list ambiguous, and later calls could
 * reach the wrong core's records: the list is refused (500, logged with both adapter ids).
 */
import type { Logger } from 'pino';
import { ACCOUNT_FAMILIES, type CoreFamily } from '../../config/core-layout';
import { createError, CustomerNotFoundError } from '../../errors';
import type { ShareableAccountRecord } from '../../ports';
import type { CoreCall, Step } from '../core-call';
import type { Instance } from './instance';

/** Two cores list the same account id for one customer: a holder's configuration error. */
export const AccountIdCollisionError = createError(
  'GW_ERR_CORE_ACCOUNT_ID_COLLISION',
  500,
  (adapters: string) => `cores ${adapters} list the same account id for one customer`,
  { expose: false },
);

/** One core's part of the list. */
export interface AccountSource {
  /** The adapter instance id (for the log). */
  id: string;
  /** The account families this core serves here, in list order. */
  families: readonly CoreFamily[];
  /** Whether the core also holds account families another core serves (filter by `industry`). */
  holdsOthers: boolean;
  /** The core's calls, through its own layers. */
  step: Step;
}

/** The account families an instance's adapter has operations for. */
const accountPortsOf = (instance: Instance): CoreFamily[] =>
  ACCOUNT_FAMILIES.filter((family) =>
    [...instance.operations].some((name) => name.startsWith(`${family}.`)),
  );

/** The sources of the authorisation list, banking's core first, each core once. */
export function accountSources(instances: readonly Instance[]): AccountSource[] {
  const sources: AccountSource[] = [];
  for (const family of ACCOUNT_FAMILIES) {
    const instance = instances.find((i) => i.families.includes(family));
    if (!instance || sources.some((s) => s.id === instance.id)) continue;
    const families: readonly CoreFamily[] = ACCOUNT_FAMILIES.filter((f) =>
      instance.families.includes(f),
    );
    sources.push({
      id: instance.id,
      families,
      holdsOthers: accountPortsOf(instance).some((f) => !families.includes(f)),
      step: instance.step,
    });
  }
  return sources;
}

/** The records a source contributes: only those of the families it serves here. */
function served(
  source: AccountSource,
  records: ShareableAccountRecord[],
): ShareableAccountRecord[] {
  if (!source.holdsOthers) return records;
  // An untagged record is kept: an adapter that cannot say its record's industry serves it here.
  return records.filter((r) => r.industry === undefined || source.families.includes(r.industry));
}

/** Throws when an account id appears in the lists of two cores. */
function refuseCollisions(
  lists: readonly { id: string; records: readonly ShareableAccountRecord[] }[],
  logger: Logger,
): void {
  const owner = new Map<string, string>();
  for (const { id, records } of lists) {
    for (const { accountId } of records) {
      const first = owner.get(accountId);
      if (first !== undefined && first !== id) {
        const adapters = `${first} and ${id}`;
        logger.error(
          { adapters: [first, id] },
          'two cores list the same account id for one customer: give one of them other ids',
        );
        throw new AccountIdCollisionError(adapters);
      }
      owner.set(accountId, id);
    }
  }
}

/**
 * The authorisation list as one step over the sources, in list order (banking's core first).
 * @param logger the gateway's logger (collisions are logged as errors)
 */
export function mergedAccounts(sources: readonly AccountSource[], logger: Logger): Step {
  return async (call: CoreCall) => {
    const settled = await Promise.allSettled(sources.map((s) => s.step(call)));
    const failure = settled.find(
      (r): r is PromiseRejectedResult =>
        r.status === 'rejected' && !(r.reason instanceof CustomerNotFoundError),
    );
    if (failure) throw failure.reason;
    const lists = settled.flatMap((r, i) =>
      r.status === 'fulfilled'
        ? [
            {
              id: sources[i]!.id,
              records: served(sources[i]!, r.value as ShareableAccountRecord[]),
            },
          ]
        : [],
    );
    if (lists.length === 0) throw new CustomerNotFoundError();
    refuseCollisions(lists, logger);
    return lists.flatMap((l) => l.records);
  };
}
