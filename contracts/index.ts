/**
 * The response contracts: one JSON Schema (draft 2020-12) per resource in `contracts/schemas/`,
 * plus helpers that wrap them in the documented response envelopes by `$ref`.
 *
 * Every object is closed (`additionalProperties: false`, or `unevaluatedProperties: false` over an
 * open `$defs` base where one schema extends another), so a response that carries an undocumented
 * field fails validation.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** Base URI of every contract `$id`: `<CONTRACTS_BASE><file name>`. */
export const CONTRACTS_BASE = 'https://dhg.example/contracts/';

/** A JSON Schema fragment as the helpers build it. */
export type SchemaObject = Record<string, unknown>;

/**
 * The folder of the schema files: beside this module when run from source (ts-jest, ts-node),
 * else back from `dist/contracts/` to the source tree (tsc copies no JSON files).
 */
export function schemasDir(): string {
  const beside = path.join(__dirname, 'schemas');
  if (fs.existsSync(beside)) return beside;
  return path.join(__dirname, '..', '..', 'contracts', 'schemas');
}

let cache: Record<string, object> | undefined;

/** Every schema of `contracts/schemas/`, keyed by file name without `.json`. */
export function loadSchemas(): Record<string, object> {
  if (!cache) {
    const dir = schemasDir();
    const loaded: Record<string, object> = {};
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith('.json')) continue;
      loaded[file.slice(0, -'.json'.length)] = JSON.parse(
        fs.readFileSync(path.join(dir, file), 'utf8'),
      ) as object;
    }
    cache = loaded;
  }
  // Callers get their own copy: Ajv and tests must never mutate the shared one.
  return structuredClone(cache);
}

/** A strict Ajv (draft 2020-12, with formats) holding every contract schema under its `$id`. */
export function createContractsAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  for (const schema of Object.values(loadSchemas())) ajv.addSchema(schema);
  return ajv;
}

/** The full URI of a contract, or of one of its `$defs` when `def` is given. */
export function refOf(name: string, def?: string): string {
  const uri = `${CONTRACTS_BASE}${name}.json`;
  return def === undefined ? uri : `${uri}#/$defs/${def}`;
}

/** `{ data: { <dataKey>: [items] }, links, meta }` of the paginated `/v1/...` family. */
export function paginatedResponse(dataKey: string, itemRef: string): SchemaObject {
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
      meta: { $ref: refOf('envelopes', 'Meta') },
    },
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
