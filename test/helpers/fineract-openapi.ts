/**
 * Validation of recorded Fineract payloads against the Apache Fineract OpenAPI document (OpenAPI
 * 3.0, generated from Fineract's annotations), as extracted into
 * `test/reference/fineract/fineract-openapi.json`.
 *
 * One relaxation, on purpose: the document declares every `LocalDate` as `{type: string, format:
 * date}`, while Fineract's Jackson configuration writes dates as `[yyyy, m, d]` arrays (the
 * recorded payloads in `adapters/fineract/fixtures/` show it). Such nodes accept either form here.
 * Two more annotation slips, each visible in the recorded payloads, are relaxed the same way:
 * - account numbers (`accountNo`, `accountNumber`) are declared integers but travel as strings
 *   (`"000000001"`, `"FD000023"`), so either is accepted;
 * - a `MonthDay` (`recurrenceOnMonthDay`) travels as `[m, d]`.
 * Everything else is checked as the document says, `nullable` included.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { readReference } from './reference-schemas';

const DOC_ID = 'fineract-openapi';
const DATE_ARRAY = {
  type: 'array',
  minItems: 3,
  maxItems: 3,
  items: { type: 'integer', minimum: 0 },
};

type Node = Record<string, unknown>;

/** OpenAPI 3.0 → JSON Schema: `nullable`, and date strings that may also be Jackson arrays. */
const ACCOUNT_NUMBER_KEYS = new Set(['accountNo', 'accountNumber']);
const ACCOUNT_NUMBER = {
  anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^[0-9A-Za-z-]+$' }],
};
const MONTH_DAY = {
  anyOf: [
    { type: 'string' },
    { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 1 } },
  ],
};

function adapt(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(adapt);
  if (!node || typeof node !== 'object') return node;
  const out: Node = {};
  for (const [key, value] of Object.entries(node as Node)) out[key] = adapt(value);
  const properties = out.properties as Node | undefined;
  if (properties && typeof properties === 'object') {
    for (const key of Object.keys(properties)) {
      const property = properties[key] as Node;
      if (ACCOUNT_NUMBER_KEYS.has(key) && property.type === 'integer') {
        properties[key] = { ...ACCOUNT_NUMBER };
      }
      if (key === 'recurrenceOnMonthDay') properties[key] = { ...MONTH_DAY };
    }
  }
  if (out.type === 'string' && (out.format === 'date' || out.format === 'date-time')) {
    return { anyOf: [out, DATE_ARRAY] };
  }
  if (out.nullable === true && typeof out.type === 'string') {
    out.type = [out.type, 'null'];
  }
  delete out.nullable;
  return out;
}

let ajv: Ajv | undefined;
const compiled = new Map<string, ReturnType<Ajv['compile']>>();

function fineractAjv(): Ajv {
  if (ajv) return ajv;
  const doc = readReference('fineract/fineract-openapi.json');
  ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) {
    ajv.addFormat(format, true);
  }
  ajv.addSchema({ $id: DOC_ID, components: adapt(doc.components) });
  return ajv;
}

/**
 * Errors of `payload` against the component schema `name` of the Fineract OpenAPI document
 * (e.g. `GetClientsClientIdResponse`); [] when valid. Pass `{ array: true }` for a response that is
 * an array of the component.
 */
export function fineractSchemaErrors(
  name: string,
  payload: unknown,
  options: { array?: boolean } = {},
): string[] {
  const key = `${name}${options.array ? '[]' : ''}`;
  let validate = compiled.get(key);
  if (!validate) {
    const ref = { $ref: `${DOC_ID}#/components/schemas/${name}` };
    validate = fineractAjv().compile(options.array ? { type: 'array', items: ref } : ref);
    compiled.set(key, validate);
  }
  return validate(payload)
    ? []
    : (validate.errors ?? []).map(
        (e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
      );
}

/** Names of the component schemas the Fineract extract carries. */
export function fineractSchemaNames(): string[] {
  const schema = fineractAjv().getSchema(DOC_ID)?.schema as { components: { schemas: Node } };
  return Object.keys(schema.components.schemas);
}
