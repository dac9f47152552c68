/**
 * The response contracts: one JSON Schema (draft 2020-12) per documented resource, in this
 * package's `schemas/` folder. Every object is closed (`additionalProperties: false`, or
 * `unevaluatedProperties: false` over an open `$defs` base where one schema extends another), so a
 * record that carries an undocumented field fails validation.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ProductCategory } from './ports';

/** Base URI of every contract `$id`: `<CONTRACTS_BASE><file name>`. */
export const CONTRACTS_BASE = 'https://dhg.example/contracts/';

/** The folder of the schema files: `schemas/` at the package root, from `src/` or `dist/`. */
export function schemasDir(): string {
  return path.join(__dirname, '..', 'schemas');
}

let cache: Record<string, object> | undefined;

/** Every contract schema, keyed by file name without `.json`. */
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

/** The twelve banking product categories, in the order of the contract (`common#ProductCategory`). */
export const PRODUCT_CATEGORIES: readonly ProductCategory[] = (
  loadSchemas().common as { $defs: { ProductCategory: { enum: ProductCategory[] } } }
).$defs.ProductCategory.enum;
