/**
 * The port records: what adapters return where the gateway needs more than a documented resource
 * (account records with their list extras and refusals), declared once as JSON Schema `$defs` in
 * the adapter SDK (`schemas/ports/records.json`). The SDK's record types are generated from them
 * (`npm run types:generate`) and the answer check validates adapter answers against them, so the
 * two cannot drift (docs/decisions/0068-port-records-one-schema.md). They live outside the folder
 * of served resources, which the API description lists whole.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Ajv2020 from 'ajv/dist/2020';
import { refOf, schemasDir } from '@data-holder-gateway/adapter-sdk';

/** The contract name of the records (`refOf(PORT_RECORDS, def)`). */
export const PORT_RECORDS = 'records';

let cache: object | undefined;

/** The records schema, a copy of its own for each caller (Ajv must never share one). */
export function portRecordsSchema(): object {
  cache ??= JSON.parse(
    fs.readFileSync(path.join(schemasDir(), 'ports', 'records.json'), 'utf8'),
  ) as object;
  return structuredClone(cache);
}

/** `ajv` with the records schema added (once: a second call leaves it as it is). */
export function withPortRecords<A extends Ajv2020>(ajv: A): A {
  if (!ajv.getSchema(refOf(PORT_RECORDS))) ajv.addSchema(portRecordsSchema());
  return ajv;
}
