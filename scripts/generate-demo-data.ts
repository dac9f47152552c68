/**
 * Writes the demo core's bundled sample data set, `adapters/demo/data/sample.json`.
 *
 * Run: `npx ts-node --transpile-only scripts/generate-demo-data.ts`
 *
 * The output is deterministic: the only randomness is a seeded PRNG and no value depends on the
 * current date, so running the script twice gives byte-identical files. The format is described
 * in `docs/demo-core.md` (customers with their payees, banking and energy accounts, plus products);
 * `adapters/demo/demo-data.schema.json` checks its skeleton and `contracts/` the documented records.
 *
 * Interesting records are written by hand; bulk records (transactions, invoices, payees, direct
 * debits, scheduled payments, instalment plans, products) come from loops.
 */
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '@data-holder-gateway/adapter-sdk';

type Json = Record<string, unknown>;

/** Path of the generated file, relative to the repository root. */
export const SAMPLE_PATH = path.join(__dirname, '..', 'adapters', 'demo', 'data', 'sample.json');

// ---------------------------------------------------------------------------------------------
// Deterministic helpers
// ---------------------------------------------------------------------------------------------

const { rand, randInt } = seededRandom(20261120);

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)];
}

/** Fisher-Yates with the seeded PRNG; returns a new array. */
function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Decimal string with two places: 12.5 -> "12.50". */
function money(value: number): string {
  return value.toFixed(2);
}

/** A number rounded to cents (FDX amounts are numbers). */
function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** `YYYY-MM-DD` of a UTC date. */
function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** RFC 3339 date-time in UTC without milliseconds: `2026-01-01T00:00:00Z`. */
function isoDateTime(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function utc(y: number, m: number, d: number, h = 0, min = 0, s = 0): Date {
  return new Date(Date.UTC(y, m - 1, d, h, min, s));
}

function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * 86_400_000);
}

/** Same day of month, `months` later (day clamped to 28 by callers). */
function addMonths(d: Date, months: number): Date {
  return utc(d.getUTCFullYear(), d.getUTCMonth() + 1 + months, d.getUTCDate(), d.getUTCHours());
}

function lastDayOfMonth(y: number, m: number): Date {
  return utc(y, m + 1, 0);
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// ---------------------------------------------------------------------------------------------
// Customers
// ---------------------------------------------------------------------------------------------

interface Person {
  customerId: string;
  firstName: string;
  lastName: string;
  middleNames: string[];
  prefix: string;
  email: string;
  phone: string; // national number, e.g. 0491 570 006
  address: { line1: string; city: string; postcode: string; state: string };
  lastUpdateTime: string;
}

const JANE: Person = {
  customerId: 'c-1001',
  firstName: 'Jane',
  lastName: 'Citizen',
  middleNames: ['Quinn'],
  prefix: 'Ms',
  email: 'jane.citizen@example.com',
  phone: '0491 570 006',
  address: { line1: '1 Sample Street', city: 'Exampleton', postcode: '2999', state: 'NSW' },
  lastUpdateTime: '2026-06-30T09:15:00Z',
};

const JOHN: Person = {
  customerId: 'c-1002',
  firstName: 'John',
  lastName: 'Citizen',
  middleNames: [],
  prefix: 'Mr',
  email: 'john.citizen@example.net',
  phone: '0491 570 156',
  address: { line1: '1 Sample Street', city: 'Exampleton', postcode: '2999', state: 'NSW' },
  lastUpdateTime: '2026-03-12T22:40:00Z',
};

const SAM: Person = {
  customerId: 'c-1003',
  firstName: 'Sam',
  lastName: 'Placeholder',
  middleNames: ['Demo', 'Nobody'],
  prefix: 'Mx',
  email: 'sam.placeholder@example.com',
  phone: '0491 570 313',
  address: {
    line1: 'Unit 7, 42 Fictional Avenue',
    city: 'Testville',
    postcode: '3999',
    state: 'VIC',
  },
  lastUpdateTime: '2025-11-02T03:00:00Z',
};

function customerDetail(p: Person): Json {
  const digits = p.phone.replace(/\s/g, '');
  const person: Json = {
    lastUpdateTime: p.lastUpdateTime,
    firstName: p.firstName,
    lastName: p.lastName,
    middleNames: p.middleNames,
    prefix: p.prefix,
    occupationCodeVersion: 'ANZSCO_1220.0_2013_V1.2',
    phoneNumbers: [
      {
        isPreferred: true,
        purpose: 'MOBILE',
        countryCode: '+61',
        number: digits,
        fullNumber: `+61${digits.slice(1)}`,
      },
    ],
    emailAddresses: [{ isPreferred: true, purpose: 'HOME', address: p.email }],
    physicalAddresses: [
      {
        addressUType: 'simple',
        simple: {
          mailingName: `${p.prefix} ${p.firstName} ${p.lastName}`,
          addressLine1: p.address.line1,
          city: p.address.city,
          postcode: p.address.postcode,
          state: p.address.state,
          country: 'AUS',
        },
        purpose: 'MAIL',
      },
    ],
  };
  if (p === JANE) {
    (person.phoneNumbers as Json[]).push({
      isPreferred: false,
      purpose: 'WORK',
      countryCode: '+61',
      number: '0255501234',
      fullNumber: '+61255501234',
    });
    (person.emailAddresses as Json[]).push({
      isPreferred: false,
      purpose: 'WORK',
      address: 'j.citizen@work.example.net',
    });
  }
  return { customerUType: 'person', person };
}

function user(p: Person, isAccountHolder = true): Json {
  return { id: p.customerId, email: p.email, isAccountHolder };
}

// ---------------------------------------------------------------------------------------------
// Banking account building blocks (detail version 4)
// ---------------------------------------------------------------------------------------------

const TIERED_SAVINGS_RATES: Json[] = [
  {
    depositRateType: 'VARIABLE',
    rate: 0.015,
    calculationFrequency: 'P1D',
    applicationType: 'PERIODIC',
    applicationFrequency: 'P1M',
    additionalInfo: 'Base rate, calculated daily on the whole balance and paid monthly',
    tiers: [
      {
        name: 'Up to $10,000',
        unitOfMeasure: 'DOLLAR',
        minimumValue: '0.00',
        maximumValue: '10000.00',
        rateApplicationMethod: 'PER_TIER',
      },
      {
        name: '$10,000 to $250,000',
        unitOfMeasure: 'DOLLAR',
        minimumValue: '10000.01',
        maximumValue: '250000.00',
        rateApplicationMethod: 'PER_TIER',
        applicabilityConditions: [
          {
            rateApplicablityType: 'MIN_DEPOSITS',
            additionalValue: '2',
            additionalInfo: 'At least two deposits in the month',
          },
        ],
      },
      {
        name: 'Over $250,000',
        unitOfMeasure: 'DOLLAR',
        minimumValue: '250000.01',
        rateApplicationMethod: 'WHOLE_BALANCE',
      },
    ],
    applicabilityConditions: [
      {
        rateApplicablityType: 'ONLINE_ONLY',
        additionalInfo: 'Account opened and managed online',
      },
    ],
  },
  {
    depositRateType: 'BONUS',
    rate: 0.0325,
    calculationFrequency: 'P1D',
    applicationType: 'PERIODIC',
    applicationFrequency: 'P1M',
    additionalValue: 'P1M',
    additionalInfo: 'Bonus when the balance grows and at least $1,000 is deposited in the month',
    applicabilityConditions: [
      {
        rateApplicablityType: 'DEPOSIT_BALANCE_INCREASED',
        additionalInfo: 'Closing balance higher than opening balance',
      },
      {
        rateApplicablityType: 'MIN_DEPOSIT_AMOUNT',
        additionalValue: '1000.00',
        additionalInfo: 'Deposits of at least $1,000 in the month',
      },
      { rateApplicablityType: 'MAX_WITHDRAWALS', additionalValue: '0' },
    ],
  },
];

const TRANSACTION_FEATURES: Json[] = [
  { featureType: 'NPP_PAYID', additionalValue: 'EMAIL', isActivated: 'ACTIVATED' },
  { featureType: 'NPP_ENABLED', isActivated: 'ACTIVATED' },
  {
    featureType: 'FUNDS_AVAILABLE_AFTER',
    additionalValue: 'PT4H',
    additionalInfo: 'Cheque deposits are available four hours after clearance',
    isActivated: 'ACTIVATED',
  },
  { featureType: 'DIGITAL_WALLET', additionalValue: 'Example Pay', isActivated: 'NOT_ACTIVATED' },
  { featureType: 'NOTIFICATIONS', isActivated: 'UNKNOWN' },
];

const MONTHLY_FEE: Json = {
  name: 'Monthly account fee',
  feeType: 'PERIODIC',
  feeMethodUType: 'fixedAmount',
  fixedAmount: { amount: '5.00' },
  additionalValue: 'P1M',
  discounts: [
    {
      description: 'Waived when $2,000 or more is deposited in the month',
      discountType: 'DEPOSITS',
      discountMethodUType: 'fixedAmount',
      fixedAmount: { amount: '5.00' },
      additionalValue: '2000.00',
    },
  ],
};

const INTERNATIONAL_TX_FEE: Json = {
  name: 'International transaction fee',
  feeType: 'TRANSACTION',
  feeMethodUType: 'rateBased',
  rateBased: {
    rateType: 'TRANSACTION',
    rate: 0.03,
    amountRange: { feeMinimum: '0.50', feeMaximum: '50.00' },
  },
};

const DISHONOUR_FEE: Json = {
  name: 'Dishonour fee',
  feeType: 'DISHONOUR',
  feeMethodUType: 'fixedAmount',
  fixedAmount: { amount: '15.00' },
};

const CARD_LENDING_RATES: Json[] = [
  {
    lendingRateType: 'PURCHASE',
    rate: 0.1999,
    calculationFrequency: 'P1D',
    applicationType: 'PERIODIC',
    applicationFrequency: 'P1M',
    repaymentType: 'UNCONSTRAINED',
    loanPurpose: 'UNCONSTRAINED',
  },
  {
    lendingRateType: 'CASH_ADVANCE',
    rate: 0.2199,
    calculationFrequency: 'P1D',
    applicationType: 'PERIODIC',
    applicationFrequency: 'P1M',
    repaymentType: 'UNCONSTRAINED',
    loanPurpose: 'UNCONSTRAINED',
  },
  {
    lendingRateType: 'BALANCE_TRANSFER',
    rate: 0.0,
    calculationFrequency: 'P1D',
    applicationType: 'PERIODIC',
    applicationFrequency: 'P1M',
    repaymentType: 'OTHER',
    loanPurpose: 'OTHER',
    additionalValue: 'P12M',
    additionalInfo: 'Introductory balance transfer rate for the first 12 months',
    applicabilityConditions: [
      {
        rateApplicablityType: 'NEW_ACCOUNTS',
        additionalInfo: 'Transfers requested when the account is opened',
      },
    ],
  },
];

const CARD_FEES: Json[] = [
  {
    name: 'Annual card fee',
    feeType: 'PERIODIC',
    feeMethodUType: 'fixedAmount',
    fixedAmount: { amount: '99.00' },
    additionalValue: 'P1Y',
  },
  {
    name: 'Cash advance fee',
    feeType: 'CASH_ADVANCE',
    feeMethodUType: 'rateBased',
    rateBased: {
      rateType: 'TRANSACTION',
      rate: 0.02,
      amountRange: { feeMinimum: '2.50' },
    },
  },
  {
    name: 'Late payment fee',
    feeType: 'LATE_PAYMENT',
    feeMethodUType: 'fixedAmount',
    fixedAmount: { amount: '20.00' },
  },
  {
    name: 'Balance transfer fee',
    feeType: 'TRANSACTION',
    feeMethodUType: 'variable',
    variable: { feeMinimum: '0.00', feeMaximum: '75.00' },
  },
];

function loanLendingRate(
  type: string,
  rate: number,
  repaymentType: string,
  loanPurpose: string,
  comparisonRate?: number,
): Json {
  const r: Json = {
    lendingRateType: type,
    rate,
  };
  if (comparisonRate !== undefined) r.comparisonRate = comparisonRate;
  Object.assign(r, {
    calculationFrequency: 'P1D',
    applicationType: 'PERIODIC',
    applicationFrequency: 'P1M',
    repaymentType,
    loanPurpose,
  });
  return r;
}

function mailAddress(p: Person): Json {
  return {
    addressUType: 'simple',
    simple: {
      mailingName: `${p.firstName} ${p.lastName}`,
      addressLine1: p.address.line1,
      city: p.address.city,
      postcode: p.address.postcode,
      state: p.address.state,
      country: 'AUS',
    },
  };
}

interface BankingSpec {
  n: number; // account number within the customer, 1-based
  owner: Person;
  category: string;
  productName: string;
  displayName: string;
  subtitle: string;
  openStatus: 'OPEN' | 'CLOSED';
  creationDate: string;
  isOwned?: boolean;
  ownership?: string;
  complex?: 'INDIVIDUAL' | 'JOINT' | 'ORGANIZATION';
  users?: Json[];
  nickname?: string;
  card?: boolean; // a card number: masked, no accountNumber
  bundleName?: string;
  current: number;
  available?: number;
  extra?: Json; // specific type, rates, features, fees...
}

let accountNumberSeq = 12345670;

function bankingAccount(spec: BankingSpec): Json {
  const accountId = `acc-b-${spec.owner.customerId.slice(2)}-${pad(spec.n)}`;
  accountNumberSeq += 1357;
  const accountNumber = String(accountNumberSeq);
  const cardTail = pad(4000 + spec.n * 37 + Number(spec.owner.customerId.slice(-1)), 4);
  const maskedNumber = spec.card
    ? `xxxx xxxx xxxx ${cardTail}`
    : `xxxxxx${accountNumber.slice(-4)}`;
  const rec: Json = {
    accountId,
    creationDate: spec.creationDate,
    displayName: spec.displayName,
  };
  if (spec.nickname) rec.nickname = spec.nickname;
  Object.assign(rec, {
    openStatus: spec.openStatus,
    isOwned: spec.isOwned ?? true,
    accountOwnership: spec.ownership ?? 'ONE_PARTY',
    maskedNumber,
    productCategory: spec.category,
    productName: spec.productName,
    complexAccountType: spec.complex ?? 'INDIVIDUAL',
    users: spec.users ?? [user(spec.owner)],
    bsb: '062999',
  });
  if (!spec.card) rec.accountNumber = accountNumber;
  if (spec.bundleName) rec.bundleName = spec.bundleName;
  Object.assign(rec, spec.extra ?? {});
  rec.addresses = [mailAddress(spec.owner)];
  rec.subtitle = spec.subtitle.replace('{tail}', cardTail);
  rec.balance = {
    currentBalance: money(spec.current),
    availableBalance: money(spec.available ?? Math.max(spec.current, 0)),
  };
  return rec;
}

function termDepositExtra(
  lodgement: string,
  maturity: string,
  amount: number,
  instructions: string,
  rate: number,
): Json {
  return {
    specificAccountUType: 'termDeposit',
    termDeposit: [
      {
        lodgementDate: lodgement,
        maturityDate: maturity,
        maturityAmount: money(amount),
        maturityCurrency: 'AUD',
        maturityInstructions: instructions,
      },
    ],
    depositRate: rate,
    depositRates: [
      {
        depositRateType: 'FIXED',
        rate,
        calculationFrequency: 'P1D',
        applicationType: 'MATURITY',
        additionalValue: 'P12M',
        tiers: [
          {
            name: 'Term of 12 months',
            unitOfMeasure: 'MONTH',
            minimumValue: '12',
            maximumValue: '12',
            applicabilityConditions: [
              { rateApplicablityType: 'MIN_DEPOSIT_AMOUNT', additionalValue: '5000.00' },
            ],
          },
        ],
      },
    ],
    features: [{ featureType: 'DIGITAL_BANKING', isActivated: 'ACTIVATED' }],
    fees: [
      {
        name: 'Early withdrawal fee',
        feeType: 'EXIT',
        feeMethodUType: 'fixedAmount',
        fixedAmount: { amount: '30.00' },
      },
    ],
  };
}

function creditCardExtra(minPayment: number, dueAmount: number, dueDate: string): Json {
  return {
    specificAccountUType: 'creditCard',
    creditCard: {
      minPaymentAmount: money(minPayment),
      paymentDueAmount: money(dueAmount),
      paymentCurrency: 'AUD',
      paymentDueDate: dueDate,
    },
    lendingRates: CARD_LENDING_RATES,
    features: [
      { featureType: 'INSTALMENT_PLAN', isActivated: 'ACTIVATED' },
      { featureType: 'BALANCE_TRANSFERS', isActivated: 'NOT_ACTIVATED' },
      { featureType: 'FRAUD_PROTECTION', isActivated: 'ACTIVATED' },
      { featureType: 'ADDITIONAL_CARDS', additionalValue: '1', isActivated: 'NOT_ACTIVATED' },
    ],
    fees: CARD_FEES,
  };
}

function loanExtra(opts: {
  start: string;
  amount: number;
  end: string;
  next?: string;
  minInstalment?: number;
  repaymentType: string;
  loanPurpose: string;
  rateType: string;
  rate: number;
  comparisonRate?: number;
  offsetIds?: string[];
  redraw?: number;
  features?: Json[];
}): Json {
  const loan: Json = {
    originalStartDate: opts.start,
    originalLoanAmount: money(opts.amount),
    originalLoanCurrency: 'AUD',
    loanEndDate: opts.end,
  };
  if (opts.next) loan.nextInstalmentDate = opts.next;
  if (opts.minInstalment !== undefined) {
    loan.minInstalmentAmount = money(opts.minInstalment);
    loan.minInstalmentCurrency = 'AUD';
  }
  if (opts.redraw !== undefined) {
    loan.maxRedraw = money(opts.redraw);
    loan.maxRedrawCurrency = 'AUD';
    loan.minRedraw = '500.00';
    loan.minRedrawCurrency = 'AUD';
  }
  if (opts.offsetIds) {
    loan.offsetAccountEnabled = true;
    loan.offsetAccountIds = opts.offsetIds;
  } else {
    loan.offsetAccountEnabled = false;
  }
  loan.repaymentType = opts.repaymentType;
  loan.repaymentFrequency = 'P1M';
  return {
    specificAccountUType: 'loan',
    loan,
    lendingRates: [
      loanLendingRate(
        opts.rateType,
        opts.rate,
        opts.repaymentType,
        opts.loanPurpose,
        opts.comparisonRate,
      ),
    ],
    features: opts.features ?? [
      { featureType: 'EXTRA_REPAYMENTS', isActivated: 'ACTIVATED' },
      { featureType: 'REDRAW', isActivated: 'NOT_ACTIVATED' },
    ],
    fees: [
      {
        name: 'Loan establishment fee',
        feeType: 'UPFRONT',
        feeMethodUType: 'fixedAmount',
        fixedAmount: { amount: '250.00' },
      },
      {
        name: 'Late repayment fee',
        feeType: 'LATE_PAYMENT',
        feeMethodUType: 'fixedAmount',
        fixedAmount: { amount: '25.00' },
      },
    ],
  };
}

function savingsExtra(simple = false): Json {
  if (simple) {
    return {
      depositRate: 0.0125,
      depositRates: [
        {
          depositRateType: 'VARIABLE',
          rate: 0.0125,
          calculationFrequency: 'P1D',
          applicationType: 'PERIODIC',
          applicationFrequency: 'P1M',
        },
      ],
      features: [
        { featureType: 'NPP_ENABLED', isActivated: 'ACTIVATED' },
        { featureType: 'CARD_ACCESS', isActivated: 'NOT_ACTIVATED' },
      ],
      fees: [DISHONOUR_FEE],
    };
  }
  return {
    depositRate: 0.015,
    depositRates: TIERED_SAVINGS_RATES,
    features: TRANSACTION_FEATURES,
    fees: [MONTHLY_FEE, INTERNATIONAL_TX_FEE, DISHONOUR_FEE],
  };
}

function simpleLendingExtra(type: string, rate: number, purpose: string, repayment: string): Json {
  return {
    lendingRates: [loanLendingRate(type, rate, repayment, purpose)],
    features: [{ featureType: 'DIGITAL_BANKING', isActivated: 'ACTIVATED' }],
    fees: [
      {
        name: 'Facility fee',
        feeType: 'PERIODIC',
        feeMethodUType: 'rateBased',
        rateBased: { rateType: 'BALANCE', rate: 0.005, accrualFrequency: 'P1M' },
        additionalValue: 'P1Y',
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Bulk records: direct debits, scheduled payments, instalment plans, payees
// ---------------------------------------------------------------------------------------------

const MERCHANTS = [
  ['Example Energy Retail', '5411'],
  ['Sample Telco', '4814'],
  ['Demo Insurance Co', '6300'],
  ['Placeholder Gym', '7997'],
  ['Fictional Streaming', '4899'],
  ['Test Water Utility', '4900'],
  ['Mock Council Rates', '9311'],
  ['Dummy Health Fund', '6300'],
  ['Example Furniture', '5712'],
  ['Sample Electronics', '5732'],
  ['Demo Travel', '4722'],
  ['Placeholder Dental', '8021'],
  ['Fictional Appliances', '5722'],
  ['Test Bikes', '5940'],
  ['Mock Outdoor Gear', '5941'],
  ['Example Computers', '5734'],
] as const;

let ddSeq = 0;
function directDebits(count: number, from: Date): Json[] {
  const out: Json[] = [];
  for (let i = 0; i < count; i++) {
    ddSeq += 1;
    const [name] = MERCHANTS[ddSeq % MERCHANTS.length];
    const when = new Date(from.getTime() - randInt(3600, 400 * 86_400) * 1000);
    const entity: Json = { description: `${name} ${pad(ddSeq, 3)}` };
    // Vary which identifiers are present: financialInstitution is always there, abn/acn sometimes.
    entity.financialInstitution = pick(['Example Bank', 'Sample Credit Union', 'Demo Mutual']);
    if (ddSeq % 2 === 0) entity.abn = `51 824 753 ${pad(ddSeq, 3)}`;
    if (ddSeq % 3 === 0) entity.acn = `004 085 ${pad(ddSeq, 3)}`;
    const dd: Json = { authorisedEntity: entity };
    if (ddSeq % 7 !== 0) {
      dd.lastDebitDateTime = isoDateTime(when);
      dd.lastDebitAmount = money(randInt(1000, 45000) / 100);
    }
    out.push(dd);
  }
  return out;
}

let spSeq = 0;
function scheduledPayments(
  count: number,
  fromAccountId: string,
  targets: { accountIds: string[]; payees: Json[] },
): Json[] {
  const out: Json[] = [];
  for (let i = 0; i < count; i++) {
    spSeq += 1;
    const id = `sp-${pad(spSeq, 4)}`;
    const kind = spSeq % 5;
    let to: Json;
    if (kind === 0 || targets.payees.length === 0) {
      const target = targets.accountIds[spSeq % targets.accountIds.length];
      to = { toUType: 'accountId', accountId: target, nickname: 'Own account transfer' };
    } else if (kind === 1) {
      const payee = targets.payees[spSeq % targets.payees.length];
      to = {
        toUType: 'payeeId',
        payeeId: payee.payeeId,
        nickname: payee.nickname,
        payeeReference: `REF${pad(spSeq, 5)}`,
      };
    } else if (kind === 2) {
      to = {
        toUType: 'domestic',
        nickname: 'Rent',
        payeeReference: `RENT${pad(spSeq, 4)}`,
        domestic: {
          payeeAccountUType: 'account',
          account: {
            accountName: 'Sample Property Trust',
            bsb: '732999',
            accountNumber: `1000${pad(spSeq, 4)}`,
          },
        },
      };
    } else if (kind === 3) {
      to = {
        toUType: 'biller',
        nickname: 'Quarterly bill',
        biller: {
          billerCode: `${20000 + spSeq}`,
          crn: `9${pad(spSeq, 8)}`,
          billerName: 'Test Water Utility',
        },
      };
    } else {
      // Full payee and account details: both accountId and payeeId present (change note 1.3.3).
      const payee = targets.payees[(spSeq * 3) % targets.payees.length];
      to = {
        toUType: 'accountId',
        accountId: targets.accountIds[0],
        payeeId: payee.payeeId,
        nickname: 'Savings sweep',
      };
    }
    const next = utc(2026, 12, 1 + (spSeq % 27), 9);
    const recurrenceKind = spSeq % 4;
    let recurrence: Json;
    if (recurrenceKind === 3) {
      recurrence = {
        nextPaymentDate: isoDateTime(next),
        reccurenceUType: 'onceOff',
        onceOff: { paymentDate: isoDate(next) },
      };
    } else if (recurrenceKind === 2) {
      recurrence = {
        nextPaymentDate: isoDateTime(next),
        reccurenceUType: 'lastWeekDay',
        lastWeekDay: { interval: 'P1M', lastWeekDay: 'FRI', paymentsRemaining: 12 },
      };
    } else {
      recurrence = {
        nextPaymentDate: isoDateTime(next),
        reccurenceUType: 'intervalSchedule',
        intervalSchedule: {
          finalPaymentDate: isoDate(utc(2028, 6, 30)),
          nonBusinessDayTreatment: pick(['AFTER', 'BEFORE', 'ON']),
          intervals: [{ interval: pick(['P1W', 'P2W', 'P1M', 'P3M']) }],
        },
      };
    }
    out.push({
      scheduledPaymentId: id,
      nickname: `Scheduled payment ${spSeq}`,
      payerReference: `PAYER${pad(spSeq, 4)}`,
      status: spSeq % 9 === 0 ? 'INACTIVE' : spSeq % 13 === 0 ? 'SKIP' : 'ACTIVE',
      from: { accountId: fromAccountId },
      paymentSet: [
        {
          to,
          isAmountCalculated: spSeq % 6 === 0,
          amount: money(randInt(2000, 250000) / 100),
        },
      ],
      recurrence,
    });
  }
  return out;
}

let planSeq = 0;
const usedPlanTimes = new Set<string>();
/** The "today" of the data set: instalments due on or before it are paid. */
const AS_OF = utc(2026, 11, 20);

/**
 * Instalment plans. `paid`: 'all' (every plan paid off, so INACTIVE) or 'mixed' (every third plan
 * paid off, the others still running, so ACTIVE). A paid-off plan was created in 2024-01..2025-08
 * and all its instalments fall before AS_OF; a running plan was created in 2026-06..2026-10 and
 * its instalments after AS_OF are unpaid. creationDate values are distinct and not in order.
 */
function instalmentPlans(count: number, paid: 'all' | 'mixed'): Json[] {
  const out: Json[] = [];
  for (let i = 0; i < count; i++) {
    planSeq += 1;
    const [merchant, mcc] = MERCHANTS[(planSeq * 5) % MERCHANTS.length];
    const paidOff = paid === 'all' || planSeq % 3 === 0;
    let created: Date;
    let stamp: string;
    do {
      const time = utc(2024, 1, 1, randInt(0, 23), randInt(0, 59), randInt(0, 59));
      created = paidOff
        ? addDays(time, randInt(0, 607)) // 2024-01-01 .. 2025-08-30
        : addDays(time, randInt(882, 1034)); // 2026-06-01 .. 2026-10-31
      stamp = isoDateTime(created);
    } while (usedPlanTimes.has(stamp));
    usedPlanTimes.add(stamp);
    const instalments = paidOff ? pick([3, 4, 6, 12]) : pick([6, 12]);
    const amount = randInt(12000, 360000) / 100;
    const charge = planSeq % 3 === 0 ? 0 : randInt(0, 5000) / 100;
    const each = Math.floor(((amount + charge) / instalments) * 100) / 100;
    const last = cents(amount + charge - each * (instalments - 1));
    const schedule: Json[] = [];
    for (let k = 0; k < instalments; k++) {
      const due = utc(created.getUTCFullYear(), created.getUTCMonth() + 2 + k, 15);
      schedule.push({
        amountDue: money(k === instalments - 1 ? last : each),
        dueDate: isoDateTime(due),
        isPaid: due.getTime() <= AS_OF.getTime(),
      });
    }
    out.push({
      planId: `plan-${pad(planSeq, 4)}`,
      planReference: `IP${pad(planSeq * 7919, 7)}`,
      merchantName: merchant,
      merchantCategoryCode: mcc,
      planNickname: `${merchant} purchase`,
      creationDate: stamp,
      amount: money(amount),
      planCurrency: 'AUD',
      planCharge: money(charge),
      duration: `P${instalments}M`,
      instalmentInterval: 'P1M',
      schedule,
    });
  }
  return out;
}

let payeeSeq = 0;
const PAYEE_TYPES = ['DOMESTIC', 'BILLER', 'DIGITAL_WALLET', 'INTERNATIONAL'] as const;
function payees(count: number, customerTag: string): Json[] {
  const out: Json[] = [];
  for (let i = 0; i < count; i++) {
    payeeSeq += 1;
    // Interleave the types (with a twist so they are not strictly periodic).
    const type = PAYEE_TYPES[(i + Math.floor(i / 5)) % PAYEE_TYPES.length];
    const base: Json = {
      payeeId: `payee-${customerTag}-${pad(i + 1, 3)}`,
      nickname: '',
      description: '',
      type,
      creationDate: isoDate(addDays(utc(2021, 3, 1), payeeSeq * 23)),
    };
    switch (type) {
      case 'DOMESTIC': {
        const variant = i % 3;
        base.nickname = `Friend ${i + 1}`;
        base.description = 'Domestic transfer payee';
        base.payeeUType = 'domestic';
        if (variant === 0) {
          base.domestic = {
            payeeAccountUType: 'account',
            account: {
              accountName: `Example Person ${i + 1}`,
              bsb: '062999',
              accountNumber: `9${pad(payeeSeq, 7)}`,
            },
          };
        } else if (variant === 1) {
          base.domestic = {
            payeeAccountUType: 'payId',
            payId: {
              name: `Sample Person ${i + 1}`,
              identifier: `payee${i + 1}@example.com`,
              type: 'EMAIL',
            },
          };
        } else {
          base.domestic = {
            payeeAccountUType: 'card',
            card: { cardNumber: `xxxx xxxx xxxx ${pad(1000 + payeeSeq, 4)}` },
          };
        }
        break;
      }
      case 'BILLER': {
        const [name] = MERCHANTS[payeeSeq % MERCHANTS.length];
        base.nickname = `${name} bill`;
        base.description = 'BPAY biller';
        base.payeeUType = 'biller';
        base.biller = {
          billerCode: `${10000 + payeeSeq * 11}`,
          crn: `${pad(payeeSeq * 104729, 10)}`,
          billerName: name,
        };
        break;
      }
      case 'DIGITAL_WALLET':
        base.nickname = `Wallet ${i + 1}`;
        base.description = 'Digital wallet payee';
        base.payeeUType = 'digitalWallet';
        base.digitalWallet = {
          name: `Wallet Holder ${i + 1}`,
          identifier: i % 2 === 0 ? `wallet${i + 1}@example.net` : `0491 570 ${pad(100 + i, 3)}`,
          type: i % 2 === 0 ? 'EMAIL' : 'TELEPHONE',
          provider: i % 4 === 0 ? 'PAYPAL_AU' : 'OTHER',
        };
        break;
      case 'INTERNATIONAL': {
        const countries = [
          ['NZL', 'Example Bank of New Zealand', '1 Sample Quay, Wellington'],
          ['GBR', 'Sample Bank plc', '10 Example Street, London'],
          ['USA', 'Demo National Bank', '500 Placeholder Avenue, New York'],
        ];
        const [country, bank, address] = countries[i % countries.length];
        base.nickname = `Overseas ${i + 1}`;
        base.description = 'International transfer payee';
        base.payeeUType = 'international';
        const bankDetails: Json = {
          country,
          accountNumber: `${pad(payeeSeq * 7717, 10)}`,
          bankAddress: { name: bank, address },
          beneficiaryBankBIC:
            country === 'GBR' ? 'SMPLGB2L' : country === 'USA' ? 'DEMOUS33' : 'EXMPNZ22',
        };
        if (country === 'GBR') bankDetails.sortCode = '400000';
        if (country === 'USA') bankDetails.routingNumber = '021000021';
        base.international = {
          beneficiaryDetails: {
            name: `Overseas Person ${i + 1}`,
            country,
            message: 'Family support',
          },
          bankDetails,
        };
        break;
      }
    }
    out.push(base);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// FDX: transactions, statements (with a tiny valid PDF), asset transfer networks
// ---------------------------------------------------------------------------------------------

const CREDIT_TYPES = [
  'ATMDEPOSIT',
  'DEPOSIT',
  'DIRECTDEPOSIT',
  'INTEREST',
  'POSCREDIT',
  'DIVIDEND',
];
const DEBIT_TYPES = ['CHECK', 'ATMWITHDRAWAL', 'BILLPAYMENT', 'FEE', 'POSDEBIT', 'WITHDRAWAL'];
const EITHER_TYPES = ['ADJUSTMENT', 'TRANSFER'];
const TX_TYPE_CYCLE = [
  'POSDEBIT',
  'CHECK',
  'DIRECTDEPOSIT',
  'ATMDEPOSIT',
  'BILLPAYMENT',
  'ADJUSTMENT',
  'POSDEBIT',
  'ATMWITHDRAWAL',
  'TRANSFER',
  'DEPOSIT',
  'FEE',
  'POSCREDIT',
  'CHECK',
  'INTEREST',
  'WITHDRAWAL',
  'ATMDEPOSIT',
  'DIVIDEND',
];
const SHOPS = ['Example Grocer', 'Sample Cafe', 'Demo Fuel', 'Placeholder Pharmacy', 'Test Books'];

/**
 * `count` deposit-account transactions with distinct postedTimestamp values spread over
 * `start`..`end` (both included exactly), written to the file in shuffled order.
 */
function fdxTransactions(
  tag: string,
  count: number,
  start: Date,
  end: Date,
  pending: number,
): Json[] {
  const span = Math.floor((end.getTime() - start.getTime()) / 1000);
  const step = Math.floor(span / (count - 1));
  const out: Json[] = [];
  let checkNumber = 100 + randInt(0, 800);
  for (let i = 0; i < count; i++) {
    const offset =
      i === 0
        ? 0
        : i === count - 1
          ? span
          : i * step + randInt(-Math.floor(step / 3), Math.floor(step / 3));
    const posted = new Date(start.getTime() + offset * 1000);
    const type = TX_TYPE_CYCLE[(i * 7 + tag.length) % TX_TYPE_CYCLE.length];
    const memo = CREDIT_TYPES.includes(type)
      ? 'CREDIT'
      : DEBIT_TYPES.includes(type)
        ? 'DEBIT'
        : EITHER_TYPES.includes(type) && i % 2 === 0
          ? 'CREDIT'
          : 'DEBIT';
    const isPending = i >= count - pending;
    const lagSeconds = isPending ? randInt(60, 3600) : randInt(3600, 2 * 86_400);
    const happened = new Date(posted.getTime() - lagSeconds * 1000);
    const amount =
      type === 'FEE'
        ? 5
        : type === 'INTEREST' || type === 'DIVIDEND'
          ? cents(randInt(100, 9000) / 100)
          : type === 'DIRECTDEPOSIT'
            ? cents(randInt(180000, 420000) / 100)
            : cents(randInt(350, 60000) / 100);
    const tx: Json = {
      accountCategory: 'DEPOSIT_ACCOUNT',
      transactionType: type,
    };
    if (type === 'CHECK') {
      checkNumber += 1;
      tx.checkNumber = checkNumber;
    }
    if (type === 'POSDEBIT' || type === 'BILLPAYMENT' || type === 'CHECK') tx.payee = pick(SHOPS);
    Object.assign(tx, {
      transactionId: `tx-${tag}-${pad(i + 1, 4)}`,
      postedTimestamp: isoDateTime(posted),
      transactionTimestamp: isoDateTime(happened),
      description: describeTx(type, tx.payee as string | undefined),
      debitCreditMemo: memo,
      status: isPending ? 'PENDING' : 'POSTED',
      amount,
    });
    out.push(tx);
  }
  return shuffle(out);
}

function describeTx(type: string, payee?: string): string {
  switch (type) {
    case 'CHECK':
      return `Cheque to ${payee}`;
    case 'POSDEBIT':
      return `Card purchase ${payee}`;
    case 'BILLPAYMENT':
      return `Bill payment ${payee}`;
    case 'DIRECTDEPOSIT':
      return 'Salary Example Employer Pty Ltd';
    case 'ATMDEPOSIT':
      return 'ATM deposit Exampleton';
    case 'ATMWITHDRAWAL':
      return 'ATM withdrawal Exampleton';
    case 'ADJUSTMENT':
      return 'Adjustment';
    case 'TRANSFER':
      return 'Internet transfer';
    case 'DEPOSIT':
      return 'Branch deposit';
    case 'FEE':
      return 'Monthly account fee';
    case 'POSCREDIT':
      return 'Card refund Sample Cafe';
    case 'INTEREST':
      return 'Interest credit';
    case 'DIVIDEND':
      return 'Dividend Example Holdings';
    default:
      return 'Withdrawal';
  }
}

/**
 * A minimal, valid one-page PDF 1.4 whose text names the statement. The cross-reference
 * offsets are computed, so readers accept it without repair.
 */
export function minimalPdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines
    .map((l, i) => `BT /F1 12 Tf 36 ${120 - i * 18} Td (${esc(l)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 160] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function fdxStatements(
  tag: string,
  accountLabel: string,
  months: number[],
  processingLast: boolean,
): Json[] {
  // Written in shuffled order: the gateway sorts by statementDate.
  const statements = months.map((m, i) => {
    const statementId = `stmt-${tag}-2026-${pad(m)}`;
    // Month-end, except the current month's statement, dated AS_OF (still PROCESSING).
    const monthEnd = lastDayOfMonth(2026, m);
    const date = monthEnd.getTime() > AS_OF.getTime() ? AS_OF : monthEnd;
    const pdf = minimalPdf([
      `Demo statement ${statementId}`,
      `${accountLabel}`,
      `Period ending ${isoDate(date)}`,
      'Sample data - not a real account',
    ]);
    return {
      statementId,
      statementDate: isoDate(date),
      description: `${accountLabel} statement for ${MONTH_NAMES[m - 1]} 2026`,
      status: processingLast && i === months.length - 1 ? 'PROCESSING' : 'AVAILABLE',
      document: pdf.toString('base64'),
    };
  });
  return shuffle(statements);
}

// ---------------------------------------------------------------------------------------------
// Energy
// ---------------------------------------------------------------------------------------------

function electricityPlan(opts: {
  nickname: string;
  servicePointIds: number[];
  displayName: string;
  startDate: string;
  contacts: Json[];
  solar?: boolean;
  controlledLoad?: boolean;
}): Json {
  const contract: Json = {
    additionalFeeInformation: 'Fees are charged on the invoice they relate to',
    pricingModel: opts.controlledLoad ? 'SINGLE_RATE_CONT_LOAD' : 'SINGLE_RATE',
    timeZone: 'LOCAL',
    isFixed: false,
    variation: 'Prices may change with 30 days notice',
    paymentOption: ['PAPER_BILL', 'CREDIT_CARD', 'DIRECT_DEBIT', 'BPAY'],
    intrinsicGreenPower: { greenPercentage: 0.2 },
  };
  if (opts.controlledLoad) {
    contract.controlledLoad = [
      {
        displayName: 'Off-peak hot water',
        rateBlockUType: 'singleRate',
        startDate: opts.startDate,
        singleRate: {
          displayName: 'Controlled load 1',
          description: 'Hot water heating overnight',
          dailySupplyCharge: '0.0950',
          rates: [{ unitPrice: '0.1820', measureUnit: 'KWH' }],
        },
      },
    ];
  }
  contract.incentives = [
    {
      displayName: 'Welcome credit',
      description: 'A one-off credit on the first invoice',
      category: 'ACCOUNT_CREDIT',
      eligibility: 'New customers only',
    },
  ];
  contract.discounts = [
    {
      displayName: 'Pay on time discount',
      description: 'Discount when the invoice is paid by the due date',
      type: 'CONDITIONAL',
      category: 'PAY_ON_TIME',
      endDate: '2027-06-30',
      methodUType: 'percentOfBill',
      percentOfBill: { rate: 0.05 },
    },
  ];
  contract.eligibility = [
    {
      type: 'NEW_CUSTOMER',
      information: 'Available to new customers',
      description: 'The plan is offered to customers joining the retailer',
    },
  ];
  contract.fees = [
    {
      type: 'LATE_PAYMENT',
      term: 'PERCENT_OF_BILL',
      rate: 0.01,
      description: 'Charged when an invoice is paid after the due date',
    },
  ];
  if (opts.solar) {
    contract.solarFeedInTariff = [
      {
        displayName: 'Solar feed-in',
        description: 'Credit for exported solar energy',
        startDate: opts.startDate,
        scheme: 'PREMIUM',
        payerType: 'RETAILER',
        tariffUType: 'singleTariff',
        singleTariff: { rates: [{ unitPrice: '0.0700', measureUnit: 'KWH' }] },
      },
    ];
  }
  contract.tariffPeriod = [
    {
      type: 'RETAIL_SERVICE',
      displayName: 'All year',
      startDate: '01-01',
      dailySupplyCharges: '1.0450',
      timeZone: 'LOCAL',
      rateBlockUType: 'singleRate',
      singleRate: {
        displayName: 'General usage',
        description: 'Single rate for all usage',
        generalUnitPrice: '0.3120',
        rates: [{ unitPrice: '0.3120', measureUnit: 'KWH' }],
      },
    },
  ];
  return {
    nickname: opts.nickname,
    servicePointIds: opts.servicePointIds,
    planOverview: { displayName: opts.displayName, startDate: opts.startDate },
    planDetail: {
      fuelType: 'ELECTRICITY',
      isContingentPlan: false,
      meteringCharges: [
        {
          displayName: 'Smart meter charge',
          description: 'Daily charge for the smart meter',
          minimumValue: '0.3500',
          period: 'P1D',
        },
      ],
      electricityContract: contract,
    },
    authorisedContacts: opts.contacts,
  };
}

function invoices(
  tag: string,
  issueDates: Date[],
  servicePoints: string[],
  shuffled: boolean,
): Json[] {
  const out = issueDates.map((issue, i) => {
    const usage = randInt(9000, 42000) / 100;
    const credits = i % 3 === 0 ? randInt(500, 4000) / 100 : 0;
    const onceOff = i % 11 === 0 ? 25 : 0;
    const onceOffDiscount = i % 17 === 0 ? 10 : 0;
    const net = usage - credits + onceOff - onceOffDiscount;
    const gst = cents(net / 10);
    const total = cents(net + gst);
    // The billed period runs from the previous issue date to the day before this one.
    const periodStart = i > 0 ? issueDates[i - 1] : addMonths(issue, -1);
    const periodEnd = addDays(issue, -1);
    const status =
      i < issueDates.length - 2 ? (i % 10 === 4 ? 'PARTIALLY_PAID' : 'PAID') : 'NOT_PAID';
    return {
      invoiceNumber: `INV-${tag}-${isoDate(issue).slice(0, 7)}`,
      issueDate: isoDate(issue),
      dueDate: isoDate(addDays(issue, 14)),
      period: { startDate: isoDate(periodStart), endDate: isoDate(periodEnd) },
      invoiceAmount: money(total),
      gstAmount: money(gst),
      payOnTimeDiscount: {
        gstAmount: money(cents((total * 0.05) / 11)),
        discountAmount: money(cents(total * 0.05)),
        date: isoDate(addDays(issue, 14)),
      },
      balanceAtIssue: money(
        status === 'NOT_PAID' ? total : cents(total * (i % 10 === 4 ? 0.5 : 0)),
      ),
      servicePoints,
      electricity: {
        totalGst: money(gst),
        totalGenerationCredits: money(credits),
        totalOnceOffCharges: money(onceOff),
        totalOnceOffDiscounts: money(onceOffDiscount),
        totalUsageCharges: money(usage),
      },
      paymentStatus: status,
    };
  });
  return shuffled ? shuffle(out) : out;
}

function monthly(from: Date, count: number): Date[] {
  return Array.from({ length: count }, (_, i) => addMonths(from, i));
}

// ---------------------------------------------------------------------------------------------
// The data set
// ---------------------------------------------------------------------------------------------

/** Jane's banking accounts, first third of the list (by account number). */
function janeEverydaySpecs(): BankingSpec[] {
  const J = JANE;
  const jointUsers = [user(JANE), user(JOHN)];
  return [
    {
      n: 1,
      owner: J,
      category: 'TRANS_AND_SAVINGS_ACCOUNTS',
      productName: 'Everyday Plus',
      displayName: 'Everyday Plus account',
      nickname: 'Main account',
      subtitle: 'Everyday transactions',
      openStatus: 'OPEN',
      creationDate: '2016-04-11',
      bundleName: 'Home and everyday bundle',
      current: 8450.32,
      available: 8200.32,
      extra: savingsExtra(),
    },
    {
      n: 2,
      owner: J,
      category: 'CRED_AND_CHRG_CARDS',
      productName: 'Rewards Platinum Card',
      displayName: 'Rewards Platinum credit card',
      subtitle: 'Credit card ending {tail}',
      openStatus: 'OPEN',
      creationDate: '2019-08-02',
      card: true,
      current: -2315.4,
      available: 7684.6,
      extra: creditCardExtra(69.46, 2315.4, '2026-12-05'),
    },
    {
      n: 3,
      owner: J,
      category: 'RESIDENTIAL_MORTGAGES',
      productName: 'Standard Variable Home Loan',
      displayName: 'Home loan',
      subtitle: 'Owner-occupied, principal and interest',
      openStatus: 'OPEN',
      creationDate: '2018-02-20',
      bundleName: 'Home and everyday bundle',
      current: -412880.15,
      available: 12500,
      extra: loanExtra({
        start: '2018-02-20',
        amount: 520000,
        end: '2048-02-20',
        next: '2026-12-20',
        minInstalment: 2890.55,
        repaymentType: 'PRINCIPAL_AND_INTEREST',
        loanPurpose: 'OWNER_OCCUPIED',
        rateType: 'VARIABLE',
        rate: 0.0614,
        comparisonRate: 0.0631,
        offsetIds: ['acc-b-1001-27'],
        redraw: 12500,
        features: [
          { featureType: 'OFFSET', isActivated: 'ACTIVATED' },
          { featureType: 'REDRAW', isActivated: 'ACTIVATED' },
          { featureType: 'EXTRA_REPAYMENTS', isActivated: 'ACTIVATED' },
        ],
      }),
    },
    {
      n: 4,
      owner: J,
      category: 'TERM_DEPOSITS',
      productName: '12 Month Term Deposit',
      displayName: 'Term deposit',
      subtitle: 'Matures 2027-03-01, rolls over',
      openStatus: 'OPEN',
      creationDate: '2026-03-01',
      current: 25000,
      available: 0,
      extra: termDepositExtra('2026-03-01', '2027-03-01', 26062.5, 'ROLLED_OVER', 0.0425),
    },
    {
      n: 5,
      owner: J,
      category: 'TRANS_AND_SAVINGS_ACCOUNTS',
      productName: 'Joint Everyday',
      displayName: 'Joint household account',
      subtitle: 'Shared with John Citizen',
      openStatus: 'OPEN',
      creationDate: '2020-10-05',
      ownership: 'TWO_PARTY',
      complex: 'JOINT',
      users: jointUsers,
      current: 3120.88,
      extra: savingsExtra(),
    },
    {
      n: 6,
      owner: J,
      category: 'PERS_LOANS',
      productName: 'Car Loan Fixed',
      displayName: 'Car loan',
      subtitle: 'Paid off in 2025',
      openStatus: 'CLOSED',
      creationDate: '2020-01-15',
      current: 0,
      extra: loanExtra({
        start: '2020-01-15',
        amount: 28000,
        end: '2025-01-15',
        repaymentType: 'PRINCIPAL_AND_INTEREST',
        loanPurpose: 'OTHER',
        rateType: 'FIXED',
        rate: 0.0799,
        comparisonRate: 0.0842,
      }),
    },
    {
      n: 7,
      owner: J,
      category: 'TRANS_AND_SAVINGS_ACCOUNTS',
      productName: 'Bonus Saver',
      displayName: 'Bonus saver (closed)',
      subtitle: 'Closed savings account',
      openStatus: 'CLOSED',
      creationDate: '2017-06-30',
      current: 0,
      extra: savingsExtra(),
    },
    {
      n: 8,
      owner: J,
      category: 'TRANS_AND_SAVINGS_ACCOUNTS',
      productName: 'Goal Saver',
      displayName: 'Goal saver',
      nickname: 'Holiday fund',
      subtitle: 'Savings, access restricted',
      openStatus: 'OPEN',
      creationDate: '2022-09-09',
      current: 15250.0,
      extra: savingsExtra(true),
    },
    {
      n: 9,
      owner: J,
      category: 'BUSINESS_LOANS',
      productName: 'Business Term Loan',
      displayName: 'Example Consulting Pty Ltd loan',
      subtitle: 'Business loan, authorised signatory',
      openStatus: 'OPEN',
      creationDate: '2021-07-01',
      isOwned: false,
      ownership: 'MANY_PARTY',
      complex: 'ORGANIZATION',
      users: [user(JANE, false)],
      current: -88000.0,
      available: 0,
      extra: loanExtra({
        start: '2021-07-01',
        amount: 150000,
        end: '2031-07-01',
        next: '2026-12-01',
        minInstalment: 1650,
        repaymentType: 'INTEREST_ONLY',
        loanPurpose: 'INVESTMENT',
        rateType: 'VARIABLE',
        rate: 0.0875,
      }),
    },
    {
      n: 10,
      owner: J,
      category: 'OVERDRAFTS',
      productName: 'Personal Overdraft',
      displayName: 'Personal overdraft',
      subtitle: 'Overdraft limit $2,000',
      openStatus: 'OPEN',
      creationDate: '2019-11-11',
      current: -412.5,
      available: 1587.5,
      extra: simpleLendingExtra('VARIABLE', 0.1375, 'UNCONSTRAINED', 'UNCONSTRAINED'),
    },
  ];
}

/** Jane's banking accounts, second third. */
function janeMiddleSpecs(): BankingSpec[] {
  const J = JANE;
  return [
    {
      n: 11,
      owner: J,
      category: 'LEASES',
      productName: 'Novated Lease',
      displayName: 'Novated car lease',
      subtitle: 'Lease ends 2028',
      openStatus: 'OPEN',
      creationDate: '2023-05-01',
      current: -21400.0,
      available: 0,
      extra: loanExtra({
        start: '2023-05-01',
        amount: 36000,
        end: '2028-05-01',
        next: '2026-12-01',
        minInstalment: 640.2,
        repaymentType: 'OTHER',
        loanPurpose: 'OTHER',
        rateType: 'FIXED',
        rate: 0.0699,
      }),
    },
    {
      n: 12,
      owner: J,
      category: 'MARGIN_LOANS',
      productName: 'Share Margin Loan',
      displayName: 'Margin loan',
      subtitle: 'Investment lending',
      openStatus: 'OPEN',
      creationDate: '2022-02-14',
      current: -18000.0,
      available: 7000,
      extra: simpleLendingExtra('VARIABLE', 0.0895, 'INVESTMENT', 'INTEREST_ONLY'),
    },
    {
      n: 13,
      owner: J,
      category: 'REGULATED_TRUST_ACCOUNTS',
      productName: 'Solicitor Trust Account',
      displayName: 'Citizen family trust',
      subtitle: 'Trust account, beneficiary view',
      openStatus: 'OPEN',
      creationDate: '2015-09-30',
      isOwned: false,
      ownership: 'OTHER',
      complex: 'ORGANIZATION',
      users: [user(JANE, false)],
      current: 56012.9,
      extra: { depositRate: 0.005 },
    },
    {
      n: 14,
      owner: J,
      category: 'TRADE_FINANCE',
      productName: 'Import Finance Facility',
      displayName: 'Import finance facility',
      subtitle: 'Trade finance',
      openStatus: 'OPEN',
      creationDate: '2024-04-04',
      current: -9600.0,
      available: 40400,
      extra: simpleLendingExtra('FLOATING', 0.0915, 'OTHER', 'OTHER'),
    },
    {
      n: 15,
      owner: J,
      category: 'TRAVEL_CARDS',
      productName: 'Multi-currency Travel Card',
      displayName: 'Travel money card',
      subtitle: 'Prepaid travel card ending {tail}',
      openStatus: 'OPEN',
      creationDate: '2025-01-20',
      card: true,
      current: 640.0,
      extra: {
        features: [{ featureType: 'DIGITAL_WALLET', isActivated: 'ACTIVATED' }],
        fees: [INTERNATIONAL_TX_FEE],
      },
    },
    {
      n: 16,
      owner: J,
      category: 'CRED_AND_CHRG_CARDS',
      productName: 'Classic Card',
      displayName: 'Classic credit card (closed)',
      subtitle: 'Closed card ending {tail}',
      openStatus: 'CLOSED',
      creationDate: '2012-03-03',
      card: true,
      current: 0,
      extra: creditCardExtra(0, 0, '2024-08-05'),
    },
    {
      n: 17,
      owner: J,
      category: 'TERM_DEPOSITS',
      productName: '6 Month Term Deposit',
      displayName: 'Term deposit (matured)',
      subtitle: 'Paid out at maturity',
      openStatus: 'CLOSED',
      creationDate: '2024-01-10',
      current: 0,
      extra: termDepositExtra('2024-01-10', '2024-07-10', 10227.5, 'PAID_OUT_AT_MATURITY', 0.0455),
    },
    {
      n: 18,
      owner: J,
      category: 'TRANS_AND_SAVINGS_ACCOUNTS',
      productName: 'Bills Account',
      displayName: 'Bills account',
      subtitle: 'Direct debits and bills',
      openStatus: 'OPEN',
      creationDate: '2021-02-28',
      current: 1290.14,
      extra: savingsExtra(true),
    },
    {
      n: 19,
      owner: J,
      category: 'CRED_AND_CHRG_CARDS',
      productName: 'Low Rate Card',
      displayName: 'Low rate credit card',
      subtitle: 'Credit card ending {tail}',
      openStatus: 'OPEN',
      creationDate: '2023-10-10',
      card: true,
      current: -845.0,
      available: 3155.0,
      extra: creditCardExtra(25.35, 845.0, '2026-12-12'),
    },
    {
      n: 20,
      owner: J,
      category: 'RESIDENTIAL_MORTGAGES',
      productName: 'Investment Home Loan',
      displayName: 'Investment property loan (refinanced)',
      subtitle: 'Closed on refinance',
      openStatus: 'CLOSED',
      creationDate: '2014-06-16',
      current: 0,
      extra: loanExtra({
        start: '2014-06-16',
        amount: 380000,
        end: '2023-11-30',
        repaymentType: 'INTEREST_ONLY',
        loanPurpose: 'INVESTMENT',
        rateType: 'VARIABLE',
        rate: 0.0689,
        comparisonRate: 0.0702,
      }),
    },
  ];
}

/** Jane's banking accounts, last third. */
function janeLaterSpecs(): BankingSpec[] {
  const J = JANE;
  return [
    {
      n: 21,
      owner: J,
      category: 'PERS_LOANS',
      productName: 'Personal Loan Variable',
      displayName: 'Renovation loan',
      subtitle: 'Personal loan',
      openStatus: 'OPEN',
      creationDate: '2025-06-01',
      current: -14210.66,
      available: 0,
      extra: loanExtra({
        start: '2025-06-01',
        amount: 20000,
        end: '2030-06-01',
        next: '2026-12-01',
        minInstalment: 412.3,
        repaymentType: 'UNCONSTRAINED',
        loanPurpose: 'UNCONSTRAINED',
        rateType: 'VARIABLE',
        rate: 0.1149,
        comparisonRate: 0.1201,
      }),
    },
    {
      n: 22,
      owner: J,
      category: 'OVERDRAFTS',
      productName: 'Personal Overdraft',
      displayName: 'Old overdraft (closed)',
      subtitle: 'Closed overdraft',
      openStatus: 'CLOSED',
      creationDate: '2011-01-05',
      current: 0,
      extra: simpleLendingExtra('VARIABLE', 0.1375, 'UNCONSTRAINED', 'UNCONSTRAINED'),
    },
    {
      n: 23,
      owner: J,
      category: 'TRAVEL_CARDS',
      productName: 'Multi-currency Travel Card',
      displayName: 'Travel money card (closed)',
      subtitle: 'Closed travel card ending {tail}',
      openStatus: 'CLOSED',
      creationDate: '2018-12-01',
      card: true,
      current: 0,
    },
    {
      n: 24,
      owner: J,
      category: 'BUSINESS_LOANS',
      productName: 'Business Overdraft Facility',
      displayName: 'Example Consulting Pty Ltd facility (closed)',
      subtitle: 'Closed business facility',
      openStatus: 'CLOSED',
      creationDate: '2016-07-01',
      isOwned: false,
      ownership: 'MANY_PARTY',
      complex: 'ORGANIZATION',
      users: [user(JANE, false)],
      current: 0,
      extra: simpleLendingExtra('VARIABLE', 0.0995, 'OTHER', 'OTHER'),
    },
    {
      n: 25,
      owner: J,
      category: 'TERM_DEPOSITS',
      productName: '24 Month Term Deposit',
      displayName: 'Long term deposit',
      subtitle: 'Matures 2027-09-15, held on maturity',
      openStatus: 'OPEN',
      creationDate: '2025-09-15',
      current: 50000,
      available: 0,
      extra: termDepositExtra('2025-09-15', '2027-09-15', 54300, 'HOLD_ON_MATURITY', 0.042),
    },
    {
      n: 26,
      owner: J,
      category: 'MARGIN_LOANS',
      productName: 'Share Margin Loan',
      displayName: 'Margin loan (closed)',
      subtitle: 'Closed investment lending',
      openStatus: 'CLOSED',
      creationDate: '2017-03-17',
      current: 0,
    },
    {
      n: 27,
      owner: J,
      category: 'TRANS_AND_SAVINGS_ACCOUNTS',
      productName: 'Mortgage Offset',
      displayName: 'Offset account',
      subtitle: 'Offsets the home loan',
      openStatus: 'OPEN',
      creationDate: '2018-02-20',
      bundleName: 'Home and everyday bundle',
      current: 31877.02,
      extra: {
        features: [
          { featureType: 'OFFSET', additionalValue: 'acc-b-1001-03', isActivated: 'ACTIVATED' },
          { featureType: 'NPP_PAYID', additionalValue: 'TELEPHONE', isActivated: 'NOT_ACTIVATED' },
        ],
        fees: [DISHONOUR_FEE],
      },
    },
    {
      n: 28,
      owner: J,
      category: 'LEASES',
      productName: 'Equipment Lease',
      displayName: 'Equipment lease (ended)',
      subtitle: 'Closed lease',
      openStatus: 'CLOSED',
      creationDate: '2019-04-01',
      current: 0,
    },
    {
      n: 29,
      owner: J,
      category: 'REGULATED_TRUST_ACCOUNTS',
      productName: 'Conveyancing Trust Account',
      displayName: 'Settlement trust (closed)',
      subtitle: 'Closed trust account',
      openStatus: 'CLOSED',
      creationDate: '2018-01-10',
      isOwned: false,
      ownership: 'OTHER',
      complex: 'ORGANIZATION',
      users: [user(JANE, false)],
      current: 0,
    },
    {
      n: 30,
      owner: J,
      category: 'TRADE_FINANCE',
      productName: 'Export Finance Facility',
      displayName: 'Export finance facility (closed)',
      subtitle: 'Closed trade finance',
      openStatus: 'CLOSED',
      creationDate: '2020-08-08',
      current: 0,
    },
  ];
}

/** Direct debits, scheduled payments and instalment plans of Jane's accounts. */
function addJanePayments(byN: (n: number) => Json, janePayees: Json[]): void {
  const ownIds = ['acc-b-1001-27', 'acc-b-1001-08', 'acc-b-1001-05', 'acc-b-1001-18'];
  const asOf = AS_OF;
  // Direct debits: 32 over four accounts.
  byN(1).directDebits = directDebits(12, asOf);
  byN(5).directDebits = directDebits(8, asOf);
  byN(10).directDebits = directDebits(6, asOf);
  byN(18).directDebits = directDebits(6, asOf);

  // Scheduled payments: 32 over four accounts.
  byN(1).scheduledPayments = scheduledPayments(12, 'acc-b-1001-01', {
    accountIds: ownIds,
    payees: janePayees,
  });
  byN(5).scheduledPayments = scheduledPayments(10, 'acc-b-1001-05', {
    accountIds: ['acc-b-1001-01', 'acc-b-1001-08'],
    payees: janePayees,
  });
  byN(10).scheduledPayments = scheduledPayments(5, 'acc-b-1001-10', {
    accountIds: ['acc-b-1001-01'],
    payees: janePayees,
  });
  byN(18).scheduledPayments = scheduledPayments(5, 'acc-b-1001-18', {
    accountIds: ['acc-b-1001-01', 'acc-b-1001-27'],
    payees: janePayees,
  });

  // Instalment plans: 32 over four card/transaction accounts; an empty list on the overdraft
  // (supported, none yet); no key at all elsewhere (instalments unsupported).
  byN(1).instalmentPlans = instalmentPlans(9, 'mixed');
  byN(2).instalmentPlans = instalmentPlans(10, 'mixed');
  byN(16).instalmentPlans = instalmentPlans(6, 'all');
  byN(19).instalmentPlans = instalmentPlans(7, 'mixed');
  byN(10).instalmentPlans = [];
}

/** The FDX blocks (transactions, statements, asset transfer networks) of Jane's accounts. */
function addJaneFdx(byN: (n: number) => Json): void {
  // FDX blocks.
  const start = utc(2026, 1, 1);
  const end = utc(2026, 11, 20, 23, 59, 59);
  byN(1).fdx = {
    status: 'OPEN',
    transactions: fdxTransactions('b100101', 120, start, end, 3),
    statements: fdxStatements(
      'b100101',
      'Everyday Plus account',
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      true,
    ),
    assetTransferNetworks: [
      {
        identifier: '000123456789',
        identifierType: 'ACCOUNT_NUMBER',
        institutionName: 'Example Bank',
        institutionId: '0999',
        type: 'US_ACATS',
        jointAccount: false,
      },
      {
        identifier: 'tok_5f2c9a71e0b4',
        identifierType: 'TOKENIZED_ACCOUNT_NUMBER',
        institutionName: 'Example Bank',
        institutionId: '0998',
        type: 'US_DTC',
        jointAccount: false,
      },
      {
        identifier: '7700123456',
        identifierType: 'ACCOUNT_NUMBER',
        institutionName: 'Example Bank Canada',
        institutionId: 'T999',
        type: 'CA_ATON',
        jointAccount: false,
      },
    ],
  };
  byN(4).fdx = {
    status: 'OPEN',
    transactions: fdxTransactions('b100104', 12, utc(2026, 3, 1, 1), utc(2026, 11, 1, 1), 0),
    statements: fdxStatements('b100104', 'Term deposit', [3, 6, 9], false),
  };
  byN(7).fdx = {
    status: 'CLOSED',
    transactions: fdxTransactions('b100107', 115, start, end, 0),
    statements: fdxStatements('b100107', 'Bonus saver', [8, 9, 10, 11], false),
    // Held, but a closed account answers 705 on this endpoint.
    assetTransferNetworks: [
      {
        identifier: '000123450007',
        identifierType: 'ACCOUNT_NUMBER',
        institutionName: 'Example Bank',
        institutionId: '0999',
        type: 'US_ACATS',
        jointAccount: false,
      },
    ],
  };
  byN(8).fdx = {
    status: 'RESTRICTED',
    transactions: fdxTransactions('b100108', 112, start, end, 2),
    statements: fdxStatements('b100108', 'Goal saver', [5, 7, 9], false),
    // Held, but a restricted account answers 200 with an empty body.
    assetTransferNetworks: [
      {
        identifier: '000123450008',
        identifierType: 'ACCOUNT_NUMBER',
        institutionName: 'Example Bank',
        institutionId: '0999',
        type: 'US_DTC',
        jointAccount: false,
      },
    ],
  };
}

function janeBankingAccounts(janePayees: Json[]): Json[] {
  const specs = [...janeEverydaySpecs(), ...janeMiddleSpecs(), ...janeLaterSpecs()];
  const accounts = specs.map(bankingAccount);
  const byN = (n: number) => accounts[n - 1];
  addJanePayments(byN, janePayees);
  addJaneFdx(byN);
  return accounts;
}

function johnBankingAccounts(johnPayees: Json[]): Json[] {
  const specs: BankingSpec[] = [
    {
      n: 1,
      owner: JOHN,
      category: 'TRANS_AND_SAVINGS_ACCOUNTS',
      productName: 'Everyday Plus',
      displayName: 'Everyday Plus account',
      subtitle: 'Everyday transactions',
      openStatus: 'OPEN',
      creationDate: '2015-05-05',
      current: 2210.45,
      extra: savingsExtra(),
    },
    {
      n: 2,
      owner: JOHN,
      category: 'CRED_AND_CHRG_CARDS',
      productName: 'Low Rate Card',
      displayName: 'Low rate credit card',
      subtitle: 'Credit card ending {tail}',
      openStatus: 'OPEN',
      creationDate: '2021-12-12',
      card: true,
      current: -310.2,
      available: 2689.8,
      extra: creditCardExtra(15, 310.2, '2026-12-09'),
    },
    {
      n: 3,
      owner: JOHN,
      category: 'PERS_LOANS',
      productName: 'Personal Loan Variable',
      displayName: 'Motorbike loan',
      subtitle: 'Paid off',
      openStatus: 'CLOSED',
      creationDate: '2019-03-03',
      current: 0,
      extra: loanExtra({
        start: '2019-03-03',
        amount: 9000,
        end: '2022-03-03',
        repaymentType: 'PRINCIPAL_AND_INTEREST',
        loanPurpose: 'OTHER',
        rateType: 'VARIABLE',
        rate: 0.1049,
      }),
    },
  ];
  const accounts = specs.map(bankingAccount);
  accounts[0].directDebits = directDebits(2, AS_OF);
  accounts[0].scheduledPayments = scheduledPayments(2, 'acc-b-1002-01', {
    accountIds: ['acc-b-1002-01'],
    payees: johnPayees,
  });
  accounts[1].instalmentPlans = instalmentPlans(2, 'mixed');
  return accounts;
}

function energyAccount(opts: {
  id: string;
  accountNumber: string;
  displayName: string;
  subtitle: string;
  openStatus: 'OPEN' | 'CLOSED';
  creationDate: string;
  complex: 'INDIVIDUAL' | 'JOINT' | 'ORGANIZATION';
  users: Json[];
  plans: Json[];
  invoices: Json[];
  concessions: Json[];
}): Json {
  return {
    accountId: opts.id,
    accountNumber: opts.accountNumber,
    displayName: opts.displayName,
    openStatus: opts.openStatus,
    creationDate: opts.creationDate,
    plans: opts.plans,
    subtitle: opts.subtitle,
    complexAccountType: opts.complex,
    users: opts.users,
    invoices: opts.invoices,
    concessions: opts.concessions,
  };
}

function janeEnergyAccounts(): Json[] {
  const janeContact = { firstName: 'Jane', lastName: 'Citizen', prefix: 'Ms' };
  const johnContact = { firstName: 'John', lastName: 'Citizen', prefix: 'Mr' };
  return [
    energyAccount({
      id: 'acc-e-1001-01',
      accountNumber: '880010001',
      displayName: 'Home electricity',
      subtitle: '1 Sample Street, Exampleton',
      openStatus: 'OPEN',
      creationDate: '2022-11-20',
      complex: 'INDIVIDUAL',
      users: [user(JANE)],
      plans: [
        electricityPlan({
          nickname: 'Home',
          servicePointIds: [4102000001],
          displayName: 'Example Energy Solar Saver',
          startDate: '2022-12-01',
          contacts: [janeContact],
          solar: true,
          controlledLoad: true,
        }),
      ],
      // 47 monthly invoices, 2023-01-15 .. 2026-11-15, written in shuffled order.
      invoices: invoices('E100101', monthly(utc(2023, 1, 15), 47), ['4102000001'], true),
      concessions: [
        {
          type: 'FIXED_AMOUNT',
          displayName: 'Low income household rebate',
          additionalInfo: 'State rebate applied to each invoice',
          startDate: '2023-07-01',
          endDate: '2027-06-30',
          discountFrequency: 'P1M',
          amount: '29.50',
          appliedTo: ['INVOICE'],
        },
        {
          type: 'FIXED_PERCENTAGE',
          displayName: 'Medical cooling concession',
          additionalInfo: 'Percentage off usage during summer',
          startDate: '2024-11-01',
          endDate: '2027-03-31',
          discountFrequency: 'P1M',
          appliedTo: ['USAGE'],
        },
        {
          type: 'VARIABLE',
          displayName: 'Emergency relief payment',
          startDate: '2025-02-01',
          endDate: '2025-02-28',
          appliedTo: ['INVOICE', 'SERVICE_CHARGE'],
        },
      ],
    }),
    energyAccount({
      id: 'acc-e-1001-02',
      accountNumber: '880010002',
      displayName: 'Previous address electricity',
      subtitle: '9 Old Example Road (closed)',
      openStatus: 'CLOSED',
      creationDate: '2019-04-01',
      complex: 'INDIVIDUAL',
      users: [user(JANE)],
      plans: [
        electricityPlan({
          nickname: 'Old flat',
          servicePointIds: [4102000002],
          displayName: 'Example Energy Basic',
          startDate: '2019-04-01',
          contacts: [janeContact],
        }),
      ],
      invoices: invoices('E100102', monthly(utc(2022, 6, 20), 7), ['4102000002'], false),
      concessions: [],
    }),
    energyAccount({
      id: 'acc-e-1001-03',
      accountNumber: '880010003',
      displayName: 'Holiday house electricity',
      subtitle: 'Shared with John Citizen',
      openStatus: 'OPEN',
      creationDate: '2024-12-01',
      complex: 'JOINT',
      users: [user(JANE), user(JOHN)],
      plans: [
        electricityPlan({
          nickname: 'Holiday house',
          servicePointIds: [4102000003, 4102000004],
          displayName: 'Example Energy Flexi',
          startDate: '2024-12-01',
          contacts: [janeContact, johnContact],
        }),
      ],
      invoices: invoices(
        'E100103',
        [
          utc(2025, 3, 1),
          utc(2025, 6, 1),
          utc(2025, 9, 1),
          utc(2025, 12, 1),
          utc(2026, 3, 1),
          utc(2026, 6, 1),
          utc(2026, 9, 1),
        ],
        ['4102000003', '4102000004'],
        true,
      ),
      concessions: [
        {
          type: 'FIXED_AMOUNT',
          displayName: 'Seniors energy rebate',
          startDate: '2025-01-01',
          endDate: '2026-12-31',
          discountFrequency: 'P3M',
          amount: '50.00',
          appliedTo: ['INVOICE'],
        },
      ],
    }),
    energyAccount({
      id: 'acc-e-1001-04',
      accountNumber: '880010004',
      displayName: 'Consulting office electricity',
      subtitle: 'Example Consulting Pty Ltd',
      openStatus: 'OPEN',
      creationDate: '2021-07-01',
      complex: 'ORGANIZATION',
      users: [user(JANE, false)],
      plans: [
        electricityPlan({
          nickname: 'Office',
          servicePointIds: [4102000005],
          displayName: 'Example Energy Business',
          startDate: '2021-07-01',
          contacts: [janeContact],
        }),
      ],
      invoices: invoices('E100104', monthly(utc(2026, 8, 10), 3), ['4102000005'], false),
      concessions: [],
    }),
  ];
}

function johnEnergyAccounts(): Json[] {
  return [
    energyAccount({
      id: 'acc-e-1002-01',
      accountNumber: '880020001',
      displayName: 'Workshop electricity',
      subtitle: 'Rear shed, 1 Sample Street',
      openStatus: 'OPEN',
      creationDate: '2025-02-01',
      complex: 'INDIVIDUAL',
      users: [user(JOHN)],
      plans: [
        electricityPlan({
          nickname: 'Workshop',
          servicePointIds: [4102000006],
          displayName: 'Example Energy Basic',
          startDate: '2025-02-01',
          contacts: [{ firstName: 'John', lastName: 'Citizen', prefix: 'Mr' }],
        }),
      ],
      invoices: invoices('E100201', monthly(utc(2026, 9, 5), 3), ['4102000006'], false),
      concessions: [
        {
          type: 'FIXED_AMOUNT',
          displayName: 'Family energy rebate',
          startDate: '2025-07-01',
          endDate: '2026-06-30',
          discountFrequency: 'P1Y',
          amount: '175.00',
          appliedTo: ['INVOICE'],
        },
      ],
    }),
  ];
}

const CATEGORY_PRODUCTS: Record<string, string[]> = {
  BUSINESS_LOANS: [
    'Business Term Loan',
    'Business Overdraft Facility',
    'Equipment Finance',
    'Commercial Property Loan',
  ],
  CRED_AND_CHRG_CARDS: [
    'Rewards Platinum Card',
    'Low Rate Card',
    'Classic Card',
    'Business Charge Card',
  ],
  LEASES: ['Novated Lease', 'Equipment Lease', 'Fleet Lease', 'Operating Lease'],
  MARGIN_LOANS: [
    'Share Margin Loan',
    'Managed Fund Margin Loan',
    'Protected Margin Loan',
    'Instalment Warrant Facility',
  ],
  OVERDRAFTS: [
    'Personal Overdraft',
    'Secured Overdraft',
    'Business Overdraft',
    'Student Overdraft',
  ],
  PERS_LOANS: ['Personal Loan Variable', 'Car Loan Fixed', 'Green Loan', 'Debt Consolidation Loan'],
  REGULATED_TRUST_ACCOUNTS: [
    'Solicitor Trust Account',
    'Conveyancing Trust Account',
    'Real Estate Trust Account',
    'Statutory Trust Account',
  ],
  RESIDENTIAL_MORTGAGES: [
    'Standard Variable Home Loan',
    'Investment Home Loan',
    'Fixed Rate Home Loan',
    'Construction Loan',
  ],
  TERM_DEPOSITS: [
    '6 Month Term Deposit',
    '12 Month Term Deposit',
    '24 Month Term Deposit',
    'Business Term Deposit',
  ],
  TRADE_FINANCE: [
    'Import Finance Facility',
    'Export Finance Facility',
    'Documentary Credit',
    'Bank Guarantee',
  ],
  TRANS_AND_SAVINGS_ACCOUNTS: ['Everyday Plus', 'Bonus Saver', 'Goal Saver', 'Mortgage Offset'],
  TRAVEL_CARDS: [
    'Multi-currency Travel Card',
    'Student Travel Card',
    'Business Travel Card',
    'Single Currency Travel Card',
  ],
};

/** Only `ScheduledChangeStatusNeedsReview` is documented; the others make the filter useful. */
const CHANGE_STATUSES = [
  'ScheduledChangeStatusNeedsReview',
  'ScheduledChangeStatusUpToDate',
  'ScheduledChangeStatusScheduled',
];

function products(): Json[] {
  const out: Json[] = [];
  const categories = Object.keys(CATEGORY_PRODUCTS);
  // Round-robin over the categories so one page holds several categories.
  for (let round = 0; round < 4; round++) {
    categories.forEach((category, ci) => {
      const name = CATEGORY_PRODUCTS[category][round];
      const slug = name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      const k = round * categories.length + ci;
      out.push({
        product_id: `prod-${slug}`,
        name,
        product_category: category,
        last_updated: isoDateTime(addDays(utc(2025, 1, 6, 8, 30), k * 13)),
        change_status: CHANGE_STATUSES[(k * 5 + round) % CHANGE_STATUSES.length],
      });
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The consent flow: identities, and a business customer whose authorised contact is Jane
// ---------------------------------------------------------------------------------------------

/** E.164 of a national mobile number: `0491 570 006` -> `+61491570006`. */
function e164(phone: string): string {
  return `+61${phone.replace(/\s/g, '').slice(1)}`;
}

/** A person's identity (customer-identity.json without id); `verified` says what was proved. */
function personIdentity(p: Person, verified: { email: boolean; phone: boolean }): Json {
  return {
    email: p.email,
    emailVerified: verified.email,
    givenName: p.firstName,
    familyName: p.lastName,
    name: `${p.firstName} ${p.lastName}`,
    phoneNumber: e164(p.phone),
    phoneNumberVerified: verified.phone,
    updatedAt: p.lastUpdateTime,
    address: {
      streetAddress: p.address.line1,
      locality: p.address.city,
      region: p.address.state,
      postalCode: p.address.postcode,
      country: 'AUS',
    },
  };
}

const CONSENT_IDENTITIES: Record<string, Json> = {
  [JANE.customerId]: personIdentity(JANE, { email: true, phone: true }),
  [JOHN.customerId]: personIdentity(JOHN, { email: true, phone: false }),
  [SAM.customerId]: personIdentity(SAM, { email: false, phone: false }),
};

/**
 * A business customer: its own contact points, and Jane as its authorised contact, so that a
 * search by Jane's address finds her and the business. The detail contract has only the person
 * variant: the business's detail is its agent (Jane) at the business's contact points.
 */
const BUSINESS: Person = {
  customerId: 'c-3001',
  firstName: 'Jane',
  lastName: 'Citizen',
  middleNames: [],
  prefix: 'Ms',
  email: 'accounts@consulting.example.com',
  phone: '0491 570 110',
  address: {
    line1: 'Level 3, 10 Example Place',
    city: 'Exampleton',
    postcode: '2999',
    state: 'NSW',
  },
  lastUpdateTime: '2026-08-14T01:30:00Z',
};
const BUSINESS_NAME = 'Example Consulting Pty Ltd';

function businessCustomer(): Json {
  const account = bankingAccount({
    n: 1,
    owner: BUSINESS,
    category: 'TRANS_AND_SAVINGS_ACCOUNTS',
    productName: 'Business Everyday',
    displayName: `${BUSINESS_NAME} operating account`,
    subtitle: 'Business transaction account',
    openStatus: 'OPEN',
    creationDate: '2021-07-01',
    ownership: 'ONE_PARTY',
    complex: 'ORGANIZATION',
    users: [
      { id: BUSINESS.customerId, email: BUSINESS.email, isAccountHolder: true },
      user(JANE, false),
    ],
    current: 41250.35,
    extra: savingsExtra(true),
  });
  (account.addresses as Json[])[0]!.simple = {
    ...((account.addresses as Json[])[0]!.simple as Json),
    mailingName: BUSINESS_NAME,
  };
  // An organisation has no given and family name; its name is the business's.
  const identity = personIdentity(BUSINESS, { email: true, phone: true });
  delete identity.givenName;
  delete identity.familyName;
  identity.name = BUSINESS_NAME;
  return {
    customerId: BUSINESS.customerId,
    detail: customerDetail(BUSINESS),
    payees: [],
    bankingAccounts: [account],
    energyAccounts: [],
    identity,
    authorisedContacts: [{ email: JANE.email, phoneNumber: e164(JANE.phone) }],
  };
}

/** The data set with each person's identity, and the business customer after them. */
function withConsentFlowCustomers(data: { customers: Json[]; products: Json[] }): Json {
  const customers = data.customers.map((c) => {
    const identity = CONSENT_IDENTITIES[String(c.customerId)];
    return identity ? { ...c, identity } : c;
  });
  return { ...data, customers: [...customers, businessCustomer()] };
}

// ---------------------------------------------------------------------------------------------
// Refusals to share (docs/demo-core.md): a customer with a blocked and a suspended account, and a
// customer whose data could cause harm to share. Built after the rest, so that their seeded draws
// (the order of statements) change nothing built before them.
// ---------------------------------------------------------------------------------------------

const PAT: Person = {
  customerId: 'c-2001',
  firstName: 'Pat',
  lastName: 'Example',
  middleNames: [],
  prefix: 'Mx',
  email: 'pat.example@example.org',
  phone: '0491 570 159',
  address: { line1: '9 Specimen Road', city: 'Sampleford', postcode: '4999', state: 'QLD' },
  lastUpdateTime: '2026-02-14T05:30:00Z',
};

const ALEX: Person = {
  customerId: 'c-2002',
  firstName: 'Alex',
  lastName: 'Sample',
  middleNames: [],
  prefix: 'Mx',
  email: 'alex.sample@example.org',
  phone: '0491 570 110',
  address: { line1: '3 Illustration Lane', city: 'Exampleton', postcode: '2999', state: 'NSW' },
  lastUpdateTime: '2026-08-01T01:00:00Z',
};

/** The FDX view of one account: a few deposit transactions (newest first), three statements. */
function refusalFdx(tag: string, label: string): Json {
  const tx = (i: number, day: number, amount: number): Json => ({
    accountCategory: 'DEPOSIT_ACCOUNT',
    transactionType: 'POSDEBIT',
    transactionId: `tx-${tag}-${pad(i, 4)}`,
    postedTimestamp: `2026-10-${pad(day)}T09:00:00Z`,
    transactionTimestamp: `2026-10-${pad(day)}T08:30:00Z`,
    description: 'Card purchase Example Grocer',
    debitCreditMemo: 'DEBIT',
    status: 'POSTED',
    amount,
  });
  return {
    status: 'OPEN',
    transactions: [tx(2, 17, 18.95), tx(1, 3, 42.1)],
    statements: fdxStatements(tag, label, [8, 9, 10], false),
    assetTransferNetworks: [],
  };
}

/** Pat's banking accounts: an ordinary one, one blocked and one suspended. */
function patBankingAccounts(): Json[] {
  const everyday = (n: number, displayName: string, subtitle: string): BankingSpec => ({
    n,
    owner: PAT,
    category: 'TRANS_AND_SAVINGS_ACCOUNTS',
    productName: 'Everyday Basic',
    displayName,
    subtitle,
    openStatus: 'OPEN',
    creationDate: `2022-04-${pad(n)}`,
    current: 150 * n,
    extra: savingsExtra(true),
  });
  const accounts = [
    everyday(1, 'Everyday Basic account', 'Everyday transactions'),
    everyday(2, 'Rent savings', 'Saving for rent'),
    everyday(3, 'Travel savings', 'Saving for travel'),
  ].map(bankingAccount);
  accounts.forEach((a, i) => (a.fdx = refusalFdx(`b2001${pad(i + 1)}`, String(a.displayName))));
  accounts[1]!.sharingRefusal = 'blocked';
  accounts[2]!.sharingRefusal = 'suspended';
  return accounts;
}

/** Pat's energy accounts: an ordinary one and one blocked. */
function patEnergyAccounts(): Json[] {
  const account = (n: number, nickname: string, servicePointId: number): Json =>
    energyAccount({
      id: `acc-e-2001-${pad(n)}`,
      accountNumber: `88020010${n}`,
      displayName: `${nickname} electricity`,
      subtitle: '9 Specimen Road',
      openStatus: 'OPEN',
      creationDate: '2024-01-01',
      complex: 'INDIVIDUAL',
      users: [user(PAT)],
      plans: [
        electricityPlan({
          nickname,
          servicePointIds: [servicePointId],
          displayName: 'Example Energy Basic',
          startDate: '2024-01-01',
          contacts: [{ firstName: 'Pat', lastName: 'Example', prefix: 'Mx' }],
        }),
      ],
      invoices: [],
      concessions: [],
    });
  const accounts = [account(1, 'Home', 4102000901), account(2, 'Granny flat', 4102000902)];
  accounts[1]!.sharingRefusal = 'blocked';
  return accounts;
}

/** Alex: a customer the holder flags, whose data could cause harm to share. */
function alexBankingAccounts(): Json[] {
  const account = bankingAccount({
    n: 1,
    owner: ALEX,
    category: 'TRANS_AND_SAVINGS_ACCOUNTS',
    productName: 'Everyday Basic',
    displayName: 'Everyday Basic account',
    subtitle: 'Everyday transactions',
    openStatus: 'OPEN',
    creationDate: '2023-09-09',
    current: 640,
    extra: savingsExtra(true),
  });
  account.fdx = refusalFdx('b200201', 'Everyday Basic account');
  return [account];
}

/**
 * The customers of the refusals to share, after every other customer. Each has an identity, so
 * that a search by their address finds them and a platform reaches them through the consent flow;
 * Alex's identity is then refused, as every other endpoint of theirs.
 */
function sharingRefusalCustomers(): Json[] {
  return [
    {
      customerId: PAT.customerId,
      detail: customerDetail(PAT),
      payees: [],
      bankingAccounts: patBankingAccounts(),
      energyAccounts: patEnergyAccounts(),
      identity: personIdentity(PAT, { email: true, phone: false }),
    },
    {
      customerId: ALEX.customerId,
      sharingRefusal: 'harm',
      detail: customerDetail(ALEX),
      payees: [],
      bankingAccounts: alexBankingAccounts(),
      energyAccounts: [],
      identity: personIdentity(ALEX, { email: true, phone: true }),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Banking transactions (the /v1 transaction list and detail), energy balances, FDX payment
// networks and the joint account's FDX view. Added to the finished data set, last, and drawn
// from a seeded source of their own: no record built before them changes.
// ---------------------------------------------------------------------------------------------

const txRng = seededRandom(20251121);

function txPick<T>(items: readonly T[]): T {
  return items[Math.floor(txRng.rand() * items.length)];
}

function txShuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(txRng.rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A signed amount in cents as a decimal string: -450 -> "-4.50". */
function signedMoney(centsValue: number): string {
  return money(centsValue / 100);
}

/** What a banking transaction holds besides its id, in the contract's field order. */
interface BankingTx {
  type: string;
  description: string;
  amount: string;
  reference?: string;
  /** Effective time: the posting time of a POSTED transaction, the execution time of a PENDING one. */
  at: Date;
  pending?: boolean;
  /** Seconds between execution and posting, for a POSTED transaction that states both. */
  executedBefore?: number;
  valueDate?: boolean;
  currency?: boolean;
  merchant?: readonly [string, string];
  biller?: { code: string; name: string; crn: string };
  apcaNumber?: string;
  extendedData?: Json;
}

/** The record as the file stores it (without accountId and isDetailAvailable). */
function bankingTransaction(transactionId: string, tx: BankingTx): Json {
  const rec: Json = {
    transactionId,
    type: tx.type,
    status: tx.pending ? 'PENDING' : 'POSTED',
    description: tx.description,
  };
  if (!tx.pending) rec.postingDateTime = isoDateTime(tx.at);
  if (tx.valueDate && !tx.pending) rec.valueDateTime = isoDateTime(tx.at);
  if (tx.pending) rec.executionDateTime = isoDateTime(tx.at);
  else if (tx.executedBefore !== undefined) {
    rec.executionDateTime = isoDateTime(new Date(tx.at.getTime() - tx.executedBefore * 1000));
  }
  rec.amount = tx.amount;
  if (tx.currency) rec.currency = 'AUD';
  rec.reference = tx.reference ?? '';
  if (tx.merchant) {
    rec.merchantName = tx.merchant[0];
    rec.merchantCategoryCode = tx.merchant[1];
  }
  if (tx.biller) {
    rec.billerCode = tx.biller.code;
    rec.billerName = tx.biller.name;
    rec.crn = tx.biller.crn;
  }
  if (tx.apcaNumber) rec.apcaNumber = tx.apcaNumber;
  if (tx.extendedData) rec.extendedData = tx.extendedData;
  return rec;
}

const CARD_SHOPS = [
  ['Example Grocer', '5411'],
  ['Sample Cafe', '5814'],
  ['Demo Fuel', '5541'],
  ['Placeholder Pharmacy', '5912'],
  ['Test Books', '5942'],
] as const;
const BPAY_BILLERS = [
  { code: '23796', name: 'Test Water Utility' },
  { code: '12344', name: 'Example Energy Retail' },
  { code: '45678', name: 'Sample Telco' },
  { code: '77001', name: 'Mock Council Rates' },
] as const;
const DEBIT_USERS = [
  'Demo Insurance Co',
  'Placeholder Gym',
  'Fictional Streaming',
  'Dummy Health Fund',
];
const NPP_FRIENDS = [
  { name: 'Sam Placeholder', payId: 'sam.placeholder@example.com' },
  { name: 'Alex Sample', payId: '0491 570 110' },
  { name: 'Chris Example', payId: 'chris@example.org' },
] as const;
const NPP_REASONS = ['Dinner', 'Concert tickets', 'Birthday gift', 'Rent share', 'Footy tipping'];

let nppSeq = 0;
/** NPP extended data: who paid (incoming) or was paid (outgoing), with the X2P1 payload. */
function nppData(side: 'payer' | 'payee', label: string, description: string): Json {
  nppSeq += 1;
  return {
    [side]: label,
    extensionUType: 'nppPayload',
    nppPayload: {
      extendedDescription: description,
      endToEndId: `E2E-DEMO-${pad(nppSeq, 6)}`,
      purposeCode: nppSeq % 2 === 0 ? 'OTHR' : 'SALA',
      service: 'X2P1',
      serviceVersion: '03',
    },
  };
}

type TxKind = (at: Date) => BankingTx;

/** The kinds of the main account's everyday transactions, each with its sign and fields. */
const EVERYDAY_KINDS: Record<string, TxKind> = {
  card: (at) => {
    const merchant = txPick(CARD_SHOPS);
    return {
      type: 'PAYMENT',
      description: `Card purchase ${merchant[0]}`,
      amount: signedMoney(-txRng.randInt(350, 25000)),
      at,
      executedBefore: txRng.randInt(600, 2 * 86_400),
      currency: true,
      merchant,
    };
  },
  bpay: (at) => {
    const biller = txPick(BPAY_BILLERS);
    const crn = String(txRng.randInt(1_000_000_000, 9_999_999_999));
    return {
      type: 'PAYMENT',
      description: `BPAY ${biller.name}`,
      amount: signedMoney(-txRng.randInt(6000, 90000)),
      reference: `CRN ${crn}`,
      at,
      biller: { code: biller.code, name: biller.name, crn },
    };
  },
  directDebit: (at) => ({
    type: 'DIRECT_DEBIT',
    description: `Direct debit ${txPick(DEBIT_USERS)}`,
    amount: signedMoney(-txRng.randInt(2000, 30000)),
    reference: `DD ${txRng.randInt(100000, 999999)}`,
    at,
    apcaNumber: String(txRng.randInt(100000, 999999)),
  }),
  transferOut: (at) => ({
    type: 'TRANSFER_OUTGOING',
    description: 'Transfer to Goal saver',
    amount: signedMoney(-txRng.randInt(10000, 150000)),
    reference: 'Savings',
    at,
    valueDate: true,
  }),
  atm: (at) => ({
    type: 'OTHER',
    description: 'ATM withdrawal Exampleton',
    amount: signedMoney(-2000 * txRng.randInt(1, 20)),
    at,
  }),
  nppOut: (at) => {
    const friend = txPick(NPP_FRIENDS);
    const reason = txPick(NPP_REASONS);
    return {
      type: 'TRANSFER_OUTGOING',
      description: `Osko payment to ${friend.name}`,
      amount: signedMoney(-txRng.randInt(1000, 30000)),
      reference: reason,
      at,
      executedBefore: txRng.randInt(1, 30),
      extendedData: nppData('payee', friend.payId, `${reason}, thanks ${friend.name}`),
    };
  },
  nppIn: (at) => {
    const friend = txPick(NPP_FRIENDS);
    const reason = txPick(NPP_REASONS);
    return {
      type: 'TRANSFER_INCOMING',
      description: `Osko payment from ${friend.name}`,
      amount: signedMoney(txRng.randInt(1000, 30000)),
      reference: reason,
      at,
      executedBefore: txRng.randInt(1, 30),
      extendedData: nppData('payer', friend.name, `${reason} from ${friend.name}`),
    };
  },
  deposit: (at) => ({
    type: 'OTHER',
    description: 'Branch deposit Exampleton',
    amount: signedMoney(txRng.randInt(2000, 60000)),
    at,
    valueDate: true,
  }),
  interestCharged: (at) => ({
    type: 'INTEREST_CHARGED',
    description: 'Interest on overdrawn balance',
    amount: signedMoney(-txRng.randInt(5, 450)),
    at,
  }),
  refund: (at) => {
    const merchant = txPick(CARD_SHOPS);
    return {
      type: 'OTHER',
      description: `Card refund ${merchant[0]}`,
      amount: signedMoney(txRng.randInt(350, 8000)),
      at,
      currency: true,
      merchant,
    };
  },
};

/** Interleaved so that every stretch of the list holds several kinds. */
const EVERYDAY_PATTERN = [
  'card',
  'card',
  'bpay',
  'card',
  'directDebit',
  'transferOut',
  'card',
  'atm',
  'nppOut',
  'card',
  'nppIn',
  'deposit',
  'card',
  'interestCharged',
  'card',
  'directDebit',
  'refund',
];

/** The main account's window: about 18 months, both ends held exactly. */
const TX_START = utc(2025, 5, 21);
const TX_END = utc(2026, 11, 20, 23, 59, 59);

/** Monthly interest and fees, and the fortnightly salary, at fixed times of day. */
function recurringTransactions(): BankingTx[] {
  const out: BankingTx[] = [];
  for (let k = 0; k < 18; k++) {
    out.push({
      type: 'INTEREST_PAID',
      description: 'Interest credit',
      amount: signedMoney(txRng.randInt(150, 2400)),
      at: utc(2025, 6 + k, 0, 12),
      valueDate: true,
    });
    out.push({
      type: 'FEE',
      description: 'Monthly account fee',
      amount: '-5.00',
      at: utc(2025, 6 + k, 1, 3),
    });
  }
  for (let at = utc(2025, 5, 22, 1); at.getTime() <= TX_END.getTime(); at = addDays(at, 14)) {
    out.push({
      type: 'TRANSFER_INCOMING',
      description: 'Salary Example Employer Pty Ltd',
      amount: '3412.55',
      reference: `PAYROLL ${isoDate(at)}`,
      at,
      valueDate: true,
      apcaNumber: '301500',
    });
  }
  return out;
}

/**
 * `count` everyday transactions from TX_START to TX_END (both exactly), at distinct times none of
 * `taken` holds; the last `pending` are PENDING.
 */
function everydayTransactions(count: number, pending: number, taken: Set<number>): BankingTx[] {
  const span = Math.floor((TX_END.getTime() - TX_START.getTime()) / 1000);
  const step = Math.floor(span / (count - 1));
  const out: BankingTx[] = [];
  for (let i = 0; i < count; i++) {
    const jitter = txRng.randInt(-Math.floor(step / 3), Math.floor(step / 3));
    const offset = i === 0 ? 0 : i === count - 1 ? span : i * step + jitter;
    let ms = TX_START.getTime() + offset * 1000;
    while (taken.has(ms)) ms += i === count - 1 ? -1000 : 1000;
    taken.add(ms);
    const kind = EVERYDAY_KINDS[EVERYDAY_PATTERN[(i * 5 + 2) % EVERYDAY_PATTERN.length]];
    const tx = kind(new Date(ms));
    out.push(i >= count - pending ? { ...tx, pending: true, executedBefore: undefined } : tx);
  }
  return out;
}

/**
 * Written by hand: the words a text search finds ("holiday" in a description and in references,
 * in mixed case), ties of effective time (ordered by id), the amount edges -100.00 and 100.00,
 * a posted transaction executed the day before it was posted, and recent pending ones.
 */
function notableTransactions(): [string, BankingTx][] {
  const grocer = CARD_SHOPS[0];
  const cafe = CARD_SHOPS[1];
  return [
    [
      'h01',
      {
        type: 'TRANSFER_OUTGOING',
        description: 'Transfer to Holiday fund',
        amount: '-500.00',
        reference: 'Savings',
        at: utc(2026, 3, 14, 4),
      },
    ],
    [
      'h02',
      {
        type: 'TRANSFER_OUTGOING',
        description: 'Transfer to Goal saver',
        amount: '-250.00',
        reference: 'HOLIDAY top-up',
        at: utc(2026, 7, 2, 5, 15),
      },
    ],
    [
      'h03',
      {
        type: 'PAYMENT',
        description: 'Card purchase Demo Travel',
        amount: '-1840.00',
        reference: 'holiday booking 2026',
        at: utc(2025, 9, 9, 7, 45),
        merchant: ['Demo Travel', '4722'],
        currency: true,
      },
    ],
    [
      'h04',
      {
        type: 'TRANSFER_INCOMING',
        description: 'Osko payment from John Citizen',
        amount: '320.00',
        reference: 'Holiday house share',
        at: utc(2026, 10, 28, 8, 20),
        executedBefore: 4,
        extendedData: nppData('payer', 'John Citizen', 'Holiday house share for October'),
      },
    ],
    [
      'h06',
      {
        type: 'PAYMENT',
        description: `Card purchase ${cafe[0]}`,
        amount: '-4.50',
        at: utc(2026, 10, 15, 9, 30),
        merchant: cafe,
      },
    ],
    [
      'h05',
      {
        type: 'PAYMENT',
        description: `Card purchase ${grocer[0]}`,
        amount: '-86.15',
        at: utc(2026, 10, 15, 9, 30),
        merchant: grocer,
      },
    ],
    [
      'h08',
      {
        type: 'PAYMENT',
        description: `Card purchase ${grocer[0]}`,
        amount: '-23.40',
        at: utc(2026, 11, 19, 18),
        merchant: grocer,
      },
    ],
    [
      'h07',
      {
        type: 'PAYMENT',
        description: `Card purchase ${cafe[0]}`,
        amount: '-6.20',
        at: utc(2026, 11, 19, 18),
        merchant: cafe,
        pending: true,
      },
    ],
    [
      'h09',
      {
        type: 'OTHER',
        description: 'Cash deposit Exampleton',
        amount: '100.00',
        at: utc(2026, 2, 3, 23, 10),
      },
    ],
    [
      'h10',
      {
        type: 'PAYMENT',
        description: 'Card purchase Placeholder Pharmacy',
        amount: '-100.00',
        at: utc(2026, 5, 6, 2, 40),
        merchant: CARD_SHOPS[3],
      },
    ],
    [
      'h11',
      {
        type: 'PAYMENT',
        description: 'Card purchase Test Books',
        amount: '-42.00',
        at: utc(2025, 12, 1),
        executedBefore: 6600,
        merchant: CARD_SHOPS[4],
      },
    ],
    [
      'h12',
      {
        type: 'TRANSFER_OUTGOING',
        description: 'Osko payment to Sam Placeholder',
        amount: '-35.00',
        reference: 'Footy tipping',
        at: utc(2026, 11, 20, 10),
        pending: true,
        extendedData: nppData('payee', NPP_FRIENDS[0].payId, 'Footy tipping, thanks Sam'),
      },
    ],
    [
      'h13',
      {
        type: 'PAYMENT',
        description: 'Card purchase Demo Fuel',
        amount: '-71.90',
        at: utc(2026, 11, 18, 12),
        merchant: CARD_SHOPS[2],
        currency: true,
        pending: true,
      },
    ],
  ];
}

/** c-1001's everyday account: recurring, everyday and notable transactions, in shuffled order. */
function mainAccountTransactions(): Json[] {
  const recurring = recurringTransactions();
  const notable = notableTransactions();
  const taken = new Set([...recurring, ...notable.map(([, t]) => t)].map((t) => t.at.getTime()));
  const bulk = [...recurring, ...everydayTransactions(120, 2, taken)].sort(
    (a, b) => a.at.getTime() - b.at.getTime(),
  );
  const records = [
    ...bulk.map((t, i) => bankingTransaction(`btx-100101-${pad(i + 1, 4)}`, t)),
    ...notable.map(([id, t]) => bankingTransaction(`btx-100101-${id}`, t)),
  ];
  return txShuffle(records);
}

/** A few transactions of another account, by hand, ids numbered in the given order. */
function fewTransactions(tag: string, txs: BankingTx[]): Json[] {
  return txs.map((t, i) => bankingTransaction(`btx-${tag}-${pad(i + 1, 4)}`, t));
}

/** Every other account's transactions, keyed by account id. */
function otherAccountTransactions(): Record<string, Json[]> {
  const shop = (n: number) => CARD_SHOPS[n % CARD_SHOPS.length];
  const purchase = (n: number, cents: number, at: Date, pending = false): BankingTx => ({
    type: 'PAYMENT',
    description: `Card purchase ${shop(n)[0]}`,
    amount: signedMoney(-cents),
    at,
    merchant: shop(n),
    pending,
  });
  const payment = (text: string, amount: string, at: Date, reference = ''): BankingTx => ({
    type: 'TRANSFER_INCOMING',
    description: text,
    amount,
    reference,
    at,
    valueDate: true,
  });
  return {
    'acc-b-1001-02': fewTransactions('100102', [
      purchase(0, 15230, utc(2026, 9, 3, 6, 12)),
      purchase(1, 1250, utc(2026, 9, 18, 22, 5)),
      { type: 'FEE', description: 'Annual card fee', amount: '-99.00', at: utc(2026, 10, 1, 2) },
      payment('Card repayment from Everyday Plus', '2000.00', utc(2026, 10, 5, 4), 'Repayment'),
      purchase(2, 6840, utc(2026, 10, 11, 3, 41)),
      {
        type: 'INTEREST_CHARGED',
        description: 'Purchase interest',
        amount: '-38.12',
        at: utc(2026, 10, 31, 13),
      },
      purchase(3, 2199, utc(2026, 11, 14, 9, 2)),
      purchase(4, 4595, utc(2026, 11, 19, 10, 15), true),
      purchase(0, 11870, utc(2026, 11, 20, 8, 30), true),
    ]),
    'acc-b-1001-03': fewTransactions('100103', [
      ...[7, 8, 9, 10, 11].flatMap((m): BankingTx[] => [
        payment('Loan repayment', '2890.55', utc(2026, m, 20, 1), `HOME LOAN 2026-${pad(m)}`),
        {
          type: 'INTEREST_CHARGED',
          description: 'Loan interest',
          amount: signedMoney(-txRng.randInt(205000, 215000)),
          at: utc(2026, m, 28, 13),
        },
      ]),
    ]),
    'acc-b-1001-05': fewTransactions('100105', [
      {
        type: 'TRANSFER_INCOMING',
        description: 'Osko payment from John Citizen',
        amount: '600.00',
        reference: 'Household',
        at: utc(2026, 10, 1, 7),
        executedBefore: 3,
        extendedData: nppData('payer', 'John Citizen', 'Household money for October'),
      },
      {
        type: 'DIRECT_DEBIT',
        description: 'Direct debit Example Energy Retail',
        amount: '-212.35',
        reference: 'DD 480213',
        at: utc(2026, 10, 9, 3),
      },
      purchase(0, 18744, utc(2026, 10, 17, 5, 55)),
      {
        type: 'TRANSFER_INCOMING',
        description: 'Osko payment from John Citizen',
        amount: '600.00',
        reference: 'Household',
        at: utc(2026, 11, 1, 7),
        executedBefore: 3,
        extendedData: nppData('payer', 'John Citizen', 'Household money for November'),
      },
      {
        type: 'PAYMENT',
        description: 'BPAY Test Water Utility',
        amount: '-148.20',
        reference: 'CRN 4000123456',
        at: utc(2026, 11, 6, 2),
        biller: { code: '23796', name: 'Test Water Utility', crn: '4000123456' },
      },
      purchase(0, 9310, utc(2026, 11, 16, 6, 20)),
      purchase(1, 1480, utc(2026, 11, 20, 9), true),
    ]),
    'acc-b-1002-01': fewTransactions('100201', [
      payment('Salary Sample Workshop Pty Ltd', '2980.10', utc(2026, 10, 15, 1), 'PAYROLL'),
      {
        type: 'TRANSFER_OUTGOING',
        description: 'Osko payment to Jane Citizen',
        amount: '-600.00',
        reference: 'Household',
        at: utc(2026, 10, 1, 7),
        executedBefore: 3,
        extendedData: nppData('payee', 'jane.citizen@example.com', 'Household money for October'),
      },
      purchase(2, 7260, utc(2026, 10, 22, 7, 10)),
      { type: 'FEE', description: 'Monthly account fee', amount: '-5.00', at: utc(2026, 11, 1, 3) },
      payment('Salary Sample Workshop Pty Ltd', '2980.10', utc(2026, 11, 12, 1), 'PAYROLL'),
      purchase(4, 3315, utc(2026, 11, 19, 21, 45), true),
    ]),
    'acc-b-2001-01': fewTransactions('200101', [
      purchase(0, 4210, utc(2026, 10, 3, 8, 30)),
      purchase(0, 1895, utc(2026, 10, 17, 8, 30)),
      payment('Transfer from Rent savings', '150.00', utc(2026, 11, 2, 0, 5)),
    ]),
    'acc-b-2001-02': fewTransactions('200102', [
      {
        type: 'TRANSFER_OUTGOING',
        description: 'Transfer to Everyday Basic',
        amount: '-150.00',
        at: utc(2026, 11, 2, 0, 5),
      },
      payment('Rent savings deposit', '300.00', utc(2026, 10, 1, 0, 5)),
    ]),
    'acc-b-2001-03': fewTransactions('200103', [
      payment('Travel savings deposit', '450.00', utc(2026, 10, 1, 0, 5)),
      {
        type: 'INTEREST_PAID',
        description: 'Interest credit',
        amount: '0.37',
        at: utc(2026, 10, 31, 12),
      },
    ]),
    'acc-b-2002-01': fewTransactions('200201', [
      purchase(0, 2975, utc(2026, 10, 12, 8, 30)),
      payment('Salary Example Employer Pty Ltd', '1200.00', utc(2026, 10, 30, 1)),
    ]),
    'acc-b-3001-01': fewTransactions('300101', [
      payment('Invoice 1042 Sample Client Pty Ltd', '8800.00', utc(2026, 10, 6, 2), 'INV-1042'),
      {
        type: 'PAYMENT',
        description: 'BPAY Mock Council Rates',
        amount: '-1310.00',
        reference: 'CRN 7700100300',
        at: utc(2026, 10, 20, 1),
        biller: { code: '77001', name: 'Mock Council Rates', crn: '7700100300' },
      },
      {
        type: 'FEE',
        description: 'Business account fee',
        amount: '-12.00',
        at: utc(2026, 11, 1, 3),
      },
    ]),
  };
}

/** Energy balances: owed (positive), zero on the closed account, in credit (negative) with solar. */
const ENERGY_BALANCES: Record<string, string> = {
  'acc-e-1001-01': '-132.45',
  'acc-e-1001-02': '0.00',
  'acc-e-1001-03': '187.60',
  'acc-e-1002-01': '96.20',
  'acc-e-2001-01': '54.10',
  'acc-e-2001-02': '210.00',
};

/**
 * FDX payment networks: FDX names North American networks only, so an Australian account has
 * none; the demo's everyday account is given a US and Canadian presence (as for its asset
 * transfer networks) so that paging is seen. The closed and restricted accounts hold one each.
 */
const PAYMENT_NETWORKS: Record<string, Json[]> = {
  'acc-b-1001-01': [
    {
      bankId: '110000000',
      identifier: '000123456789',
      type: 'US_ACH',
      transferIn: true,
      transferOut: true,
    },
    {
      bankId: '110000000',
      identifier: '000123456789',
      type: 'US_FEDWIRE',
      transferIn: true,
      transferOut: false,
    },
    {
      bankId: '110000000',
      identifier: '000123456789',
      type: 'US_RTP',
      transferIn: true,
      transferOut: true,
    },
    {
      bankId: '110000000',
      identifier: '000123456789',
      type: 'US_FEDNOW',
      transferIn: true,
      transferOut: false,
    },
    {
      bankId: '099912345',
      identifier: '7700123456',
      type: 'CA_ACSS',
      transferIn: true,
      transferOut: true,
    },
  ],
  'acc-b-1001-07': [
    {
      bankId: '110000000',
      identifier: '000123450007',
      type: 'US_ACH',
      transferIn: true,
      transferOut: true,
    },
  ],
  'acc-b-1001-08': [
    {
      bankId: '110000000',
      identifier: '000123450008',
      type: 'US_ACH',
      transferIn: true,
      transferOut: true,
    },
  ],
};

/** Adds the banking transactions, energy balances, payment networks and the FDX views they need. */
function addTransactionEndpointData(data: Json): void {
  const customers = data.customers as Json[];
  const banking = new Map(
    customers.flatMap((c) => (c.bankingAccounts as Json[]).map((a) => [String(a.accountId), a])),
  );
  const energy = customers.flatMap((c) => c.energyAccounts as Json[]);
  banking.get('acc-b-1001-01')!.transactions = mainAccountTransactions();
  for (const [id, txs] of Object.entries(otherAccountTransactions())) {
    banking.get(id)!.transactions = txShuffle(txs);
  }
  for (const a of energy) {
    const balance = ENERGY_BALANCES[String(a.accountId)];
    if (balance !== undefined) a.balance = balance;
  }
  for (const [id, networks] of Object.entries(PAYMENT_NETWORKS)) {
    (banking.get(id)!.fdx as Json).paymentNetworks = networks;
  }
  // The joint account's FDX view, for the contact of a joint account. Its seeded draws are the
  // last of the shared generator's.
  banking.get('acc-b-1001-05')!.fdx = {
    status: 'OPEN',
    transactions: fdxTransactions('b100105', 12, utc(2026, 3, 1, 2), utc(2026, 11, 1, 2), 0),
    statements: fdxStatements('b100105', 'Joint household account', [8, 9, 10], false),
    assetTransferNetworks: [],
  };
  // The home loan's FDX view, so that an FDX loan's details are served: its monthly repayments
  // and interest charges. Its draws (the statement order) come after every other.
  banking.get('acc-b-1001-03')!.fdx = {
    status: 'OPEN',
    transactions: shuffle(homeLoanFdxTransactions()),
    statements: fdxStatements('b100103', 'Standard Variable Home Loan', [8, 9, 10], false),
  };
}

/** The home loan's FDX transactions: a repayment on the 20th and interest on the 1st, 2026. */
function homeLoanFdxTransactions(): Json[] {
  const out: Json[] = [];
  for (let m = 1; m <= 11; m++) {
    const repaid = utc(2026, m, 20, 3, 15);
    const charged = utc(2026, m, 1, 2, 0);
    out.push({
      accountCategory: 'LOAN_ACCOUNT',
      transactionType: 'PAYMENT',
      transactionId: `fdx-b100103-${pad(m)}-pay`,
      postedTimestamp: repaid.toISOString().replace('.000Z', 'Z'),
      transactionTimestamp: repaid.toISOString().replace('.000Z', 'Z'),
      description: 'Loan repayment',
      debitCreditMemo: 'CREDIT',
      status: 'POSTED',
      amount: 2890.55,
    });
    out.push({
      accountCategory: 'LOAN_ACCOUNT',
      transactionType: 'INTEREST',
      transactionId: `fdx-b100103-${pad(m)}-int`,
      postedTimestamp: charged.toISOString().replace('.000Z', 'Z'),
      transactionTimestamp: charged.toISOString().replace('.000Z', 'Z'),
      description: 'Interest charged',
      debitCreditMemo: 'DEBIT',
      status: 'POSTED',
      amount: cents(2100 - m * 3.17),
    });
  }
  return out;
}

/** Builds the whole data set. */
export function buildDemoData(): Json {
  const janePayees = payees(32, '1001');
  const johnPayees = payees(3, '1002');
  const data: { customers: Json[]; products: Json[] } = {
    customers: [
      {
        customerId: JANE.customerId,
        detail: customerDetail(JANE),
        payees: janePayees,
        bankingAccounts: janeBankingAccounts(janePayees),
        energyAccounts: janeEnergyAccounts(),
      },
      {
        customerId: JOHN.customerId,
        detail: customerDetail(JOHN),
        payees: johnPayees,
        bankingAccounts: johnBankingAccounts(johnPayees),
        energyAccounts: johnEnergyAccounts(),
      },
      {
        customerId: SAM.customerId,
        detail: customerDetail(SAM),
        payees: [],
        bankingAccounts: [],
        energyAccounts: [],
      },
    ],
    products: products(),
  };
  // Last: the seeded draws of everything built before stay as they were.
  data.customers.push(...sharingRefusalCustomers());
  const built = withConsentFlowCustomers(data);
  addTransactionEndpointData(built);
  return built;
}

if (require.main === module) {
  const data = buildDemoData();
  fs.mkdirSync(path.dirname(SAMPLE_PATH), { recursive: true });
  fs.writeFileSync(SAMPLE_PATH, `${JSON.stringify(data, null, 2)}\n`);
  const size = fs.statSync(SAMPLE_PATH).size;
  console.log(`wrote ${path.relative(process.cwd(), SAMPLE_PATH)} (${size} bytes)`);
}
