/**
 * The public specifications' component schemas, as extracted into `test/reference/` (see the
 * README there), compiled by a lenient draft-07 Ajv: OpenAPI 3.0 keywords such as `nullable` are
 * ignored rather than refused, as the comparisons with CDS and FDX have always read them.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** Folder of the extracts. */
export const REFERENCE_DIR = path.resolve(__dirname, '..', 'reference');

/** An extract: an OpenAPI document cut down to the component schemas the tests use. */
export interface ReferenceExtract {
  components: { schemas: Record<string, unknown> };
}

/** The extract at `file`, a path under `test/reference/` such as `cds/cds_banking_1.34.1.json`. */
export function readReference(file: string): ReferenceExtract {
  return JSON.parse(fs.readFileSync(path.join(REFERENCE_DIR, file), 'utf8')) as ReferenceExtract;
}

/**
 * A validator per component schema of the extract at `file`, `$ref`s resolved within it, under the
 * Ajv id `id`. Throws on a name the extract does not carry.
 */
export function referenceValidators(file: string, id: string): (name: string) => ValidateFunction {
  const text = JSON.stringify(readReference(file).components.schemas)
    .split('#/components/schemas/')
    .join('#/definitions/');
  const refAjv = new Ajv({ strict: false, allErrors: true });
  addFormats(refAjv);
  refAjv.addSchema({ $id: id, definitions: JSON.parse(text) as object });
  return (name) => {
    const validate = refAjv.getSchema(`${id}#/definitions/${name}`);
    if (!validate) throw new Error(`no reference schema ${name} in ${file}`);
    return validate;
  };
}

/**
 * The documented deviations of the interface from CDS, undone: rates are numbers in the interface
 * (RateString in CDS), and two field names keep the interface's misspelling.
 */
export function toCdsShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toCdsShape);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const name =
      key === 'rateApplicablityType'
        ? 'rateApplicabilityType'
        : key === 'reccurenceUType'
          ? 'recurrenceUType'
          : key;
    out[name] =
      ['rate', 'comparisonRate', 'depositRate'].includes(key) && typeof v === 'number'
        ? String(v)
        : toCdsShape(v);
  }
  return out;
}

/**
 * The interface's documented differences from CDS energy, undone: servicePointIds are integers in
 * the interface (strings in CDS), greenPercentage and rates are numbers (RateString in CDS).
 */
export function toCdsEnergyShape(value: unknown, key = ''): unknown {
  if (Array.isArray(value))
    return value.map((v) => (key === 'servicePointIds' ? String(v) : toCdsEnergyShape(v)));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      ['rate', 'greenPercentage'].includes(k) && typeof v === 'number'
        ? String(v)
        : toCdsEnergyShape(v, k),
    ]),
  );
}

/** One record checked against a reference schema: where, which schema, what it reads as. */
interface ReferenceCheck {
  path: string;
  schema: string;
  value: unknown;
}

type Answer = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * What the answer of each route of the platform's holder reference is checked against: the
 * schemas its pages name, each record in the shape CDS or FDX writes it.
 */
const REFERENCE_CHECKS: Record<string, (body: Answer) => ReferenceCheck[]> = {
  getBankingAccount: (b) => [
    { path: 'data', schema: 'cds:BankingAccountDetailV4', value: toCdsShape(b.data) },
  ],
  listBankingTransactions: (b) => [
    ...(b.data.transactions as unknown[]).map((t, i) => ({
      path: `data.transactions[${i}]`,
      schema: 'cds:BankingTransaction',
      value: t,
    })),
    { path: 'meta', schema: 'cds:MetaPaginatedTransaction', value: b.meta },
  ],
  getBankingTransaction: (b) => [
    { path: 'data', schema: 'cds:BankingTransactionDetailV2', value: b.data },
  ],
  getEnergyAccount: (b) => [
    { path: 'data', schema: 'energy:EnergyAccountDetailV4', value: toCdsEnergyShape(b.data) },
  ],
  getEnergyAccountBalance: (b) => [
    { path: 'data', schema: 'energy:EnergyBalanceResponse_data', value: b.data },
  ],
  listFdxAccounts: (b) => [{ path: '', schema: 'fdx:Accounts', value: b }],
  getFdxAccount: (b) => [{ path: '', schema: 'fdx:AccountWithDetails', value: b }],
  getFdxAccountContact: (b) => [{ path: '', schema: 'fdx:AccountContact', value: b }],
  // FDX asks for at least one network; an Australian account has none (docs/api.md).
  listFdxPaymentNetworks: (b) =>
    (b.paymentNetworks as unknown[]).length > 0
      ? [{ path: '', schema: 'fdx:AccountPaymentNetworkList', value: b }]
      : [],
};

let referenceSets: Record<string, (name: string) => ValidateFunction> | undefined;

/** The interface's one documented difference left in an energy account: tariff periods' endDate. */
const isTariffEndDate = (e: { keyword: string; params: object; instancePath: string }) =>
  e.keyword === 'required' &&
  (e.params as { missingProperty?: string }).missingProperty === 'endDate' &&
  /\/tariffPeriod\/\d+$/.test(e.instancePath);

/**
 * The reference schema errors of a route's answer, as `path (schema): message` lines; none for a
 * route the platform's holder reference does not name.
 */
export function referenceErrors(operationId: string, body: unknown): string[] {
  referenceSets ??= {
    cds: referenceValidators('cds/cds_banking_1.34.1.json', 'ref-cds-banking'),
    energy: referenceValidators('cds/cds_energy_1.34.1.json', 'ref-cds-energy'),
    fdx: referenceValidators('fdx/corex-6.0.json', 'ref-fdx'),
  };
  const checks = REFERENCE_CHECKS[operationId]?.(body as Answer) ?? [];
  return checks.flatMap(({ path: at, schema, value }) => {
    const [set, name] = schema.split(':') as [string, string];
    const validate = referenceSets![set]!(name);
    validate(value);
    return (validate.errors ?? [])
      .filter((e) => !isTariffEndDate(e))
      .map((e) => `${at}${e.instancePath} (${name}): ${e.message ?? e.keyword}`);
  });
}
