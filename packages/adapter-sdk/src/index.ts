/**
 * The adapter SDK: everything a core adapter imports, whether it ships with the gateway or lives
 * in a holder's own repository. The ports an adapter implements and the records it returns, the
 * documented resource types (generated from the JSON Schemas in `schemas/`), the error classes the
 * gateway turns into answers, the helpers pure mappers need (`pick`, exact decimals) and a seeded
 * random source for generated test data.
 *
 * The contract suite every adapter passes is the subpath `@data-holder-gateway/adapter-sdk/contract`
 * (it needs jest's globals); how the gateway presents records is `.../presentation`.
 *
 * @packageDocumentation
 */
export * from './ports';
export * from './errors';
export { pick } from './pick';
export { mapLimit } from './map-limit';
export { readOnce } from './read-once';
export * from './fdx-records';
export * from './decimal';
export {
  type AmountRange,
  type DateRange,
  dateRangeOf,
  inAmountRange,
  isEmptyRange,
} from './transaction-window';
export { seededRandom, type SeededRandom } from './seeded-random';
export {
  coreAnswerFailure,
  exactJsonNumber,
  retryAfterSeconds,
  transportErrorCode,
  transportFailure,
} from './http-failure';
export {
  CONTRACTS_BASE,
  PRODUCT_CATEGORIES,
  createContractsAjv,
  loadSchemas,
  refOf,
  schemasDir,
} from './contracts';
