/**
 * An adapter's configuration block, read from variables named after its id and its schema:
 * property `baseUrl` of adapter `fineract` is `FINERACT_BASE_URL`. Strings are taken as they are,
 * integers, numbers and booleans are parsed, objects and arrays are JSON. The block is validated
 * against the adapter's own JSON Schema with its defaults applied; every bad variable is named in
 * one `ConfigError`.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { ConfigError } from './config';

type PropertySchema = { type?: string | string[]; enum?: unknown[] };

/** The variable prefix of an adapter id: `fineract` → `FINERACT_`, `my-core` → `MY_CORE_`. */
export function adapterEnvPrefix(adapterId: string): string {
  return `${adapterId.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_`;
}

/** The variable of one property: (`fineract`, `baseUrl`) → `FINERACT_BASE_URL`. */
export function adapterEnvName(adapterId: string, property: string): string {
  const snake = property
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();
  return `${adapterEnvPrefix(adapterId)}${snake}`;
}

function typesOf(schema: PropertySchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.enum?.every((v) => typeof v === 'number')) return ['number'];
  if (schema.enum?.every((v) => typeof v === 'boolean')) return ['boolean'];
  return ['string'];
}

/** Converts one variable's text to the type its property schema asks for (bad text fails validation). */
function convert(raw: string, schema: PropertySchema): unknown {
  const types = typesOf(schema);
  const text = raw.trim();
  if (types.includes('object') || types.includes('array')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return raw;
    }
  }
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text)) {
    return Number(text);
  }
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return raw;
}

/** What {@link adapterConfigFrom} found. */
export interface AdapterConfigResult {
  /** The validated block, defaults applied, frozen. */
  config: Readonly<Record<string, unknown>>;
  /** Variables with the adapter's prefix that name no property (likely typos; logged as warnings). */
  unknownVariables: string[];
}

/**
 * Builds an adapter's configuration block from the variables that carry its prefix.
 * @throws ConfigError naming every bad or missing variable
 */
export function adapterConfigFrom(
  adapterId: string,
  configSchema: object,
  variables: Readonly<Record<string, string>>,
): AdapterConfigResult {
  const properties =
    (configSchema as { properties?: Record<string, PropertySchema> }).properties ?? {};
  const nameOf = new Map(Object.keys(properties).map((p) => [p, adapterEnvName(adapterId, p)]));
  const block: Record<string, unknown> = {};
  for (const [property, name] of nameOf) {
    const raw = variables[name];
    if (raw !== undefined && raw !== '') block[property] = convert(raw, properties[property]!);
  }
  const known = new Set(nameOf.values());
  const prefix = adapterEnvPrefix(adapterId);
  const unknownVariables = Object.keys(variables).filter(
    (name) => name.startsWith(prefix) && !known.has(name),
  );

  const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });
  addFormats(ajv);
  let validate;
  try {
    validate = ajv.compile(configSchema);
  } catch (err) {
    throw new ConfigError([
      `CORE_ADAPTER: the configSchema of adapter "${adapterId}" is not a valid JSON Schema (${(err as Error).message})`,
    ]);
  }
  if (!validate(block)) {
    const problems = (validate.errors ?? []).map((e) => {
      const [, property = '', ...rest] = e.instancePath.split('/');
      const missing = (e.params as { missingProperty?: string }).missingProperty;
      if (e.keyword === 'required' && missing && !property) {
        return `${nameOf.get(missing) ?? missing}: required by adapter ${adapterId}`;
      }
      const name = nameOf.get(property) ?? `${prefix}${property}`;
      const where = rest.length > 0 ? ` (at /${rest.join('/')})` : '';
      const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
      return `${name}: ${e.message ?? 'invalid'}${allowed ? ` (${allowed.join(', ')})` : ''}${where}`;
    });
    throw new ConfigError([...new Set(problems)]);
  }
  return { config: Object.freeze(block), unknownVariables };
}
