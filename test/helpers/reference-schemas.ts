/**
 * The public specifications' component schemas, as extracted into `test/reference/` (see the
 * README there), compiled by a lenient draft-07 Ajv: OpenAPI 3.0 keywords such as `nullable` are
 * ignored rather than refused, as the comparisons with CDS and FDX have always read them.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** Folder of the extracts. */
export const REFERENCE_DIR = path.resolve(__dirname, '..', 'reference');

/** An extract: an OpenAPI document cut down to the component schemas the tests use. */
export interface ReferenceExtract {
  components: { schemas: Record<string, unknown> };
}

/** The extract at `file`, a path under `test/reference/` such as `cds/cds_banking_1.34.1.json`. */
export function readReference(file: string): ReferenceExtract {
  return JSON.parse(fs.readFileSync(path.join(REFERENCE_DIR, file), 'utf8')) as ReferenceExtract;
}

/**
 * A validator per component schema of the extract at `file`, `$ref`s resolved within it, under the
 * Ajv id `id`. Throws on a name the extract does not carry.
 */
export function referenceValidators(file: string, id: string): (name: string) => ValidateFunction {
  const text = JSON.stringify(readReference(file).components.schemas)
    .split('#/components/schemas/')
    .join('#/definitions/');
  const refAjv = new Ajv({ strict: false, allErrors: true });
  addFormats(refAjv);
  refAjv.addSchema({ $id: id, definitions: JSON.parse(text) as object });
  return (name) => {
    const validate = refAjv.getSchema(`${id}#/definitions/${name}`);
    if (!validate) throw new Error(`no reference schema ${name} in ${file}`);
    return validate;
  };
}

/**
 * The documented deviations of the interface from CDS, undone: rates are numbers in the interface
 * (RateString in CDS), and two field names keep the interface's misspelling.
 */
export function toCdsShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toCdsShape);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const name =
      key === 'rateApplicablityType'
        ? 'rateApplicabilityType'
        : key === 'reccurenceUType'
          ? 'recurrenceUType'
          : key;
    out[name] =
      ['rate', 'comparisonRate', 'depositRate'].includes(key) && typeof v === 'number'
        ? String(v)
        : toCdsShape(v);
  }
  return out;
}
