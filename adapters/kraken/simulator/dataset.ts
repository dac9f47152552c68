/**
 * The Kraken simulator's data set, generated from a seed (the same on every run): account users,
 * their accounts, properties, meter points, agreements, products with rates, monthly statements
 * and concession cards, in Kraken's shapes (integer cents, `Decimal` cents per unit as text,
 * Australian local date-times).
 *
 * The people line up with the demo's energy customers and the Fineract simulator's clients: a
 * customer id names one person in both simulators, with the same name and email address, or is
 * absent from one of them. Gateway customer `1` (Jane Citizen) has energy accounts here and
 * banking accounts in the Fineract simulator; customer `2` (John Smith) is an account user
 * without energy accounts (banking only); customer `3` (Alex Nguyen) has energy accounts only.
 * Customers `6` and `7` are refusals to share (docs/kraken.md), ids the Fineract simulator does
 * not use (its `4` and `5` are its own refusal and business customers): `7` is flagged for family
 * issues, `6` holds an account in a family violence hardship agreement beside one that may be
 * shared. Balances: customer 1's accounts owe what their last statements left unpaid, customer
 * 3's business paid ahead and is in credit.
 */
import { seededRandom, type SeededRandom } from '@data-holder-gateway/adapter-sdk';

export interface SimRate {
  __typename: 'ElectricityRateType' | 'GasRateType';
  pricePerUnit: string;
  bandCategory: string;
  unitType: string;
  rateDescription: string;
  validFrom: string;
  validTo: string | null;
  isControlledLoad?: boolean;
  isSolar?: boolean;
}

export interface SimProduct {
  code: string;
  displayName: string;
  fullName: string;
  marketName: 'AUS_ELECTRICITY' | 'AUS_GAS';
  isVariable: boolean;
  rates: SimRate[];
}

export interface SimAgreement {
  id: number;
  validFrom: string;
  validTo: string | null;
  isRevoked: boolean;
  productCode: string;
}

export interface SimMeterPoint {
  id: number;
  identifier: string;
  supplyType: 'ELECTRICITY' | 'GAS';
  agreements: SimAgreement[];
}

export interface SimProperty {
  id: string;
  address: string;
  postcode: string;
  meterPoints: SimMeterPoint[];
}

export interface SimTotals {
  netTotal: number;
  taxTotal: number;
  grossTotal: number;
}

export interface SimBill {
  id: string;
  billType: 'STATEMENT' | 'INVOICE';
  issuedDate: string;
  fromDate: string;
  toDate: string;
  paymentDueDate: string;
  openingBalance: number;
  closingBalance: number;
  totalCharges: SimTotals;
  totalCredits: SimTotals;
}

export interface SimAccount {
  number: string;
  status: 'ACTIVE' | 'DORMANT' | 'VOID' | 'PENDING';
  accountType: 'DOMESTIC' | 'BUSINESS';
  createdAt: string;
  properties: SimProperty[];
  /** Newest first, as Kraken lists them by default. */
  bills: SimBill[];
  /**
   * The account balance in integer cents as Kraken counts it: positive in credit, negative owed
   * (the newest statement's closing balance, unless the account paid since).
   */
  balance: number;
  /** Active hardship agreements; default none. */
  activeHardshipAgreements?: { hardshipType: string }[];
}

export interface SimConcession {
  id: string;
  number: string;
  cardType: string;
  cardLabel: string | null;
  cardIssueDate: string;
  cardExpiryDate: string;
  isCurrent: boolean;
  removalDate: string | null;
}

export interface SimAccountUser {
  id: string;
  number: string;
  title: string;
  givenName: string;
  familyName: string;
  email: string;
  mobile: string;
  landline: string;
  lastUpdatedAt: string;
  address: {
    streetAddress: string;
    dependentLocality: string;
    locality: string;
    administrativeArea: string;
    postalCode: string;
    country: string;
  };
  /** Accounts held through the user's portfolio role. */
  accountNumbers: string[];
  /** Accounts the user may act for through an account role (not their own portfolio's). */
  accountRoles: { accountNumber: string; role: string }[];
  concessions: SimConcession[];
  /** Kraken's family and domestic violence flag; default false. */
  hasFamilyIssues?: boolean;
}

export interface KrakenDataset {
  users: SimAccountUser[];
  accounts: Record<string, SimAccount>;
  products: Record<string, SimProduct>;
  /** Gateway customer id → account user id: what `KRAKEN_CUSTOMERS` should say. */
  customers: Record<string, string>;
}

export const DEFAULT_SEED = 20261124;
/** The last day the generated statements reach. */
export const DATA_UNTIL = '2026-11-05';

const pad = (n: number) => String(n).padStart(2, '0');
const monthDay = (year: number, month: number, day: number) => {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

function rate(
  fuel: 'ELECTRICITY' | 'GAS',
  band: string,
  unitType: string,
  cents: string,
  description: string,
  extra: Partial<SimRate> = {},
): SimRate {
  return {
    __typename: fuel === 'ELECTRICITY' ? 'ElectricityRateType' : 'GasRateType',
    pricePerUnit: cents,
    bandCategory: band,
    unitType,
    rateDescription: description,
    validFrom: '2025-07-01T00:00:00+10:00',
    validTo: null,
    ...extra,
  };
}

function products(): Record<string, SimProduct> {
  const list: SimProduct[] = [
    {
      code: 'ORG-GO-VAR-E',
      displayName: 'Origin Go Variable',
      fullName: 'Origin Go Variable (electricity)',
      marketName: 'AUS_ELECTRICITY',
      isVariable: true,
      rates: [
        rate('ELECTRICITY', 'STANDING_CHARGE', 'DAYS_ON_SUPPLY', '104.50', 'Daily supply'),
        rate('ELECTRICITY', 'CONSUMPTION_CHARGE', 'KWH_CONSUMPTION', '31.2', 'General usage'),
        rate(
          'ELECTRICITY',
          'CONSUMPTION_CHARGE',
          'KWH_CONSUMPTION',
          '18.20',
          'Off-peak hot water',
          {
            isControlledLoad: true,
          },
        ),
        rate('ELECTRICITY', 'GENERATION_CREDIT', 'KWH_CONSUMPTION', '7.00', 'Solar feed-in', {
          isSolar: true,
        }),
        rate('ELECTRICITY', 'CONSUMPTION_CHARGE', 'KWH_CONSUMPTION', '29.90', 'General usage', {
          validFrom: '2024-07-01T00:00:00+10:00',
          validTo: '2025-07-01T00:00:00+10:00',
        }),
      ],
    },
    {
      code: 'ORG-FIX-24-E',
      displayName: 'Origin Fixed 24',
      fullName: 'Origin Fixed 24 months (electricity)',
      marketName: 'AUS_ELECTRICITY',
      isVariable: false,
      rates: [
        rate('ELECTRICITY', 'STANDING_CHARGE', 'DAYS_ON_SUPPLY', '98.765', 'Daily supply'),
        rate('ELECTRICITY', 'CONSUMPTION_CHARGE', 'KWH_CONSUMPTION', '29.0815', 'General usage'),
        rate('ELECTRICITY', 'DEMAND_CHARGE', 'KW_DEMAND', '12.5', 'Peak demand'),
      ],
    },
    {
      code: 'ORG-GAS-VAR',
      displayName: 'Origin Gas Variable',
      fullName: 'Origin Gas Variable',
      marketName: 'AUS_GAS',
      isVariable: true,
      rates: [
        rate('GAS', 'STANDING_CHARGE', 'DAYS_ON_SUPPLY', '75.90', 'Daily supply'),
        rate('GAS', 'CONSUMPTION_CHARGE', 'MEGAJOULES_CONSUMPTION', '3.85', 'Gas usage'),
      ],
    },
  ];
  return Object.fromEntries(list.map((p) => [p.code, p]));
}

/** Monthly statements from the month after `from` to {@link DATA_UNTIL}, newest first. */
function statements(random: SeededRandom, prefix: string, from: string, until = DATA_UNTIL) {
  const bills: SimBill[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7)) + 1;
  let balance = 0;
  for (let n = 1; ; n += 1) {
    if (month > 12) [year, month] = [year + 1, 1];
    const issued = monthDay(year, month, 5);
    if (issued > until) break;
    const gross = random.randInt(4000, 45000) + (n % 7 === 0 ? -random.randInt(0, 99) : 0);
    const tax = Math.round(gross / 11);
    const paid = issued < '2026-10-01' ? gross - balance : random.randInt(0, gross);
    const opening = balance;
    balance = opening - gross + paid;
    bills.push({
      id: `${prefix}${String(n).padStart(4, '0')}`,
      billType: 'STATEMENT',
      issuedDate: issued,
      fromDate: monthDay(year, month - 1, 5),
      toDate: monthDay(year, month, 4),
      paymentDueDate: monthDay(year, month, 19),
      openingBalance: opening,
      closingBalance: balance,
      totalCharges: { netTotal: gross - tax, taxTotal: tax, grossTotal: gross },
      totalCredits: { netTotal: paid, taxTotal: 0, grossTotal: paid },
    });
    month += 1;
  }
  return bills.reverse();
}

/**
 * The statements and the balance they leave: the newest one's closing balance, or `paidAhead`
 * cents in credit for an account that paid it and that much more since.
 */
function billed(
  random: SeededRandom,
  prefix: string,
  from: string,
  until = DATA_UNTIL,
  paidAhead?: number,
) {
  const bills = statements(random, prefix, from, until);
  return { bills, balance: paidAhead ?? bills[0]?.closingBalance ?? 0 };
}

function accountNumber(random: SeededRandom): string {
  return `A-${random.randInt(0, 0xffffffff).toString(16).toUpperCase().padStart(8, '0')}`;
}

/** Kraken's meter point ids are its own 32-bit integers; the identifier is the NMI or MIRN. */
function meterPoint(
  id: number,
  identifier: string,
  supplyType: 'ELECTRICITY' | 'GAS',
  agreements: SimAgreement[],
): SimMeterPoint {
  return { id, identifier, supplyType, agreements };
}

interface AccountNumbers {
  home: string;
  dual: string;
  old: string;
  voided: string;
  cafe: string;
}

function agreement(id: number, from: string, to: string | null, productCode: string): SimAgreement {
  return {
    id,
    validFrom: `${from}T00:00:00+11:00`,
    validTo: to && `${to}T00:00:00+11:00`,
    isRevoked: false,
    productCode,
  };
}

/** The accounts: customer 1's home, dual-fuel, closed and void ones; customer 3's business. */
function accountsOf(n: AccountNumbers, random: SeededRandom): SimAccount[] {
  const { home, dual, old, voided, cafe } = n;
  const accounts: SimAccount[] = [
    {
      number: home,
      status: 'ACTIVE',
      accountType: 'DOMESTIC',
      createdAt: '2022-11-20T09:30:00+11:00',
      properties: [
        {
          id: '700101',
          address: '1 Sample Street, Exampleton NSW',
          postcode: '2000',
          meterPoints: [
            meterPoint(120001, '4102000001', 'ELECTRICITY', [
              agreement(9001, '2022-12-01', '2025-07-01', 'ORG-FIX-24-E'),
              agreement(9002, '2025-07-01', null, 'ORG-GO-VAR-E'),
            ]),
          ],
        },
      ],
      ...billed(random, 'S1', '2022-11-20'),
    },
    {
      number: dual,
      status: 'ACTIVE',
      accountType: 'DOMESTIC',
      createdAt: '2024-02-10T14:05:00+11:00',
      properties: [
        {
          id: '700102',
          address: '22 Beach Road, Seaview NSW',
          postcode: '2093',
          meterPoints: [
            meterPoint(120002, '4102000002', 'ELECTRICITY', [
              agreement(9003, '2024-03-01', null, 'ORG-FIX-24-E'),
            ]),
            meterPoint(120003, '5330000002', 'GAS', [
              agreement(9004, '2024-03-01', null, 'ORG-GAS-VAR'),
            ]),
          ],
        },
      ],
      ...billed(random, 'S2', '2024-02-10'),
    },
    {
      number: old,
      status: 'DORMANT',
      accountType: 'DOMESTIC',
      createdAt: '2019-05-02T11:00:00+10:00',
      properties: [
        {
          id: '700103',
          address: '9 Old Mill Lane, Exampleton NSW',
          postcode: '2000',
          meterPoints: [
            meterPoint(120004, '4102000003', 'ELECTRICITY', [
              agreement(9005, '2019-06-01', '2022-11-30', 'ORG-GO-VAR-E'),
            ]),
          ],
        },
      ],
      ...billed(random, 'S3', '2019-05-02', '2022-12-05'),
    },
    {
      number: voided,
      status: 'VOID',
      accountType: 'DOMESTIC',
      createdAt: '2023-01-15T10:00:00+11:00',
      properties: [],
      bills: [],
      balance: 0,
    },
    {
      number: cafe,
      status: 'ACTIVE',
      accountType: 'BUSINESS',
      createdAt: '2025-03-03T08:00:00+11:00',
      properties: [
        {
          id: '700201',
          address: 'Shop 4, 10 Harbour Street, Portside VIC',
          postcode: '3000',
          meterPoints: [
            meterPoint(120101, '6203000011', 'ELECTRICITY', [
              agreement(9101, '2025-03-15', null, 'ORG-GO-VAR-E'),
            ]),
          ],
        },
      ],
      ...billed(random, 'S4', '2025-03-03', DATA_UNTIL, 8050),
    },
  ];
  // One bill that is not a statement: the adapter leaves it out of the invoices.
  accounts[0]!.bills.splice(3, 0, {
    ...accounts[0]!.bills[3]!,
    id: 'INV-000001',
    billType: 'INVOICE',
  });

  return accounts;
}

/** The café's business contact: an account role on the café only, no account of their own. */
function contactOf(cafe: string): SimAccountUser {
  return {
    id: '304',
    number: 'U-3C4D5E6F',
    title: 'Ms',
    givenName: 'Sam',
    familyName: 'Taylor',
    email: 'sam.taylor@example.org',
    mobile: '0491 570 159',
    landline: '',
    lastUpdatedAt: '2026-02-03T10:20:00+11:00',
    address: {
      streetAddress: '22 Sample Road',
      dependentLocality: '',
      locality: 'Portside',
      administrativeArea: 'VIC',
      postalCode: '3000',
      country: 'AU',
    },
    accountNumbers: [],
    accountRoles: [{ accountNumber: cafe, role: 'BUSINESS_COMMS' }],
    concessions: [],
  };
}

/** The account users, their accounts and concession cards. */
function usersOf(n: AccountNumbers): SimAccountUser[] {
  const { home, dual, old, voided, cafe } = n;
  return [
    {
      id: '301',
      number: 'U-6F1E2D3C',
      title: 'Ms',
      givenName: 'Jane',
      familyName: 'Citizen',
      email: 'jane.citizen@example.com',
      mobile: '0491 570 006',
      landline: '02 5550 1234',
      lastUpdatedAt: '2026-06-30T19:15:00+10:00',
      address: {
        streetAddress: '1 Sample Street',
        dependentLocality: '',
        locality: 'Exampleton',
        administrativeArea: 'NSW',
        postalCode: '2000',
        country: 'AU',
      },
      accountNumbers: [home, dual, old, voided],
      accountRoles: [],
      concessions: [
        {
          id: '41',
          number: '301234567A',
          cardType: 'CENTRELINK_PENSIONER',
          cardLabel: null,
          cardIssueDate: '2024-03-01',
          cardExpiryDate: '2027-03-01',
          isCurrent: true,
          removalDate: null,
        },
        {
          id: '17',
          number: '209876543B',
          cardType: 'CENTRELINK_HEALTH_CARE',
          cardLabel: 'Health care card',
          cardIssueDate: '2021-01-10',
          cardExpiryDate: '2023-01-10',
          isCurrent: false,
          removalDate: '2023-01-10',
        },
      ],
    },
    {
      id: '302',
      number: 'U-2A7B9C01',
      title: 'Mr',
      givenName: 'John',
      familyName: 'Smith',
      email: 'john.smith@example.com',
      mobile: '0491 570 156',
      landline: '',
      lastUpdatedAt: '2026-03-12T09:40:00+11:00',
      address: {
        streetAddress: '5 Example Avenue',
        dependentLocality: '',
        locality: 'Sampleville',
        administrativeArea: 'QLD',
        postalCode: '4000',
        country: 'AU',
      },
      accountNumbers: [],
      accountRoles: [],
      concessions: [],
    },
    {
      id: '303',
      number: 'U-9D8C7B6A',
      title: 'Mx',
      givenName: 'Alex',
      familyName: 'Nguyen',
      email: 'alex.nguyen@example.org',
      mobile: '+61 491 570 313',
      landline: '',
      lastUpdatedAt: '2025-11-02T14:00:00+11:00',
      address: {
        streetAddress: 'Shop 4\n10 Harbour Street',
        dependentLocality: '',
        locality: 'Portside',
        administrativeArea: 'VIC',
        postalCode: '3000',
        country: 'AU',
      },
      accountNumbers: [cafe],
      accountRoles: [],
      concessions: [],
    },
    contactOf(cafe),
  ];
}

/**
 * An account of the refusal customers: one property, one meter point, no agreements or bills, a
 * balance owed of n × $10.17 (so each account's balance differs).
 */
function refusalAccount(number: string, n: number, hardship: boolean): SimAccount {
  return {
    number,
    status: 'ACTIVE',
    accountType: 'DOMESTIC',
    createdAt: '2024-03-01T09:00:00+11:00',
    properties: [
      {
        id: `70090${n}`,
        address: `${n} Refusal Road, Exampleton NSW`,
        postcode: '2000',
        meterPoints: [meterPoint(120900 + n, `410200090${n}`, 'ELECTRICITY', [])],
      },
    ],
    bills: [],
    balance: -1017 * n,
    ...(hardship ? { activeHardshipAgreements: [{ hardshipType: 'FAMILY_VIOLENCE' }] } : {}),
  };
}

/** An account user of the refusal customers. */
function refusalUser(id: string, givenName: string, accountNumbers: string[]): SimAccountUser {
  return {
    id,
    number: `U-0000${id}`,
    title: 'Mx',
    givenName,
    familyName: 'Example',
    email: `${givenName.toLowerCase()}.example@example.org`,
    mobile: '0491 570 110',
    landline: '',
    lastUpdatedAt: '2026-01-15T10:00:00+11:00',
    address: {
      streetAddress: '1 Refusal Road',
      dependentLocality: '',
      locality: 'Exampleton',
      administrativeArea: 'NSW',
      postalCode: '2000',
      country: 'AU',
    },
    accountNumbers,
    accountRoles: [],
    concessions: [],
  };
}

/**
 * The refusals to share: user 305 (customer 7) flagged for family issues, user 306 (customer 6)
 * with one account in a family violence hardship agreement and one without. Their account numbers
 * are drawn after every other: nothing generated before them changes.
 */
function refusalsOf(random: SeededRandom): { users: SimAccountUser[]; accounts: SimAccount[] } {
  const [flagged, violence, shared] = [1, 2, 3].map(() => accountNumber(random)) as [
    string,
    string,
    string,
  ];
  return {
    users: [
      { ...refusalUser('305', 'Robin', [flagged]), hasFamilyIssues: true },
      refusalUser('306', 'Kim', [violence, shared]),
    ],
    accounts: [
      refusalAccount(flagged, 1, false),
      refusalAccount(violence, 2, true),
      refusalAccount(shared, 3, false),
    ],
  };
}

/** Generates the data set (see the module comment). */
export function generateKrakenDataset(seed = DEFAULT_SEED): KrakenDataset {
  const random = seededRandom(seed);
  const [home, dual, old, voided, cafe] = [1, 2, 3, 4, 5].map(() => accountNumber(random)) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const numbers = { home, dual, old, voided, cafe };
  const accounts = accountsOf(numbers, random);
  const users = usersOf(numbers);
  const refusals = refusalsOf(random);
  return {
    users: [...users, ...refusals.users],
    accounts: Object.fromEntries([...accounts, ...refusals.accounts].map((a) => [a.number, a])),
    products: products(),
    customers: { '1': '301', '2': '302', '3': '303', '6': '306', '7': '305' },
  };
}
