/**
 * Reading settings, the same way for the gateway and for every adapter block: each variable's
 * text is converted to the type its schema asks for, then env-schema (ajv) validates all of them
 * at once, applies the defaults, and every error becomes one `NAME: message` line.
 */
import type Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import envSchema from 'env-schema';
import { closest, distance } from 'fastest-levenshtein';

/** The part of a property schema that decides how a variable's text is read. */
export interface ReadableSchema {
  type?: string | readonly string[];
  enum?: readonly unknown[];
  items?: { enum?: readonly unknown[] };
}

/**
 * How lists are written: the gateway's lists of names are comma separated
 * (`JWT_ALGORITHMS=PS256,ES256`); adapter lists are JSON arrays.
 */
export type ListStyle = 'comma' | 'json';

function typesOf(schema: ReadableSchema): readonly string[] {
  if (Array.isArray(schema.type)) return schema.type as readonly string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.enum?.every((v) => typeof v === 'number')) return ['number'];
  if (schema.enum?.every((v) => typeof v === 'boolean')) return ['boolean'];
  return ['string'];
}

/**
 * Converts one variable's text to the type its schema asks for. Text that does not convert is
 * returned as it is, so that validation reports it against the variable's name.
 */
export function convertText(raw: string, schema: ReadableSchema, lists: ListStyle): unknown {
  const types = typesOf(schema);
  const text = raw.trim();
  if (lists === 'comma' && types.includes('array') && schema.items?.enum) {
    return raw
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  }
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

/** What a validation found: the values with defaults applied, or one line per problem. */
export type Validation =
  { ok: true; values: Record<string, unknown> } | { ok: false; errors: readonly ErrorObject[] };

/**
 * Validates converted values against an object schema through env-schema with the given ajv
 * (never env-schema's own, which coerces types more loosely than the documented values allow).
 * Only the given values are read: never `process.env`, never a `.env` file.
 * @throws what ajv throws for a schema that does not compile
 */
export function validateValues(
  schema: Record<string, unknown>,
  values: Record<string, unknown>,
  ajv: Ajv,
): Validation {
  try {
    return {
      ok: true,
      values: envSchema({ schema, data: values, env: false, dotenv: false, ajv }),
    };
  } catch (err) {
    const errors = (err as { errors?: ErrorObject[] }).errors;
    if (!errors) throw err;
    return { ok: false, errors };
  }
}

/** One error as `NAME: message (allowed values)`, plus ` (at /path)` below the variable if asked. */
export function problemOf(error: ErrorObject, name: string, showPath: boolean): string {
  const [, , ...rest] = error.instancePath.split('/');
  const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
  const where = showPath && rest.length > 0 ? ` (at /${rest.join('/')})` : '';
  return `${name}: ${error.message ?? 'invalid'}${allowed ? ` (${allowed.join(', ')})` : ''}${where}`;
}

/**
 * The name among `known` that `name` looks like a slip of, or undefined: the same name in another
 * case, or one within two edits (one for a name under 8 letters, where two would match unrelated
 * variables such as HOME and HOST). How a variable nothing reads is told from the one meant.
 */
export function lookalikeOf(name: string, known: readonly string[]): string | undefined {
  if (known.length === 0) return undefined;
  const upper = name.toUpperCase();
  const candidate = closest(upper, [...known]);
  return distance(upper, candidate) <= (candidate.length < 8 ? 1 : 2) ? candidate : undefined;
}
