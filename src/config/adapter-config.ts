/**
 * An adapter's configuration block, read from variables named after its id and its schema:
 * property `baseUrl` of adapter `fineract` is `FINERACT_BASE_URL`. The adapter's JSON Schema is
 * its settings table (each property: type, default, description; it lands at its own name in the
 * block) and is read the way the gateway's own settings are (`read-settings.ts`): strings as they
 * are, integers, numbers and booleans parsed, objects and arrays as JSON, validated with the
 * defaults applied; every bad variable is named in one `ConfigError`.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { ConfigError } from './config-error';
import { convertText, problemOf, type ReadableSchema, validateValues } from './read-settings';

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

/** The property schemas of an adapter's block schema, by property name. */
export function blockProperties(configSchema: object): Readonly<Record<string, ReadableSchema>> {
  return (configSchema as { properties?: Record<string, ReadableSchema> }).properties ?? {};
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
 * @param given values by property that are taken as they are instead of a variable: those of
 *   variables that are gateway settings too (see `gatewayValuesFor`)
 * @throws ConfigError naming every bad or missing variable
 */
export function adapterConfigFrom(
  adapterId: string,
  configSchema: object,
  variables: Readonly<Record<string, string>>,
  given: Readonly<Record<string, unknown>> = {},
): AdapterConfigResult {
  const properties = blockProperties(configSchema);
  const nameOf = new Map(Object.keys(properties).map((p) => [p, adapterEnvName(adapterId, p)]));
  const block: Record<string, unknown> = {};
  for (const [property, name] of nameOf) {
    const raw = variables[name];
    if (given[property] !== undefined) {
      block[property] = given[property];
    } else if (raw !== undefined && raw !== '') {
      block[property] = convertText(raw, properties[property]!, 'json');
    }
  }
  const known = new Set(nameOf.values());
  const prefix = adapterEnvPrefix(adapterId);
  const unknownVariables = Object.keys(variables).filter(
    (name) => name.startsWith(prefix) && !known.has(name),
  );

  // A holder's schema may use any keyword and format: no strict mode, every format.
  const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });
  addFormats(ajv);
  let validation;
  try {
    // A copy: the validator marks the root as closed, and the module's own schema stays untouched.
    validation = validateValues({ ...configSchema }, block, ajv);
  } catch (err) {
    throw new ConfigError([
      `CORE_ADAPTER: the configSchema of adapter "${adapterId}" is not a valid JSON Schema (${(err as Error).message})`,
    ]);
  }
  if (!validation.ok) {
    const problems = validation.errors.map((e) => {
      const property = e.instancePath.split('/')[1] ?? '';
      const missing = (e.params as { missingProperty?: string }).missingProperty;
      if (e.keyword === 'required' && missing && !property) {
        return `${nameOf.get(missing) ?? missing}: required by adapter ${adapterId}`;
      }
      return problemOf(e, nameOf.get(property) ?? `${prefix}${property}`, true);
    });
    throw new ConfigError([...new Set(problems)]);
  }
  return { config: Object.freeze(validation.values), unknownVariables };
}
