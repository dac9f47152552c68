/**
 * `listShareableAccounts` (the account authorisation list) and `getCustomerDetail` (customer
 * detail).
 */
import { presentShareableAccount } from '@data-holder-gateway/adapter-sdk/presentation';
import type { AuthorisationPort, CallContext, CustomerPort } from '../../ports';
import { AccountSelection } from '../account-selection';

export class CommonService {
  constructor(
    private readonly authorisation: AuthorisationPort,
    private readonly customer: CustomerPort,
    /** Refusals applied: blocked and suspended accounts are left out of `listShareableAccounts`. */
    private readonly selection = new AccountSelection(),
  ) {}

  /** `listShareableAccounts`: `{ accounts }`, banking first, in the core's order. */
  async shareableAccounts(customerId: string, ctx: CallContext) {
    const accounts = await this.authorisation.listShareableAccounts(customerId, ctx);
    return {
      accounts: this.selection.consentable(customerId, accounts).map(presentShareableAccount),
    };
  }

  /** `getCustomerDetail`: `{ data }` only. */
  async customerDetail(customerId: string, ctx: CallContext) {
    return { data: await this.customer.getCustomerDetail(customerId, ctx) };
  }
}
