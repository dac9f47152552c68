/**
 * Validators of the admin listener's reports against the standard's shapes (extracts in
 * test/reference/cds/): Get Metrics v5 less the members only the platform can know, Get Status and
 * Get Outages as published.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { readReference } from './reference-schemas';

/** Get Metrics members the gateway leaves out: consent and session figures are the platform's. */
export const PLATFORM_ONLY_METRICS = [
  'customerCount',
  'recipientCount',
  'sessionCount',
  'authorisations',
] as const;

type Schemas = Record<string, { properties?: Record<string, { required?: string[] }> }>;

function compile(file: string, root: string, adjust: (schemas: Schemas) => void): ValidateFunction {
  const schemas = JSON.parse(
    JSON.stringify(readReference(file).components.schemas)
      .split('#/components/schemas/')
      .join('#/definitions/'),
  ) as Schemas;
  adjust(schemas);
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema({ $id: file, definitions: schemas });
  return ajv.getSchema(`${file}#/definitions/${root}`)!;
}

/** ResponseMetricsListV5, with the platform-only members no longer required. */
export function getMetricsValidator(): ValidateFunction {
  return compile('cds/cds_admin_1.36.0.json', 'ResponseMetricsListV5', (schemas) => {
    const data = schemas.ResponseMetricsListV5!.properties!.data!;
    data.required = data.required!.filter(
      (name) => !(PLATFORM_ONLY_METRICS as readonly string[]).includes(name),
    );
  });
}

export const statusValidator = (): ValidateFunction =>
  compile('cds/cds_common_1.36.0.json', 'ResponseCommonDiscoveryStatus', () => {});
export const outagesValidator = (): ValidateFunction =>
  compile('cds/cds_common_1.36.0.json', 'ResponseDiscoveryOutagesList', () => {});

/** The standard's RateString as the gateway writes it: `0.0` to `1.0`, at most six places. */
export const RATE_STRING = /^(0\.\d{1,6}|1\.0)$/;
