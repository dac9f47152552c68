/**
 * Loading the demo core's data set (docs/demo-core.md): JSON -> the file's skeleton schema ->
 * each documented record, stripped of the demo extras, against its contract -> unique ids.
 * Any problem stops start-up with the JSON path of each one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ErrorObject } from 'ajv';
import {
  createContractsAjv,
  refOf,
  type BankingAccountRecord,
  type BankingTransaction,
  type CustomerDetail,
  type CustomerIdentity,
  type DirectDebit,
  type EnergyAccountRecord,
  type EnergyConcession,
  type EnergyInvoice,
  type FdxAssetTransferNetwork,
  type FdxPaymentNetwork,
  type FdxTransaction,
  type InstalmentPlan,
  type Payee,
  type ProductSummary,
  type ScheduledPayment,
  type TransactionExtendedData,
} from '@data-holder-gateway/adapter-sdk';
import demoSchema from './demo-data.schema.json';

export interface DemoStatement {
  statementId: string;
  statementDate: string;
  description?: string;
  status?: string;
  /** The PDF, base64. */
  document: string;
}

export interface DemoFdx {
  status: 'OPEN' | 'CLOSED' | 'RESTRICTED';
  transactions?: FdxTransaction[];
  statements?: DemoStatement[];
  /** Absent: the account's type has no asset transfer networks. */
  assetTransferNetworks?: FdxAssetTransferNetwork[];
  /** The payment networks FDX can name for the account (North American ones); absent: none. */
  paymentNetworks?: FdxPaymentNetwork[];
}

/**
 * A banking transaction as the file stores it: without `accountId` (the port adds it) and
 * without `isDetailAvailable`, which is true exactly when `extendedData` is given.
 */
export type DemoBankingTransaction = Omit<BankingTransaction, 'accountId' | 'isDetailAvailable'> & {
  extendedData?: TransactionExtendedData;
};

export type DemoBankingAccount = BankingAccountRecord & {
  subtitle?: string;
  balance?: { currentBalance: string; availableBalance: string };
  directDebits?: Omit<DirectDebit, 'accountId'>[];
  scheduledPayments?: ScheduledPayment[];
  /** Absent: instalments are unsupported for this account's type. */
  instalmentPlans?: Omit<InstalmentPlan, 'accountId'>[];
  /** Absent: the account has no transactions. */
  transactions?: DemoBankingTransaction[];
  fdx?: DemoFdx;
};

export type DemoEnergyAccount = EnergyAccountRecord & {
  invoices?: Omit<EnergyInvoice, 'accountId'>[];
  concessions?: EnergyConcession[];
  /** Decimal string: positive, the customer owes; negative, in credit. Absent: unsupported. */
  balance?: string;
};

/** A person who acts for a customer (a business's contact), found by their email address. */
export interface DemoAuthorisedContact {
  email: string;
  /** E.164; what the search returns for SMS passcodes when the contact is the one who searched. */
  phoneNumber?: string;
}

export interface DemoCustomer {
  customerId: string;
  /** Sharing the customer's data could cause harm: every customer-scoped call is refused. */
  sharingRefusal?: 'harm';
  detail: CustomerDetail;
  payees?: Payee[];
  bankingAccounts?: DemoBankingAccount[];
  energyAccounts?: DemoEnergyAccount[];
  /** The identity the consent flow reads; absent: never found by a search, identity 404. */
  identity?: Omit<CustomerIdentity, 'id'>;
  authorisedContacts?: DemoAuthorisedContact[];
}

export interface DemoData {
  customers: DemoCustomer[];
  products?: ProductSummary[];
}

/** The data set is unusable; `problems` holds one line per problem, each with its JSON path. */
export class DemoDataError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    const shown = problems.slice(0, 50);
    const more =
      problems.length > shown.length ? `\n  ... and ${problems.length - shown.length} more` : '';
    super(`Invalid demo data file ${file}:\n${shown.map((p) => `  - ${p}`).join('\n')}${more}`);
    this.name = 'DemoDataError';
  }
}

const BANKING_EXTRAS = [
  'sharingRefusal',
  'subtitle',
  'balance',
  'directDebits',
  'scheduledPayments',
  'instalmentPlans',
  'transactions',
  'fdx',
];
const ENERGY_EXTRAS = [
  'sharingRefusal',
  'subtitle',
  'complexAccountType',
  'users',
  'invoices',
  'concessions',
  'balance',
];

const ajv = createContractsAjv();
ajv.addSchema(demoSchema);
const validateFile = ajv.getSchema(demoSchema.$id)!;
const contract = (name: string) => ajv.getSchema(refOf(name))!;

function without(record: object, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...record };
  for (const key of keys) delete out[key];
  return out;
}

function describe(base: string, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const detail =
      e.keyword === 'unevaluatedProperties' || e.keyword === 'additionalProperties'
        ? `unknown field "${String((e.params as { unevaluatedProperty?: string; additionalProperty?: string }).unevaluatedProperty ?? (e.params as { additionalProperty?: string }).additionalProperty)}"`
        : e.keyword === 'enum'
          ? `${e.message} (${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')})`
          : (e.message ?? 'invalid');
    return `${base}${e.instancePath || ''}: ${detail}`;
  });
}

type Check = (name: string, value: unknown, at: string) => void;

/**
 * Checks each transaction as the detail endpoint serves it (accountId added, `extendedData`
 * `{}` when absent); returns the ids used twice within the account.
 */
function checkTransactions(account: DemoBankingAccount, at: string, check: Check): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  (account.transactions ?? []).forEach((t, i) => {
    const tat = `${at}/transactions/${i}`;
    check(
      'banking-transaction-detail',
      {
        accountId: account.accountId,
        isDetailAvailable: t.extendedData !== undefined,
        ...t,
        extendedData: t.extendedData ?? {},
      },
      tat,
    );
    if (ids.has(t.transactionId))
      problems.push(`${tat}/transactionId: transaction id "${t.transactionId}" is used again`);
    ids.add(t.transactionId);
  });
  return problems;
}

/** Validates a parsed data set; returns its problems (empty when valid). */
export function validateDemoData(data: unknown): string[] {
  if (!validateFile(data)) return describe('', validateFile.errors);
  const problems: string[] = [];
  const check: Check = (name, value, at) => {
    const validate = contract(name);
    if (!validate(value)) problems.push(...describe(at, validate.errors));
  };
  const customerIds = new Set<string>();
  const accountIds = new Map<string, string>();
  const claimId = (id: string, at: string) => {
    const first = accountIds.get(id);
    if (first)
      problems.push(`${at}/accountId: account id "${id}" is used again (first at ${first})`);
    else accountIds.set(id, at);
  };
  const file = data as DemoData;
  file.customers.forEach((c, ci) => {
    const at = `/customers/${ci}`;
    if (customerIds.has(c.customerId))
      problems.push(`${at}/customerId: customer id "${c.customerId}" is used again`);
    customerIds.add(c.customerId);
    check('customer-detail', c.detail, `${at}/detail`);
    if (c.identity)
      check('customer-identity', { id: c.customerId, ...c.identity }, `${at}/identity`);
    (c.payees ?? []).forEach((p, i) => check('payee', p, `${at}/payees/${i}`));
    (c.bankingAccounts ?? []).forEach((a, ai) => {
      const aat = `${at}/bankingAccounts/${ai}`;
      claimId(a.accountId, aat);
      check('banking-account-list-item-v4', without(a, BANKING_EXTRAS), aat);
      if (a.balance) check('balance', { accountId: a.accountId, ...a.balance }, `${aat}/balance`);
      (a.directDebits ?? []).forEach((d, i) =>
        check('direct-debit', { accountId: a.accountId, ...d }, `${aat}/directDebits/${i}`),
      );
      (a.scheduledPayments ?? []).forEach((p, i) =>
        check('scheduled-payment', p, `${aat}/scheduledPayments/${i}`),
      );
      (a.instalmentPlans ?? []).forEach((p, i) =>
        check('instalment-plan', { accountId: a.accountId, ...p }, `${aat}/instalmentPlans/${i}`),
      );
      (a.fdx?.transactions ?? []).forEach((t, i) =>
        check('fdx-transaction', t, `${aat}/fdx/transactions/${i}`),
      );
      (a.fdx?.statements ?? []).forEach((s, i) =>
        check(
          'fdx-statement',
          {
            ...without(s, ['document']),
            accountId: a.accountId,
            links: [
              {
                href: 'https://dhg.example/s',
                rel: 'download',
                action: 'GET',
                types: ['application/pdf'],
              },
            ],
          },
          `${aat}/fdx/statements/${i}`,
        ),
      );
      (a.fdx?.assetTransferNetworks ?? []).forEach((n, i) =>
        check('fdx-asset-transfer-network', n, `${aat}/fdx/assetTransferNetworks/${i}`),
      );
      (a.fdx?.paymentNetworks ?? []).forEach((n, i) =>
        check('fdx-payment-network', n, `${aat}/fdx/paymentNetworks/${i}`),
      );
      problems.push(...checkTransactions(a, aat, check));
    });
    (c.energyAccounts ?? []).forEach((a, ai) => {
      const aat = `${at}/energyAccounts/${ai}`;
      claimId(a.accountId, aat);
      check('energy-account', without(a, ENERGY_EXTRAS), aat);
      (a.invoices ?? []).forEach((v, i) =>
        check('energy-invoice', { accountId: a.accountId, ...v }, `${aat}/invoices/${i}`),
      );
      (a.concessions ?? []).forEach((v, i) =>
        check('energy-concession', v, `${aat}/concessions/${i}`),
      );
      if (a.balance !== undefined)
        check('energy-balance', { balance: a.balance }, `${aat}/balance`);
    });
  });
  (file.products ?? []).forEach((p, i) => check('product-summary', p, `/products/${i}`));
  return problems;
}

/** Reads and validates a data set file. @throws DemoDataError */
export function loadDemoData(file: string): DemoData {
  const resolved = path.resolve(file);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(resolved, 'utf8'));
  } catch (err) {
    throw new DemoDataError(resolved, [`(file): ${(err as Error).message}`]);
  }
  const problems = validateDemoData(parsed);
  if (problems.length > 0) throw new DemoDataError(resolved, problems);
  return parsed as DemoData;
}
