/** The holder's "core": a few customers and accounts in memory, amounts as the core writes them. */
export interface AcmeAccount {
  id: string;
  name: string;
  number: string;
  /** Decimal text, as the core sends it (not yet in the documented form). */
  current: string;
  available: string;
}

export interface AcmeCustomer {
  firstName: string;
  lastName: string;
  email: string;
  accounts: AcmeAccount[];
}

export const CUSTOMERS: Readonly<Record<string, AcmeCustomer>> = {
  'h-1': {
    firstName: 'Ada',
    lastName: 'Holder',
    email: 'ada@example.com',
    accounts: [
      { id: 'acme-1', name: 'Everyday', number: '11112222', current: '1200.5', available: '1.1e3' },
      { id: 'acme-2', name: 'Saver', number: '33334444', current: '-0012', available: '0' },
    ],
  },
  'h-2': {
    firstName: 'Bo',
    lastName: 'Other',
    email: 'bo@example.com',
    accounts: [
      { id: 'acme-3', name: 'Everyday', number: '55556666', current: '7.125', available: '7.125' },
    ],
  },
  'h-3': { firstName: 'Cy', lastName: 'Empty', email: 'cy@example.com', accounts: [] },
};
