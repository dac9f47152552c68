/** Response validation against `contracts/` for tests. */
import { createContractsAjv } from '../../contracts';

const ajv = createContractsAjv();
const cache = new Map<object, ReturnType<typeof ajv.compile>>();

/** Errors of `value` against `schema` (a contract schema or a route's response schema); [] when valid. */
export function contractErrors(schema: object, value: unknown): string[] {
  let validate = cache.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    cache.set(schema, validate);
  }
  return validate(value)
    ? []
    : (validate.errors ?? []).map(
        (e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
      );
}

/** Errors of `value` against the contract file `name` (e.g. `banking-account-v3`). */
export function contractErrorsOf(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(`https://dhg.example/contracts/${name}.json`);
  if (!validate) throw new Error(`no contract ${name}`);
  return validate(value)
    ? []
    : (validate.errors ?? []).map(
        (e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
      );
}
