/**
 * Whether the holder refuses to share (docs/api.md, "Refusals to share"): what the operator's list
 * says and what the core says of an account (`sharingRefusal` on its records), weighed in one
 * place. Harm wins over every other reason; otherwise the operator's entry for the account, then
 * the operator's entry for the whole customer, then the core.
 */
import type { SharingRefusalReason } from '../errors';
import { RefusalList } from './refusal-list';

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
  ) {}

  /** The operator's refusal of the whole customer, if any. */
  customer(customerId: string): SharingRefusalReason | undefined {
    return this.list().customer(customerId);
  }

  /**
   * Whether the operator's list refuses anything of the customer (the customer, or one of its
   * accounts): a passed-through account list is then read whole and the refused accounts left out.
   */
  names(customerId: string): boolean {
    return this.list().names(customerId);
  }

  /** The refusal of one account of the customer, from the operator's list and the core's record. */
  account(
    customerId: string,
    accountId: string,
    recorded?: SharingRefusalReason,
  ): SharingRefusalReason | undefined {
    const list = this.list();
    const reasons = [list.account(customerId, accountId), list.customer(customerId), recorded];
    if (reasons.includes('harm')) return 'harm';
    return reasons.find((r) => r !== undefined);
  }
}

/** The response header that tells a refusal from an ordinary error (docs/api.md). */
export const SHARING_REFUSED_HEADER = 'X-Sharing-Refused';
