/** The Kraken adapter's pure mappers: Kraken payloads → the documented records. */
export * from './account.mapper';
export * from './balance.mapper';
export * from './concession.mapper';
export * from './customer.mapper';
export * from './identity.mapper';
export * from './invoice.mapper';
export * from './plan.mapper';
export * from './values';
export type * from './kraken.types';
