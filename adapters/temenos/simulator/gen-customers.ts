/**
 * The data set's customers: two people who hold a joint account (and are married), a company,
 * the person who signs for the company, and Jane Citizen, the person the other simulators' first
 * customer is: the same name, email address and mobile number as the Kraken simulator's account
 * user 301, so that `npm run multi-core -- --bank temenos` serves one person from both cores.
 * Every email address is unique.
 */
import { TEMENOS_RELATION_CODES, TEMENOS_SECTORS } from './catalogue';
import type { SimCustomer } from './dataset';

export const CHARLOTTE = '100100';
export const LIAM = '100200';
export const WATTLE_CREEK = '100300';
export const PRIYA = '100400';
export const JANE = '100500';

const PERSON: Pick<
  SimCustomer,
  | 'kind'
  | 'sectorId'
  | 'industryId'
  | 'accountOfficerId'
  | 'target'
  | 'nationality'
  | 'residence'
  | 'customerStatus'
  | 'legalIds'
> = {
  kind: 'INDIVIDUAL',
  sectorId: TEMENOS_SECTORS.individual.sectorId,
  industryId: 1000,
  accountOfficerId: 12,
  target: 10,
  nationality: 'AU',
  residence: 'AU',
  customerStatus: 1,
  legalIds: [],
};

const HARBOUR_STREET = {
  street: '12 Harbour Street',
  line2: 'Unit 4',
  city: 'Sydney',
  state: 'NSW',
  postCode: '2000',
  country: 'AU',
};

function charlotte(): SimCustomer {
  return {
    ...PERSON,
    customerId: CHARLOTTE,
    mnemonic: 'CWILSON',
    shortName: 'C WILSON',
    name: 'Charlotte Wilson',
    title: 'MS',
    givenName: 'Charlotte',
    lastName: 'Wilson',
    gender: 'FEMALE',
    maritalStatus: 'MARRIED',
    dateOfBirth: '1988-04-12',
    emails: ['charlotte.wilson@example.com', 'c.wilson@acmehealth.example.com'],
    phones: [
      { kind: 'MOBILE', number: '412345678' },
      { kind: 'HOME', number: '295550123' },
    ],
    address: HARBOUR_STREET,
    relations: [{ customerId: LIAM, relationship: 'SPOUSE', code: TEMENOS_RELATION_CODES.spouse }],
    employment: {
      status: 'EMPLOYED',
      occupation: 'Registered Nurse',
      employerName: 'Acme Health Pty Ltd',
      jobTitle: 'Nurse',
      startDate: '2015-02-02',
      salary: '86000.00',
    },
    home: { status: 'Tenant', since: '2023-02-01' },
    since: '2019-07-08',
  };
}

function liam(): SimCustomer {
  return {
    ...PERSON,
    customerId: LIAM,
    mnemonic: 'LWILSON',
    shortName: 'L WILSON',
    name: 'Liam Wilson',
    title: 'MR',
    givenName: 'Liam',
    lastName: 'Wilson',
    gender: 'MALE',
    maritalStatus: 'MARRIED',
    dateOfBirth: '1986-09-30',
    emails: ['liam.wilson@example.com'],
    phones: [{ kind: 'MOBILE', number: '423456789' }],
    address: HARBOUR_STREET,
    relations: [
      { customerId: CHARLOTTE, relationship: 'SPOUSE', code: TEMENOS_RELATION_CODES.spouse },
    ],
    employment: {
      status: 'EMPLOYED',
      occupation: 'Civil Engineer',
      employerName: 'Brightside Engineering',
      jobTitle: 'Engineer',
      startDate: '2012-01-16',
      salary: '104000.00',
    },
    home: { status: 'Tenant', since: '2023-02-01' },
    since: '2023-09-01',
  };
}

function wattleCreek(): SimCustomer {
  return {
    customerId: WATTLE_CREEK,
    kind: 'CORPORATE',
    mnemonic: 'WATTLECRK',
    shortName: 'WATTLE CRK',
    name: 'Wattle Creek Bakery Pty Ltd',
    incorporationDate: '2012-08-20',
    sectorId: TEMENOS_SECTORS.corporate.sectorId,
    industryId: 1071,
    accountOfficerId: 21,
    target: 20,
    nationality: 'AU',
    residence: 'AU',
    customerStatus: 1,
    emails: ['accounts@wattlecreekbakery.example.com'],
    phones: [{ kind: 'OFFICE', number: '298765432' }],
    address: {
      street: '88 King Street',
      city: 'Newtown',
      state: 'NSW',
      postCode: '2042',
      country: 'AU',
    },
    legalIds: [
      { type: 'ABN', id: '51824753556', issueDate: '2012-08-20' },
      { type: 'ACN', id: '824753556', issueDate: '2012-08-20' },
    ],
    relations: [
      { customerId: PRIYA, relationship: 'SIGNATORY', code: TEMENOS_RELATION_CODES.signatory },
    ],
    since: '2022-05-09',
  };
}

function priya(): SimCustomer {
  return {
    ...PERSON,
    customerId: PRIYA,
    mnemonic: 'PSHARMA',
    shortName: 'P SHARMA',
    name: 'Priya Sharma',
    title: 'MS',
    givenName: 'Priya',
    lastName: 'Sharma',
    gender: 'FEMALE',
    maritalStatus: 'SINGLE',
    dateOfBirth: '1991-11-23',
    emails: ['priya.sharma@example.com'],
    phones: [{ kind: 'MOBILE', number: '434567890' }],
    address: {
      street: '5 Station Road',
      city: 'Marrickville',
      state: 'NSW',
      postCode: '2204',
      country: 'AU',
    },
    relations: [
      {
        customerId: WATTLE_CREEK,
        relationship: 'SIGNATORY.OF',
        code: TEMENOS_RELATION_CODES.signatoryOf,
      },
    ],
    employment: {
      status: 'EMPLOYED',
      occupation: 'Company Director',
      employerName: 'Wattle Creek Bakery Pty Ltd',
      jobTitle: 'Director',
      startDate: '2012-08-20',
      salary: '78000.00',
    },
    home: { status: 'Owner', since: '2021-09-01' },
    since: '2026-05-18',
  };
}

function jane(): SimCustomer {
  return {
    ...PERSON,
    customerId: JANE,
    mnemonic: 'JCITIZEN',
    shortName: 'J CITIZEN',
    name: 'Jane Citizen',
    title: 'MS',
    givenName: 'Jane',
    lastName: 'Citizen',
    gender: 'FEMALE',
    maritalStatus: 'SINGLE',
    dateOfBirth: '1984-03-09',
    emails: ['jane.citizen@example.com'],
    phones: [
      { kind: 'MOBILE', number: '491570006' },
      { kind: 'HOME', number: '255501234' },
    ],
    address: {
      street: '1 Sample Street',
      city: 'Exampleton',
      state: 'NSW',
      postCode: '2000',
      country: 'AU',
    },
    relations: [],
    employment: {
      status: 'EMPLOYED',
      occupation: 'Librarian',
      employerName: 'Exampleton Council',
      jobTitle: 'Librarian',
      startDate: '2016-04-04',
      salary: '72000.00',
    },
    home: { status: 'Owner', since: '2018-11-01' },
    since: '2021-03-15',
  };
}

export function customers(): SimCustomer[] {
  return [charlotte(), liam(), wattleCreek(), priya(), jane()];
}
