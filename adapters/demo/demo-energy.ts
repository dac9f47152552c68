/** The demo core's energy port (rows 4, 6, 9, 13 and the account balance). */
import {
  AccountNotFoundError,
  ResourceNotImplementedError,
  type EnergyPort,
} from '@data-holder-gateway/adapter-sdk';
import {
  toEnergyAccountRecord,
  toEnergyBalance,
  toEnergyConcession,
  toEnergyInvoice,
} from './mappers/energy.mapper';
import type { DemoStore } from './demo-store';

export function demoEnergyPort(store: DemoStore): EnergyPort {
  return {
    async listAccounts(customerId) {
      return (store.customer(customerId).energyAccounts ?? []).map(toEnergyAccountRecord);
    },
    async listInvoices(customerId, accountIds, window) {
      return store
        .energyAccounts(customerId, accountIds)
        .flatMap((a) =>
          (a.invoices ?? [])
            .filter((i) => i.issueDate >= window.oldest && i.issueDate <= window.newest)
            .map((i) => toEnergyInvoice(a.accountId, i)),
        );
    },
    async listConcessions(customerId, accountId) {
      return store
        .energyAccounts(customerId, [accountId])
        .flatMap((a) => (a.concessions ?? []).map(toEnergyConcession));
    },
    async getAccountBalance(customerId, accountId) {
      const [account] = store.energyAccounts(customerId, [accountId]);
      if (!account) throw new AccountNotFoundError();
      // The file gives no balance: this account does not support the endpoint (404).
      if (account.balance === undefined) throw new ResourceNotImplementedError();
      return toEnergyBalance(account.balance);
    },
  };
}
