/**
 * Payment instructions of the data set: beneficiaries (domestic by BSB and account number, within
 * the bank, international by IBAN and BIC, a BPAY biller), standing orders at every frequency
 * Transact's recurrence rules express (daily, weekly, fortnightly, monthly, yearly) and direct
 * debits, each with the plan its booked entries are generated from.
 */
import type { TemenosTransactionCode } from './catalogue';
import type { SimBeneficiary, SimDirectDebit, SimStandingOrder } from './dataset';
import { ACCOUNTS, BUSINESS_DATE } from './gen-accounts';
import { CHARLOTTE, LIAM, WATTLE_CREEK } from './gen-customers';
import type { IdSource } from './gen-ledger';
import { nextAfter, type Recurrence, t24Rule } from './recurrence';

export interface StandingOrderPlan {
  order: SimStandingOrder;
  recurrence: Recurrence;
  code: TemenosTransactionCode;
}

export interface DirectDebitPlan {
  debit: SimDirectDebit;
  recurrence: Recurrence;
  /** Each collection's amount in cents lies in this range. */
  range: [number, number];
}

type BeneficiaryPlan = Omit<SimBeneficiary, 'beneficiaryId'>;

const BENEFICIARIES: BeneficiaryPlan[] = [
  {
    customerId: CHARLOTTE,
    nickName: 'Rent',
    name: 'Harbour Realty',
    product: 'DOMESTIC',
    accountId: '556677889',
    bsb: '082001',
    bankName: 'National Bank',
    currency: 'AUD',
    country: 'AU',
    createdAt: '2023-01-20',
  },
  {
    customerId: CHARLOTTE,
    nickName: 'Liam savings',
    name: 'Liam Wilson',
    product: 'INTERNAL',
    accountId: ACCOUNTS.liamSavings,
    bsb: '012345',
    beneficiaryCustomerId: LIAM,
    currency: 'AUD',
    country: 'AU',
    createdAt: '2024-02-14',
  },
  {
    customerId: CHARLOTTE,
    nickName: 'Mum UK',
    name: 'Margaret Wilson',
    product: 'SWIFT',
    iban: 'GB29NWBK60161331926819',
    bic: 'NWBKGB2LXXX',
    bankName: 'National Westminster Bank',
    currency: 'GBP',
    country: 'GB',
    address: {
      street: '14 Elm Grove',
      city: 'London',
      postCode: 'SW19 4HE',
      countryName: 'United Kingdom',
    },
    createdAt: '2021-06-10',
  },
  {
    customerId: CHARLOTTE,
    nickName: 'Water bill',
    name: 'Sydney Water',
    product: 'BPAY',
    accountId: '75556',
    reference: '4471203001',
    currency: 'AUD',
    country: 'AU',
    createdAt: '2022-03-01',
  },
  {
    customerId: LIAM,
    nickName: 'Family trust',
    name: 'Wilson Family Trust',
    product: 'DOMESTIC',
    accountId: '154839201',
    bsb: '633000',
    bankName: 'Regional Bank',
    currency: 'AUD',
    country: 'AU',
    createdAt: '2024-03-01',
  },
  {
    customerId: WATTLE_CREEK,
    nickName: 'Golden Grain',
    name: 'Golden Grain Mills',
    product: 'DOMESTIC',
    accountId: '771234',
    bsb: '034002',
    bankName: 'Western Bank',
    currency: 'AUD',
    country: 'AU',
    createdAt: '2022-06-01',
  },
  {
    customerId: WATTLE_CREEK,
    nickName: 'Moulin',
    name: 'Moulin de Provence',
    product: 'SWIFT',
    iban: 'FR7630006000011234567890189',
    bic: 'AGRIFRPPXXX',
    bankName: 'Credit Agricole',
    currency: 'EUR',
    country: 'FR',
    address: {
      street: '3 Rue des Moulins',
      city: 'Avignon',
      postCode: '84000',
      countryName: 'France',
    },
    createdAt: '2023-04-11',
  },
];

export function beneficiaries(ids: IdSource): SimBeneficiary[] {
  return BENEFICIARIES.map((b) => ({ beneficiaryId: ids.reference('BEN', b.createdAt), ...b }));
}

/** The beneficiary a customer calls by `nickName`. */
function named(all: SimBeneficiary[], customerId: string, nickName: string): SimBeneficiary {
  const found = all.find((b) => b.customerId === customerId && b.nickName === nickName);
  if (!found) throw new Error(`no beneficiary ${nickName} of ${customerId}`);
  return found;
}

interface OrderSpec {
  id: string;
  amount: string;
  recurrence: Recurrence;
  startDate: string;
  endDate?: string;
  product: SimStandingOrder['product'];
  description: string;
  payee: SimStandingOrder['payee'];
  beneficiaryId?: string;
  code?: TemenosTransactionCode;
}

function order(spec: OrderSpec): StandingOrderPlan {
  const { id, recurrence, code, ...rest } = spec;
  return {
    order: {
      ...rest,
      standingOrderId: id,
      accountId: id.split('.')[0]!,
      currency: 'AUD',
      rule: t24Rule(recurrence),
      nextDate: nextAfter(recurrence, spec.startDate, BUSINESS_DATE),
    },
    recurrence,
    code: code ?? '250',
  };
}

export function standingOrders(all: SimBeneficiary[]): StandingOrderPlan[] {
  const rent = named(all, CHARLOTTE, 'Rent');
  const mum = named(all, CHARLOTTE, 'Mum UK');
  const trust = named(all, LIAM, 'Family trust');
  return [
    order({
      id: `${ACCOUNTS.charlotteCurrent}.1`,
      amount: '2100.00',
      recurrence: { every: 'month', day: 1 },
      startDate: '2023-02-01',
      product: 'DOMESTIC',
      description: 'Rent',
      payee: { name: rent.name, accountId: rent.accountId, bsb: rent.bsb },
      beneficiaryId: rent.beneficiaryId,
    }),
    order({
      id: `${ACCOUNTS.charlotteCurrent}.2`,
      amount: '200.00',
      recurrence: { every: 'fortnight' },
      startDate: '2025-10-03',
      product: 'INTERNAL',
      description: 'Savings',
      payee: { name: 'Charlotte Wilson', accountId: ACCOUNTS.charlotteSavings, bsb: '012345' },
      code: '201',
    }),
    order({
      id: `${ACCOUNTS.charlotteCurrent}.3`,
      amount: '500.00',
      recurrence: { every: 'year', day: 1 },
      startDate: '2021-07-01',
      product: 'SWIFT',
      description: 'Birthday gift',
      payee: { name: mum.name, iban: mum.iban, bic: mum.bic },
      beneficiaryId: mum.beneficiaryId,
    }),
    order({
      id: `${ACCOUNTS.joint}.1`,
      amount: '150.00',
      recurrence: { every: 'week' },
      startDate: '2025-10-06',
      product: 'DOMESTIC',
      description: 'Childcare',
      payee: { name: 'Little Steps Early Learning', accountId: '390112', bsb: '062184' },
    }),
    order({
      id: `${ACCOUNTS.liamSavings}.1`,
      amount: '300.00',
      recurrence: { every: 'month', day: 15 },
      startDate: '2024-03-15',
      endDate: '2027-03-15',
      product: 'DOMESTIC',
      description: 'Trust contribution',
      payee: { name: trust.name, accountId: trust.accountId, bsb: trust.bsb },
      beneficiaryId: trust.beneficiaryId,
    }),
    order({
      id: `${ACCOUNTS.bakeryCurrent}.1`,
      amount: '25.00',
      recurrence: { every: 'day' },
      startDate: '2026-10-01',
      product: 'DOMESTIC',
      description: 'Till float',
      payee: { name: 'Wattle Creek Bakery Till', accountId: '88001234', bsb: '082002' },
    }),
  ];
}

interface DebitSpec {
  id: string;
  accountId: string;
  /** The mandate's number among the account's. */
  sequence: number;
  creditor: [name: string, creditorId: string, bsb: string, accountId: string, address: string];
  mandateReference: string;
  recurrence: Recurrence & { day: number };
  isoFrequency: string;
  startDate: string;
  range: [number, number];
}

function debit(spec: DebitSpec): DirectDebitPlan {
  const [creditorName, creditorId, creditorBsb, creditorAccountId, creditorAddress] = spec.creditor;
  const { id, accountId, mandateReference, recurrence, isoFrequency, startDate, range } = spec;
  return {
    debit: {
      directDebitId: id,
      accountId,
      creditorName,
      creditorId,
      creditorBsb,
      creditorAccountId,
      creditorAddress,
      mandateReference,
      ddReference: `${accountId}.${spec.sequence}`,
      amount: '0.00', // the last collection's, set when booked
      currency: 'AUD',
      rule: t24Rule(recurrence),
      isoFrequency,
      startDate,
      signedDate: startDate,
      lastCollection: startDate,
      nextDate: nextAfter(recurrence, startDate, BUSINESS_DATE),
      collections: 0,
      status: 'ACTIVE',
    },
    recurrence,
    range,
  };
}

export function directDebits(): DirectDebitPlan[] {
  const current = ACCOUNTS.charlotteCurrent;
  return [
    debit({
      id: 'DDI2300100001',
      accountId: current,
      sequence: 1,
      creditor: ['Origin Energy', '123456', '032000', '20011234', '180 George Street Sydney'],
      mandateReference: 'ORIGIN-4471203',
      recurrence: { every: 'quarter', day: 8 },
      isoFrequency: 'QURT',
      startDate: '2023-02-08',
      range: [28_000, 42_000],
    }),
    debit({
      id: 'DDI2300100002',
      accountId: current,
      sequence: 2,
      creditor: ['Telstra', '234567', '083004', '30022345', '242 Exhibition Street Melbourne'],
      mandateReference: 'TEL-88120045',
      recurrence: { every: 'month', day: 6 },
      isoFrequency: 'MNTH',
      startDate: '2023-03-06',
      range: [8_900, 8_900],
    }),
    debit({
      id: 'DDI2400100003',
      accountId: current,
      sequence: 3,
      creditor: ['Fitness First', '345678', '062000', '40033456', '1 Bligh Street Sydney'],
      mandateReference: 'FF-MEM-20931',
      recurrence: { every: 'month', day: 5 },
      isoFrequency: 'MNTH',
      startDate: '2024-01-05',
      range: [6_495, 6_495],
    }),
    debit({
      id: 'DDI2400100004',
      accountId: ACCOUNTS.joint,
      sequence: 1,
      creditor: ['HCF Health', '456789', '012003', '50044567', '403 George Street Sydney'],
      mandateReference: 'HCF-7730021',
      recurrence: { every: 'month', day: 3 },
      isoFrequency: 'MNTH',
      startDate: '2024-03-03',
      range: [21_240, 21_240],
    }),
  ];
}
