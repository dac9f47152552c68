/** The simulator's data set: recorded Fineract payloads, keyed as the endpoints need them. */
import fs from 'node:fs';
import path from 'node:path';
import { isInteger, isSafeNumber, LosslessNumber, parse } from 'lossless-json';

/** The bundled data set. */
export const DEFAULT_DATASET_FILE = path.join(__dirname, 'data', 'dataset.json');

/** A JSON object of a payload. */
export type Json = Record<string, unknown>;

/** A self-service user of the data set. */
export interface FineractSelfServiceUser {
  username: string;
  password: string;
  clientId: number;
  beneficiaries: Json[];
}

/**
 * The data table of authorised contacts: multi-row on `m_client`, one row per person who may act
 * for a client (Fineract keeps one email address per client, and no contact persons).
 */
export const CONTACTS_DATATABLE = 'authorised_contacts';

/** A registered data table: the application table it extends, its columns and its rows. */
export interface FineractDatatable {
  applicationTableName: string;
  columns: string[];
  rows: Json[];
}

/** The data set: recorded payloads, keyed as the endpoints need them. */
export interface FineractDataset {
  selfServiceUsers: FineractSelfServiceUser[];
  clients: Json[];
  /** Client id → `GET /v1/clients/{id}/accounts` payload. */
  clientAccounts: Record<string, Json>;
  /** Client id → its addresses (`GET /v1/client/{id}/addresses`), active and not. */
  clientAddresses: Record<string, Json[]>;
  savingsAccounts: Json[];
  fixedDepositAccounts: Json[];
  recurringDepositAccounts: Json[];
  /** Loans with their `repaymentSchedule`. */
  loans: Json[];
  /** Savings-table account id (savings, fixed, recurring) → its transactions. */
  savingsTransactions: Record<string, Json[]>;
  /** Loan id → its transactions. */
  loanTransactions: Record<string, Json[]>;
  standingInstructions: Json[];
  /** Registered data tables by name. */
  datatables: Record<string, FineractDatatable>;
}

/**
 * Reads a data set: safe integers become numbers, every other number a LosslessNumber holding
 * its literal (so it is written back byte for byte).
 */
export function loadFineractDataset(file = DEFAULT_DATASET_FILE): FineractDataset {
  const text = fs.readFileSync(file, 'utf8');
  const data = parse(text, null, (value) =>
    isInteger(value) && isSafeNumber(value) ? Number(value) : new LosslessNumber(value),
  ) as Partial<FineractDataset>;
  const sections: (keyof FineractDataset)[] = [
    'selfServiceUsers',
    'clients',
    'clientAccounts',
    'clientAddresses',
    'savingsAccounts',
    'fixedDepositAccounts',
    'recurringDepositAccounts',
    'loans',
    'savingsTransactions',
    'loanTransactions',
    'standingInstructions',
    'datatables',
  ];
  const missing = sections.filter((s) => data[s] === undefined || data[s] === null);
  if (missing.length) throw new Error(`${file}: missing ${missing.join(', ')}`);
  return data as FineractDataset;
}
