/**
 * Extracts from the public CDS, FDX and Fineract OpenAPI documents the component schemas the tests
 * validate against, into `test/reference/` (see the README there).
 *
 * Run: `npm run reference:extract -- [source folder] [--check]`
 *
 * Only validation survives: each extract holds the schemas reachable by `$ref` from the names the
 * tests use, with every annotation keyword (descriptions, examples, titles, `x-*` extensions)
 * removed, so the repository carries the rules and none of the specifications' prose. `--check`
 * extracts afresh and exits 1 when a committed file differs (2 when a source is missing).
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** One source document and the component schemas the tests read from it. */
export interface ReferenceSource {
  /** Path of the source document under the source folder (JSON or YAML). */
  source: string;
  /** Path of the extract under `test/reference/`. */
  output: string;
  /** Schema names the tests validate against; everything they `$ref` comes along. */
  roots: readonly string[];
}

export const REFERENCE_SOURCES: readonly ReferenceSource[] = [
  {
    source: 'cds/cds_banking_1.34.1.json',
    output: 'cds/cds_banking_1.34.1.json',
    roots: [
      'BankingAccountDetailV4',
      'BankingBalance',
      'BankingDirectDebit',
      'BankingPayeeDetailV2',
      'BankingScheduledPaymentV2',
      'BankingTransaction',
      'BankingTransactionDetailV2',
      'MetaPaginatedTransaction',
    ],
  },
  {
    source: 'cds/cds_energy_1.34.1.json',
    output: 'cds/cds_energy_1.34.1.json',
    roots: [
      'EnergyAccountDetailV4',
      'EnergyBalanceResponse_data',
      'EnergyConcession',
      'EnergyInvoice',
    ],
  },
  {
    source: 'cds/cds_admin_1.36.0.json',
    output: 'cds/cds_admin_1.36.0.json',
    roots: ['ResponseMetricsListV5'],
  },
  {
    source: 'cds/cds_common_1.36.0.json',
    output: 'cds/cds_common_1.36.0.json',
    roots: ['ResponseCommonDiscoveryStatus', 'ResponseDiscoveryOutagesList'],
  },
  {
    source: 'fdx/corex-6.0.yaml',
    output: 'fdx/corex-6.0.json',
    roots: [
      'AccountContact',
      'AccountDescriptor',
      'AccountPaymentNetworkList',
      'Accounts',
      'AccountWithDetails',
      'AssetTransferNetwork',
      'DepositTransaction',
      'LoanTransaction',
      'PaymentNetwork',
      'Statement',
    ],
  },
  {
    source: 'fineract/fineract-openapi.json',
    output: 'fineract/fineract-openapi.json',
    roots: [
      'AddressData',
      'GetClientsClientIdAccountsResponse',
      'GetClientsClientIdResponse',
      'GetClientsResponse',
      'GetFixedDepositAccountsAccountIdResponse',
      'GetLoansLoanIdResponse',
      'GetLoansLoanIdTransactionsResponse',
      'GetLoansLoanIdTransactionsTransactionIdResponse',
      'GetPageItemsStandingInstructionSwagger',
      'GetRecurringDepositAccountsAccountIdResponse',
      'GetSavingsAccountTransactionsPageItem',
      'GetSelfBeneficiariesTPTResponse',
      'GetStandingInstructionsResponse',
      'SavingsAccountData',
      'SavingsAccountTransactionsSearchResponse',
    ],
  },
];

/** Where the extracts live. */
export const REFERENCE_DIR = path.resolve(__dirname, '..', 'test', 'reference');
/** The sources' folder in the team's workspace, beside the clone. */
const DEFAULT_SOURCE_DIR = path.resolve(__dirname, '..', '..', 'shared', 'reference');

const SCHEMA_PREFIX = '#/components/schemas/';
/** Keywords that only document: no validator reads them. */
const ANNOTATIONS = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'externalDocs',
  'xml',
  '$comment',
]);
/** Keywords whose value is a map of names to schemas: the names are data, not keywords. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
/** Keywords whose value is a schema or a list of schemas. */
const SUBSCHEMAS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
]);

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A schema without its annotations; values of `enum`, `default`, `required` etc. stay as they are. */
export function stripAnnotations(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(stripAnnotations);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, stripAnnotations(sub)]),
      );
    } else if (SUBSCHEMAS.has(key)) {
      out[key] = stripAnnotations(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Names of the component schemas `node` points at (`$ref`s and discriminator mappings). */
function referencedNames(node: Json, found: Set<string>): Set<string> {
  if (typeof node === 'string' && node.startsWith(SCHEMA_PREFIX)) {
    found.add(decodeURIComponent(node.slice(SCHEMA_PREFIX.length)));
  } else if (Array.isArray(node)) {
    for (const item of node) referencedNames(item, found);
  } else if (isObject(node)) {
    for (const value of Object.values(node)) referencedNames(value, found);
  }
  return found;
}

/**
 * The schemas reachable from `roots`, annotations removed, in the source's order. Throws on a root
 * or a reference the document does not define: an extract that cannot resolve is no extract.
 */
export function shakeSchemas(schemas: JsonObject, roots: readonly string[]): JsonObject {
  const kept = new Map<string, Json>();
  const pending = [...roots];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (kept.has(name)) continue;
    if (!Object.hasOwn(schemas, name)) throw new Error(`no component schema ${name}`);
    const schema = stripAnnotations(schemas[name]!);
    kept.set(name, schema);
    pending.push(...referencedNames(schema, new Set()));
  }
  return Object.fromEntries(
    Object.keys(schemas)
      .filter((name) => kept.has(name))
      .map((name) => [name, kept.get(name)!]),
  );
}

/** Reads a JSON or YAML document as plain JSON (YAML timestamps become ISO strings, as JSON.stringify makes them). */
function readDocument(file: string): JsonObject {
  const text = fs.readFileSync(file, 'utf8');
  const parsed: unknown = /\.ya?ml$/.test(file) ? yaml.load(text) : JSON.parse(text);
  const doc = JSON.parse(JSON.stringify(parsed)) as Json;
  if (!isObject(doc)) throw new Error(`${file} is not an OpenAPI document`);
  return doc;
}

/** The extract of one document: its version line, licence, and the shaken component schemas. */
export function extractDocument(doc: JsonObject, roots: readonly string[]): JsonObject {
  const info = isObject(doc.info) ? doc.info : {};
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const license = isObject(info.license) ? info.license : undefined;
  return {
    openapi: doc.openapi ?? null,
    info: {
      title: info.title ?? null,
      version: info.version ?? null,
      ...(license ? { license: { name: license.name ?? null, url: license.url ?? null } } : {}),
    },
    components: { schemas: shakeSchemas(schemas, roots) },
  };
}

/** The extract's file text, formatted as the repository's Prettier settings format JSON. */
async function render(extract: JsonObject, output: string): Promise<string> {
  // Loaded here, not at the top: Prettier's module cannot load inside jest, which tests this file.
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(output)) ?? {};
  return prettier.format(JSON.stringify(extract), { ...options, filepath: output });
}

async function main(args: string[]): Promise<number> {
  const check = args.includes('--check');
  const sourceDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? DEFAULT_SOURCE_DIR);
  let differing = 0;
  for (const { source, output, roots } of REFERENCE_SOURCES) {
    const sourceFile = path.join(sourceDir, source);
    if (!fs.existsSync(sourceFile)) {
      console.error(`missing source ${sourceFile}`);
      return 2;
    }
    const target = path.join(REFERENCE_DIR, output);
    const text = await render(extractDocument(readDocument(sourceFile), roots), target);
    if (check) {
      const committed = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
      if (committed !== text) {
        differing += 1;
        console.error(`differs from a fresh extraction: test/reference/${output}`);
      }
    } else {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, text);
      console.log(`wrote test/reference/${output}`);
    }
  }
  if (check && differing === 0) console.log('test/reference is up to date');
  return differing > 0 ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
