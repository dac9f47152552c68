/**
 * Whether the holder refuses to share (docs/api.md, "Refusals to share"): what the operator's list
 * says and what the core says of an account (`sharingRefusal` on its records), weighed in one
 * place. Harm wins over every other reason; otherwise the operator's entry for the account, then
 * the operator's entry for the whole customer, then the core.
 */
import type { SharingRefusalReason } from '../errors';
import { RefusalList } from './refusal-list';

/** The core's id a gateway id of `kind` was made from, or undefined. */
export type CoreIdOf = (
  kind: 'customer' | 'account',
  id: string,
  customer?: string,
) => string | undefined;

/** The status of an unknown (or refused) id in a specific-accounts body: `BODY_ID_NOT_FOUND_STATUS`. */
export type BodyIdNotFoundStatus = 404 | 422;

export class SharingRefusals {
  /** No operator list: only the cores refuse. */
  static readonly NONE = new SharingRefusals(() => RefusalList.EMPTY, 404);

  constructor(
    /** The operator's list in force (re-read when its file changes). */
    private readonly list: () => RefusalList,
    /** The status of unknown and refused body ids. */
    readonly bodyIdStatus: BodyIdNotFoundStatus,
    /**
     * The core's id a gateway id was made from (opaque ids): the list may name a record by
     * either. Undefined for an id the gateway did not make.
     */
    private readonly coreIdOf: CoreIdOf = () => undefined,
  ) {}

  /** The same refusals over a list that may name records by their core's ids. */
  withCoreIds(coreIdOf: CoreIdOf): SharingRefusals {
    return new SharingRefusals(this.list, this.bodyIdStatus, coreIdOf);
  }

  /** The operator's refusal of the whole customer, if any. */
  customer(customerId: string): SharingRefusalReason | undefined {
    return this.#customerIn(this.list(), customerId);
  }

  /**
   * Whether the operator's list refuses anything of the customer (the customer, or one of its
   * accounts): a passed-through account list is then read whole and the refused accounts left out.
   */
  names(customerId: string): boolean {
    const list = this.list();
    if (list.names(customerId)) return true;
    const core = this.coreIdOf('customer', customerId);
    return core !== undefined && list.names(core);
  }

  #customerIn(list: RefusalList, customerId: string): SharingRefusalReason | undefined {
    const found = list.customer(customerId);
    if (found !== undefined) return found;
    const core = this.coreIdOf('customer', customerId);
    return core === undefined ? undefined : list.customer(core);
  }

  #accountIn(list: RefusalList, customerId: string, accountId: string) {
    const found = list.account(customerId, accountId);
    if (found !== undefined) return found;
    const customer = this.coreIdOf('customer', customerId);
    const account = this.coreIdOf('account', accountId, customerId);
    if (customer === undefined || account === undefined) return undefined;
    return list.account(customer, account);
  }

  /** The refusal of one account of the customer, from the operator's list and the core's record. */
  account(
    customerId: string,
    accountId: string,
    recorded?: SharingRefusalReason,
  ): SharingRefusalReason | undefined {
    const list = this.list();
    const reasons = [
      this.#accountIn(list, customerId, accountId),
      this.#customerIn(list, customerId),
      recorded,
    ];
    if (reasons.includes('harm')) return 'harm';
    return reasons.find((r) => r !== undefined);
  }
}

/** The response header that tells a refusal from an ordinary error (docs/api.md). */
export const SHARING_REFUSED_HEADER = 'X-Sharing-Refused';
