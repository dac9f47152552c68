/**
 * Writes the Fineract simulator's data set, `adapters/fineract/simulator/data/dataset.json`:
 * payloads shaped exactly as Apache Fineract serves them (field names from the Fineract OpenAPI
 * components in `test/reference/fineract/` and the recorded payloads in
 * `adapters/fineract/fixtures/`).
 *
 * Run: `npx ts-node --transpile-only adapters/fineract/simulator/generate-dataset.ts`
 *
 * Deterministic: a seeded PRNG and fixed dates (the "recording" was made on 2026-11-20), so two
 * runs give byte-identical files. Money is computed in integer cents (bigint) and written as exact
 * JSON number literals through lossless-json, so an amount with more significant digits than a
 * double holds (`1234567890123456.78`) survives to the wire. Client 2's records carry dates as
 * `"yyyy-mm-dd"` strings (a Fineract configured to write ISO dates); everything else as Jackson's
 * default `[yyyy, m, d]` arrays.
 *
 * Content: client 1 (savings with 120+ transactions over a year, a current-like savings account
 * with an overdraft, a savings account with a balance beyond double precision, a closed savings
 * account, a fixed deposit, a recurring deposit, two loans (products 1 and 2) with 30+
 * transactions on the first, standing instructions active, disabled and deleted, and the
 * self-service user `client1` with three third-party-transfer beneficiaries, addresses in use and
 * a former one); client 2 (one savings account, one loan, no self-service user, a home and an
 * office abroad); client 3 (no accounts, no email address, no address); client 4 (accounts the
 * holder refuses to share); client 5, a business (an entity client, no accounts) whose authorised
 * contact is client 1's holder, recorded in the multi-row data table `authorised_contacts` (see
 * `CONTACTS_DATATABLE`). Client ids are the gateway's customer ids, and name the same people as
 * in the Kraken simulator (adapters/kraken/simulator/dataset.ts), which leaves 4 and 5 unused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LosslessNumber, stringify } from 'lossless-json';
import { seededRandom } from '@data-holder-gateway/adapter-sdk';
import { CONTACTS_DATATABLE } from './dataset';

type Json = Record<string, unknown>;
type Ymd = [number, number, number];
/** How a record writes its dates: Jackson arrays, or ISO strings. */
type DateStyle = 'array' | 'string';

/** Path of the generated file. */
export const DATASET_PATH = path.join(__dirname, 'data', 'dataset.json');

/** The day the data set was "recorded": schedules are paid up to it. */
const AS_OF = '2026-11-20';

// ---------------------------------------------------------------------------------------------
// Deterministic helpers
// ---------------------------------------------------------------------------------------------

const { rand, randInt } = seededRandom(6_2026_1120);

/** Exact decimal literal of an amount in cents, as Fineract writes a BigDecimal (no padding). */
function money(cents: bigint): LosslessNumber {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString();
  const frac = abs % 100n;
  let text = whole;
  if (frac !== 0n)
    text += frac % 10n === 0n ? `.${frac / 10n}` : `.${frac.toString().padStart(2, '0')}`;
  return new LosslessNumber(`${negative ? '-' : ''}${text}`);
}
/** A decimal literal written as it is (rates, and amounts Fineract writes with a `.0`). */
const dec = (text: string) => new LosslessNumber(text);
/** Rounds `numerator / denominator` half up, in bigint. */
const divRound = (numerator: bigint, denominator: bigint) =>
  (numerator * 2n + denominator) / (2n * denominator);

const DAY_MS = 86_400_000;
const toMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (d: string, n: number) => isoOf(toMs(d) + n * DAY_MS);
const daysBetween = (a: string, b: string) => Math.round((toMs(b) - toMs(a)) / DAY_MS);
function addMonths(d: string, n: number): string {
  const [y, m, day] = d.split('-').map(Number) as Ymd;
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return isoOf(Date.UTC(y, m - 1 + n, Math.min(day, last)));
}
const isMonthEnd = (d: string) => addDays(d, 1).endsWith('-01');
const dayOfMonth = (d: string) => Number(d.slice(8));

/** A date on the wire in the record's style. */
function wire(d: string, style: DateStyle): Ymd | string {
  return style === 'string' ? d : (d.split('-').map(Number) as Ymd);
}
const monthDay = (d: string): [number, number] => [Number(d.slice(5, 7)), Number(d.slice(8))];

// ---------------------------------------------------------------------------------------------
// Shared Fineract objects
// ---------------------------------------------------------------------------------------------

const AUD = {
  code: 'AUD',
  name: 'Australian Dollar',
  decimalPlaces: 2,
  inMultiplesOf: 0,
  displaySymbol: 'A$',
  nameCode: 'currency.AUD',
  displayLabel: 'Australian Dollar (A$)',
};
const OFFICE = { officeId: 1, officeName: 'Head Office' };
const ADMIN = { username: 'mifos', firstname: 'App', lastname: 'Administrator' };
const by = (verb: string) => ({
  [`${verb}ByUsername`]: ADMIN.username,
  [`${verb}ByFirstname`]: ADMIN.firstname,
  [`${verb}ByLastname`]: ADMIN.lastname,
});
const notSet = { active: false, mandatory: false };
const enumOf = (id: number, code: string, value: string) => ({ id, code, value });

const DEPOSIT_TYPE = {
  sav: enumOf(100, 'depositAccountType.savingsDeposit', 'Savings'),
  fd: enumOf(200, 'depositAccountType.fixedDeposit', 'Fixed Deposit'),
  rd: enumOf(300, 'depositAccountType.recurringDeposit', 'Recurring Deposit'),
};

function savingsStatus(status: 'active' | 'closed', transferOnHold = false): Json {
  const flags = {
    submittedAndPendingApproval: false,
    approved: true,
    rejected: false,
    withdrawnByApplicant: false,
    active: status === 'active',
    closed: status === 'closed',
    prematureClosed: false,
    transferInProgress: false,
    transferOnHold,
    matured: false,
  };
  if (transferOnHold)
    return {
      ...enumOf(304, 'savingsAccountStatusType.transfer.on.hold', 'Transfer on hold'),
      ...flags,
      active: false,
    };
  return status === 'active'
    ? { ...enumOf(300, 'savingsAccountStatusType.active', 'Active'), ...flags }
    : { ...enumOf(600, 'savingsAccountStatusType.closed', 'Closed'), ...flags };
}
const SUB_STATUS_NONE = {
  ...enumOf(0, 'SavingsAccountSubStatusEnum.none', 'None'),
  none: true,
  inactive: false,
  dormant: false,
  escheat: false,
  block: false,
  blockCredit: false,
  blockDebit: false,
};
/** Every movement blocked (docs/fineract.md, "Refusals to share": the account is blocked). */
const SUB_STATUS_BLOCK = {
  ...SUB_STATUS_NONE,
  ...enumOf(400, 'SavingsAccountSubStatusEnum.block', 'Block'),
  none: false,
  block: true,
};
const LOAN_ACTIVE = {
  ...enumOf(300, 'loanStatusType.active', 'Active'),
  pendingApproval: false,
  waitingForDisbursal: false,
  active: true,
  closedObligationsMet: false,
  closedWrittenOff: false,
  closedRescheduled: false,
  closed: false,
  overpaid: false,
};
const INDIVIDUAL = enumOf(1, 'accountType.individual', 'Individual');
const MONTHS = (prefix: string) => enumOf(2, `${prefix}.periodFrequencyType.months`, 'Months');
const DAILY_BALANCE = enumOf(1, 'savingsInterestCalculationType.dailybalance', 'Daily Balance');
const DAYS_365 = enumOf(365, 'savingsInterestCalculationDaysInYearType.days365', '365 Days');
const COMPOUND = {
  daily: enumOf(1, 'savings.interest.period.savingsCompoundingInterestPeriodType.daily', 'Daily'),
  monthly: enumOf(
    4,
    'savings.interest.period.savingsCompoundingInterestPeriodType.monthly',
    'Monthly',
  ),
};
const POSTING_MONTHLY = enumOf(
  4,
  'savings.interest.posting.period.savingsPostingInterestPeriodType.monthly',
  'Monthly',
);

const PAYMENT_TYPES = {
  transfer: { id: 2, name: 'Bank Transfer', isCashPayment: false, isSystemDefined: false },
  card: { id: 3, name: 'Card', isCashPayment: false, isSystemDefined: false },
  cash: { id: 1, name: 'Cash', isCashPayment: true, isSystemDefined: false },
};
type PaymentKind = keyof typeof PAYMENT_TYPES;
let paymentDetailIds = 400;
function paymentDetail(kind: PaymentKind, receipt: string): Json {
  paymentDetailIds += 1;
  return {
    id: paymentDetailIds,
    paymentType: PAYMENT_TYPES[kind],
    accountNumber: '',
    checkNumber: '',
    routingCode: '',
    receiptNumber: receipt,
    bankNumber: '',
  };
}

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

interface SavingsProduct {
  id: number;
  name: string;
  shortName: string;
  /** Nominal annual rate in percent, as Fineract writes it. */
  rate: string;
}
const EVERYDAY_SAVER: SavingsProduct = {
  id: 1,
  name: 'Everyday Saver',
  shortName: 'ESV',
  rate: '4.35',
};
const EVERYDAY_ACCOUNT: SavingsProduct = {
  id: 2,
  name: 'Everyday Account',
  shortName: 'EAC',
  rate: '0.05',
};
const TREASURY_SAVER: SavingsProduct = {
  id: 3,
  name: 'Treasury Saver',
  shortName: 'TRS',
  rate: '5.1',
};
const TERM_DEPOSIT: SavingsProduct = {
  id: 4,
  name: 'Term Deposit 12 Months',
  shortName: 'TD12',
  rate: '4.7',
};
const GOAL_SAVER: SavingsProduct = { id: 5, name: 'Goal Saver', shortName: 'GSV', rate: '3.9' };

interface LoanProduct {
  id: number;
  name: string;
  shortName: string;
  description: string;
  amortization: 'emi' | 'equalPrincipal';
}
const PERSONAL_LOAN: LoanProduct = {
  id: 1,
  name: 'Personal Loan',
  shortName: 'PL',
  description: 'Unsecured personal loan repaid in equal monthly instalments.',
  amortization: 'emi',
};
const FLEXI_LOAN: LoanProduct = {
  id: 2,
  name: 'Flexi Loan',
  shortName: 'FLX',
  description: 'Short-term loan repaid in equal principal amounts.',
  amortization: 'equalPrincipal',
};

// ---------------------------------------------------------------------------------------------
// Clients
// ---------------------------------------------------------------------------------------------

interface Person {
  id: number;
  externalId: string;
  firstname: string;
  middlename?: string;
  lastname: string;
  mobileNo: string;
  emailAddress?: string;
  dateOfBirth: string;
  gender: { id: number; name: string };
  submitted: string;
  style: DateStyle;
}
const JANE: Person = {
  id: 1,
  externalId: 'c-fin-1',
  firstname: 'Jane',
  middlename: 'Mary',
  lastname: 'Citizen',
  mobileNo: '+61412345678',
  emailAddress: 'jane.citizen@example.com',
  dateOfBirth: '1985-04-12',
  gender: { id: 15, name: 'Female' },
  submitted: '2019-03-04',
  style: 'array',
};
const JOHN: Person = {
  id: 2,
  externalId: 'c-fin-2',
  firstname: 'John',
  lastname: 'Smith',
  mobileNo: '+61498765432',
  emailAddress: 'john.smith@example.com',
  dateOfBirth: '1979-11-30',
  gender: { id: 16, name: 'Male' },
  submitted: '2020-07-15',
  style: 'string',
};
const ALEX: Person = {
  id: 3,
  externalId: 'c-fin-3',
  firstname: 'Alex',
  lastname: 'Nguyen',
  mobileNo: '+61400111222',
  dateOfBirth: '1994-02-28',
  gender: { id: 17, name: 'Unspecified' },
  submitted: '2025-05-20',
  style: 'array',
};
/** Client 4: accounts the holder refuses to share (built last, without transactions). */
const PAT: Person = {
  id: 4,
  externalId: 'c-fin-4',
  firstname: 'Pat',
  lastname: 'Example',
  mobileNo: '+61400333444',
  emailAddress: 'pat.example@example.org',
  dateOfBirth: '1990-09-09',
  gender: { id: 17, name: 'Unspecified' },
  submitted: '2024-02-02',
  style: 'array',
};
const displayName = (p: Person) =>
  [p.firstname, p.middlename, p.lastname].filter(Boolean).join(' ');

/** A business: an entity client (legal form 2), known by its full name. */
interface Business {
  id: number;
  externalId: string;
  fullname: string;
  /** Written as a holder's staff type it in: national format, spaces. */
  mobileNo: string;
  emailAddress: string;
  incorpNumber: string;
  submitted: string;
}
const HARBOUR_BAKERY: Business = {
  id: 5,
  externalId: 'c-fin-5',
  fullname: 'Harbour Bakery Pty Ltd',
  mobileNo: '0491 570 110',
  emailAddress: 'accounts@harbourbakery.example',
  incorpNumber: '12 345 678 901',
  submitted: '2023-09-01',
};

function client(p: Person): Json {
  const w = (d: string) => wire(d, p.style);
  return {
    id: p.id,
    accountNo: String(p.id).padStart(9, '0'),
    externalId: p.externalId,
    status: enumOf(300, 'clientStatusType.active', 'Active'),
    subStatus: notSet,
    active: true,
    activationDate: w(p.submitted),
    firstname: p.firstname,
    ...(p.middlename ? { middlename: p.middlename } : {}),
    lastname: p.lastname,
    displayName: displayName(p),
    mobileNo: p.mobileNo,
    ...(p.emailAddress ? { emailAddress: p.emailAddress } : {}),
    dateOfBirth: w(p.dateOfBirth),
    gender: { ...p.gender, active: true, mandatory: false },
    clientType: notSet,
    clientClassification: notSet,
    isStaff: false,
    ...OFFICE,
    timeline: {
      submittedOnDate: w(p.submitted),
      ...by('submitted'),
      activatedOnDate: w(p.submitted),
      ...by('activated'),
    },
    legalForm: enumOf(1, 'legalFormType.person', 'PERSON'),
    clientNonPersonDetails: { constitution: notSet, mainBusinessLine: notSet },
    groups: [],
  };
}

function entityClient(b: Business): Json {
  const w = (d: string) => wire(d, 'array');
  return {
    id: b.id,
    accountNo: String(b.id).padStart(9, '0'),
    externalId: b.externalId,
    status: enumOf(300, 'clientStatusType.active', 'Active'),
    subStatus: notSet,
    active: true,
    activationDate: w(b.submitted),
    fullname: b.fullname,
    displayName: b.fullname,
    mobileNo: b.mobileNo,
    emailAddress: b.emailAddress,
    clientType: notSet,
    clientClassification: notSet,
    isStaff: false,
    ...OFFICE,
    timeline: {
      submittedOnDate: w(b.submitted),
      ...by('submitted'),
      activatedOnDate: w(b.submitted),
      ...by('activated'),
    },
    legalForm: enumOf(2, 'legalFormType.entity', 'ENTITY'),
    clientNonPersonDetails: {
      incorpNumber: b.incorpNumber,
      constitution: notSet,
      mainBusinessLine: notSet,
    },
    groups: [],
  };
}

/** The rows of the contacts data table, as its query answers them (every column). */
function contactRows(): Json[] {
  return [
    {
      id: 1,
      client_id: HARBOUR_BAKERY.id,
      name: displayName(JANE),
      email: JANE.emailAddress,
      mobile_no: JANE.mobileNo,
      relationship: 'Director',
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Client addresses (Fineract's address module: types, states and countries are code values)
// ---------------------------------------------------------------------------------------------

/** Code values of the codes ADDRESS_TYPE, STATE and COUNTRY, as a holder might define them. */
const ADDRESS_TYPES = {
  residential: [21, 'Residential'],
  postal: [22, 'Postal'],
  office: [23, 'Office'],
};
const STATES = { NSW: 31, VIC: 32 };
const COUNTRIES = { Australia: 41, 'New Zealand': 42 };

interface Address {
  id: number;
  type: keyof typeof ADDRESS_TYPES;
  active: boolean;
  lines: string[];
  street?: string;
  city: string;
  state?: keyof typeof STATES;
  country: keyof typeof COUNTRIES;
  postcode: string;
  created: string;
}

/** One row of `GET /v1/client/{id}/addresses` (AddressData; Fineract leaves nulls out). */
function addressPayload(owner: Person, a: Address): Json {
  const [typeId, typeName] = ADDRESS_TYPES[a.type];
  const [line1, line2, line3] = a.lines;
  return {
    addressType: typeName,
    clientID: owner.id,
    addressId: a.id,
    addressTypeId: typeId,
    isActive: a.active,
    ...(a.street ? { street: a.street } : {}),
    ...(line1 ? { addressLine1: line1 } : {}),
    ...(line2 ? { addressLine2: line2 } : {}),
    ...(line3 ? { addressLine3: line3 } : {}),
    city: a.city,
    ...(a.state ? { stateProvinceId: STATES[a.state], stateName: a.state } : {}),
    countryId: COUNTRIES[a.country],
    countryName: a.country,
    postalCode: a.postcode,
    createdBy: ADMIN.username,
    createdOn: wire(a.created, owner.style),
  };
}

/**
 * Client 1: a home and a post office box in use and a former postal address; client 2: a home,
 * and an office in New Zealand (a country FDX contacts can only write by its ISO code).
 */
function clientAddresses(): Record<string, Json[]> {
  const jane: Address[] = [
    {
      id: 1,
      type: 'residential',
      active: true,
      lines: ['Unit 4', '12 Example Street'],
      city: 'Sydney',
      state: 'NSW',
      country: 'Australia',
      postcode: '2000',
      created: '2019-03-04',
    },
    {
      id: 2,
      type: 'postal',
      active: false,
      lines: ['PO Box 123'],
      city: 'Parramatta',
      state: 'NSW',
      country: 'Australia',
      postcode: '2150',
      created: '2019-03-04',
    },
    {
      id: 3,
      type: 'postal',
      active: true,
      lines: ['PO Box 77'],
      city: 'Sydney',
      state: 'NSW',
      country: 'Australia',
      postcode: '2001',
      created: '2024-06-11',
    },
  ];
  const john: Address[] = [
    {
      id: 4,
      type: 'residential',
      active: true,
      lines: [],
      street: '3 Sample Road',
      city: 'Melbourne',
      state: 'VIC',
      country: 'Australia',
      postcode: '3000',
      created: '2020-07-15',
    },
    {
      id: 5,
      type: 'office',
      active: true,
      lines: ['Level 2', '1 Quay Street'],
      city: 'Auckland',
      country: 'New Zealand',
      postcode: '1010',
      created: '2023-01-09',
    },
  ];
  return {
    [String(JANE.id)]: jane.map((a) => addressPayload(JANE, a)),
    [String(JOHN.id)]: john.map((a) => addressPayload(JOHN, a)),
  };
}

// ---------------------------------------------------------------------------------------------
// Savings-table accounts (savings, fixed and recurring deposits) and their transactions
// ---------------------------------------------------------------------------------------------

type SavingsTxKind =
  'deposit' | 'withdrawal' | 'interestPosting' | 'withdrawalFee' | 'overdraftInterest';
const SAVINGS_TX_TYPES: Record<SavingsTxKind, [number, string, string, 'CREDIT' | 'DEBIT']> = {
  deposit: [1, 'deposit', 'Deposit', 'CREDIT'],
  withdrawal: [2, 'withdrawal', 'Withdrawal', 'DEBIT'],
  interestPosting: [3, 'interestPosting', 'Interest Posting', 'CREDIT'],
  withdrawalFee: [4, 'withdrawalFee', 'Withdrawal Fee', 'DEBIT'],
  overdraftInterest: [17, 'overdraftInterest', 'Overdraft Interest', 'DEBIT'],
};

interface SavingsTx {
  account: SavingsAccount;
  date: string;
  kind: SavingsTxKind;
  cents: bigint;
  payment?: Json;
  reversed?: boolean;
  reversalOf?: SavingsTx;
  /** Balance after this transaction. */
  running: bigint;
  seq: number;
  id: number;
}

interface SavingsAccount {
  id: number;
  kind: 'sav' | 'fd' | 'rd';
  owner: Person;
  product: SavingsProduct;
  status: 'active' | 'closed';
  submitted: string;
  activated: string;
  closed?: string;
  balance: bigint;
  txs: SavingsTx[];
  /** The sub-status; default none. */
  subStatus?: Json;
  /** On hold for a transfer between offices. */
  transferOnHold?: boolean;
}

function savingsAccount(
  id: number,
  kind: SavingsAccount['kind'],
  owner: Person,
  product: SavingsProduct,
  activated: string,
  extra: Partial<SavingsAccount> = {},
): SavingsAccount {
  return {
    id,
    kind,
    owner,
    product,
    status: 'active',
    submitted: addDays(activated, -3),
    activated,
    balance: 0n,
    txs: [],
    ...extra,
  };
}

/** Posts one transaction on `account`, in date order, updating its running balance. */
function post(
  account: SavingsAccount,
  date: string,
  kind: SavingsTxKind,
  cents: bigint,
  payment?: Json,
): SavingsTx {
  const credit = SAVINGS_TX_TYPES[kind][3] === 'CREDIT';
  account.balance += credit ? cents : -cents;
  const tx: SavingsTx = {
    account,
    date,
    kind,
    cents,
    payment,
    running: account.balance,
    seq: account.txs.length,
    id: 0,
  };
  account.txs.push(tx);
  return tx;
}

/** Interest of one posting period on `balance` at `ratePercent` (e.g. "4.35"), half up. */
function interest(balance: bigint, ratePercent: string, days: number): bigint {
  if (balance <= 0n) return 0n;
  const [whole, frac = ''] = ratePercent.split('.');
  const scaled = BigInt(`${whole}${frac.padEnd(4, '0')}`); // percent × 10^4
  return divRound(balance * scaled * BigInt(days), 100n * 10_000n * 365n);
}

// --- client 1 -------------------------------------------------------------------------------

/** sav-1: the rich account, a year of activity (120+ transactions). */
function buildSav1(): SavingsAccount {
  const acc = savingsAccount(1, 'sav', JANE, EVERYDAY_SAVER, '2025-11-21');
  const end = AS_OF;
  const merchants = ['GROCER', 'FUEL', 'PHARMACY', 'CAFE', 'HARDWARE', 'BOOKS', 'TRANSIT'];
  let lastPosting = addDays(acc.activated, -1);
  post(acc, acc.activated, 'deposit', 523417n, paymentDetail('transfer', 'OPEN-000001'));
  for (let d = acc.activated; d <= end; d = addDays(d, 1)) {
    const first = d === acc.activated;
    if (!first && daysBetween('2025-11-27', d) % 14 === 0 && d >= '2025-11-27') {
      post(acc, d, 'deposit', 318745n, paymentDetail('transfer', `SAL-${d.replace(/-/g, '')}`));
    }
    if (dayOfMonth(d) === 1) {
      post(acc, d, 'withdrawal', 185000n, paymentDetail('transfer', `RENT-${d.slice(0, 7)}`));
    }
    if (dayOfMonth(d) === 15 && ['01', '04', '07', '10'].includes(d.slice(5, 7))) {
      post(acc, d, 'withdrawalFee', 250n);
    }
    const purchases = first ? 0 : d === end ? 2 : rand() < 0.21 ? (rand() < 0.15 ? 2 : 1) : 0;
    for (let i = 0; i < purchases; i += 1) {
      const merchant = merchants[randInt(0, merchants.length - 1)]!;
      const cents = BigInt(randInt(1240, 18000));
      post(
        acc,
        d,
        'withdrawal',
        cents,
        paymentDetail('card', `${merchant}-${randInt(1000, 9999)}`),
      );
    }
    if (isMonthEnd(d)) {
      const cents = interest(acc.balance, acc.product.rate, daysBetween(lastPosting, d));
      post(acc, d, 'interestPosting', cents);
      lastPosting = d;
    }
  }
  return acc;
}

/** sav-2: a current-like account with an overdraft, overdrawn at the end, one reversed debit. */
function buildSav2(): SavingsAccount {
  const acc = savingsAccount(2, 'sav', JANE, EVERYDAY_ACCOUNT, '2026-08-28');
  const card = (r: string) => paymentDetail('card', r);
  post(acc, '2026-08-28', 'deposit', 50000n, paymentDetail('cash', 'BR-0828'));
  post(acc, '2026-09-02', 'withdrawal', 32050n, card('GROCER-1102'));
  post(acc, '2026-09-10', 'withdrawal', 41000n, card('AIRLINE-2210'));
  post(acc, '2026-09-15', 'deposit', 20000n, paymentDetail('transfer', 'SI-1-2026-09'));
  post(acc, '2026-09-22', 'withdrawal', 18995n, card('PHARMACY-4410'));
  post(acc, '2026-09-30', 'overdraftInterest', 137n);
  post(acc, '2026-10-03', 'withdrawal', 7500n, card('CAFE-0310'));
  const mistaken = post(acc, '2026-10-14', 'withdrawal', 12000n, card('DUPLICATE-1410'));
  mistaken.reversed = true;
  const reversal = post(acc, '2026-10-15', 'deposit', 12000n);
  reversal.kind = 'withdrawal'; // a reversal keeps the type and flips the entry
  reversal.reversalOf = mistaken;
  post(acc, '2026-10-15', 'deposit', 20000n, paymentDetail('transfer', 'SI-1-2026-10'));
  post(acc, '2026-10-21', 'withdrawal', 23010n, card('HARDWARE-2110'));
  post(acc, '2026-10-31', 'overdraftInterest', 284n);
  post(acc, '2026-11-05', 'withdrawal', 6420n, card('FUEL-0511'));
  post(acc, '2026-11-15', 'deposit', 20000n, paymentDetail('transfer', 'SI-1-2026-11'));
  const target = -25075n;
  const last = acc.balance - target;
  if (last <= 0n) throw new Error('sav-2: the closing withdrawal must be positive');
  post(acc, '2026-11-18', 'withdrawal', last, card('ELECTRONICS-1811'));
  return acc;
}

/** sav-3: a balance with more significant digits than a double holds. */
function buildSav3(): SavingsAccount {
  const acc = savingsAccount(3, 'sav', JANE, TREASURY_SAVER, '2026-06-30');
  post(acc, '2026-06-30', 'deposit', 123456789012300000n, paymentDetail('transfer', 'TRS-0001'));
  post(acc, '2026-10-31', 'deposit', 45678n, paymentDetail('transfer', 'TRS-0002'));
  if (acc.balance !== 123456789012345678n) throw new Error('sav-3 balance');
  return acc;
}

/** sav-4: a closed savings account. */
function buildSav4(): SavingsAccount {
  const acc = savingsAccount(4, 'sav', JANE, EVERYDAY_SAVER, '2025-01-10', {
    status: 'closed',
    closed: '2026-03-31',
  });
  post(acc, '2025-01-10', 'deposit', 50000n, paymentDetail('cash', 'BR-0110'));
  post(acc, '2025-01-31', 'interestPosting', 123n);
  post(acc, '2026-03-31', 'withdrawal', 50123n, paymentDetail('transfer', 'CLOSE-4'));
  return acc;
}

/** fd-5: a 12-month fixed deposit posting interest monthly. */
function buildFd5(): SavingsAccount {
  const acc = savingsAccount(5, 'fd', JANE, TERM_DEPOSIT, '2026-02-14');
  post(acc, acc.activated, 'deposit', 2_000_000n, paymentDetail('transfer', 'TD-5-OPEN'));
  let last = acc.activated;
  for (let d = acc.activated; d <= AS_OF; d = addDays(d, 1)) {
    if (!isMonthEnd(d)) continue;
    post(acc, d, 'interestPosting', interest(acc.balance, acc.product.rate, daysBetween(last, d)));
    last = d;
  }
  return acc;
}

/** rd-6: a recurring deposit of 250 a month. */
function buildRd6(): SavingsAccount {
  const acc = savingsAccount(6, 'rd', JANE, GOAL_SAVER, '2025-12-01');
  let last = addDays(acc.activated, -1);
  for (let d = acc.activated; d <= AS_OF; d = addDays(d, 1)) {
    if (dayOfMonth(d) === 1) {
      post(acc, d, 'deposit', 25000n, paymentDetail('transfer', `RD-6-${d.slice(0, 7)}`));
    }
    if (isMonthEnd(d)) {
      post(
        acc,
        d,
        'interestPosting',
        interest(acc.balance, acc.product.rate, daysBetween(last, d)),
      );
      last = d;
    }
  }
  return acc;
}

// --- client 2 -------------------------------------------------------------------------------

/** sav-7: client 2's only savings account (dates as strings). */
function buildSav7(): SavingsAccount {
  const acc = savingsAccount(7, 'sav', JOHN, EVERYDAY_SAVER, '2026-06-01');
  post(acc, '2026-06-01', 'deposit', 100000n, paymentDetail('cash', 'BR-0601'));
  for (const month of ['06', '07', '08', '09', '10', '11']) {
    post(acc, `2026-${month}-03`, 'deposit', 40000n, paymentDetail('transfer', `PAY-${month}`));
    if (month !== '11') {
      post(acc, `2026-${month}-17`, 'withdrawal', BigInt(randInt(5000, 25000)), undefined);
    }
  }
  return acc;
}

// --- client 4 -------------------------------------------------------------------------------

/**
 * Client 4's savings accounts: sav-8 blocked (sub-status block), sav-9 on hold for a transfer,
 * sav-10 ordinary. No transactions, so the ids of every other account's transactions stay.
 */
function buildRefusalSavings(): SavingsAccount[] {
  return [
    savingsAccount(8, 'sav', PAT, EVERYDAY_SAVER, '2024-02-05', { subStatus: SUB_STATUS_BLOCK }),
    savingsAccount(9, 'sav', PAT, EVERYDAY_SAVER, '2024-02-05', { transferOnHold: true }),
    savingsAccount(10, 'sav', PAT, EVERYDAY_ACCOUNT, '2024-02-05'),
  ];
}

/** Assigns Fineract's table-wide transaction ids, in posting order across accounts. */
function assignSavingsIds(accounts: SavingsAccount[]): void {
  const all = accounts.flatMap((a) => a.txs);
  all.sort((x, y) =>
    x.date !== y.date
      ? x.date < y.date
        ? -1
        : 1
      : x.account.id !== y.account.id
        ? x.account.id - y.account.id
        : x.seq - y.seq,
  );
  all.forEach((tx, i) => {
    tx.id = 1001 + i;
  });
}

function savingsTxPayload(tx: SavingsTx): Json {
  const style = tx.account.owner.style;
  const [typeId, code, value, entry] = SAVINGS_TX_TYPES[tx.kind];
  const flags = Object.fromEntries(
    [
      'deposit',
      'dividendPayout',
      'withdrawal',
      'interestPosting',
      'feeDeduction',
      'initiateTransfer',
      'approveTransfer',
      'withdrawTransfer',
      'rejectTransfer',
      'overdraftInterest',
      'writtenoff',
      'overdraftFee',
      'withholdTax',
      'escheat',
      'amountHold',
      'amountRelease',
    ].map((flag) => [
      flag,
      flag === tx.kind || (flag === 'feeDeduction' && tx.kind === 'withdrawalFee'),
    ]),
  );
  const isReversal = tx.reversalOf !== undefined;
  return {
    id: tx.id,
    transactionType: { id: typeId, code: `savingsAccountTransactionType.${code}`, value, ...flags },
    entryType: isReversal ? (entry === 'CREDIT' ? 'DEBIT' : 'CREDIT') : entry,
    accountId: tx.account.id,
    accountNo: String(tx.account.id).padStart(9, '0'),
    date: wire(tx.date, style),
    currency: AUD,
    ...(tx.payment ? { paymentDetailData: tx.payment } : {}),
    amount: money(tx.cents),
    runningBalance: money(tx.running),
    reversed: tx.reversed === true,
    isReversal,
    ...(tx.reversalOf ? { originalTransactionId: tx.reversalOf.id } : {}),
    interestedPostedAsOn: false,
    submittedOnDate: wire(tx.date, style),
    submittedByUsername: tx.kind === 'interestPosting' ? 'system' : ADMIN.username,
    isManualTransaction: tx.kind !== 'interestPosting' && tx.kind !== 'overdraftInterest',
    lienTransaction: false,
    chargesPaidByData: [],
  };
}

const sumOf = (txs: SavingsTx[], kinds: SavingsTxKind[]) =>
  txs
    .filter((t) => kinds.includes(t.kind) && !t.reversed && !t.reversalOf)
    .reduce((s, t) => s + t.cents, 0n);

function savingsTimeline(acc: SavingsAccount): Json {
  const w = (d: string) => wire(d, acc.owner.style);
  return {
    submittedOnDate: w(acc.submitted),
    ...by('submitted'),
    approvedOnDate: w(addDays(acc.submitted, 1)),
    ...by('approved'),
    activatedOnDate: w(acc.activated),
    ...by('activated'),
    ...(acc.closed ? { closedOnDate: w(acc.closed), ...by('closed') } : {}),
  };
}

function savingsSummary(acc: SavingsAccount, onHold = 0n): Json {
  const interestPosted = sumOf(acc.txs, ['interestPosting']);
  const lastPosting = [...acc.txs].reverse().find((t) => t.kind === 'interestPosting');
  return {
    currency: AUD,
    totalDeposits: money(sumOf(acc.txs, ['deposit'])),
    totalWithdrawals: money(sumOf(acc.txs, ['withdrawal'])),
    ...(sumOf(acc.txs, ['withdrawalFee']) > 0n
      ? { totalWithdrawalFees: money(sumOf(acc.txs, ['withdrawalFee'])) }
      : {}),
    totalInterestEarned: money(interestPosted),
    totalInterestPosted: money(interestPosted),
    ...(sumOf(acc.txs, ['overdraftInterest']) > 0n
      ? { totalOverdraftInterestDerived: money(sumOf(acc.txs, ['overdraftInterest'])) }
      : {}),
    accountBalance: money(acc.balance),
    availableBalance: money(acc.balance - onHold),
    interestNotPosted: 0,
    ...(lastPosting
      ? {
          lastInterestCalculationDate: wire(lastPosting.date, acc.owner.style),
          interestPostedTillDate: wire(lastPosting.date, acc.owner.style),
        }
      : {}),
  };
}

function interestSettings(acc: SavingsAccount, compounding: Json): Json {
  return {
    nominalAnnualInterestRate: dec(acc.product.rate),
    interestCompoundingPeriodType: compounding,
    interestPostingPeriodType: POSTING_MONTHLY,
    interestCalculationType: DAILY_BALANCE,
    interestCalculationDaysInYearType: DAYS_365,
  };
}

function accountHead(acc: SavingsAccount): Json {
  return {
    id: acc.id,
    accountNo: String(acc.id).padStart(9, '0'),
    depositType: DEPOSIT_TYPE[acc.kind],
    clientId: acc.owner.id,
    clientName: displayName(acc.owner),
    savingsProductId: acc.product.id,
    savingsProductName: acc.product.name,
    fieldOfficerId: 0,
    status: savingsStatus(acc.status, acc.transferOnHold),
  };
}

interface SavingsOptions {
  overdraftLimit?: bigint;
  overdraftRate?: string;
  onHold?: bigint;
  minRequiredBalance?: bigint;
}

/** `GET /v1/savingsaccounts/{id}` (SavingsAccountData). */
function savingsPayload(acc: SavingsAccount, o: SavingsOptions = {}): Json {
  const lastTx = acc.txs[acc.txs.length - 1];
  return {
    ...accountHead(acc),
    subStatus: acc.subStatus ?? SUB_STATUS_NONE,
    timeline: savingsTimeline(acc),
    currency: AUD,
    ...interestSettings(acc, COMPOUND.daily),
    withdrawalFeeForTransfers: false,
    allowOverdraft: o.overdraftLimit !== undefined,
    ...(o.overdraftLimit !== undefined
      ? {
          overdraftLimit: money(o.overdraftLimit),
          nominalAnnualInterestRateOverdraft: dec(o.overdraftRate ?? '0'),
          minOverdraftForInterestCalculation: 0,
        }
      : {}),
    enforceMinRequiredBalance: o.minRequiredBalance !== undefined,
    ...(o.minRequiredBalance !== undefined
      ? { minRequiredBalance: money(o.minRequiredBalance) }
      : {}),
    ...(o.onHold ? { onHoldFunds: 0, savingsAmountOnHold: money(o.onHold) } : {}),
    lienAllowed: false,
    withHoldTax: false,
    isDormancyTrackingActive: false,
    ...(lastTx ? { lastActiveTransactionDate: wire(lastTx.date, acc.owner.style) } : {}),
    summary: savingsSummary(acc, o.onHold ?? 0n),
  };
}

function chart(
  id: number,
  acc: SavingsAccount,
  slabs: [number, number | undefined, string][],
): Json {
  const periodType = enumOf(2, 'interestChartPeriodType.months', 'Months');
  const { inMultiplesOf: _inMultiplesOf, ...currency } = AUD;
  return {
    id,
    fromDate: wire('2024-01-01', acc.owner.style),
    accountId: acc.id,
    accountNumber: String(acc.id).padStart(9, '0'),
    chartSlabs: slabs.map(([from, to, rate], i) => ({
      id: id * 10 + i + 1,
      periodType,
      fromPeriod: from,
      ...(to !== undefined ? { toPeriod: to } : {}),
      annualInterestRate: dec(rate),
      currency,
    })),
    periodTypes: [
      enumOf(0, 'interestChartPeriodType.days', 'Days'),
      enumOf(1, 'interestChartPeriodType.weeks', 'Weeks'),
      periodType,
      enumOf(3, 'interestChartPeriodType.years', 'Years'),
    ],
  };
}

/** Compounds `principal` monthly at `ratePercent` for `months`, adding `monthly` each month. */
function projected(
  principal: bigint,
  monthly: bigint,
  ratePercent: string,
  months: number,
): bigint {
  let balance = principal;
  for (let m = 0; m < months; m += 1) {
    balance += monthly;
    balance += interest(balance, ratePercent, 365) / 12n;
  }
  return balance;
}

/** `GET /v1/fixeddepositaccounts/{id}`. */
function fixedDepositPayload(acc: SavingsAccount): Json {
  const deposit = acc.txs[0]!.cents;
  const w = (d: string) => wire(d, acc.owner.style);
  return {
    ...accountHead(acc),
    externalId: `TD-${acc.id}`,
    timeline: savingsTimeline(acc),
    currency: AUD,
    ...interestSettings(acc, COMPOUND.monthly),
    interestFreePeriodApplicable: false,
    preClosurePenalApplicable: true,
    preClosurePenalInterest: dec('1.5'),
    preClosurePenalInterestOnType: enumOf(
      1,
      'deposit.preClosePenalInterestOnType.wholeTerm',
      'Whole term',
    ),
    minDepositTerm: 3,
    maxDepositTerm: 5,
    minDepositTermType: enumOf(2, 'deposit.term.savingsPeriodFrequencyType.months', 'Months'),
    maxDepositTermType: enumOf(3, 'deposit.term.savingsPeriodFrequencyType.years', 'Years'),
    depositAmount: money(deposit),
    maturityAmount: money(projected(deposit, 0n, acc.product.rate, 12)),
    maturityDate: w(addMonths(acc.activated, 12)),
    depositPeriod: 12,
    depositPeriodFrequency: enumOf(2, 'deposit.period.savingsPeriodFrequencyType.months', 'Months'),
    onAccountClosure: enumOf(
      100,
      'depositAccountOnClosureType.withdrawDeposit',
      'Withdraw Deposit',
    ),
    transferInterestToSavings: false,
    linkedAccount: { id: 1, accountNo: '000000001' },
    summary: savingsSummary(acc),
    accountChart: chart(4, acc, [
      [1, 6, '4.2'],
      [7, 12, '4.7'],
      [13, undefined, '5.0'],
    ]),
  };
}

/** `GET /v1/recurringdepositaccounts/{id}`. */
function recurringDepositPayload(acc: SavingsAccount): Json {
  const w = (d: string) => wire(d, acc.owner.style);
  const monthly = 25000n;
  const deposits = acc.txs.filter((t) => t.kind === 'deposit').length;
  return {
    ...accountHead(acc),
    externalId: `RD-${acc.id}`,
    timeline: savingsTimeline(acc),
    currency: AUD,
    ...interestSettings(acc, COMPOUND.monthly),
    interestFreePeriodApplicable: false,
    preClosurePenalApplicable: false,
    minDepositTerm: 12,
    maxDepositTerm: 60,
    minDepositTermType: enumOf(2, 'deposit.term.savingsPeriodFrequencyType.months', 'Months'),
    maxDepositTermType: enumOf(2, 'deposit.term.savingsPeriodFrequencyType.months', 'Months'),
    depositPeriod: 24,
    depositPeriodFrequency: enumOf(2, 'deposit.period.savingsPeriodFrequencyType.months', 'Months'),
    recurringDepositAmount: 250,
    mandatoryRecommendedDepositAmount: money(monthly),
    recurringDepositFrequency: 1,
    recurringDepositFrequencyType: MONTHS('recurring.deposit'),
    isMandatoryDeposit: true,
    allowWithdrawal: false,
    adjustAdvanceTowardsFuturePayments: true,
    isCalendarInherited: false,
    expectedFirstDepositOnDate: w(acc.activated),
    depositAmount: money(monthly * BigInt(deposits)),
    maturityAmount: money(projected(0n, monthly, acc.product.rate, 24)),
    maturityDate: w(addMonths(acc.activated, 24)),
    totalOverdueAmount: 0,
    noOfOverdueInstallments: 0,
    summary: savingsSummary(acc),
    accountChart: chart(5, acc, [
      [1, 12, '3.5'],
      [13, 36, '3.9'],
      [37, undefined, '4.1'],
    ]),
  };
}

/** An entry of `savingsAccounts` in `GET /v1/clients/{id}/accounts`. */
function savingsSummaryEntry(acc: SavingsAccount): Json {
  const lastTx = acc.txs[acc.txs.length - 1];
  const w = (d: string) => wire(d, acc.owner.style);
  return {
    id: acc.id,
    accountNo: String(acc.id).padStart(9, '0'),
    ...(acc.kind !== 'sav' ? { externalId: `${acc.kind.toUpperCase()}-${acc.id}` } : {}),
    productId: acc.product.id,
    productName: acc.product.name,
    shortProductName: acc.product.shortName,
    status: savingsStatus(acc.status, acc.transferOnHold),
    currency: AUD,
    ...(acc.status === 'active' ? { accountBalance: money(acc.balance) } : {}),
    accountType: INDIVIDUAL,
    timeline: {
      submittedOnDate: w(acc.submitted),
      approvedOnDate: w(addDays(acc.submitted, 1)),
      activatedOnDate: w(acc.activated),
      ...(acc.closed ? { closedOnDate: w(acc.closed) } : {}),
    },
    subStatus: acc.subStatus ?? SUB_STATUS_NONE,
    ...(lastTx ? { lastActiveTransactionDate: w(lastTx.date) } : {}),
    depositType: DEPOSIT_TYPE[acc.kind],
  };
}

// ---------------------------------------------------------------------------------------------
// Loans
// ---------------------------------------------------------------------------------------------

interface Period {
  period: number;
  from: string;
  due: string;
  principal: bigint;
  interest: bigint;
  /** Principal outstanding after this period. */
  balance: bigint;
  paid: boolean;
}

interface Loan {
  id: number;
  owner: Person;
  product: LoanProduct;
  principal: bigint;
  rate: string;
  months: number;
  disbursed: string;
  periods: Period[];
  linkedSavings?: number;
  txs: LoanTx[];
}

interface LoanTx {
  loan: Loan;
  kind: 'disbursement' | 'repayment';
  date: string;
  amount: bigint;
  principal: bigint;
  interest: bigint;
  outstanding: bigint;
  payment?: Json;
  id: number;
}

/** Monthly rate as a float (used only to find the instalment amount, then rounded to cents). */
const monthlyRate = (ratePercent: string) => Number(ratePercent) / 100 / 12;

function buildLoan(
  id: number,
  owner: Person,
  product: LoanProduct,
  principal: bigint,
  rate: string,
  months: number,
  disbursed: string,
  linkedSavings?: number,
): Loan {
  const r = monthlyRate(rate);
  const emi = BigInt(Math.round((Number(principal) * r) / (1 - Math.pow(1 + r, -months))));
  const equalPrincipal = divRound(principal, BigInt(months));
  const [whole, frac = ''] = rate.split('.');
  const scaled = BigInt(`${whole}${frac.padEnd(4, '0')}`); // percent × 10^4
  const periods: Period[] = [];
  let balance = principal;
  let from = disbursed;
  for (let n = 1; n <= months; n += 1) {
    const due = addMonths(disbursed, n);
    const int = divRound(balance * scaled, 12n * 100n * 10_000n);
    let prin = product.amortization === 'emi' ? emi - int : equalPrincipal;
    if (n === months || prin > balance) prin = balance;
    balance -= prin;
    periods.push({
      period: n,
      from,
      due,
      principal: prin,
      interest: int,
      balance,
      paid: due <= AS_OF,
    });
    from = due;
  }
  const loan: Loan = {
    id,
    owner,
    product,
    principal,
    rate,
    months,
    disbursed,
    periods,
    linkedSavings,
    txs: [],
  };
  loan.txs.push({
    loan,
    kind: 'disbursement',
    date: disbursed,
    amount: principal,
    principal,
    interest: 0n,
    outstanding: principal,
    payment: paymentDetail('transfer', `DISB-${id}`),
    id: 0,
  });
  for (const p of periods.filter((x) => x.paid)) {
    loan.txs.push({
      loan,
      kind: 'repayment',
      date: p.due,
      amount: p.principal + p.interest,
      principal: p.principal,
      interest: p.interest,
      outstanding: p.balance,
      payment: paymentDetail('transfer', `REPAY-${id}-${p.period}`),
      id: 0,
    });
  }
  return loan;
}

function assignLoanIds(loans: Loan[]): void {
  const all = loans.flatMap((l) => l.txs);
  all.sort((x, y) => (x.date !== y.date ? (x.date < y.date ? -1 : 1) : x.loan.id - y.loan.id));
  all.forEach((tx, i) => {
    tx.id = 5001 + i;
  });
}

const LOAN_TX_FLAGS = [
  'disbursement',
  'repaymentAtDisbursement',
  'repayment',
  'contra',
  'waiveInterest',
  'waiveCharges',
  'accrual',
  'writeOff',
  'recoveryRepayment',
  'chargePayment',
  'refund',
];

/** An item of `GET /v1/loans/{id}/transactions` (LoanTransactionData). */
function loanTxPayload(tx: LoanTx): Json {
  const style = tx.loan.owner.style;
  const [typeId, code, value] =
    tx.kind === 'disbursement'
      ? [1, 'disbursement', 'Disbursement']
      : [2, 'repayment', 'Repayment'];
  const { inMultiplesOf: _inMultiplesOf, ...currency } = AUD;
  return {
    id: tx.id,
    loanId: tx.loan.id,
    ...OFFICE,
    type: {
      id: typeId,
      code: `loanTransactionType.${code}`,
      value,
      ...Object.fromEntries(LOAN_TX_FLAGS.map((f) => [f, f === tx.kind])),
    },
    date: wire(tx.date, style),
    currency,
    ...(tx.payment ? { paymentDetailData: tx.payment } : {}),
    amount: money(tx.amount),
    ...(tx.kind === 'disbursement' ? { netDisbursalAmount: money(tx.amount) } : {}),
    principalPortion: money(tx.kind === 'disbursement' ? 0n : tx.principal),
    interestPortion: money(tx.interest),
    feeChargesPortion: 0,
    penaltyChargesPortion: 0,
    overpaymentPortion: 0,
    unrecognizedIncomePortion: 0,
    outstandingLoanBalance: money(tx.outstanding),
    submittedOnDate: wire(tx.date, style),
    manuallyReversed: false,
    loanChargePaidByList: [],
    transactionRelations: [],
  };
}

const sum = (xs: bigint[]) => xs.reduce((s, x) => s + x, 0n);

function repaymentSchedule(loan: Loan): Json {
  const w = (d: string) => wire(d, loan.owner.style);
  const { inMultiplesOf: _inMultiplesOf, ...currency } = AUD;
  const zeros = (prefix: string, keys: string[]) =>
    Object.fromEntries(keys.map((k) => [`${prefix}${k}`, 0]));
  const periods: Json[] = [
    {
      dueDate: w(loan.disbursed),
      principalDisbursed: money(loan.principal),
      principalLoanBalanceOutstanding: money(loan.principal),
      feeChargesDue: 0,
      feeChargesPaid: 0,
      totalOriginalDueForPeriod: 0,
      totalDueForPeriod: 0,
      totalPaidForPeriod: 0,
      totalActualCostOfLoanForPeriod: 0,
      downPaymentPeriod: false,
    },
    ...loan.periods.map((p) => {
      const total = p.principal + p.interest;
      const paid = p.paid ? total : 0n;
      return {
        period: p.period,
        fromDate: w(p.from),
        dueDate: w(p.due),
        ...(p.paid ? { obligationsMetOnDate: w(p.due) } : {}),
        complete: p.paid,
        daysInPeriod: daysBetween(p.from, p.due),
        principalOriginalDue: money(p.principal),
        principalDue: money(p.principal),
        principalPaid: money(p.paid ? p.principal : 0n),
        principalWrittenOff: 0,
        principalOutstanding: money(p.paid ? 0n : p.principal),
        principalLoanBalanceOutstanding: money(p.balance),
        interestOriginalDue: money(p.interest),
        interestDue: money(p.interest),
        interestPaid: money(p.paid ? p.interest : 0n),
        interestWaived: 0,
        interestWrittenOff: 0,
        interestOutstanding: money(p.paid ? 0n : p.interest),
        ...zeros('feeCharges', ['Due', 'Paid', 'Waived', 'WrittenOff', 'Outstanding']),
        ...zeros('penaltyCharges', ['Due', 'Paid', 'Waived', 'WrittenOff', 'Outstanding']),
        totalOriginalDueForPeriod: money(total),
        totalDueForPeriod: money(total),
        totalPaidForPeriod: money(paid),
        totalPaidInAdvanceForPeriod: 0,
        totalPaidLateForPeriod: 0,
        totalWaivedForPeriod: 0,
        totalWrittenOffForPeriod: 0,
        totalOutstandingForPeriod: money(total - paid),
        totalActualCostOfLoanForPeriod: money(p.interest),
        totalInstallmentAmountForPeriod: money(total),
        downPaymentPeriod: false,
      };
    }),
  ];
  const interestCharged = sum(loan.periods.map((p) => p.interest));
  const paidPeriods = loan.periods.filter((p) => p.paid);
  const principalPaid = sum(paidPeriods.map((p) => p.principal));
  const interestPaid = sum(paidPeriods.map((p) => p.interest));
  return {
    currency,
    loanTermInDays: daysBetween(loan.disbursed, loan.periods[loan.periods.length - 1]!.due),
    totalPrincipalDisbursed: money(loan.principal),
    totalPrincipalExpected: money(loan.principal),
    totalPrincipalPaid: money(principalPaid),
    totalInterestCharged: money(interestCharged),
    totalFeeChargesCharged: 0,
    totalPenaltyChargesCharged: 0,
    totalWaived: 0,
    totalWrittenOff: 0,
    totalRepaymentExpected: money(loan.principal + interestCharged),
    totalRepayment: money(principalPaid + interestPaid),
    totalPaidInAdvance: 0,
    totalPaidLate: 0,
    totalOutstanding: money(loan.principal + interestCharged - principalPaid - interestPaid),
    periods,
  };
}

function loanSummary(loan: Loan): Json {
  const { inMultiplesOf: _inMultiplesOf, ...currency } = AUD;
  const interestCharged = sum(loan.periods.map((p) => p.interest));
  const paid = loan.periods.filter((p) => p.paid);
  const principalPaid = sum(paid.map((p) => p.principal));
  const interestPaid = sum(paid.map((p) => p.interest));
  const zeros = Object.fromEntries(
    [
      'principalWrittenOff',
      'principalOverdue',
      'interestWaived',
      'interestWrittenOff',
      'interestOverdue',
      'feeChargesCharged',
      'feeChargesDueAtDisbursementCharged',
      'feeChargesPaid',
      'feeChargesWaived',
      'feeChargesWrittenOff',
      'feeChargesOutstanding',
      'feeChargesOverdue',
      'penaltyChargesCharged',
      'penaltyChargesPaid',
      'penaltyChargesWaived',
      'penaltyChargesWrittenOff',
      'penaltyChargesOutstanding',
      'penaltyChargesOverdue',
      'totalCostOfLoan',
      'totalWaived',
      'totalWrittenOff',
      'totalOverdue',
    ].map((k) => [k, 0]),
  );
  return {
    currency,
    principalDisbursed: money(loan.principal),
    principalPaid: money(principalPaid),
    principalOutstanding: money(loan.principal - principalPaid),
    interestCharged: money(interestCharged),
    interestPaid: money(interestPaid),
    interestOutstanding: money(interestCharged - interestPaid),
    totalExpectedRepayment: money(loan.principal + interestCharged),
    totalRepayment: money(principalPaid + interestPaid),
    totalExpectedCostOfLoan: money(interestCharged),
    totalOutstanding: money(loan.principal + interestCharged - principalPaid - interestPaid),
    ...zeros,
    totalCostOfLoan: money(interestPaid),
    ...(loan.linkedSavings
      ? {
          linkedAccount: {
            id: loan.linkedSavings,
            accountNo: String(loan.linkedSavings).padStart(9, '0'),
          },
        }
      : {}),
    ...(loan.product.amortization === 'emi'
      ? { fixedEmiAmount: money(loan.periods[0]!.principal + loan.periods[0]!.interest) }
      : {}),
    inArrears: false,
    isNPA: false,
    canDisburse: false,
  };
}

/** `GET /v1/loans/{id}?associations=repaymentSchedule` (the simulator drops the schedule otherwise). */
function loanPayload(loan: Loan): Json {
  const w = (d: string) => wire(d, loan.owner.style);
  const { inMultiplesOf: _inMultiplesOf, ...currency } = AUD;
  const lastDue = loan.periods[loan.periods.length - 1]!.due;
  const emi = loan.product.amortization === 'emi';
  return {
    id: loan.id,
    accountNo: String(loan.id).padStart(9, '0'),
    externalId: `L-${String(loan.id).padStart(5, '0')}`,
    status: LOAN_ACTIVE,
    clientId: loan.owner.id,
    clientAccountNo: String(loan.owner.id).padStart(9, '0'),
    clientName: displayName(loan.owner),
    clientExternalId: loan.owner.externalId,
    clientOfficeId: 1,
    loanProductId: loan.product.id,
    loanProductName: loan.product.name,
    loanProductDescription: loan.product.description,
    isLoanProductLinkedToFloatingRate: false,
    loanType: enumOf(1, 'loanType.individual', 'Individual'),
    currency,
    principal: money(loan.principal),
    approvedPrincipal: money(loan.principal),
    proposedPrincipal: money(loan.principal),
    netDisbursalAmount: money(loan.principal),
    termFrequency: loan.months,
    termPeriodFrequencyType: MONTHS('termFrequency'),
    numberOfRepayments: loan.months,
    repaymentEvery: 1,
    repaymentFrequencyType: MONTHS('repaymentFrequency'),
    interestRatePerPeriod: dec(loan.rate),
    interestRateFrequencyType: enumOf(
      3,
      'interestRateFrequency.periodFrequencyType.years',
      'Per year',
    ),
    annualInterestRate: dec(loan.rate),
    isFloatingInterestRate: false,
    amortizationType: emi
      ? enumOf(1, 'amortizationType.equal.installments', 'Equal installments')
      : enumOf(0, 'amortizationType.equal.principal', 'Equal principal payments'),
    interestType: enumOf(0, 'interestType.declining.balance', 'Declining Balance'),
    interestCalculationPeriodType: enumOf(
      1,
      'interestCalculationPeriodType.same.as.repayment.period',
      'Same as repayment period',
    ),
    allowPartialPeriodInterestCalcualtion: false,
    transactionProcessingStrategyCode: 'mifos-standard-strategy',
    transactionProcessingStrategyName: 'Penalties, Fees, Interest, Principal order',
    syncDisbursementWithMeeting: false,
    timeline: {
      submittedOnDate: w(addDays(loan.disbursed, -7)),
      ...by('submitted'),
      approvedOnDate: w(addDays(loan.disbursed, -3)),
      ...by('approved'),
      expectedDisbursementDate: w(loan.disbursed),
      actualDisbursementDate: w(loan.disbursed),
      ...by('disbursed'),
      expectedMaturityDate: w(lastDue),
    },
    summary: loanSummary(loan),
    repaymentSchedule: repaymentSchedule(loan),
    ...(loan.linkedSavings
      ? {
          linkedAccount: {
            id: loan.linkedSavings,
            accountNo: String(loan.linkedSavings).padStart(9, '0'),
          },
        }
      : {}),
    feeChargesAtDisbursementCharged: 0,
    loanCounter: 1,
    loanProductCounter: 1,
    multiDisburseLoan: false,
    canDefineInstallmentAmount: false,
    canDisburse: false,
    canUseForTopup: false,
    isTopup: false,
    inArrears: false,
    isNPA: false,
    chargedOff: false,
    fraud: false,
    enableDownPayment: false,
    enableInstallmentLevelDelinquency: false,
  };
}

/** An entry of `loanAccounts` in `GET /v1/clients/{id}/accounts`. */
function loanSummaryEntry(loan: Loan): Json {
  const w = (d: string) => wire(d, loan.owner.style);
  const paid = loan.periods.filter((p) => p.paid);
  const principalPaid = sum(paid.map((p) => p.principal));
  const interestCharged = sum(loan.periods.map((p) => p.interest));
  const repaid = sum(paid.map((p) => p.principal + p.interest));
  return {
    id: loan.id,
    accountNo: String(loan.id).padStart(9, '0'),
    externalId: `L-${String(loan.id).padStart(5, '0')}`,
    productId: loan.product.id,
    productName: loan.product.name,
    shortProductName: loan.product.shortName,
    status: LOAN_ACTIVE,
    loanType: enumOf(1, 'loanType.individual', 'Individual'),
    loanCycle: 1,
    timeline: {
      submittedOnDate: w(addDays(loan.disbursed, -7)),
      approvedOnDate: w(addDays(loan.disbursed, -3)),
      expectedDisbursementDate: w(loan.disbursed),
      actualDisbursementDate: w(loan.disbursed),
      expectedMaturityDate: w(loan.periods[loan.periods.length - 1]!.due),
    },
    inArrears: false,
    originalLoan: money(loan.principal),
    loanBalance: money(loan.principal + interestCharged - repaid),
    amountPaid: money(repaid),
    principalOutstanding: money(loan.principal - principalPaid),
  };
}

// ---------------------------------------------------------------------------------------------
// Standing instructions and beneficiaries
// ---------------------------------------------------------------------------------------------

type End = { kind: 'sav'; acc: SavingsAccount } | { kind: 'loan'; loan: Loan };

function endPoint(end: End): { client: Person; account: Json; type: Json } {
  if (end.kind === 'sav') {
    return {
      client: end.acc.owner,
      account: {
        id: end.acc.id,
        accountNo: String(end.acc.id).padStart(9, '0'),
        productId: end.acc.product.id,
        productName: end.acc.product.name,
      },
      type: enumOf(2, 'accountType.savings', 'Savings Account'),
    };
  }
  return {
    client: end.loan.owner,
    account: {
      id: end.loan.id,
      accountNo: String(end.loan.id).padStart(9, '0'),
      productId: end.loan.product.id,
      productName: end.loan.product.name,
    },
    type: enumOf(1, 'accountType.loan', 'Loan Account'),
  };
}

interface Instruction {
  id: number;
  name: string;
  from: End;
  to: End;
  status: 'active' | 'disabled' | 'deleted';
  /** Fixed amount; absent for "dues" instructions. */
  amount?: LosslessNumber;
  frequency: 'weeks' | 'months';
  interval: number;
  validFrom: string;
  validTill?: string;
  priority: 'urgent' | 'high' | 'medium' | 'low';
}

const SI_STATUS = {
  active: enumOf(1, 'standingInstructionStatus.active', 'Active'),
  disabled: enumOf(2, 'standingInstructionStatus.disabled', 'Disabled'),
  deleted: enumOf(3, 'standingInstructionStatus.deleted', 'Deleted'),
};
const SI_PRIORITY = {
  urgent: enumOf(1, 'standingInstructionPriority.urgent', 'Urgent Priority'),
  high: enumOf(2, 'standingInstructionPriority.high', 'High Priority'),
  medium: enumOf(3, 'standingInstructionPriority.medium', 'Medium Priority'),
  low: enumOf(4, 'standingInstructionPriority.low', 'Low Priority'),
};

function instructionPayload(si: Instruction): Json {
  const from = endPoint(si.from);
  const to = endPoint(si.to);
  const style = from.client.style;
  const party = (p: Person) => ({ id: p.id, displayName: displayName(p), ...OFFICE });
  const dues = si.amount === undefined;
  const loanRepayment = si.to.kind === 'loan';
  return {
    id: si.id,
    accountDetailId: si.id + 20,
    name: si.name,
    fromOffice: { id: 1, name: 'Head Office' },
    fromClient: party(from.client),
    fromAccountType: from.type,
    fromAccount: from.account,
    toOffice: { id: 1, name: 'Head Office' },
    toClient: party(to.client),
    toAccountType: to.type,
    toAccount: to.account,
    transferType: loanRepayment
      ? enumOf(2, 'accountTransferType.loan.repayment', 'Loan Repayment')
      : enumOf(1, 'accountTransferType.account.transfer', 'Account Transfer'),
    priority: SI_PRIORITY[si.priority],
    instructionType: dues
      ? enumOf(2, 'standingInstructionType.dues', 'Dues')
      : enumOf(1, 'standingInstructionType.fixed', 'Fixed'),
    status: SI_STATUS[si.status],
    ...(si.amount !== undefined ? { amount: si.amount } : {}),
    validFrom: wire(si.validFrom, style),
    ...(si.validTill ? { validTill: wire(si.validTill, style) } : {}),
    recurrenceType: dues
      ? enumOf(2, 'accountTransferRecurrenceType.as.per.dues', 'As Per Dues')
      : enumOf(1, 'accountTransferRecurrenceType.periodic', 'Periodic Recurrence'),
    ...(dues
      ? {}
      : {
          recurrenceFrequency:
            si.frequency === 'weeks'
              ? enumOf(1, 'recurrenceperiodFrequencyType.weeks', 'Weeks')
              : enumOf(2, 'recurrenceperiodFrequencyType.months', 'Months'),
          recurrenceInterval: si.interval,
          ...(si.frequency === 'months' ? { recurrenceOnMonthDay: monthDay(si.validFrom) } : {}),
        }),
  };
}

// ---------------------------------------------------------------------------------------------
// The data set
// ---------------------------------------------------------------------------------------------

/** The standing instructions between the data set's accounts, in every status Fineract has. */
function standingInstructions(acc: {
  sav1: SavingsAccount;
  sav2: SavingsAccount;
  sav7: SavingsAccount;
  rd6: SavingsAccount;
  loan1: Loan;
  loan3: Loan;
}): Instruction[] {
  const { sav1, sav2, sav7, rd6, loan1, loan3 } = acc;
  return [
    {
      id: 1,
      name: 'Monthly sweep to Everyday Account',
      from: { kind: 'sav', acc: sav1 },
      to: { kind: 'sav', acc: sav2 },
      status: 'active',
      amount: dec('200.0'),
      frequency: 'months',
      interval: 1,
      validFrom: '2026-09-15',
      priority: 'medium',
    },
    {
      id: 2,
      name: 'Personal loan repayment',
      from: { kind: 'sav', acc: sav1 },
      to: { kind: 'loan', loan: loan1 },
      status: 'active',
      frequency: 'months',
      interval: 1,
      validFrom: '2024-05-10',
      priority: 'high',
    },
    {
      id: 3,
      name: 'Rent share to John',
      from: { kind: 'sav', acc: sav2 },
      to: { kind: 'sav', acc: sav7 },
      status: 'disabled',
      amount: dec('150.75'),
      frequency: 'weeks',
      interval: 2,
      validFrom: '2026-09-01',
      validTill: '2027-09-01',
      priority: 'medium',
    },
    {
      id: 4,
      name: 'Gym membership',
      from: { kind: 'sav', acc: sav1 },
      to: { kind: 'sav', acc: sav7 },
      status: 'deleted',
      amount: dec('49.95'),
      frequency: 'months',
      interval: 1,
      validFrom: '2025-12-05',
      priority: 'low',
    },
    {
      id: 5,
      name: 'Goal Saver top-up',
      from: { kind: 'sav', acc: sav1 },
      to: { kind: 'sav', acc: rd6 },
      status: 'active',
      amount: dec('250.0'),
      frequency: 'months',
      interval: 1,
      validFrom: '2025-12-01',
      validTill: '2027-11-01',
      priority: 'medium',
    },
    {
      id: 6,
      name: 'Loan repayment',
      from: { kind: 'sav', acc: sav7 },
      to: { kind: 'loan', loan: loan3 },
      status: 'active',
      frequency: 'months',
      interval: 1,
      validFrom: '2025-10-15',
      priority: 'high',
    },
  ];
}

/** A self-service user's transfer beneficiary (TPT), as `/v1/self/beneficiaries/tpt` lists it. */
function beneficiary(
  id: number,
  name: string,
  clientName: string,
  type: 'savings' | 'loan',
  accountNumber: string,
  transferLimit: number,
): Json {
  return {
    id,
    name,
    officeName: 'Head Office',
    clientName,
    accountType:
      type === 'savings'
        ? enumOf(2, 'accountType.savings', 'Savings Account')
        : enumOf(1, 'accountType.loan', 'Loan Account'),
    accountNumber,
    transferLimit,
  };
}

export function buildDataset(): Json {
  const sav1 = buildSav1();
  const sav2 = buildSav2();
  const sav3 = buildSav3();
  const sav4 = buildSav4();
  const fd5 = buildFd5();
  const rd6 = buildRd6();
  const sav7 = buildSav7();
  const refusalSavings = buildRefusalSavings();
  const savingsTable = [sav1, sav2, sav3, sav4, fd5, rd6, sav7, ...refusalSavings];
  assignSavingsIds(savingsTable);
  if (sav1.txs.length < 120) throw new Error(`sav-1 has only ${sav1.txs.length} transactions`);

  const loan1 = buildLoan(1, JANE, PERSONAL_LOAN, 1_500_000n, '9.95', 48, '2024-04-10', 1);
  const loan2 = buildLoan(2, JANE, FLEXI_LOAN, 500_000n, '11.5', 12, '2026-05-01');
  const loan3 = buildLoan(3, JOHN, PERSONAL_LOAN, 800_000n, '10.49', 24, '2025-09-15', 7);
  const loans = [loan1, loan2, loan3];
  assignLoanIds(loans);
  if (loan1.txs.length < 30) throw new Error(`loan-1 has only ${loan1.txs.length} transactions`);

  const instructions = standingInstructions({ sav1, sav2, sav7, rd6, loan1, loan3 });

  const savingsOf = (p: Person, kind: SavingsAccount['kind']) =>
    savingsTable.filter((a) => a.owner === p && a.kind === kind);
  const clientAccounts = (p: Person): Json => {
    const savings = savingsTable.filter((a) => a.owner === p);
    const own = loans.filter((l) => l.owner === p);
    // Fineract leaves out an empty collection altogether.
    return {
      ...(own.length ? { loanAccounts: own.map(loanSummaryEntry) } : {}),
      ...(savings.length ? { savingsAccounts: savings.map(savingsSummaryEntry) } : {}),
    };
  };

  return {
    about:
      'Recorded Apache Fineract payloads served by adapters/fineract/simulator (generated by generate-dataset.ts; do not edit by hand). Client 2 carries dates as ISO strings, the rest as [yyyy, m, d] arrays.',
    selfServiceUsers: [
      {
        username: 'client1',
        password: 'client1-pass',
        clientId: 1,
        beneficiaries: [
          beneficiary(1, 'John S', 'John Smith', 'savings', '000000007', 1000),
          beneficiary(2, 'Mum', 'Margaret Citizen', 'savings', '000000042', 500),
          beneficiary(3, 'John loan', 'John Smith', 'loan', '000000003', 2000),
        ],
      },
    ],
    clients: [...[JANE, JOHN, ALEX, PAT].map(client), entityClient(HARBOUR_BAKERY)],
    clientAccounts: {
      ...Object.fromEntries([JANE, JOHN, ALEX, PAT].map((p) => [String(p.id), clientAccounts(p)])),
      [String(HARBOUR_BAKERY.id)]: {},
    },
    clientAddresses: clientAddresses(),
    datatables: {
      [CONTACTS_DATATABLE]: {
        applicationTableName: 'm_client',
        columns: ['id', 'client_id', 'name', 'email', 'mobile_no', 'relationship'],
        rows: contactRows(),
      },
    },
    savingsAccounts: [
      savingsPayload(sav1),
      savingsPayload(sav2, { overdraftLimit: 200_000n, overdraftRate: '12.49' }),
      savingsPayload(sav3, { onHold: 5000n }),
      savingsPayload(sav4),
      savingsPayload(sav7, { minRequiredBalance: 0n }),
      ...refusalSavings.map((acc) => savingsPayload(acc)),
    ],
    fixedDepositAccounts: savingsOf(JANE, 'fd').map(fixedDepositPayload),
    recurringDepositAccounts: savingsOf(JANE, 'rd').map(recurringDepositPayload),
    loans: loans.map(loanPayload),
    savingsTransactions: Object.fromEntries(
      savingsTable.map((a) => [String(a.id), a.txs.map(savingsTxPayload)]),
    ),
    loanTransactions: Object.fromEntries(
      loans.map((l) => [String(l.id), l.txs.map(loanTxPayload)]),
    ),
    standingInstructions: instructions.map(instructionPayload),
  };
}

/** The data set as one line of JSON with exact number literals (what the file parses back to). */
export function datasetJson(): string {
  return stringify(buildDataset()) ?? '';
}

if (require.main === module) {
  // Formatted as Prettier formats JSON, so `prettier --check .` passes on the committed file.
  void import('prettier')
    .then((prettier) => prettier.format(datasetJson(), { parser: 'json', printWidth: 100 }))
    .then((text) => {
      fs.mkdirSync(path.dirname(DATASET_PATH), { recursive: true });
      fs.writeFileSync(DATASET_PATH, text);
      console.log(`wrote ${path.relative(process.cwd(), DATASET_PATH)} (${text.length} bytes)`);
    });
}
