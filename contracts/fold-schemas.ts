/**
 * Folds the draft 2020-12 schemas of the adapter SDK (`packages/adapter-sdk/schemas/`), split
 * over files, into the one self-contained document json-schema-to-typescript reads: its `$defs` hold every resource under
 * its exported type name, and the keywords that only narrow values at run time (presence
 * conditions, formats, `unevaluatedProperties`) are left to the validator.
 */
import type { JSONSchema } from 'json-schema-to-typescript';
import { loadSchemas } from './index';
import { PORT_RECORDS, portRecordsSchema } from './port-records';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Schemas that describe envelopes, not resources: they get no types here. */
const NOT_RESOURCES = new Set(['envelopes']);

/**
 * Exported names of `$defs` whose own key would be ambiguous once all files share one namespace
 * (`Fee` exists twice), would shadow a global (`Date`), or reads badly without its file's context.
 */
const DEF_NAMES: Record<string, Record<string, string>> = {
  common: {
    Date: 'DateString',
    DateTime: 'DateTimeString',
    DateOrDateTime: 'DateOrDateTimeString',
    Duration: 'DurationString',
  },
  'energy-account': {
    Plan: 'EnergyPlan',
    PlanDetail: 'EnergyPlanDetail',
    ControlledLoad: 'EnergyControlledLoad',
    Incentive: 'EnergyIncentive',
    Discount: 'EnergyDiscount',
    Eligibility: 'EnergyEligibility',
    Fee: 'EnergyPlanFee',
    SolarFeedInTariff: 'EnergySolarFeedInTariff',
    TariffPeriod: 'EnergyTariffPeriod',
  },
  'fdx-transaction': {
    DepositTransactionType: 'FdxDepositTransactionType',
    LoanTransactionType: 'FdxLoanTransactionType',
  },
  'scheduled-payment': {
    PaymentTo: 'ScheduledPaymentTo',
    PaymentSetItem: 'ScheduledPaymentSetItem',
    Recurrence: 'ScheduledPaymentRecurrence',
  },
};

/** Inline parts of a schema that the code names as types of their own: JSON pointer -> name. */
const INLINE_NAMES: Record<string, Record<string, string>> = {
  'banking-account-v4': {
    '/$defs/BankingAccountFields/properties/accountOwnership': 'AccountOwnership',
    '/$defs/LoanAccount/properties/repaymentType': 'RepaymentType',
    '/$defs/LendingRate/properties/loanPurpose': 'LoanPurpose',
  },
  'banking-account-v3': {
    '/$defs/LoanAccountV3/properties/repaymentType': 'RepaymentTypeV3',
    '/$defs/LendingRateV3/properties/loanPurpose': 'LoanPurposeV3',
  },
  'fdx-statement': { '/properties/links/items': 'FdxHateoasLink' },
  'instalment-plan': { '/properties/schedule/items': 'InstalmentScheduleItem' },
};

const RUNTIME_ONLY_KEYWORDS = ['if', 'then', 'else', 'unevaluatedProperties', '$schema', '$id'];

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `balance` -> `Balance`, `fdx-asset-transfer-network` -> `FdxAssetTransferNetwork`. */
function pascalCase(file: string): string {
  return file
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

function defName(file: string, key: string): string {
  return DEF_NAMES[file]?.[key] ?? key;
}

/** A `$ref` of file `file` rewritten to the folded document's `#/$defs/<name>`. */
function foldRef(file: string, ref: string): string {
  const match = /^(?:([a-z0-9-]+)\.json)?(?:#\/\$defs\/([A-Za-z0-9]+))?$/.exec(ref);
  if (!match || ref === '') throw new Error(`unsupported $ref ${ref}`);
  const [, target, key] = match;
  const owner = target ?? file;
  return `#/$defs/${key === undefined ? pascalCase(owner) : defName(owner, key)}`;
}

/** True for `anyOf` branches that only pick a string format (the validator's concern). */
function isFormatOnly(branch: Json): boolean {
  return isObject(branch) && Object.keys(branch).every((key) => key === 'format');
}

/**
 * One schema node made fit for the generator: refs point into the folded document, a `$ref`
 * beside structural keywords becomes an `allOf`, and run-time-only keywords go.
 */
function fold(file: string, node: Json, pointer: string): Json {
  if (Array.isArray(node)) return node.map((item, i) => fold(file, item, `${pointer}/${i}`));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (RUNTIME_ONLY_KEYWORDS.includes(key) || key === '$defs') continue;
    out[key] =
      key === '$ref' ? foldRef(file, value as string) : fold(file, value, `${pointer}/${key}`);
  }
  const inlineName = INLINE_NAMES[file]?.[pointer];
  if (inlineName !== undefined) out.title = inlineName;
  if (Array.isArray(out.anyOf) && out.anyOf.every(isFormatOnly)) delete out.anyOf;
  if (Array.isArray(out.allOf)) {
    const kept = out.allOf.filter((part) => isObject(part) && Object.keys(part).length > 0);
    if (kept.length > 0) out.allOf = kept;
    else delete out.allOf;
  }
  if (typeof out.$ref === 'string') return splitRef(out);
  const variants = conditionalVariants(file, node, pointer);
  if (variants === undefined) return out;
  const { title, description, ...base } = out;
  const head: JsonObject = {};
  if (title !== undefined) head.title = title;
  if (description !== undefined) head.description = description;
  return { ...head, allOf: [base, { anyOf: variants }] };
}

/**
 * `if {D: const V} then {properties}` branches that narrow property types (a deposit's transaction
 * types differ from a loan's) become a union over the discriminator D, so the compiler knows
 * which values go with which case. Branches that only make a property required stay with the
 * validator: the generator has no way to say "present when".
 */
function conditionalVariants(file: string, node: JsonObject, pointer: string): Json[] | undefined {
  const branches = (Array.isArray(node.allOf) ? node.allOf : []).filter(isObject);
  const cases = branches.map((branch) => {
    const test = isObject(branch.if) && isObject(branch.if.properties) ? branch.if.properties : {};
    const [discriminator, condition] = Object.entries(test)[0] ?? [];
    const then =
      isObject(branch.then) && isObject(branch.then.properties) ? branch.then.properties : {};
    const narrowed = Object.entries(then).filter(([, schema]) => schema !== true);
    return { discriminator, value: isObject(condition) ? condition.const : undefined, narrowed };
  });
  const discriminator = cases[0]?.discriminator;
  if (
    discriminator === undefined ||
    !cases.some((c) => c.narrowed.length > 0) ||
    cases.some((c) => c.discriminator !== discriminator || typeof c.value !== 'string')
  ) {
    return undefined;
  }
  const own = isObject(node.properties) ? node.properties[discriminator] : undefined;
  const values = isObject(own) && Array.isArray(own.enum) ? own.enum : [];
  const covered = new Set(cases.map((c) => c.value));
  const variants: Json[] = cases.map((c) => ({
    type: 'object',
    properties: {
      [discriminator]: { const: c.value as string },
      ...(fold(file, Object.fromEntries(c.narrowed), `${pointer}/allOf`) as JsonObject),
    },
    required: [discriminator],
  }));
  const rest = values.filter((value) => !covered.has(value));
  if (rest.length > 0) {
    variants.push({
      type: 'object',
      properties: { [discriminator]: { enum: rest } },
      required: [discriminator],
    });
  }
  return variants;
}

/**
 * A `$ref` with siblings: the generator would copy the target under a numbered name. Structural
 * siblings (an object that adds or requires properties) become the second half of an `allOf`;
 * annotations other than the description are dropped.
 */
function splitRef(node: JsonObject): JsonObject {
  const { $ref, description, properties, required, title } = node;
  const ref: JsonObject = { $ref };
  const head: JsonObject = {};
  if (title !== undefined) head.title = title;
  if (description !== undefined) head.description = description;
  if (properties === undefined && required === undefined) {
    // A one-item `allOf` keeps the description on the property and the target's type name.
    return Object.keys(head).length === 0 ? ref : { ...head, allOf: [ref] };
  }
  const extra: JsonObject = { type: 'object' };
  if (properties !== undefined) extra.properties = properties;
  if (required !== undefined) extra.required = required;
  return { ...head, allOf: [ref, extra] };
}

/** `anyOf` over named definitions. */
const unionOf = (title: string, description: string, names: readonly string[]): JsonObject => ({
  title,
  description,
  anyOf: names.map((name) => ({ $ref: `#/$defs/${name}` })),
});

/**
 * Every resource schema and the port records folded into one document with named `$defs`. Its
 * root is the union of the resources (`ContractResource`) and, when the records are folded, of
 * the port records (`PortRecord`): the generator declares only what the root reaches.
 */
export function foldedSchema(
  schemas: Record<string, object> = { ...loadSchemas(), [PORT_RECORDS]: portRecordsSchema() },
): JSONSchema {
  const defs: JsonObject = {};
  const resources: string[] = [];
  const records: string[] = [];
  const add = (file: string, name: string, folded: Json): void => {
    // One namespace for all files: a second `Fee` would silently replace the first.
    if (name in defs) throw new Error(`${file}: type ${name} exists twice; name it in DEF_NAMES`);
    defs[name] = { ...(folded as JsonObject), title: name };
  };
  for (const [file, schema] of Object.entries(schemas)) {
    if (NOT_RESOURCES.has(file)) continue;
    const json = schema as JsonObject;
    for (const [key, def] of Object.entries(isObject(json.$defs) ? json.$defs : {})) {
      add(file, defName(file, key), fold(file, def, `/$defs/${key}`));
      if (file === PORT_RECORDS && isObject(def) && def.type === 'object') records.push(key);
    }
    if (json.type !== undefined || json.$ref !== undefined) {
      add(file, pascalCase(file), fold(file, json, ''));
      resources.push(pascalCase(file));
    }
  }
  const resourceUnion = unionOf(
    'ContractResource',
    'Any resource documented in the contract schemas.',
    resources,
  );
  if (records.length === 0) return { ...resourceUnion, $defs: defs } as JSONSchema;
  add('fold', 'ContractResource', resourceUnion);
  add(
    'fold',
    'PortRecord',
    unionOf('PortRecord', "Any record of the ports with the gateway's extras.", records),
  );
  return {
    ...unionOf('ContractType', 'A resource or a port record.', ['ContractResource', 'PortRecord']),
    $defs: defs,
  } as JSONSchema;
}
