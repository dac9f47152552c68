/**
 * The same adapter with two mistakes the contract suite must catch: balances carry a field the
 * contract does not document, and an unknown customer gets an empty list instead of
 * `CustomerNotFoundError`.
 */
import type { CoreAdapter } from '@data-holder-gateway/adapter-sdk';
import { banking, createAcmeAdapter } from './index';

export function createBrokenAcmeAdapter(): CoreAdapter {
  return {
    ...createAcmeAdapter(),
    banking: {
      ...banking,
      async listBalances(customerId, accountIds, ctx) {
        const balances = await banking.listBalances(customerId, accountIds, ctx);
        return balances.map((b) => ({ ...b, overdraftLimit: '0.00' }));
      },
      async listPayees() {
        return [];
      },
    },
  };
}
