/**
 * The embedded demo core: serves a data set file (demo-core.md) in-process. Platform teams
 * integrate against it, holders try the gateway on it, and the tests run on it.
 */
import { CustomerNotFoundError } from '../../src/errors';
import type {
  AuthorisationPort,
  BankingAccountRecord,
  BankingPort,
  CoreAdapter,
  CustomerPort,
  InstalmentPlansResult,
} from '../../src/ports';
import {
  toBalance,
  toBankingAccount,
  toDirectDebit,
  toInstalmentPlan,
  toPayee,
  toScheduledPayment,
} from '../../mappers/demo/banking.mapper';
import { toCustomerDetail, toShareableAccount } from '../../mappers/demo/common.mapper';
import type { DemoBankingAccount, DemoCustomer, DemoData } from './demo-data';

/** Builds the demo adapter over a validated data set. */
export function createDemoAdapter(data: DemoData): CoreAdapter {
  const customers = new Map<string, DemoCustomer>(data.customers.map((c) => [c.customerId, c]));

  const customer = (customerId: string): DemoCustomer => {
    const found = customers.get(customerId);
    if (!found) throw new CustomerNotFoundError();
    return found;
  };
  /** The customer's banking accounts among `ids`, in file order. */
  const bankingAccounts = (customerId: string, ids: readonly string[]): DemoBankingAccount[] => {
    const wanted = new Set(ids);
    return (customer(customerId).bankingAccounts ?? []).filter((a) => wanted.has(a.accountId));
  };

  const authorisation: AuthorisationPort = {
    async listShareableAccounts(customerId) {
      const c = customer(customerId);
      return [...(c.bankingAccounts ?? []), ...(c.energyAccounts ?? [])].map(toShareableAccount);
    },
  };

  const customerPort: CustomerPort = {
    async getCustomerDetail(customerId) {
      return toCustomerDetail(customer(customerId).detail);
    },
  };

  const banking: BankingPort = {
    async listAccounts(customerId): Promise<BankingAccountRecord[]> {
      return (customer(customerId).bankingAccounts ?? []).map(toBankingAccount);
    },
    async listBalances(customerId, accountIds) {
      return bankingAccounts(customerId, accountIds).flatMap((a) =>
        a.balance ? [toBalance(a.accountId, a.balance)] : [],
      );
    },
    async listDirectDebits(customerId, accountIds) {
      return bankingAccounts(customerId, accountIds).flatMap((a) =>
        (a.directDebits ?? []).map((d) => toDirectDebit(a.accountId, d)),
      );
    },
    async listScheduledPayments(customerId, accountIds) {
      return bankingAccounts(customerId, accountIds).flatMap((a) =>
        (a.scheduledPayments ?? []).map(toScheduledPayment),
      );
    },
    async listInstalmentPlans(customerId, accountIds) {
      const result = new Map<string, InstalmentPlansResult>();
      for (const a of bankingAccounts(customerId, accountIds)) {
        result.set(
          a.accountId,
          a.instalmentPlans
            ? {
                supported: true,
                plans: a.instalmentPlans.map((p) => toInstalmentPlan(a.accountId, p)),
              }
            : { supported: false },
        );
      }
      return result;
    },
    async listPayees(customerId) {
      return (customer(customerId).payees ?? []).map(toPayee);
    },
  };

  return { id: 'demo', authorisation, customer: customerPort, banking };
}
