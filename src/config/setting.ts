/**
 * The form of a settings table: each entry names its environment variable and its JSON Schema
 * (type, default, description with unit); its place in the table is where its value lands in the
 * frozen configuration. The configuration's TypeScript type is inferred from the table.
 */
import {
  Type,
  type SchemaOptions,
  type Static,
  type TSchema,
  type TUnsafe,
} from '@sinclair/typebox';

/** The validated values of one component, by variable name (defaults applied). */
export type SettingValues = Readonly<Record<string, unknown>>;

/** One setting: its variable, its schema and how its validated value becomes what lands. */
export interface Setting<Landing = unknown> {
  readonly env: string;
  readonly schema: TSchema;
  /** Whether the variable has neither a default nor a derived value (it may be absent). */
  readonly optional: boolean;
  /** The landing value from the validated value (undefined when absent) and all values. */
  readonly land: (value: unknown, values: SettingValues) => Landing;
}

/** A settings table: settings, or nested tables for the groups of the configuration. */
export interface SettingTable {
  readonly [key: string]: Setting | SettingTable;
}

/** A setting whose schema has a `default`: its value is always there. */
export function setting<S extends TSchema>(env: string, schema: S): Setting<Static<S>> {
  if (!('default' in schema)) throw new Error(`setting ${env} needs a default (or use optional)`);
  return { env, schema, optional: false, land: (value) => value as Static<S> };
}

/** A setting without a default: absent, it lands as `undefined`. */
export function optional<S extends TSchema>(
  env: string,
  schema: S,
): Setting<Static<S> | undefined> {
  return { env, schema, optional: true, land: (value) => value as Static<S> | undefined };
}

/** A setting whose landing value is computed from its own value and the others'. */
export function derived<S extends TSchema, Landing>(
  env: string,
  schema: S,
  land: (value: Static<S> | undefined, values: SettingValues) => Landing,
): Setting<Landing> {
  return {
    env,
    schema,
    optional: !('default' in schema),
    land: (value, values) => land(value as Static<S> | undefined, values),
  };
}

/**
 * A schema with the `enum` keyword (TypeBox's own unions become `anyOf` of `const`s, whose
 * error messages differ from the ones operators have always seen).
 */
export function enumOf<const V extends readonly (string | number)[]>(
  values: V,
  options: SchemaOptions = {},
): TUnsafe<V[number]> {
  return Type.Unsafe<V[number]>({ ...options, enum: [...values] });
}

/** Whether a table entry is a setting (rather than a nested group). */
export function isSetting(entry: Setting | SettingTable): entry is Setting {
  return (
    typeof (entry as Setting).env === 'string' && typeof (entry as Setting).land === 'function'
  );
}

/** Every setting of a table with the path it lands at, in table order. */
export function settingsOf(
  table: SettingTable,
  at: readonly string[] = [],
): { path: readonly string[]; setting: Setting }[] {
  return Object.entries(table).flatMap(([key, entry]) =>
    isSetting(entry) ? [{ path: [...at, key], setting: entry }] : settingsOf(entry, [...at, key]),
  );
}

type Simplify<T> = { [K in keyof T]: T[K] } & unknown;
type LandingOf<E> = E extends Setting<infer L> ? L : E extends SettingTable ? ConfigOf<E> : never;
type OptionalKeys<T> = {
  [K in keyof T]: undefined extends LandingOf<T[K]> ? K : never;
}[keyof T];

/** The configuration a table produces: absent-able settings are optional keys, all read-only. */
export type ConfigOf<T extends SettingTable> = Simplify<
  { readonly [K in Exclude<keyof T, OptionalKeys<T>>]: LandingOf<T[K]> } & {
    readonly [K in OptionalKeys<T>]?: Exclude<LandingOf<T[K]>, undefined>;
  }
>;

/** The configuration object a table produces from validated values. */
export function landValues(table: SettingTable, values: SettingValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(table)) {
    out[key] = isSetting(entry) ? entry.land(values[entry.env], values) : landValues(entry, values);
  }
  return out;
}
