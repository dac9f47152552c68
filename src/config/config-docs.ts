/**
 * docs/configuration.md, written from the settings tables: every setting with its variable,
 * type, default and meaning, grouped by component (the gateway, then each built-in adapter's
 * block). `npm run config:docs` writes it; a test fails when the committed file is stale.
 */
import { adapterEnvName, blockProperties } from './adapter-config';
import { SETTINGS } from './config';
import { CONFIG_FILE_SETTING, GATEWAY_SETTINGS } from './gateway.settings';
import { type Setting, settingsOf } from './setting';

/** What the docs need of an adapter module: its id and the schema of its block. */
export interface DocumentedAdapter {
  readonly id: string;
  readonly configSchema: object;
}

interface DocSchema {
  type?: string;
  enum?: readonly unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  items?: DocSchema;
  default?: unknown;
  description?: string;
}

interface Row {
  variable: string;
  type: string;
  default: string;
  meaning: string;
  landsAt: string;
}

const HEADER =
  '| Variable | Type | Default | Meaning | Lands at |\n| --- | --- | --- | --- | --- |';

function code(text: string): string {
  return `\`${text}\``;
}

function bounds(schema: DocSchema): string {
  const { minimum: min, maximum: max } = schema;
  if (min !== undefined && max !== undefined) return ` ${min} to ${max}`;
  if (min !== undefined) return ` >= ${min}`;
  if (max !== undefined) return ` <= ${max}`;
  return '';
}

/** A short type for people: `integer 0 to 65535`, `one of: on, off`, `URL`, `JSON object`. */
export function typeText(schema: DocSchema, lists: 'comma' | 'json'): string {
  if (schema.enum) return `one of: ${schema.enum.map((v) => code(String(v))).join(', ')}`;
  switch (schema.type) {
    case 'integer':
    case 'number':
      return `${schema.type}${bounds(schema)}`;
    case 'boolean':
      return `${code('true')} or ${code('false')}`;
    case 'object':
      return 'JSON object';
    case 'array':
      return lists === 'comma' && schema.items?.enum
        ? `comma-separated list of: ${schema.items.enum.map((v) => code(String(v))).join(', ')}`
        : 'JSON array';
    default:
      if (schema.format === 'uri') return 'URL';
      if (schema.pattern) return `string matching ${code(schema.pattern)}`;
      if (schema.minLength !== undefined && schema.minLength > 1) {
        return `string of ${schema.minLength} characters or more`;
      }
      return 'string';
  }
}

function defaultText(schema: DocSchema, required: boolean): string {
  const value = schema.default;
  if (value === undefined) return required ? 'required' : '(none)';
  if (typeof value === 'string') return code(value);
  // A list of names is written the way the variable takes it: comma separated.
  if (Array.isArray(value) && schema.items?.enum) return code(value.join(','));
  return code(JSON.stringify(value));
}

function cell(text: string): string {
  // `<project>` and the like are words here, not HTML.
  return text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\n/g, ' ');
}

function rowLine(row: Row): string {
  const landsAt = row.landsAt === '' ? '(nowhere)' : code(row.landsAt);
  return `| ${[code(row.variable), row.type, row.default, row.meaning, landsAt].map(cell).join(' | ')} |`;
}

function gatewayRow(setting: Setting, landsAt: string): Row {
  const schema = setting.schema as DocSchema;
  return {
    variable: setting.env,
    type: typeText(schema, 'comma'),
    default: defaultText(schema, false),
    meaning: schema.description ?? '',
    landsAt,
  };
}

/** The gateway's settings grouped by the part of the configuration they land in. */
function gatewaySection(blockVariables: ReadonlySet<string>): string[] {
  const groups = new Map<string, string[]>();
  for (const { path, setting } of settingsOf(GATEWAY_SETTINGS)) {
    if (blockVariables.has(setting.env)) continue;
    const group = path.length > 1 ? `config.${path[0]}` : 'config';
    const rows = groups.get(group) ?? [];
    rows.push(rowLine(gatewayRow(setting, `config.${path.join('.')}`)));
    groups.set(group, rows);
  }
  const out = ['## The gateway', ''];
  for (const [group, rows] of groups) out.push(`### ${code(group)}`, '', HEADER, ...rows, '');
  out.push(
    '### Where the settings come from',
    '',
    HEADER,
    rowLine(gatewayRow(CONFIG_FILE_SETTING, '')),
    '',
  );
  return out;
}

/** One adapter's block: its own properties, or the gateway's setting where it declares the variable. */
function adapterSection(adapter: DocumentedAdapter): string[] {
  const required = new Set((adapter.configSchema as { required?: string[] }).required ?? []);
  const gateway = new Map(SETTINGS.map((s) => [s.env, s]));
  const rows = Object.entries(blockProperties(adapter.configSchema)).map(([property, schema]) => {
    const variable = adapterEnvName(adapter.id, property);
    const declared = gateway.get(variable);
    const landsAt = `${adapter.id} block: ${property}`;
    if (declared) return rowLine({ ...gatewayRow(declared, landsAt) });
    const s = schema as DocSchema;
    return rowLine({
      variable,
      type: typeText(s, 'json'),
      default: defaultText(s, required.has(property)),
      meaning: s.description ?? '',
      landsAt,
    });
  });
  return [`## Adapter ${code(adapter.id)}`, '', HEADER, ...rows, ''];
}

/** The whole of docs/configuration.md (before Prettier lays out the tables). */
export function configurationDoc(adapters: readonly DocumentedAdapter[]): string {
  const blockVariables = new Set(
    adapters.flatMap((a) =>
      Object.keys(blockProperties(a.configSchema)).map((p) => adapterEnvName(a.id, p)),
    ),
  );
  return [
    '# Configuration',
    '',
    '<!-- Generated by `npm run config:docs` from src/config/gateway.settings.ts and the adapters’ configuration schemas: edit those, not this file. -->',
    '',
    'Every setting is an environment variable; `CONFIG_FILE` may name a JSON file of `VARIABLE: value` pairs, and the environment wins over it. An empty variable counts as unset. Invalid settings stop start-up with one message naming every bad variable.',
    '',
    'An adapter reads its block from variables named after its id and the property: property `baseUrl` of adapter `fineract` is `FINERACT_BASE_URL`. Objects and arrays are JSON.',
    '',
    ...gatewaySection(blockVariables),
    ...adapters.flatMap(adapterSection),
  ].join('\n');
}
