/** The Fineract mappers: pure functions from Fineract payloads to the documented shapes. */
export * from './account-ids';
export * from './account.mapper';
export * from './banking.mapper';
export * from './banking-transaction.mapper';
export * from './customer.mapper';
export * from './fdx-account.mapper';
export * from './identity.mapper';
export type * from './fineract.types';
export * from './transaction.mapper';
export * from './transaction-query';
export * from './values';
