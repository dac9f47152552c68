/** Row 1 (the account authorisation list) and row 12 (customer detail). */
import { presentShareableAccount } from '@data-holder-gateway/adapter-sdk/presentation';
import type { AuthorisationPort, CallContext, CustomerPort } from '../../ports';

export class CommonService {
  constructor(
    private readonly authorisation: AuthorisationPort,
    private readonly customer: CustomerPort,
  ) {}

  /** Row 1: `{ accounts }`, banking first, in the core's order. */
  async shareableAccounts(customerId: string, ctx: CallContext) {
    const accounts = await this.authorisation.listShareableAccounts(customerId, ctx);
    return { accounts: accounts.map(presentShareableAccount) };
  }

  /** Row 12: `{ data }` only. */
  async customerDetail(customerId: string, ctx: CallContext) {
    return { data: await this.customer.getCustomerDetail(customerId, ctx) };
  }
}
