/**
 * The response contracts: the JSON Schemas of the documented resources live in the adapter SDK
 * (`packages/adapter-sdk/schemas/`, one per resource), which adapters validate against too. This
 * module re-exports their loaders and adds the helpers that wrap them in the documented response
 * envelopes by `$ref`.
 */
import { createContractsAjv, refOf } from '@data-holder-gateway/adapter-sdk';
import { withPortRecords } from './port-records';

let shared: ReturnType<typeof createContractsAjv> | undefined;

/**
 * One Ajv holding every contract and the port records, made at its first use and shared by the
 * gateway's validators (pass-through answers, adapter answers, product records): loading and
 * compiling the contracts once, not once per validator.
 */
export function contractsAjv(): ReturnType<typeof createContractsAjv> {
  shared ??= withPortRecords(createContractsAjv());
  return shared;
}

export {
  CONTRACTS_BASE,
  createContractsAjv,
  loadSchemas,
  refOf,
  schemasDir,
} from '@data-holder-gateway/adapter-sdk';
export { PORT_RECORDS, portRecordsSchema } from './port-records';

/** A JSON Schema fragment as the helpers build it. */
export type SchemaObject = Record<string, unknown>;

/**
 * `{ data: { <dataKey>: [items] }, links, meta }` of the paginated `/v1/...` family; `metaRef`
 * names the meta block when it has more than the counts (the transaction list's).
 */
export function paginatedResponse(
  dataKey: string,
  itemRef: string,
  metaRef = refOf('envelopes', 'Meta'),
): SchemaObject {
  return {
    type: 'object',
    required: ['data', 'links', 'meta'],
    properties: {
      data: {
        type: 'object',
        required: [dataKey],
        properties: { [dataKey]: { type: 'array', items: { $ref: itemRef } } },
        additionalProperties: false,
      },
      links: { $ref: refOf('envelopes', 'Links') },
      meta: { $ref: metaRef },
    },
    additionalProperties: false,
  };
}

/** `{ data: <record> }`: one record of the `/v1` family (an account's detail, a transaction). */
export function recordResponse(recordRef: string): SchemaObject {
  return {
    type: 'object',
    required: ['data'],
    properties: { data: { $ref: recordRef } },
    additionalProperties: false,
  };
}

/** `{ data: { <dataKey>: [items] } }`, for responses without pagination (concessions). */
export function dataOnlyResponse(dataKey: string, itemRef: string): SchemaObject {
  return {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        required: [dataKey],
        properties: { [dataKey]: { type: 'array', items: { $ref: itemRef } } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}
