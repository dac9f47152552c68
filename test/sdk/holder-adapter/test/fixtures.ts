import type { AdapterContractFixtures } from '@data-holder-gateway/adapter-sdk/contract';

/** The customers of src/data.ts, as the contract suite asks for them. */
export const FIXTURES: AdapterContractFixtures = {
  customerId: 'h-1',
  otherCustomerId: 'h-2',
  emptyCustomerId: 'h-3',
  unknownCustomerId: 'nobody',
};
