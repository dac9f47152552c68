/** The demo data set in memory, with the look-ups every demo port needs. */
import { CustomerNotFoundError, SharingRefusedError } from '@data-holder-gateway/adapter-sdk';
import type { DemoBankingAccount, DemoCustomer, DemoData, DemoEnergyAccount } from './demo-data';

export class DemoStore {
  private readonly customers: Map<string, DemoCustomer>;

  constructor(readonly data: DemoData) {
    this.customers = new Map(data.customers.map((c) => [c.customerId, c]));
  }

  /**
   * The customer, or `CustomerNotFoundError`; `SharingRefusedError` (harm) for a customer the
   * file flags, so that every customer-scoped call refuses.
   */
  customer(customerId: string): DemoCustomer {
    const found = this.customers.get(customerId);
    if (!found) throw new CustomerNotFoundError();
    if (found.sharingRefusal === 'harm') throw new SharingRefusedError('harm');
    return found;
  }

  /**
   * Another holder of an account, for its contact: undefined when the file does not hold that
   * customer, or flags them for harm (whose details are never shared, not even as a co-holder).
   */
  coHolder(customerId: string): DemoCustomer | undefined {
    const found = this.customers.get(customerId);
    return found && found.sharingRefusal !== 'harm' ? found : undefined;
  }

  /** The customer's banking accounts among `ids`, in file order. */
  bankingAccounts(customerId: string, ids: readonly string[]): DemoBankingAccount[] {
    const wanted = new Set(ids);
    return (this.customer(customerId).bankingAccounts ?? []).filter((a) => wanted.has(a.accountId));
  }

  /** The customer's energy accounts among `ids`, in file order. */
  energyAccounts(customerId: string, ids: readonly string[]): DemoEnergyAccount[] {
    const wanted = new Set(ids);
    return (this.customer(customerId).energyAccounts ?? []).filter((a) => wanted.has(a.accountId));
  }
}
